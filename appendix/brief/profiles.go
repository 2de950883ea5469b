package brief

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Profile says what one adversary persona is briefed with: the kinds of
// context it must get (in order of importance), what it must not get, and
// its supplement budget in tokens. Role-based injection: a mandatory
// list, a do-not-inject list and a budget.
type Profile struct {
	Code        string   `json:"code"`
	Name        string   `json:"name"`
	Supplement  []string `json:"supplement"`
	DoNotInject []string `json:"do_not_inject"`
	Budget      int      `json:"budget"`
	// TestsPseudo is how much of tests-pseudo.md the persona gets:
	// "whole", "auth" (its auth sections only) or "".
	TestsPseudo string `json:"tests_pseudo"`
}

// The supplement kinds a profile can name.
const (
	supAuth          = "auth"
	supValidation    = "validation"
	supManifests     = "manifests"
	supRoutes        = "routes"
	supExternalCalls = "external_calls"
	supRetries       = "retries"
	supMonitoring    = "monitoring"
	supUtilities     = "utilities"
	supFrameworks    = "frameworks"
	supPriorArt      = "prior_art"
	supTypes         = "types"
	supTests         = "tests"
	supADRs          = "adrs"
	supMarkers       = "markers"
	supArchitecture  = "architecture"
	supBuildConfig   = "build_config"
	supSchemas       = "schemas"
	supNaming        = "naming"
	supMigrations    = "migrations"
	supAPIDocs       = "api_docs"
	supSDKTypes      = "sdk_types"
	supTarget        = "target_architecture"
	supComponents    = "component_docs"
	supConcurrency   = "concurrency"
	supFlows         = "flows"
	supDecisions     = "decisions"
)

// DefaultProfiles is the built-in table of gauntlet adversaries.
var DefaultProfiles = []Profile{
	{"PARA", "paranoid_security", []string{supAuth, supValidation, supManifests, supRoutes}, []string{supMarkers, supArchitecture}, 350, "auth"},
	{"BURN", "burned_oncall", []string{supExternalCalls, supRetries, supMonitoring}, []string{supADRs, supNaming}, 280, "whole"},
	{"MINI", "minimalist", []string{supUtilities, supFrameworks, supPriorArt}, []string{supMonitoring, supMigrations}, 500, ""},
	{"PEDA", "pedantic_nitpicker", []string{supTypes, supSchemas, supValidation, supTests}, []string{supArchitecture, supADRs}, 380, "whole"},
	{"ASSH", "asshole_loner", []string{supDecisions, supADRs, supMarkers, supArchitecture}, []string{supManifests}, 200, ""},
	{"COMP", "existing_system_compatibility", []string{supBuildConfig, supSchemas, supNaming, supMigrations, supPriorArt}, []string{supMarkers}, 1100, "whole"},
	{"AUDT", "assumption_auditor", []string{supAPIDocs, supSDKTypes, supExternalCalls}, []string{supMarkers, supNaming}, 300, ""},
	{"FLOW", "information_flow_auditor", []string{supFlows, supArchitecture, supAPIDocs, supRoutes}, []string{supMarkers, supNaming}, 900, ""},
	{"ARCH", "architect", []string{supTarget, supComponents, supArchitecture, supUtilities}, []string{supMarkers}, 1000, ""},
	{"TRAF", "traffic_engineer", []string{supConcurrency, supExternalCalls, supRetries}, []string{supADRs, supNaming}, 400, ""},
}

// aliases name the same persona by another code or name.
var aliases = map[string]string{"LAZY": "MINI", "LAZY_DEVELOPER": "MINI", "PREV": "MINI", "PRIOR_ART_SCOUT": "MINI"}

// ProfilesFile is a project's override of the built-in table.
const ProfilesFile = ".appendix/adversaries.json"

// LoadProfiles returns the built-in profiles with a project's file applied:
// an entry with a known code replaces that profile, a new code adds one.
func LoadProfiles(root string) ([]Profile, error) {
	out := append([]Profile(nil), DefaultProfiles...)
	file := filepath.Join(root, filepath.FromSlash(ProfilesFile))
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var doc struct {
		Adversaries []Profile `json:"adversaries"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: invalid JSON: %w", file, err)
	}
	for _, p := range doc.Adversaries {
		p.Code = strings.ToUpper(p.Code)
		if p.Code == "" || p.Name == "" || p.Budget <= 0 {
			return nil, fmt.Errorf("%s: every adversary needs a code, a name and a positive budget", file)
		}
		replaced := false
		for i := range out {
			if out[i].Code == p.Code {
				out[i], replaced = p, true
			}
		}
		if !replaced {
			out = append(out, p)
		}
	}
	return out, nil
}

// SelectProfiles picks the adversaries named by codes, names or aliases
// (comma-separated; all gauntlet adversaries when empty). Its errors are
// usage errors: a code that names no adversary.
func SelectProfiles(all []Profile, list string) ([]Profile, error) {
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	var out []Profile
	seen := map[string]bool{}
	for _, want := range strings.Split(list, ",") {
		if strings.TrimSpace(want) == "" {
			continue
		}
		p, err := findProfile(all, want)
		if err != nil {
			return nil, fmt.Errorf("--adversaries: %w", err)
		}
		if !seen[p.Code] {
			seen[p.Code] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// findProfile returns the adversary a code, a name or an alias names, in
// any case.
func findProfile(all []Profile, want string) (Profile, error) {
	w := strings.ToUpper(strings.TrimSpace(want))
	if w == "UXAR" || w == "UX_ARCHITECT" {
		return Profile{}, errors.New("UXAR never gets a briefing")
	}
	if a, ok := aliases[w]; ok {
		w = a
	}
	for _, p := range all {
		if p.Code == w || strings.ToUpper(p.Name) == w {
			return p, nil
		}
	}
	var codes []string
	for _, p := range all {
		codes = append(codes, p.Code)
	}
	sort.Strings(codes)
	return Profile{}, fmt.Errorf("unknown adversary %q (known: %s)", want, strings.Join(codes, ", "))
}

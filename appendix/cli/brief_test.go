package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/brief"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
)

// TestBriefings writes every adversary's briefing for a fixture repository
// and compares it with the fixture; every briefing stays within its
// budgets and ends with the spec, byte for byte.
func TestBriefings(t *testing.T) {
	const file = "../../fixtures/brief/gauntlet.txtar"
	f := loadFixture(t, file)
	dir := f.build(t)
	specFile := filepath.Join(dir, "specs", "payout-batching.md")
	if err := os.WriteFile(specFile, f.spec, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "gauntlet")
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"brief", "--repo", dir, "--out", out, "--now", fixedNow, specFile}, nil, &stdout, &stderr, func(string) string { return "" })
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got := map[string]string{"want/summary.txt": stdout.String()}
	for _, p := range brief.DefaultProfiles {
		b, err := os.ReadFile(filepath.Join(out, "briefing-"+p.Code+".md"))
		if err != nil {
			t.Fatal(err)
		}
		got["want/briefing-"+p.Code+".md"] = string(b)
		if !bytes.HasSuffix(b, f.spec) || !strings.Contains(string(b), "---\n\n## SPECIFICATION TO REVIEW\n\n"+string(f.spec)) {
			t.Errorf("%s does not end with the spec", p.Code)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, "briefings.json"))
	if err != nil {
		t.Fatal(err)
	}
	got["want/briefings.json"] = string(b)
	var bundle struct {
		SchemaVersion int `json:"schema_version"`
		Adversaries   map[string]struct {
			Base, Supplement, Spec, Total int
		} `json:"adversaries"`
	}
	json.Unmarshal(b, &bundle)
	var raw map[string]map[string]map[string]any
	json.Unmarshal(b, &raw)
	for _, p := range brief.DefaultProfiles {
		e := raw["adversaries"][p.Name]
		base, sup, sp := int(e["base_tokens"].(float64)), int(e["supplement_tokens"].(float64)), int(e["spec_tokens"].(float64))
		if base > brief.BaseMaxTokens || base+sup > 2*sp {
			t.Errorf("%s over budget: base %d, supplement %d, spec %d", p.Code, base, sup, sp)
		}
	}
	if *update {
		for name, data := range got {
			f.set(name, data)
		}
		if err := os.WriteFile(file, txtar.Format(f.arch), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for name, data := range got {
		want, ok := f.want(name)
		if !ok {
			t.Fatalf("no %s section: go test ./appendix/cli -run TestBriefings -update", name)
		}
		if diff := cmp.Diff(want, data); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
}

func TestBriefSelection(t *testing.T) {
	all := brief.DefaultProfiles
	for in, want := range map[string]string{"PARA,burn": "PARA BURN", "lazy,PREV,minimalist": "MINI", "": "PARA BURN MINI PEDA ASSH COMP AUDT FLOW ARCH TRAF"} {
		ps, err := brief.SelectProfiles(all, in)
		if err != nil {
			t.Fatal(err)
		}
		var codes []string
		for _, p := range ps {
			codes = append(codes, p.Code)
		}
		if got := strings.Join(codes, " "); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
	if _, err := brief.SelectProfiles(all, "UXAR"); err == nil || !strings.Contains(err.Error(), "UXAR never gets a briefing") {
		t.Errorf("UXAR: %v", err)
	}
	if _, err := brief.SelectProfiles(all, "NOPE"); err == nil || !strings.Contains(err.Error(), `unknown adversary "NOPE"`) {
		t.Errorf("unknown: %v", err)
	}
}

func TestProfilesOverride(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".appendix"), 0o755)
	os.WriteFile(filepath.Join(dir, brief.ProfilesFile), []byte(`{"adversaries": [
		{"code": "para", "name": "paranoid_security", "supplement": ["auth"], "do_not_inject": ["routes"], "budget": 120},
		{"code": "GDPR", "name": "privacy_officer", "supplement": ["schemas"], "budget": 300}]}`), 0o644)
	ps, err := brief.LoadProfiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ps[0].Budget != 120 || ps[len(ps)-1].Code != "GDPR" || len(ps) != len(brief.DefaultProfiles)+1 {
		t.Errorf("override: %+v", ps)
	}
	os.WriteFile(filepath.Join(dir, brief.ProfilesFile), []byte(`{"adversaries": [{"code": "X"}]}`), 0o644)
	if _, err := brief.LoadProfiles(dir); err == nil || !strings.Contains(err.Error(), "adversaries.json") {
		t.Errorf("invalid profile accepted: %v", err)
	}
}

// An adversary's briefing is the same briefed alone or beside every
// other: what the briefings of a run share (the kinds collected once,
// beside the rest, and the memos) changes none of them.
func TestBriefAloneOrTogether(t *testing.T) {
	f := loadFixture(t, "../../fixtures/brief/gauntlet.txtar")
	dir := f.build(t)
	specFile := filepath.Join(dir, "specs", "payout-batching.md")
	if err := os.WriteFile(specFile, f.spec, 0o644); err != nil {
		t.Fatal(err)
	}
	brief1 := func(out string, extra ...string) {
		t.Helper()
		args := append([]string{"brief", "--repo", dir, "--out", out, "--now", fixedNow}, extra...)
		var stderr bytes.Buffer
		if code := Run(context.Background(), append(args, specFile), nil, io.Discard, &stderr, func(string) string { return "" }); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
	}
	together := filepath.Join(t.TempDir(), "all")
	brief1(together)
	for _, p := range brief.DefaultProfiles {
		alone := filepath.Join(t.TempDir(), p.Code)
		brief1(alone, "--adversaries", p.Code)
		name := "briefing-" + p.Code + ".md"
		want, err := os.ReadFile(filepath.Join(together, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(alone, name))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("%s alone differs from %s beside the others (-together +alone):\n%s", p.Code, p.Code, diff)
		}
	}
}

// TestBriefNoCache: with --no-cache a brief neither reads nor writes
// .appendix/cache, and writes the briefings a cached run writes.
func TestBriefNoCache(t *testing.T) {
	f := loadFixture(t, "../../fixtures/brief/gauntlet.txtar")
	write := func(extra ...string) (string, map[string]string) {
		dir := f.build(t)
		specFile := filepath.Join(dir, "specs", "payout-batching.md")
		if err := os.WriteFile(specFile, f.spec, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(t.TempDir(), "gauntlet")
		args := append([]string{"brief", "--repo", dir, "--out", out, "--now", fixedNow}, extra...)
		var stdout, stderr bytes.Buffer
		if code := Run(context.Background(), append(args, specFile), nil, &stdout, &stderr, func(string) string { return "" }); code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, stderr.String())
		}
		got := map[string]string{}
		entries, err := os.ReadDir(out)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			b, err := os.ReadFile(filepath.Join(out, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			got[e.Name()] = string(b)
		}
		return dir, got
	}
	cachedDir, cached := write()
	if _, err := os.Stat(filepath.Join(cachedDir, ".appendix", "cache")); err != nil {
		t.Fatalf("a cached brief left no cache, so the test proves nothing: %v", err)
	}
	dir, uncached := write("--no-cache")
	if _, err := os.Stat(filepath.Join(dir, ".appendix", "cache")); !os.IsNotExist(err) {
		t.Errorf("--no-cache wrote .appendix/cache (%v)", err)
	}
	if diff := cmp.Diff(cached, uncached); diff != "" {
		t.Errorf("--no-cache briefings differ (-cached +no-cache):\n%s", diff)
	}
}

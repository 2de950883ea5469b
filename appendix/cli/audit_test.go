package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

func TestInventoryAuditIntoSessionFile(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		".architecture/primer.md":     "# Primer\n\nTwo services.\n",
		".architecture/overview.md":   "# Overview\n\n## Orders\n\nOrders flow.\n",
		".architecture/manifest.json": `{"components": []}`,
		"go.mod":                      "module x\n\ngo 1.22\n",
		"Makefile":                    "test:\n\tgo test ./...\n",
		"docs/adr/0001-use-go.md":     "# Use Go\n",
		"legacy/old.go":               "package legacy\n",
		"specs/tests-pseudo.md":       "# Tests\n",
		"orders/orders.go": "package orders\n\n// Place retries with backoff after a timeout.\nfunc Place(ctx context.Context) error { return nil }\n\n" +
			"// Authorize checks the caller's permission.\nfunc Authorize(user string) bool { return true }\n",
		".adversarial-spec/session-state.json": `{"active_session_file": "sessions/s.json"}`,
	})
	// The session names its spec, which lives outside the repository.
	sp := filepath.Join(t.TempDir(), "spec.md")
	os.WriteFile(sp, []byte("Change `Place` and `Authorize` in `orders/orders.go`.\n"), 0o644)
	spJSON, _ := json.Marshal(sp)
	testrepo.Write(t, dir, map[string]string{".adversarial-spec/sessions/s.json": `{"session_id": "s", "spec_path": ` + string(spJSON) + `, "extended_state": {"gauntlet": {"x": 1}}, "round": 2}`})
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"inventory", "--repo", dir, "--now", fixedNow, sp}, nil, &out, &errb, func(string) string { return "" })
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"architecture_docs      primer, overview and manifest", "AVAILABLE (", "decision_records", "test_pseudocode",
		"error_handling         3 mentions in 1 blast-zone file", "written to .adversarial-spec/sessions/s.json"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, ".adversarial-spec/sessions/s.json"))
	var sess map[string]any
	if err := json.Unmarshal(b, &sess); err != nil {
		t.Fatal(err)
	}
	ext := sess["extended_state"].(map[string]any)
	if sess["session_id"] != "s" || sess["round"] != float64(2) || ext["gauntlet"] == nil {
		t.Errorf("session fields lost: %s", b)
	}
	inv := ext["context_inventory"].(map[string]any)
	if inv["schema_version"] != "1.1" || len(inv["blast_zone"].([]any)) != 1 {
		t.Errorf("inventory: %v", inv)
	}
	srcs := inv["sources"].(map[string]any)
	if _, ok := srcs["monitoring"]; ok {
		t.Error("a NOT_AVAILABLE source was persisted")
	}
	if !strings.Contains(strings.Join(toStrings(inv["gaps_noted"]), "\n"), "Monitoring and alerting: no monitoring") {
		t.Errorf("gaps_noted: %v", inv["gaps_noted"])
	}

	// The round command reads the inventory: its gaps close the appendix,
	// and it adds its round history next to the audit.
	md, _, code := runIn(t, nil, "--repo", dir, "--now", fixedNow, "--appendix-only", sp)
	if code != 0 || !strings.Contains(md, "### Context Gaps (from audit)\n\n") || !strings.Contains(md, "\n- Monitoring and alerting: no monitoring or alerting configuration\n") {
		t.Errorf("audit gaps missing:\n%s", md)
	}
	b, _ = os.ReadFile(filepath.Join(dir, ".adversarial-spec/sessions/s.json"))
	if !strings.Contains(string(b), `"appendix_rounds"`) || !strings.Contains(string(b), `"gauntlet"`) {
		t.Errorf("round history not stored alongside the audit: %s", b)
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestInventoryRefusesUnreadableStore(t *testing.T) {
	dir := testrepo.New(t, map[string]string{".appendix/inventory.json": "{broken"})
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"inventory", "--repo", dir}, nil, &out, &errb, func(string) string { return "" })
	if code != 1 || !strings.Contains(errb.String(), "inventory.json: invalid JSON") {
		t.Errorf("exit %d: %s", code, errb.String())
	}
	if b, _ := os.ReadFile(filepath.Join(dir, ".appendix/inventory.json")); string(b) != "{broken" {
		t.Errorf("a corrupt inventory was overwritten: %s", b)
	}
	// The round command warns and goes on without it.
	_, stderr, code := runCLI(t, dir, []byte("Spec.\n"))
	if code != 0 || !strings.Contains(stderr, "round history not used or updated") {
		t.Errorf("round with corrupt inventory: exit %d, %s", code, stderr)
	}
}

// blastZoneOf reads the blast zone of the inventory in a session file.
func blastZoneOf(t *testing.T, sess string) (zone []string, sources map[string]any) {
	t.Helper()
	b, err := os.ReadFile(sess)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Ext struct {
			Inv struct {
				BlastZone []string       `json:"blast_zone"`
				Sources   map[string]any `json:"sources"`
			} `json:"context_inventory"`
		} `json:"extended_state"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", sess, err)
	}
	return s.Ext.Inv.BlastZone, s.Ext.Inv.Sources
}

// The audit keeps a blast zone it did not write: the session's own entries
// stay first, in their order, with the sources that say what they are;
// the audit's entries follow, and a member's name alone (`updated_at`)
// adds no file. Run again, the audit replaces only its own entries, and
// the briefings list the session's files first.
func TestInventoryKeepsHandMadeBlastZone(t *testing.T) {
	const specRel = ".adversarial-spec/specs/checkout/spec.md"
	files := map[string]string{
		".adversarial-spec/session-state.json": `{"active_session_file": "sessions/checkout.json"}`,
		".adversarial-spec/sessions/checkout.json": `{
  "spec_path": "` + specRel + `",
  "extended_state": {"context_inventory": {
    "schema_version": "1.0", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "abc1234",
    "blast_zone": ["docs/phases/05-run.md", "docs/phases/04-plan.md", "app/payments.py"],
    "sources": {"current_plan": {"status": "available", "path": "docs/phases/04-plan.md", "summary": "Current plan doc, the baseline being replaced", "est_tokens": 300, "actionable": false, "task_id": null}},
    "framework_profile": {"category": "cli"}}}
}
`,
		specRel: "# Checkout rewrite\n\n" +
			"`charge_card` retries a declined card once before it gives up.\n" +
			"`GatewayConfig` keeps its URL.\n" +
			"Every record keeps its `updated_at` timestamp.\n\n" + background,
		"docs/phases/04-plan.md": "# Plan\n\nThe plan phase.\n",
		"docs/phases/05-run.md":  "# Run\n\nThe run phase.\n",
		"app/payments.py":        "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
		"app/session.py":         "class SessionState:\n    updated_at: str = \"\"\n    round: int = 0\n",
		"app/config.py":          "class GatewayConfig:\n    url: str = \"\"\n",
	}
	dir := testrepo.New(t, files)
	sess := filepath.Join(dir, ".adversarial-spec/sessions/checkout.json")
	sp := filepath.Join(dir, filepath.FromSlash(specRel))
	audit := func() string {
		t.Helper()
		out, stderr, code := runIn(t, nil, "inventory", "--repo", dir, "--now", fixedNow, sp)
		if code != 0 {
			t.Fatalf("inventory: exit %d: %s", code, stderr)
		}
		return out
	}
	want := []string{"docs/phases/05-run.md", "docs/phases/04-plan.md", "app/payments.py", "app/config.py"}
	for run := 1; run <= 2; run++ {
		if out := audit(); !strings.Contains(out, "\nBlast zone: 4 entries, the first 3 kept as written\n") {
			t.Errorf("run %d: the summary does not say what was kept:\n%s", run, out)
		}
		zone, sources := blastZoneOf(t, sess)
		if !slices.Equal(zone, want) {
			t.Errorf("run %d: blast zone %q, want %q", run, zone, want)
		}
		plan, _ := sources["current_plan"].(map[string]any)
		if plan["summary"] != "Current plan doc, the baseline being replaced" || plan["actionable"] != false {
			t.Errorf("run %d: the session's own source is lost: %v", run, sources)
		}
		if b, _ := os.ReadFile(sess); !strings.Contains(string(b), `"framework_profile": {`) {
			t.Errorf("run %d: the inventory's other members are lost:\n%s", run, b)
		}
	}

	out := filepath.Join(t.TempDir(), "gauntlet")
	if _, stderr, code := runIn(t, nil, "brief", "--repo", dir, "--out", out, "--now", fixedNow, "--adversaries", "PEDA", sp); code != 0 {
		t.Fatalf("brief: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(out, "briefing-PEDA.md"))
	if err != nil {
		t.Fatal(err)
	}
	base := section(string(b), "Base Context")
	first := "**Files the spec touches (blast zone)**\n" +
		"- `docs/phases/05-run.md`\n" +
		"- `docs/phases/04-plan.md` — Current plan doc, the baseline being replaced\n" +
		"- `app/payments.py` (`charge_card`) — `charge_card` retries a declined card once before it gives up.\n"
	if !strings.Contains(base, first) {
		t.Errorf("the session's blast zone is not first in the briefing: want\n%s\nin\n%s", first, base)
	}
	if strings.Contains(base, "app/session.py") {
		t.Errorf("a member's name put its type's file in the blast zone:\n%s", base)
	}

	// What the audit added and the spec no longer names leaves; the
	// session's entries stay, even one the spec names no more.
	testrepo.Write(t, dir, map[string]string{specRel: "# Checkout rewrite\n\nEvery record keeps its `updated_at` timestamp.\n"})
	audit()
	if zone, _ := blastZoneOf(t, sess); !slices.Equal(zone, want[:3]) {
		t.Errorf("after the spec changed: blast zone %q, want %q", zone, want[:3])
	}
}

// An inventory an earlier appendix wrote does not say which entries are
// its own: those it would have found then (every file an artifact comes
// from) are taken for its own, the rest for the session's.
func TestInventoryReplacesEarlierAuditsBlastZone(t *testing.T) {
	const specRel = "specs/spec.md"
	dir := testrepo.New(t, map[string]string{
		".adversarial-spec/session-state.json": `{"active_session_file": "sessions/s.json"}`,
		".adversarial-spec/sessions/s.json": `{"spec_path": "` + specRel + `", "extended_state": {"context_inventory": {
    "schema_version": "1.1", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "abc1234",
    "blast_zone": ["app/session.py", "docs/plan.md", "app/payments.py", ".architecture/primer.md"],
    "sources": {"recent_changes": {"status": "AVAILABLE", "path": "git log", "summary": "1 recent commit", "est_tokens": 7, "task_id": ""}},
    "total_available_tokens": 7, "gaps_noted": []}}}
`,
		specRel:                   "# Checkout\n\n`charge_card` retries once.\nEvery record keeps its `updated_at` timestamp.\n",
		"docs/plan.md":            "# Plan\n",
		"app/payments.py":         "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
		"app/session.py":          "class SessionState:\n    updated_at: str = \"\"\n",
		".architecture/primer.md": "# Primer\n\nPayments are charged once.\n",
	})
	if _, stderr, code := runIn(t, nil, "inventory", "--repo", dir, "--now", fixedNow, filepath.Join(dir, specRel)); code != 0 {
		t.Fatalf("inventory: exit %d: %s", code, stderr)
	}
	want := []string{"docs/plan.md", ".architecture/primer.md", "app/payments.py"}
	if zone, _ := blastZoneOf(t, filepath.Join(dir, ".adversarial-spec/sessions/s.json")); !slices.Equal(zone, want) {
		t.Errorf("blast zone %q, want %q", zone, want)
	}

	// An audit without a spec cannot tell them apart: it keeps them all,
	// and the next audit with the spec still can.
	dir = testrepo.New(t, map[string]string{
		".appendix/inventory.json": `{"schema_version": "1.1", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "abc1234",
  "blast_zone": ["app/session.py", "docs/plan.md"],
  "sources": {"recent_changes": {"status": "AVAILABLE", "path": "git log", "summary": "1 recent commit", "est_tokens": 7, "task_id": ""}}}
`,
		"spec.md":        "Every record keeps its `updated_at` timestamp.\n",
		"docs/plan.md":   "# Plan\n",
		"app/session.py": "class SessionState:\n    updated_at: str = \"\"\n",
	})
	for _, args := range [][]string{nil, {filepath.Join(dir, "spec.md")}} {
		if _, stderr, code := runIn(t, nil, append([]string{"inventory", "--repo", dir, "--now", fixedNow}, args...)...); code != 0 {
			t.Fatalf("inventory %q: exit %d: %s", args, code, stderr)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, ".appendix/inventory.json"))
	var inv struct {
		BlastZone []string `json:"blast_zone"`
	}
	json.Unmarshal(b, &inv)
	if want := []string{"docs/plan.md"}; !slices.Equal(inv.BlastZone, want) {
		t.Errorf("after an audit without the spec, then one with it: blast zone %q, want %q", inv.BlastZone, want)
	}
}

// The sources found in the blast zone's files (error handling, auth,
// recent commits) cover the files written there by hand too.
func TestInventoryAuditsHandMadeBlastZone(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		".appendix/inventory.json": `{"schema_version": "1.1", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "abc1234",
  "blast_zone": ["app/client.py", "app/new_module.py (new)"], "sources": {}}
`,
		"spec.md":         "# Checkout\n\n`charge_card` charges once.\n",
		"app/payments.py": "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
		"app/client.py":   "def call(url):\n    # retry with backoff after a timeout\n    return get(url, timeout=5)\n",
	})
	out, stderr, code := runIn(t, nil, "inventory", "--repo", dir, "--now", fixedNow, "--format", "json", filepath.Join(dir, "spec.md"))
	if code != 0 {
		t.Fatalf("inventory: exit %d: %s", code, stderr)
	}
	var inv struct {
		BlastZone []string `json:"blast_zone"`
		Own       []string `json:"appendix_blast_zone"`
		Sources   map[string]struct {
			Path string `json:"path"`
		} `json:"sources"`
	}
	if err := json.Unmarshal([]byte(out), &inv); err != nil {
		t.Fatal(err)
	}
	if want := []string{"app/client.py", "app/new_module.py (new)", "app/payments.py"}; !slices.Equal(inv.BlastZone, want) {
		t.Errorf("blast zone %q, want %q", inv.BlastZone, want)
	}
	if want := []string{"app/payments.py"}; !slices.Equal(inv.Own, want) {
		t.Errorf("appendix_blast_zone %q, want %q", inv.Own, want)
	}
	if got := inv.Sources["error_handling"].Path; got != "app/client.py" {
		t.Errorf("error_handling in %q, want app/client.py: %s", got, out)
	}
}

// adversarial-spec records the commit of its audit abbreviated: the files
// changed since are counted from it all the same.
func TestInventoryChangesSinceAbbreviatedHash(t *testing.T) {
	dir := t.TempDir()
	testrepo.Write(t, dir, map[string]string{"a.go": "package a\n"})
	r := testrepo.Init(t, dir)
	first := testrepo.Commit(t, r, "first", 0).String()
	testrepo.Write(t, dir, map[string]string{"b.go": "package a\n"})
	second := testrepo.Commit(t, r, "second", time.Hour).String()
	audited := func(hash string) {
		testrepo.Write(t, dir, map[string]string{".appendix/inventory.json": `{"schema_version": "1.0", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "` + hash + `",
  "blast_zone": [], "sources": {"primer": {"status": "available", "path": "a.go", "summary": "A", "est_tokens": 1}}}
`})
	}
	audited(first[:7])
	_, stderr, code := runIn(t, nil, "inventory", "--repo", dir, "--now", fixedNow)
	if want := "appendix: 1 file changed since the last audit at " + first[:7] + "\n"; code != 0 || stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
	// An audit at the same commit has nothing to say.
	audited(second[:7])
	if _, stderr, code := runIn(t, nil, "inventory", "--repo", dir, "--now", fixedNow); code != 0 || stderr != "" {
		t.Errorf("again: exit %d, stderr %q", code, stderr)
	}
}

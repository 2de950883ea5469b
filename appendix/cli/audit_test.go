package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

package cli

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// sessionRepo is sharedRepo with an active adversarial-spec session: the
// pointer file, the session file and its extended_state each get the JSON
// members given.
func sessionRepo(t *testing.T, pointer, detail, ext string) (dir, sess string) {
	files := maps.Clone(sharedRepo)
	files[".adversarial-spec/session-state.json"] = "{\n  \"active_session_file\": \"sessions/s.json\"" + pointer + "\n}\n"
	files[".adversarial-spec/sessions/s.json"] = "{\n  \"session_id\": \"s\",\n  \"round\": 2" + detail + ",\n  \"extended_state\": {\"notes\": \"keep\"" + ext + "}\n}\n"
	files[".adversarial-spec/specs/orders/spec-draft-v1.md"] = sharedRepo["specs/orders.md"]
	files[".adversarial-spec/specs/orders/spec-draft-v2.md"] = sharedRepo["specs/orders-v2.md"]
	files[".adversarial-spec/specs/other/spec.md"] = sharedRepo["specs/orders.md"]
	dir = testrepo.New(t, files)
	return dir, filepath.Join(dir, ".adversarial-spec", "sessions", "s.json")
}

// TestSessionOnlyForItsSpec writes the round history and the audit into
// the active session only when the spec run is the session's: its
// spec_path (relative to the root or to .adversarial-spec), its
// extended_state.spec_draft_path, the pointer's spec_path, or another
// draft beside one of them. Otherwise they go to --inventory, and one
// line says so.
func TestSessionOnlyForItsSpec(t *testing.T) {
	for _, c := range []struct {
		name, pointer, detail, ext string
		spec                       string // relative to the repository; "-" reads standard input
		inSession                  bool
		note                       string
	}{
		{name: "its spec", detail: `, "spec_path": "specs/orders.md"`, spec: "specs/orders.md", inSession: true},
		{name: "another spec", detail: `, "spec_path": "specs/orders.md"`, spec: "specs/orders-v2.md",
			note: "the active adversarial-spec session (.adversarial-spec/sessions/s.json) is for specs/orders.md, not this spec: using .appendix/inventory.json instead"},
		{name: "standard input", detail: `, "spec_path": "specs/orders.md"`, spec: "-",
			note: "no spec file to match with the active adversarial-spec session (.adversarial-spec/sessions/s.json): using .appendix/inventory.json instead"},
		{name: "no spec named",
			note: "the active adversarial-spec session (.adversarial-spec/sessions/s.json) names no spec: using .appendix/inventory.json instead", spec: "specs/orders.md"},
		{name: "relative to .adversarial-spec", detail: `, "spec_path": "specs/orders/spec-draft-v1.md"`, spec: ".adversarial-spec/specs/orders/spec-draft-v1.md", inSession: true},
		{name: "a later draft", detail: `, "spec_path": ".adversarial-spec/specs/orders/spec-draft-v1.md"`, spec: ".adversarial-spec/specs/orders/spec-draft-v2.md", inSession: true},
		{name: "another spec's draft", detail: `, "spec_path": ".adversarial-spec/specs/orders/spec-draft-v1.md"`, spec: ".adversarial-spec/specs/other/spec.md",
			note: "is for .adversarial-spec/specs/orders/spec-draft-v1.md, not this spec"},
		{name: "spec_draft_path", ext: `, "spec_draft_path": "specs/orders.md"`, spec: "specs/orders.md", inSession: true},
		{name: "the pointer's spec_path", pointer: `, "spec_path": "specs/orders.md"`, spec: "specs/orders.md", inSession: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, sess := sessionRepo(t, c.pointer, c.detail, c.ext)
			before, _ := os.ReadFile(sess)
			spec := c.spec
			var stdin []byte
			if spec == "-" {
				stdin = []byte(sharedRepo["specs/orders.md"])
			} else {
				spec = filepath.Join(dir, filepath.FromSlash(spec))
			}
			for _, args := range [][]string{{"inventory", "--repo", dir, "--now", fixedNow, spec}, {"--repo", dir, "--now", fixedNow, "--appendix-only", spec}} {
				_, stderr, code := runIn(t, stdin, args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, stderr)
				}
				if c.note == "" && strings.Contains(stderr, "session") || c.note != "" && !strings.Contains(stderr, c.note) {
					t.Errorf("%s: stderr:\n%s\nwant the note %q", args[0], stderr, c.note)
				}
			}
			after, _ := os.ReadFile(sess)
			_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(DefaultInventory)))
			switch {
			case c.inSession && (!strings.Contains(string(after), `"appendix_rounds"`) || !strings.Contains(string(after), `"audit_timestamp"`)):
				t.Errorf("not written into its session:\n%s", after)
			case c.inSession && err == nil:
				t.Errorf("%s written too", DefaultInventory)
			case !c.inSession && string(after) != string(before):
				t.Errorf("another spec's session changed:\n%s", after)
			case !c.inSession && err != nil:
				t.Errorf("%s not written: %v", DefaultInventory, err)
			}
		})
	}
}

// runIn runs the command line in-process with stdin.
func runIn(t *testing.T, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, bytes.NewReader(stdin), &out, &errb, func(string) string { return "" })
	return out.String(), errb.String(), code
}

// An audit without a SPEC is no session's.
func TestAuditWithoutSpecIsNoSessions(t *testing.T) {
	dir, sess := sessionRepo(t, "", `, "spec_path": "specs/orders.md"`, "")
	before, _ := os.ReadFile(sess)
	_, stderr, code := runIn(t, nil, "inventory", "--repo", dir, "--now", fixedNow)
	if code != 0 || !strings.Contains(stderr, "no spec file to match with the active adversarial-spec session (.adversarial-spec/sessions/s.json): using .appendix/inventory.json instead") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if after, _ := os.ReadFile(sess); string(after) != string(before) {
		t.Errorf("the session changed:\n%s", after)
	}
}

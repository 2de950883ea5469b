package inventory

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// A session file in the shape adversarial-spec writes, with fields this
// package must never touch.
const sessionFile = `{
  "session_id": "adv-2026-01-01-rate-limiter",
  "doc_type": "spec",
  "round": 2,
  "models": ["gpt-5", "gemini-3-pro"],
  "spec_path": "specs/rate-limiter.md",
  "history": [{"round": 1, "agreed": false, "critiques": 3}],
  "extended_state": {
    "gauntlet": {"adversaries": ["paranoid_security"], "status": "pending"},
    "notes": "keep me",
    "context_inventory": null
  },
  "unicode": "naïve ✓"
}`

func sample() *Inventory {
	return &Inventory{AuditTimestamp: "2026-01-01T00:00:00Z", GitHash: "abc1234", BlastZone: []string{"a.go"},
		Sources: map[string]Source{"schema_types": {Status: Available, Path: "a.go", Summary: "1 type", EstTokens: 40}},
		Rounds:  []Round{{Round: 2, GitHash: "abc1234", Refs: []string{"A"}, Artifacts: []Artifact{{Label: "A1", Path: "a.go", Symbols: []string{"A"}}}}}}
}

func TestSessionFileKeepsEveryOtherField(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".adversarial-spec", "sessions"), 0o755)
	os.WriteFile(filepath.Join(root, SessionState), []byte(`{"active_session_file": "sessions/s1.json"}`), 0o644)
	sess := filepath.Join(root, ".adversarial-spec", "sessions", "s1.json")
	os.WriteFile(sess, []byte(sessionFile), 0o600)

	spec := filepath.Join(root, "specs", "rate-limiter.md")
	os.MkdirAll(filepath.Dir(spec), 0o755)
	os.WriteFile(spec, []byte("# Rate limiter\n"), 0o644)
	st, note, err := Locate(root, ".appendix/inventory.json", spec)
	if err != nil || st.File != sess || !st.Session() || note != "" {
		t.Fatalf("Locate = %+v, %q, %v", st, note, err)
	}
	if _, err := st.Load(); !errors.Is(err, ErrNone) {
		t.Fatalf("null inventory: %v", err)
	}
	if err := st.Save(sample()); err != nil {
		t.Fatal(err)
	}
	var before, after map[string]any
	json.Unmarshal([]byte(sessionFile), &before)
	b, _ := os.ReadFile(sess)
	if err := json.Unmarshal(b, &after); err != nil {
		t.Fatal(err)
	}
	inv := after["extended_state"].(map[string]any)["context_inventory"]
	delete(after["extended_state"].(map[string]any), "context_inventory")
	delete(before["extended_state"].(map[string]any), "context_inventory")
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("other fields changed: %s", diff)
	}
	if inv.(map[string]any)["schema_version"] != "1.1" {
		t.Errorf("inventory not written: %v", inv)
	}
	if fi, _ := os.Stat(sess); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
	got, err := st.Load()
	if err != nil || got.GitHash != "abc1234" || len(got.Rounds) != 1 {
		t.Errorf("Load after Save: %+v %v", got, err)
	}
}

func TestStandaloneFile(t *testing.T) {
	root := t.TempDir()
	st, note, err := Locate(root, ".appendix/inventory.json", "")
	if err != nil || st.Session() || note != "" {
		t.Fatal(st, note, err)
	}
	if err := st.Save(sample()); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, ".appendix", ".gitignore")); !strings.Contains(string(b), "*") {
		t.Error(".appendix is not ignored")
	}
	if _, err := st.Load(); err != nil {
		t.Fatal(err)
	}
}

func TestValidation(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct{ body, want string }{
		"corrupt":    {`{"schema_version": "1.1",`, "invalid JSON"},
		"shape":      {`{"schema_version": 1, "sources": []}`, `not a ContextInventoryV1 or session file: "schema_version" is a JSON number, want string`},
		"array":      {`[1, 2]`, "not a ContextInventoryV1 or session file: a JSON array, want an object"},
		"missing":    {`{"schema_version": "1.1", "sources": {}}`, "missing audit_timestamp, git_hash, blast_zone"},
		"version":    {`{"schema_version": "2.0", "audit_timestamp": "x", "git_hash": "y", "blast_zone": [], "sources": {}}`, `schema_version "2.0"`},
		"v1.0 extra": {`{"schema_version": "1.0", "audit_timestamp": "x", "git_hash": "y", "blast_zone": [], "sources": {}, "future": 1}`, ""},
	} {
		p := filepath.Join(dir, name+".json")
		os.WriteFile(p, []byte(tc.body), 0o644)
		_, err := Store{File: p}.Load()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p)):
			t.Errorf("%s: error %v, want %q naming the file", name, err, tc.want)
		}
	}
	// A session file of another shape is refused, not overwritten.
	p := filepath.Join(dir, "s.json")
	os.WriteFile(p, []byte(`{"extended_state": [1, 2]}`), 0o644)
	if err := (Store{File: p, session: true}).Save(sample()); err == nil {
		t.Error("saved into a session file whose extended_state is a list")
	}
	if b, _ := os.ReadFile(p); string(b) != `{"extended_state": [1, 2]}` {
		t.Errorf("session file changed: %s", b)
	}
}

// Updates of one store at once each read what the one before wrote: no
// round is lost, in a file of its own or in a session file.
func TestConcurrentUpdatesKeepEveryRound(t *testing.T) {
	dir := t.TempDir()
	sess := filepath.Join(dir, "s.json")
	os.WriteFile(sess, []byte(sessionFile), 0o644)
	for _, st := range []Store{{File: filepath.Join(dir, "inventory.json")}, {File: sess, session: true}} {
		var wg sync.WaitGroup
		for w := range 8 {
			wg.Go(func() {
				for r := range 5 {
					_, err := st.Update(func(cur *Inventory) (*Inventory, error) {
						if cur == nil {
							cur = sample()
							cur.Rounds = nil
						}
						cur.Rounds = append(cur.Rounds, Round{Round: 10*w + r})
						return cur, nil
					})
					if err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		inv, err := st.Load()
		if err != nil {
			t.Fatal(err)
		}
		if len(inv.Rounds) != 40 {
			t.Errorf("%s: %d rounds kept of 40", st.File, len(inv.Rounds))
		}
	}
}

// An inventory written by someone else keeps what this package does not
// know when it is written again: its other members, and a source's as it
// was written (`"task_id": null`, `"actionable"`) while its fields hold.
func TestUnknownMembersKept(t *testing.T) {
	file := filepath.Join(t.TempDir(), "inventory.json")
	os.WriteFile(file, []byte(`{"schema_version": "1.0", "audit_timestamp": "x", "git_hash": "y", "blast_zone": ["a.md"],
  "sources": {"primer": {"status": "available", "path": ".architecture/primer.md", "summary": "Primer", "est_tokens": 2200, "actionable": false, "task_id": null},
              "plan": {"status": "available", "path": "plan.md", "summary": "Plan", "est_tokens": 10, "actionable": true, "task_id": null}},
  "framework_profile": {"category": "cli"}, "gaps_noted": []}
`), 0o644)
	st := Store{File: file}
	if _, err := st.Update(func(cur *Inventory) (*Inventory, error) {
		cur.Rounds = append(cur.Rounds, Round{Round: 2, GitHash: "y"})
		src := cur.Sources["plan"]
		src.Summary = "Plan, rewritten"
		cur.Sources["plan"] = src
		return cur, nil
	}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(file)
	var got struct {
		Profile any                       `json:"framework_profile"`
		Sources map[string]map[string]any `json:"sources"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(map[string]any{"category": "cli"}, got.Profile); diff != "" {
		t.Errorf("framework_profile: %s\n%s", diff, b)
	}
	want := map[string]map[string]any{
		"primer": {"status": "available", "path": ".architecture/primer.md", "summary": "Primer", "est_tokens": 2200.0, "actionable": false, "task_id": nil},
		"plan":   {"status": "available", "path": "plan.md", "summary": "Plan, rewritten", "est_tokens": 10.0, "actionable": true, "task_id": ""},
	}
	if diff := cmp.Diff(want, got.Sources); diff != "" {
		t.Errorf("sources (-want +got):\n%s", diff)
	}
	if !strings.Contains(string(b), `"framework_profile": {`) {
		t.Errorf("not indented as the file is:\n%s", b)
	}

	// In a session file written on one line, it stays on one line.
	sess := filepath.Join(t.TempDir(), "s.json")
	os.WriteFile(sess, []byte(`{"extended_state": {"context_inventory": {"schema_version": "1.1", "audit_timestamp": "x", "git_hash": "y", "blast_zone": [], "sources": {}, "framework_profile": { "category" : "cli" }}}}`+"\n"), 0o644)
	if _, err := (Store{File: sess, session: true}).Update(func(cur *Inventory) (*Inventory, error) { return cur, nil }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(sess); bytes.Count(b, []byte("\n")) != 1 || !bytes.Contains(b, []byte(`"framework_profile":{"category":"cli"}`)) {
		t.Errorf("one-line session file:\n%s", b)
	}
}

// An inventory that spans repositories gives back the --repo flags that
// name them, each directory from the root its own are relative to; one of
// a single repository gives none.
func TestRepoArgs(t *testing.T) {
	inv := sample()
	if got := inv.RepoArgs("/work/client"); got != nil {
		t.Errorf("one repository: %q, want none", got)
	}
	inv.Repos = []Repo{{Name: "client", GitHash: "abc", Dir: "."}, {Name: "server", GitHash: "def", Dir: "../server"}}
	want := []string{"--repo", "client=" + filepath.FromSlash("/work/client"), "--repo", "server=" + filepath.FromSlash("/work/server")}
	if got := inv.RepoArgs(filepath.FromSlash("/work/client")); !cmp.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestUnchangedIsNotRewritten: an update that changes nothing leaves the
// file as it was, not a copy renamed over it: a warm round writes, and
// syncs to disk, nothing. (A rewrite would give the file the time of
// the update.)
func TestUnchangedIsNotRewritten(t *testing.T) {
	dir := t.TempDir()
	past := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, st := range []Store{{File: filepath.Join(dir, "inventory.json")}, {File: filepath.Join(dir, "s.json"), session: true}} {
		if st.session {
			if err := os.WriteFile(st.File, []byte(`{"session_id": "s", "round": 2}`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.Save(sample()); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(st.File, past, past); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Update(func(cur *Inventory) (*Inventory, error) { return cur, nil }); err != nil {
			t.Fatal(err)
		}
		if after, err := os.Stat(st.File); err != nil || !after.ModTime().Equal(past) {
			t.Errorf("%s: rewritten though nothing changed", st.File)
		}
		inv := sample()
		inv.GapsNoted = append(inv.GapsNoted, "one more")
		if err := st.Save(inv); err != nil {
			t.Fatal(err)
		}
		if changed, err := os.Stat(st.File); err != nil || changed.ModTime().Equal(past) {
			t.Errorf("%s: a change was not written", st.File)
		}
	}
}

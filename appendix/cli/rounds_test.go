package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestRounds runs rounds 1 to 4 over a repository that changes between
// them, and compares each round's appendix with fixtures/rounds/history.txtar.
func TestRounds(t *testing.T) {
	const file = "../../fixtures/rounds/history.txtar"
	f := loadFixture(t, file)
	dir := f.build(t)
	var spec4 []byte
	for _, af := range f.arch.Files {
		if af.Name == "spec4.md" {
			spec4 = af.Data
		}
	}
	runRounds(t, f, file, dir, []roundStep{
		{name: "round1", args: []string{"--round", "1"}},
		{name: "round2", args: []string{"--round", "2"}},
		{name: "round3", args: []string{"--round", "3"}, pre: f.commit(t, dir, "commit2/", "PlaceOrder returns the id", time.Hour)},
		{name: "round4", spec: spec4, args: []string{"--round", "4", "--need", "LegacyClient"}},
	})
	if _, err := os.Stat(filepath.Join(dir, ".appendix", "inventory.json")); err != nil {
		t.Errorf("round history not written: %v", err)
	}
}

// roundStep is one round of a round-history fixture: its spec (nil: the
// fixture's), its flags, what changes in the repository before it, and a
// text its appendix must hold besides the golden (optional).
type roundStep struct {
	name string
	spec []byte
	args []string
	pre  func()
	want string
}

// runRounds runs the steps in order on dir, each round's appendix with
// its stderr compared with the fixture's want-NAME section, which -update
// rewrites.
func runRounds(t *testing.T, f *fixture, file, dir string, steps []roundStep) {
	t.Helper()
	for _, st := range steps {
		if st.pre != nil {
			st.pre()
		}
		sp := st.spec
		if sp == nil {
			sp = f.spec
		}
		out, stderr, code := runCLI(t, dir, sp, append(st.args, "--appendix-only")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", st.name, code, stderr)
		}
		if !strings.Contains(out, st.want) {
			t.Errorf("%s: no %q in:\n%s", st.name, st.want, out)
		}
		got := out + "== stderr ==\n" + stderr
		name := "want-" + st.name
		if *update {
			f.set(name, got)
			continue
		}
		want, ok := f.want(name)
		if !ok {
			t.Fatalf("no %s section: go test ./appendix/cli -run %s -update", name, t.Name())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", st.name, diff)
		}
	}
	if *update {
		if err := os.WriteFile(file, txtar.Format(f.arch), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// commit returns a step's change: the fixture's files under prefix
// written over the repository at dir and committed, offset after the
// fixture's first commit.
func (f *fixture) commit(t *testing.T, dir, prefix, msg string, offset time.Duration) func() {
	return func() {
		files := map[string]string{}
		for _, af := range f.arch.Files {
			if rest, ok := strings.CutPrefix(af.Name, prefix); ok {
				files[rest] = string(af.Data)
			}
		}
		testrepo.Write(t, dir, files)
		r, err := git.PlainOpen(dir)
		if err != nil {
			t.Fatal(err)
		}
		testrepo.Commit(t, r, msg, offset)
	}
}

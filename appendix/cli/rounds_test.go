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
	var commit2 map[string]string = map[string]string{}
	var spec4 []byte
	for _, af := range f.arch.Files {
		if rest, ok := strings.CutPrefix(af.Name, "commit2/"); ok {
			commit2[rest] = string(af.Data)
		}
		if af.Name == "spec4.md" {
			spec4 = af.Data
		}
	}
	steps := []struct {
		name string
		spec []byte
		args []string
		pre  func()
	}{
		{"round1", f.spec, []string{"--round", "1"}, nil},
		{"round2", f.spec, []string{"--round", "2"}, nil},
		{"round3", f.spec, []string{"--round", "3"}, func() {
			testrepo.Write(t, dir, commit2)
			r, err := git.PlainOpen(dir)
			if err != nil {
				t.Fatal(err)
			}
			testrepo.Commit(t, r, "PlaceOrder returns the id", time.Hour)
		}},
		{"round4", spec4, []string{"--round", "4", "--need", "LegacyClient"}, nil},
	}
	for _, st := range steps {
		if st.pre != nil {
			st.pre()
		}
		out, stderr, code := runCLI(t, dir, st.spec, append(st.args, "--appendix-only")...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", st.name, code, stderr)
		}
		got := out + "== stderr ==\n" + stderr
		name := "want-" + st.name
		if *update {
			f.set(name, got)
			continue
		}
		want, ok := f.want(name)
		if !ok {
			t.Fatalf("no %s section: go test ./appendix/cli -run TestRounds -update", name)
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
	if _, err := os.Stat(filepath.Join(dir, ".appendix", "inventory.json")); err != nil {
		t.Errorf("round history not written: %v", err)
	}
}

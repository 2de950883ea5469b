package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

var update = flag.Bool("update", false, "rewrite the want sections of fixtures/*.txtar")

const fixedNow = "2026-01-01T00:00:00Z"

// racyWait outlasts the cache's racy window: a file changed longer ago
// than that has its scan kept.
const racyWait = 2*time.Second + 100*time.Millisecond

// fixture is one golden case: a spec, a repository committed at a fixed
// date, files changed after the commit, and the expected outputs.
type fixture struct {
	path  string
	arch  *txtar.Archive
	args  []string
	spec  []byte
	repo  map[string]string
	dirty map[string]string
}

func loadFixture(t testing.TB, path string) *fixture {
	t.Helper()
	arch, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{path: path, arch: arch, repo: map[string]string{}, dirty: map[string]string{}}
	for _, line := range strings.Split(string(arch.Comment), "\n") {
		if rest, ok := strings.CutPrefix(line, "args:"); ok {
			f.args = strings.Fields(rest)
		}
	}
	for _, file := range arch.Files {
		switch {
		case file.Name == "spec.md":
			f.spec = file.Data
		case strings.HasPrefix(file.Name, "repo/"):
			f.repo[strings.TrimPrefix(file.Name, "repo/")] = string(file.Data)
		case strings.HasPrefix(file.Name, "dirty/"):
			f.dirty[strings.TrimPrefix(file.Name, "dirty/")] = string(file.Data)
		}
	}
	if f.spec == nil {
		t.Fatalf("%s: no spec.md section", path)
	}
	return f
}

// build creates the fixture's repository and returns its directory.
func (f *fixture) build(t testing.TB) string {
	dir := testrepo.New(t, f.repo)
	testrepo.Write(t, dir, f.dirty)
	return dir
}

// run runs the command line on the fixture's repository with the spec on
// standard input.
func runCLI(t testing.TB, dir string, sp []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	all := append([]string{"--repo", dir, "--now", fixedNow}, args...)
	all = append(all, "-")
	code = Run(context.Background(), all, bytes.NewReader(sp), &out, &errb, func(string) string { return "" })
	return out.String(), errb.String(), code
}

func (f *fixture) want(name string) (string, bool) {
	for _, file := range f.arch.Files {
		if file.Name == name {
			return string(file.Data), true
		}
	}
	return "", false
}

func (f *fixture) set(name, data string) {
	for i := range f.arch.Files {
		if f.arch.Files[i].Name == name {
			f.arch.Files[i].Data = []byte(data)
			return
		}
	}
	f.arch.Files = append(f.arch.Files, txtar.File{Name: name, Data: []byte(data)})
}

func TestGolden(t *testing.T) {
	paths, err := filepath.Glob("../../fixtures/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			f := loadFixture(t, p)
			dir := f.build(t)
			md, stderr, code := runCLI(t, dir, f.spec, f.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			js, _, code := runCLI(t, dir, f.spec, append(f.args, "--format", "json")...)
			if code != 0 {
				t.Fatalf("json: exit %d", code)
			}
			got := map[string]string{"want.md": md, "want.json": js, "want.stderr": stderr}
			for name, stage := range stageSections {
				if _, ok := f.want(name); ok {
					got[name] = stage(t, f, dir)
				}
			}
			if *update {
				for _, n := range []string{"want.md", "want.json", "want.stderr", "want.refs", "want.resolve"} {
					if _, ok := got[n]; ok {
						f.set(n, got[n])
					}
				}
				if err := os.WriteFile(p, txtar.Format(f.arch), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, n := range []string{"want.md", "want.json", "want.stderr", "want.refs", "want.resolve"} {
				if _, staged := stageSections[n]; staged && got[n] == "" {
					continue
				}
				want, ok := f.want(n)
				if !ok {
					t.Fatalf("no %s section: run go test ./appendix/cli -run TestGolden -update", n)
				}
				if diff := cmp.Diff(want, got[n]); diff != "" {
					t.Errorf("%s mismatch (-want +got):\n%s", n, diff)
				}
			}
			checkBudget(t, md, f.args)
			var doc struct {
				Budget struct{ Used int } `json:"budget"`
			}
			if err := json.Unmarshal([]byte(js), &doc); err != nil {
				t.Fatal(err)
			}
			if used := appendixLines(md); doc.Budget.Used != used && !slices.Contains(f.args, "--appendix-only") {
				t.Errorf("JSON budget.used is %d, the markdown appendix has %d lines", doc.Budget.Used, used)
			}
		})
	}
}

// TestGoldenWarm: every fixture's appendix, from scans a run for another
// spec left in the cache, is the one a cold run gives. (The scans of files
// changed within the cache's racy window are not kept: the fixtures'
// files settle first.)
func TestGoldenWarm(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the fixtures' files to settle")
	}
	paths, err := filepath.Glob("../../fixtures/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	fixtures := make([]*fixture, len(paths))
	dirs := make([]string, len(paths))
	for i, p := range paths {
		fixtures[i] = loadFixture(t, p)
		dirs[i] = fixtures[i].build(t)
	}
	time.Sleep(racyWait)
	for i, p := range paths {
		f, dir := fixtures[i], dirs[i]
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			if _, stderr, code := runCLI(t, dir, []byte("Check `Zzyzx`.\n"), f.args...); code != 0 {
				t.Fatalf("a run for another spec: exit %d: %s", code, stderr)
			}
			for _, run := range []struct{ want, format string }{{"want.md", "markdown"}, {"want.json", "json"}} {
				got, _, _ := runCLI(t, dir, f.spec, append(f.args, "--format", run.format)...)
				want, _ := f.want(run.want)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s from the cache's scans (-cold +warm):\n%s", run.want, diff)
				}
			}
		})
	}
}

// checkBudget asserts the appendix, from its "---" line on, fits the budget.
func checkBudget(t testing.TB, md string, args []string) {
	t.Helper()
	limit := 200
	for i, a := range args {
		if a == "--budget" && i+1 < len(args) {
			limit = atoiOr(args[i+1], 200)
		}
	}
	if used := appendixLines(md); used > limit {
		t.Errorf("appendix has %d lines, budget %d", used, limit)
	}
}

func appendixLines(md string) int {
	i := strings.LastIndex(md, "\n---\n\n## APPENDIX: Codebase Context")
	if i < 0 {
		if strings.HasPrefix(md, "---\n") {
			return strings.Count(md, "\n")
		}
		return 0
	}
	return strings.Count(md[i+1:], "\n")
}

func atoiOr(s string, def int) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return def
		}
		n = n*10 + int(c-'0')
	}
	return n
}

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
	"github.com/appendix-dev/appendix/inventory"
)

// hostileCase is one repository the tool must survive: no crash, no
// stall, nothing read from outside it.
type hostileCase struct {
	name  string
	spec  string
	files map[string]string
	setup func(t *testing.T, repo, outside string) // what a fixture cannot hold
	// stdout and stderr must hold each of these; never must appear in neither.
	want, warn, never []string
}

// sentinel is content that lives outside the repository: it must never
// reach the output.
const sentinel = "OUTSIDE_THE_REPOSITORY_4f9a"

func hostileCases() []hostileCase {
	okGo := map[string]string{"go.mod": "module x\n", "orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct {\n\tID int\n}\n"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range okGo {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	deep := "export const deep = " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + ";\nexport interface Order { id: number }\n"
	parens := "def hard():\n    return " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + "\n\nclass Order:\n    id: int\n"
	// Ambiguities tree-sitter must backtrack over: generic calls that may be
	// comparisons, arrow functions that may be parenthesised expressions,
	// template literals inside template literals.
	hard := "export const g = " + strings.Repeat("a < b > (", 3000) + strings.Repeat(")", 3000) + ";\n" +
		"export const f = " + strings.Repeat("(x) => (", 2000) + "x" + strings.Repeat(")", 2000) + ";\n" +
		"export const t = " + strings.Repeat("`${", 2000) + "1" + strings.Repeat("}`", 2000) + ";\n" +
		"export interface Order { id: number }\n"
	oneLine := "export const big = \"" + strings.Repeat("x", 900_000) + "\"; export interface Order { id: number }\n"
	return []hostileCase{
		{
			name: "symlinks out", spec: "The `Order` type and `Leaked` type; see `orders/link.go` and `outdir/secret.go`.\n",
			files: okGo,
			setup: func(t *testing.T, repo, outside string) {
				write(t, filepath.Join(outside, "secret.go"), "package x\n\n// "+sentinel+"\ntype Leaked struct{}\n")
				symlink(t, filepath.Join(outside, "secret.go"), filepath.Join(repo, "orders", "link.go"))
				symlink(t, outside, filepath.Join(repo, "outdir"))
			},
			want:  []string{"orders/order.go", "`Leaked`"},
			never: []string{sentinel},
		},
		{
			name: "spec paths outside", spec: "Compare `../outside/secret.go`, `../../etc/passwd`, `/etc/passwd` and the `Order` type.\n",
			files: okGo,
			setup: func(t *testing.T, repo, outside string) {
				write(t, filepath.Join(outside, "secret.go"), "package x\n\n// "+sentinel+"\ntype Leaked struct{}\n")
			},
			want:  []string{"orders/order.go"},
			never: []string{sentinel, "root:x:0:0"},
		},
		{
			name: "binary and invalid UTF-8", spec: "The `Order` type and `Weird` class.\n",
			files: with(map[string]string{
				"blob.go":  "package x\x00\x01\x02\xff\xfe type Order struct{}\x00",
				"weird.py": "class Weird:\n    name = \"\xff\xfe\xc3\x28\"\n",
			}),
			want: []string{"orders/order.go", "class Weird"},
			warn: []string{"appendix: warning: weird.py: content is not valid UTF-8"},
		},
		{
			name: "huge files", spec: "The `Order` type and `Order` interface.\n",
			files: okGo,
			setup: func(t *testing.T, repo, outside string) {
				write(t, filepath.Join(repo, "web", "huge.ts"), "export interface Order { id: number }"+strings.Repeat(" ", 10<<20)+"\n")
				write(t, filepath.Join(repo, "web", "line.ts"), oneLine)
			},
			want:  []string{"orders/order.go"},
			never: []string{"web/huge.ts"},
		},
		{
			name: "deep nesting", spec: "The `Order` interface, the `Order` class and `hard`.\n",
			files: map[string]string{"web/deep.ts": deep, "app/hard.py": parens, "web/hard.ts": hard},
			want:  []string{"web/deep.ts", "app/hard.py", "web/hard.ts"},
		},
	}
}

func TestHostileRepositories(t *testing.T) {
	var slowest time.Duration
	var slowestName string
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			repo := testrepo.New(t, c.files)
			outside := t.TempDir()
			if c.setup != nil {
				c.setup(t, repo, outside)
			}
			for _, format := range []string{"markdown", "json"} {
				start := time.Now()
				out, stderr, code := runCLI(t, repo, []byte(c.spec), "--no-cache", "--format", format)
				if d := time.Since(start); d > slowest {
					slowest, slowestName = d, c.name
				}
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", format, code, stderr)
				}
				if !utf8.ValidString(out) || !utf8.ValidString(stderr) {
					t.Errorf("%s: output not valid UTF-8", format)
				}
				if format == "markdown" {
					expectIn(t, "output", out, c.want)
					expectIn(t, "stderr", stderr, c.warn)
				}
				for _, n := range c.never {
					if strings.Contains(out, n) || strings.Contains(stderr, n) {
						t.Errorf("%s: %q reached the output", format, n)
					}
				}
			}
		})
	}
	t.Logf("%d hostile cases, 0 crashes; slowest: %s, %v", len(hostileCases()), slowestName, slowest)
}

// git runs the git command line with fixed identities and dates.
func gitCLI(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z",
		"GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir(), "GIT_ALLOW_PROTOCOL=file")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

// TestRepositoryShapes runs on every shape of repository git can leave:
// each gives an appendix (or, for a bare repository, one clear error).
func TestRepositoryShapes(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	sp := []byte("The `Order` type, and the code in `lib/sub`.\n")
	files := map[string]string{"go.mod": "module x\n", "orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct {\n\tID int\n}\n"}
	base := t.TempDir()
	src := filepath.Join(base, "src")
	testrepo.Write(t, src, files)
	gitCLI(t, src, "init", "-q", "-b", "main")
	gitCLI(t, src, "add", "-A")
	gitCLI(t, src, "commit", "-q", "-m", "one")

	clone := func(name string, args ...string) string {
		dir := filepath.Join(base, name)
		gitCLI(t, base, append(append([]string{"clone", "-q"}, args...), "file://"+src, dir)...)
		return dir
	}
	for _, c := range []struct {
		name       string
		make       func() string
		code       int
		want       []string // in stdout (or stderr for a failure)
		wantStderr []string
	}{
		{name: "detached HEAD", make: func() string {
			d := clone("detached")
			gitCLI(t, d, "checkout", "-q", "--detach", "HEAD")
			return d
		}, want: []string{"(branch: detached)", "orders/order.go"}},
		{name: "linked worktree", make: func() string {
			d := filepath.Join(base, "wt")
			gitCLI(t, src, "worktree", "add", "-q", "-b", "feature", d)
			return d
		}, want: []string{"(branch: feature)", "orders/order.go"}},
		{name: "shallow clone", make: func() string { return clone("shallow", "--depth", "1") },
			want: []string{"(branch: main)", "orders/order.go"}},
		{name: "bare", make: func() string { return clone("bare.git", "--bare") },
			code: 1, wantStderr: []string{"bare repository: no work tree to extract from"}},
		{name: "submodule", make: func() string {
			d := clone("withsub")
			gitCLI(t, d, "-c", "protocol.file.allow=always", "submodule", "-q", "add", "file://"+src, "lib/sub")
			gitCLI(t, d, "commit", "-q", "-m", "sub")
			return d
		}, want: []string{"orders/order.go", "inside git submodule `lib/sub`, which is not entered"}},
		{name: "nested clone", make: func() string {
			d := clone("nested")
			gitCLI(t, base, "clone", "-q", "file://"+src, filepath.Join(d, "third", "copy"))
			return d
		}, want: []string{"`third/copy`", "nothing inside it is searched"}},
		{name: "stray .git in a tracked directory", make: func() string {
			d := clone("stray")
			gitCLI(t, d, "init", "-q", "orders")
			return d
		}, want: []string{"orders/order.go"}},
		{name: "split index", make: func() string {
			d := clone("split")
			gitCLI(t, d, "update-index", "--split-index")
			testrepo.Write(t, d, map[string]string{"orders/order.go": files["orders/order.go"] + "\n// changed\n"})
			return d
		}, want: []string{"orders/order.go", "Uncommitted changes"}, wantStderr: []string{"git index unreadable by go-git"}},
		{name: "index version 4", make: func() string {
			d := clone("v4")
			gitCLI(t, d, "update-index", "--index-version", "4")
			return d
		}, want: []string{"(branch: main)", "orders/order.go"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := c.make()
			out, stderr, code := runCLI(t, dir, sp, "--no-cache")
			if code != c.code {
				t.Fatalf("exit %d, want %d: %s", code, c.code, stderr)
			}
			if c.code != 0 {
				if out != "" || strings.Count(stderr, "\n") != 1 {
					t.Errorf("a failure is one stderr line and no output; got %q / %q", out, stderr)
				}
			}
			expectIn(t, "output", out, c.want)
			expectIn(t, "stderr", stderr, c.wantStderr)
		})
	}
}

// expectIn reports each of want that text (the output or stderr) lacks.
func expectIn(t *testing.T, what, text string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
}

// TestConcurrentRuns: runs writing the same inventory and cache at once
// leave files that the next run reads.
func TestConcurrentRuns(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"go.mod": "module x\n", "a/a.go": "package a\n\n// A is a.\ntype A struct{ ID int }\n"})
	sp := []byte("The `A` type.\n")
	done := make(chan string, 4)
	for i := 0; i < 4; i++ {
		go func() {
			var out, errb bytes.Buffer
			code := Run(context.Background(), []string{"--repo", dir, "--now", fixedNow, "-"}, bytes.NewReader(sp), &out, &errb, func(string) string { return "" })
			if code != 0 {
				done <- errb.String()
				return
			}
			done <- ""
		}()
	}
	for i := 0; i < 4; i++ {
		if msg := <-done; msg != "" {
			t.Errorf("concurrent run failed: %s", msg)
		}
	}
	inv, err := (inventory.Store{File: filepath.Join(dir, ".appendix", "inventory.json")}).Load()
	if err != nil || inv == nil {
		t.Errorf("inventory after concurrent runs: %v %v", inv, err)
	}
	_, stderr, code := runCLI(t, dir, sp)
	if code != 0 || strings.Contains(stderr, "warning") {
		t.Errorf("run after concurrent runs: exit %d: %s", code, stderr)
	}
}

// TestPanicInOneFile: a file whose search panics is a warning naming it;
// the other files' artifacts are shown, and it is read as text only.
func TestPanicInOneFile(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"orders/order.go":    "package orders\n\ntype Order struct{ ID int }\n",
		"billing/invoice.go": "package billing\n\ntype Invoice struct{}\n",
	})
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", []byte("The `Order` type and the `Invoice` type.\n")),
		appendix.Config{Round: 2, Budget: 200, NoCache: true, BeforeFile: func(rel string) {
			if rel == "billing/invoice.go" {
				panic("planted panic")
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	var warnings []string
	for _, w := range res.Warnings {
		warnings = append(warnings, w.String())
	}
	if want := "billing/invoice.go: extraction failed: planted panic"; !slices.Contains(warnings, want) {
		t.Errorf("warnings %q lack %q", warnings, want)
	}
	// The file is read as text instead: Invoice is not called absent, and
	// its declaration is located by text.
	if len(res.Doc.Artifacts) != 2 || res.Doc.Artifacts[0].Path != "orders/order.go" || res.Doc.Artifacts[1].Title != "Type, located by text, not parsed" {
		t.Errorf("artifacts: want orders/order.go and a line located by text, got %d", len(res.Doc.Artifacts))
	}
	var gaps []string
	for _, g := range res.Doc.Gaps {
		gaps = append(gaps, fmt.Sprintf("%s %s: %s", g.Kind, g.Ref, g.Hint))
	}
	if want := "unparsed Invoice: appears in 1 Go file whose extraction failed, not parsed: billing/invoice.go:3; its declaration, located by text, is shown"; !slices.Contains(gaps, want) {
		t.Errorf("gaps %q lack %q", gaps, want)
	}
}

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// gitProblemSpec names both files of historyFixture, at a length that
// leaves a briefing room for its base context.
var gitProblemSpec = []byte("# Spec: order totals\n\nThe `Order` type in `orders/order.go` gains a total, and the `Invoice` type in\n" +
	"`billing/invoice.go` reads it when an invoice is issued. Totals are computed once, when the order is placed,\n" +
	"and stored with it; an invoice never recomputes them. Refunds adjust the invoice, not the order.\n\n" +
	"## Rollout\n\nExisting orders get their totals in a backfill that reads each order once, in batches of a\n" +
	"thousand, and writes the total only where none is stored yet, so that it can be stopped and rerun at any\n" +
	"point. Invoices issued before the backfill keep the amounts they were issued with; the ledger is untouched.\n")

// historyFixture commits orders/order.go and billing/invoice.go, then a
// change to the order, at fixed dates.
func historyFixture(t *testing.T) (string, *git.Repository) {
	t.Helper()
	return testrepo.NewChanged(t, map[string]string{"go.mod": "module x\n", "orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct{ ID int }\n",
		"billing/invoice.go": "package billing\n\n// Invoice bills an order.\ntype Invoice struct{ OrderID int }\n"},
		map[string]string{"orders/order.go": "package orders\n\n// Order is one order, placed once.\ntype Order struct{ ID int }\n"}, "change the order")
}

// TestGitProblems: a repository whose history cannot be read in full
// gives an appendix with a one-line warning naming the problem: no
// provenance claimed for a HEAD that cannot be read, and no file flagged
// as changed because HEAD's tree could not be.
func TestGitProblems(t *testing.T) {
	missing := strings.Repeat("de", 20)
	for _, c := range []struct {
		name    string
		breakIt func(t *testing.T, dir string, repo *git.Repository) string // returns the directory to run in
		git     string                                                      // the provenance
		warn    string                                                      // the warning, once
		inv     string                                                      // the audit's recent_changes row
	}{
		{name: "branch at a missing object", breakIt: func(t *testing.T, dir string, repo *git.Repository) string {
			testrepo.Write(t, dir, map[string]string{".git/refs/heads/main": missing + "\n"})
			return dir
		}, git: "Git: none (HEAD's commit cannot be read)",
			warn: "HEAD's branch refs/heads/main is at " + missing + ", an object missing from the repository: no provenance, uncommitted changes not checked",
			inv:  "git history unreadable: HEAD's branch refs/heads/main is at " + missing},
		{name: "HEAD garbled", breakIt: func(t *testing.T, dir string, repo *git.Repository) string {
			testrepo.Write(t, dir, map[string]string{".git/HEAD": "ref: refs/heads/main\nextra\n"})
			return dir
		}, git: "Git: none (HEAD cannot be read)", warn: "HEAD cannot be read: ", inv: "git history unreadable: HEAD cannot be read: "},
		{name: "HEAD's commit in a corrupt pack", breakIt: func(t *testing.T, dir string, repo *git.Repository) string {
			head, _ := repo.Head()
			testrepo.CorruptObject(t, dir, repo, head.Hash())
			return dir
		}, git: "Git: none (HEAD's commit cannot be read)", warn: ".pack at ", inv: "git history unreadable: HEAD's branch refs/heads/main is at"},
		{name: "a tree in a corrupt pack", breakIt: func(t *testing.T, dir string, repo *git.Repository) string {
			head, _ := repo.Head()
			c, _ := repo.CommitObject(head.Hash())
			root, _ := c.Tree()
			sub, _ := root.FindEntry("billing")
			testrepo.CorruptObject(t, dir, repo, sub.Hash)
			return dir
		}, git: "(branch: main)", warn: "uncommitted-change check skipped: billing/invoice.go in HEAD: object ", inv: "git history unreadable: commit "},
		{name: "an alternate gone", breakIt: func(t *testing.T, dir string, repo *git.Repository) string {
			if _, err := exec.LookPath("git"); err != nil {
				t.Skip("git not installed")
			}
			shared := filepath.Join(t.TempDir(), "shared")
			gitCLI(t, filepath.Dir(shared), "clone", "-q", "--shared", dir, shared)
			if err := os.RemoveAll(filepath.Join(dir, ".git", "objects")); err != nil {
				t.Fatal(err)
			}
			return shared
		}, git: "Git: none (HEAD's commit cannot be read)", warn: "which is not a directory: the objects stored there are not read",
			inv: "git history unreadable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, repo := historyFixture(t)
			dir = c.breakIt(t, dir, repo)
			out, stderr, code := runCLI(t, dir, gitProblemSpec, "--no-cache")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			expectIn(t, "output", out, []string{c.git, "### A1. Type: orders/order.go", "### A2. Type: billing/invoice.go"})
			if strings.Contains(out, "Uncommitted changes") {
				t.Errorf("a file flagged as changed:\n%s", out)
			}
			if n := strings.Count(stderr, c.warn); n != 1 || !strings.Contains(stderr, "appendix: warning: ") {
				t.Errorf("stderr has %q %d times, want once:\n%s", c.warn, n, stderr)
			}
			js, _, code := runCLI(t, dir, gitProblemSpec, "--no-cache", "--format", "json")
			var doc struct {
				Git      *struct{ Dirty []string } `json:"git"`
				Warnings []string                  `json:"warnings"`
			}
			if err := json.Unmarshal([]byte(js), &doc); code != 0 || err != nil {
				t.Fatalf("json: exit %d, %v", code, err)
			}
			if !strings.Contains(strings.Join(doc.Warnings, "\n"), c.warn) || doc.Git != nil && len(doc.Git.Dirty) > 0 {
				t.Errorf("json: git %+v, warnings %q", doc.Git, doc.Warnings)
			}
			if (doc.Git == nil) != strings.HasPrefix(c.git, "Git: none") {
				t.Errorf("json: git %+v for %q", doc.Git, c.git)
			}
			sp := filepath.Join(t.TempDir(), "spec.md")
			os.WriteFile(sp, gitProblemSpec, 0o644)
			var invOut, invErr bytes.Buffer
			code = Run(context.Background(), []string{"inventory", "--repo", dir, "--now", fixedNow, sp}, nil, &invOut, &invErr, func(string) string { return "" })
			if code != 0 {
				t.Fatalf("inventory: exit %d: %s", code, invErr.String())
			}
			expectIn(t, "inventory", invOut.String(), []string{c.inv})
			if n := strings.Count(invErr.String(), c.warn); n != 1 && !strings.HasPrefix(c.warn, "uncommitted-change") {
				t.Errorf("inventory stderr has %q %d times, want once:\n%s", c.warn, n, invErr.String())
			}
			briefs, briefErr := runBriefs(t, dir, gitProblemSpec)
			b, err := os.ReadFile(filepath.Join(briefs, "briefing-BURN.md"))
			if err != nil {
				t.Fatal(err)
			}
			expectIn(t, "briefing", string(b), []string{"**Last commits touching the blast zone**\n- " + c.inv})
			if n := strings.Count(briefErr, c.warn); n != 1 {
				t.Errorf("brief stderr has %q %d times, want once:\n%s", c.warn, n, briefErr)
			}
		})
	}
}

// TestSharedClone: a clone whose objects live in another repository's
// object directory has its history: the audit and the briefings list
// the commits touching the blast zone.
func TestSharedClone(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	src, _ := historyFixture(t)
	dir := filepath.Join(t.TempDir(), "shared")
	gitCLI(t, filepath.Dir(dir), "clone", "-q", "--shared", src, dir)
	sp := filepath.Join(t.TempDir(), "spec.md")
	os.WriteFile(sp, gitProblemSpec, 0o644)
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"inventory", "--repo", dir, "--now", fixedNow, sp}, nil, &out, &errb, func(string) string { return "" }); code != 0 {
		t.Fatalf("inventory: exit %d: %s", code, errb.String())
	}
	expectIn(t, "inventory", out.String(), []string{"recent_changes         2 recent commits, newest"})
	brief, _ := runBriefs(t, dir, gitProblemSpec)
	b, err := os.ReadFile(filepath.Join(brief, "briefing-BURN.md"))
	if err != nil {
		t.Fatal(err)
	}
	expectIn(t, "briefing", string(b), []string{"Last commits touching the blast zone", "change the order", "fixture"})
	md, stderr, code := runCLI(t, dir, gitProblemSpec, "--no-cache")
	if code != 0 || strings.Contains(md, "Uncommitted changes") || strings.Contains(stderr, "warning") {
		t.Errorf("exit %d, stderr %q:\n%s", code, stderr, md)
	}
}

// TestNestedRepositoriesListed: every nested repository the walk does not
// enter is listed in the JSON, the one a spec path points into as well,
// and named in the markdown, in its gap or in the note.
func TestNestedRepositoriesListed(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"go.mod": "module x\n", "orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct{ ID int }\n"})
	for _, n := range []string{"lib/sub", "third/copy"} {
		testrepo.Write(t, filepath.Join(dir, n), map[string]string{"x.go": "package x\n"})
		testrepo.Init(t, filepath.Join(dir, n))
	}
	for _, c := range []struct {
		name string
		spec string
		args []string
		want []string // in the markdown
	}{
		{"one gap", "The `Order` type reads `lib/sub/x.go`.\n", nil,
			[]string{"- `lib/sub/x.go` (spec line 1): inside git submodule `lib/sub`, which is not entered",
				"- `third/copy`: git submodule (a nested repository), not entered"}},
		{"gaps folded", "The `Order` type reads `lib/sub/x.go`, `Alpha`, `Beta`, `Gamma` and `Delta`.\n", []string{"--budget", "24"},
			[]string{"`lib/sub/x.go` (1)", "- `lib/sub`: git submodule (a nested repository), not entered", "- `third/copy`: git submodule"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, code := runCLI(t, dir, []byte(c.spec), append([]string{"--no-cache", "--appendix-only"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			expectIn(t, "markdown", out, c.want)
			js, _, _ := runCLI(t, dir, []byte(c.spec), append([]string{"--no-cache", "--format", "json"}, c.args...)...)
			var doc struct {
				Submodules []string `json:"submodules"`
			}
			if err := json.Unmarshal([]byte(js), &doc); err != nil {
				t.Fatal(err)
			}
			if strings.Join(doc.Submodules, " ") != "lib/sub third/copy" {
				t.Errorf("json submodules: %q", doc.Submodules)
			}
		})
	}
}

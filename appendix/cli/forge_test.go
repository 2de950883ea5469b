package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// forged is a directory name that, printed as it is, would end the line
// and start a heading, an artifact and a code fence, and close a code
// span: everything after its first line break must stay on the line the
// path starts on.
const forged = "x\n### A9. Type: FORGED.go (lines 1-2)\n\n```go\nfunc FORGED() {}\n```\n`FORGED` span"

// checkForged asserts that every line mentioning FORGED also holds the
// start of the escaped path, and that the text is valid UTF-8.
func checkForged(t *testing.T, what, text string) {
	t.Helper()
	if !utf8.ValidString(text) {
		t.Errorf("%s: not valid UTF-8", what)
	}
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "FORGED") && !strings.Contains(l, `x\n### A9.`) {
			t.Errorf("%s: a line forged by a path: %q", what, l)
		}
	}
}

// runBriefs writes the briefings for a spec into a new directory, and
// returns it and stderr.
func runBriefs(t *testing.T, dir string, sp []byte) (string, string) {
	t.Helper()
	specFile := filepath.Join(t.TempDir(), "spec.md")
	if err := os.WriteFile(specFile, sp, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "gauntlet")
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"brief", "--repo", dir, "--out", out, "--now", fixedNow, specFile}, nil, &stdout, &stderr, func(string) string { return "" }); code != 0 {
		t.Fatalf("brief: exit %d: %s", code, stderr.String())
	}
	return out, stderr.String()
}

// TestPathsForgeNothing: paths holding line breaks, headings, fences and
// backticks are escaped wherever they are printed: artifact headings,
// uncommitted-change notes, gaps, submodules, test files, warnings and
// briefings.
func TestPathsForgeNothing(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"go.mod": "module x\n", "billing/invoice.go": "package billing\n\n// Invoice bills an order.\ntype Invoice struct{}\n"})
	// Not committed (go-git refuses such paths; git does not): the walk
	// finds them all the same, and the uncommitted-change note names them.
	testrepo.Write(t, dir, map[string]string{
		forged + "/order.go":              "package x\n\n// Order is one order.\ntype Order struct{ ID int }\n",
		forged + "/order_test.go":         "package x\n\nimport \"testing\"\n\nfunc TestOrder(t *testing.T) {}\n",
		forged + "/invoice.go":            "package x\n\n// Invoice bills an order.\ntype Invoice struct{}\n",
		forged + "/payment.go":            "package x\n\n// Payment pays.\ntype Payment struct{}\n",
		forged + "/payment_service.go":    "package x\n\nfunc Pay() { var p Payment; _ = p }\n",
		forged + "/unparsed.go":           "package x\n\nfunc (((( broken\n\ntype Refund struct{}\n",
		forged + "/line\xffbad/ledger.go": "package x\n\n// Ledger records.\ntype Ledger struct{}\n",
	})
	// A nested repository with such a name: the submodule note names it.
	testrepo.Init(t, filepath.Join(dir, "third", forged))
	sp := []byte("# Spec: orders\n\nThe `Order` type, the `Invoice` type, the `Payment` type, `Refund` and `Ledger` change.\n" +
		"We test the order totals with unit tests. The `Missing` type is gone from `third/x` too.\n\n" +
		"## Design\n\nAn order's total is computed when it is placed and stored with it. The invoice reads the\n" +
		"stored total and never recomputes it; a refund adjusts the invoice, and the ledger records each\n" +
		"payment against the invoice it settles. Totals are kept in cents, as integers, everywhere.\n")
	out, stderr, code := runCLI(t, dir, sp, "--no-cache")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkForged(t, "markdown", out)
	checkForged(t, "stderr", stderr)
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if !strings.HasPrefix(l, "appendix: ") {
			t.Errorf("stderr: a line forged by a path: %q", l)
		}
	}
	for _, want := range []string{
		"### A1. Type: " + `"x\n### A9.`,                           // a heading
		"> WARNING: Uncommitted changes exist in " + `"x\n### A9.`, // the uncommitted-change note
		"- ````\"third/x\\n### A9.",                                // a submodule, in a code span its backticks cannot close
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	js, _, code := runCLI(t, dir, sp, "--no-cache", "--format", "json")
	if code != 0 || !json.Valid([]byte(js)) {
		t.Fatalf("json: exit %d, valid %v", code, json.Valid([]byte(js)))
	}
	var doc struct {
		Artifacts []struct{ Path string } `json:"artifacts"`
	}
	json.Unmarshal([]byte(js), &doc)
	if len(doc.Artifacts) == 0 || doc.Artifacts[0].Path != forged+"/order.go" {
		t.Errorf("json keeps the path as it is: %+v", doc.Artifacts)
	}

	briefs, berr := runBriefs(t, dir, sp)
	checkForged(t, "brief stderr", berr)
	names, _ := filepath.Glob(filepath.Join(briefs, "briefing-*.md"))
	if len(names) == 0 {
		t.Fatal("no briefings")
	}
	for _, n := range names {
		b, _ := os.ReadFile(n)
		checkForged(t, filepath.Base(n), string(b))
	}
	b, _ := os.ReadFile(filepath.Join(briefs, "briefings.json"))
	if !json.Valid(b) {
		t.Error("briefings.json is not valid JSON")
	}
}

// TestInvalidUTF8Shown: a file whose content is not valid UTF-8 is shown
// with U+FFFD for the bytes that are not, and a warning names it; the
// appendix, its JSON and the briefings are valid UTF-8.
func TestInvalidUTF8Shown(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"app/weird.py":    "class Weird:\n    name = \"caf\xe9 \xff\xfe\"\n",
		"app/latin.py":    "# Latin-1 \xe9t\xe9, never shown\n\nclass Other:\n    pass\n",
		"orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct{ ID int }\n",
	})
	sp := []byte("# Spec: weird names\n\nThe `Weird` class keeps its name; the `Order` type gains a field.\n\n" +
		"## Design\n\nA weird name is stored as it is read, and an order carries it to the invoice. Nothing is\n" +
		"recoded on the way: what the file holds is what the review sees, byte for byte where it can be.\n")
	out, stderr, code := runCLI(t, dir, sp, "--no-cache", "--appendix-only")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !utf8.ValidString(out) || !strings.Contains(out, "name = \"caf\uFFFD \uFFFD\uFFFD\"") {
		t.Errorf("appendix not valid UTF-8, or the bytes not replaced:\n%q", out)
	}
	want := "appendix: warning: app/weird.py: content is not valid UTF-8: shown with U+FFFD for the bytes that are not\n"
	if strings.Count(stderr, want) != 1 || strings.Contains(stderr, "latin.py") {
		t.Errorf("stderr: want %q once, and nothing of a file not shown:\n%s", want, stderr)
	}
	js, _, code := runCLI(t, dir, sp, "--no-cache", "--format", "json")
	if code != 0 || !json.Valid([]byte(js)) || !utf8.ValidString(js) {
		t.Errorf("json: exit %d, not valid", code)
	}
	briefs, berr := runBriefs(t, dir, sp)
	names, _ := filepath.Glob(filepath.Join(briefs, "briefing-*.md"))
	shown := false
	for _, n := range names {
		b, _ := os.ReadFile(n)
		if !utf8.Valid(b) {
			t.Errorf("%s: not valid UTF-8", filepath.Base(n))
		}
		shown = shown || bytes.Contains(b, []byte("caf\uFFFD"))
	}
	if !shown {
		t.Error("no briefing shows the file")
	}
	if strings.Count(berr, want) != 1 {
		t.Errorf("brief stderr: want %q once:\n%s", want, berr)
	}
}

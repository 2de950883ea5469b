package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/appendix"

	"github.com/appendix-dev/appendix/appendix/internal/render"

	"github.com/appendix-dev/appendix/appendix/internal/cache"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/google/go-cmp/cmp"
	"github.com/spf13/pflag"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Options
	}{
		{nil, Options{Round: 2, Budget: 200, Format: "markdown", Inventory: DefaultInventory}},
		{[]string{"--round", "3", "--budget", "120", "--format", "json", "--appendix-only"}, Options{Round: 3, Budget: 120, Format: "json", AppendixOnly: true, Inventory: DefaultInventory}},
		{[]string{"--repo", "x", "--context", "a.sql", "--context", "b.md", "--now", "2026-01-01T00:00:00Z", "--stats", "--need", "A", "--need", "B", "--inventory", "inv.json", "--no-cache"},
			Options{Round: 2, Budget: 200, Format: "markdown", Repo: []string{"x"}, Context: []string{"a.sql", "b.md"}, Now: "2026-01-01T00:00:00Z", Stats: true,
				Need: []string{"A", "B"}, Inventory: "inv.json", NoCache: true}},
	} {
		var o Options
		fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
		o.Flags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, o); diff != "" {
			t.Errorf("%v: %s", tc.args, diff)
		}
	}
}

func TestUsageAndFailures(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	sp := filepath.Join(t.TempDir(), "spec.md")
	if err := os.WriteFile(sp, []byte("Uses `A`.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty.md")
	os.WriteFile(empty, []byte("\n \n"), 0o644)
	binary := filepath.Join(t.TempDir(), "bin.md")
	os.WriteFile(binary, []byte("a\x00b"), 0o644)
	huge := filepath.Join(t.TempDir(), "huge.md")
	os.WriteFile(huge, bytes.Repeat([]byte("spec line\n"), 1<<20+1), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{}, 2, "appendix: missing SPEC"},
		{[]string{"a", "b"}, 2, "appendix: one SPEC expected, got 2"},
		{[]string{"--bogus", sp}, 2, "appendix: unknown flag: --bogus"},
		{[]string{"--round", "0", sp}, 2, "appendix: --round 0: rounds start at 1"},
		{[]string{"--budget", "0", sp}, 2, "appendix: --budget 0: the appendix needs at least 9 lines"},
		{[]string{"--budget", "-5", sp}, 2, "appendix: --budget -5"},
		{[]string{"--budget", "many", sp}, 2, "appendix: --budget many: want a whole number"},
		{[]string{"--round", "two", sp}, 2, "appendix: --round two: want a whole number"},
		{[]string{"--stats=maybe", sp}, 2, "appendix: --stats maybe: want true or false"},
		{[]string{huge}, 1, "huge.md: spec is over 10 MiB"},
		{[]string{"brief", "--bogus", sp}, 2, "appendix: brief: unknown flag: --bogus"},
		{[]string{"strip", "--round", "2", sp}, 2, "appendix: strip: unknown flag: --round"},
		{[]string{"--format", "yaml", sp}, 2, `appendix: --format "yaml": want markdown or json`},
		{[]string{"--now", "yesterday", sp}, 2, `appendix: --now "yesterday": not an RFC 3339 time`},
		{[]string{filepath.Join(dir, "missing.md")}, 1, "missing.md: no such file or directory"},
		{[]string{empty}, 1, "empty.md: spec is empty"},
		{[]string{binary}, 1, "bin.md: spec is binary, not text"},
		{[]string{"--repo", filepath.Join(dir, "nope"), sp}, 1, "nope: no such file or directory"},
		{[]string{"--context", filepath.Join(dir, "nope.sql"), sp}, 1, "--context " + filepath.Join(dir, "nope.sql") + ": no such file or directory"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"--repo", dir}, tc.args...)
		if len(tc.args) > 0 && (tc.args[0] == "--repo" || tc.args[0] == "brief" || tc.args[0] == "strip") {
			args = tc.args
		}
		code := Run(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
		if code != tc.code || !strings.Contains(errb.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, errb.String(), tc.code, tc.msg)
		}
		if strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%v: want one line on stderr, got %q", tc.args, errb.String())
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote to stdout on failure: %q", tc.args, out.String())
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	var out bytes.Buffer
	if code := Run(context.Background(), []string{"--help"}, nil, &out, &out, os.Getenv); code != 0 || !strings.Contains(out.String(), "--appendix-only") {
		t.Errorf("help: %d %q", code, out.String())
	}
	out.Reset()
	if code := Run(context.Background(), []string{"--version"}, nil, &out, &out, os.Getenv); code != 0 || !strings.HasPrefix(out.String(), "appendix ") {
		t.Errorf("version: %d %q", code, out.String())
	}
}

func TestSourceDateEpoch(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"a.go": "package a\n"})
	var out, errb bytes.Buffer
	env := func(k string) string {
		if k == "SOURCE_DATE_EPOCH" {
			return "1767225600"
		}
		return ""
	}
	Run(context.Background(), []string{"--repo", dir, "--appendix-only", "-"}, strings.NewReader("Spec.\n"), &out, &errb, env)
	if !strings.Contains(out.String(), "Extraction timestamp: 2026-01-01T00:00:00Z") {
		t.Errorf("SOURCE_DATE_EPOCH ignored:\n%s", out.String())
	}
}

func TestSpecKeptByteForByte(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"a.go": "package a\n\nfunc Alpha() {}\n"})
	for _, sp := range []string{"Uses `Alpha`.\n", "Uses `Alpha`.", "Uses `Alpha`.\r\n\r\n"} {
		out, _, code := runCLI(t, dir, []byte(sp))
		if code != 0 || !strings.HasPrefix(out, sp) {
			t.Errorf("spec %q not kept: %q", sp, out)
		}
		rest := strings.TrimPrefix(out, sp)
		if !strings.HasPrefix(rest, "\n---\n\n## APPENDIX: Codebase Context (Round 2)\n") && !strings.HasPrefix(rest, "\n \n---\n\n## APPENDIX") {
			t.Errorf("spec %q: appendix not separated by a blank line and ---: %q", sp, rest)
		}
		if got := string(render.Strip([]byte(out))); got != sp {
			t.Errorf("strip gave %q, want %q", got, sp)
		}
	}
}

func TestDeterministicUnderShuffledWalk(t *testing.T) {
	f := loadFixture(t, "../../fixtures/go.txtar")
	dir := f.build(t)
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	now, _ := time.Parse(time.RFC3339, fixedNow)
	build := func(shuffle func([]gitinfo.File)) string {
		res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", f.spec),
			appendix.Config{Round: 2, Budget: 200, Now: now, NoCache: true, Shuffle: shuffle})
		if err != nil {
			t.Fatal(err)
		}
		out, err := res.JSON()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	first := build(nil)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 5; i++ {
		again := build(func(fs []gitinfo.File) { rng.Shuffle(len(fs), func(i, j int) { fs[i], fs[j] = fs[j], fs[i] }) })
		if again != first {
			t.Fatalf("run %d differs:\n%s", i, cmp.Diff(first, again))
		}
	}
}

// genRepo writes n small Go files, each defining one struct with many
// fields and one function, and returns a spec naming all of them.
func genRepo(t testing.TB, n, fields int) (string, []byte) {
	files := map[string]string{}
	var sp strings.Builder
	sp.WriteString("# Spec\n\n")
	for i := 0; i < n; i++ {
		var b strings.Builder
		b.WriteString("package p\n\n")
		b.WriteString("type Record" + itoa(i) + " struct {\n")
		for f := 0; f < fields; f++ {
			b.WriteString("\tField" + itoa(f) + " string\n")
		}
		b.WriteString("}\n\n// Process" + itoa(i) + " handles one record.\nfunc Process" + itoa(i) + "(\n\tr *Record" + itoa(i) + ",\n\topts Options,\n) error {\n\treturn nil\n}\n")
		files["p/f"+itoa(i)+".go"] = b.String()
		sp.WriteString("We change `Record" + itoa(i) + "` (its `Field1`) and `Process" + itoa(i) + "`.\n")
	}
	return testrepo.New(t, files), []byte(sp.String())
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(i)) }

func fmtInt(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

func TestBudgetTrimsThenDrops(t *testing.T) {
	dir, sp := genRepo(t, 12, 30)
	for _, budget := range []int{9, 20, 60, 120, 200, 400} {
		md, stderr, code := runCLI(t, dir, sp, "--budget", itoa(budget), "--appendix-only")
		if code != 0 {
			t.Fatalf("budget %d: exit %d %s", budget, code, stderr)
		}
		if used := strings.Count(md, "\n"); used > budget {
			t.Errorf("budget %d: %d lines", budget, used)
		}
		js, _, _ := runCLI(t, dir, sp, "--budget", itoa(budget), "--format", "json")
		var out appendix.Output
		if err := json.Unmarshal([]byte(js), &out); err != nil {
			t.Fatal(err)
		}
		if out.Budget.Used != strings.Count(md, "\n") {
			t.Errorf("budget %d: json used %d, markdown %d lines", budget, out.Budget.Used, strings.Count(md, "\n"))
		}
		// Every reference is shown, listed in the signature index, or
		// named as left out.
		shown, indexed := 0, 0
		for _, a := range out.Artifacts {
			if a.Kind == "index" {
				indexed += len(a.Entries)
			} else {
				shown++
			}
		}
		if shown+indexed+len(out.Dropped) < 24 {
			t.Errorf("budget %d: %d artifacts + %d indexed + %d dropped, want 24", budget, shown, indexed, len(out.Dropped))
		}
		if budget >= 60 && len(out.Dropped) > 0 {
			t.Errorf("budget %d: %d references left out while the index has room for a line each", budget, len(out.Dropped))
		}
		if len(out.Dropped) > 0 && !strings.Contains(stderr, "to stay within the "+itoa(budget)+"-line budget") {
			t.Errorf("budget %d: dropped artifacts not reported on stderr: %q", budget, stderr)
		}
		if budget == 120 {
			// Trimming happens before dropping: some signature is cut to
			// its first line and some struct to the fields the spec names.
			trunc := map[string]bool{}
			for _, a := range out.Artifacts {
				trunc[a.Truncated] = true
			}
			if !trunc["fields"] || !strings.Contains(md, "Signature index") {
				t.Errorf("budget 120: truncations %v, want fields, and signatures in the index", trunc)
			}
			if !strings.Contains(md, "\tField1 string\n\t// ... 29 more lines omitted\n}") {
				t.Errorf("budget 120: field trim note or mentioned field missing:\n%s", md)
			}
		}
	}
}

func TestContextFileIsPointedTo(t *testing.T) {
	wide := "CREATE TABLE orders (\n    id BIGINT PRIMARY KEY,\n"
	for i := 0; i < 12; i++ {
		wide += "    col_" + itoa(i) + " TEXT,\n"
	}
	wide += "    status TEXT\n);\n"
	dir := testrepo.New(t, map[string]string{
		"db/order.go":   "// Order is a row.\ntype Order struct {\n\tID int\n}\n",
		"db/schema.sql": wide,
	})
	out, _, code := runCLI(t, dir, []byte("Extend `Order`. The `orders` table gains a `status` check.\n"),
		"--context", filepath.Join(dir, "db/order.go"), "--context", filepath.Join(dir, "db/schema.sql"), "--appendix-only")
	if code != 0 {
		t.Fatal(code)
	}
	// A file the artifact repeats whole: a pointer only.
	if !strings.Contains(out, "(See --context file: "+filepath.ToSlash(filepath.Join(dir, "db/order.go"))+", lines 1-4.)\n") || strings.Contains(out, "type Order struct") {
		t.Errorf("whole --context file pasted again:\n%s", out)
	}
	// A wide schema: the pointer and the relevant excerpt only.
	if !strings.Contains(out, "db/schema.sql for full schema. Relevant excerpt below.)\n\n```sql\nCREATE TABLE orders (\n    id BIGINT PRIMARY KEY,\n    -- ... 12 more columns omitted\n    status TEXT\n);") {
		t.Errorf("excerpt of a --context schema missing:\n%s", out)
	}
}

func TestNoGitAndNoCommits(t *testing.T) {
	plain := t.TempDir()
	testrepo.Write(t, plain, map[string]string{"a.py": "def alpha_beta():\n    pass\n"})
	out, _, code := runCLI(t, plain, []byte("Call alpha_beta() and `missing_fn`.\n"), "--appendix-only")
	if code != 0 || !strings.Contains(out, "Git: none (not a git repository)") || !strings.Contains(out, "def alpha_beta():") ||
		!strings.Contains(out, "`missing_fn` (spec line 1): no definition in the repository (working tree)") {
		t.Errorf("outside git:\n%s", out)
	}
	js, _, _ := runCLI(t, plain, []byte("Call alpha_beta().\n"), "--format", "json")
	if !strings.Contains(js, `"git": null`) {
		t.Errorf("outside git, git is not null:\n%s", js)
	}

	unborn := t.TempDir()
	testrepo.Init(t, unborn)
	testrepo.Write(t, unborn, map[string]string{"a.py": "def alpha_beta():\n    pass\n"})
	out, _, _ = runCLI(t, unborn, []byte("Call alpha_beta().\n"), "--appendix-only")
	if !strings.Contains(out, "Git: none (no commits yet, branch: main)") || !strings.Contains(out, "WARNING: Uncommitted changes exist in a.py.") {
		t.Errorf("no commits:\n%s", out)
	}
}

// TestBudgetLeavesNoRoomUnused: after fitting, every artifact still
// trimmed would overflow the budget if it were given back its full text.
func TestBudgetLeavesNoRoomUnused(t *testing.T) {
	dir, specSrc := genRepo(t, 12, 30)
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int{30, 60, 90, 120, 150, 200} {
		res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", specSrc), appendix.Config{Round: 2, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		doc := res.Doc
		if got, want := doc.Lines(), strings.Count(doc.Markdown(), "\n"); got != want {
			t.Fatalf("budget %d: the line costs add up to %d lines, the markdown has %d", budget, got, want)
		}
		if doc.Lines() > budget {
			t.Fatalf("budget %d: %d lines", budget, doc.Lines())
		}
		for _, a := range doc.Artifacts {
			trimmed := a.Truncated
			undo, ok := a.Untrim()
			if !ok {
				continue
			}
			if doc.Lines() <= budget {
				t.Errorf("budget %d: %s stays trimmed (%s) though its full text fits", budget, a.Label, trimmed)
			}
			undo()
		}
	}
}

// TestCacheReusesEveryParse: a second run on an unchanged repository parses
// nothing and prints the same bytes; a changed spec reuses the parses; a
// changed file is parsed again.
func TestCacheReusesEveryParse(t *testing.T) {
	f := loadFixture(t, "../../fixtures/go.txtar")
	dir := f.build(t)
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	build := func(sp []byte) *appendix.Result {
		t.Helper()
		res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", sp), appendix.Config{Round: 2, Budget: 200})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	cold := build(f.spec)
	warm := build(f.spec)
	if cold.Stats.FilesParsed == 0 || warm.Stats.FilesParsed != 0 || warm.Stats.CacheHits == 0 {
		t.Errorf("cold parsed %d, warm parsed %d with %d hits", cold.Stats.FilesParsed, warm.Stats.FilesParsed, warm.Stats.CacheHits)
	}
	if cold.Doc.Markdown() != warm.Doc.Markdown() {
		t.Errorf("cached run differs:\n%s", cmp.Diff(cold.Doc.Markdown(), warm.Doc.Markdown()))
	}
	other := build([]byte("Only `Validate` and `OrderStore` this time.\n"))
	if other.Stats.FilesParsed != 0 {
		t.Errorf("a changed spec parsed %d files", other.Stats.FilesParsed)
	}
	testrepo.Write(t, dir, map[string]string{"internal/orders/validate.go": "package orders\n\n// Validate checks.\nfunc Validate(o *Order, strict bool) error { return nil }\n"})
	changed := build([]byte("Only `Validate` in `internal/orders/validate.go` this time.\n"))
	if changed.Stats.FilesParsed != 1 || !strings.Contains(changed.Doc.Markdown(), "strict bool") {
		t.Errorf("a changed file: parsed %d\n%s", changed.Stats.FilesParsed, changed.Doc.Markdown())
	}
}

// TestCacheKeepsUnparsedLanguages: a definition located by text in a file
// of a language no parser reads (a .vue file's `const disabled`) is read
// back from the cache with that language: the warm run prints what the
// cold one did.
func TestCacheKeepsUnparsedLanguages(t *testing.T) {
	t.Parallel()
	repo, err := gitinfo.Open(testrepo.New(t, map[string]string{
		"go.mod":      "module x\n",
		"pkg/hook.go": "package pkg\n\n// Hook is a webhook target.\ntype Hook struct {\n\tID int64 `json:\"id\"`\n}\n",
		"web/Toggle.vue": "<script setup lang=\"ts\">\nimport {computed} from 'vue'\nconst props = defineProps<{modelValue: boolean}>()\n" +
			"const disabled = computed(() => !props.modelValue)\n</script>\n<template><button :disabled=\"disabled\">x</button></template>\n",
	}))
	if err != nil {
		t.Fatal(err)
	}
	sp := spec.Parse("spec.md", []byte("# Pause hooks\n\nThe `Hook` struct gains `disabled`.\n"))
	// The fixture's change times settle, so that the first run keeps what
	// it found by text for the second.
	time.Sleep(racyWait)
	var out []string
	for range 2 {
		res, err := appendix.Build(context.Background(), repo, sp, appendix.Config{Round: 2, Budget: 200})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, res.Doc.Markdown())
	}
	if !strings.Contains(out[0], "Toggle.vue") {
		t.Fatalf("the cold run locates nothing in Toggle.vue:\n%s", out[0])
	}
	if out[0] != out[1] {
		t.Errorf("the warm run differs:\n%s", cmp.Diff(out[0], out[1]))
	}
}

// alternateSpecs runs two specs on the files in turn, four runs with the
// cache: the first run of each parses the file once, the second none.
// Each run's output is a cacheless run's, and shown holds for the second
// spec's.
func alternateSpecs(t *testing.T, files map[string]string, first, second, shown string) {
	t.Helper()
	alternateSpecsParsing(t, files, first, second, shown, [4]int{1, 1, 0, 0})
}

// alternateSpecsParsing is alternateSpecs where the four runs parse the
// given numbers of files.
func alternateSpecsParsing(t *testing.T, files map[string]string, first, second, shown string, parsed [4]int) {
	t.Helper()
	repo, err := gitinfo.Open(testrepo.New(t, files))
	if err != nil {
		t.Fatal(err)
	}
	build := func(sp string, noCache bool) *appendix.Result {
		t.Helper()
		res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", []byte(sp)), appendix.Config{Round: 2, Budget: 200, NoCache: noCache})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	for i, step := range []struct {
		spec   string
		parsed int
	}{{first, parsed[0]}, {second, parsed[1]}, {first, parsed[2]}, {second, parsed[3]}} {
		got := build(step.spec, false)
		if got.Stats.FilesParsed != step.parsed {
			t.Errorf("run %d: parsed %d files, want %d", i+1, got.Stats.FilesParsed, step.parsed)
		}
		want := build(step.spec, true).Doc.Markdown()
		if got.Doc.Markdown() != want {
			t.Errorf("run %d differs from a cacheless run:\n%s", i+1, cmp.Diff(want, got.Doc.Markdown()))
		}
		if step.spec == second && !strings.Contains(want, shown) {
			t.Errorf("run %d lacks %q:\n%s", i+1, shown, want)
		}
	}
}

// TestFocusedCacheGrows: a file is parsed only in the statements a search
// needs; a later spec that needs other statements of it parses them with
// the earlier ones, and from then on both specs are answered from the
// cache, with the output a cacheless run gives.
func TestFocusedCacheGrows(t *testing.T) {
	var b strings.Builder
	b.WriteString("package store\n")
	for _, n := range []string{"Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Omega"} {
		fmt.Fprintf(&b, "\n// %s does its part.\nfunc %s(id int64) error {\n\tif id < 0 {\n\t\treturn nil\n\t}\n\treturn nil\n}\n", n, n)
	}
	alternateSpecs(t, map[string]string{"go.mod": "module x\n", "store/store.go": b.String()},
		"Change `Alpha` only.\n", "Change `Omega` only.\n", "func Omega(id int64) error")
}

// TestCacheBuildsWhatASpecNames: an extraction builds the snippets of the
// definitions its spec names only; a later spec naming another definition
// of the same statement parses it again, and from then on both are
// answered from the cache, with the output a cacheless run gives.
func TestCacheBuildsWhatASpecNames(t *testing.T) {
	alternateSpecs(t, map[string]string{"shop/order.py": "class Order:\n    \"\"\"An order.\"\"\"\n\n    def ship(self, carrier):\n        \"\"\"Hands it to a carrier.\"\"\"\n        return carrier\n\n    def cancel(self, reason):\n        \"\"\"Cancels it for a reason.\"\"\"\n        return reason\n"},
		"`Order.ship()` hands it over.\n", "`Order.cancel()` stops it.\n", "def cancel(self, reason)")
}

// TestCacheSkipsBodiesForItsSearch: a function body is not walked for
// definitions, since none declared in it is kept; a later spec naming a
// class declared in one is answered from the first run's extraction, and
// gets what a cacheless run gets: declared only inside another definition.
func TestCacheSkipsBodiesForItsSearch(t *testing.T) {
	alternateSpecsParsing(t, map[string]string{"shop/build.py": "def build_order(cart):\n    \"\"\"Builds it.\"\"\"\n\n    class Draft:\n        lines = cart\n\n    return Draft\n\n\ndef ship(order):\n    return order\n"},
		"`build_order(cart)` and `ship(order)` make it.\n", "`build_order(cart)` returns a `Draft`.\n", "declared only inside", [4]int{1, 0, 0, 0})
}

// TestCacheLeavesOutClassesForItsSearch: a class whose methods only call
// a wanted function is not parsed for it; a later spec naming one of its
// methods parses the file again, and gets what a cacheless run gets. The
// extraction that skipped a method body holding the name the first spec
// wants is kept for its own search only, beside the first's: neither
// spec's next run parses the file again.
func TestCacheLeavesOutClassesForItsSearch(t *testing.T) {
	alternateSpecsParsing(t, map[string]string{"shop/ledger.py": "def settle(entry):\n    \"\"\"Settles it.\"\"\"\n    return entry\n\n\n" +
		"class Ledger:\n    \"\"\"Entries, posted and settled.\"\"\"\n\n    def post(self, entry):\n        return settle(entry)\n\n" +
		"    def close(self):\n        return settle(None)\n"},
		"`settle(entry)` settles an entry.\n", "`Ledger.post()` posts it.\n", "def post(self, entry)", [4]int{1, 1, 0, 0})
}

// TestKeptListingsSeeNewFiles: directory listings are kept between runs,
// and a file added since is found (its directory's time changed).
func TestKeptListingsSeeNewFiles(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"go.mod": "module x\n", "orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct{}\n"})
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ca := cache.Load(dir, appendix.Version)
	ca.Started = time.Now().Add(time.Hour).UnixNano() // as if an hour later: every listing is kept
	build := func(sp string) *appendix.Result {
		t.Helper()
		res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", []byte(sp)), appendix.Config{Round: 2, Budget: 200, Cache: ca})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	build("The `Order` type.\n")
	if _, ok := ca.Dirs["orders"]; !ok {
		t.Fatalf("no listing kept for orders/: %v", ca.Dirs)
	}
	// Add a file.
	testrepo.Write(t, dir, map[string]string{"orders/fresh.go": "package orders\n\n// Fresh is new.\nfunc Fresh() {}\n"})
	later := time.Now().Add(time.Minute)
	os.Chtimes(filepath.Join(dir, "orders"), later, later)
	res := build("The `Order` type and `Fresh`.\n")
	if md := res.Doc.Markdown(); !strings.Contains(md, "func Fresh()") {
		t.Errorf("the new file was not listed:\n%s", md)
	}
}

// TestWarningDetails: a warning is one line on stderr, a string in JSON's
// "warnings", and an object with its kind and file in "warning_details".
func TestWarningDetails(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "orders.go"), []byte("package orders\n\ntype Order struct{ ID int }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCLI(t, dir, []byte("The `Order` type.\n"), "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Warnings []string `json:"warnings"`
		Details  []struct {
			Kind, Path, Message string
		} `json:"warning_details"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	want := dir + ": is not in a git repository: searched every file under it, with no provenance"
	if len(doc.Warnings) != 1 || doc.Warnings[0] != want {
		t.Fatalf("warnings = %q, want [%q]", doc.Warnings, want)
	}
	if len(doc.Details) != 1 || doc.Details[0].Kind != "not-git" || doc.Details[0].Path != dir {
		t.Fatalf("warning_details = %+v", doc.Details)
	}
	if !strings.Contains(stderr, "appendix: warning: "+want+"\n") {
		t.Fatalf("stderr lacks the warning line:\n%s", stderr)
	}
}

// TestFlagErrorShorthand: a bad value for a flag that has a shorthand is
// named by its long form, in plain words.
func TestFlagErrorShorthand(t *testing.T) {
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"--help=maybe", "spec.md"}, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if want := "--help maybe: want true or false"; !strings.Contains(errb.String(), want) {
		t.Fatalf("stderr %q lacks %q", errb.String(), want)
	}
}

// TestOneArtifactNeverTakesAll: an artifact longer than the budget is cut
// to its head, and the small artifacts after it stay, where dropping from
// the end would have emptied the appendix.
func TestOneArtifactNeverTakesAll(t *testing.T) {
	// A table literal no trim shortens (a long string literal is cut
	// to its first and last lines whatever the budget).
	var prompt strings.Builder
	prompt.WriteString("package agent\n\n// Prompt is the system prompt's table.\nvar Prompt = map[string]int{\n")
	for i := 0; i < 240; i++ {
		prompt.WriteString("\t\"line" + itoa(i) + "\": " + itoa(i) + ",\n")
	}
	prompt.WriteString("}\n")
	out := appendixOf(t, map[string]string{
		"agent/prompt.go": prompt.String(),
		"agent/run.go":    "package agent\n\n// Run runs the agent.\nfunc Run(task string) error { return nil }\n\n// Stop stops it.\nfunc Stop() {}\n",
	}, "The `Prompt` constant changes; `Run` and `Stop` read it.\n", "--appendix-only", "--budget", "80")
	for _, want := range []string{"var Prompt", "more lines omitted", "func Run(task string) error", "func Stop()"} {
		if !strings.Contains(out, want) {
			t.Errorf("appendix lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "\n"); n > 80 {
		t.Errorf("appendix has %d lines, budget 80", n)
	}
}

// TestTestFilesGiveWayFirst: a definition found only in a test file ranks
// after the code's own, however often the spec names it.
func TestTestFilesGiveWayFirst(t *testing.T) {
	out := appendixOf(t, map[string]string{
		"orders/order.go":      "package orders\n\n// Order is one order.\ntype Order struct{ ID int }\n",
		"orders/order_test.go": "package orders\n\n// fakeClock stands in for time.\ntype fakeClock struct{ now int }\n",
	}, "`fakeClock` drives `fakeClock` ticks.\n\nThe `Order` type and `fakeClock` again.\n", "--format", "json")
	var doc struct {
		Artifacts []struct{ Path string } `json:"artifacts"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Artifacts) != 2 || doc.Artifacts[0].Path != "orders/order.go" {
		t.Fatalf("artifacts %+v: want orders/order.go first", doc.Artifacts)
	}

	// The code's own functions past the guideline of eight signatures
	// still come before a test file's type, within the guideline of types.
	files := map[string]string{"orders/order_test.go": "package orders\n\ntype fakeClock struct{ now int }\n"}
	spec := "`fakeClock` drives `fakeClock` ticks; `fakeClock` again.\n\n"
	for _, n := range []string{"Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India"} {
		files["orders/"+strings.ToLower(n)+".go"] = "package orders\n\nfunc " + n + "() {}\n"
		spec += "The `" + n + "` function.\n"
	}
	out = appendixOf(t, files, spec, "--format", "json")
	doc.Artifacts = nil
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if n := len(doc.Artifacts); n != 10 || doc.Artifacts[n-1].Path != "orders/order_test.go" {
		t.Fatalf("artifacts %+v: want the test file's last", doc.Artifacts)
	}
}

// TestSQLInStringsIsNoFalseGap: a table a Go migration creates in a string
// is not called absent: the gap says where the SQL declares it, and that
// line is shown, located by text, even inside the function that holds it.
func TestSQLInStringsIsNoFalseGap(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"go.mod":           "module x\n",
		"db/migrations.go": "package db\n\nimport \"database/sql\"\n\nvar migrations = []func(tx *sql.Tx) error{\n\tfunc(tx *sql.Tx) error {\n\t\t_, err := tx.Exec(`\n\t\t\tCREATE TABLE entry_tombstones (\n\t\t\t\tfeed_id int not null\n\t\t\t);\n\t\t`)\n\t\treturn err\n\t},\n}\n",
	})
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", []byte("Rows go to the `entry_tombstones` table and `migrations` grows.\n")), appendix.Config{Round: 2, Budget: 200, NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	var gaps []string
	for _, g := range res.Doc.Gaps {
		gaps = append(gaps, fmt.Sprintf("%s %s: %s", g.Kind, g.Ref, g.Hint))
	}
	want := "unparsed entry_tombstones: appears in 1 Go file with SQL in its strings, not parsed: db/migrations.go:8; its declaration, located by text, is shown"
	if !slices.Contains(gaps, want) {
		t.Errorf("gaps %q lack %q", gaps, want)
	}
	if md := res.Doc.Markdown(); !strings.Contains(md, "CREATE TABLE entry_tombstones (") {
		t.Errorf("the CREATE TABLE line is not shown:\n%s", md)
	}
}

// A spec kept inside the repository writes paths relative to itself: they
// are read from its directory, and one that would leave the repository
// stays as written.
func TestSpecRelativePaths(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"pkg/cost/cost.go":   "package cost\n\n// EvictionCost is what evicting a pod costs.\nfunc EvictionCost(p int) float64 { return 1 }\n",
		"other/cost/cost.go": "package cost\n\n// EvictionCost of the other kind.\nfunc EvictionCost(p int) float64 { return 2 }\n",
		"designs/rfc.md":     "# RFC\n\nThe score is built from `EvictionCost` in [`../pkg/cost/cost.go`](../pkg/cost/cost.go).\nSee `../../outside.md`.\n",
		"designs/notes.md":   "notes\n",
	})
	out, stderr, code := runIn(t, nil, "--repo", dir, "--now", fixedNow, filepath.Join(dir, "designs", "rfc.md"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "pkg/cost/cost.go") || strings.Contains(out, "other/cost/cost.go") {
		t.Errorf("EvictionCost not taken from the path beside it:\n%s", out)
	}
	for _, p := range []string{"../pkg/cost/cost.go"} {
		if strings.Contains(out, "`"+p+"` (spec line") {
			t.Errorf("%s reported missing:\n%s", p, out)
		}
	}
	// A session's spec directory starts with a dot, which stays.
	testrepo.Write(t, dir, map[string]string{
		".adversarial-spec/specs/cost/spec.md": "# RFC\n\nThe score uses `EvictionCost` in `../../../pkg/cost/cost.go`, as `../costs.md` says.\n",
		".adversarial-spec/specs/costs.md":     "# Costs\n",
	})
	out, stderr, code = runIn(t, nil, "--repo", dir, "--now", fixedNow, filepath.Join(dir, ".adversarial-spec", "specs", "cost", "spec.md"))
	if code != 0 || !strings.Contains(out, "pkg/cost/cost.go (line") || strings.Contains(out, "other/cost/cost.go") || strings.Contains(out, "(spec line 3): no file") {
		t.Errorf("exit %d: %s\n%s", code, stderr, out)
	}
}

// "a `dayType` option" names a value: an enum member in a const block is
// its definition, not "declared as a member, the spec does not say whose".
func TestValueWordingFindsEnumMember(t *testing.T) {
	out := appendixOf(t, map[string]string{
		"config/options.go": "package config\n\ntype valueType int\n\nconst (\n\tstringType valueType = iota\n\tdayType\n)\n\ntype option struct {\n\tparsedDuration int\n\tkind valueType\n}\n",
	}, "# Retention\n\n`\"CLEANUP_DAYS\"` is a `dayType` option parsed into `parsedDuration`.\n")
	if !strings.Contains(out, "\tdayType\n") || strings.Contains(out, "does not say whose") {
		t.Errorf("dayType not shown from its const block:\n%s", out)
	}
}

// A name the code holds as a settings map's key is in the code: the gap
// says where, never "no definition". A key in a test file alone (fixture
// data) leaves "no definition".
func TestStringKeyIsNoAbsentName(t *testing.T) {
	out := appendixOf(t, map[string]string{
		"config/options.go":      "package config\n\n// NewOptions returns the defaults.\nfunc NewOptions() map[string]string {\n\treturn map[string]string{\n\t\t\"CLEANUP_ARCHIVE_READ_DAYS\": \"60\",\n\t}\n}\n",
		"config/options_test.go": "package config\n\nvar cases = map[string]string{\n\t\"BATCH_COUNT\": \"2\",\n}\n",
	}, "# Retention\n\nEntries are archived after `CLEANUP_ARCHIVE_READ_DAYS`, in batches of `BATCH_COUNT`.\n")
	for _, want := range []string{
		"`CLEANUP_ARCHIVE_READ_DAYS` (spec line 3): no declaration by that name in the repository at ",
		"; a string key at config/options.go:6; not shown",
		"`BATCH_COUNT` (spec line 3): no definition in the repository at ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// `config.Opts.ReadDays()`: a package's variable, followed to its type,
// whose method it names.
func TestPackageVariableChain(t *testing.T) {
	out := appendixOf(t, map[string]string{
		"config/config.go":  "package config\n\n// Opts holds parsed configuration options.\nvar Opts *configOptions\n",
		"config/options.go": "package config\n\ntype configOptions struct {\n\traw int\n}\n\n// ReadDays is how long read entries are kept.\nfunc (c *configOptions) ReadDays() int { return c.raw }\n",
		"feeds/feed.go":     "package feeds\n\ntype Feed struct{}\n\n// ReadDays of a feed.\nfunc (f *Feed) ReadDays() int { return 2 }\n",
	}, "# Retention\n\nRead entries are archived after `config.Opts.ReadDays()` days.\n")
	if !strings.Contains(out, "func (c *configOptions) ReadDays() int") || strings.Contains(out, "Context Gaps") {
		t.Errorf("config.Opts.ReadDays not followed to configOptions:\n%s", out)
	}
}

// A protobuf package qualifies its messages: `prometheus_copy.TimeSeries`
// is the message of the file that declares that package, not a
// dependency's name.
func TestProtobufPackageQualifier(t *testing.T) {
	out := appendixOf(t, map[string]string{
		"pkg/store/prompb/types.proto": "syntax = \"proto3\";\npackage prometheus_copy;\n\n// A series.\nmessage TimeSeries {\n  repeated string labels = 1;\n}\n",
	}, "# Query API\n\nEach response carries a `prometheus_copy.TimeSeries`.\n")
	if !strings.Contains(out, "message TimeSeries {") {
		t.Errorf("TimeSeries not shown:\n%s", out)
	}
}

// A type trimmed for the budget keeps its declaring line, past decorators
// that run over many lines.
func TestTrimKeepsDeclarationPastDecorators(t *testing.T) {
	var deco, fields strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&deco, "    { association: \"a%d\", required: false },\n", i)
		fmt.Fprintf(&fields, "  col%02d: string;\n", i)
	}
	src := "@DefaultScope(() => ({\n  include: [\n" + deco.String() + "  ],\n}))\nexport class Share extends Model {\n  revokedAt: Date | null;\n" + fields.String() + "}\n"
	dir := testrepo.New(t, map[string]string{"server/models/Share.ts": src})
	out, stderr, code := runCLI(t, dir, []byte("# Expiry\n\nThe `Share` model gains an expiry next to `revokedAt`.\n"), "--budget", "30")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "export class Share extends Model {") {
		t.Errorf("the trimmed class lost its declaring line:\n%s", out)
	}
}

// appendixOf runs the appendix of a spec, given on standard input, on a
// repository of files, and fails the test unless it exits 0.
func appendixOf(t *testing.T, files map[string]string, spec string, args ...string) string {
	t.Helper()
	out, stderr, code := runCLI(t, testrepo.New(t, files), []byte(spec), args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	return out
}

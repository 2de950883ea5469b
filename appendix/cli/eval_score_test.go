package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// evalShop is a small repository: a struct of 42 fields, which a budget
// of 40 lines trims to the fields the spec names, a function shown by its
// signature, and a type in vendored code, which the tool does not read,
// so that a plain search finds what the tool reports as new.
func evalShop() map[string]string {
	var fields strings.Builder
	for i := range 40 {
		fmt.Fprintf(&fields, "\tField%02d string\n", i)
	}
	return map[string]string{
		"store/order.go": "package store\n\n// Order is a placed order.\ntype Order struct {\n\tID        int64\n" + fields.String() +
			"\tDiscount  int64\n}\n\n// LoadOrder reads an order.\nfunc LoadOrder(id int64) (*Order, error) {\n\to := &Order{ID: id}\n\treturn o, nil\n}\n",
		"third_party/coupon/coupon.go": "package coupon\n\ntype Coupon struct{}\n\nfunc apply_coupon(order int) int {\n\treturn order - 5\n}\n",
		"docs/notes.md":                "```\ntype PriceRule struct{}\n```\n",
	}
}

const evalShopSpec = `# Spec: discounts

` + "`Order.Discount`" + ` becomes a percentage. ` + "`LoadOrder`" + ` fills it.

We add a new ` + "`Coupon`" + ` class with ` + "`apply_coupon`" + `, and a new ` + "`PriceRule`" + ` type caps the discount.
`

// evalShopCase is the case scored on evalShop, with %s for the commit.
const evalShopCase = `{
  "name": "acme-discounts",
  "repo": "acme/shop",
  "commit": "%s",
  "spec_file": "specs/discounts.md",
  "args": ["--budget", "40"],
  "why": "a reviewer of the discount change checks the Order struct and its loader",
  "expect": [
    {"path": "store/order.go", "symbol": "Order", "line": 4, "why": "the struct the spec changes"},
    {"path": "store/order.go", "symbol": "Order.Discount", "line": 46},
    {"path": "store/order.go", "symbol": "Order", "line": 26, "why": "a field the trimmed struct elides"},
    {"path": "store/order.go", "symbol": "LoadOrder", "line": 50, "why": "the signature, shown without its brace"},
    {"path": "store/order.go", "symbol": "LoadOrder", "line": 51, "why": "a body line; the artifact is the signature"}
  ],
  "gaps": ["PriceRule", "Coupon", "Voucher"],
  "never": ["Field20", "reads an order"]
}`

// evalShopRepo builds evalShop as the clone acme+shop under a new root
// and returns the root, the clone and its commit.
func evalShopRepo(t *testing.T) (root, dir, commit string) {
	root = t.TempDir()
	dir = filepath.Join(root, "acme+shop")
	testrepo.Write(t, dir, evalShop())
	return root, dir, testrepo.Commit(t, testrepo.Init(t, dir), "fixture", 0).String()
}

func evalShopSpecDir(t *testing.T) string {
	specDir := t.TempDir()
	testrepo.Write(t, specDir, map[string]string{"specs/discounts.md": evalShopSpec})
	return specDir
}

func TestScoreEvalCase(t *testing.T) {
	root, _, commit := evalShopRepo(t)
	specDir := evalShopSpecDir(t)
	c, err := parseEvalCase(filepath.Join(specDir, "acme-discounts.json"), fmt.Appendf(nil, evalShopCase, commit), specDir)
	if err != nil {
		t.Fatal(err)
	}
	r, problems := runEvalCase(context.Background(), c, root, specDir)
	if len(problems) > 0 || r.Failed != "" {
		t.Fatalf("problems %q, failed %q", problems, r.Failed)
	}
	// The declaration, the kept field and the signature count; the
	// elided field and the body line behind the signature do not.
	if r.Found != 3 || len(r.Misses) != 2 {
		t.Fatalf("found %d, misses %q; want 3 found and 2 misses", r.Found, r.Misses)
	}
	if m := r.Misses[0]; !strings.HasPrefix(m, "store/order.go:26 Order: ") || !strings.Contains(m, "spans the line but elides it") {
		t.Errorf("elided line: %q", m)
	}
	if m := r.Misses[1]; !strings.HasPrefix(m, "store/order.go:51 LoadOrder: ") || !strings.Contains(m, "is shown at") {
		t.Errorf("body line: %q", m)
	}
	// Coupon and apply_coupon are defined in a file the tool does not
	// read; PriceRule only in a design note, which is no definition.
	want := []string{"`Coupon` (new, spec line 5): defined at third_party/coupon/coupon.go:3", "`apply_coupon` (new, spec line 5): defined at third_party/coupon/coupon.go:5"}
	if !slices.Equal(r.FalseGaps, want) {
		t.Errorf("false gaps %q, want %q", r.FalseGaps, want)
	}
	if !slices.Equal(r.MissingGaps, []string{"Voucher"}) {
		t.Errorf("missing gaps %q", r.MissingGaps)
	}
	if !slices.Equal(r.Forbidden, []string{"reads an order"}) {
		t.Errorf("forbidden %q", r.Forbidden)
	}
	if !r.budgetOK() || r.BudgetLimit != 40 || r.BudgetUsed == 0 || !r.Deterministic || r.SpecLines != 5 || r.Long {
		t.Errorf("budget %d/%d, deterministic %v, spec lines %d, long %v", r.BudgetUsed, r.BudgetLimit, r.Deterministic, r.SpecLines, r.Long)
	}

	// A missing clone and a clone at another commit fail, and their
	// expected definitions count as not found in the totals.
	missing := *c
	missing.Name, missing.Repo = "gone", "acme/gone"
	rm, _ := runEvalCase(context.Background(), &missing, root, specDir)
	if !strings.HasPrefix(rm.Failed, "missing repo") {
		t.Errorf("missing clone: %q", rm.Failed)
	}
	moved := *c
	moved.Name, moved.Commit = "moved", strings.Repeat("0", 40)
	rw, _ := runEvalCase(context.Background(), &moved, root, specDir)
	if !strings.HasPrefix(rw.Failed, "not at the pinned commit") {
		t.Errorf("other commit: %q", rw.Failed)
	}
	inRepo := *c
	inRepo.Name, inRepo.SpecFile, inRepo.Spec = "in-repo", "", "docs/none.md"
	if ri, problems := runEvalCase(context.Background(), &inRepo, root, specDir); !strings.Contains(ri.Failed, "docs/none.md is not in the repository") || len(problems) != 1 {
		t.Errorf("spec not in the repository: %q, problems %q", ri.Failed, problems)
	}
	report := evalReport([]*evalResult{r, rm, rw})
	total := regexp.MustCompile(`\| \*\*TOTAL\*\* \(3 cases, 2 failed\) +\| +\| +\| 15 +\| 3 +\| \d+ +\| 20\.0% +\| 2 +\| 1 +\| 1 +\| 1/3 +\| 1/3 +\|`)
	if !total.MatchString(report) {
		t.Errorf("no TOTAL row of 15 expected, 3 found:\n%s", report)
	}
	for _, s := range []string{
		"- not found: store/order.go:26 Order: A1 (lines 3-47) spans the line but elides it",
		"- false gap: `Coupon` (new, spec line 5): defined at third_party/coupon/coupon.go:3",
		"- FAILED: missing repo",
	} {
		if !strings.Contains(report, s) {
			t.Errorf("report lacks %q:\n%s", s, report)
		}
	}
}

// TestScoreEvalIndex scores signature index lines: one counts when it
// stands at the expected declaring line and its signature names the
// symbol, and is counted apart; one at another line, or naming another
// symbol, does not.
func TestScoreEvalIndex(t *testing.T) {
	_, dir, _ := evalShopRepo(t)
	c := &evalCase{Name: "index", Expect: []evalExpect{
		{Path: "store/order.go", Symbol: "LoadOrder", Line: 50},
		{Path: "store/order.go", Symbol: "Order", Line: 4},
		{Path: "store/order.go", Symbol: "Order.Discount", Line: 46},
	}}
	var doc evalDoc
	js := `{"artifacts": [{"label": "A1", "kind": "index", "entries": [
		{"path": "store/order.go", "line": 50, "signature": "func LoadOrder(id int64) (*Order, error)"},
		{"path": "store/order.go", "line": 5, "signature": "type Order struct"},
		{"path": "store/order.go", "line": 46, "signature": "type Order struct"}]}]}`
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	r := &evalResult{Case: c}
	scoreEval(context.Background(), r, dir, nil, "", "", &doc)
	if r.Found != 1 || r.Indexed != 1 || len(r.Misses) != 2 {
		t.Errorf("found %d, indexed %d, misses %q; want 1, 1 and 2 misses", r.Found, r.Indexed, r.Misses)
	}
}

// TestScoreEvalMemberGaps: a gap naming a member of a name the
// repository's code never spells is no false gap, though another type
// defines a member of that name; one of a name the code spells is.
func TestScoreEvalMemberGaps(t *testing.T) {
	_, dir, _ := evalShopRepo(t)
	var doc evalDoc
	js := `{"unresolved": [
		{"ref": "priceCap.LoadOrder", "kind": "new", "spec_line": 3, "hint": "new in this spec: not in the repository"},
		{"ref": "Order.LoadOrder", "kind": "absent", "spec_line": 4, "hint": "no definition in the repository"}]}`
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	r := &evalResult{Case: &evalCase{Name: "members"}}
	scoreEval(context.Background(), r, dir, []string{"store/order.go", "third_party/coupon/coupon.go"}, "", "", &doc)
	want := []string{"`Order.LoadOrder` (absent, spec line 4): defined at store/order.go:50"}
	if !slices.Equal(r.FalseGaps, want) {
		t.Errorf("false gaps %q, want %q", r.FalseGaps, want)
	}
}

func TestEvalDirtyClone(t *testing.T) {
	root, dir, commit := evalShopRepo(t)
	testrepo.Write(t, dir, map[string]string{"store/extra.go": "package store\n"})
	if _, failed := evalCheckRepo(context.Background(), dir, commit); failed != "the work tree differs from the pinned commit: store/extra.go" {
		t.Errorf("dirty clone: %q", failed)
	}
	if _, failed := evalCheckRepo(context.Background(), root, commit); !strings.Contains(failed, "not the root of a git work tree") {
		t.Errorf("no clone: %q", failed)
	}
}

func TestParseEvalCase(t *testing.T) {
	specDir := evalShopSpecDir(t)
	commit := strings.Repeat("a", 40)
	file := filepath.Join(specDir, "acme-discounts.json")
	good := fmt.Sprintf(evalShopCase, commit)
	if _, err := parseEvalCase(file, []byte(good), specDir); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`"gaps"`, `"gap"`, `unknown field "gap"`},
		{`"line": 46}`, `"line": 46, "lines": 2}`, `unknown field "lines"`},
		{`"acme-discounts"`, `"acme"`, "is not the file name"},
		{`"acme/shop"`, `"shop"`, "is not owner/name"},
		{commit, strings.ToUpper(commit), "40 lowercase hex"},
		{`"spec_file": "specs/discounts.md"`, `"spec": "docs/x.md", "spec_file": "specs/discounts.md"`, "exactly one of"},
		{`"specs/discounts.md"`, `"specs/none.md"`, "no such file"},
		{`"specs/discounts.md"`, `"../discounts.md"`, "not a clean relative"},
		{`"line": 4,`, `"line": 0,`, "lines start at 1"},
		{`"symbol": "LoadOrder"`, `"symbol": ""`, "want a name"},
		{`"--budget", "40"`, `"--format", "json"`, "set by the harness"},
		{`"--budget", "40"`, `"--bugdet", "40"`, "unknown flag"},
		{`"--budget", "40"`, `"--budget", "40", "spec.md"`, "only flags"},
		{`"never": [`, `"never": ["", `, "no surrounding space"},
	} {
		bad := strings.Replace(good, tc.old, tc.new, 1)
		if bad == good {
			t.Fatalf("%q is not in the case", tc.old)
		}
		if _, err := parseEvalCase(file, []byte(bad), specDir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s -> %s: error %v, want %q", tc.old, tc.new, err, tc.want)
		}
	}
	if _, err := parseEvalCase(file, []byte(good+"{}"), specDir); err == nil {
		t.Error("a second value is accepted")
	}
	if _, err := parseEvalCase(file, []byte(strings.Replace(good, `"why": "a reviewer of the discount change checks the Order struct and its loader"`, `"why": ""`, 1)), specDir); err == nil || !strings.Contains(err.Error(), "why is empty") {
		t.Errorf("empty why: %v", err)
	}
}

func TestEvalDefinitionRe(t *testing.T) {
	for _, tc := range []struct {
		src, name string
		want      bool
	}{
		{"func (r *Repo) Walk(ctx context.Context) {", "Walk", true},
		{"func Walk() {", "Walk", true},
		{"export const Foo = 1;", "Foo", true},
		{"export default function foo() {}", "foo", true},
		{"pub fn foo() {}", "foo", true},
		{"    async def foo(self):", "foo", true},
		{"class Foo(Base):", "Foo", true},
		{"type Query {", "Query", true},
		{"type Foo struct {", "Foo", true},
		{"model User {", "User", true},
		{"message Ping {", "Ping", true},
		{"enum Color { Red }", "Color", true},
		{"interface Shape {}", "Shape", true},
		{"MaxRetries = 3", "MaxRetries", true},
		{"\tg = NewWithT(t)", "g", false},
		{"\tcro.output = val\n\tg.Expect(x)", "g", false},
		{"MAX =\n  3", "MAX", true},
		{"CREATE TABLE IF NOT EXISTS public.\"users\" (", "users", true},
		{"create table Users (", "users", true},
		{"Foo == 3", "Foo", false},
		{"x := Foo()", "Foo", false},
		{"// call Foo here", "Foo", false},
		{"type FooBar struct {", "Foo", false},
		{"func (r *Repo) WalkAll() {", "Walk", false},
		{"CREATE TABLE users_archive (", "users", false},
		{"    public ResponseEntity<List<VisitDto>> listVisits(Integer id) {", "listVisits", true},
		{"    private static final int MAX_RETRIES = 3;", "MAX_RETRIES", true},
		{"    private final VisitMapper visitMapper, otherMapper;", "visitMapper", true},
		{"    List<Visit> findByPetId(Integer petId);", "findByPetId", true},
		{"    void saveVisit(Visit visit) throws DataAccessException;", "saveVisit", true},
		{"        return findByPetId(id);", "findByPetId", false},
		{"fun ApiKey.toDto() =", "toDto", true},
		{"suspend fun <T> List<T>.second(): T", "second", true},
		{"object Users : IntIdTable(\"users\") {", "Users", true},
		{"    val dto = key.toDto()", "toDto", false},
		{"        visits = repo.findByPetId(id);", "findByPetId", false},
		{"    public ResponseEntity<VisitDto> get(Integer id) {", "VisitDto", false},
	} {
		if got := evalDefinitionRe(tc.name).MatchString(tc.src); got != tc.want {
			t.Errorf("%q defines %s: %v, want %v", tc.src, tc.name, got, tc.want)
		}
	}
	for ref, want := range map[string]string{"Repo.Walk": "Walk", "Foo::bar()": "bar", "Foo#bar": "bar", "apply_coupon": "apply_coupon",
		"search.Run(ctx)": "Run", "rate-limit": "", "/api/users": "", "pkg.": "pkg"} {
		if got := evalWord(ref); got != want {
			t.Errorf("evalWord(%q) = %q, want %q", ref, got, want)
		}
	}
}

// TestEvalLocal: an indented let, var or const of Rust, JavaScript,
// TypeScript or Go is a local, and a key at the start of a configuration
// file's line a setting: neither is the definition a false gap is judged
// by. A Kotlin class's indented val is a member, and a top-level const a
// definition.
func TestEvalLocal(t *testing.T) {
	for _, tc := range []struct {
		path, src, name string
		want            bool
	}{
		{"src/a.rs", "fn f() {\n    let new_conf = conf();\n}", "new_conf", true},
		{"src/a.ts", "function f() {\n  const isLoading = a && b\n}", "isLoading", true},
		{"pyproject.toml", "[tool.pytest]\nxfail_strict = true\n", "xfail_strict", true},
		{"src/A.kt", "class A {\n    val retries = 3\n}", "retries", false},
		{"src/A.kt", "private fun Project.configureTests() {\n    val jvmTest = tasks.named(\"jvmTest\") {\n    }\n}", "jvmTest", true},
		{"src/A.kt", "class A {\n    fun f() = 1\n\n    val retries = 3\n}", "retries", false},
		{"b/build.gradle.kts", "tasks {\n    val jvmTest = register(\"jvmTest\") {\n    }\n}", "jvmTest", true},
		{"src/A.kt", "companion object {\n    val DEFAULT = 3\n}", "DEFAULT", false},
		{"src/a.ts", "export const isLoading = 1\n", "isLoading", false},
		{"src/a.go", "func f() {\n\tvar total int\n}", "total", true},
	} {
		data := []byte(tc.src)
		loc := evalDefinitionRe(tc.name).FindIndex(data)
		if loc == nil {
			t.Fatalf("%s: no match of %s", tc.path, tc.name)
		}
		if got := evalLocal(tc.path, data, loc[0], tc.name); got != tc.want {
			t.Errorf("%s %q: evalLocal = %v, want %v", tc.path, tc.name, got, tc.want)
		}
	}
}

func TestEvalHasLine(t *testing.T) {
	for _, tc := range []struct {
		text, want string
		has        bool
	}{
		{"type Order struct {\n\tID int64\n}", "ID int64", true},
		{"type Order struct {\n\t// ... 40 more fields omitted\n}", "Field20 string", false},
		{"// LoadOrder reads.\nfunc LoadOrder(id int64) (*Order, error)", "func LoadOrder(id int64) (*Order, error) {", true},
		{"def tax(order) -> int:", "def tax(order) -> int:", true},
		{"def tax(order) -> int", "def tax(order) -> int:", true},
		{"export const f = (r: R): boolean =>", "export const f = (r: R): boolean => {", true},
		{"fun ApiKey.toDto()", "fun ApiKey.toDto() =", true},
		{"fun total(): Long", "fun total(): Long = items.sumOf { it.cents }", false},
		{"func Walk( // ... 3 more lines omitted", "func Walk(", true},
		{"async def run(self, # ... 1 more line omitted", "async def run(self,", true},
		{"def run_in_background(f: Callable[P, R], *args: P.args) -> R:", "def run_in_background(  # type: ignore[misc]", true},
		{"func LoadOrder(id int64) (*Order, error)", "func LoadOrder(id int64) (*Order, error) { return nil, nil }", false},
		{"func LoadOrder(id int64)", "func LoadOrder(id int64) (*Order, error) {", false},
		{"func Walk( // the walk", "func Walk(", false},
		{"class A:\n    def get(self): ...", "def get(self):", true},
		{"func (s *S) Get() error { ... }", "func (s *S) Get() error {", true},
		{"def get(self): return 1", "def get(self):", false},
		{"class Order < ApplicationRecord\n  def cancel!(reason) ... end\nend", "def cancel!(reason)", true},
		{"def cancel!(reason) ... ended", "def cancel!(reason)", false},
		// A signature joined onto its first line holds that line.
		{"func Walk(ctx context.Context, root string) error", "func Walk(", true},
		{"export async function load({ id, teamId }: Props): Promise<Share>", "export async function load({", true},
		{"export function useQuery<TData = unknown>(options: Options<TData>): Result<TData>", "export function useQuery<", true},
		{"def run(self, spec, budget=200):", "def run(self,", true},
		{"func Walk(ctx context.Context) error", "func Walker(", false},
		{"def run(self) # ... note", "def run(self,", false},
		// A comment after the body's opener goes with the body.
		{"func (c *C) Compose(ctx context.Context) error", "func (c *C) Compose(ctx context.Context) error { //nolint:gocyclo // long", true},
		{"func (c *C) Compose(ctx context.Context)", "func (c *C) Compose(ctx context.Context) error { //nolint:gocyclo", false},
		{"x := 1", "x := 1 // one", false},
	} {
		if got := evalHasLine(tc.text, tc.want, nil); got != tc.has {
			t.Errorf("%q holds %q: %v, want %v", tc.text, tc.want, got, tc.has)
		}
	}
	// The source lines after it, joined onto it in their order, hold it too.
	for _, tc := range []struct {
		text, want string
		next       []string
		has        bool
	}{
		{"export interface Match extends Route<string> {\n  resolve: () => void;\n}", "export interface Match",
			[]string{"  extends Route<string> {", "  shouldLoad: boolean;"}, true},
		{"class Base(\n    Generic[T], ABC): ...", "class Base(", []string{"    Generic[T], ABC):"}, true},
		{"export interface Match extends Other {", "export interface Match", []string{"  extends Route<string> {"}, false},
		{"export interface Match extends Route<string> {", "export interface Match", nil, false},
	} {
		if got := evalHasLine(tc.text, tc.want, tc.next); got != tc.has {
			t.Errorf("%q holds %q after %q: %v, want %v", tc.text, tc.want, tc.next, got, tc.has)
		}
	}
}

// TestEvalBlankStrings: a definition written in a Python docstring's
// example, a Rust test's raw string or a doc comment is no plain
// definition; one after them is.
func TestEvalBlankStrings(t *testing.T) {
	for file, src := range map[string]string{
		"x.py": "def cached():\n    \"\"\"Example:\n\n        def do_something():\n            pass\n    \"\"\"\n\ndef real(): pass\n",
		"x.rs": "fn t() {\n    check(r#\"\nfn do_something() {}\n\"#);\n}\n\n/// let do_something = 92;\nfn real() {}\n",
	} {
		got := string(evalBlankStrings(lang.ForPath(file).Lex, []byte(src)))
		if evalDefinitionRe("do_something").MatchString(got) || !evalDefinitionRe("real").MatchString(got) || strings.Count(got, "\n") != strings.Count(src, "\n") {
			t.Errorf("%s blanked:\n%s", file, got)
		}
	}
}

// TestEvalKeySpelled: a configuration key counts as spelled by a source or
// configuration file that holds it whole, never by a document, the spec
// or a longer key.
func TestEvalKeySpelled(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"docs/design.md":        "`fuse.local-path.root` is new\n",
		"spec.md":               "`fuse.local-path.root`\n",
		"src/Options.java":      "key(\"fuse.local-path.root-dir\");\nkey(\"fuse.local-path.enabled\");\n",
		"conf/application.yaml": "x: 1\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files := []string{"conf/application.yaml", "docs/design.md", "spec.md", "src/Options.java"}
	spec := filepath.Join(dir, "spec.md")
	if at := evalKeySpelled(dir, files, spec, "fuse.local-path.root"); at != "" {
		t.Errorf("fuse.local-path.root spelled at %s, want nowhere", at)
	}
	if at := evalKeySpelled(dir, files, spec, "fuse.local-path.enabled"); at != "src/Options.java:2" {
		t.Errorf("fuse.local-path.enabled spelled at %q, want src/Options.java:2", at)
	}
}

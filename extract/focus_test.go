package extract_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// defString is a definition as a comparable string, without its language.
func defString(d extract.Definition) string {
	d.Lang = nil
	return fmt.Sprintf("%+v", d)
}

// kept lists the definitions extract.Keep accepts for want, as strings.
func kept(defs []extract.Definition, want func(string) bool) string {
	var out []string
	for _, d := range defs {
		if extract.Keep(&d, want) {
			out = append(out, defString(d))
		}
	}
	return strings.Join(out, "\n")
}

// inSpans reports whether line (1-based) of src starts inside one of
// spans.
func inSpans(src []byte, spans []extract.Span, line int) bool {
	at := 0
	for l := 1; l < line && at < len(src); l++ {
		at += bytes.IndexByte(src[at:], '\n') + 1
	}
	return slices.ContainsFunc(spans, func(s extract.Span) bool { return s.Start <= at && at < s.End })
}

// checkFocusEquivalent asserts the contract of extract.Focus and DefinitionsIn on
// one file: for every name the file defines (and every member and alias),
// the definitions a search for it keeps are the same from the focused
// parse as from the whole file's. (Of a file that does not parse, the
// statements the search does not focus on are not parsed: what the whole
// file's recovery, statement by statement, makes of them is not asked
// for.)
func checkFocusEquivalent(t *testing.T, p *extract.Parser, name string, src []byte, extra ...string) (focused, whole int) {
	t.Helper()
	l := lang.ForPath(name)
	if l == nil || l.Lex == nil {
		return 0, 0
	}
	full, err := p.Definitions(context.Background(), l, name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	broken := false
	if l.Grammar != nil {
		tree, err := p.Parse(context.Background(), l, name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		broken = l.Broken(tree.RootNode())
		tree.Close()
	}
	words := map[string]bool{}
	for _, w := range extra {
		words[w] = true
	}
	for _, d := range full {
		words[d.Name] = true
		for _, m := range d.Members {
			words[m.Name] = true
		}
		for _, a := range d.Aliases {
			words[a] = true
		}
	}
	var names []string
	for w := range words {
		if w != "" && extract.Mentions([]byte(w), func(b []byte) bool { return string(b) == w }) {
			names = append(names, w)
		}
	}
	sort.Strings(names)
	searches := make([][]string, 0, len(names)+1)
	for _, w := range names {
		searches = append(searches, []string{w})
	}
	// And one search for every extra word at once: statements far apart
	// in one focused parse.
	searches = append(searches, extra)
	for _, ws := range searches {
		w := strings.Join(ws, "+")
		set := map[string]bool{}
		for _, x := range ws {
			set[x] = true
			// The caller's side of the contract: a Django model behind its
			// default table name is mentioned by its lowercased class name,
			// what follows the app's name and an underscore (either may
			// hold one: discount_promotionrule_variants is the discount
			// app's PromotionRule_Variants).
			for i := 1; i+1 < len(x); i++ {
				if x[i] == '_' {
					set[strings.ToLower(x[i+1:])] = true
				}
			}
			// And a member the language derives by the word it is made of
			// (Lombok's getData, of the field data).
			if l.MadeOf != nil && l.MadeOf(x) != "" {
				set[l.MadeOf(x)] = true
			}
		}
		want := func(s string) bool { return set[s] }
		mention := func(b []byte) bool { return set[string(b)] || set[strings.ToLower(string(b))] }
		spans, ok := extract.Focus(l, src, mention)
		if !ok {
			spans = nil
		}
		ex, err := p.DefinitionsIn(context.Background(), l, name, src, spans, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, all := ex.Defs, ex.Whole
		if all {
			whole++
		} else {
			focused++
		}
		full := full
		if !all && broken {
			full = slices.DeleteFunc(slices.Clone(full), func(d extract.Definition) bool { return !inSpans(src, spans, d.StartLine) })
		}
		if a, b := kept(full, want), kept(got, want); a != b {
			t.Errorf("%s, searching %s (spans %v):\nwhole file:\n%s\nfocused:\n%s", name, w, spans, a, b)
		}
		// Built for the search only: the same definitions kept, the
		// others unbuilt, though no function body without a wanted word
		// is walked.
		wants := func(d *extract.Definition) bool { return extract.Keep(d, want) }
		fex, err := p.DefinitionsIn(context.Background(), l, name, src, spans, &extract.Want{Def: wants, Word: mention})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		built := fex.Defs
		bodiesSkipped += len(fex.Skipped)
		if a, b := kept(full, want), kept(built, want); a != b {
			t.Errorf("%s, searching %s, built for it:\nwhole file:\n%s\nbuilt:\n%s", name, w, a, b)
		}
		for _, d := range built {
			if !d.Broken && d.Unbuilt == wants(&d) || d.Unbuilt && len(d.Lines) > 0 {
				t.Errorf("%s, searching %s: %s unbuilt %v with %d lines", name, w, d.Name, d.Unbuilt, len(d.Lines))
			}
		}
	}
	return focused, whole
}

// bodiesSkipped counts the function bodies checkFocusEquivalent's
// extractions skipped.
var bodiesSkipped int

// TestFocusEquivalentOnFixtures runs the contract over every source file
// of the golden fixtures and of a generated repository.
func TestFocusEquivalentOnFixtures(t *testing.T) {
	p := extract.NewParser()
	defer p.Close()
	files, _ := filepath.Glob("../fixtures/*.txtar")
	focused, whole := 0, 0
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			fo, wh := checkFocusEquivalent(t, p, file.Name, file.Data)
			focused, whole = focused+fo, whole+wh
		}
	}
	g := testrepo.Generate(120, 20)
	bodiesSkipped = 0
	for _, name := range testrepo.Names(g.Files) {
		fo, wh := checkFocusEquivalent(t, p, name, []byte(g.Files[name]))
		focused, whole = focused+fo, whole+wh
	}
	if focused == 0 || bodiesSkipped == 0 {
		t.Fatalf("%d searches answered by a focused parse, %d bodies skipped: the test checks nothing", focused, bodiesSkipped)
	}
	t.Logf("%d searches answered by a focused parse, %d by the whole file, %d function bodies skipped", focused, whole, bodiesSkipped)
}

// TestFocusEquivalentOnHardCases covers what the lexer must not be fooled
// by, and the neighbours a definition needs.
func TestFocusEquivalentOnHardCases(t *testing.T) {
	p := extract.NewParser()
	defer p.Close()
	for name, src := range map[string]string{
		"raw.go": "package a\n\nvar doc = `\nfunc Fake() {}\ntype Ghost struct{}\n`\n\n// Real is real.\nfunc Real() {}\n\n" +
			"// Status is a state.\ntype Status int\n\nconst (\n\tActive Status = iota\n\tGone\n)\n\n" +
			"type Agent struct {\n\tName string\n}\n\nfunc (a *Agent) Run() error { return nil }\n\nfunc (a *Agent) Stop() {}\n\n" +
			"var x = 1 // trailing, not a doc comment\nfunc After() {}\n" + strings.Repeat("\nfunc filler() {\n\tprintln(`}`, \"{\")\n}\n", 20),
		"tmpl.ts": "export const page = `\nexport function Fake() {}\n${`\nclass Nested {}\n`}\n`;\n\n/** Real is real. */\nexport function Real(): void {}\n\n" +
			"export const handler = async ({ id }: Opts): Promise<void> => {\n  Real();\n};\n\n" +
			"test('x', () => {\n  const Ghost = 1;\n});\n\nexport enum Status {\n  Active,\n  Gone,\n}\n\n" +
			"function allman(a)\n{\n  return a;\n}\n\nexport class Box {\n  open(): void {}\n} // Box ends\n\nexport const after = 1;\n" +
			strings.Repeat("\nexport function filler(): string {\n  return '}{';\n}\n", 20),
		"editor.js": "class LayerContext {\n    constructor(app) {\n        this.app = app;\n    }\n\n    draw() {\n        return 1;\n    }\n} // class LayerContext\n\n" +
			"class TilesetContext {\n    load() {}\n} // class TilesetContext\n\nfunction after() {}\n" +
			strings.Repeat("\nfunction filler() {\n    return '}{';\n}\n", 20),
		"doc.py": "from django.db import models\n\nDOC = \"\"\"\ndef fake():\n    pass\nclass Ghost:\n    pass\n\"\"\"\n\n" +
			"def real():\n    \"\"\"Real is real.\"\"\"\n\n\n@decorated\ndef wrapped():\n    pass\n\n\n" +
			"@parametrize(\n    \"url\",\n    [\n        # don't quote (')\n        \"a\",\n    ],\n)\ndef check(url):\n    pass\n\n\nif True:\n    def inner():\n        pass\nelse:\n    def other():\n        pass\n\n\n" +
			"class Payment(models.Model):\n    amount = models.IntegerField()\n# refund() is off\n# for now\n    def refund(self):\n        pass\n\n\nmax_tries = 5  # minutes\nwait_seconds = 1\n" +
			strings.Repeat("\n\ndef filler():\n    return '}{'\n", 20),
		"entity.ts": "import { Entity } from \"typeorm\";\n\n@Entity(\"orders\")\nexport class Order {\n  id: number;\n}\n\n" +
			"@Injectable({ scope: Scope.REQUEST }) export class Widget {}\n" +
			strings.Repeat("\nexport function filler(): string {\n  return '}{';\n}\n", 20),
		"Orders.java": "package shop;\n\nimport java.util.List;\n\n/** Real is real. */\n@Entity\n@Table(name = \"orders\")\npublic class Real\n" +
			"extends Base {\n    static final String DOC = \"\"\"\n        class Fake {}\n        \"\"\";\n    char brace = '{';\n    void draw() {}\n}\n\n" +
			"interface Ghostly {\n    String GHOST = \"class Ghost {}\";\n}\n\n@interface Audited {}\n\nenum Status { Active, Gone }\n\nclass after {}\n" +
			strings.Repeat("\nclass Filler {\n    String s = \"}{\";\n}\n", 20) + "\n@interface Last {}\n\n@FunctionalInterface interface Fn { void go(); }\n",
		"lib.rs": "//! The shop.\nuse std::fmt;\n\nconst DOC: &str = \"\nfn fake() {}\nstruct Ghost;\n\";\n\n" +
			"static RAW: &str = r#\"\nfn fake() { \"}\" }\n\"#;\n\n/* outer /* nested */\nstruct Ghost;\n*/\n\n" +
			"/// Real is real.\n#[derive(Debug)]\npub struct Real<'a> {\n    name: &'a str,\n    brace: char,\n}\n\n" +
			"impl<'a> Real<'a> {\n    pub fn draw(&self) -> char {\n        let c = '{';\n        'outer: loop { break 'outer; }\n        c\n    }\n}\n\n" +
			"pub fn after<T>(x: T) -> T\nwhere\n    T: Clone,\n{\n    x\n}\n\npub enum Status {\n    Active,\n    Gone,\n}\n" +
			strings.Repeat("\nfn filler() -> char {\n    '}'\n}\n", 20),
		"Orders.cs": "using System;\n\nnamespace Shop;\n\n/// <summary>Real is real.</summary>\n[Table(\"orders\")]\n" +
			"public class Real\n    : Base\n{\n    const string Doc = @\"\nclass Fake {}\n\"\"}\"\" \";\n    static readonly string Raw = \"\"\"\n" +
			"        class Ghost {}\n        \"\"\";\n    char brace = '{';\n    public void draw() {}\n}\n\n" +
			"[Flags]\n[Serializable] public enum Status { Active, Gone }\n\ninterface after {}\n" +
			strings.Repeat("\npublic class Filler\n{\n    string s = $\"}}{{{brace}\";\n}\n", 20),
		"Shop.php": "<?php\n\ndeclare(strict_types=1);\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\Model;\n\n" +
			"const DOC = '\nfunction fake() {}\nclass Ghost {}\n';\n\n$raw = <<<'EOT'\nclass Ghost {\nEOT;\n\n# a comment with a brace {\n\n" +
			"/** Real is real. */\n#[ORM\\Entity]\nfinal class Real\nextends Model\n{\n    const BRACE = \"{\";\n    public function draw(): string\n    {\n" +
			"        return <<<SQL\n            select '}' from t\n            SQL;\n    }\n}\n\nfunction after(): void {}\n\nenum Status: string\n{\n" +
			"    case Active = 'a';\n    case Gone = 'g';\n}\n" +
			strings.Repeat("\nfunction filler(): string\n{\n    return '}{';\n}\n", 20),
		"order.c": "#include <stdio.h>\n#include \"order.h\"\n\n#define DOC \"struct Fake { int x; };\"\n#define LBRACE {\n#define MULTI(a) \\\n    do { a; } while (0)\n\n" +
			"/* struct Ghost {\n   int y;\n}; */\nstatic const char brace = '{';\n\n/* Real is real. */\ntypedef struct real {\n    int id;\n    char *name;\n} real_t;\n\n" +
			"static int\ndraw(real_t *r)\n{\n#ifdef DEBUG\n    printf(\"{\");\n#endif\nout:\n    return r->id;\n}\n\n" +
			"#ifdef __cplusplus\nextern \"C\" {\n#endif\nint after(void);\n#ifdef __cplusplus\n}\n#endif\n\nenum status { Active, Gone };\n" +
			strings.Repeat("\nint filler(void) {\n    return '}';\n}\n", 20),
		"order.cc": "#pragma once\n#include <string>\n\nnamespace shop {\n\nconst char* kDoc = R\"sql(\nclass Fake {};\n}\n)sql\";\n\n/// Real is real.\n" +
			"template <typename T>\nclass LEVELDB_EXPORT Real : public Base<T> {\n public:\n  void draw() const EXCLUSIVE_LOCKS_REQUIRED(mu_);\n" +
			"  static constexpr int kMax = 1'000;\n  enum class Status { Active, Gone };\n};\n\nvoid Real::draw() const {\n  char c = '{';\n}\n\n" +
			"}  // namespace shop\n\nint after() { return 1; }\n" + strings.Repeat("\nint filler() {\n  return '}';\n}\n", 20),
		"api.d.ts": "/** The API. */\ndeclare module '@shop/api' {\n\n  export const doc = `\nexport function Fake(): void;\n`;\n\n" +
			"  /** Real is real. */\n  export function Real(): void;\n\n  export namespace draw {\n    export function after(x: string): Disposable;\n  }\n\n" +
			"  export class Disposable {\n    static from(...d: Disposable[]): Disposable;\n    dispose(): void;\n  }\n\n" +
			"  export enum Status { Active, Gone }\n" + strings.Repeat("\n  export interface Filler {\n    s: '}{';\n  }\n", 20) + "}\n\n" +
			"declare global {\n  interface Window { shop: string }\n}\n",
		"Block.cs": "using System;\n\nnamespace Shop.Orders\n{\n    /// <summary>Real is real.</summary>\n    [Table(\"orders\")]\n    public class Real : Base\n    {\n" +
			"        const string Doc = @\"\nclass Fake {}\n\";\n        public void draw() {}\n    }\n\n    public enum Status\n    {\n        Active,\n        Gone,\n    }\n\n" +
			"    namespace Inner\n    {\n        interface after {}\n    }\n" + strings.Repeat("\n    public class Filler\n    {\n        string s = \"}{\";\n    }\n", 20) + "}\n",
		"nested.cc": "namespace shop {\nnamespace orders {\n\n/// Real is real.\nclass Real {\n public:\n  void draw() const;\n  enum class Status { Active, Gone };\n};\n\n" +
			"}  // namespace orders\n\ninline namespace v1 {\n  int after();\n}\n" + strings.Repeat("\nint filler() {\n  return '}';\n}\n", 20) + "\n}  // namespace shop\n",
	} {
		// Fake, Ghost and Nested are in strings: no parse may see them.
		if fo, _ := checkFocusEquivalent(t, p, filepath.Join("shop", name), []byte(src), "Fake", "Ghost", "Nested", "fake", "draw", "after", "Active"); fo == 0 {
			t.Errorf("%s: no focused parse", name)
		}
	}
}

// TestFocusParsesLittle shows what focusing is for: the declaration of a
// type with many methods, or a function among many, is a small part of
// its file; a file the lexer cannot vouch for is parsed whole.
// TestFocusAt: the statement that holds an offset, with its doc comment,
// is the one part to parse; a file it is most of is parsed whole.
func TestFocusAt(t *testing.T) {
	var b strings.Builder
	b.WriteString("package a\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "\n// Method%d adds.\nfunc Method%d(x int) int {\n\treturn x + %d\n}\n", i, i, i)
	}
	text := b.String()
	at := strings.Index(text, "return x + 7")
	spans, ok := extract.FocusAt(lang.ForPath("a.go"), []byte(text), at)
	if !ok || len(spans) != 1 || spans[0].Start != strings.Index(text, "// Method7 adds.") || spans[0].End != strings.Index(text, "// Method8 adds.") {
		t.Errorf("spans %v, %v: want Method7 and its doc comment only", spans, ok)
	}
	one := "package a\n\nfunc Only() {\n" + strings.Repeat("\tx := 1\n\t_ = x\n", 10) + "\treturn\n}\n"
	if spans, ok := extract.FocusAt(lang.ForPath("a.go"), []byte(one), strings.Index(one, "return")); ok {
		t.Errorf("spans %v: a statement that is most of the file is parsed whole", spans)
	}
}

func TestFocusParsesLittle(t *testing.T) {
	var b strings.Builder
	b.WriteString("package a\n\n// extract.Parser parses.\ntype extract.Parser struct {\n\tName string\n}\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "\nfunc (p *extract.Parser) Method%d(x int) int {\n\treturn x + %d\n}\n", i, i)
	}
	src := []byte(b.String())
	spans, ok := extract.Focus(lang.ForPath("a.go"), src, func(w []byte) bool { return string(w) == "Parser" })
	if !ok || len(spans) != 1 || spans[0].Start != strings.Index(b.String(), "// extract.Parser") || spans[0].End != strings.Index(b.String(), "func (p *extract.Parser) Method1(") {
		t.Errorf("spans %v: want the doc comment, the type and the first method after it only", spans)
	}
	spans, ok = extract.Focus(lang.ForPath("a.go"), src, func(w []byte) bool { return string(w) == "Nothing" })
	if !ok || len(spans) != 0 {
		t.Errorf("no statement names Nothing: got %v, %v", spans, ok)
	}
	for _, name := range []string{"empty.go", "blank.ts", "comment.py", "indented.js", "empty.rs"} {
		src := map[string]string{"empty.go": "", "blank.ts": "\n\n  \n", "comment.py": "# only a comment\n", "indented.js": "  foo();\n  bar();\n", "empty.rs": "// nothing\n"}[name]
		spans, ok := extract.Focus(lang.ForPath(name), []byte(src), func([]byte) bool { return true })
		if name == "indented.js" && ok || name != "indented.js" && (!ok || len(spans) != 0) {
			t.Errorf("%s: got %v, %v", name, spans, ok)
		}
	}
	for name, bad := range map[string]string{
		"open.go":   "package a\n\nvar s = `never closed\n\nfunc F() {}\n",
		"brace.ts":  "export function f() {\n  if (x) {\n}\n\nexport const g = 1;\n",
		"triple.py": "X = \"\"\"never closed\n\ndef f():\n    pass\n",
		"raw.rs":    "const X: &str = r#\"never closed\"\n\nfn f() {}\n",
		"nest.rs":   "/* outer /* inner */\nfn f() {}\n",
		"open.cs":   "const string X = @\"never closed\n\nclass A {}\n",
		"doc.php":   "<?php\n$s = <<<EOT\nnever closed\n\nfunction f() {}\n",
		"page.php":  "<html>\n<?php function f() {} ?>\n</html>\n",
	} {
		if spans, ok := extract.Focus(lang.ForPath(name), []byte(bad), func([]byte) bool { return true }); ok {
			t.Errorf("%s: the lexer vouched for a split (%v) of a file it cannot read", name, spans)
		}
	}
}

func TestSpanSets(t *testing.T) {
	a := []extract.Span{{0, 10}, {20, 30}}
	b := []extract.Span{{10, 20}, {40, 50}}
	if got := extract.Union(a, b); fmt.Sprint(got) != "[{0 30} {40 50}]" {
		t.Errorf("Union = %v", got)
	}
	if !extract.Covers(a, []extract.Span{{20, 30}, {0, 5}}) || extract.Covers(a, []extract.Span{{5, 15}}) || !extract.Covers(a, nil) {
		t.Error("Covers is wrong")
	}
}

// TestFocusHolding: a statement that sets a quoted value is taken, with
// the type its constants follow; a function that only uses the value in
// its body is not (its head is its name).
func TestFocusHolding(t *testing.T) {
	var b strings.Builder
	b.WriteString("package a\n\ntype CheckState string\n\nconst (\n\tCheckStateRetry CheckState = \"Retry\"\n)\n")
	for i := 0; i < 10; i++ {
		fmt.Fprintf(&b, "\nfunc F%d(s string) bool {\n\treturn s == \"Retry\"\n}\n", i)
	}
	src := b.String()
	holds := func(stmt []byte) bool { return bytes.Contains(stmt, []byte(`"Retry"`)) }
	spans, ok := extract.FocusHolding(lang.ForPath("a.go"), []byte(src), func([]byte) bool { return false }, holds)
	if !ok || len(spans) != 1 || spans[0].Start != strings.Index(src, "type CheckState") || spans[0].End != strings.Index(src, "func F0") {
		t.Errorf("spans %v: want the type and its constants only", spans)
	}
}

// TestFocusSkipsImports: an import defines nothing, whatever names it
// mentions: a file whose only mention of a wanted word is the path of a
// package it imports has nothing to parse.
func TestFocusSkipsImports(t *testing.T) {
	for name, src := range map[string]string{
		"a.go":  "package persistence\n\nimport (\n\t\"example.com/server/persistence\"\n)\n\nimport \"example.com/persistence/v2\"\n\nfunc F() {\n\tpersistence.Open()\n}\n",
		"a.py":  "import persistence\nfrom persistence import store\nfrom .persistence import (\n    open,\n)\n\n\ndef f():\n    return persistence.open()\n",
		"a.ts":  "import persistence from './persistence';\nimport { open } from '../persistence';\nimport * as p from \"persistence\";\n\nexport function f() {\n  return persistence.open();\n}\n",
		"a.tsx": "import { persistence } from './store';\n\nexport const A = () => <div>{persistence.name}</div>;\n",
	} {
		spans, ok := extract.Focus(lang.ForPath(name), []byte(src), func(w []byte) bool { return string(w) == "persistence" })
		if !ok || len(spans) != 0 {
			t.Errorf("%s: spans %v (ok %v), want none", name, spans, ok)
		}
	}
}

// TestFocusEquivalentOnRepo runs the contract over the source files of a
// repository on disk: APPENDIX_FOCUS_REPO names it, APPENDIX_FOCUS_EXT the
// file name endings to check (".ts,.tsx" for instance; every language's by
// default).
func TestFocusEquivalentOnRepo(t *testing.T) {
	root := os.Getenv("APPENDIX_FOCUS_REPO")
	if root == "" {
		t.Skip("set APPENDIX_FOCUS_REPO to a repository to check focused parsing on its files")
	}
	exts := strings.Split(os.Getenv("APPENDIX_FOCUS_EXT"), ",")
	p := extract.NewParser()
	defer p.Close()
	files := 0
	testrepo.EachFile(t, root, func(rel string, src []byte) {
		if !slices.ContainsFunc(exts, func(e string) bool { return strings.HasSuffix(rel, e) }) {
			return
		}
		files++
		t.Run(rel, func(t *testing.T) { checkFocusEquivalent(t, p, filepath.Join(root, rel), src) })
	})
	t.Logf("%d files", files)
}

// TestFocusClassAnswersToItsMembers: a class, an interface or an enum is
// parsed for its name and its members' names, not for the types of its
// fields, the parameters of its methods or what their bodies use; neither
// a regular expression, a template literal nor JSX in a body hides a
// member. A member without a name (a call signature) is named by its
// first identifier: all its words count. A value it sets still counts.
func TestFocusClassAnswersToItsMembers(t *testing.T) {
	src := "import { ILogger } from './logger';\n\n@injectable()\nexport class CommandLogger implements Contribution {\n" +
		"    @inject(ILogger) @named('commands')\n    protected readonly logger: ILogger;\n    private pattern = /{/g;\n    between(): void {}\n    private close = x.y(/}/g);\n" +
		"    private readonly template = `${this.logger} { `;\n    [key: string]: unknown;\n    static readonly DEFAULT_LEVEL: Level = 'debug';\n\n" +
		"    registerCommands(registry: CommandRegistry): void {\n        registry.registerCommand({ id: 'log', label: 'Log' }, {\n" +
		"            execute: () => this.logger.info(`${registry}`)\n        });\n    }\n\n" +
		"    render(): React.ReactNode {\n        return <div className='x'>{this.label}<br /></div>;\n    }\n" +
		"    get label(): string { return \"it's\"; }\n}\n\n" +
		"export interface Handler {\n    (event: Event): void;\n    new (config: HandlerConfig): Handler;\n    handle(event: Event): Promise<void>;\n}\n\n" +
		"export interface HandlerFactory {\n    (): Handled;\n}\n\n" +
		"export enum Level { Debug = 'debug', Info = 'info' }\n" + strings.Repeat("\nexport function filler(): string {\n  return '}{';\n}\n", 20)
	class, iface, enum := strings.Index(src, "@injectable"), strings.Index(src, "export interface"), strings.Index(src, "export enum")
	factory := strings.Index(src, "export interface HandlerFactory")
	l := lang.ForPath("a.tsx")
	for word, want := range map[string][]int{
		"ILogger": nil, "CommandRegistry": nil, "registry": nil, "execute": nil, "Event": nil, "Promise": nil,
		"HandlerConfig": nil, "Handled": {factory},
		"CommandLogger": {class}, "logger": {class}, "pattern": {class}, "template": {class}, "key": {class}, "DEFAULT_LEVEL": {class},
		"registerCommands": {class}, "render": {class}, "label": {class}, "between": {class}, "close": {class},
		"event": {iface}, "config": {iface}, "handle": {iface}, "Info": {enum},
	} {
		spans, ok := extract.Focus(l, []byte(src), func(w []byte) bool { return string(w) == word })
		checkStarts(t, word, spans, ok, want)
	}
	holds := func(stmt []byte) bool { return bytes.Contains(stmt, []byte("'debug'")) }
	spans, _ := extract.FocusHolding(l, []byte(src), func([]byte) bool { return false }, holds)
	if len(spans) != 2 || spans[0].Start != class || spans[1].Start != enum {
		t.Errorf("the value 'debug': spans %v, want the class and the enum", spans)
	}
	p := extract.NewParser()
	defer p.Close()
	checkFocusEquivalent(t, p, "shop/a.tsx", []byte(src), "ILogger", "registry", "event", "config")
}

// TestFocusDecoratorsOfAFunction: a function answers to its name only,
// whatever its decorators mention; a class's decorators still count (a
// table name in @Entity("orders")).
func TestFocusDecoratorsOfAFunction(t *testing.T) {
	src := "import pytest\n\n\n@patch(\"shop.checkout.complete\")\n@pytest.mark.parametrize(\"checkout\", [1, 2])\ndef test_complete(checkout):\n    pass\n\n\n" +
		"@register(\"checkout\")\nclass CheckoutAdmin:\n    pass\n" + strings.Repeat("\n\ndef filler():\n    return 1\n", 20)
	spans, ok := extract.Focus(lang.ForPath("shop/test_checkout.py"), []byte(src), func(w []byte) bool { return string(w) == "checkout" })
	if want := strings.Index(src, "@register"); !ok || len(spans) != 1 || spans[0].Start != want {
		t.Errorf("spans %v (ok %v): want the class and its decorator only, at %d", spans, ok, want)
	}
	p := extract.NewParser()
	defer p.Close()
	checkFocusEquivalent(t, p, "shop/test_checkout.py", []byte(src), "checkout", "complete", "register")
}

// TestBodiesWithoutWantedWordsAreSkipped: an extraction for a Want walks
// no class, interface or namespace body without a word it wants, and
// builds no members of a definition without one; what it left out is in
// Skipped, so that a cached extraction never answers a search that wants
// a word of it. In each language: Tools holds helper, Shape holds label,
// Circle is wanted.
func TestBodiesWithoutWantedWordsAreSkipped(t *testing.T) {
	for name, src := range map[string]string{
		"shapes.ts": "export namespace Tools {\n  export function helper(): void;\n}\n\n" +
			"export interface Shape {\n  area(): number;\n  label: string;\n}\n\n" +
			"export class Circle implements Shape {\n  radius: number;\n  area(): number { return 1; }\n}\n",
		"shapes.py": "class Tools:\n    def helper(self):\n        pass\n\n\nclass Shape:\n    label = ''\n\n\n" +
			"class Circle(Shape):\n    radius = 1\n\n    def area(self):\n        return 1\n",
		"Shapes.java": "package s;\n\nclass Tools {\n    static void helper() {}\n}\n\ninterface Shape {\n    String label();\n}\n\n" +
			"class Circle implements Shape {\n    int radius;\n    public String label() { return \"\"; }\n}\n",
		"Shapes.cs": "namespace S {\n    class Tools {\n        static void helper() {}\n    }\n\n    interface Shape {\n        string label { get; }\n    }\n\n" +
			"    class Circle : Shape {\n        int radius;\n        public string label => \"\";\n    }\n}\n",
		"shapes.rs": "mod tools {\n    pub fn helper() {}\n}\n\npub struct Shape {\n    label: String,\n}\n\n" +
			"pub struct Circle {\n    radius: i32,\n    area: i32,\n}\n",
		"Shapes.swift": "class Tools {\n    func helper() {}\n}\n\nprotocol Shape {\n    var label: String { get }\n}\n\n" +
			"class Circle {\n    var radius = 1\n    var area = 2\n}\n",
		"shapes.hpp": "namespace tools {\nvoid helper();\n}\n\nstruct Shape {\n  int label;\n};\n\nclass Circle {\n  int radius;\n  int area();\n};\n",
	} {
		t.Run(name, func(t *testing.T) { checkBodiesSkipped(t, name, []byte(src)) })
	}
}

func checkBodiesSkipped(t *testing.T, name string, src []byte) {
	l := lang.ForPath(name)
	p := extract.NewParser()
	defer p.Close()
	search := func(words ...string) extract.Extraction {
		set := map[string]bool{}
		for _, w := range words {
			set[w] = true
		}
		want := func(s string) bool { return set[s] }
		ex, err := p.DefinitionsIn(context.Background(), l, name, src, nil, &extract.Want{
			Def: func(d *extract.Definition) bool { return extract.Keep(d, want) }, Word: func(b []byte) bool { return set[string(b)] }})
		if err != nil {
			t.Fatal(err)
		}
		return ex
	}
	find := func(ex extract.Extraction, name string) *extract.Definition {
		for i := range ex.Defs {
			if ex.Defs[i].Name == name {
				return &ex.Defs[i]
			}
		}
		return nil
	}
	skipped := func(ex extract.Extraction, text string) bool {
		at := bytes.Index(src, []byte(text))
		for _, s := range ex.Skipped {
			if s.Start <= at && at+len(text) <= s.End {
				return true
			}
		}
		return false
	}

	ex := search("Circle")
	if c := find(ex, "Circle"); c == nil || c.Unbuilt || len(c.Members) != 2 {
		t.Errorf("Circle: %+v, want built with its two members", c)
	}
	if d := find(ex, "helper"); d != nil {
		t.Errorf("helper returned from a body without a wanted word: %+v", d)
	}
	if s := find(ex, "Shape"); s == nil || !s.Unbuilt || len(s.Members) != 0 {
		t.Errorf("Shape: %+v, want unbuilt, no members built", s)
	}
	for _, text := range []string{"helper(", "label"} {
		if !skipped(ex, text) {
			t.Errorf("%q not in Skipped %v", text, ex.Skipped)
		}
	}

	// A word of the skipped text finds what it declares.
	if s := find(search("label"), "Shape"); s == nil || s.Unbuilt {
		t.Errorf("searching label: Shape %+v, want built", s)
	}
	if h := find(search("helper"), "helper"); h == nil || h.Unbuilt {
		t.Errorf("searching helper: %+v, want built", h)
	}
}

// TestFocusInsideWrappers: a namespace block or a declare module is a
// scope, not a statement to take whole: of it, Focus takes its opening
// and closing lines and the statements inside that it would take at the
// top level, at any depth and indentation. One it cannot read so (a line
// inside indented less than the first, a wanted word in its opening
// line) is taken whole.
func TestFocusInsideWrappers(t *testing.T) {
	filler := func(format string) string { return strings.Repeat(format, 20) }
	for name, tc := range map[string]struct {
		src       string
		want      []string // the texts the spans hold
		whole     bool
		notInSpan string
	}{
		"api.d.ts": {
			src: "declare module '@shop/api' {\n  export namespace commands {\n    export function register(id: string): void;\n  }\n\n" +
				"  export enum Status { Active, Gone }\n" + filler("\n  export interface Filler {\n    s: string;\n  }\n") + "}\n",
			want: []string{"declare module '@shop/api' {\n", "  export enum Status { Active, Gone }\n", "}\n"}, notInSpan: "Filler",
		},
		"deep.d.ts": {
			src: "declare module '@shop/api' {\n  export namespace commands {\n    export function register(id: string): void;\n" +
				filler("    export function filler(): void;\n") + "  }\n" + filler("\n  export interface Filler {\n    s: string;\n  }\n") + "}\n",
			want: []string{"  export namespace commands {\n", "    export function register(id: string): void;\n"}, notInSpan: "Filler",
		},
		"Orders.cs": {
			src: "using System;\n\nnamespace Shop.Orders\n{\n    public enum Status\n    {\n        Active,\n    }\n" +
				filler("\n    public class Filler\n    {\n        string s;\n    }\n") + "}\n",
			want: []string{"namespace Shop.Orders\n{\n", "    public enum Status\n"}, notInSpan: "Filler",
		},
		"order.cc": {
			src:  "namespace shop {\n\nenum class Status { Active, Gone };\n" + filler("\nint filler() {\n  return 1;\n}\n") + "\n}  // namespace shop\n",
			want: []string{"namespace shop {\n", "enum class Status { Active, Gone };\n", "}  // namespace shop\n"}, notInSpan: "filler",
		},
		"outdented.d.ts": {
			src:   "declare module 'x' {\n  export const doc = `\nline at the first column\n`;\n  export enum Status { Active }\n" + filler("\n  export interface Filler {\n    s: string;\n  }\n") + "}\n",
			whole: true,
		},
		"named.d.ts": {
			src:   "declare namespace Status {\n  export const Active = 1;\n" + filler("\n  export interface Filler {\n    s: string;\n  }\n") + "}\n",
			whole: true,
		},
	} {
		spans, ok := extract.Focus(lang.ForPath(name), []byte(tc.src), func(w []byte) bool { return string(w) == "Status" || string(w) == "register" })
		var got strings.Builder
		for _, s := range spans {
			got.WriteString(tc.src[s.Start:s.End])
		}
		switch {
		case tc.whole:
			if ok && !strings.Contains(got.String(), "Filler") {
				t.Errorf("%s: spans %q, want the wrapper whole", name, got.String())
			}
		case !ok:
			t.Errorf("%s: not focused", name)
		default:
			for _, w := range tc.want {
				if !strings.Contains(got.String(), w) {
					t.Errorf("%s: spans %q miss %q", name, got.String(), w)
				}
			}
			if strings.Contains(got.String(), tc.notInSpan) {
				t.Errorf("%s: spans %q hold %q", name, got.String(), tc.notInSpan)
			}
		}
	}
}

// TestFocusIndentedClassAnswersToItsMembers: a Python class is parsed for
// its header (name, bases) and its members' names: a method's name, not
// its parameters, decorators or body; an annotated name and its value, not
// its annotation; a nested class, an import or a block whole; a docstring
// for nothing. A value it sets still counts, not one a method's body uses;
// a class that sets a table name counts whole (the name is read from any
// line of it). What the body's indentation hides (a string's lines at the
// first column, a comment there, tabs) does not cut a member short.
func TestFocusIndentedClassAnswersToItsMembers(t *testing.T) {
	gap := "def gap():\n    pass\n\n\n"
	src := "from typing import Callable\n\n\n@register(\"plugins\")\nclass BasePlugin(Plugin):\n" +
		"    \"\"\"Handles checkout events.\"\"\"\n\n    # Trigger when a checkout is created.\n" +
		"    checkout_created: Callable[[\"Checkout\", None], None]\n    limit: int = DEFAULT_LIMIT\n" +
		"    QUERY = \"\"\"\nselect * from orders\n\"\"\"\n# a comment at the first column\n" +
		"    class Meta:\n        ordering = (\"token\",)\n\n    from .helpers import sanitize\n\n" +
		"    if TYPE_CHECKING:\n        channel: Channel\n\n    @property\n    @cached(\"payment\")\n" +
		"    def total(self, checkout: \"Checkout\") -> Money:\n        return payment(checkout)\n\n" +
		"    async def refund(\n        self, amount: Decimal\n    ):\n        '''Refund a payment.'''\n        return self.status == \"refunded\"\n\n\n" +
		gap + "class Order(models.Model):\n    lines = models.ManyToManyField(\"Line\")\n\n    class Meta:\n        db_table = \"sales\"\n\n" +
		"    def total(self):\n        return checkout_total(self)\n\n\n" +
		gap + "class Tabbed:\n\tdef start(self):\n\t\treturn checkout()\n\n\tdef stop(self):\n\t\tpass\n\n\n" +
		gap + "class Short: checkout = 1\n" +
		strings.Repeat("\n\ndef filler():\n    return 1\n", 20)
	plugin, order := strings.Index(src, "@register"), strings.Index(src, "class Order")
	tabbed, short := strings.Index(src, "class Tabbed"), strings.Index(src, "class Short")
	l := lang.ForPath("shop/plugins.py")
	for word, want := range map[string][]int{
		"Checkout": nil, "Callable": nil, "Money": nil, "amount": nil, "payment": nil, "cached": nil, "property": nil,
		"events": nil, "comment": nil, "refunded": nil, "Line": {order}, "checkout_total": {order},
		"BasePlugin": {plugin}, "Plugin": {plugin}, "plugins": {plugin}, "checkout_created": {plugin}, "limit": {plugin},
		"DEFAULT_LIMIT": {plugin}, "QUERY": {plugin}, "Meta": {plugin, order}, "token": {plugin}, "sanitize": {plugin},
		"channel": {plugin}, "total": {plugin, order}, "refund": {plugin}, "lines": {order}, "sales": {order},
		"checkout": {short}, "start": {tabbed}, "stop": {tabbed},
	} {
		spans, ok := extract.Focus(l, []byte(src), func(w []byte) bool { return string(w) == word })
		checkStarts(t, word, spans, ok, want)
	}
	for value, want := range map[string][]int{`"refunded"`: nil, `"token"`: {plugin}, `"sales"`: {order}} {
		holds := func(stmt []byte) bool { return bytes.Contains(stmt, []byte(value)) }
		spans, ok := extract.FocusHolding(l, []byte(src), func([]byte) bool { return false }, holds)
		checkStarts(t, "the value "+value, spans, ok, want)
	}
	p := extract.NewParser()
	defer p.Close()
	checkFocusEquivalent(t, p, "shop/plugins.py", []byte(src), "Checkout", "payment", "checkout", "amount", "Money", "refunded")
}

// checkStarts asserts that a focus took the statements that start at
// want, and no other.
func checkStarts(t *testing.T, what string, spans []extract.Span, ok bool, want []int) {
	t.Helper()
	var got []int
	for _, s := range spans {
		got = append(got, s.Start)
	}
	if !ok || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s: statements at %v (ok %v), want %v", what, got, ok, want)
	}
}

// TestFocusBrokenFileParsesOnlyItsSpans: a focused search whose
// statements do not parse, in a file that does not parse whole either,
// parses only those statements, each on its own: it is not a whole-file
// extraction, and it keeps what the whole file's recovery keeps.
func TestFocusBrokenFileParsesOnlyItsSpans(t *testing.T) {
	src := "#include <atomic>\n\nnamespace leveldb {\n\nclass Limiter {\n public:\n  Limiter(int max_acquires)\n      :\n" +
		"#if !defined(NDEBUG)\n        max_acquires_(max_acquires),\n#endif\n        acquires_allowed_(max_acquires) {\n  }\n" +
		"  bool Acquire();\n};\n\nclass WindowsEnv {\n public:\n  Status NewLogger(const std::string& filename);\n};\n\n" +
		"Status WindowsEnv::NewLogger(const std::string& filename) {\n  return Status::OK();\n}\n\n}  // namespace leveldb\n"
	l := lang.ForPath("util/env_windows.cc")
	p := extract.NewParser()
	defer p.Close()
	for _, name := range []string{"Limiter", "Acquire", "NewLogger"} {
		spans, ok := extract.Focus(l, []byte(src), func(b []byte) bool { return string(b) == name })
		if !ok || len(spans) == 0 {
			t.Fatalf("%s: no focus (%v)", name, ok)
		}
		ex, err := p.DefinitionsIn(context.Background(), l, "util/env_windows.cc", []byte(src), spans, nil)
		if err != nil {
			t.Fatal(err)
		}
		if name == "Limiter" && ex.Whole {
			t.Errorf("%s: a whole-file extraction, for a file that does not parse", name)
		}
	}
	checkFocusEquivalent(t, p, "util/env_windows.cc", []byte(src), "Limiter", "NewLogger")
}

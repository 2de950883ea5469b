package extract_test

import (
	"bytes"
	"context"
	"go/format"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

var focusExts = []string{".go", ".ts", ".tsx", ".js", ".py", ".java", ".rs", ".cs", ".php", ".kt", ".swift", ".c", ".cc"}

// FuzzFocus: on any input the statement split holds together (spans in
// order, inside the file, starting at line starts), and on any input that
// parses (Go: in gofmt's layout), a focused parse keeps exactly what a
// whole-file parse keeps, for every name, in Go, TypeScript, TSX,
// JavaScript, Python, Java, Rust, C#, PHP, Kotlin, Swift, C and C++.
func FuzzFocus(f *testing.F) {
	for _, s := range []string{
		"package a\n\n// T is.\ntype T int\n\nconst (\n\tA T = iota\n)\n\nfunc F() {}\n",
		"export class A {\n  m(): void {}\n} // A\n\nconst s = `\n${`x`}\n`;\nexport function f() {}\n",
		"class A:\n    x = 1\n\n\n@d\ndef f():\n    '''\ndef g(): pass\n'''\n",
		"class A(B):\n    \"\"\"f\"\"\"\n    x: C = 1\n# f\n    @p\n    def m(self):\n        return f(x)\n\n    class Meta:\n        y = 2\n\n\ndef f():\n    pass\n",
		"@Entity\npublic class A\nextends B {\n  String s = \"\"\"\n}\"\"\";\n  void m() {}\n}\n\nenum E { X }\n@interface N {}\n",
		"namespace N;\n\n[Table(\"a\")]\npublic class A\n{\n    string s = @\"\n}\"\"{\";\n    [Fact] void M() {}\n}\n\n[Flags] enum E { X }\n",
		"#[derive(Debug)]\npub struct S<'a> { s: &'a str }\n\nconst C: char = '{';\nstatic R: &str = r#\"\nfn g() {}\n\"#;\nimpl S<'_> {\n    fn f(&self) {}\n}\n",
		"<?php\nnamespace App;\n\n# a {\n#[Entity]\nclass A\nextends B\n{\n    const S = '\n}';\n    function m() { return <<<EOT\nclass C {}\nEOT; }\n}\n\nfunction f() {}\n",
		"@RestController\n@RequestMapping(\"/a\")\nclass A {\n    val q = \"\"\"\n}\"\"\"\n    fun m() = listOf(1,\n    )\n}\n\n/** d */\nfun String.x() {}\nobject O {\n    const val K = 1\n}\n",
		"/// A.\n@available(macOS 13, *)\nfinal class A: B {\n    let s = \"\"\"\n    }\n    \"\"\"\n    /* { /* } */ */\n    func m() {}\n}\n\nextension A {\n    var x: Int { 1 }\n}\n@discardableResult func f() -> Int { 1 }\n",
		"#include <stdio.h>\n#define M(a) \\\n  { a; }\ntypedef struct s { int x; } s_t;\nstatic int\nf(void)\n{\n#ifdef X\n  return '{';\n#endif\n}\nenum e { A };\n",
		"namespace n {\nclass API_EXPORT A : public B {\n public:\n  void m() const GUARDED_BY(mu_);\n};\nvoid A::m() const { int x = 1'000; }\n}  // namespace n\n",
		"declare module 'm' {\n  export namespace c {\n    export function r(id: string): void;\n  }\n  export class D {\n    dispose(): void;\n  }\n}\n",
		"namespace N.M\n{\n    public class A\n    {\n        int x;\n    }\n\n    enum E { X }\n}\n",
	} {
		for k := range focusExts {
			f.Add([]byte(s), uint8(k))
		}
	}
	p := extract.NewParser()
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		ext := focusExts[int(which)%len(focusExts)]
		l := lang.ForPath("x" + ext)
		if len(src) > 4096 {
			return
		}
		spans, ok := extract.Focus(l, src, func([]byte) bool { return true })
		if ok {
			prev := 0
			for _, s := range spans {
				if s.Start < prev || s.End <= s.Start || s.End > len(src) || s.Start > 0 && src[s.Start-1] != '\n' {
					t.Fatalf("bad spans %v for %d bytes", spans, len(src))
				}
				prev = s.End
			}
		}
		// The contract is for files that parse: in a broken one, error
		// recovery may read different garbage in a part than in the
		// whole (a focused parse meeting an error parses the whole).
		tree, err := p.Parse(context.Background(), l, "x"+ext, src)
		if err != nil {
			return
		}
		broken := tree.RootNode().HasError()
		tree.Close()
		if ext == ".go" {
			// Go's contract is for gofmt's layout, which all Go code has;
			// tree-sitter reads some unformatted layouts gofmt would refuse.
			if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
				broken = true
			}
		}
		if !broken && namesAreWords(t, p, l, "x"+ext, src) {
			checkFocusEquivalent(t, p, "x"+ext, src)
		}
	})
}

// namesAreWords reports whether every name the whole file's extraction
// finds is a word of src. Focus reads words; a grammar may read a keyword
// glued to a name as the two (`@interfaceA` as an annotation type A, Swift's
// `funcB()` as a function B), which no real code writes, and for which
// Focus's contract does not hold.
func namesAreWords(t *testing.T, p *extract.Parser, l *extract.Language, name string, src []byte) bool {
	defs, err := p.Definitions(context.Background(), l, name, src)
	if err != nil {
		return false
	}
	for _, d := range defs {
		if !extract.Mentions(src, func(w []byte) bool { return string(w) == d.Name }) {
			return false
		}
	}
	return true
}

// FuzzRecover: on any input, broken ones above all, the extraction that
// parses a file statement by statement gives definitions on lines of the
// file, and BrokenAt answers for every line.
func FuzzRecover(f *testing.F) {
	for _, s := range []string{
		"package a\n\nfunc A( {\n\nfunc B() int { return 1 }\n\ntype C struct{}\n",
		"export function f() {\n  if (x) {\n}\n\nexport class A {}\n",
		"class A:\n    x = 1\n\ndef f(:\n    pass\n\nclass B:\n    y = 2\n",
		"class A {\n  void m() {\n}\n\nclass B {}\n",
		"pub fn f() {\n    if x {\n}\n\n// doc\npub struct S;\n}\n",
		"<?php\nnamespace App;\n\nfunction f() {\n    if ($x) {\n}\n\n/** Doc. */\nclass S {}\n",
		"struct A {\n    func m() {\n        if x {\n    }\n}\n\nextension A {\n    func n() {}\n}\n",
		"int f( {\n\nstruct s {\n  int x\n\nint g(void) {\nout:\n  return 1;\n}\n",
	} {
		for k := range focusExts {
			f.Add([]byte(s), uint8(k))
		}
	}
	p := extract.NewParser()
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		ext := focusExts[int(which)%len(focusExts)]
		l := lang.ForPath("x" + ext)
		if len(src) > 4096 {
			return
		}
		defs, err := p.Definitions(context.Background(), l, "x"+ext, src)
		if err != nil {
			return
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range defs {
			if d.StartLine < 1 || d.EndLine < d.StartLine || d.EndLine > lines || d.DeclLine < 1 || d.DeclLine > lines {
				t.Fatalf("%s: lines %d-%d (declared %d) in a file of %d", d.Name, d.StartLine, d.EndLine, d.DeclLine, lines)
			}
		}
		for line := 1; line <= lines; line++ {
			if _, err := p.BrokenAt(context.Background(), l, "x"+ext, src, line); err != nil {
				return
			}
		}
	})
}

package lang

import (
	"path"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestQueriesCompile(t *testing.T) {
	for _, l := range All {
		if _, err := l.Query(); err != nil {
			t.Errorf("%s: %v", l.Name, err)
		}
	}
}

func TestForPath(t *testing.T) {
	for name, want := range map[string]string{
		"a.go": "go", "x/y.py": "python", "t.ts": "typescript", "t.d.ts": "typescript", "c.tsx": "tsx",
		"j.js": "javascript", "j.jsx": "jsx", "m.mjs": "javascript", "README.md": "", "a.sql": "sql", "s.prisma": "prisma", "x.gql": "graphql", "o.proto": "protobuf", "Order.java": "java", "Order.kt": "kotlin", "src/lib.rs": "rust", "Order.cs": "csharp", "app/models/user.rb": "ruby", "lib/tasks/db.rake": "ruby", "app/Models/User.php": "php", "Sources/App/Order.swift": "swift", "order.c": "c", "order.h": "cpp", "Order.cc": "cpp", "a.txt": "",
	} {
		got := ""
		if l := ForPath(name); l != nil {
			got = l.Name
		}
		if got != want {
			t.Errorf("ForPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRegistry: the order of All is part of what a fingerprint hashes, and
// every registered name, and the pseudo-languages, are found by name.
func TestRegistry(t *testing.T) {
	var names []string
	for _, l := range All {
		names = append(names, l.Name)
		if ByName(l.Name) != l {
			t.Errorf("ByName(%q) is not the registered language", l.Name)
		}
	}
	want := "go python typescript tsx javascript jsx java kotlin rust csharp ruby php swift c cpp sql prisma graphql protobuf"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("registry order %q, want %q", got, want)
	}
	if ByName("text") != extract.Text || ByName("markdown") != extract.Markdown || ByName("cobol") != nil {
		t.Error("ByName does not find the pseudo-languages, or finds what is not there")
	}
}

// TestFingerprintCoversRevisions: every language names the revision of
// its rules, and a new revision is a new fingerprint.
func TestFingerprintCoversRevisions(t *testing.T) {
	for _, l := range All {
		if l.Revision == "" {
			t.Errorf("%s has no revision", l.Name)
		}
	}
	before := Fingerprint()
	l := All[len(All)-1]
	old := l.Revision
	l.Revision += "+test"
	changed := Fingerprint()
	l.Revision = old
	if changed == before || Fingerprint() != before {
		t.Errorf("fingerprint %s, with %s's revision changed %s", before, l.Name, changed)
	}
	// Every keyword rule counts, a flag or a list.
	for _, change := range []func(k *extract.Keywords){
		func(k *extract.Keywords) { k.Annotated = !k.Annotated },
		func(k *extract.Keywords) { k.Locals = append(k.Locals, "test") },
		func(k *extract.Keywords) { k.VarMark += "%" },
	} {
		kept := l.Keywords
		change(&l.Keywords)
		changed := Fingerprint()
		l.Keywords = kept
		if changed == before || Fingerprint() != before {
			t.Errorf("fingerprint %s, with %s's keywords changed %s", before, l.Name, changed)
		}
	}
}

// TestKnowledge: the rules code outside extraction asks of the languages
// are well formed: test file patterns compile, a dialect and an included
// family are registered languages, a spec word names one language.
func TestKnowledge(t *testing.T) {
	words := map[string]string{}
	for _, l := range All {
		for _, p := range l.TestFiles {
			if _, err := path.Match(p, "x"); err != nil {
				t.Errorf("%s: test file pattern %q: %v", l.Name, p, err)
			}
		}
		if l.Dialect != "" && (ByName(l.Dialect) == nil || ByName(l.Dialect).Dialect != "") {
			t.Errorf("%s is a dialect of %q, no registered base language", l.Name, l.Dialect)
		}
		for _, f := range l.Includes {
			if ByName(f) == nil {
				t.Errorf("%s includes %q, no registered language", l.Name, f)
			}
		}
		for _, w := range l.SpecWords {
			if other, ok := words[w]; ok || strings.ToLower(w) != w {
				t.Errorf("spec word %q of %s: also %s's, or not lowercase", w, l.Name, other)
			}
			words[w] = l.Name
		}
	}
	if !Means("typescript", ByName("jsx")) || Means("javascript", ByName("tsx")) || !Means("tsx", ByName("typescript")) || Means("go", ByName("python")) {
		t.Error("Means does not follow dialects and inclusions")
	}
}

// TestUnparsedLanguages: a file of a known programming language that no
// registered language reads is named by its language; a registered
// language's file, or a file of none, is not.
func TestUnparsedLanguages(t *testing.T) {
	for file, want := range map[string]string{
		"lib/orders.ex": "Elixir", "src/Main.scala": "Scala", "hack/build.sh": "Shell",
		"pkg/a.go": "", "README.md": "", "config.yaml": "", "app/page.tsx": "",
	} {
		got := ""
		if l := Unparsed(file); l != nil {
			got = l.DisplayName()
		}
		if got != want {
			t.Errorf("Unparsed(%q) = %q, want %q", file, got, want)
		}
	}
}

// TestBodiesKeepNothing: for every language whose walks leave function
// bodies out, the definitions of every fixture, and of files that declare
// inside bodies (local types and functions, closures, anonymous classes,
// broken bodies), are those of a walk into every body.
func TestBodiesKeepNothing(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "a.go", Data: []byte("package a\n\nfunc f() {\n\ttype local struct{ X int }\n\tconst c = 1\n\tvar v = 2\n\tg := func() {}\n\t_ = g\n}\n\nvar h = func() { type T2 int }\n")},
		langtest.File{Name: "b.go", Data: []byte("package a\n\nfunc f() {\n\tif x {\n}\n\ntype T struct{}\n\nfunc g() {}\n")},
		langtest.File{Name: "a.py", Data: []byte("def f():\n    class Local:\n        def m(self):\n            pass\n    def inner():\n        pass\n    X = 1\n\nclass C:\n    def __init__(self):\n        self.a = 1\n        def nested(): pass\n")},
		langtest.File{Name: "b.py", Data: []byte("def f(:\n    x = (\nclass C:\n    def m(self): pass\ndef g(): pass\n")},
		langtest.File{Name: "a.ts", Data: []byte("export function f() {\n  function inner() {}\n  class L { m() {} }\n  const x = 1\n  interface I { a: string }\n}\nexport const h = () => {\n  const b = () => 1\n  return b\n}\nclass C {\n  m() { const z = { q() {} } }\n}\nexport default function () { function d() {} }\n")},
		langtest.File{Name: "b.ts", Data: []byte("export function f() {\n  if (x {\n}\nexport class C { m() {} }\nexport function g() {}\n")},
		langtest.File{Name: "a.js", Data: []byte("function f() {\n  function inner() {}\n  class L { m() {} }\n}\nmodule.exports = function () { function e() {} }\nconst o = { m() { function n() {} } }\n")},
		langtest.File{Name: "a.kt", Data: []byte("package a\n\nfun f() {\n    class L { fun m() {} }\n    fun inner() {}\n    val x = 1\n}\nclass C {\n    fun m() { object : Runnable { override fun run() {} } }\n    val p: Int get() { fun q() = 1; return q() }\n}\n")},
		langtest.File{Name: "b.kt", Data: []byte("package a\n\nfun f() {\n    if (x {\n}\nclass C { fun m() {} }\nfun g() {}\n")},
		langtest.File{Name: "a.rs", Data: []byte("fn f() {\n    struct L;\n    impl L { fn m(&self) {} }\n    fn inner() {}\n    const C: u32 = 1;\n    let c = || { fn deep() {} };\n}\nimpl S { fn n(&self) { fn helper() {} } }\nmod m { pub fn g() {} }\n")},
		langtest.File{Name: "b.rs", Data: []byte("fn f() {\n    if x {\n}\nstruct S;\nfn g() {}\n")},
		langtest.File{Name: "a.cs", Data: []byte("int Top() => 1;\nvoid Top2() { int Deeper() => 2; }\nnamespace N {\n  class C {\n    void M() { int Local() => 1; class X {} }\n    int P { get { int L2() => 1; return L2(); } }\n  }\n}\n")},
		langtest.File{Name: "b.cs", Data: []byte("namespace N {\n  class C {\n    void M() {\n      if (x {\n    }\n    void N() {}\n  }\n}\n")},
		langtest.File{Name: "a.swift", Data: []byte("func f() {\n    struct L { func m() {} }\n    func inner() {}\n    let x = 1\n}\nclass C {\n    func m() { class D {} }\n    var p: Int { func q() -> Int { 1 }; return q() }\n}\n")},
		langtest.File{Name: "b.swift", Data: []byte("func f() {\n    if x {\n}\nclass C { func m() {} }\nfunc g() {}\n")},
		langtest.File{Name: "a.c", Data: []byte("int f(void) {\n  struct L { int x; };\n  enum E { A };\n  typedef int T;\n  return 0;\n}\nstruct S { int y; };\n")},
		langtest.File{Name: "a.cpp", Data: []byte("namespace n {\nint f() {\n  struct L { int m() { return 1; } };\n  auto l = []() { struct M {}; return 1; };\n  return 0;\n}\nclass C { int m() { struct K {}; return 0; } };\n}\n")},
		langtest.File{Name: "b.cpp", Data: []byte("int f() {\n  if (x {\n}\nclass C { int m(); };\nint g() { return 1; }\n")},
	)
	if n := langtest.CheckBodiesKeepNothing(t, All, files); n < 2500 {
		t.Fatalf("only %d definitions compared", n)
	}
}

package lang

import (
	"path"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
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

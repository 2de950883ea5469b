package deps_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang"
)

// languageWords returns what names a registered language: its name, fence
// and spec words, and its file extensions, with and without the dot.
func languageWords() (names map[string]string, exts []string) {
	names = map[string]string{}
	for _, l := range lang.All {
		for _, w := range append([]string{l.Name, l.Fence}, l.SpecWords...) {
			names[w] = l.Name
		}
		for _, e := range l.Exts {
			exts = append(exts, strings.ToLower(e))
			if len(e) > 2 {
				// (A one-letter ending, .h, names no language as a word:
				// "h" is -h, help.)
				names[strings.ToLower(strings.TrimPrefix(e, "."))] = l.Name
			}
		}
	}
	return names, exts
}

// languageLiterals lists the string literals of a Go source file that
// name a registered language or end in one of its extensions
// ("_test.go", "models.py"), as "line: literal".
func languageLiterals(fset *token.FileSet, name string, src []byte) ([]string, error) {
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	names, exts := languageWords()
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		low := strings.ToLower(v)
		hit := names[v] != "" || names[low] != ""
		for _, e := range exts {
			hit = hit || strings.HasSuffix(low, e)
		}
		if hit {
			out = append(out, strconv.Itoa(fset.Position(lit.Pos()).Line)+": "+lit.Value)
		}
		return true
	})
	return out, nil
}

// debateTool are the literals that name the adversarial-spec debate
// tool's script and its interpreter, which the hooks read in shell
// commands: no rule about the language of the code a spec names.
var debateTool = map[string]bool{"debate.py": true, "python": true, "python3": true}

// generatedRe is Go's marker of a generated file.
var generatedRe = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// TestGenericCodeNamesNoLanguage: the code under appendix/ is generic. A
// string literal in it never names a registered language, one of its
// spec words or extensions (in any case), or ends in an extension: a rule
// about a language belongs in the language's package under extract/lang,
// stated as a field of its extract.Language, and generic code asks the
// file's language or the registry.
func TestGenericCodeNamesNoLanguage(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir("appendix", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if generatedRe.Match(src) {
			return nil // data a tool wrote (gitleaks' rules), not rules about languages
		}
		hits, err := languageLiterals(fset, p, src)
		if err != nil {
			return err
		}
		for _, h := range hits {
			_, lit, _ := strings.Cut(h, ": ")
			if v, _ := strconv.Unquote(lit); debateTool[v] && filepath.Dir(p) == filepath.FromSlash("appendix/hooks") {
				continue
			}
			t.Errorf("%s:%s names a language: state the rule in its extract.Language", p, h)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestLanguageLiteralsFinds: the check above finds what it looks for.
func TestLanguageLiteralsFinds(t *testing.T) {
	src := "package p\n\nvar a = \"python\"\nvar b = []string{\".go\", \"x_test.go\", \"models.PY\", \"py\"}\nvar c = `golang`\nvar d = \"a.md\"\n"
	got, err := languageLiterals(token.NewFileSet(), "p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`3: "python"`, `4: ".go"`, `4: "x_test.go"`, `4: "models.PY"`, `4: "py"`, "5: `golang`"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

package scan

import (
	"path"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang"
)

// TestGlobIsPathMatch: the compiled test-name patterns agree with
// path.Match, "*" not crossing a "/" aside (they match base names).
func TestGlobIsPathMatch(t *testing.T) {
	patterns := []string{"*_test.go", "test_*.py", "*_test.py", "conftest.py", "*.test.*", "*.spec.*", "a*b*c", "*", "x?.go", "[ab].go"}
	names := []string{"x_test.go", "_test.go", "test_.py", "test_a.py", "a_test.py", "conftest.py", "conftest.pyc", "a.test.ts", ".test.",
		"a.spec.tsx", "abc", "ac", "abbc", "acb", "", "x1.go", "a.go", "c.go", "test.go", "spec.ts", "a.test", "x_test.gox"}
	for _, p := range patterns {
		g := compileGlobs([]string{p})[0]
		for _, n := range names {
			want, _ := path.Match(p, n)
			if got := g.match(n); got != want {
				t.Errorf("%q ~ %q: %v, path.Match says %v", p, n, got, want)
			}
		}
	}
}

// TestUnindentedAssignmentDeclares: "NAME = value" on an unindented line
// declares a module-level variable, as a keyword line would; an indented
// one, or a comparison, does not.
func TestUnindentedAssignmentDeclares(t *testing.T) {
	src := []byte("ID = NewType(\"ID\", str)\n\nclass Node:\n    local = 1\n\nflag == other\n")
	ts := declTokens(keywordsOf(lang.ForPath("x.py")), src)
	got := Definable(ts, map[string]Want{"ID": WantDecl, "local": WantDecl, "flag": WantDecl, "Node": WantTop})
	want := map[string]bool{"ID": true, "Node": true}
	if len(got) != len(want) || !got["ID"] || !got["Node"] {
		t.Errorf("declared: %v, want %v", got, want)
	}
}

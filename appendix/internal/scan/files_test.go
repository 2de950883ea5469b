package scan

import (
	"path"
	"testing"
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

func TestTestFile(t *testing.T) {
	for rel, want := range map[string]bool{
		"pkg/test/nodepool.go":             true,
		"util/test/builder/builders.go":    true,
		"internal/testutil/fake.go":        true,
		"test/e2e/suite.go":                true,
		"pkg/mocks/store.go":               true,
		"pkg/apis/v1/nodepool.go":          false,
		"src/mock-server/mock.service.ts":  false,
		"pkg/testing.go":                   false,
		"pkg/attest/verify.go":             false,
		"internal/controllers/latest/x.go": false,
	} {
		if got := TestFile(rel); got != want {
			t.Errorf("TestFile(%q) = %v, want %v", rel, got, want)
		}
	}
}

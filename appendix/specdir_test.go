package appendix

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSpecDir(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{filepath.Join("designs", "rfc"), "billing"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	outside := t.TempDir()
	for _, c := range []struct {
		name, want string
		ok         bool
	}{
		{filepath.Join(root, "designs", "rfc", "spec.md"), "designs", true}, // the documents' folder, from its top
		{filepath.Join(root, "billing", "DESIGN.md"), "", false},            // a folder of code: what the spec changes
		{filepath.Join(root, "spec.md"), "", false},                         // at the top: its folder is the repository
		{filepath.Join(outside, "spec.md"), "", false},                      // outside the repository
		{"-", "", false}, // standard input
		{filepath.Join(root, "..", "spec.md"), "", false}, // beside the repository
	} {
		got, ok := specDir(c.name, root)
		if got != c.want || ok != c.ok {
			t.Errorf("specDir(%q) = %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

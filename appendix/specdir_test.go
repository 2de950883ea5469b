package appendix

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSpecDir(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "designs", "rfc"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	for _, c := range []struct {
		name, want string
		ok         bool
	}{
		{filepath.Join(root, "designs", "rfc", "spec.md"), "designs/rfc", true},
		{filepath.Join(root, "spec.md"), "", false},    // at the top: its folder is the repository
		{filepath.Join(outside, "spec.md"), "", false}, // outside the repository
		{"-", "", false}, // standard input
		{filepath.Join(root, "..", "spec.md"), "", false}, // beside the repository
	} {
		got, ok := specDir(c.name, root)
		if got != c.want || ok != c.ok {
			t.Errorf("specDir(%q) = %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

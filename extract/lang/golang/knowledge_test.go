package golang

import (
	"reflect"
	"testing"
)

func TestGoTests(t *testing.T) {
	tests := []string{"a/x_test.go", "a/y_test.go", "b/x_test.go", "a/sub/x_test.go"}
	m := goTests("a/x.go", tests)
	if !m.ByPackage || !reflect.DeepEqual(m.Named, []string{"a/x_test.go"}) || !reflect.DeepEqual(m.Package, []string{"a/x_test.go", "a/y_test.go"}) {
		t.Errorf("a/x.go: %+v", m)
	}
	if m := goTests("a/x.GO", tests); m.ByPackage || m.Named != nil {
		t.Errorf("a/x.GO: %+v", m)
	}
}

func TestExternalImports(t *testing.T) {
	src := []string{"package p", "import \"fmt\"", "import (", "\t\"context\"", "\tchi \"github.com/go-chi/chi/v5\"", "\t\"example.com/m/internal/x\"", ")", "import \"golang.org/x/sync/errgroup\""}
	want := []string{"github.com/go-chi/chi/v5", "example.com/m/internal/x", "golang.org/x/sync/errgroup"}
	if got := externalImports(src); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

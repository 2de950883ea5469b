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
	if !declaredBy("github.com/go-chi/chi/v5/middleware", "github.com/go-chi/chi/v5") || declaredBy("github.com/go-chi/chi/v55", "github.com/go-chi/chi/v5") {
		t.Error("declaredBy: a package is its module's, by whole path segments")
	}
}

// The name a Go file qualifies an import with: its alias, else the last
// segment of its path, past a major version; blank and dot imports name
// nothing, and the imports end at the first declaration.
func TestImportNames(t *testing.T) {
	src := "// Package p.\npackage p\n\nimport \"fmt\"\n\nimport (\n\t\"context\"\n\tchi \"github.com/go-chi/chi/v5\"\n\t_ \"embed\"\n\t. \"strings\"\n" +
		"\t\"gopkg.in/yaml.v3\"\n\t\"sigs.k8s.io/controller-runtime/pkg/client\" // the client\n)\n\nvar x = \"import \\\"os\\\"\"\n"
	want := "fmt\tfmt\ncontext\tcontext\nchi\tgithub.com/go-chi/chi/v5\nyaml\tgopkg.in/yaml.v3\nclient\tsigs.k8s.io/controller-runtime/pkg/client\n"
	if got := importNames([]byte(src)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Package deps_test holds the module's layering rule: the pipeline's stages
// in order, each importing only stages before it.
package deps_test

import (
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/appendix-dev/appendix/"

// layers is the module's import order: a package may import a package of
// the module only if it comes earlier in this list. The appendix pipeline
// reads top to bottom: spec -> search -> resolve (+ rank) -> artifact ->
// redact -> budget -> render, then the facade and what is built on it.
// A pattern ending in "/*" stands for every package directly under it.
var layers = []string{
	"internal/atomic",
	"internal/lock",
	"internal/filestat",
	"gitinfo",
	"inventory",
	"internal/testrepo",
	"extract",
	"extract/lang/internal/*",
	"extract/lang/*",
	"extract/lang",
	"appendix/internal/naming",
	"appendix/internal/literals",
	"appendix/internal/spec",
	"appendix/internal/redact",
	"appendix/internal/scan",
	"appendix/internal/cache",
	"appendix/internal/search",
	"appendix/internal/rank",
	"appendix/internal/resolve",
	"appendix/internal/artifact",
	"appendix/internal/architecture",
	"appendix/internal/testfiles",
	"appendix/internal/render",
	"appendix/internal/budget",
	"appendix/internal/rounds",
	"appendix",
	"appendix/governs",
	"appendix/hooks",
	"appendix/audit",
	"appendix/brief",
	"appendix/cli",
	"cmd/appendix",
	"internal/benchreal",
}

// leaves import nothing of the module but what is listed.
var leaves = map[string][]string{
	"gitinfo":   {"internal/atomic", "internal/filestat"},
	"inventory": {"internal/atomic", "internal/lock"},
	// A language knows the language-neutral extract package and the
	// helpers languages share, never another language or the registry.
	"extract/lang/*": {"extract", "extract/lang/internal/*"},
}

func layer(pkg string) int {
	for i, l := range layers {
		if l == pkg || strings.HasSuffix(l, "/*") && path.Dir(pkg) == strings.TrimSuffix(l, "/*") {
			return i
		}
	}
	return -1
}

func pattern(pkg string) string {
	if i := layer(pkg); i >= 0 {
		return layers[i]
	}
	return pkg
}

func TestImportsGoOneWay(t *testing.T) {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := exec.LookPath(goTool); err != nil {
		goTool = "go"
	}
	out, err := exec.Command(goTool, "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if f[0] == strings.TrimSuffix(module, "/") {
			continue // this test's own directory
		}
		pkg := strings.TrimPrefix(f[0], module)
		at := layer(pkg)
		if at < 0 {
			t.Errorf("%s is in no layer: place it in deps_test.go's list", pkg)
			continue
		}
		for _, imp := range f[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			imp = strings.TrimPrefix(imp, module)
			if allowed, ok := leaves[pattern(pkg)]; ok && !slices.Contains(allowed, pattern(imp)) {
				t.Errorf("%s imports %s: it may import only %v of the module", pkg, imp, allowed)
			}
			if l := layer(imp); l < 0 || l >= at {
				t.Errorf("%s imports %s, which is not below it in the pipeline", pkg, imp)
			}
		}
	}
}

package deps_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestInstallAsWritten: the README's install instructions are ones that
// work from a clone: they name the module path go.mod declares, install
// ./cmd/appendix from the clone and with make install (a target of the
// Makefile that installs that package with cgo on), and nowhere tell a
// reader to fetch this module by its path, which no server answers for.
func TestInstallAsWritten(t *testing.T) {
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	m := regexp.MustCompile(`(?m)^module (\S+)$`).FindStringSubmatch(read("go.mod"))
	if m == nil {
		t.Fatal("go.mod: no module line")
	}
	module := m[1]
	readme := read("README.md")
	_, install, ok := strings.Cut(readme, "\n## Install\n")
	if !ok {
		t.Fatal("README.md: no Install section")
	}
	install, _, _ = strings.Cut(install, "\n## ")
	for _, want := range []string{"go install ./cmd/appendix", "make install", "CGO_ENABLED=1", module} {
		if !strings.Contains(install, want) {
			t.Errorf("README.md's Install section does not say %q", want)
		}
	}
	if remote := regexp.MustCompile(`go (install|get) ` + regexp.QuoteMeta(module) + `\S*`).FindString(readme); remote != "" {
		t.Errorf("README.md says %q: no server answers for that module path", remote)
	}
	target := regexp.MustCompile(`(?m)^install:.*\n((?:\t.*\n)+)`).FindStringSubmatch(read("Makefile"))
	if target == nil || !strings.Contains(target[1], "CGO_ENABLED=1 $(GO) install") || !strings.Contains(target[1], "./cmd/appendix") {
		t.Errorf("Makefile: no install target that installs ./cmd/appendix with CGO_ENABLED=1: %q", target)
	}
}

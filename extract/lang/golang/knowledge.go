package golang

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// The rules code outside extraction asks of Go (see extract.Language).
var (
	keywords = extract.Keywords{
		Decl:     []string{"func", "type", "var", "const", "struct"},
		Type:     []string{"type", "interface", "struct"},
		Var:      []string{"var", "const"},
		Receiver: []string{"func"},
	}
	frameworks = []string{"gin-gonic/gin", "labstack/echo", "go-chi/chi", "gofiber/fiber", "gorm.io/gorm", "sqlx", "pgx",
		"testify", "cobra", "viper", "zap", "zerolog"}
	generated  = []string{".pb.go", ".gen.go", "_gen.go", "_generated.go", "_string.go", "zz_generated.deepcopy.go"}
	testNameRe = regexp.MustCompile(`(?m)^func (Test\w+|Benchmark\w+|Fuzz\w+)\(`)
)

// importLine reports an import declaration's first line: import "x",
// import (.
func importLine(line []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(line, " \t\r"), []byte("import "))
}

// importPathRe reads an import spec: "path", name "path", import "path".
var importPathRe = regexp.MustCompile(`^(?:import\s+)?(?:[\w.]+\s+)?"([^"]+)"`)

// externalImports lists the imported packages whose path starts with a
// domain: every package outside the standard library and the module.
func externalImports(lines []string) []string {
	var out []string
	in := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "import ("):
			in = true
		case in && t == ")":
			in = false
		case in || strings.HasPrefix(t, "import "):
			if m := importPathRe.FindStringSubmatch(t); m != nil && strings.Contains(strings.Split(m[1], "/")[0], ".") {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// importNameRe reads an import spec with its name: "path", name "path".
var importNameRe = regexp.MustCompile(`^(?:import\s+)?(?:([\w.]+)\s+)?"([^"]+)"`)

// importNames lists the packages a file imports, a "name\tpath" line
// each: the name the file's code qualifies with (its alias, else the
// path's last segment, past a /vN major version). Blank and dot imports
// name nothing.
func importNames(src []byte) string {
	var b strings.Builder
	in := false
	for len(src) > 0 {
		var l []byte
		l, src = extract.NextLine(src)
		t := strings.TrimSpace(string(l))
		switch {
		case strings.HasPrefix(t, "import ("):
			in = true
		case in && t == ")":
			in = false
		case in || strings.HasPrefix(t, "import "):
			m := importNameRe.FindStringSubmatch(t)
			if m == nil || m[1] == "_" || m[1] == "." {
				continue
			}
			name := m[1]
			if name == "" {
				segs := strings.Split(m[2], "/")
				name = segs[len(segs)-1]
				if len(segs) > 1 && majorRe.MatchString(name) {
					name = segs[len(segs)-2]
				}
				name = strings.TrimSuffix(strings.TrimPrefix(name, "go-"), ".go")
				if i := strings.IndexByte(name, '.'); i > 0 {
					name = name[:i] // gopkg.in/yaml.v3
				}
			}
			b.WriteString(name + "\t" + m[2] + "\n")
		case t != "" && !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "package "):
			if !in {
				return b.String() // the imports come first
			}
		}
	}
	return b.String()
}

var majorRe = regexp.MustCompile(`^v[0-9]+$`)

// goTests: a Go file's tests are its package's, foo_test.go beside
// foo.go first.
func goTests(source string, tests []string) extract.TestMatch {
	if path.Ext(source) != ".go" {
		return extract.TestMatch{}
	}
	dir, stem := path.Dir(source), strings.TrimSuffix(path.Base(source), ".go")
	m := extract.TestMatch{ByPackage: true}
	for _, t := range tests {
		if path.Dir(t) != dir {
			continue
		}
		if path.Base(t) == stem+"_test.go" {
			m.Named = append(m.Named, t)
		}
		if strings.HasSuffix(t, "_test.go") {
			m.Package = append(m.Package, t)
		}
	}
	return m
}

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
		Decl:       []string{"func", "type", "var", "const", "struct"},
		Type:       []string{"type", "interface", "struct"},
		Var:        []string{"var", "const"},
		Receiver:   []string{"func"},
		Tags:       []string{`json:"`, `yaml:"`, `mapstructure:"`, `toml:"`, `xml:"`, `bson:"`, `db:"`, `column:`},
		SpacedTags: []string{`xorm:"`},
		ColonKeys:  true,
		Locals:     []string{"func"},
		ParamLists: true,
	}
	frameworks = []string{"gin-gonic/gin", "labstack/echo", "go-chi/chi", "gofiber/fiber", "gorm.io/gorm", "sqlx", "pgx",
		"testify", "cobra", "viper", "zap", "zerolog"}
	generated  = []string{".pb.go", ".gen.go", "_gen.go", "_generated.go", "_string.go", "zz_generated.deepcopy.go"}
	testNameRe = regexp.MustCompile(`(?m)^func (Test\w+|Benchmark\w+|Fuzz\w+)\(`)
)

// importLine reports an import declaration's first line: import "x",
// import (.
func importLine(line []byte) bool {
	return bytes.HasPrefix(extract.TrimIndent(line), []byte("import "))
}

// externalImports lists the imported packages whose path starts with a
// domain: every package outside the standard library and the module.
func externalImports(lines []string) []string {
	var out []string
	eachImport([]byte(strings.Join(lines, "\n")), func(_, path string) {
		if strings.Contains(strings.Split(path, "/")[0], ".") {
			out = append(out, path)
		}
	})
	return out
}

// declaredBy reports an import path inside the module dep.
func declaredBy(imp, dep string) bool { return imp == dep || strings.HasPrefix(imp, dep+"/") }

// importNameRe reads an import spec with its name: "path", name "path".
var importNameRe = regexp.MustCompile(`^(?:import\s+)?(?:([\w.]+)\s+)?"([^"]+)"`)

// eachImport calls fn with each import spec of a Go file, its name as
// written ("" when none, "_" or "." too) and its path, in file order; the
// imports end at the first declaration.
func eachImport(src []byte, fn func(name, path string)) {
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
			if m := importNameRe.FindStringSubmatch(t); m != nil {
				fn(m[1], m[2])
			}
		case t != "" && !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "package "):
			if !in {
				return
			}
		}
	}
}

// importNames lists the packages a file imports, a "name\tpath" line
// each: the name the file's code qualifies with (its alias, else the
// path's last segment, past a /vN major version). Blank and dot imports
// name nothing.
func importNames(src []byte) string {
	var b strings.Builder
	eachImport(src, func(name, path string) {
		if name == "_" || name == "." {
			return
		}
		if name == "" {
			segs := strings.Split(path, "/")
			name = segs[len(segs)-1]
			if len(segs) > 1 && majorRe.MatchString(name) {
				name = segs[len(segs)-2]
			}
			name = strings.TrimSuffix(strings.TrimPrefix(name, "go-"), ".go")
			if i := strings.IndexByte(name, '.'); i > 0 {
				name = name[:i] // gopkg.in/yaml.v3
			}
		}
		b.WriteString(name + "\t" + path + "\n")
	})
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

package appendix

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/gitinfo"
)

// testWordsRe finds a spec that talks about testing: only then is the test
// structure relevant (protocol section 2).
var testWordsRe = regexp.MustCompile(`(?i)\b(?:tests?|testing|tested|coverage|unit[- ]tests?|integration[- ]tests?|e2e|test plan|test suite)\b`)

var (
	goTestRe = regexp.MustCompile(`(?m)^func (Test\w+|Benchmark\w+|Fuzz\w+)\(`)
	pyTestRe = regexp.MustCompile(`(?m)^\s*(?:async\s+)?def (test_\w+)\(`)
	jsTestRe = regexp.MustCompile(`(?m)\b(?:it|test)\(\s*['"` + "`" + `]([^'"` + "`" + `\n]{1,60})['"` + "`" + `]`)
)

// testFiles returns the walked test files (computed once per run).
func (ix *index) testFiles() []gitinfo.File {
	if ix.tests == nil {
		ix.tests = []gitinfo.File{}
		for _, f := range ix.files {
			if holdsTests(f.Path) {
				ix.tests = append(ix.tests, f)
			}
		}
	}
	return ix.tests
}

// holdsTests reports files whose imports say what they test.
func holdsTests(rel string) bool {
	return testFile(rel) || strings.Contains(rel, "/__tests__/")
}

// maxTestNames is how many test names a file lists before they are counted.
const maxTestNames = 6

// testFilesArtifact lists, names only, the test files that cover the
// source files shown: foo_test.go, test_foo.py / foo_test.py, foo.test.ts /
// foo.spec.ts / __tests__/foo.ts, with their test names when short.
func testFilesArtifact(ix *index, root string, arts []*Artifact) *Artifact {
	var sources []string
	seen := map[string]bool{}
	for _, a := range arts {
		if a.Path != "" && !testFile(a.Path) && !seen[a.Path] {
			seen[a.Path] = true
			sources = append(sources, a.Path)
		}
	}
	sort.Strings(sources)
	if len(sources) == 0 {
		return nil
	}
	found := map[string]bool{}
	var tests []string
	for _, src := range sources {
		for _, t := range ix.testsFor(src, root) {
			if !found[t] {
				found[t] = true
				tests = append(tests, t)
			}
		}
	}
	if len(tests) == 0 {
		return &Artifact{Kind: extract.KindTestFiles, SelectedBy: []Selection{{Ref: "tests", Reason: strings.Join(sources, ", ")}}}
	}
	sort.Strings(tests)
	a := &Artifact{Kind: extract.KindTestFiles, Title: "Test Files", Lang: extract.Text, source: FromFence, order: 1 << 30}
	for _, t := range tests {
		a.Lines = append(a.Lines, extract.Line{Text: t + testNames(filepath.Join(root, filepath.FromSlash(t)))})
	}
	a.Symbols = tests
	a.SelectedBy = []Selection{{Ref: "tests", Reason: fmt.Sprintf("the spec discusses testing; test files covering %s", strings.Join(sources, ", "))}}
	return a
}

// testsFor returns the test files that cover a source file: by naming
// convention (in the same directory, or a tests directory of the same
// top-level tree), and test files that import its module.
func (ix *index) testsFor(src string, root string) []string {
	dir, base := path.Dir(src), path.Base(src)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	top := strings.SplitN(src, "/", 2)[0]
	sameTree := func(f string) bool {
		return strings.SplitN(f, "/", 2)[0] == top || strings.HasPrefix(f, "tests/") || strings.HasPrefix(f, "test/")
	}
	var out []string
	add := func(f string) {
		if !contains(out, f) {
			out = append(out, f)
		}
	}
	for _, f := range ix.testFiles() {
		fb := path.Base(f.Path)
		switch ext {
		case ".go":
			if path.Dir(f.Path) == dir && fb == stem+"_test.go" {
				add(f.Path)
			}
		case ".py":
			if (fb == "test_"+stem+".py" || fb == stem+"_test.py") && sameTree(f.Path) {
				add(f.Path)
			}
		case ".ts", ".tsx", ".js", ".jsx", ".mjs":
			for _, te := range []string{".ts", ".tsx", ".js", ".jsx", ".mjs"} {
				if (fb == stem+".test"+te || fb == stem+".spec"+te) && path.Dir(f.Path) == dir ||
					fb == stem+te && strings.Contains("/"+f.Path, "/__tests__/") && sameTree(f.Path) {
					add(f.Path)
				}
			}
		}
	}
	if len(out) == 0 && ext == ".go" {
		// No file-level test: the package's tests cover it.
		for _, f := range ix.testFiles() {
			if path.Dir(f.Path) == dir && strings.HasSuffix(f.Path, "_test.go") && len(out) < 5 {
				add(f.Path)
			}
		}
	}
	if ext != ".go" {
		for _, f := range ix.importingTests(src, root) {
			add(f)
		}
	}
	return out
}

// importingTests returns test files whose imports name the source module:
// from './music', from "../lib/music", from app.music import, import music.
// The imports come from this run's scans: no file is read again.
func (ix *index) importingTests(src, root string) []string {
	stem := strings.TrimSuffix(path.Base(src), path.Ext(src))
	if stem == "index" || stem == "__init__" {
		stem = path.Base(path.Dir(src))
	}
	module := strings.ReplaceAll(strings.TrimSuffix(src, path.Ext(src)), "/", ".")
	var out []string
	for _, f := range ix.testFiles() {
		sc := ix.scans[f.Path]
		if sc == nil || sc.Mods == "" {
			continue
		}
		for _, m := range strings.Split(sc.Mods, "\n") {
			if ext := path.Ext(m); lang.ForPath("x"+ext) != nil {
				m = strings.TrimSuffix(m, ext) // "./music.js"
			}
			if strings.HasSuffix(m, "/"+stem) || m == stem || m == "."+stem || strings.HasSuffix(module, m) && strings.HasSuffix(m, "."+stem) {
				out = append(out, f.Path)
				break
			}
		}
		if len(out) >= 5 {
			break
		}
	}
	return out
}

// testNames reads a test file's test names: ": TestA, TestB" when there
// are few, " (12 tests)" when there are many, "" when it cannot tell.
func testNames(file string) string {
	st, err := os.Stat(file)
	if err != nil || st.Size() > MaxFileSize {
		return ""
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	var re *regexp.Regexp
	switch path.Ext(file) {
	case ".go":
		re = goTestRe
	case ".py":
		re = pyTestRe
	default:
		re = jsTestRe
	}
	var names []string
	for _, m := range re.FindAllSubmatch(b, -1) {
		names = append(names, string(m[1]))
	}
	switch {
	case len(names) == 0:
		return ""
	case len(names) > maxTestNames:
		return fmt.Sprintf(" (%d tests)", len(names))
	}
	return ": " + strings.Join(names, ", ")
}

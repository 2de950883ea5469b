package testfiles

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/extract"
)

// WordsRe finds a spec that talks about testing: only then is the test
// structure relevant.
var WordsRe = regexp.MustCompile(`(?i)\b(?:tests?|testing|tested|coverage|unit[- ]tests?|integration[- ]tests?|e2e|test plan|test suite)\b`)

var (
	goTestRe = regexp.MustCompile(`(?m)^func (Test\w+|Benchmark\w+|Fuzz\w+)\(`)
	pyTestRe = regexp.MustCompile(`(?m)^\s*(?:async\s+)?def (test_\w+)\(`)
	jsTestRe = regexp.MustCompile(`(?m)\b(?:it|test)\(\s*['"` + "`" + `]([^'"` + "`" + `\n]{1,60})['"` + "`" + `]`)
)

// maxTestNames is how many test names a file lists before they are counted.
const maxTestNames = 6

// Artifact lists, names only, the test files that cover the
// source files shown: foo_test.go, test_foo.py / foo_test.py, foo.test.ts /
// foo.spec.ts / __tests__/foo.ts, with their test names when short.
func Artifact(ix *search.Index, root string, arts []*artifact.Artifact) *artifact.Artifact {
	var sources []string
	seen := map[string]bool{}
	for _, a := range arts {
		if a.Path != "" && !ix.Class(a.Path).Test && !seen[a.Path] {
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
		for _, t := range ix.TestsFor(src, root) {
			if !found[t] {
				found[t] = true
				tests = append(tests, t)
			}
		}
	}
	if len(tests) == 0 {
		return &artifact.Artifact{Kind: extract.KindTestFiles, SelectedBy: []artifact.Selection{{Ref: "tests", Reason: strings.Join(sources, ", ")}}}
	}
	sort.Strings(tests)
	a := &artifact.Artifact{Kind: extract.KindTestFiles, Title: "Test Files", Lang: extract.Text, Source: spec.FromFence, Order: 1 << 30}
	for _, t := range tests {
		a.Lines = append(a.Lines, extract.Line{Text: t + testNames(filepath.Join(root, filepath.FromSlash(t)))})
	}
	a.Symbols = tests
	a.SelectedBy = []artifact.Selection{{Ref: "tests", Reason: fmt.Sprintf("the spec discusses testing; test files covering %s", strings.Join(sources, ", "))}}
	return a
}

// testNames reads a test file's test names: ": TestA, TestB" when there
// are few, " (12 tests)" when there are many, "" when it cannot tell.
func testNames(file string) string {
	st, err := os.Stat(file)
	if err != nil || st.Size() > scan.MaxFileSize {
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

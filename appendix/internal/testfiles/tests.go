package testfiles

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// WordsRe finds a spec that talks about testing: only then is the test
// structure relevant.
var WordsRe = regexp.MustCompile(`(?i)\b(?:tests?|testing|tested|coverage|unit[- ]tests?|integration[- ]tests?|e2e|test plan|test suite)\b`)

// maxTestNames is how many test names a file lists before they are counted.
const maxTestNames = 6

// Artifact lists, names only, the test files that cover the source files
// shown (by their languages' conventions, see search.TestsFor), with their
// test names when short.
func Artifact(ix *search.Index, root string, arts []*artifact.Artifact) *artifact.Artifact {
	var sources []string
	seen := map[string]bool{}
	for _, a := range arts {
		// (A schema's file, a migration or sqlc's queries, is tested
		// through the code that runs it, by no test of its own name.)
		if l := lang.ForPath(a.Path); a.Path != "" && !ix.Class(a.Path).Test && !seen[a.Path] && (l == nil || l.Tests != nil) {
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
		return &artifact.Artifact{Kind: extract.KindTestFiles, SelectedBy: []artifact.Selection{{Ref: artifact.TestsRef, Reason: strings.Join(sources, ", ")}}}
	}
	sort.Strings(tests)
	a := &artifact.Artifact{Kind: extract.KindTestFiles, Title: "Test Files", Lang: extract.Text, Source: spec.FromFence, Order: 1 << 30}
	for _, t := range tests {
		a.Lines = append(a.Lines, extract.Line{Text: naming.Inline(t) + testNames(filepath.Join(root, filepath.FromSlash(t)))})
	}
	a.Symbols = tests
	a.SelectedBy = []artifact.Selection{{Ref: artifact.TestsRef, Reason: fmt.Sprintf("the spec discusses testing; test files covering %s", strings.Join(sources, ", "))}}
	return a
}

// testNames reads a test file's test names: ": TestA, TestB" when there
// are few, " (12 tests)" when there are many, "" when it cannot tell.
func testNames(file string) string {
	st, err := os.Stat(file)
	if err != nil || st.Size() > scan.MaxFileSize {
		return ""
	}
	l := lang.ForPath(file)
	if l == nil || l.TestNames == nil {
		return ""
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	names := l.TestNames(b)
	switch {
	case len(names) == 0:
		return ""
	case len(names) > maxTestNames:
		return fmt.Sprintf(" (%d tests)", len(names))
	}
	return ": " + strings.Join(names, ", ")
}

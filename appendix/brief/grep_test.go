package brief

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/gitinfo"
)

// The searches of one pass find what each finds alone, and a search for
// code reads a line as code or not as the whole file says: a comment or
// a string opened lines before still blanks it, and one opened after the
// last line that may match changes nothing.
func TestGrepAllAsAlone(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a/retry.go": "package a\n\n/* retry\n   go work() in a comment\n*/\nfunc f() {\n\tgo work() // retry later\n\ts := `\nretry in a raw string\n`\n\t_ = s\n}\n// backoff\n/* open\n",
		"a/pool.py":  "'''\nretry in a docstring\n'''\nMAX_ATTEMPTS = 3\nimport asyncio\nasyncio.gather(x)\n",
		"b/q.ts":     "// queue\nconst q = new Queue(); // retry\nfetch(url)\n",
	}
	var walked []gitinfo.File
	for p, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		walked = append(walked, gitinfo.File{Path: p, Size: int64(len(text))})
	}
	slices.SortFunc(walked, func(x, y gitinfo.File) int { return strings.Compare(x.Path, y.Path) })
	b := &briefer{repo: &gitinfo.Repo{Root: dir}, ix: search.NewIndex(walked), classes: map[string]search.Class{}}
	paths := []string{"a/retry.go", "a/pool.py", "b/q.ts"}
	qs := []grepQuery{
		{re: retryLineRe(), max: 12, code: true},
		{re: concurrencyRe(), max: 15, code: true},
		{re: externalCallRe(), max: 15, code: true, files: 2},
		{re: regexp.MustCompile(`retry`), max: 2, code: false},
	}
	together := b.grepAll(paths, qs)
	for i, q := range qs {
		alone := b.grepAll(paths, []grepQuery{q})[0]
		if !slices.Equal(together[i], alone) {
			t.Errorf("%s: together %q, alone %q", q.re, together[i], alone)
		}
	}
	want := [][]string{
		{"`a/pool.py:4`: `MAX_ATTEMPTS = 3`"},
		{"`a/retry.go:7`: `go work() // retry later`", "`a/pool.py:6`: `asyncio.gather(x)`", "`b/q.ts:2`: `const q = new Queue(); // retry`"},
		nil,
		{"`a/retry.go:3`: `/* retry`", "`a/retry.go:7`: `go work() // retry later`"},
	}
	for i := range qs {
		if !slices.Equal(together[i], want[i]) {
			t.Errorf("%s: %q, want %q", qs[i].re, together[i], want[i])
		}
	}
}

package brief

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/audit"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
)

// A secret in the part of an item the budget cuts away is not counted.
func TestFitItemsCountsWhatIsShown(t *testing.T) {
	var lines []string
	for i := 0; i < 30; i++ {
		lines = append(lines, "x := compute(42) // a line of ordinary code")
	}
	lines = append(lines, `key := "ghp_gLKOmxgJTeKdNnFRIBXuDL7DxtpYlSXpfKtH"`)
	items := []briefItem{{kind: "k", title: "T", text: strings.Join(lines, "\n"), fence: "go", path: "a.go"}}
	if n := redactItems(items); n != 1 {
		t.Fatalf("redacted %d, want 1", n)
	}
	whole, _ := fitItems(items, 1000)
	if got := redactedIn(whole); got != 1 {
		t.Errorf("whole: %d redactions counted, want 1", got)
	}
	cut, left := fitItems(items, 100)
	if len(cut) != 1 || len(left) != 1 || strings.Contains(cut[0].text, "<redacted>") {
		t.Fatalf("not cut before the secret: %+v, %q", cut, left)
	}
	if got := redactedIn(cut); got != 0 {
		t.Errorf("cut: %d redactions counted, want 0", got)
	}
}

// isFramework answers as the plain reading of its rule does: a name equal
// to a known framework's (in any case), ending in "/" and one, starting
// with one and "/", or holding one that has a "/" itself.
func TestIsFrameworkRule(t *testing.T) {
	plain := func(name string) bool {
		if strings.HasPrefix(name, "@types/") {
			return false
		}
		for _, k := range knownFrameworks {
			if strings.EqualFold(name, k) || strings.HasSuffix(name, "/"+k) || strings.HasPrefix(name, k+"/") || strings.Contains(k, "/") && strings.Contains(name, k) {
				return true
			}
		}
		return false
	}
	names := []string{"", "/", "x", "@types/react", "react-dom", "go.uber.org/zap", "zap"}
	for _, k := range knownFrameworks {
		names = append(names, k, strings.ToUpper(k), "/"+k, k+"/", "a/"+k, k+"/a", "x"+k, k+"x", "a/"+k+"/b", k[:len(k)-1], k[1:])
	}
	for _, n := range names {
		if got, want := isFramework(n), plain(n); got != want {
			t.Errorf("isFramework(%q) = %v, want %v", n, got, want)
		}
	}
}

// A path matcher answers as its expression does, whatever the case of
// the path.
func TestPathMatcher(t *testing.T) {
	paths := []string{"db/migrations/0001_init.sql", "DB/Migrate/x.rb", "alembic/versions/a.py", "src/utils/a.go", "lib/x.ts",
		"internal/strutil/s.go", "internal/xutilx/s.go", "pkg/a.go", "Makefile", ".github/workflows/ci.yml", "go.mod", "src/app.go", "a/LIB/b.go", ""}
	for _, re := range []*regexp.Regexp{migrationDirRe(), utilDirRe(), audit.BuildFiles()} {
		m := pathMatcher(re)
		for _, p := range paths {
			for _, q := range []string{p, strings.ToUpper(p), strings.ToLower(p)} {
				if got, want := m(q), re.MatchString(q); got != want {
					t.Errorf("%s: %q: %v, want %v", re, q, got, want)
				}
			}
		}
	}
}

// An item is cut to the most lines that fit, as trying every count from
// the most down would find.
func TestCutItemIsTheLongestThatFits(t *testing.T) {
	linear := func(it briefItem, least, room int) (int, bool) {
		lines := strings.Split(it.text, "\n")
		for n := len(lines) - 1; n >= least; n-- {
			cut := it
			cut.text = strings.Join(lines[:n], "\n") + fmt.Sprintf("\n... %d more %s", len(lines)-n, naming.Plural(len(lines)-n, "line", "lines"))
			if tokens(cut.render()) <= room {
				return n, true
			}
		}
		return 0, false
	}
	r := rand.New(rand.NewPCG(1, 2))
	shapes := []string{"", "x", "a line of code", "```", "\xff\xfe", "é", strings.Repeat("y", 40)}
	for i := 0; i < 3000; i++ {
		var lines []string
		for j := r.IntN(130); j >= 0; j-- {
			lines = append(lines, shapes[r.IntN(len(shapes))])
		}
		it := briefItem{title: "T", text: strings.Join(lines, "\n")}
		if r.IntN(2) == 0 {
			it.fence = "go"
		}
		least, room := 1+r.IntN(3), r.IntN(600)
		want, wantOK := linear(it, least, room)
		cut, n, total, ok := cutItem(it, least, room)
		if ok != wantOK || n != want || total != len(lines) {
			t.Fatalf("%q least %d room %d: cut to %d (%v), want %d (%v)", it.text, least, room, n, ok, want, wantOK)
		}
		if ok && !strings.HasPrefix(it.text, strings.Join(lines[:n], "\n")) || ok && tokens(cut.render()) > room {
			t.Fatalf("%q: cut %q does not fit %d", it.text, cut.text, room)
		}
	}
}

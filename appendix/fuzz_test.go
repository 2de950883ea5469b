package appendix

import (
	"strings"
	"testing"
)

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		"Extend `Order` in `a/b.go`.", "```go\nfunc X()\n```", "`(*S).m` and <X/> and `a(b, c)`",
		"# H\n- `x` table\n> quote `Y`", "``` unclosed", "`", "a\r\nb `C`\r\n", "~~~\n`x`\n~~~~\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s := ParseSpec("fuzz.md", src)
		lines := strings.Count(string(src), "\n") + 1
		for _, r := range s.Refs {
			if r.Name == "" || r.Line < 1 || r.Line > lines {
				t.Fatalf("bad ref %+v in %d lines", r, lines)
			}
		}
	})
}

// FuzzBudget feeds arbitrary specs and budgets to the whole pipeline over
// one fixture repository: the appendix never exceeds the budget.
func FuzzBudget(f *testing.F) {
	fx := loadFixture(f, "../fixtures/go.txtar")
	dir := fx.build(f)
	f.Add(fx.spec, 200)
	f.Add(fx.spec, 9)
	f.Add([]byte("`Order` `OrderStore` `PlaceOrder` `Validate` `ErrNotFound` `Nope1` `Nope2` `Nope3`"), 12)
	f.Fuzz(func(t *testing.T, spec []byte, budget int) {
		if budget < minBudget || budget > 1000 || len(strings.TrimSpace(string(spec))) == 0 || strings.IndexByte(string(spec), 0) >= 0 {
			return
		}
		out, stderr, code := runCLI(t, dir, spec, "--budget", itoa(budget), "--appendix-only")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if used := strings.Count(out, "\n"); used > budget {
			t.Fatalf("appendix has %d lines, budget %d", used, budget)
		}
	})
}

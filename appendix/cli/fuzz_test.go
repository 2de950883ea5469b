package cli

import (
	"strings"
	"testing"
)

// FuzzBudget feeds arbitrary specs and budgets to the whole pipeline over
// one fixture repository: the appendix never exceeds the budget.
func FuzzBudget(f *testing.F) {
	fx := loadFixture(f, "../../fixtures/go.txtar")
	dir := fx.build(f)
	f.Add(fx.spec, 200)
	f.Add(fx.spec, 9)
	f.Add([]byte("`Order` `OrderStore` `PlaceOrder` `Validate` `ErrNotFound` `Nope1` `Nope2` `Nope3`"), 12)
	f.Fuzz(func(t *testing.T, sp []byte, budget int) {
		if budget < minBudget || budget > 1000 || len(strings.TrimSpace(string(sp))) == 0 || strings.IndexByte(string(sp), 0) >= 0 {
			return
		}
		out, stderr, code := runCLI(t, dir, sp, "--budget", itoa(budget), "--appendix-only")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if used := strings.Count(out, "\n"); used > budget {
			t.Fatalf("appendix has %d lines, budget %d", used, budget)
		}
	})
}

package rank

import (
	"fmt"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/gitinfo"
)

// rankBench is a reference with 50 candidates spread the way a large
// repository spreads them: the same name in Go, TypeScript, Python, SQL
// migrations, a Prisma schema and GraphQL, in tests and in other
// packages, some of them members, private or named by convention only.
func rankBench(b *testing.B) (*Ranker, *spec.Ref, []*extract.Definition) {
	b.Helper()
	shapes := []struct {
		path string
		kind extract.Kind
	}{
		{"svc%02d/billing/order.go", extract.KindType},
		{"svc%02d/billing/order_test.go", extract.KindType},
		{"web/svc%02d/orders/order.ts", extract.KindInterface},
		{"py/svc%02d/shop/models.py", extract.KindType},
		{"db/migrations/%04d_orders.sql", extract.KindSchema},
		{"api/svc%02d/schema.graphql", extract.KindSchema},
		{"prisma/svc%02d/schema.prisma", extract.KindSchema},
		{"svc%02d/ledger/handlers.go", extract.KindFunction},
	}
	var files []gitinfo.File
	var cands []*extract.Definition
	for i := 0; len(cands) < 50; i++ {
		s := shapes[i%len(shapes)]
		p := fmt.Sprintf(s.path, i)
		files = append(files, gitinfo.File{Path: p, Size: 4096})
		d := &extract.Definition{Name: "Order", Kind: s.kind, Title: "Type", Path: p, Lang: lang.ForPath(p), Exported: i%5 != 0,
			StartLine: 10 + i, EndLine: 30 + i, DeclLine: 10 + i, Members: []extract.Member{{Name: "total", Start: 11 + i, End: 11 + i}}}
		switch i % 7 {
		case 1:
			d.Name = "orders" // by convention only
		case 3:
			d.Container = "Invoice" // a member named like the type
		case 5:
			d.Aliases = []string{"orders"}
		}
		cands = append(cands, d)
	}
	ix := search.NewIndex(files)
	sp := spec.Parse("spec.md", []byte("# Orders\n\nIn `svc08/billing/order.go`, the `billing.Invoice` total moves to the `Order` type, "+
		"which gains a `discount` field.\n"))
	var ref *spec.Ref
	for i := range sp.Refs {
		if sp.Refs[i].Name == "Order" {
			ref = &sp.Refs[i]
		}
	}
	if ref == nil {
		b.Fatalf("the spec names no Order: %+v", sp.Refs)
	}
	c := New(sp, ix)
	if len(c.paths) != 1 || !c.quals["billing"] {
		b.Fatalf("the spec's path and package are not read: %v %v", c.paths, c.quals)
	}
	c.Settle(cands[16])
	c.Settle(cands[24])
	return c, ref, cands
}

// BenchmarkRank scores and orders the candidates of one reference.
func BenchmarkRank(b *testing.B) {
	c, ref, cands := rankBench(b)
	b.ReportAllocs()
	for b.Loop() {
		c.Rank(ref, cands)
	}
}

// BenchmarkPick ranks and explains the choice: the reason, the rivals
// and the signal that won.
func BenchmarkPick(b *testing.B) {
	c, ref, cands := rankBench(b)
	b.ReportAllocs()
	for b.Loop() {
		c.Pick(ref, cands, "")
	}
}

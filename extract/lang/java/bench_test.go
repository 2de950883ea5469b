package java

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// BenchmarkClassWithBodies extracts a class of two hundred methods whose
// bodies hold most of its bytes, as a service class's do: the parse for
// definitions leaves the bodies out.
func BenchmarkClassWithBodies(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("package a;\n\npublic class OrderService {\n    private final OrderRepository orders;\n\n")
	for i := range 200 {
		fmt.Fprintf(&sb, "    /** Handles step %d. */\n    public Order step%d(long id, String reason) throws OrderException {\n", i, i)
		sb.WriteString("        Order o = orders.findById(id).orElseThrow(() -> new OrderException(\"missing \" + id));\n")
		sb.WriteString("        for (int k = 0; k < o.lines().size(); k++) {\n            if (o.lines().get(k).qty() > 10) {\n")
		sb.WriteString("                log.info(\"large line {} of {}\", k, id);\n            }\n        }\n")
		sb.WriteString("        return orders.save(o.withReason(reason));\n    }\n\n")
	}
	sb.WriteString("}\n")
	src := []byte(sb.String())
	p := extract.NewParser()
	defer p.Close()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		defs, err := p.Definitions(context.Background(), Lang, "OrderService.java", src)
		if err != nil || len(defs) != 201 {
			b.Fatalf("%d definitions, %v", len(defs), err)
		}
	}
}

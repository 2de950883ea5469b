package golang

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// BenchmarkBlock extracts a file whose var and const blocks hold a
// thousand names each (a configuration registry, a table of error codes):
// what every name asks of its block is worked out once per block.
func BenchmarkBlock(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("package config\n\nconst (\n")
	for i := range 1000 {
		fmt.Fprintf(&sb, "\tCode%d = %q\n", i, fmt.Sprintf("code.%d", i))
	}
	sb.WriteString(")\n\nvar (\n")
	for i := range 1000 {
		fmt.Fprintf(&sb, "\tSetting%d = NewSetting(%q, %d)\n", i, fmt.Sprintf("setting.%d", i), i)
	}
	sb.WriteString(")\n")
	src := []byte(sb.String())
	p := extract.NewParser()
	defer p.Close()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		defs, err := p.Definitions(context.Background(), Lang, "config.go", src)
		if err != nil || len(defs) != 2000 {
			b.Fatalf("%d definitions, %v", len(defs), err)
		}
	}
}

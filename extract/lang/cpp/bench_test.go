package cpp

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// BenchmarkWideStruct extracts a header whose struct holds a thousand
// fields (a server's global state): each field asks which section of the
// struct it is in, and the sections are read once for all of them.
func BenchmarkWideStruct(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("struct server {\n")
	for i := range 1000 {
		fmt.Fprintf(&sb, "    long long field%d; /* the %d-th setting */\n", i, i)
	}
	sb.WriteString("};\n")
	src := []byte(sb.String())
	p := extract.NewParser()
	defer p.Close()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		defs, err := p.Definitions(context.Background(), Lang, "server.h", src)
		if err != nil || len(defs) == 0 {
			b.Fatalf("%d definitions, %v", len(defs), err)
		}
	}
}

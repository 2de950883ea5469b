package cache

import (
	"fmt"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/internal/filestat"
)

// BenchmarkDecodeScans is what a warm run pays to load the scans of a
// 5,000-file repository before it looks at any file.
func BenchmarkDecodeScans(b *testing.B) {
	scans := map[string]*scan.Entry{}
	for i := range 5000 {
		names := fmt.Sprintf("Order%d\nOrder%dStatus\nloadOrder%d\n", i, i, i) + strings.Repeat("field\n", 40)
		scans[fmt.Sprintf("svc%02d/shop/orders%d.go", i%50, i)] = &scan.Entry{
			Stamp: filestat.Stamp{Size: 3000, Mtime: int64(i), Ctime: int64(i), Ino: uint64(i), Mode: 0o644}, Key: "go:0123456789abcdef0123456789abcdef01234567",
			Tokens: scan.Tokens{Names: names, Flags: make([]byte, strings.Count(names, "\n"))}, Slash: "orders\napi", Imports: "fmt\tfmt\n", Values: "open\npaid"}
	}
	data := encodeScans("v1", scans, nil)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := decodeScans(data, "v1"); err != nil {
			b.Fatal(err)
		}
	}
}

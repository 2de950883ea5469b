package extract_test

import (
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// BenchmarkFocus is the statement lexer a search runs over a large file
// that declares a wanted name: some 2,000 lines of Go, TypeScript and
// Python, looking for one entity's names among twenty-odd entities'.
func BenchmarkFocus(b *testing.B) {
	wanted := map[string]bool{"Shipment5": true, "Shipment5Status": true, "loadShipment5": true}
	mention := func(w []byte) bool { return wanted[string(w)] }
	for _, ext := range []string{".go", ".ts", ".py"} {
		b.Run(ext[1:], func(b *testing.B) {
			src := []byte(testrepo.Source(ext, 2000))
			l := lang.ForPath("shop/orders" + ext)
			if spans, ok := extract.Focus(l, src, mention); !ok || len(spans) == 0 {
				b.Fatalf("%s: no statements focused (ok=%v)", ext, ok)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				extract.Focus(l, src, mention)
			}
		})
	}
}

package scan

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// benchSources are a Go and a TypeScript file of some 2,000 lines each,
// as the generated benchmark repositories write them: structs with tags,
// enums, interfaces, classes, methods with bodies.
var benchSources = []struct{ name, ext string }{{"go", ".go"}, {"ts", ".ts"}}

func benchSource(b *testing.B, ext string) []byte {
	b.Helper()
	src := testrepo.Source(ext, 2000)
	if n := strings.Count(src, "\n"); n < 2000 || n > 2300 {
		b.Fatalf("%s: %d lines", ext, n)
	}
	return []byte(src)
}

// BenchmarkDeclTokens is the declaration-word scan every read file gets.
func BenchmarkDeclTokens(b *testing.B) {
	for _, s := range benchSources {
		b.Run(s.name, func(b *testing.B) {
			src := benchSource(b, s.ext)
			kw := keywordsOf(lang.ForPath("x" + s.ext))
			if declTokens(kw, src).Names == "" {
				b.Fatal("no declaration words")
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				declTokens(kw, src)
			}
		})
	}
}

// BenchmarkFile is the whole scan of one file: declaration words, words
// after "/", and for TypeScript the names it imports.
func BenchmarkFile(b *testing.B) {
	for _, s := range benchSources {
		b.Run(s.name, func(b *testing.B) {
			src := benchSource(b, s.ext)
			rel := "svc01/shop/orders" + s.ext
			l := lang.ForPath(rel)
			if e := File(l, rel, src); e.Skip || e.Tokens.Names == "" {
				b.Fatalf("%s: skipped or empty", rel)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				File(l, rel, src)
			}
		})
	}
}

// BenchmarkDefinable is the filter every searched file's words go through:
// a 2,000-line file's words against a spec's forty names, one of them
// declared in it.
func BenchmarkDefinable(b *testing.B) {
	src := benchSource(b, ".go")
	ts := declTokens(keywordsOf(lang.ForPath("x.go")), src)
	wanted := map[string]Want{"Shipment5": WantAny}
	for i := range 39 {
		wanted["Invoice"+strings.Repeat("x", i%7)+string(rune('A'+i%26))] = WantDecl
	}
	if len(Definable(ts, wanted)) == 0 {
		b.Fatal("nothing definable")
	}
	ws := NewWanted(wanted)
	b.ReportAllocs()
	for b.Loop() {
		ws.Definable(ts)
	}
}

// BenchmarkQuotedNames reads a PHP file's quoted calls: a migration's
// column calls among a view's translated strings and array keys, the
// quotes most PHP lines hold.
func BenchmarkQuotedNames(b *testing.B) {
	kw := keywordsOf(lang.ForPath("x.php"))
	var lines [][]byte
	for i := range 2000 {
		switch i % 4 {
		case 0:
			lines = append(lines, []byte(`            $table->string('name_`+strings.Repeat("x", i%7)+`')->nullable();`))
		case 1:
			lines = append(lines, []byte(`    <label for="name">{{ trans('entities.pages_name') }}</label>`))
		case 2:
			lines = append(lines, []byte(`        'driver' => env('CACHE_DRIVER', 'file'),`))
		default:
			lines = append(lines, []byte(`        return view('pages.show', ['page' => $page, "current" => $this->get("x")]);`))
		}
	}
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range lines {
			quotedNames(kw, l)
		}
	}
}

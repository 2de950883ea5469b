package rust

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// rustLex is how Focus reads Rust: attributes belong to the item below,
// strings span lines, raw strings close with their hashes, a quote may
// mark a lifetime, block comments nest, and a where clause in the first
// column goes on with the signature above.
var rustLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, NestedComments: true, SpanningQuotes: true, RawHashes: true, Lifetimes: true,
	Attached: '#', AttachedGroups: true, Continuations: []string{"where"}, OpenWords: rustOpenWords, Head: rustHead,
}

var rustOpenWords = extract.WordSet("pub fn struct enum trait impl type const static mod use let mut ref where for as in unsafe async " +
	"extern crate dyn move return else match if while loop")

// rustHead: a function names only itself ("pub(crate) async fn name",
// "#[test] fn name" with its attributes on its line); any other item
// counts whole (a struct's fields, an impl's methods).
func rustHead(stmt []byte) []byte {
	rest, ok := extract.SkipAttributes(stmt)
	if !ok {
		return stmt
	}
	rest, _ = extract.CutWord(rest, "pub")
	if rest, ok := skipGroup(rest, '(', ')'); ok {
		for _, w := range []string{"default", "const", "async", "unsafe"} {
			rest, _ = extract.CutWord(rest, w)
		}
		if r, ok := extract.CutWord(rest, "extern"); ok {
			rest, ok = skipGroup(r, '"', '"')
			if !ok {
				return stmt
			}
		}
		if r, ok := extract.CutWord(rest, "fn"); ok {
			return extract.LeadingName(r, stmt)
		}
	}
	return stmt
}

// skipGroup skips what b starts with from open to close (pub's "(crate)",
// extern's "\"C\""), and the blanks after it; b itself when it starts with
// no open; false when the group is not closed.
func skipGroup(b []byte, open, close byte) ([]byte, bool) {
	if len(b) == 0 || b[0] != open {
		return b, true
	}
	end := bytes.IndexByte(b[1:], close)
	if end < 0 {
		return b, false
	}
	return bytes.TrimLeft(b[end+2:], extract.Blanks), true
}

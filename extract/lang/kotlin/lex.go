package kotlin

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// kotlinLex is how Focus reads Kotlin: annotations belong to the
// declaration below them, raw strings (""") span lines, block comments
// nest, and a where clause in the first column goes on with the
// declaration above. Each top-level statement is parsed on its own: the
// grammar reads annotations before a class as an expression when more
// code follows the class, and a syntax error of modern Kotlin it does not
// know (a trailing comma in a collection literal, a multi-dollar string)
// stays in its statement.
var kotlinLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, NestedComments: true, TripleQuotes: true, Attached: '@',
	Continuations: []string{"where"}, OpenWords: kotlinOpenWords, Head: kotlinHead, Apart: true,
}

var kotlinOpenWords = extract.WordSet("package import class interface object fun val var typealias constructor " +
	"data sealed enum annotation companion inner value open abstract final override private public protected internal " +
	"const lateinit suspend inline noinline crossinline infix operator tailrec external actual expect " +
	"return throw by in is as where")

// funModifiers are the words that may stand before fun.
var funModifiers = []string{"private", "public", "protected", "internal", "override", "open", "abstract", "final",
	"suspend", "inline", "infix", "operator", "tailrec", "external", "actual", "expect"}

// kotlinHead: a function names only its receiver and itself ("fun
// Order.cancel", after its annotations and modifiers); any other
// statement counts whole (a class's members, an object's properties).
func kotlinHead(stmt []byte) []byte {
	rest := bytes.TrimLeft(stmt, extract.Blanks)
	for len(rest) > 0 && rest[0] == '@' {
		r, ok := extract.SkipDecorators(rest, '@')
		if !ok || len(r) == len(rest) {
			return stmt
		}
		rest = bytes.TrimLeft(r, extract.Blanks)
	}
	for cut := true; cut; {
		cut = false
		for _, w := range funModifiers {
			if r, ok := extract.CutWord(rest, w); ok {
				rest, cut = r, true
			}
		}
	}
	rest, ok := extract.CutWord(rest, "fun")
	if !ok {
		return stmt
	}
	if len(rest) > 0 && rest[0] == '<' {
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return stmt
		}
		rest = bytes.TrimLeft(rest[end+1:], extract.Blanks)
	}
	end := bytes.IndexByte(rest, '(')
	if end <= 0 || bytes.IndexByte(rest[:end], '\n') >= 0 {
		return stmt
	}
	return rest[:end]
}

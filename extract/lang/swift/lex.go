package swift

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// swiftLex is how Focus reads Swift: attributes on lines of their own
// belong to the declaration below, block comments nest, """ strings span
// lines, and a where clause in the first column goes on with the
// declaration above.
var swiftLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, NestedComments: true, TripleQuotes: true, Attached: '@',
	Continuations: []string{"where"}, OpenWords: swiftOpenWords, Head: swiftHead,
}

var swiftOpenWords = extract.WordSet("import public private fileprivate internal open package final static class struct enum " +
	"protocol extension actor func var let typealias init where throws rethrows async await try return in as is case " +
	"override mutating nonmutating convenience required lazy weak unowned indirect nonisolated some any inout")

// declModifiers are the words that may come before func in a
// declaration.
var declModifiers = extract.WordSet("public private fileprivate internal open package final static class override mutating " +
	"nonmutating dynamic nonisolated isolated distributed optional required convenience prefix postfix infix")

// swiftHead: a function names only itself ("public static func name",
// "@discardableResult func name" with its attributes on its line); any
// other declaration counts whole (a type's properties, an extension's
// methods).
func swiftHead(stmt []byte) []byte {
	rest, ok := extract.SkipDecorators(stmt, '@')
	if !ok {
		return stmt
	}
	for {
		n := 0
		for n < len(rest) && extract.IdentByte(rest[n]) {
			n++
		}
		if n == 0 || !declModifiers[string(rest[:n])] {
			break
		}
		rest = rest[n:]
		if len(rest) > 0 && rest[0] == '(' {
			end := bytes.IndexByte(rest, ')')
			if end < 0 {
				return stmt
			}
			rest = rest[end+1:] // private(set)
		}
		rest = bytes.TrimLeft(rest, extract.Blanks)
	}
	if r, ok := extract.CutWord(rest, "func"); ok {
		return extract.LeadingName(r, stmt)
	}
	return stmt
}

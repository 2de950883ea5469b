package csharp

import "github.com/appendix-dev/appendix/extract"

// csharpLex is how Focus reads C#: attribute lists ([Table("orders")])
// belong to the declaration below them, raw strings (""") span lines,
// and a line ending with a modifier or a declaration keyword goes on
// below (Allman braces open the body on the next line by themselves).
var csharpLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, TripleQuotes: true, Verbatim: true, Attached: '[', AttachedGroups: true,
	OpenWords: csharpOpenWords, Wrapper: csharpWrapper,
}

// csharpWrapper reports a namespace block (not a file-scoped namespace,
// which ends with a ";" and wraps nothing).
func csharpWrapper(stmt []byte) bool {
	_, ok := extract.CutWord(stmt, "namespace")
	return ok
}

var csharpOpenWords = extract.WordSet("using namespace public protected private internal static readonly const abstract sealed " +
	"partial virtual override async extern unsafe volatile new class struct interface enum record delegate event where return")

// funcBodies are the interiors of a C# file's method, constructor and
// operator bodies (see extract.FuncBodies).
func funcBodies(src []byte) ([]extract.Span, bool) {
	return extract.FuncBodies(csharpLex, src, csharpBrace)
}

// csharpBrace tells what a { that stands among a type's members, in a
// namespace or at the top of a file opens, from the head before it: a
// type's or a namespace's body after class, struct, interface, record,
// enum or namespace (before any where clause: `where T : class` is a
// constraint), or an extension block's header (`extension(Type type)`); a method's, constructor's or operator's body after a
// parameter list, a constraint or a base call (`: base(x)`); anything
// else after an = or => (a value, an expression body's lambda), or after
// another head (a property's accessors, an indexer's, an event's).
func csharpBrace(head []byte, _ extract.Brace) extract.Brace {
	words, last, assigns := extract.BraceHead(head)
	if len(words) > 0 && string(words[0]) == "extension" && last == ')' {
		return extract.BraceType // C# 14's extension(Type t) { ... }: a block of members
	}
	where := false
	for _, w := range words {
		switch string(w) {
		case "where":
			where = true
		case "class", "struct", "interface", "record", "enum", "namespace":
			if !where {
				return extract.BraceType
			}
		}
	}
	switch {
	case assigns:
		return extract.BraceOther
	case last == ')', where && extract.IdentByte(last):
		return extract.BraceFunc
	}
	return extract.BraceOther
}

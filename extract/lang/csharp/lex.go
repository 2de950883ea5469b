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

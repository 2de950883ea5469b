package csharp

import "github.com/appendix-dev/appendix/extract"

// csharpLex is how Focus reads C#: attribute lists ([Table("orders")])
// belong to the declaration below them, raw strings (""") span lines,
// and a line ending with a modifier or a declaration keyword goes on
// below (Allman braces open the body on the next line by themselves).
var csharpLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, TripleQuotes: true, Verbatim: true, Attached: '[', AttachedGroups: true,
	OpenWords: csharpOpenWords,
}

var csharpOpenWords = extract.WordSet("using namespace public protected private internal static readonly const abstract sealed " +
	"partial virtual override async extern unsafe volatile new class struct interface enum record delegate event where return")

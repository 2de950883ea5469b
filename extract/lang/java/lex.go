package java

import "github.com/appendix-dev/appendix/extract"

// javaLex is how Focus reads Java: annotations belong to the declaration
// below them, text blocks (""") span lines, and a heritage or throws
// clause in the first column continues the declaration above.
var javaLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, TripleQuotes: true, Attached: '@',
	Continuations: []string{"extends", "implements", "permits", "throws"}, OpenWords: javaOpenWords,
}

var javaOpenWords = extract.WordSet("package import public protected private static final abstract sealed strictfp class " +
	"interface enum record extends implements permits throws new return")

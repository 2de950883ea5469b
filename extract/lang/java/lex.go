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

// funcBodies are the interiors of a Java file's method, constructor and
// initializer bodies (see extract.FuncBodies).
func funcBodies(src []byte) ([]extract.Span, bool) {
	return extract.FuncBodies(javaLex, src, javaBrace)
}

// javaBrace tells what a { that stands among a type's members or at the
// top of a file opens, from the head before it: a type's body after
// class, interface, @interface or record, an enum's after enum; a method's
// or a constructor's body after a parameter list, with its throws clause;
// anything else after an = or -> (a field's value), among an enum's
// constants (a constant's body), or after another head (an initializer,
// whose code a type's snippet shows).
func javaBrace(head []byte, in extract.Brace) extract.Brace {
	words, last, assigns := extract.BraceHead(head)
	throws := -1
	for k, w := range words {
		switch string(w) {
		case "enum":
			return extract.BraceEnum
		case "class", "interface", "record":
			return extract.BraceType
		case "throws":
			throws = k
		}
	}
	switch {
	case assigns, in == extract.BraceEnum:
		return extract.BraceOther
	case last == ')', throws >= 0 && extract.IdentByte(last):
		return extract.BraceFunc
	}
	return extract.BraceOther
}

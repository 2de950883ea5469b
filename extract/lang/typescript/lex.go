package typescript

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// jsLex is how Focus reads TypeScript and JavaScript: template literals
// hold code, decorators belong to what follows, and a line starting with
// a bracket may continue the statement above.
var jsLex = &extract.LexSyntax{
	LineComment: "//", BlockComments: true, Raw: true, Template: true, Attached: '@',
	Continuations: []string{"else", "catch", "finally"}, Lookahead: true,
	OpenWords: jsOpenWords, BracketGoesOn: true, Head: jsHead, Bodied: jsBodied, Wrapper: jsWrapper, Regexps: true,
}

var jsOpenWords = extract.WordSet("const let var export default return extends implements new typeof async function class import from as in of " +
	"instanceof await yield type interface enum declare abstract namespace module throw case void delete keyof readonly " +
	"public private protected static")

// jsHead: a function declaration names its function; a variable that is
// an arrow function names itself; a call and an import define nothing.
func jsHead(stmt []byte) []byte {
	if _, ok := extract.CutWord(stmt, "import"); ok {
		return nil
	}
	rest := stmt
	for _, w := range []string{"export", "default", "declare", "async"} {
		rest, _ = extract.CutWord(rest, w)
	}
	if r, ok := extract.CutWord(rest, "function"); ok {
		return extract.LeadingName(bytes.TrimLeft(r, "*"+extract.Blanks), stmt)
	}
	if bytes.Contains(stmt, []byte("defineTable(")) {
		return stmt // a Convex table can be defined wherever its object is
	}
	if name := jsArrowConst(rest); name != nil {
		return name
	}
	if jsCall(stmt) {
		return nil // test(...), describe(...), app.use(...): a call defines nothing
	}
	return stmt
}

// jsArrowConst returns the name of "const name = (...) =>" (or "= async
// x =>", "= function"), a variable that is a function; nil for anything
// else, or when in doubt.
func jsArrowConst(stmt []byte) []byte {
	rest := stmt
	ok := false
	for _, kw := range []string{"const", "let", "var"} {
		if r, found := extract.CutWord(rest, kw); found {
			rest, ok = r, true
			break
		}
	}
	if !ok {
		return nil
	}
	n := 0
	for n < len(rest) && extract.IdentByte(rest[n]) {
		n++
	}
	name := rest[:n]
	rest = bytes.TrimLeft(rest[n:], extract.Blanks)
	if n == 0 || !bytes.HasPrefix(rest, []byte("=")) || bytes.HasPrefix(rest, []byte("==")) || bytes.HasPrefix(rest, []byte("=>")) {
		return nil // a type annotation, a destructuring, no initializer: in doubt
	}
	v := bytes.TrimLeft(rest[1:], extract.Blanks)
	v, _ = extract.CutWord(v, "async")
	if _, fn := extract.CutWord(v, "function"); fn {
		return name
	}
	var after []byte
	switch {
	case len(v) > 0 && v[0] == '(':
		end := extract.CloseParen(v)
		if end < 0 {
			return nil
		}
		after = v[end:]
	case len(v) > 0 && extract.IdentByte(v[0]):
		k := 0
		for k < len(v) && extract.IdentByte(v[k]) {
			k++
		}
		after = v[k:]
	default:
		return nil
	}
	after = bytes.TrimLeft(after, " \t\r\n")
	if bytes.HasPrefix(after, []byte("=>")) || len(v) > 0 && v[0] == '(' && bytes.HasPrefix(after, []byte(":")) {
		return name // "(...) =>", "x =>", "(...): Type =>"
	}
	return nil
}

// jsCall reports a statement that is a call: a dotted name and "(", the
// name no keyword ("const(" is a broken declaration, not a call).
func jsCall(stmt []byte) bool {
	i := 0
	for i < len(stmt) && (extract.IdentByte(stmt[i]) || stmt[i] == '.') {
		i++
	}
	if i == 0 || i >= len(stmt) || stmt[i] != '(' {
		return false
	}
	first, _, _ := bytes.Cut(stmt[:i], []byte("."))
	return !jsKeywords[string(first)]
}

var jsKeywords = map[string]bool{
	"abstract": true, "async": true, "await": true, "break": true, "case": true, "catch": true, "class": true,
	"const": true, "continue": true, "debugger": true, "declare": true, "default": true, "delete": true, "do": true,
	"else": true, "enum": true, "export": true, "extends": true, "finally": true, "for": true, "function": true,
	"if": true, "import": true, "in": true, "instanceof": true, "interface": true, "let": true, "module": true,
	"namespace": true, "new": true, "return": true, "super": true, "switch": true, "this": true, "throw": true,
	"try": true, "type": true, "typeof": true, "var": true, "void": true, "while": true, "with": true, "yield": true,
}

// jsBodied reports a class, an interface or an enum: what it defines is
// named by its name and its members' names. A Convex table in one is
// defined wherever its object is, and counts whole.
func jsBodied(stmt []byte) bool {
	if bytes.Contains(stmt, []byte("defineTable(")) {
		return false
	}
	rest, ok := extract.SkipDecorators(stmt, '@')
	if !ok {
		return false
	}
	for _, w := range []string{"export", "default", "declare", "abstract", "const"} {
		rest, _ = extract.CutWord(rest, w)
	}
	for _, w := range []string{"class", "interface", "enum"} {
		if _, ok := extract.CutWord(rest, w); ok {
			return true
		}
	}
	return false
}

// jsWrapper reports a namespace or a declare module (or declare global)
// block: a scope for the statements it holds.
func jsWrapper(stmt []byte) bool {
	rest := stmt
	for _, w := range []string{"export", "declare"} {
		rest, _ = extract.CutWord(rest, w)
	}
	for _, w := range []string{"namespace", "module", "global"} {
		if _, ok := extract.CutWord(rest, w); ok {
			return true
		}
	}
	return false
}

package scan

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// bodies follows a file's function bodies line by line, by their
// formatting (extract.Keywords.IndentBodies): a body runs from a header
// that opens it (one line, spanning lines, or its brace on the line below
// at the header's indentation) to the "}" at the header's indentation.
// A line of another kind at that indentation or less ends a body whose
// brace was lost.
type bodies struct {
	in     bool // the lines are in a body
	indent int  // the indentation of the header of the body the lines are in
	// header: a line that opened a function's parameters waits for its
	// body's brace; at: its indentation.
	header bool
	at     int
}

// line reads one line (t, after indent bytes of indentation) and reports
// whether it is in a body: its declarations are locals. The header that
// opens a body, and the brace that closes it, are not in it.
func (b *bodies) line(t []byte, indent int) bool {
	if b.in && indent > b.indent {
		return true // (most lines: told before the line is read)
	}
	if !b.in && !b.header && bytes.IndexByte(t, '(') < 0 {
		return false // no header: no parameters
	}
	code := t
	if k := bytes.Index(code, []byte("//")); k >= 0 {
		code = code[:k]
	}
	code = bytes.TrimRight(code, " \t\r")
	if b.in {
		switch {
		case t[0] == '#' || label(code):
			return true // a directive or a label at the line's start, in the body
		case indent == b.indent && t[0] == '}':
			b.in = false
			return false
		}
		b.in = false // a statement at the header's indentation: the body's brace was lost
	}
	opens := len(code) > 0 && code[len(code)-1] == '{'
	if b.header {
		switch {
		case indent == b.at && t[0] == '{':
			b.in, b.indent, b.header = true, b.at, false // "order_find(int id)\n{"
			return false
		case indent == b.at && t[0] == ')' && opens && bodyBrace(code, len(code)-1):
			b.in, b.indent, b.header = true, b.at, false // "  ): Promise<void> {" under "  async load("
			return false
		case indent > b.at:
			// "        int b) {": the end of a header that spans lines;
			// "        throws IOException {": its exceptions, on a line of
			// their own.
			if opens && (bodyBrace(code, len(code)-1) || bytes.HasPrefix(code, []byte("throws "))) {
				b.in, b.indent, b.header = true, b.at, false
			} else if bytes.HasSuffix(code, []byte(";")) {
				b.header = false
			}
			return false
		}
		b.header = false
	}
	if t[0] == '#' || t[0] == '}' || label(code) {
		return false
	}
	k := bytes.IndexByte(code, '(')
	arrow := opens && arrowBrace(code, len(code)-1)
	if k < 0 || bytes.IndexByte(code[:k], '=') >= 0 && !arrow || kindBefore(code[:k]) {
		// "struct order {", "static int x[] = {", "namespace x {", "public
		// class Handler(ILogger logger) : IHandler" (a primary
		// constructor); but "const f = (a) => {" is a function
		return false
	}
	switch {
	case opens && bodyBrace(code, len(code)-1):
		b.in, b.indent = true, indent // "static int order_count(order_t *o) {"
	case !opens && !bytes.HasSuffix(code, []byte(";")):
		b.header, b.at = true, indent // "order_find(int id)", its brace below
	}
	return false
}

// kindBefore reports a word of bodyKinds in head, the text before a
// line's first parenthesis.
func kindBefore(head []byte) bool {
	for len(head) > 0 {
		j := 0
		for j < len(head) && extract.IdentByte(head[j]) {
			j++
		}
		if j > 0 && bodyKinds[string(head[:j])] {
			return true
		}
		head = head[max(j, 1):]
	}
	return false
}

// bodyKinds are words before a line's parameters that make its braces
// hold no function's body.
var bodyKinds = map[string]bool{"struct": true, "union": true, "enum": true, "typedef": true, "class": true, "namespace": true,
	"extern": true, "template": true, "interface": true, "record": true, "module": true}

// bodyBrace reports a "{" at offset i of t that opens a function's body:
// after a parameter list's ")" ("revoke() {"), an arrow ("=> {", "->
// {"), or a return type, exceptions or an initializer list that follows
// one ("render(): Node {", "load() throws IOException {", "A(int x) :
// x_(x) {", "int size() const {"). A brace after "(" or "," opens an
// object passed to a call ("defineSchema({").
func bodyBrace(t []byte, i int) bool {
	j := blankBefore(t, i)
	switch {
	case j < 0:
		return false
	case t[j] == ')' || arrowBrace(t, i):
		return true
	case t[j] == '(' || t[j] == ',' || t[j] == '[' || t[j] == '=' || t[j] == ':':
		return false
	}
	k := bytes.LastIndexByte(t[:i], ')')
	return k >= 0 && bytes.IndexByte(t[k:i], '=') < 0 && bytes.IndexByte(t[k:i], '(') < 0 && extract.IdentByte(t[j]) ||
		k >= 0 && t[j] == '>' && bytes.IndexByte(t[k:i], '=') < 0 // "): Promise<void> {"
}

// label reports a label that stands alone at the start of a line
// ("cleanup:"), not a C++ access section's or a qualified name's colon.
func label(code []byte) bool {
	j := 0
	for j < len(code) && extract.IdentByte(code[j]) {
		j++
	}
	return j > 0 && j == len(code)-1 && code[j] == ':'
}

// arrowBrace reports a "{" at offset i of t that an arrow opens: "=> {",
// "-> {", or "=> ({" (an arrow function's object, built when it runs).
func arrowBrace(t []byte, i int) bool {
	j := blankBefore(t, i)
	if j >= 0 && t[j] == '(' {
		j = blankBefore(t, j)
		return j > 0 && t[j] == '>' && t[j-1] == '='
	}
	return j > 0 && t[j] == '>' && (t[j-1] == '=' || t[j-1] == '-')
}

package swift

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// known are the pound words Swift's grammar reads: compiler directives,
// and the literals, expressions and conditions of Swift 5's.
var known = map[string]bool{"if": true, "elseif": true, "else": true, "endif": true, "available": true, "unavailable": true,
	"selector": true, "keyPath": true, "colorLiteral": true, "fileLiteral": true, "imageLiteral": true, "warning": true,
	"error": true, "sourceLocation": true, "file": true, "fileID": true, "filePath": true, "line": true, "column": true,
	"function": true, "dsohandle": true}

// prepare is the text Swift's grammar parses for a file
// (Language.Prepare): the file's, with each freestanding macro it
// predates (Swift Testing's #expect(...), #expect { } and #require(...),
// #Preview, any #name it does not know) spelled as a name, _expect(...). The
// grammar reads such a macro as an error, and every test function that
// holds one made the file fail to parse and be parsed again statement by
// statement. A string or a comment that holds one reads the same.
func prepare(src []byte) []byte {
	return swift6(macros(src))
}

// macros spells each freestanding macro the grammar predates as a name.
func macros(src []byte) []byte {
	var out []byte // a copy, made at the first change
	for i := 0; ; {
		k := bytes.IndexByte(src[i:], '#')
		if k < 0 {
			break
		}
		at := i + k
		i = at + 1
		if at > 0 && extract.IdentByte(src[at-1]) {
			continue
		}
		j := i
		for j < len(src) && extract.IdentByte(src[j]) {
			j++
		}
		if j == i || known[string(src[i:j])] || '0' <= src[i] && src[i] <= '9' {
			continue
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		out[at] = '_'
	}
	if out == nil {
		return src
	}
	return out
}

// swift6 blanks what Swift 6 writes that the grammar predates, and reads
// the declaration around as an error: a trailing comma before ) or >
// (across blanks and comments: Swift 6.1's in parameter and argument
// lists, tuples and generic clauses), the sending modifier of a
// parameter's or a result's type (`reader: consuming sending Reader`,
// `-> sending T`), and the ~ of a suppressed conformance (`~Copyable`,
// `~Escapable`). A blank keeps every offset and line.
func swift6(src []byte) []byte {
	var out []byte // a copy, made at the first change
	blank := func(from, to int) {
		if out == nil {
			out = bytes.Clone(src)
		}
		for k := from; k < to; k++ {
			out[k] = ' '
		}
	}
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == ',':
			if j := extract.SkipBlank(src, i+1); j < len(src) && (src[j] == ')' || src[j] == '>') {
				blank(i, i+1)
			}
		case c == '~':
			if r, ok := bytes.CutPrefix(src[i+1:], []byte("Copyable")); ok && (len(r) == 0 || !extract.IdentByte(r[0])) {
				blank(i, i+1)
			} else if r, ok := bytes.CutPrefix(src[i+1:], []byte("Escapable")); ok && (len(r) == 0 || !extract.IdentByte(r[0])) {
				blank(i, i+1)
			}
		case c == 's' && (i == 0 || !extract.IdentByte(src[i-1])):
			if r, ok := extract.CutWord(src[i:], "sending"); ok && len(r) > 0 && extract.IdentByte(r[0]) && typePosition(src[:i]) {
				blank(i, i+len("sending"))
			}
		}
	}
	if out == nil {
		return src
	}
	return out
}

// typePosition reports text that a type follows: a parameter's colon, a
// result's arrow, or an ownership modifier (`consuming`, `borrowing`,
// `inout`).
func typePosition(before []byte) bool {
	t := bytes.TrimRight(before, " \t")
	for _, w := range []string{"consuming", "borrowing", "inout", "__owned", "__shared"} {
		if bytes.HasSuffix(t, []byte(w)) {
			return true
		}
	}
	return bytes.HasSuffix(t, []byte(":")) || bytes.HasSuffix(t, []byte("->"))
}

package extract

import (
	"bytes"
	"slices"
)

// A file whose declarations all sit in one namespace block, or in
// TypeScript's declare module, is one statement at the top level: taken
// whole for any name it holds, and parsed whole. Inside such a wrapper the
// statements stand one indentation in (or none, in C++'s unindented
// namespaces) as they would at the top level, and are told apart the same
// way once that indentation is taken off.

// wrapped returns the spans to parse of a wrapper statement stmt, at
// offset at of its file: its opening lines, through the line of its "{",
// its closing line, and of the statements inside the ones FocusHolding
// would take; none when it takes none. It returns false when the wrapper
// must be taken whole: its opening lines mention a wanted word or hold a
// held value, its braces do not stand as a wrapper's (the "{" ends its
// line, the "}" starts the last), a line inside is indented less than the
// first, or the statements inside cannot be told apart.
func wrapped(lang *Language, stmt []byte, at int, mention, holds func([]byte) bool) ([]Span, bool) {
	lx := lang.Lex
	open := openingBrace(stmt)
	if open < 0 {
		return nil, false
	}
	head := stmt[:open]
	if mentions(head, mention) || holds != nil && holds(head) {
		return nil, false
	}
	nl := bytes.IndexByte(stmt[open:], '\n')
	if nl < 0 {
		return nil, false
	}
	if rest := TrimIndent(stmt[open+1 : open+nl]); len(bytes.TrimSpace(rest)) > 0 && !lx.lineComment(rest) {
		return nil, false
	}
	bodyStart := open + nl + 1
	tail := bytes.TrimRight(stmt, Blanks+"\n")
	bodyEnd := bytes.LastIndexByte(tail, '\n') + 1
	if bodyEnd <= bodyStart || !closingLine(lx, tail[bodyEnd:]) {
		return nil, false
	}
	body := stmt[bodyStart:bodyEnd]

	// The body without its indentation, and where each of its lines
	// starts in the file.
	var base []byte
	for rest := body; len(rest) > 0; {
		line, next := NextLine(rest)
		if len(bytes.TrimSpace(line)) > 0 {
			base = line[:len(line)-len(TrimIndent(line))]
			break
		}
		rest = next
	}
	var text []byte
	var starts, origins []int // the lines' starts in text, and in the file
	for off := 0; off < len(body); {
		line, _ := NextLine(body[off:])
		starts, origins = append(starts, len(text)), append(origins, at+bodyStart+off)
		switch {
		case len(bytes.TrimSpace(line)) == 0:
		case bytes.HasPrefix(line, base):
			text = append(text, line[len(base):]...)
		default:
			return nil, false
		}
		text = append(text, '\n')
		off += len(line) + 1
	}
	inner, ok := FocusHolding(lang, text, mention, holds)
	if !ok {
		return nil, false
	}
	if len(inner) == 0 {
		return []Span{}, true
	}
	// A span of text starts and ends at the start of a line, or at its end.
	origin := func(off int) int {
		if off >= len(text) {
			return at + bodyEnd
		}
		k, found := slices.BinarySearch(starts, off)
		if !found {
			k--
		}
		return origins[k]
	}
	out := []Span{{at, at + bodyStart}}
	for _, s := range inner {
		out = append(out, Span{origin(s.Start), origin(s.End)})
	}
	return append(out, Span{at + bodyEnd, at + len(stmt)}), true
}

// openingBrace is the offset of the first "{" of stmt outside quotes, or
// -1.
func openingBrace(stmt []byte) int {
	for i := 0; i < len(stmt); i++ {
		switch c := stmt[i]; c {
		case '"', '\'', '`':
			end := bytes.IndexByte(stmt[i+1:], c)
			if end < 0 {
				return -1
			}
			i += end + 1
		case '{':
			return i
		case ';', '(', '=':
			return -1 // a statement of another kind
		}
	}
	return -1
}

// closingLine reports the last line of a wrapper: its "}", then at most
// a ";" and a line comment.
func closingLine(lx *LexSyntax, line []byte) bool {
	t := TrimIndent(line)
	if len(t) == 0 || t[0] != '}' {
		return false
	}
	t = bytes.TrimLeft(t[1:], "; \t\r")
	return len(t) == 0 || lx.lineComment(t)
}

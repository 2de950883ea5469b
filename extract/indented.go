package extract

import "bytes"

// A Python class of two hundred methods, taken because one method calls a
// wanted function, defines nothing a search for that function wants: as
// in a brace language's class (see bodyNames), what a class statement can
// answer to is its header and the names of its members. Its body is the
// lines indented under the header's ":", told apart into statements as the
// top level is, once their indentation is taken off.

// indentedNames is bodyNames for a language whose bodies are indented
// (LexSyntax.Indented): the header's words (its decorators are statements
// of their own), and of each statement of the body the words that can name
// a member: a function's name (the language's Head), an annotated name and
// its value but not its annotation ("handler: Callable[[Checkout], None]"
// is named handler), a nested type and any other statement whole, a string
// alone (a docstring) nothing. It returns stmt whole when it cannot read
// the body so: the header goes on after its ":", a string or bracket is
// left open, the body's lines are indented with both tabs and spaces, or
// its first line does not start a statement.
func indentedNames(lx *LexSyntax, stmt []byte) []byte {
	end, last, ok := logicalLine(lx, stmt)
	if !ok || last != ':' || end >= len(stmt) {
		return stmt
	}
	text, ok := dedent(lx, stmt[end+1:])
	if !ok {
		return stmt
	}
	segs, ok := segments(lx, text)
	if !ok || len(segs) == 0 || len(bytes.TrimSpace(text[:segs[0].start])) > 0 {
		return stmt
	}
	out := append([]byte(nil), stmt[:end+1]...)
	for _, s := range segs {
		if s.kind == segComment {
			continue // comments and decorators name no member
		}
		out = append(append(out, memberWords(lx, text[s.start:s.end])...), '\n')
	}
	return out
}

// memberWords is the part of a statement m of an indented body whose
// words can name a member (see indentedNames).
func memberWords(lx *LexSyntax, m []byte) []byte {
	if loneString(lx, m) {
		return nil
	}
	if head := declHead(lx, m); head != nil && len(head) < len(m) {
		return head
	}
	if lx.Bodied(m) {
		return m
	}
	if name, value, ok := annotated(lx, m); ok {
		return append(append(append([]byte(nil), name...), ' '), value...)
	}
	return m
}

// loneString reports a statement that is one string literal and nothing
// else but comments: a docstring.
func loneString(lx *LexSyntax, m []byte) bool {
	if len(m) == 0 || m[0] != '"' && m[0] != '\'' {
		return false
	}
	q := m[0]
	end := CloseQuote(m, 1, q)
	if lx.TripleQuotes && len(m) > 2 && m[1] == q && m[2] == q {
		end = CloseTriple(m, 3, q)
	}
	return end >= 0 && onlyComments(lx, m[end:])
}

// annotated splits a statement that is a name, an annotation and
// possibly a value on one logical line ("x: int", "x: int = 1") into the
// name and the value; false for any other statement.
func annotated(lx *LexSyntax, m []byte) (name, value []byte, ok bool) {
	n := 0
	for n < len(m) && IdentByte(m[n]) {
		n++
	}
	r := TrimIndent(m[n:])
	if n == 0 || m[0] >= '0' && m[0] <= '9' || len(r) == 0 || r[0] != ':' || len(r) > 1 && r[1] == '=' {
		return nil, nil, false
	}
	end, _, ok := logicalLine(lx, m)
	if !ok || !onlyComments(lx, m[end:]) {
		return nil, nil, false
	}
	if eq := assignAt(lx, m[:end]); eq >= 0 {
		value = m[eq+1 : end]
	}
	return m[:n], value, true
}

// assignAt is the offset of the first "=" of line outside brackets,
// strings and comments that assigns (no "==", "<=", ">=", "!="), or -1.
func assignAt(lx *LexSyntax, line []byte) int {
	depth := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case lx.lineComment(line[i:]):
			return -1
		case c == '"' || c == '\'':
			i = CloseQuote(line, i+1, c) - 1
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == '=' && depth == 0:
			if i+1 < len(line) && line[i+1] == '=' {
				i++
				continue
			}
			if i > 0 && bytes.IndexByte([]byte("<>!="), line[i-1]) >= 0 {
				continue
			}
			return i
		}
	}
	return -1
}

// logicalLine returns the offset of the line break that ends the first
// logical line of b (outside brackets and strings, after no backslash),
// or len(b), and the last code byte before it. It returns false when a
// string or a bracket is left open, or a bracket closes that did not open.
func logicalLine(lx *LexSyntax, b []byte) (end int, last byte, ok bool) {
	depth := 0
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\n' && depth == 0:
			return i, last, true
		case lx.lineComment(b[i:]):
			for i < len(b) && b[i] != '\n' {
				i++
			}
			continue
		case lx.TripleQuotes && (c == '"' || c == '\'') && i+2 < len(b) && b[i+1] == c && b[i+2] == c:
			if i = CloseTriple(b, i+3, c); i < 0 {
				return 0, 0, false
			}
			last = c
			continue
		case c == '"' || c == '\'':
			i, last = CloseQuote(b, i+1, c), c
			continue
		case c == '\\' && i+1 < len(b) && b[i+1] == '\n':
			i += 2 // a continued line
			continue
		case c == '\\' && i+2 < len(b) && b[i+1] == '\r' && b[i+2] == '\n':
			i += 3
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth--; depth < 0 {
				return 0, 0, false
			}
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			last = c
		}
		i++
	}
	return len(b), last, depth == 0
}

// dedent takes off body the indentation of its first line that is
// neither blank nor a comment, from each line that starts with it (a line
// indented less is inside a string or a bracket, or a comment); false
// when the lines are indented with tabs and spaces both, or none is code.
func dedent(lx *LexSyntax, body []byte) ([]byte, bool) {
	var base []byte
	var tabs, spaces bool
	for rest := body; len(rest) > 0; {
		line, next := NextLine(rest)
		rest = next
		t := TrimIndent(line)
		if len(bytes.TrimSpace(t)) == 0 {
			continue
		}
		indent := line[:len(line)-len(t)]
		tabs = tabs || bytes.IndexByte(indent, '\t') >= 0
		spaces = spaces || bytes.IndexByte(indent, ' ') >= 0
		if base == nil && !lx.lineComment(t) {
			base = indent
		}
	}
	if len(base) == 0 || tabs && spaces {
		return nil, false
	}
	out := make([]byte, 0, len(body))
	for rest := body; len(rest) > 0; {
		line, next := NextLine(rest)
		out = append(out, bytes.TrimPrefix(line, base)...)
		if len(next) > 0 || len(line) < len(rest) {
			out = append(out, '\n')
		}
		rest = next
	}
	return out, true
}

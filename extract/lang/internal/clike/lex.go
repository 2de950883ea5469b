package clike

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// Head is the part of a C or C++ statement whose words can name what it
// defines: a function's head without the insides of its parentheses (its
// parameters, its attributes' arguments; not a macro's arguments, which
// may be what it declares), up to its body or its ";", and
// the heads of what follows them on their lines; any other statement (a
// type, whose members count; a variable; a macro) whole. A parenthesis
// that opens on "*" holds a declarator, which stays: void (*signal(int
// sig))(int) names signal.
func Head(stmt []byte) []byte {
	if t := extract.TrimIndent(stmt); len(t) > 0 && t[0] == '#' {
		return stmt
	}
	depth, stop, parens := 0, -1, false
	for i := 0; i < len(stmt) && stop < 0; i++ {
		switch c := stmt[i]; {
		case c == '"' || c == '\'':
			i = extract.CloseQuote(stmt, i+1, c) - 1
		case c == '/' && i+1 < len(stmt) && (stmt[i+1] == '/' || stmt[i+1] == '*'):
			return stmt // a comment in the head: in doubt, all of it
		case c == '(':
			depth++
			parens = true
		case c == ')':
			depth--
		case depth == 0 && (c == '{' || c == ';' || c == '='):
			stop = i
		}
	}
	if !parens || stop < 0 || stmt[stop] == '=' {
		return stmt
	}
	out := elideParens(stmt[:stop])
	rest := stmt[stop+1:]
	if stmt[stop] == '{' {
		end := closeBrace(stmt, stop)
		if end < 0 {
			return stmt
		}
		rest = stmt[end:]
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		// More on the function's lines: int f() {} enum e { A };.
		out = append(append(out, ' '), Head(rest)...)
	}
	return out
}

// elideParens is head without the insides of its parentheses, but those
// of one that opens on "*", and a macro's arguments (a word in capitals
// before the parenthesis: TEST(OrderTest, Cancels) names OrderTest).
func elideParens(head []byte) []byte {
	out := make([]byte, 0, len(head))
	keep := []bool{true} // whether the insides of each open parenthesis stay
	for i, c := range head {
		kept := keep[len(keep)-1]
		switch c {
		case '(':
			keep = append(keep, kept && (i+1 < len(head) && head[i+1] == '*' || caps(lastWord(bytes.TrimRight(head[:i], " \t")))))
		case ')':
			if len(keep) > 1 {
				keep = keep[:len(keep)-1]
			}
			kept = keep[len(keep)-1]
		}
		if kept {
			out = append(out, c)
		}
	}
	return out
}

// closeBrace returns the offset after the brace that closes the one at
// open, past strings, character literals and comments; -1 when it is not
// closed.
func closeBrace(b []byte, open int) int {
	depth := 0
	for i := open; i < len(b); i++ {
		switch c := b[i]; {
		case c == '{':
			depth++
		case c == '}':
			if depth--; depth == 0 {
				return i + 1
			}
		case c == '"':
			i = extract.CloseQuote(b, i+1, c) - 1
		case c == '\'' && !(i > 0 && b[i-1] >= '0' && b[i-1] <= '9'):
			i = extract.CloseQuote(b, i+1, c) - 1
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return -1
			}
			i += 2 + end + 1
		}
	}
	return -1
}

package clike

import (
	"github.com/appendix-dev/appendix/extract"
)

// Head is the part of a C or C++ statement whose words can name what it
// defines: a function's head without the insides of its parentheses (its
// parameters, its attributes' arguments), up to its body or its ";"; any
// other statement (a type, whose members count; a variable; a macro)
// whole. A parenthesis that opens on "*" holds a declarator, which stays:
// void (*signal(int sig))(int) names signal.
func Head(stmt []byte) []byte {
	depth, stop, parens := 0, -1, false
	for i := 0; i < len(stmt) && stop < 0; i++ {
		switch c := stmt[i]; {
		case c == '#' && depth == 0 && i == 0:
			return stmt
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
	out := make([]byte, 0, stop)
	keep := []bool{true} // whether the insides of each open parenthesis stay
	for i := 0; i < stop; i++ {
		c := stmt[i]
		kept := keep[len(keep)-1]
		switch c {
		case '(':
			keep = append(keep, kept && i+1 < stop && stmt[i+1] == '*')
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

package brief

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// codeOnly returns a file's lines with what is not code blanked out:
// comments, and the text inside string literals (the quotes stay), as the
// language's lexical syntax says; the lines as they are for a language
// without one. A search for code then meets neither the prose of a
// docstring or a prompt nor a comment.
func codeOnly(l *extract.Language, lines []string) []string {
	if l == nil || l.Lex == nil {
		return lines
	}
	lx := l.Lex
	out := make([]string, len(lines))
	closer := "" // what ends the comment or string a line starts inside
	for n, line := range lines {
		b := []byte(line)
		i := 0
		blank := func(from, to int) {
			for k := from; k < to && k < len(b); k++ {
				if b[k] != ' ' && b[k] != '\t' {
					b[k] = ' '
				}
			}
		}
		for i < len(b) {
			if closer != "" {
				end := closeAt(b, i, closer)
				if end < 0 {
					blank(i, len(b))
					i = len(b)
					break
				}
				blank(i, end)
				i = end + len(closer)
				closer = ""
				continue
			}
			rest := b[i:]
			switch {
			case lx.LineComment != "" && bytes.HasPrefix(rest, []byte(lx.LineComment)),
				lx.HashComments && b[i] == '#' && !bytes.HasPrefix(rest, []byte("#[")):
				blank(i, len(b))
				i = len(b)
			case lx.BlockComments && bytes.HasPrefix(rest, []byte("/*")):
				closer = "*/"
				blank(i, i+2)
				i += 2
			case lx.TripleQuotes && (bytes.HasPrefix(rest, []byte(`"""`)) || bytes.HasPrefix(rest, []byte(`'''`))):
				closer = string(rest[:3])
				i += 3
			case lx.Raw && b[i] == '`':
				closer = "`"
				i++
			case b[i] == '"' || b[i] == '\'':
				q := string(b[i])
				end := closeAt(b, i+1, q)
				if end < 0 {
					blank(i+1, len(b))
					if lx.SpanningQuotes {
						closer = q
					}
					i = len(b)
					break
				}
				blank(i+1, end)
				i = end + 1
			default:
				i++
			}
		}
		out[n] = string(b)
	}
	return out
}

// closeAt returns where closer next starts in b from i, a backslash
// escaping the character after it; -1 when not on this line.
func closeAt(b []byte, i int, closer string) int {
	for k := i; k < len(b); k++ {
		if b[k] == '\\' && closer != "*/" {
			k++
			continue
		}
		if bytes.HasPrefix(b[k:], []byte(closer)) {
			return k
		}
	}
	return -1
}

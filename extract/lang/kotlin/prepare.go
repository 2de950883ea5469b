package kotlin

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// prepareKotlin is the text Kotlin's grammar parses for a file
// (Language.Prepare): the file's, with what the grammar does not know
// blanked where a blank leaves the rest as written. The grammar knows no
// trailing comma in a collection literal, a when entry, type arguments
// or an annotation's arguments, and reads the declaration around one as
// an expression or an error; no multi-dollar string ($$"${not.code}"); no
// fun interface; no empty collection literal; no property delegate on
// the line after its property; no context receivers. So a comma before ], ), > or -> (across
// blanks and comments) and the $ signs of a multi-dollar string become
// spaces, the fun of a fun interface an annotation, @Fn, which keeps it
// in the interface's node, [] an empty lambda, {}, which the grammar takes
// for the expression it stands in, a by that starts a line moves to the
// end of the line before, and context receivers (context(Logger) fun f(),
// Kotlin 2.x's) become spaces.
func prepareKotlin(src []byte) []byte {
	var out []byte // a copy, made at the first change
	write := func(at int, b []byte) {
		if out == nil {
			out = bytes.Clone(src)
		}
		copy(out[at:], b)
	}
	blank := func(from, to int) {
		write(from, bytes.Repeat([]byte{' '}, to-from))
	}
	s := &kotlinScanner{src: src, blank: blank, write: write}
	s.code(0, false)
	if out == nil {
		return src
	}
	return out
}

// kotlinScanner walks Kotlin source as code, strings and comments.
type kotlinScanner struct {
	src   []byte
	blank func(from, to int)
	write func(at int, b []byte)
}

// code scans code from i to the end, or (inside a string template, nested)
// to the } that closes the template, and returns the offset after it.
func (s *kotlinScanner) code(i int, nested bool) int {
	src := s.src
	depth := 0
	afterComment := -1 // where the last line comment ended
	for i < len(src) {
		c := src[i]
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = extract.LineEnd(src, i)
			afterComment = i
		case c == '\n' && i != afterComment:
			s.delegate(i)
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = extract.BlockCommentEnd(src, i)
		case c == '"':
			i = s.str(i, 0)
		case c == '$' && i+1 < len(src) && src[i+1] == '$':
			n := 0
			for i+n < len(src) && src[i+n] == '$' {
				n++
			}
			if i+n < len(src) && src[i+n] == '"' && (i == 0 || !extract.IdentByte(src[i-1])) {
				s.blank(i, i+n)
				i = s.str(i+n, n)
				continue
			}
			i += n
		case c == '\'':
			i = charEnd(src, i)
		case c == '[':
			if j := extract.SkipBlank(src, i+1); j < len(src) && src[j] == ']' {
				s.write(i, []byte("{"))
				s.write(j, []byte("}"))
				i = j + 1
				continue
			}
			i++
		case c == '{':
			depth++
			i++
		case c == '}':
			i++
			if depth == 0 && nested {
				return i
			}
			depth--
		case c == ',':
			if j := extract.SkipBlank(src, i+1); j < len(src) && (src[j] == ']' || src[j] == ')' || src[j] == '>' ||
				src[j] == '-' && j+1 < len(src) && src[j+1] == '>') {
				s.blank(i, i+1)
			}
			i++
		case c == 'c' && (i == 0 || !extract.IdentByte(src[i-1])) && bytes.HasPrefix(src[i:], []byte("context")):
			if end, ok := contextReceivers(src, i); ok {
				s.blank(i, end)
				i = end
				continue
			}
			i += len("context")
		case (c == 'c' || c == 'o') && (i == 0 || !extract.IdentByte(src[i-1]) && src[i-1] != ':' && src[i-1] != '.') && classWord(src[i:]) > 0:
			i += classWord(src[i:])
			s.classDelegate(i)
		case c == 'f' && (i == 0 || !extract.IdentByte(src[i-1])) && bytes.HasPrefix(src[i:], []byte("fun")):
			if r, ok := extract.CutWord(src[i:], "fun"); ok {
				if _, ok := extract.CutWord(r, "interface"); ok {
					s.write(i, []byte("@Fn"))
				}
			}
			i += 3
		case extract.IdentByte(c):
			for i < len(src) && extract.IdentByte(src[i]) {
				i++
			}
		default:
			i++
		}
	}
	return i
}

// delegate moves a by that starts the line after the line end at nl up
// to the end of the line before it (var x: T?\n    by lazy { ... }): the
// grammar ends a declaration at a line end, and reads a by on the next
// line as an error. The bytes after the by keep their offsets and lines.
func (s *kotlinScanner) delegate(nl int) {
	src := s.src
	j := nl + 1
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if !bytes.HasPrefix(src[j:], []byte("by ")) {
		return
	}
	from := nl
	if nl > 0 && src[nl-1] == '\r' {
		from = nl - 1
	}
	moved := append([]byte(" by"), src[from:nl+1]...) // " by", then the line end
	moved = append(moved, src[nl+1:j]...)             // and the indent
	s.write(from, moved)
}

// classWord is the length of the class or object keyword w starts with,
// or 0.
func classWord(w []byte) int {
	for _, k := range []string{"class", "object"} {
		if _, ok := extract.CutWord(w, k); ok {
			return len(k)
		}
	}
	return 0
}

// classDelegate blanks the last delegation of the class or object header
// that starts at from, when its delegate stands right before the body
// (class A(val xs: List<T>) : List<T> by xs { ... }): the grammar reads
// the body as a lambda passed to the delegate, and the class's members
// as a lambda's. The header's supertypes stay; what is blanked is "by"
// and the delegate, a name or a call.
func (s *kotlinScanner) classDelegate(from int) {
	src := s.src
	depth, by := 0, -1
	for j := from; j < len(src); j++ {
		switch c := src[j]; {
		case c == '"' || c == '\'':
			return // (a string in a header: an annotation's argument; left as it is)
		case c == '/' && j+1 < len(src) && (src[j+1] == '/' || src[j+1] == '*'):
			return
		case c == '(' || c == '<':
			depth++
		case c == '>' && j > 0 && src[j-1] == '-':
		case c == ')' || c == '>':
			depth--
		case depth > 0:
		case c == '{':
			if by >= 0 {
				if end, ok := delegateEnd(src, by+len("by")); ok && extract.SkipBlank(src, end) == j {
					for k := by; k < end; k++ {
						if src[k] != '\n' && src[k] != '\r' {
							s.blank(k, k+1) // (lines stay where they are)
						}
					}
				}
			}
			return
		case c == '}' || c == ';' || c == '=':
			return
		case c == '\n' && startsDecl(src[j+1:]):
			return // a class without a body: the header ended at its line
		case c == 'b' && !extract.IdentByte(src[j-1]):
			if _, ok := extract.CutWord(src[j:], "by"); ok {
				by = j
			}
		}
	}
}

// startsDecl reports text whose first word, past blanks and comments,
// starts a declaration or closes a body (val, fun, class, private, @, }).
func startsDecl(text []byte) bool {
	text = text[extract.SkipBlank(text, 0):]
	if len(text) > 0 && (text[0] == '@' || text[0] == '}') {
		return true
	}
	n := 0
	for n < len(text) && extract.IdentByte(text[n]) {
		n++
	}
	return declStarts[string(text[:n])]
}

// delegateEnd returns the offset after the delegate that follows a by
// ending at i: a name, dotted, with the arguments of a call.
func delegateEnd(src []byte, i int) (int, bool) {
	i = extract.SkipBlank(src, i)
	start := i
	for i < len(src) && (extract.IdentByte(src[i]) || src[i] == '.') {
		i++
	}
	if i == start {
		return 0, false
	}
	if i < len(src) && src[i] == '(' {
		depth := 0
		for ; i < len(src); i++ {
			switch src[i] {
			case '(':
				depth++
			case ')':
				depth--
			case '"', '{', '}', '\n':
				return 0, false
			}
			if depth == 0 {
				return i + 1, true
			}
		}
		return 0, false
	}
	return i, true
}

// declStarts are the words a declaration may start with, after its
// context receivers.
var declStarts = extract.WordSet("fun val var class interface object typealias suspend private public protected internal " +
	"override open abstract final inline operator infix tailrec data sealed enum value annotation inner const lateinit")

// contextReceivers reports context receivers at i, context(Logger) before
// a declaration or in a suspend function type (suspend context(A) () ->
// Unit), and returns the offset after their parenthesis.
func contextReceivers(src []byte, i int) (int, bool) {
	r, ok := extract.CutWord(src[i:], "context")
	if !ok && !bytes.HasPrefix(src[i:], []byte("context(")) {
		return 0, false
	}
	if !ok {
		r = src[i+len("context"):]
	}
	if len(r) == 0 || r[0] != '(' {
		return 0, false
	}
	open := len(src) - len(r)
	depth := 0
	end := -1
	for j := open; j < len(src) && end < 0; j++ {
		switch src[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				end = j + 1
			}
		case '"', '\n':
			return 0, false // a call with a string, or no receivers on one line
		}
	}
	if end < 0 {
		return 0, false
	}
	before := bytes.TrimRight(src[:i], " \t")
	if bytes.HasSuffix(before, []byte("suspend")) {
		return end, true
	}
	next := src[extract.SkipBlank(src, end):]
	w := next[:len(next)-len(bytes.TrimLeftFunc(next, func(r rune) bool { return r < 0x80 && extract.IdentByte(byte(r)) }))]
	return end, len(next) > 0 && (next[0] == '@' || declStarts[string(w)])
}

// str scans the string opening at i (", or """) and returns the offset
// after it; dollars > 0 says it is a multi-dollar string, whose $ signs
// are blanked and whose templates are text.
func (s *kotlinScanner) str(i, dollars int) int {
	src := s.src
	raw := bytes.HasPrefix(src[i:], []byte(`"""`))
	if raw {
		i += 3
	} else {
		i++
	}
	for i < len(src) {
		switch c := src[i]; {
		case raw && bytes.HasPrefix(src[i:], []byte(`"""`)):
			i += 3
			for i < len(src) && src[i] == '"' {
				i++ // """" closes on its last three quotes
			}
			return i
		case !raw && c == '"':
			return i + 1
		case !raw && c == '\\':
			i += 2
		case !raw && c == '\n':
			return i // an unclosed string ends with its line
		case c == '$':
			if dollars > 0 {
				s.blank(i, i+1)
				i++
				continue
			}
			if i+1 < len(src) && src[i+1] == '{' {
				i = s.code(i+2, true)
				continue
			}
			i++
		default:
			i++
		}
	}
	return i
}

// charEnd returns the offset after the character literal opening at i
// ('a', '\n', '\u0041'), or after the quote when none closes on its line.
func charEnd(src []byte, i int) int {
	for j := i + 1; j < len(src) && j < i+10 && src[j] != '\n'; j++ {
		if src[j] == '\\' {
			j++
			continue
		}
		if src[j] == '\'' {
			return j + 1
		}
	}
	return i + 1
}

package extract

import "bytes"

// Brace is what a { opens, as a language's lexer tells it from the head
// before it (see FuncBodies).
type Brace int

const (
	// BraceOther opens anything else: a block, an initializer, an
	// expression's body; what it holds is kept.
	BraceOther Brace = iota
	// BraceType opens a type's body, where members stand.
	BraceType
	// BraceEnum opens an enum's body: members stand there, after its
	// constants (which may have bodies of their own). Until the ; that
	// ends the constants, a { in it is asked of with in BraceEnum, after
	// it with in BraceType.
	BraceEnum
	// BraceFunc opens a function body: what it declares is never kept.
	BraceFunc
)

// FuncBodies returns the interiors of the function bodies of src that
// stand where a type's members or a file's statements do, in order, as a
// brace language's lexer finds them: opens tells what each { there opens
// from the code since the statement before it (comments before that code
// left out) and what the { around it opened (BraceType at the top of the
// file); a { inside a function body opens nothing it asks about. It
// is false when the lexer loses its way (a bracket or comment left open,
// a } with nothing open).
func FuncBodies(lx *LexSyntax, src []byte, opens func(head []byte, in Brace) Brace) ([]Span, bool) {
	type frame struct {
		kind Brace
		open int
	}
	var stack []frame
	var out []Span
	head := 0     // where the code before the next { starts
	code := false // whether any code stands since head
	for i := 0; i < len(src); {
		if j := skipLexed(lx, src, i); j != i {
			if j < 0 {
				return nil, false
			}
			if !code {
				head = j
			}
			i = j
			continue
		}
		switch c := src[i]; c {
		case '@':
			if n := verbatimAt(src, i+1); lx.Verbatim && n > 0 {
				end := closeVerbatim(src, i+1+n)
				if end < 0 {
					return nil, false
				}
				i, code = end, true
				continue
			}
		case '"':
			i, code = CloseQuote(src, i+1, '"'), true
			continue
		case '\'':
			if j := closeChar(src, i+1); j > i+1 {
				i, code = j, true
				continue
			}
		case '{':
			kind, in := BraceOther, BraceType
			if len(stack) > 0 {
				in = stack[len(stack)-1].kind
			}
			if in == BraceType || in == BraceEnum {
				kind = opens(src[head:i], in)
			}
			stack = append(stack, frame{kind, i})
			head, code = i+1, false
			i++
			continue
		case '}':
			if len(stack) == 0 {
				return nil, false
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.kind == BraceFunc && i > f.open+1 {
				out = append(out, Span{f.open + 1, i})
			}
			head, code = i+1, false
			i++
			continue
		case ';':
			if n := len(stack); n > 0 && stack[n-1].kind == BraceEnum {
				stack[n-1].kind = BraceType // the constants end: members follow
			}
			head, code = i+1, false
			i++
			continue
		case ' ', '\t', '\n', '\r':
			if !code {
				head = i + 1
			}
			i++
			continue
		}
		code = true
		i++
	}
	return out, len(stack) == 0
}

// BraceHead reads the head before a brace for a language's Brace
// function: its words outside parentheses and angle brackets (not those
// after a dot: `X.class`), its last byte other than a blank, and whether
// an = or a -> stands outside them (a value, a lambda). Strings, character
// literals, comments and preprocessor lines count for nothing but a
// string's closing quote as the last byte: a "(" or a "where" in them
// says nothing of the head.
func BraceHead(head []byte) (words [][]byte, last byte, assigns bool) {
	depth := 0
	lineStart := true
	for i := 0; i < len(head); i++ {
		if j, isCode := skipInHead(head, i, lineStart); j > i {
			if isCode {
				last = '"'
			}
			i = j - 1
			lineStart = false
			continue
		}
		switch c := head[i]; {
		case c == '\n':
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		}
		lineStart = false
		switch c := head[i]; {
		case c == '(' || c == '<':
			depth++
		case c == ')' || c == '>':
			if c == '>' && i > 0 && (head[i-1] == '-' || head[i-1] == '=') {
				assigns = assigns || depth == 0 // a lambda's -> or =>
				break
			}
			depth = max(depth-1, 0)
		case c == '=' && depth == 0:
			assigns = true
		case IdentByte(c) && depth == 0 && (i == 0 || !IdentByte(head[i-1])):
			j := i
			for j < len(head) && IdentByte(head[j]) {
				j++
			}
			if i == 0 || head[i-1] != '.' {
				words = append(words, head[i:j])
			}
		}
		last = head[i] // (blanks went on above)
	}
	return words, last, assigns
}

// skipInHead returns the offset after a string, a character literal, a
// comment or (at a line's start) a preprocessor line that starts at i,
// and whether it was a string or a character (code); i when none does.
func skipInHead(head []byte, i int, lineStart bool) (int, bool) {
	rest := head[i:]
	switch {
	case bytes.HasPrefix(rest, []byte(`"""`)):
		if k := bytes.Index(rest[3:], []byte(`"""`)); k >= 0 {
			return i + 3 + k + 3, true
		}
		return len(head), true
	case bytes.HasPrefix(rest, []byte(`@"`)):
		if end := closeVerbatim(head, i+2); end > 0 {
			return end, true
		}
		return len(head), true
	case rest[0] == '"':
		return CloseQuote(head, i+1, '"'), true
	case rest[0] == '\'':
		if end := closeChar(head, i+1); end > i+1 {
			return end, true
		}
	case bytes.HasPrefix(rest, []byte("//")) || lineStart && rest[0] == '#':
		if k := bytes.IndexByte(rest, '\n'); k >= 0 {
			return i + k, false
		}
		return len(head), false
	case bytes.HasPrefix(rest, []byte("/*")):
		if end := closeComment(head, i+2, false); end > 0 {
			return end, false
		}
		return len(head), false
	}
	return i, false
}

// Outside returns the parts of [0, n) that spans, in order and apart,
// leave out.
func Outside(spans []Span, n int) []Span {
	var out []Span
	at := 0
	for _, s := range spans {
		if s.Start > at {
			out = append(out, Span{at, s.Start})
		}
		at = s.End
	}
	if at < n {
		out = append(out, Span{at, n})
	}
	return out
}

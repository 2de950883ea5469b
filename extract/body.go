package extract

import "bytes"

// A class of forty members whose one field is typed `logger: ILogger`, or
// whose methods call a wanted function, defines neither: what a class
// statement can answer to is its name and the names of its members. So a
// statement of a type with a body (LexSyntax.Bodied) counts only the words
// before and after its body and, of each member of the body, the words up
// to its type, its value, its parameters' types or its own body.

// bodyNames cuts the statement of a type with a body to the words that can
// name it or its members, or returns it whole when it is not sure where
// the body and its members are: a bracket it cannot match, a string or a
// comment left open.
//
// The body is the first "{" outside parentheses and brackets. A member
// starts after the body's "{", and after a ";", a "," or a line break at
// the body's depth, or a "}" that closes back to it. Once a word names it
// (any but "new"), its words run to the first ":", "=", ";", ",", "(",
// ")", "{" or "}" at any depth. Before that, only ";" and "{" end them:
// the extractor names a member without a name of its own (a call or
// construct signature, "(x: X): Y", "(): Y", "new (x: X): Y") by its
// first identifier, wherever that is. A decorator before a member,
// @Input(), is skipped; strings and comments in the body count for
// nothing.
func bodyNames(lx *LexSyntax, stmt []byte) []byte {
	if lx.Indented {
		return indentedNames(lx, stmt)
	}
	open := -1
	depth := 0
	for i := 0; i < len(stmt) && open < 0; {
		if stmt[i] == '`' && lx.Raw {
			end, nested, ok := CloseRaw(stmt, i+1, lx.Template)
			if !ok || nested {
				return stmt
			}
			i = end
			continue
		}
		next, ok := skipInert(lx, stmt, i, 0, nil)
		if !ok {
			return stmt
		}
		if next > i {
			i = next
			continue
		}
		switch stmt[i] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '{':
			if depth == 0 {
				open = i
			}
		}
		i++
	}
	if open < 0 {
		return stmt
	}
	out := append([]byte(nil), stmt[:open]...)
	out = append(out, '\n')
	var stack []byte
	// collecting: the words are a member's first; named: one that names it
	// has come, so its parameters are no part of its name.
	collecting, named := true, false
	// The last code byte and word, for telling a regular expression from a
	// division.
	var prev byte = '{'
	var prevWord []byte
	i := open + 1
	// template reads a template literal on from inside it at from, to its
	// end or into its next ${...}, which holds code, read as an expression
	// inside the member.
	template := func(from int) bool {
		end, nested, ok := CloseRaw(stmt, from, true)
		if !ok {
			return false
		}
		if nested {
			stack = append(stack, 'T')
		}
		i, prev, prevWord = end, '`', nil
		return true
	}
	for i < len(stmt) {
		c := stmt[i]
		if next, ok := skipInert(lx, stmt, i, prev, prevWord); !ok {
			return stmt
		} else if next > i {
			if c == '`' {
				if !template(i + 1) {
					return stmt
				}
				continue
			}
			if c == '"' || c == '\'' || c == '/' && !bytes.HasPrefix(stmt[i:], []byte(lx.LineComment)) && !bytes.HasPrefix(stmt[i:], []byte("/*")) {
				prev, prevWord = '"', nil // a string or a regular expression: a value
			}
			i = next
			continue
		}
		switch {
		case c == '\n':
			if len(stack) == 0 {
				collecting, named = true, false
			}
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case IdentByte(c):
			j := i
			for j < len(stmt) && IdentByte(stmt[j]) {
				j++
			}
			if collecting {
				out = append(append(out, stmt[i:j]...), ' ')
				named = string(stmt[i:j]) != "new"
			}
			i, prev, prevWord = j, stmt[j-1], stmt[i:j]
			continue
		case c == '@' && collecting && i+1 < len(stmt) && IdentByte(stmt[i+1]):
			r, ok := skipDecorators(lx, stmt[i:], '@')
			if !ok {
				return stmt
			}
			i, prev, prevWord = len(stmt)-len(r), ')', nil
			continue
		case c == '{' || c == '(' || c == '[':
			stack = append(stack, c)
		case c == '}' || c == ')' || c == ']':
			if len(stack) == 0 {
				if c != '}' {
					return stmt
				}
				// The body's end: what follows it counts whole.
				return append(append(out, '\n'), stmt[i+1:]...)
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top == 'T' {
				// Back inside the template literal.
				if c != '}' || !template(i+1) {
					return stmt
				}
				continue
			}
			if top != opener(c) {
				return stmt
			}
		}
		if named && bytes.IndexByte([]byte(":=;,{}()"), c) >= 0 || c == ';' || c == '{' {
			collecting = false
		}
		if len(stack) == 0 && (c == ';' || c == ',' || c == '}') {
			collecting, named = true, false
		}
		prev, prevWord = c, nil
		i++
	}
	return stmt // the body is not closed
}

// opener is the bracket a closing bracket closes.
func opener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// skipInert returns where the comment, string or regular expression that
// starts at i ends, or i when none does; false when one is left open
// (a block comment, a regular expression at the end of its line). prev
// and prevWord are the last code byte and word before i: a "/" after a
// value divides.
func skipInert(lx *LexSyntax, b []byte, i int, prev byte, prevWord []byte) (int, bool) {
	c := b[i]
	switch {
	case lx.LineComment != "" && bytes.HasPrefix(b[i:], []byte(lx.LineComment)):
		end := bytes.IndexByte(b[i:], '\n')
		if end < 0 {
			return len(b), true
		}
		return i + end, true
	case lx.BlockComments && c == '/' && i+1 < len(b) && b[i+1] == '*':
		end := closeComment(b, i+2, lx.NestedComments)
		return end, end >= 0
	case c == '"' || c == '\'':
		return CloseQuote(b, i+1, c), true
	case c == '`' && lx.Raw:
		return i + 1, true // the caller reads template literals
	case c == '/' && lx.Regexps && (regexpAfter(prev) || regexpWords[string(prevWord)]) && (i+1 >= len(b) || b[i+1] != '>'):
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '[':
				for j++; j < len(b) && b[j] != ']' && b[j] != '\n'; j++ {
					if b[j] == '\\' {
						j++
					}
				}
			case '/':
				return j + 1, true
			case '\n':
				return 0, false
			}
		}
		return 0, false
	}
	return i, true
}

// regexpWords are the keywords a regular expression may follow.
var regexpWords = WordSet("return typeof case do else in of new delete void throw yield await instanceof")

// regexpAfter reports whether a "/" after the code byte prev opens a
// regular expression rather than divides: after an operator, an opening
// bracket or a separator; not after a name, a number or a closing bracket,
// nor in a JSX tag (</div>, <Input />).
func regexpAfter(prev byte) bool {
	return bytes.IndexByte([]byte("(,=:[!&|?{};+-*%>~^"), prev) >= 0
}

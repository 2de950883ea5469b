package extract

import (
	"bytes"
	"context"
	"sort"
	"strings"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
)

// A file that declares a name a spec asks about is usually large and
// mostly about other things: a plugin that declares `type Parser struct`
// and thirty methods. Parsing it whole to read one declaration is most of
// a cold run. Focus picks the file's top-level statements that mention a
// wanted word, with the comments and decorators above them, and
// DefinitionsIn parses only those, through tree-sitter's included ranges:
// positions stay those of the whole file, and every node the extraction
// looks at (a declaration, its doc comment, its members, a Go type's
// constant block) lies inside the statements it parses.

// LexSyntax is what the lexer behind Focus needs to know of a language to
// find the lines where a top-level statement starts: outside strings and
// comments, at bracket depth zero, in the first column.
type LexSyntax struct {
	LineComment   string // line comment opener
	BlockComments bool   // /* ... */ comments
	Raw           bool   // `...` spans lines (Go raw strings, JS template literals)
	Template      bool   // ${ ... } inside `...` is code (JS template literals)
	TripleQuotes  bool   // """ and ''' strings span lines (Python)
	// HashComments: # starts a line comment too, but for #[, which opens
	// an attribute (PHP).
	HashComments bool
	// SpanningQuotes: a "..." string (and a '...' one, where a quote marks
	// no lifetime) goes on past the end of its line (Rust, PHP); otherwise
	// a line ends one left open.
	SpanningQuotes bool
	// RawDelimited: R"(...)" and R"delim(...)delim" raw strings (and u8R,
	// uR, UR, LR), closed by a parenthesis, their delimiter and a quote,
	// spanning lines (C++).
	RawDelimited bool
	// Heredocs: <<<ID, <<<"ID" and <<<'ID' open a string that a line
	// starting with ID closes (PHP).
	Heredocs bool
	// Opening is the head of a file that every part of it parsed on its own
	// is parsed after (PHP's <?php tag, outside which the grammar reads
	// text, and the namespace statement), as its length; false for a file
	// the lexer does not split (a template: HTML around code). Nil: none.
	Opening func(src []byte) (int, bool)
	// RawHashes: r"...", r#"..."# (and b, c, br, cr) raw strings, closed by
	// a quote and as many # as opened them, spanning lines (Rust).
	RawHashes bool
	// Verbatim: @"..." strings (also $@"..." and @$"...") span lines, and
	// "" in them is a quote, not their end (C#).
	Verbatim bool
	// Lifetimes: a ' opens a character literal only where one closes ('a',
	// '\n', '\u{1F600}'); otherwise it marks a lifetime or a label ('a,
	// 'outer:) and opens nothing (Rust).
	Lifetimes bool
	// NestedComments: /* ... */ comments nest (Rust).
	NestedComments bool
	Continuations  []string // first-column words that continue the statement above
	// Attached starts a decorator: a line that holds only decorators
	// belongs to the statement below; one that goes on after them (Java's
	// "@FunctionalInterface interface Fn {}") starts its own.
	Attached byte
	// AttachedGroups: the attached mark opens a bracketed group (Rust's
	// #[...]), or is the group's bracket itself (C#'s [...]), and the item
	// it annotates may follow the groups on their line (#[test] fn f(),
	// [Fact] public void F()): a statement holding more than groups and
	// comments is that item's code.
	AttachedGroups bool
	// OpenWords are keywords that cannot end a statement: a line ending
	// with one goes on, whatever the next line starts with.
	OpenWords map[string]bool
	// Apart: each top-level statement is parsed on its own, with the
	// comments and decorators above it, whether a file is read whole or
	// in part: the grammar (Kotlin's) reads a statement differently
	// depending on what follows it, and a syntax error stays in the
	// statement that holds it.
	Apart bool
	// Lookahead: parse the statement after one taken too when it ends in
	// a comment: whether the comment is inside the statement's node
	// depends, in JavaScript, on the token after it.
	Lookahead bool
	// WithNext starts a statement that takes the statement after it along:
	// a Go type declaration, whose constants may follow it.
	WithNext string
	// LineEnds: a line ends its statement unless it ends with a backslash
	// (Python). Otherwise a line ending in an operator, a comma or an open
	// word goes on.
	LineEnds bool
	// BracketGoesOn: a line starting with "(", "[" or "`" may continue the
	// statement above (JavaScript, without semicolons: a call, an index, a
	// tagged template).
	BracketGoesOn bool
	// Semicolons: a statement ends only where a ";" or a "}" ends a line
	// outside brackets (C): a line ending in anything else goes on below,
	// whatever the next line starts with (a return type on a line of its
	// own, an attribute macro).
	Semicolons bool
	// Directives: a line whose first character other than blanks is "#"
	// is a preprocessor directive (C's #include, #define, #ifdef): it ends
	// at its line's end unless a backslash goes on, the brackets and
	// quotes in it count for nothing, and outside brackets it is a
	// statement of its own.
	Directives bool
	// Head cuts a statement to the part whose words can name what it
	// defines; nil keeps the statement whole. A function defines only its
	// name, and is kept only for it: the words of its receiver, parameters
	// and body do not count, so the thirty methods of a wanted type are not
	// parsed for its sake. Anything else counts whole (a type's fields, an
	// enum's values, a class's methods can be what is wanted).
	Head func(stmt []byte) []byte
	// Bodied reports a statement of a type whose body holds its members,
	// each named by its first words (a class, an interface, an enum): its
	// words that count are those around its body and the first words of
	// each member (see bodyNames). A quoted value anywhere in it still
	// counts for the values searched for. Nil: none.
	Bodied func(stmt []byte) bool
	// Indented: a Bodied statement's body is the lines indented under its
	// header, which ends its line with a ":" (Python), not a "{" block
	// (see indentedNames); a value counts in the words that count, not in
	// a method's body.
	Indented bool
	// Regexps: a "/" after an operator opens a regular expression
	// literal, which may hold quotes and brackets (JavaScript).
	Regexps bool
	// Aliases, when set, gives the other names the words of a file's
	// statements answer to (Go's TableName methods name their receiver's
	// table; a C macro #defined as an X-macro list, the names it lists): a
	// statement holding the word is taken when one of them is wanted.
	// Nil: none.
	Aliases func(src []byte) map[string][]string
	// Wrapper reports a statement that only holds statements of the
	// file's own kind, and declares nothing of its own but a scope for
	// them (a namespace block, TypeScript's declare module): Focus takes
	// of it its opening and closing lines and the statements inside it
	// that it would take at the top level (see wrapped). Nil: none.
	Wrapper func(stmt []byte) bool
}

// WordSet is the set of the space-separated words.
func WordSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// segment is one top-level statement (or comment block) of a file.
type segment struct {
	start, end int // byte offsets, start at a line start
	row        int // the line start begins
	kind       byte
}

const (
	segCode     = 'c'
	segComment  = '#' // a comment, or a decorator: it belongs to what follows
	segWithNext = 't' // a statement that takes the next one along (LexSyntax.withNext)
)

// segments splits src at the lines where a top-level statement starts. It
// returns false when the lexer cannot vouch for the split: a string,
// comment or bracket still open at the end of the file.
func segments(lx *LexSyntax, src []byte) ([]segment, bool) {
	return split(lx, src, false)
}

// recoverSegments splits a file that does not parse: as segments, but a
// line that starts with a word or a decorator in the first column starts a
// statement even inside an open bracket (with the first-column comments
// right above it), since code inside a bracket is indented. A statement
// left unclosed (a missing brace) then ends where the next one starts, and
// costs only itself. It returns false when a string or comment is open at
// the end of the file.
func recoverSegments(lx *LexSyntax, src []byte) ([]segment, bool) {
	return split(lx, src, true)
}

// resyncs reports, while recovering, a first-column line that starts a
// statement whatever bracket is open: a word or a decorator, or
// first-column line comments above one.
func resyncs(lx *LexSyntax, line []byte) bool {
	for lx.lineComment(line) {
		nl := bytes.IndexByte(line, '\n')
		if nl < 0 {
			return false
		}
		line = line[nl+1:]
	}
	if len(line) == 0 || !(IdentByte(line[0]) && line[0] < 0x80 || lx.Attached != 0 && line[0] == lx.Attached) {
		return false
	}
	return startsStatement(lx, line)
}

func split(lx *LexSyntax, src []byte, recovering bool) ([]segment, bool) {
	if lx.Opening != nil {
		if _, ok := lx.Opening(src); !ok {
			return nil, false
		}
	}
	var segs []segment
	var stack []byte // open brackets; 'T' is a template literal's ${
	row := 0
	lineStart := true
	i := 0
	boundary := func() {
		if len(segs) > 0 {
			segs[len(segs)-1].end = i
		}
		kind := byte(segCode)
		rest := src[i:]
		switch {
		case lx.lineComment(rest),
			lx.BlockComments && bytes.HasPrefix(rest, []byte("/*")),
			lx.Attached != 0 && rest[0] == lx.Attached && (lx.AttachedGroups || decoratorsOnly(lx, rest)):
			kind = segComment
		case lx.WithNext != "" && bytes.HasPrefix(rest, []byte(lx.WithNext)):
			kind = segWithNext
		}
		segs = append(segs, segment{start: i, row: row, kind: kind})
	}
	// inRaw goes on from inside a raw string or template literal at from
	// to its end, or into the next ${ of a template.
	inRaw := func(from int) bool {
		end, nested, ok := CloseRaw(src, from, lx.Template)
		if !ok {
			return false
		}
		row += bytes.Count(src[i:end], []byte("\n"))
		i = end
		if nested {
			stack = append(stack, 'T')
		}
		return true
	}
	// The last code token before a line: a line that starts in the first
	// column still continues a statement the line above left open (an
	// operator, a comma, a keyword, a backslash).
	var last, beforeLast byte
	var lastWord []byte
	for i < len(src) {
		c := src[i]
		if lineStart {
			lineStart = false
			if lx.Directives && directiveAt(src, i) {
				if len(stack) == 0 {
					boundary()
				}
				end, ok := skipDirective(src, i)
				if !ok {
					return nil, false
				}
				row += bytes.Count(src[i:end], []byte("\n"))
				i = end
				last, beforeLast, lastWord = 0, 0, nil // what follows starts afresh
				continue
			}
			if recovering && len(stack) > 0 && resyncs(lx, src[i:]) {
				stack = stack[:0]
				boundary()
			} else if len(stack) == 0 && startsStatement(lx, src[i:]) && !continues(lx, last, beforeLast, lastWord) {
				boundary()
			}
		}
		if c != '\n' && c != ' ' && c != '\t' && c != '\r' && !lx.lineComment(src[i:]) && !(lx.BlockComments && c == '/' && i+1 < len(src) && src[i+1] == '*') {
			beforeLast, last, lastWord = last, c, nil
			if IdentByte(c) {
				j := i
				for j < len(src) && IdentByte(src[j]) {
					j++
				}
				if lx.RawHashes && rawPrefix(src[i:j]) {
					if end, ok := closeHashRaw(src, j); ok {
						row += bytes.Count(src[i:end], []byte("\n"))
						last, i = '"', end
						continue
					}
				}
				if lx.RawDelimited && j < len(src) && src[j] == '"' && rawDelimitedPrefix[string(src[i:j])] {
					end, ok := closeDelimited(src, j+1)
					if !ok {
						return nil, false
					}
					row += bytes.Count(src[i:end], []byte("\n"))
					last, i = '"', end
					continue
				}
				lastWord, last, i = src[i:j], src[j-1], j
				continue
			}
		}
		switch {
		case c == '\n':
			row++
			lineStart = true
			i++
		case lx.lineComment(src[i:]):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case lx.BlockComments && c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := closeComment(src, i+2, lx.NestedComments)
			if end < 0 {
				return nil, false
			}
			row += bytes.Count(src[i:end], []byte("\n"))
			i = end
		case lx.TripleQuotes && (c == '"' || c == '\'') && i+2 < len(src) && src[i+1] == c && src[i+2] == c:
			end := CloseTriple(src, i+3, c)
			if end < 0 {
				return nil, false
			}
			row += bytes.Count(src[i:end], []byte("\n"))
			i = end
		case lx.SpanningQuotes && (c == '"' || c == '\'' && !lx.Lifetimes):
			end := closeSpanning(src, i+1, c)
			if end < 0 {
				return nil, false
			}
			row += bytes.Count(src[i:end], []byte("\n"))
			i = end
		case c == '@' && lx.Verbatim && verbatimAt(src, i+1) > 0:
			end := closeVerbatim(src, i+1+verbatimAt(src, i+1))
			if end < 0 {
				return nil, false
			}
			row += bytes.Count(src[i:end], []byte("\n"))
			i = end
		case lx.Heredocs && c == '<' && bytes.HasPrefix(src[i:], []byte("<<<")):
			end := closeHeredoc(src, i+3)
			if end < 0 {
				return nil, false
			}
			row += bytes.Count(src[i:end], []byte("\n"))
			last, lastWord, i = '"', nil, end
		case c == '\'' && lx.Lifetimes:
			i = closeChar(src, i+1)
		case c == '"' || c == '\'':
			i = CloseQuote(src, i+1, c)
		case lx.Raw && c == '`':
			if !inRaw(i + 1) {
				return nil, false
			}
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, c)
			i++
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 && recovering {
				i++ // a stray closer: the statement it ends does not parse
				continue
			}
			if len(stack) == 0 {
				return nil, false
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			i++
			// The end of a template literal's ${...}: back inside it.
			if top == 'T' && !inRaw(i) {
				return nil, false
			}
		default:
			i++
		}
	}
	if len(stack) != 0 && !recovering {
		return nil, false
	}
	if len(segs) > 0 {
		segs[len(segs)-1].end = len(src)
	}
	for k := range segs {
		// A comment in the first column followed by indented code (a
		// file whose declarations are all indented) is code.
		if s := &segs[k]; s.kind == segComment && src[s.start] != lx.Attached && !onlyComments(lx, src[s.start:s.end]) {
			s.kind = segCode
		} else if s.kind == segComment && src[s.start] == lx.Attached && !onlyAttached(lx, src[s.start:s.end]) {
			s.kind = segCode // @A in the first column, what it annotates indented below
		}
	}
	if lx.LineEnds {
		segs = joinIndented(lx, src, segs)
	}
	return segs, true
}

// joinIndented joins to the statement above it a first-column comment
// followed by indented code, and the comments between them: where
// indentation makes blocks, the comment is inside the block that
// statement opened (a class's body), which goes on below it.
func joinIndented(lx *LexSyntax, src []byte, segs []segment) []segment {
	out := segs[:0]
	for _, s := range segs {
		if s.kind == segCode && lx.lineComment(src[s.start:]) {
			n := len(out)
			for n > 0 && out[n-1].kind == segComment {
				n--
			}
			if n > 0 {
				out = out[:n]
				out[n-1].end = s.end
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// decoratorsOnly reports whether the line rest starts holds nothing but
// decorators (and a comment), or decorators whose arguments go on below.
func decoratorsOnly(lx *LexSyntax, rest []byte) bool {
	r, ok := skipDecorators(lx, rest, lx.Attached)
	if !ok {
		return true
	}
	r = bytes.TrimLeft(r, " \t\r")
	return len(r) == 0 || r[0] == '\n' || lx.lineComment(r) ||
		lx.BlockComments && bytes.HasPrefix(r, []byte("/*"))
}

// SkipDecorators returns what follows the decorators or annotations b
// starts with (@Entity, @Table(name = "orders"), @app.get("/items"),
// Kotlin's @field:Column with its use-site target), and the blanks after
// them on their line; at is the character that starts one. ok is false
// when one's arguments are not closed.
func SkipDecorators(b []byte, at byte) (rest []byte, ok bool) {
	return skipDecorators(nil, b, at)
}

// skipDecorators is SkipDecorators that, given the lexer of b's language,
// skips the comments among the decorators' arguments (see closeParen).
func skipDecorators(lx *LexSyntax, b []byte, at byte) (rest []byte, ok bool) {
	for len(b) > 1 && b[0] == at {
		i := 1
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++ // @ Override: blanks may stand between the two
		}
		if i >= len(b) || !IdentByte(b[i]) {
			break
		}
		for i < len(b) && (IdentByte(b[i]) || b[i] == '.' || b[i] == ':' && i+1 < len(b) && IdentByte(b[i+1])) {
			i++
		}
		if r := TrimIndent(b[i:]); len(r) > 0 && r[0] == '(' {
			end := closeParen(lx, r)
			if end < 0 {
				return b, false
			}
			i = len(b) - len(r) + end
		}
		b = TrimIndent(b[i:])
	}
	return b, true
}

// onlyComments reports text that holds nothing but comments and space.
func onlyComments(lx *LexSyntax, b []byte) bool {
	return len(skipComments(lx, b)) == 0
}

// skipComments returns what follows the comments and space b starts with.
func skipComments(lx *LexSyntax, b []byte) []byte {
	for {
		b = bytes.TrimLeft(b, " \t\r\n")
		switch {
		case lx.lineComment(b):
			end := bytes.IndexByte(b, '\n')
			if end < 0 {
				return nil
			}
			b = b[end:]
		case lx.BlockComments && bytes.HasPrefix(b, []byte("/*")):
			end := closeComment(b, 2, lx.NestedComments)
			if end < 0 {
				return nil
			}
			b = b[end:]
		default:
			return b
		}
	}
}

// onlyAttached reports text that holds nothing but what the language
// attaches to the statement below, comments and space: attached groups
// (#[...], #![...], [Obsolete]), or decorators (see SkipDecorators).
func onlyAttached(lx *LexSyntax, b []byte) bool {
	for {
		b = skipComments(lx, b)
		if len(b) == 0 {
			return true
		}
		if !lx.AttachedGroups {
			r, ok := skipDecorators(lx, b, lx.Attached)
			if !ok || len(r) == len(b) {
				return !ok // a decorator left open: the statement's
			}
			b = r
			continue
		}
		i := 1
		if lx.Attached == '[' {
			i = 0 // the mark is the group's bracket: [Table("orders")]
		} else if i < len(b) && b[i] == '!' {
			i++
		}
		if b[0] != lx.Attached || i >= len(b) || b[i] != '[' {
			return false
		}
		end := CloseGroup(b, i)
		if end < 0 {
			return false
		}
		b = b[end:]
	}
}

// SkipAttributes returns what follows the #[...] attributes b starts with
// (Rust's, PHP's), and the blanks after each; false when one is not
// closed.
func SkipAttributes(b []byte) ([]byte, bool) {
	for len(b) > 1 && b[0] == '#' && b[1] == '[' {
		end := CloseGroup(b, 1)
		if end < 0 {
			return b, false
		}
		b = bytes.TrimLeft(b[end:], Blanks)
	}
	return b, true
}

// CloseGroup returns the offset after the bracket that closes the one at
// i, skipping "..." strings, or -1.
func CloseGroup(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			i = CloseQuote(b, i+1, '"')
			continue
		}
		i++
	}
	return -1
}

// commentAbove reports whether the line before offset start holds only
// a comment.
func commentAbove(lx *LexSyntax, src []byte, start int) bool {
	if start == 0 {
		return false
	}
	line := src[bytes.LastIndexByte(src[:start-1], '\n')+1 : start-1]
	t := bytes.TrimSpace(line)
	return lx.lineComment(t) || lx.BlockComments && bytes.HasSuffix(t, []byte("*/"))
}

// trailingComment reports a statement whose last line holds a comment.
func trailingComment(stmt []byte) bool {
	stmt = bytes.TrimRight(stmt, " \t\r\n")
	last := stmt[bytes.LastIndexByte(stmt, '\n')+1:]
	return bytes.Contains(last, []byte("//")) || bytes.Contains(last, []byte("/*"))
}

// continues reports whether what ends a line (its last character, the
// one before, or its last word) leaves the statement open.
func continues(lx *LexSyntax, last, before byte, word []byte) bool {
	if lx.Semicolons {
		return last != 0 && last != ';' && last != '}'
	}
	if word != nil {
		return lx.OpenWords[string(word)]
	}
	if lx.LineEnds {
		return last == '\\' // a line ends a statement unless it says otherwise
	}
	switch last {
	case '\\', '=', '*', '/', '%', '&', '|', '^', '<', '>', '!', '?', ':', ',', '.', '~':
		return true
	case '+', '-':
		return before != last // x++ ends a statement; x + does not
	}
	return false
}

// startsStatement reports a line that begins a top-level statement: it
// starts with a word, a comment, a decorator, a string or an opening
// bracket, in the first column, and is no continuation (else:). A line
// starting with anything else ("{" under an Allman-style signature, an
// operator, a closing bracket) continues the statement above: splitting
// too little costs time, splitting too much could change what is parsed.
func startsStatement(lx *LexSyntax, line []byte) bool {
	if len(line) == 0 {
		return false
	}
	switch c := line[0]; {
	case IdentByte(c) && c < 0x80, c == '/', c == '#', c == '@', c == '"', c == '\'':
	case c == '`', c == '(', c == '[':
		return !lx.BracketGoesOn
	default:
		return false
	}
	for _, w := range lx.Continuations {
		if bytes.HasPrefix(line, []byte(w)) && (len(line) == len(w) || !IdentByte(line[len(w)])) {
			return false
		}
	}
	return !lx.Semicolons || !label(line)
}

// label reports a line that starts with a label (a word and a colon: C's
// goto target, C++'s public:), which goes on with the block it is in.
func label(line []byte) bool {
	i := 0
	for i < len(line) && IdentByte(line[i]) {
		i++
	}
	r := bytes.TrimLeft(line[i:], " \t")
	return i > 0 && len(r) > 0 && r[0] == ':' && (len(r) == 1 || r[1] != ':')
}

// directiveAt reports a line, starting at i, whose first character other
// than blanks is "#": a preprocessor directive.
func directiveAt(src []byte, i int) bool {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i < len(src) && src[i] == '#'
}

// skipDirective returns the offset of the line end that ends the
// directive starting at i (or the file's end): a backslash before a line
// end goes on, and so does a block comment; quotes close on their line.
// It returns false when a block comment is left open.
func skipDirective(src []byte, i int) (int, bool) {
	for i < len(src) {
		switch c := src[i]; {
		case c == '\n':
			return i, true
		case c == '\\':
			i++
			if i < len(src) && src[i] == '\r' {
				i++
			}
			if i < len(src) && src[i] == '\n' {
				i++ // a continued line
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := closeComment(src, i+2, false)
			if end < 0 {
				return 0, false
			}
			i = end
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '"' || c == '\'':
			i = CloseQuote(src, i+1, c)
		default:
			i++
		}
	}
	return i, true
}

// CloseQuote returns the offset after a one-line string opened before i.
// A string the line ends inside is closed there: the lexer only needs to
// know it holds no brackets.
func CloseQuote(src []byte, i int, q byte) int {
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case q:
			return i + 1
		case '\n':
			return i
		}
		i++
	}
	return len(src)
}

// closeSpanning returns the offset after the quote q that closes a string
// opened before i, whatever lines it spans, or -1.
func closeSpanning(src []byte, i int, q byte) int {
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case q:
			return i + 1
		}
		i++
	}
	return -1
}

// verbatimAt returns how many bytes from i on open a verbatim string
// after its @: 1 for the quote of @"...", 2 for the $" of @$"..."; 0 when
// none opens there (@name is a name).
func verbatimAt(src []byte, i int) int {
	switch {
	case i < len(src) && src[i] == '"':
		return 1
	case i+1 < len(src) && src[i] == '$' && src[i+1] == '"':
		return 2
	}
	return 0
}

// closeVerbatim returns the offset after the quote that closes a verbatim
// string opened before i, whatever lines it spans ("" is a quote inside
// it), or -1.
func closeVerbatim(src []byte, i int) int {
	for i < len(src) {
		if src[i] == '"' {
			if i+1 < len(src) && src[i+1] == '"' {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return -1
}

// closeHeredoc returns the offset after the identifier that closes a
// heredoc or nowdoc whose <<< is before i (<<<EOT, <<<"EOT", <<<'EOT'):
// the first line that starts with it, after blanks, and goes on with no
// name character; -1 when none does or no identifier follows the <<<.
func closeHeredoc(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	q := byte(0)
	if i < len(src) && (src[i] == '"' || src[i] == '\'') {
		q, i = src[i], i+1
	}
	j := i
	for j < len(src) && IdentByte(src[j]) && src[j] != '$' {
		j++
	}
	id := src[i:j]
	if len(id) == 0 || q != 0 && (j >= len(src) || src[j] != q) {
		return -1
	}
	nl := bytes.IndexByte(src[j:], '\n')
	if nl < 0 {
		return -1
	}
	for at := j + nl + 1; at < len(src); {
		line := bytes.TrimLeft(src[at:], " \t")
		if bytes.HasPrefix(line, id) && (len(line) == len(id) || !IdentByte(line[len(id)])) {
			return len(src) - len(line) + len(id)
		}
		next := bytes.IndexByte(src[at:], '\n')
		if next < 0 {
			return -1
		}
		at += next + 1
	}
	return -1
}

// lineComment reports whether b starts a line comment: the language's
// opener, or with HashComments a # that opens no attribute.
func (lx *LexSyntax) lineComment(b []byte) bool {
	return lx.LineComment != "" && bytes.HasPrefix(b, []byte(lx.LineComment)) ||
		lx.HashComments && len(b) > 0 && b[0] == '#' && (len(b) == 1 || b[1] != '[')
}

// closeChar returns the offset after a character literal whose quote is
// before i ('a', '\”, '\u{1F600}', a multi-byte character), or i when
// the quote opens none: a lifetime or a label.
func closeChar(src []byte, i int) int {
	if i < len(src) && src[i] == '\\' {
		for j := i + 2; j < len(src) && j < i+12 && src[j] != '\n'; j++ {
			if src[j] == '\'' {
				return j + 1
			}
		}
		return i
	}
	if i < len(src) && src[i] == '\'' {
		return i // '' is no literal
	}
	_, size := utf8.DecodeRune(src[i:])
	if i+size < len(src) && src[i+size] == '\'' && src[i] != '\n' {
		return i + size + 1
	}
	return i
}

// rawPrefix reports a word that opens a raw string when a quote or #
// follows it: r, br, cr.
func rawPrefix(w []byte) bool {
	return len(w) <= 2 && w[len(w)-1] == 'r' && (len(w) == 1 || w[0] == 'b' || w[0] == 'c')
}

// closeHashRaw returns the offset after a raw string whose hashes and
// quote start at i (#"..."#), and false when none starts there (r#type
// is a raw identifier) or it is not closed.
func closeHashRaw(src []byte, i int) (int, bool) {
	n := 0
	for i+n < len(src) && src[i+n] == '#' {
		n++
	}
	if i+n >= len(src) || src[i+n] != '"' {
		return 0, false
	}
	closer := append([]byte{'"'}, bytes.Repeat([]byte{'#'}, n)...)
	end := bytes.Index(src[i+n+1:], closer)
	if end < 0 {
		return 0, false
	}
	return i + n + 1 + end + len(closer), true
}

// rawDelimitedPrefix are the words that open a C++ raw string before a
// quote.
var rawDelimitedPrefix = WordSet("R u8R uR UR LR")

// closeDelimited returns the offset after a C++ raw string whose
// delimiter starts at i (R"delim(...)delim"), and false when it is not
// closed.
func closeDelimited(src []byte, i int) (int, bool) {
	open := bytes.IndexByte(src[i:min(len(src), i+17)], '(')
	if open < 0 {
		return 0, false
	}
	closer := append(append([]byte(")"), src[i:i+open]...), '"')
	end := bytes.Index(src[i+open+1:], closer)
	if end < 0 {
		return 0, false
	}
	return i + open + 1 + end + len(closer), true
}

// closeComment returns the offset after the */ that closes a block
// comment opened before i, nested ones counted when nested is set, or -1.
func closeComment(src []byte, i int, nested bool) int {
	depth := 1
	for i+1 < len(src) {
		switch {
		case src[i] == '*' && src[i+1] == '/':
			depth--
			i += 2
			if depth == 0 || !nested {
				return i
			}
			continue
		case nested && src[i] == '/' && src[i+1] == '*':
			depth++
			i += 2
			continue
		}
		i++
	}
	return -1
}

// CloseTriple returns the offset after the """ (or ”') that closes a
// string opened before i, or -1. A backslash escapes the byte after it.
// (The quotes are searched for, not every byte tested: the scan asks this
// of every line inside a docstring.)
func CloseTriple(src []byte, i int, q byte) int {
	for i < len(src) {
		k := bytes.IndexByte(src[i:], q)
		if k < 0 {
			return -1
		}
		if b := bytes.IndexByte(src[i:i+k], '\\'); b >= 0 {
			i += b + 2
			continue
		}
		j := i + k
		if j+2 < len(src) && src[j+1] == q && src[j+2] == q {
			return j + 3
		}
		i = j + 1
	}
	return -1
}

// CloseRaw returns the offset after the backtick that closes a raw string
// (or, with template, a template literal) opened before i, or the offset
// after a template's "${", with nested set.
func CloseRaw(src []byte, i int, template bool) (end int, nested, ok bool) {
	for i < len(src) {
		switch {
		case template && src[i] == '\\':
			i += 2
			continue
		case src[i] == '`':
			return i + 1, false, true
		case template && src[i] == '$' && i+1 < len(src) && src[i+1] == '{':
			return i + 2, true, true
		}
		i++
	}
	return 0, false, false
}

// CloseParen returns the offset after the parenthesis that closes the one
// b starts with, skipping strings (and template literals); -1 when it is
// not closed.
func CloseParen(b []byte) int {
	return closeParen(nil, b)
}

// closeParen is CloseParen that, given the lexer of b's language, skips
// its comments and its strings of several lines too (a quote in a comment
// among a decorator's arguments opens nothing).
func closeParen(lx *LexSyntax, b []byte) int {
	depth := 0
	for i := 0; i < len(b); {
		if next := skipLexed(lx, b, i); next != i {
			if next < 0 {
				return -1
			}
			i = next
			continue
		}
		switch c := b[i]; c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"', '\'':
			i = CloseQuote(b, i+1, c)
			continue
		case '`':
			end, nested, ok := CloseRaw(b, i+1, true)
			if !ok || nested {
				return -1
			}
			i = end
			continue
		}
		i++
	}
	return -1
}

// skipLexed returns where the comment or the string of several lines
// that starts at b[i] ends in lx's language, i when none starts there, or
// -1 when it is not closed. With a nil lx, none starts anywhere.
func skipLexed(lx *LexSyntax, b []byte, i int) int {
	switch c := b[i]; {
	case lx == nil:
	case lx.lineComment(b[i:]):
		if end := bytes.IndexByte(b[i:], '\n'); end >= 0 {
			return i + end
		}
		return len(b)
	case lx.BlockComments && c == '/' && i+1 < len(b) && b[i+1] == '*':
		return closeComment(b, i+2, lx.NestedComments)
	case lx.TripleQuotes && (c == '"' || c == '\'') && i+2 < len(b) && b[i+1] == c && b[i+2] == c:
		return CloseTriple(b, i+3, c)
	}
	return i
}

// IdentByte reports a byte that can be part of a name: a letter, a digit,
// _ or $, or any byte of a multi-byte character.
func IdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// declHead is the part of a statement whose words can name what it
// defines: what the language's Head leaves of it, or all of it.
func declHead(lx *LexSyntax, stmt []byte) []byte {
	if lx.Head == nil {
		return stmt
	}
	return lx.Head(stmt)
}

// LeadingName returns the name rest starts with; whole when it starts with
// none (not the shape expected: in doubt, all of it).
func LeadingName(rest, whole []byte) []byte {
	n := 0
	for n < len(rest) && IdentByte(rest[n]) {
		n++
	}
	if n == 0 {
		return whole
	}
	return rest[:n]
}

// Blanks are the characters between a keyword and what follows it.
const Blanks = " \t\r\n"

// CutWord cuts the keyword w, and the Blanks after it, off the start of
// b; false when b does not start with w as a whole word.
func CutWord(b []byte, w string) ([]byte, bool) {
	r, ok := bytes.CutPrefix(b, []byte(w))
	if !ok || len(r) == 0 || IdentByte(r[0]) {
		return b, false
	}
	return bytes.TrimLeft(r, Blanks), true
}

// EachWord calls fn with each identifier-like word of b (letters, digits,
// _ and $, and multi-byte characters) until fn returns true, and reports
// whether one did.
func EachWord(b []byte, fn func(w []byte) bool) bool {
	for i := 0; i < len(b); {
		if !IdentByte(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && IdentByte(b[j]) {
			j++
		}
		if fn(b[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// mentions reports whether b holds a word mention accepts.
func mentions(b []byte, mention func([]byte) bool) bool {
	return EachWord(b, func(w []byte) bool {
		if mention(w) {
			return true
		}
		if w[0] == '$' && len(w) > 1 && mention(w[1:]) {
			return true // $fillable: a PHP property's name, after its $
		}
		// "0B": no identifier, but a parser recovering from the error
		// may read B as one.
		k := 0
		for k < len(w) && w[k] >= '0' && w[k] <= '9' {
			k++
		}
		return k > 0 && k < len(w) && mention(w[k:])
	})
}

// Span is a part of a file to parse: whole top-level statements, from the
// first byte of one to the first byte of the statement after the last.
type Span struct{ Start, End int }

// Focus returns the parts of src to parse for the words mention accepts:
// each top-level statement whose head or decorators mention one (see
// declHead), the comments and decorators right above it, and after a Go
// type declaration the statement that follows it (where its constants
// would be; in JavaScript, after every statement taken). No spans means nothing in the
// file can be a wanted definition. It returns false when the file is
// better parsed whole: it cannot be split with confidence, or the parts
// are most of it. The caller's mention must accept every word a wanted
// definition's name, members or alias are made of, and the class name
// behind a computed alias (Django's default table name, <app>_<model>, is
// the model's name lowercased).
func Focus(lang *Language, src []byte, mention func([]byte) bool) (spans []Span, ok bool) {
	return FocusHolding(lang, src, mention, nil)
}

// FocusHolding is Focus that also takes each statement whose head holds
// (a test of its text, nil for none) accepts: where a quoted value is set.
func FocusHolding(lang *Language, src []byte, mention func([]byte) bool, holds func([]byte) bool) (spans []Span, ok bool) {
	lx := lang.Lex
	if lx != nil && lx.Aliases != nil {
		if aliases := lx.Aliases(src); len(aliases) > 0 {
			named := mention
			mention = func(w []byte) bool {
				if named(w) {
					return true
				}
				for _, a := range aliases[string(w)] {
					if named([]byte(a)) {
						return true
					}
				}
				return false
			}
		}
	}
	take := func(src []byte, segs []segment, k int) bool {
		s := segs[k]
		stmt := src[s.start:s.end]
		head := declHead(lx, stmt)
		names, valued := head, head
		if lx.Bodied != nil && len(head) == len(stmt) && lx.Bodied(stmt) {
			names = bodyNames(lx, stmt)
			if lx.Indented {
				valued = names // the values of a method's body are not the class's
			}
		}
		// A function answers to its name only (Head cuts it to that):
		// what its decorators say is not its name (@patch("x.y"),
		// @pytest.mark.parametrize(...)).
		cut := len(head) < len(stmt)
		return mentions(names, mention) || holds != nil && holds(valued) || !cut && decoratorsMention(lx, src, segs[:k], mention)
	}
	inner := func(stmt []byte, at int) ([]Span, bool) { return wrapped(lang, stmt, at, mention, holds) }
	return focus(lang, src, take, inner)
}

// FocusAt returns the parts of src to parse for the definitions around
// byte offset at: the top-level statement that holds it, with the
// comments and decorators above it. It returns false when src is better
// parsed whole, as Focus does; a wrapper (a namespace block) that holds
// the offset is taken whole.
func FocusAt(lang *Language, src []byte, at int) (spans []Span, ok bool) {
	take := func(_ []byte, segs []segment, k int) bool { return segs[k].start <= at && at < segs[k].end }
	whole := func([]byte, int) ([]Span, bool) { return nil, false }
	return focus(lang, src, take, whole)
}

// focus returns the parts of src to parse: each top-level statement take
// accepts (by the statements of src and its index among them), with the
// comments and decorators right above it and what goes with it; inside a
// wrapper (a namespace block), what inner returns for it when it can
// tell. It returns false when src is better parsed whole.
func focus(lang *Language, src []byte, take func(src []byte, segs []segment, k int) bool, inner func(stmt []byte, at int) ([]Span, bool)) (spans []Span, ok bool) {
	if lang.Lex == nil || lang.Grammar == nil {
		return nil, false
	}
	lx := lang.Lex
	segs, ok := segments(lx, src)
	if !ok {
		return nil, false
	}
	if len(segs) == 0 && len(bytes.TrimSpace(src)) > 0 {
		return nil, false // indented all through: no statement starts
	}
	if len(segs) > 0 && segs[0].start > 0 {
		kind := byte(segCode)
		if lx.AttachedGroups && onlyAttached(lx, src[:segs[0].start]) {
			kind = segComment // indented attributes, [Obsolete]: the first statement's
		}
		segs = append([]segment{{start: 0, end: segs[0].start, kind: kind}}, segs...)
	}
	taken := make([]bool, len(segs))
	for k, s := range segs {
		if s.kind == segComment || !take(src, segs, k) {
			continue
		}
		taken[k] = true
		j := k - 1
		for ; j >= 0 && segs[j].kind == segComment; j-- {
			taken[j] = true
		}
		if j >= 0 && segs[j].kind == segCode && endsAttached(lx, src[segs[j].start:segs[j].end]) {
			taken[j] = true // x = 1; [Obsolete]: the attributes on its last line are the statement's below
		}
		if j >= 0 && (segs[j].kind == segWithNext || commentAbove(lx, src, segs[j+1].start)) {
			// A Go constant block read as the enum of the type above it;
			// or an indented comment ending the statement above, which
			// may be the doc comment of this one.
			for taken[j] = true; j > 0 && segs[j-1].kind == segComment; j-- {
				taken[j-1] = true
			}
		}
		if s.kind == segWithNext || lx.Lookahead && trailingComment(src[s.start:s.end]) {
			for j := k + 1; j < len(segs); j++ {
				taken[j] = true
				if segs[j].kind != segComment {
					break
				}
			}
		}
	}
	spans = []Span{}
	for k, s := range segs {
		if !taken[k] {
			continue
		}
		if s.kind == segCode && lx.Wrapper != nil && lx.Wrapper(src[s.start:s.end]) {
			if in, ok := inner(src[s.start:s.end], s.start); ok {
				spans = Union(spans, in)
				continue
			}
		}
		if n := len(spans); n > 0 && spans[n-1].End == s.start {
			spans[n-1].End = s.end
			continue
		}
		spans = append(spans, Span{s.start, s.end})
	}
	if spans == nil {
		spans = []Span{} // (wrappers that hold nothing wanted)
	}
	if mostOf(spans, src) {
		return nil, false
	}
	return spans, true
}

// endsAttached reports a statement whose last line ends with an attached
// group (C#'s [Obsolete], Rust's #[test]): what the group annotates is
// the statement below.
func endsAttached(lx *LexSyntax, stmt []byte) bool {
	t := bytes.TrimRight(stmt, Blanks)
	if !lx.AttachedGroups || len(t) == 0 || t[len(t)-1] != ']' {
		return false
	}
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case ']':
			depth++
		case '[':
			if depth--; depth == 0 {
				return lx.Attached == '[' || i > 0 && t[i-1] == lx.Attached || i > 1 && t[i-1] == '!' && t[i-2] == lx.Attached
			}
		}
	}
	return false
}

// decoratorsMention reports whether the decorators right above the
// statement after segs (comment segments that start with lx.Attached)
// mention a wanted word: what they say is the statement's (a table name in
// @Entity("orders"), @Table(name = "orders")).
func decoratorsMention(lx *LexSyntax, src []byte, segs []segment, mention func([]byte) bool) bool {
	for j := len(segs) - 1; j >= 0 && segs[j].kind == segComment; j-- {
		if s := segs[j]; src[s.start] == lx.Attached && mentions(src[s.start:s.end], mention) {
			return true
		}
	}
	return false
}

// mostOf reports spans covering more than four fifths of src: then a whole
// parse costs little more, and is the plain truth. (Below that, the parts
// left out are worth leaving: what a whole parse costs beyond parsing is
// walking every definition of the file.)
func mostOf(spans []Span, src []byte) bool {
	size := 0
	for _, s := range spans {
		size += s.End - s.Start
	}
	return size*5 > len(src)*4
}

// Covers reports whether every span of b lies inside a span of a.
func Covers(a, b []Span) bool {
	for _, x := range b {
		in := false
		for _, y := range a {
			if y.Start <= x.Start && x.End <= y.End {
				in = true
				break
			}
		}
		if !in {
			return false
		}
	}
	return true
}

// Union merges two span lists of the same file content.
func Union(a, b []Span) []Span {
	all := append(append([]Span(nil), a...), b...)
	sort.Slice(all, func(i, j int) bool { return all[i].Start < all[j].Start })
	var out []Span
	for _, s := range all {
		if n := len(out); n > 0 && s.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

// ranges turns spans into tree-sitter's included ranges.
func ranges(spans []Span, src []byte) []sitter.Range {
	out := make([]sitter.Range, 0, len(spans))
	row, at := 0, 0
	point := func(off int) sitter.Point {
		row += bytes.Count(src[at:off], []byte("\n"))
		at = off
		col := off
		if nl := bytes.LastIndexByte(src[:off], '\n'); nl >= 0 {
			col = off - nl - 1
		}
		return sitter.Point{Row: uint32(row), Column: uint32(col)}
	}
	for _, s := range spans {
		start := point(s.Start)
		end := point(s.End)
		out = append(out, sitter.Range{StartByte: uint32(s.Start), EndByte: uint32(s.End), StartPoint: start, EndPoint: end})
	}
	return out
}

// Extraction is what DefinitionsIn found.
type Extraction struct {
	Defs []Definition
	// Whole says the whole file was parsed.
	Whole bool
	// Skipped are the type bodies and member lists that hold nothing the
	// Want wants, in no order: what they declare is not in Defs.
	Skipped []Span
}

// DefinitionsIn returns Definitions(ctx, lang, name, src) for the
// statements in spans (from Focus, or a Union of its results). With nil
// spans, spans covering most of the file, or a focused parse that meets a
// syntax error, it parses the whole file and says so (a file that does
// not parse whole either costs only the statements of spans, each parsed
// on its own, and is not whole); with no spans, it parses nothing. With a want, the definitions its Def does not pick are
// returned Unbuilt, and the type bodies that hold nothing it wants are
// skipped.
func (p *Parser) DefinitionsIn(ctx context.Context, lang *Language, name string, src []byte, spans []Span, want *Want) (Extraction, error) {
	p.want, p.skipped = want, nil
	defer func() { p.want, p.skipped = nil, nil }()
	defs, whole, err := p.definitionsIn(ctx, lang, name, src, spans)
	if err != nil {
		return Extraction{}, err
	}
	return Extraction{Defs: defs, Whole: whole, Skipped: p.skipped}, nil
}

func (p *Parser) definitionsIn(ctx context.Context, lang *Language, name string, src []byte, spans []Span) (defs []Definition, whole bool, err error) {
	if spans == nil || lang.Lex == nil || lang.Grammar == nil || mostOf(spans, src) {
		defs, err = p.Definitions(ctx, lang, name, src)
		return defs, true, err
	}
	if len(spans) == 0 {
		return nil, false, nil
	}
	if stmts, ok := apartStatements(lang, src, spans); ok {
		defs, err = p.apart(ctx, lang, name, src, stmts)
		return defs, false, err
	}
	tree, err := p.parseRanges(ctx, lang, name, src, spans)
	if err != nil {
		return nil, false, err
	}
	defer tree.Close()
	if lang.Broken(tree.RootNode()) {
		// The statements may parse in the whole file; if it does not parse
		// either, only the statements asked for are parsed one by one.
		return p.wholeOr(ctx, lang, name, src, spans)
	}
	defs, err = p.definitions(lang, name, src, tree)
	return defs, false, err
}

package cpp

import (
	"bytes"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
)

// A definition's namespaces are read from the file's text, not from the
// tree: a file is parsed whole, in parts (Focus), or statement by
// statement (a file that does not parse), and only the text holds every
// namespace block above a definition in each case.

// block is a namespace block of a file: the bytes its braces enclose, and
// the names it opens (a::b opens two; an anonymous one none).
type block struct {
	open, close int
	names       []string
	anonymous   bool
}

// namespacesAt returns the names of the namespace blocks around offset at
// of m's file, outermost first, and whether one of them is anonymous.
func namespacesAt(m *extract.Match, at int) (names []string, anonymous bool) {
	for _, b := range m.Memo(blocksKey{}, func() any { return blocksOf(m.Src) }).([]block) {
		if b.open <= at && at < b.close {
			names = append(names, b.names...)
			anonymous = anonymous || b.anonymous
		}
	}
	return names, anonymous
}

// blocksKey is the memo key of a tree's namespace blocks: its definitions
// ask one after another, and each asking would compare the file's bytes.
type blocksKey struct{}

// blocks are the namespace blocks of the files read last: a file parsed in
// parts, or statement by statement, asks once per tree.
var blocks clike.Memo[[]block]

// blocksOf returns the namespace blocks of src, in order of their opening.
func blocksOf(src []byte) []block {
	if !bytes.Contains(src, []byte("namespace")) {
		return nil
	}
	return blocks.Get(src, scanBlocks)
}

// scanBlocks reads the namespace blocks of src: "namespace a::b {",
// "inline namespace v1 {", "namespace {", closed by the brace that closes
// their own; comments, strings, character literals and preprocessor lines
// count for nothing.
func scanBlocks(src []byte) []block {
	var out []block
	type open struct{ block int } // -1: a brace of anything else
	var stack []open
	lineStart := true
	for i := 0; i < len(src); {
		c := src[i]
		if lineStart {
			lineStart = false
			j := i
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			if j < len(src) && src[j] == '#' {
				for i = j; i < len(src) && src[i] != '\n'; i++ {
					if src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n' {
						i++
					}
				}
				continue
			}
		}
		switch {
		case c == '\n':
			lineStart = true
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += 2 + end + 2
		case c == 'R' && i+1 < len(src) && src[i+1] == '"' && (i == 0 || !extract.IdentByte(src[i-1])):
			// A raw string: R"delim( ... )delim".
			open := bytes.IndexByte(src[i+2:], '(')
			if open < 0 {
				return out
			}
			closer := append(append([]byte(")"), src[i+2:i+2+open]...), '"')
			end := bytes.Index(src[i+2+open:], closer)
			if end < 0 {
				return out
			}
			i += 2 + open + end + len(closer)
		case c == '"':
			i = extract.CloseQuote(src, i+1, '"')
		case c == '\'':
			if i > 0 && src[i-1] >= '0' && src[i-1] <= '9' {
				i++ // a digit separator: 1'000
				continue
			}
			i = extract.CloseQuote(src, i+1, '\'')
		case c == '{':
			k := -1
			if names, anonymous, ok := namespaceHead(src[:i]); ok {
				out = append(out, block{open: i, close: len(src), names: names, anonymous: anonymous})
				k = len(out) - 1
			}
			stack = append(stack, open{k})
			i++
		case c == '}':
			if n := len(stack); n > 0 {
				if k := stack[n-1].block; k >= 0 {
					out[k].close = i
				}
				stack = stack[:n-1]
			}
			i++
		default:
			i++
		}
	}
	return out
}

// namespaceHead reads the words before a "{": "namespace a::b",
// "inline namespace v1", "namespace" (anonymous).
func namespaceHead(before []byte) (names []string, anonymous, ok bool) {
	b := bytes.TrimRight(before, " \t\r\n")
	i := len(b)
	for i > 0 && (extract.IdentByte(b[i-1]) || b[i-1] == ':') {
		i--
	}
	name := string(b[i:])
	if name == "namespace" {
		return nil, true, precededByWord(b[:i])
	}
	rest := bytes.TrimRight(b[:i], " \t\r\n")
	if !bytes.HasSuffix(rest, []byte("namespace")) || len(rest) > len("namespace") && extract.IdentByte(rest[len(rest)-len("namespace")-1]) {
		return nil, false, false
	}
	for _, s := range strings.Split(name, "::") {
		if s = strings.TrimPrefix(s, "inline"); s != "" {
			names = append(names, s)
		}
	}
	return names, false, len(names) > 0
}

// precededByWord reports that "namespace" is a word of its own: not the
// end of another identifier.
func precededByWord(b []byte) bool {
	return len(b) == 0 || !extract.IdentByte(b[len(b)-1])
}

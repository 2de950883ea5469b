package scan

import (
	"bytes"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// maxValueLen is the longest string literal a scan records as a value: a
// key, a state or a variable name, not a message.
const maxValueLen = 128

// minValueLen is the shortest: shorter values are never looked up.
const minValueLen = 3

// valueWords lists, once each and newline-joined, the one-line string
// literals of src without spaces or escapes that stand where a value is
// set: after "=", ":" or "|" (not "==", "!=", "<=", ">=" or ":="), and
// before the end of the line, a comma, a semicolon, a closing bracket, a
// "|", "as const" or a comment. They are what a constant, a field of a
// composite literal, an enum member or a literal type can hold; a search
// for a quoted value reads only the files that hold it.
func valueWords(src []byte) string {
	v, _ := literalWords(src, nil)
	return v
}

// keyWords lists, once each and newline-joined, the one-line string
// literals of src without spaces or escapes that stand as a key: followed
// by ":" (not "::" or ":=") or "=>", and not a switch's case; or given as
// a `name` or `key` (nameBefore). They are the
// keys of maps, dicts and object literals (a settings table's
// `"CLEANUP_DAYS": {...}`), names the code holds as strings rather than
// declares.
func keyWords(src []byte) string {
	_, k := literalWords(src, nil)
	return k
}

// literalWords is valueWords and keyWords, in one pass over src. When
// args is set, a literal it reports at its offset (asked in increasing
// order) is an argument, no value.
func literalWords(src []byte, args func(at int) bool) (values, keys string) {
	var v, k wordList
	for i := 0; i < len(src); {
		at := i
		for at < len(src) && !quotes[src[at]] {
			at++
		}
		if at == len(src) {
			break
		}
		q := src[at]
		end := at + 1
		clean := true
		for end < len(src) && src[end] != q && src[end] != '\n' {
			switch src[end] {
			case '\\':
				clean = false
				end++
			case ' ', '\t', '\r':
				clean = false
			}
			end++
		}
		if end >= len(src) || src[end] != q {
			i = end // an unclosed quote (an apostrophe in a comment): the line is done
			continue
		}
		i = end + 1
		text := src[at+1 : end]
		if !clean || len(text) < minValueLen || len(text) > maxValueLen {
			continue
		}
		if valueBefore(src, at) && valueAfter(src[end+1:]) && (args == nil || !args(at)) {
			v.add(text)
		}
		if keyAfter(src[end+1:]) && !caseBefore(src, at) || nameBefore(src, at) {
			k.add(text)
		}
	}
	return string(v.out), string(k.out)
}

// wordList collects words once each, newline-joined.
type wordList struct {
	seen map[string]bool
	out  []byte
}

func (w *wordList) add(text []byte) {
	if w.seen[string(text)] {
		return
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	w.seen[string(text)] = true
	if len(w.out) > 0 {
		w.out = append(w.out, '\n')
	}
	w.out = append(w.out, text...)
}

// quotes are the bytes that open a literal: a table, where bytes.IndexAny
// builds its set of bytes on every call.
var quotes = [256]bool{'"': true, '\'': true, '`': true}

// caseBefore reports a literal that a switch's `case` labels: a value
// compared, not a key.
func caseBefore(src []byte, at int) bool {
	line := src[bytes.LastIndexByte(src[:at], '\n')+1 : at]
	line = bytes.TrimRight(line, " \t")
	return bytes.HasSuffix(line, []byte("case")) && (len(line) == 4 || !extract.IdentByte(line[len(line)-5]))
}

// nameBefore reports a literal a registration names something by: the
// value of a `name` or `key` argument or field (`ConfigParam(name=
// 'JOB_RETENTION', ...)`, `{ key: "maxRetries" }`).
func nameBefore(src []byte, at int) bool {
	line := bytes.TrimRight(src[bytes.LastIndexByte(src[:at], '\n')+1:at], " \t")
	if len(line) == 0 || line[len(line)-1] != '=' && line[len(line)-1] != ':' {
		return false
	}
	line = bytes.TrimRight(line[:len(line)-1], " \t")
	for _, w := range [][]byte{[]byte("name"), []byte("key")} {
		if bytes.HasSuffix(line, w) && (len(line) == len(w) || !extract.IdentByte(line[len(line)-len(w)-1])) {
			return true
		}
	}
	return false
}

// keyAfter reports what follows a key: ":" or "=>".
func keyAfter(rest []byte) bool {
	for len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
		rest = rest[1:]
	}
	switch {
	case bytes.HasPrefix(rest, []byte("=>")):
		return true
	case len(rest) == 0 || rest[0] != ':':
		return false
	}
	return len(rest) == 1 || rest[1] != ':' && rest[1] != '='
}

// blankBefore returns the offset of the last byte before i in b that is
// no space or tab, or -1.
func blankBefore(b []byte, i int) int {
	j := i - 1
	for j >= 0 && (b[j] == ' ' || b[j] == '\t') {
		j--
	}
	return j
}

// valueBefore reports a literal at offset at that follows "=", ":" or "|"
// on its line, an assignment or a key's value rather than a comparison.
func valueBefore(src []byte, at int) bool {
	j := blankBefore(src, at)
	if j < 0 {
		return false
	}
	switch src[j] {
	case ':', '|':
		return true
	case '=':
		return j == 0 || !strings.ContainsRune("=!<>:", rune(src[j-1]))
	}
	return false
}

// valueAfter reports what may follow a value: the end of the line, a
// separator, a closing bracket, a cast to a constant or a comment.
func valueAfter(rest []byte) bool {
	rest = extract.TrimIndent(rest)
	if len(rest) == 0 {
		return true
	}
	switch rest[0] {
	case '\n', ',', ';', ')', '}', ']', '|', '#':
		return true
	}
	return bytes.HasPrefix(rest, []byte("//")) || bytes.HasPrefix(rest, []byte("/*")) || bytes.HasPrefix(rest, []byte("as const"))
}

// HoldsKey reports whether the file holds key as a string key.
func (e *Entry) HoldsKey(key string) bool {
	return key != "" && holdsLine(e.Keys, key)
}

// holdsLine reports whether one of the newline-separated lines of list is
// line: one substring search, rather than a comparison per line, rules
// out most lists.
func holdsLine(list, line string) bool {
	for at := 0; ; {
		i := strings.Index(list[at:], line)
		if i < 0 {
			return false
		}
		i += at
		if end := i + len(line); (i == 0 || list[i-1] == '\n') && (end == len(list) || list[end] == '\n') {
			return true
		}
		at = i + 1
	}
}

// Held returns the values the file holds among wanted.
func (e *Entry) Held(wanted map[string]bool) map[string]bool {
	var out map[string]bool
	if len(wanted) == 0 {
		return nil
	}
	for rest := e.Values; rest != ""; {
		var v string
		v, rest, _ = strings.Cut(rest, "\n")
		if wanted[v] {
			if out == nil {
				out = map[string]bool{}
			}
			out[v] = true
		}
	}
	return out
}

// pythonArgs returns the test of whether a string literal at an offset of
// Python source stands inside parentheses, innermost: a call's keyword
// argument (name="currency" in a migration's AddField) or a parameter's
// default, never a value a definition holds (extract.LiteralValues reads
// no call, and a class member set by a call holds none). Offsets are
// asked in increasing order, and the source is read only as far as the
// last one asked. Brackets inside strings and comments do not count; an
// offset the reading finds inside a string or a comment is no argument.
func pythonArgs(src []byte) func(at int) bool {
	var open []byte
	pos := 0
	return func(at int) bool {
		for pos < at {
			for pos < at && !pythonLexes[src[pos]] {
				pos++
			}
			if pos >= at {
				break
			}
			switch c := src[pos]; c {
			case '#':
				if e := bytes.IndexByte(src[pos:], '\n'); e >= 0 {
					pos += e
				} else {
					pos = len(src)
				}
			case '"', '\'':
				if tripleAt(src, pos, `"'`) {
					if pos = extract.CloseTriple(src, pos+3, c); pos < 0 {
						pos = len(src)
					}
					continue
				}
				pos = extract.CloseQuote(src, pos+1, c)
			case '(', '[', '{':
				open = append(open, c)
				pos++
			default:
				if len(open) > 0 {
					open = open[:len(open)-1]
				}
				pos++
			}
		}
		return pos == at && len(open) > 0 && open[len(open)-1] == '('
	}
}

// pythonLexes are the bytes pythonArgs stops at.
var pythonLexes = func() (t [256]bool) {
	for _, c := range []byte("#\"'()[]{}") {
		t[c] = true
	}
	return t
}()

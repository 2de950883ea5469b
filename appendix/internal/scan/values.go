package scan

import (
	"bytes"
	"strings"
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
	var seen map[string]bool
	var out []byte
	for i := 0; i < len(src); {
		k := bytes.IndexAny(src[i:], "\"'`")
		if k < 0 {
			break
		}
		at := i + k
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
		if !clean || len(text) < minValueLen || len(text) > maxValueLen || !valueBefore(src, at) || !valueAfter(src[end+1:]) {
			continue
		}
		if seen == nil {
			seen = map[string]bool{}
		}
		if !seen[string(text)] {
			seen[string(text)] = true
			if len(out) > 0 {
				out = append(out, '\n')
			}
			out = append(out, text...)
		}
	}
	return string(out)
}

// valueBefore reports a literal at offset at that follows "=", ":" or "|"
// on its line, an assignment or a key's value rather than a comparison.
func valueBefore(src []byte, at int) bool {
	j := at - 1
	for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
		j--
	}
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
	rest = bytes.TrimLeft(rest, " \t\r")
	if len(rest) == 0 {
		return true
	}
	switch rest[0] {
	case '\n', ',', ';', ')', '}', ']', '|', '#':
		return true
	}
	return bytes.HasPrefix(rest, []byte("//")) || bytes.HasPrefix(rest, []byte("/*")) || bytes.HasPrefix(rest, []byte("as const"))
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

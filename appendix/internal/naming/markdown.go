package naming

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Inline is s as text on one markdown line: s itself when every character
// is printable (a tab included), else s Go-quoted ("dir\n### A9",
// "caf\xe9"), so that a path or a name from a file can neither end the
// line (and start a heading or a fence on the next) nor put invalid UTF-8
// in the output.
func Inline(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c >= 0x7f {
			return inlineSlow(s)
		}
	}
	return s
}

func inlineSlow(s string) string {
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") || r != ' ' && r != '\t' && !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// Code is s as a markdown code span: Inline's text between backtick runs
// longer than any inside it, with a space inside each when the text
// starts or ends with a backtick, so that no backtick in s ends the span.
func Code(s string) string {
	s = Inline(s)
	run, longest := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// At is "path:line" for the output, the path through Inline.
func At(path string, line int) string { return Inline(path) + ":" + strconv.Itoa(line) }

// CodeList is names as code spans, comma-separated.
func CodeList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = Code(n)
	}
	return strings.Join(quoted, ", ")
}

// PathList lists at most n paths through Inline, comma-separated, and how
// many more: "a.go, b.go and 3 more".
func PathList(paths []string, n int) string {
	more := ""
	if len(paths) > n {
		paths, more = paths[:n], " and "+strconv.Itoa(len(paths)-n)+" more"
	}
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = Inline(p)
	}
	return strings.Join(out, ", ") + more
}

// ValidUTF8 is s with each byte that is not part of valid UTF-8 replaced
// by U+FFFD, one for each, as a decoder that reads on shows them.
func ValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}

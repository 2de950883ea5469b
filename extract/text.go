package extract

import (
	"bytes"
	"path"
	"slices"
	"strings"
)

// InDirNamed reports whether one of the directories on path p is named
// one of names (config/app.php and app/Config/app.php are in a directory
// named config or Config).
func InDirNamed(p string, names []string) bool {
	for _, d := range strings.Split(path.Dir(p), "/") {
		if slices.Contains(names, d) {
			return true
		}
	}
	return false
}

// TrimIndent drops leading spaces, tabs and carriage returns: by hand, as
// the scans of every file call it on every line.
func TrimIndent(b []byte) []byte {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r') {
		i++
	}
	return b[i:]
}

// NextLine splits off src's first line, without its newline.
func NextLine(src []byte) (line, rest []byte) {
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		return src[:i], src[i+1:]
	}
	return src, nil
}

// LineEnd returns the offset of the end of the line i is on.
func LineEnd(src []byte, i int) int {
	if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(src)
}

// BlockCommentEnd returns the offset after the block comment opening at i,
// nested ones counted, or the end of src.
func BlockCommentEnd(src []byte, i int) int {
	depth := 0
	for i+1 < len(src) {
		switch {
		case src[i] == '/' && src[i+1] == '*':
			depth++
			i += 2
		case src[i] == '*' && src[i+1] == '/':
			depth--
			i += 2
			if depth == 0 {
				return i
			}
		default:
			i++
		}
	}
	return len(src)
}

// SkipBlank returns the offset of the first byte from i that is no
// blank, line end or comment.
func SkipBlank(src []byte, i int) int {
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n':
			i++
		case bytes.HasPrefix(src[i:], []byte("//")):
			i = LineEnd(src, i)
		case bytes.HasPrefix(src[i:], []byte("/*")):
			i = BlockCommentEnd(src, i)
		default:
			return i
		}
	}
	return i
}

// StartsCall reports whether line, past its indentation, calls name:
// the name, then blanks, then "(".
func StartsCall(line, name []byte) bool {
	r, ok := bytes.CutPrefix(TrimIndent(line), name)
	r = TrimIndent(r)
	return ok && len(r) > 0 && r[0] == '('
}

// NextCallOf reports whether the first code line of rest, past blank
// lines and lines of comments (`//`, `/*`, ` *`), calls name: a macro's
// next entry in a table of them.
func NextCallOf(rest, name []byte) bool {
	for len(rest) > 0 {
		var line []byte
		line, rest = NextLine(rest)
		t := bytes.TrimSpace(line)
		if len(t) == 0 || bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("/*")) || t[0] == '*' {
			continue
		}
		return StartsCall(t, name)
	}
	return false
}

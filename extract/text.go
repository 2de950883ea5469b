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

package artifact

import (
	"unicode/utf8"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/extract"
)

// FixUTF8 replaces the bytes of the artifacts' lines that are not valid
// UTF-8 with U+FFFD, and returns the paths of the files that held such
// bytes, once each: the output is valid UTF-8 whatever a file holds.
func FixUTF8(arts []*Artifact) []string {
	var paths []string
	for _, a := range arts {
		if lines, ok := validLines(a.Lines); !ok {
			a.Lines = lines
			paths = appendOnce(paths, a.Path)
		}
	}
	return paths
}

// FixEntriesUTF8 is FixUTF8 for index entries' signatures.
func FixEntriesUTF8(es []Entry) []string {
	var paths []string
	for i := range es {
		if !utf8.ValidString(es[i].Signature) {
			es[i].Signature = naming.ValidUTF8(es[i].Signature)
			paths = appendOnce(paths, es[i].Path)
		}
	}
	return paths
}

// validLines returns lines with every invalid byte sequence replaced, and
// whether they were valid already: then they are returned as they are,
// else as a copy (an artifact's lines may be a definition's, shared).
func validLines(lines []extract.Line) ([]extract.Line, bool) {
	var out []extract.Line
	for i, l := range lines {
		if utf8.ValidString(l.Text) {
			continue
		}
		if out == nil {
			out = append([]extract.Line(nil), lines...)
		}
		out[i].Text = naming.ValidUTF8(l.Text)
	}
	if out == nil {
		return lines, true
	}
	return out, false
}

func appendOnce(paths []string, p string) []string {
	for _, q := range paths {
		if q == p {
			return paths
		}
	}
	return append(paths, p)
}

package swift

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// known are the pound words Swift's grammar reads: compiler directives,
// and the literals, expressions and conditions of Swift 5's.
var known = map[string]bool{"if": true, "elseif": true, "else": true, "endif": true, "available": true, "unavailable": true,
	"selector": true, "keyPath": true, "colorLiteral": true, "fileLiteral": true, "imageLiteral": true, "warning": true,
	"error": true, "sourceLocation": true, "file": true, "fileID": true, "filePath": true, "line": true, "column": true,
	"function": true, "dsohandle": true}

// prepare is the text Swift's grammar parses for a file
// (Language.Prepare): the file's, with each freestanding macro it
// predates (Swift Testing's #expect(...), #expect { } and #require(...),
// #Preview, any #name it does not know) spelled as a name, _expect(...). The
// grammar reads such a macro as an error, and every test function that
// holds one made the file fail to parse and be parsed again statement by
// statement. A string or a comment that holds one reads the same.
func prepare(src []byte) []byte {
	var out []byte // a copy, made at the first change
	for i := 0; ; {
		k := bytes.IndexByte(src[i:], '#')
		if k < 0 {
			break
		}
		at := i + k
		i = at + 1
		if at > 0 && extract.IdentByte(src[at-1]) {
			continue
		}
		j := i
		for j < len(src) && extract.IdentByte(src[j]) {
			j++
		}
		if j == i || known[string(src[i:j])] || '0' <= src[i] && src[i] <= '9' {
			continue
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		out[at] = '_'
	}
	if out == nil {
		return src
	}
	return out
}

package java

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// prepare is the text Java's grammar parses for a file (Language.Prepare):
// the file's, with the type annotations of a variable arity parameter's
// element type (`String @Nullable ... fields`, legal since Java 8) blanked.
// The grammar knows no annotation before the ellipsis and reads the whole
// class around one as an error.
func prepare(src []byte) []byte {
	var out []byte // a copy, made at the first change
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("..."))
		if k < 0 {
			break
		}
		at := i + k
		i = at + 3
		for end := at; ; {
			for end > 0 && (src[end-1] == ' ' || src[end-1] == '\t' || src[end-1] == '\n' || src[end-1] == '\r') {
				end--
			}
			start := end
			for start > 0 && (extract.IdentByte(src[start-1]) || src[start-1] == '.') {
				start--
			}
			if start == end || start == 0 || src[start-1] != '@' {
				break
			}
			if out == nil {
				out = bytes.Clone(src)
			}
			for x := start - 1; x < end; x++ {
				out[x] = ' '
			}
			end = start - 1
		}
	}
	if out == nil {
		return src
	}
	return out
}

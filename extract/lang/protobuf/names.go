package protobuf

import (
	"slices"
	"strings"
)

// goCamelCase is the Go name protoc-gen-go gives a protobuf field, as its
// generator computes it: an underscore before a lower-case letter is
// dropped and the letter upper-cased, as is the first letter of each
// word (`max_series` and `maxSeries` both give MaxSeries); a leading
// underscore becomes X.
func goCamelCase(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && i+1 < len(s) && isLower(s[i+1]):
		case c == '.':
			b = append(b, '_')
		case c == '_' && (i == 0 || s[i-1] == '.'):
			b = append(b, 'X')
		case c == '_' && i+1 < len(s) && isLower(s[i+1]):
		case c >= '0' && c <= '9':
			b = append(b, c)
		default:
			if isLower(c) {
				c -= 'a' - 'A'
			}
			b = append(b, c)
			for ; i+1 < len(s) && isLower(s[i+1]); i++ {
				b = append(b, s[i+1])
			}
		}
	}
	return string(b)
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// fieldNames are the field names, in the two spellings .proto files use
// (lowerCamel and snake_case), whose generated Go name is goName:
// `MaxSeries` gives maxSeries and max_series. None when goName cannot be
// a generated field's name (it is not exported).
func fieldNames(goName string) []string {
	if goName == "" || !(goName[0] >= 'A' && goName[0] <= 'Z') {
		return nil
	}
	var snake []byte
	for i := 0; i < len(goName); i++ {
		c := goName[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && (isLower(goName[i-1]) || goName[i-1] >= '0' && goName[i-1] <= '9') {
				snake = append(snake, '_')
			}
			c += 'a' - 'A'
		}
		snake = append(snake, c)
	}
	var out []string
	for _, c := range []string{strings.ToLower(goName[:1]) + goName[1:], string(snake)} {
		if c != goName && goCamelCase(c) == goName && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

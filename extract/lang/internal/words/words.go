package words

import "strings"

// Identifiers lists the last identifier of each comma-separated item,
// leaving out keyword arguments: "(Base, mixins.Audit, table=True)" gives
// Base, Audit.
func Identifiers(s string) []string {
	var out []string
	for _, part := range strings.Split(strings.Trim(s, "()"), ",") {
		if strings.Contains(part, "=") {
			continue
		}
		f := strings.FieldsFunc(part, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		})
		if len(f) > 0 {
			out = append(out, f[len(f)-1])
		}
	}
	return out
}

// Contains reports whether s names one of words as a whole identifier
// (possibly dotted: "enum.Enum").
func Contains(s string, words ...string) bool {
	f := strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	})
	for _, w := range f {
		for _, x := range words {
			if w == x {
				return true
			}
		}
	}
	return false
}

// WithoutTypeArgs cuts the type arguments out of a list of types:
// `Model<TAttributes, TCreation>` is Model, not its arguments.
func WithoutTypeArgs(s string) string { return Outside(s, '<', '>') }

// Outside is s without what the brackets open and close hold, nested
// ones too: Python's `Generic[TEnum]` is Generic outside '[' and ']'.
func Outside(s string, open, close rune) string {
	var b strings.Builder
	depth := 0
	for _, c := range s {
		switch {
		case c == open:
			depth++
		case c == close && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(c)
		}
	}
	return b.String()
}

package scan

import "strings"

// CommentLine reports doc comment and decorator lines above a signature.
func CommentLine(s string) bool {
	t := strings.TrimSpace(s)
	for _, p := range []string{"//", "/*", "*", "#", "@"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

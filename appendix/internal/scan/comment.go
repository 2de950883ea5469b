package scan

import (
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// docPrefixes start a comment or decorator line in some language.
var docPrefixes = lang.Union(func(l *extract.Language) []string { return l.DocPrefixes })

// CommentLine reports doc comment and decorator lines above a signature,
// in any language.
func CommentLine(s string) bool {
	t := strings.TrimSpace(s)
	for _, p := range docPrefixes {
		if strings.HasPrefix(t, p) && (p != "*" || blockCommentStar(t)) {
			return true
		}
	}
	return false
}

// blockCommentStar reports a line that a block comment's star starts
// (` * text`, ` */`, ` *`), not a parameter that a star or two does
// (Python's `*args,`, `**kwargs`).
func blockCommentStar(t string) bool {
	return len(t) == 1 || t[1] == ' ' || t[1] == '\t' || t[1] == '/'
}

package scan

import "testing"

// TestCommentLine: a block comment's star starts a comment line; a star
// that starts a parameter (Python's `*args,`, `**kwargs`) does not.
func TestCommentLine(t *testing.T) {
	for line, want := range map[string]bool{
		" * Compute several collections.": true,
		" */":                             true,
		" *":                              true,
		"// a note":                       true,
		"# a note":                        true,
		"@dataclass":                      true,
		"    *args,":                      false,
		"    **kwargs,":                   false,
		"def compute(":                    false,
	} {
		if got := CommentLine(line); got != want {
			t.Errorf("CommentLine(%q) = %v, want %v", line, got, want)
		}
	}
}

package extract_test

import (
	"context"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// TestTrailingCommentIsNoDocComment: a comment ending a line of code
// speaks of that line, not of the definition below it.
func TestTrailingCommentIsNoDocComment(t *testing.T) {
	for file, src := range map[string]string{
		"a.go": "package a\n\nvar tries = 5 // minutes\nfunc After() {}\n",
		"a.py": "tries = 5  # minutes\nwait_seconds = 1\n",
		"a.ts": "type A = () => unknown; // any function\ntype B = A | string;\n",
	} {
		p := extract.NewParser()
		defs, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(src))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		last := defs[len(defs)-1]
		if strings.Contains(last.Text(), "minutes") || strings.Contains(last.Text(), "any function") || last.StartLine != last.EndLine {
			t.Errorf("%s: %s took the comment of the line above: %q (lines %d-%d)", file, last.Name, last.Text(), last.StartLine, last.EndLine)
		}
	}
}

// TestCRLFSnippets: a file with Windows line ends gives the snippets of
// the same file with Unix ones.
func TestCRLFSnippets(t *testing.T) {
	for file, src := range map[string]string{
		"a.go": "package a\n\n// Order is one order.\ntype Order struct {\n\tID int\n}\n",
		"a.py": "# A run.\ndef run(\n    spec,\n):\n    pass\n",
		"a.rs": "/* A block\n   comment. */\npub struct Order {\n    id: i64,\n}\n",
	} {
		p := extract.NewParser()
		unix, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		windows, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(strings.ReplaceAll(src, "\n", "\r\n")))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(unix) != 1 || len(windows) != 1 || unix[0].Text() != windows[0].Text() {
			t.Errorf("%s: %q with LF, %q with CRLF", file, unix[0].Text(), windows[0].Text())
		}
	}
}

package spec

import (
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"Extend `Order` in `a/b.go`.", "```go\nfunc X()\n```", "`(*S).m` and <X/> and `a(b, c)`",
		"# H\n- `x` table\n> quote `Y`", "``` unclosed", "`", "a\r\nb `C`\r\n", "~~~\n`x`\n~~~~\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s := Parse("fuzz.md", src)
		lines := strings.Count(string(src), "\n") + 1
		for _, r := range s.Refs {
			if r.Name == "" || r.Line < 1 || r.Line > lines {
				t.Fatalf("bad ref %+v in %d lines", r, lines)
			}
		}
	})
}

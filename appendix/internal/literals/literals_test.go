package literals

import (
	"maps"
	"regexp"
	"testing"
)

// TestFoldBeyondASCII: folding case, an expression matches letters that
// lowercasing does not turn into its literals (the long s and the Kelvin
// sign fold to s and k; a final sigma to sigma): a text or a literal with
// them is read by the expression.
func TestFoldBeyondASCII(t *testing.T) {
	for _, c := range []struct{ re, text string }{
		{`(?i)(session|jwt)`, "ſeſſion"},
		{`(?i)(token|jwt)`, "to\u212Aen"},
		{`(?i)(σοφία|jwt)`, "ςοφία"},
	} {
		re := regexp.MustCompile(c.re)
		if !re.MatchString(c.text) {
			t.Fatalf("%s does not match %q", c.re, c.text)
		}
		r := Of(re)
		if !r.MayMatch([]byte(c.text)) {
			t.Errorf("%s matches %q, which MayMatch rules out", c.re, c.text)
		}
		if may := r.Lines([]byte(c.text)); may != nil && !may[0] {
			t.Errorf("%s matches %q, whose line Lines leaves out", c.re, c.text)
		}
	}
}

// TestMayMatchString: a string is ruled out as its bytes are, whatever
// its case or letters, and a text searched by several expressions is
// read by each as it would read it alone.
func TestMayMatchString(t *testing.T) {
	res := []*regexp.Regexp{regexp.MustCompile(`(?i)auth(entication)?/`), regexp.MustCompile(`login|logout`), regexp.MustCompile(`(?i)(session|jwt)`)}
	texts := []string{"pkg/auth/login.go", "pkg/Auth/Login.go", "internal/ſeſſion.go", "docs/readme.md", "LOGIN.md", "pkg/jwt.go", ""}
	for _, re := range res {
		r := Of(re)
		for _, s := range texts {
			if got, want := r.MayMatchString(s), r.MayMatch([]byte(s)); got != want {
				t.Errorf("%s on %q: MayMatchString %v, MayMatch %v", re, s, got, want)
			}
		}
		text := NewText([]byte("a\nPkg/Auth/x\nlogout\nſeſſion\n"))
		if got, want := r.LinesOf(text), r.Lines(text.src); !maps.Equal(got, want) {
			t.Errorf("%s: LinesOf %v, Lines %v", re, got, want)
		}
	}
}

package literals

import (
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

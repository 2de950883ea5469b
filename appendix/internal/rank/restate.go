package rank

import (
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/extract"
)

// qualifiedRe is a dotted name: pb.StatusResponse, models.core.Order.
var qualifiedRe = regexp.MustCompile(`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$`)

// restates reports a definition that only gives another module's
// definition of the same name a local name (`StatusResponse
// pb.StatusResponse`, `type Config = internal.Config`, `Order =
// models.Order`): it shows none of the shape a reviewer checks. It
// returns the declaring line. (A doc comment above it is no shape.)
func restates(d *extract.Definition) (string, bool) {
	if d.DeclLine != d.EndLine && !d.Grouped {
		return "", false
	}
	for _, l := range d.Lines {
		if l.Row != d.DeclLine {
			continue
		}
		i := naming.WordIndex(l.Text, d.Name)
		if i < 0 {
			return "", false
		}
		rest := strings.TrimSpace(l.Text[i+len(d.Name):])
		rest = strings.TrimSpace(strings.TrimLeft(rest, "=:"))
		rest = strings.TrimRight(rest, ";, ")
		return strings.Join(strings.Fields(l.Text), " "), qualifiedRe.MatchString(rest) && strings.HasSuffix(rest, "."+d.Name)
	}
	return "", false
}

// restatedRival reports a candidate other than d that may be the
// definition d names: not itself a restatement, not in a test file.
func (c *Ranker) restatedRival(d *extract.Definition, cands []*extract.Definition) bool {
	for _, o := range cands {
		if o == d || c.ix.Class(o.Path).Test {
			continue
		}
		if _, ok := restates(o); !ok {
			return true
		}
	}
	return false
}

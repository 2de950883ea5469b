package artifact

import (
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/rank"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

func TestSalience(t *testing.T) {
	others := []string{"a.go:1", "b.go:1", "c.go:1"}
	for _, c := range []struct {
		name string
		ref  spec.Ref
		pick rank.Choice
		want int
	}{
		{"named once", spec.Ref{Mentions: 1}, rank.Choice{}, 0},
		{"named on 5 lines", spec.Ref{Mentions: 5}, rank.Choice{}, 2},
		{"in a key section", spec.Ref{Mentions: 2, KeySection: true}, rank.Choice{}, 2},
		{"key section, named once", spec.Ref{Mentions: 1, KeySection: true}, rank.Choice{}, 0},
		{"changed", spec.Ref{Mentions: 1, Modified: true}, rank.Choice{}, 1},
		{"path next to it", spec.Ref{Mentions: 1, Path: "store/pg"}, rank.Choice{}, 1},
		{"placed by the wording", spec.Ref{Mentions: 1, Placed: "store/pg.go"}, rank.Choice{}, 1},
		{"first by path of 4", spec.Ref{Mentions: 1}, rank.Choice{Arbitrary: true, Others: others}, -1},
		{"first by path of 2", spec.Ref{Mentions: 1}, rank.Choice{Arbitrary: true, Others: others[:1]}, 0},
		{"chosen by a signal", spec.Ref{Mentions: 1}, rank.Choice{Others: others}, 0},
	} {
		ref := c.ref
		if got := Salience(resolve.Match{Ref: &ref, Choice: c.pick}); got != c.want {
			t.Errorf("%s: salience %d, want %d", c.name, got, c.want)
		}
	}
}

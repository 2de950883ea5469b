package cli

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
)

// stageSections are the per-stage golden sections a fixture may carry, so
// that a change to one stage shows as a few lines, not as a rewritten
// appendix: the references the spec parser found, and what each resolved
// to with no budget.
var stageSections = map[string]func(t *testing.T, f *fixture, dir string) string{
	"want.refs":    wantRefs,
	"want.resolve": wantResolve,
}

// wantRefs is one line per reference: spec line, name, and the attributes
// the wording gave it.
func wantRefs(t *testing.T, f *fixture, _ string) string {
	var b strings.Builder
	for _, r := range spec.Parse("spec.md", f.spec).Refs {
		attrs := []string{[]string{"code", "prose", "fence"}[r.Source]}
		for _, a := range []struct {
			on   bool
			name string
		}{{r.Strong, "strong"}, {r.IsPath, "path"}, {r.Route != nil, "route"}, {r.Modified, "modified"},
			{r.Proposed, "proposed"}, {r.Compat, "compat"}} {
			if a.on {
				attrs = append(attrs, a.name)
			}
		}
		if r.Hint != "" {
			attrs = append(attrs, "hint="+string(r.Hint))
		}
		if r.Lang != "" {
			attrs = append(attrs, "lang="+r.Lang)
		}
		if r.Path != "" {
			attrs = append(attrs, "near="+r.Path)
		}
		fmt.Fprintf(&b, "%d %s (%s)\n", r.Line, r.Name, strings.Join(attrs, ", "))
	}
	return b.String()
}

// wantResolve is one line per reference that resolved, `Ref -> path:line
// (why)`, then one per gap, `Ref -> kind: hint`, in spec order.
func wantResolve(t *testing.T, f *fixture, dir string) string {
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	zone, err := appendix.BlastZone(context.Background(), repo, spec.Parse("spec.md", f.spec), appendix.ZoneOptions{Now: fixedTime(t)})
	if err != nil {
		t.Fatal(err)
	}
	type line struct {
		at   int
		text string
	}
	var lines []line
	for _, a := range zone.Doc.Artifacts {
		for _, s := range a.SelectedBy {
			where := fmt.Sprintf("%s:%d", a.Path, a.StartLine)
			if a.Path == "" {
				where = a.Title
			}
			lines = append(lines, line{s.SpecLine, fmt.Sprintf("%s -> %s (%s)", s.Ref, where, s.Reason)})
		}
	}
	for _, g := range zone.Doc.Gaps {
		lines = append(lines, line{g.SpecLine, fmt.Sprintf("%s -> %s: %s", g.Ref, g.Kind, g.Hint)})
	}
	var b strings.Builder
	for at := 0; len(lines) > 0; at++ {
		rest := lines[:0]
		for _, l := range lines {
			if l.at == at {
				b.WriteString(l.text + "\n")
			} else {
				rest = append(rest, l)
			}
		}
		lines = rest
	}
	return b.String()
}

func fixedTime(t *testing.T) time.Time {
	now, err := time.Parse(time.RFC3339, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	return now
}

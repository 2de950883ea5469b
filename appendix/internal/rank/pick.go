package rank

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// maxOthers is how many rivals a reason names before it counts the rest.
const maxOthers = 3

// Ranked is a candidate and its score.
type Ranked struct {
	Def   *extract.Definition
	Score Score
}

// Rank orders the candidates of one reference, best first: by score, then
// by path and line.
func (c *Ranker) Rank(r *spec.Ref, cands []*extract.Definition) []Ranked {
	rs := make([]Ranked, len(cands))
	rv := c.rivals(cands)
	for i, d := range cands {
		rs[i] = Ranked{d, c.score(r, d, rv)}
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].Score.Total != rs[j].Score.Total {
			return rs[i].Score.Total > rs[j].Score.Total
		}
		if rs[i].Def.Path != rs[j].Def.Path {
			return rs[i].Def.Path < rs[j].Def.Path
		}
		return rs[i].Def.StartLine < rs[j].Def.StartLine
	})
	return rs
}

// Pick chooses among the candidates of one reference and explains the
// choice: the reason is the signal that set the winner ahead of the
// runner-up.
func (c *Ranker) Pick(r *spec.Ref, cands []*extract.Definition, member string) Choice {
	return c.pick(r, c.Rank(r, cands), member, "")
}

// decisive are the signals that say more than the spec naming a
// definition whole elsewhere: the words of this mention and the places
// the spec names.
var decisive = []string{"spec-name", "language", "kind", "fence-language", "signature",
	"named-path", "named-package", "named-first", "named-version"}

// PickNamed chooses def among the candidates because the spec names it
// whole elsewhere, why in words, unless a decisive signal sets another
// ahead of it: then it picks as Pick does. The others are its rivals as
// in Pick.
func (c *Ranker) PickNamed(r *spec.Ref, cands []*extract.Definition, def *extract.Definition, why string) Choice {
	rs := c.Rank(r, cands)
	i := slices.IndexFunc(rs, func(o Ranked) bool { return o.Def == def })
	if i < 0 {
		return c.pick(r, rs, "", "")
	}
	if g, ok := Winner(rs[0].Score, rs[i].Score); ok && slices.Contains(decisive, g.Name) {
		return c.pick(r, rs, "", "")
	}
	rs = append(append([]Ranked{rs[i]}, rs[:i]...), rs[i+1:]...)
	return c.pick(r, rs, "", why)
}

// pick explains the choice of rs[0] over the rest of rs; why, when set,
// is the reason it won, otherwise the signal that set it ahead.
func (c *Ranker) pick(r *spec.Ref, rs []Ranked, member, why string) Choice {
	best := rs[0]
	m := Choice{Def: best.Def, Member: member, Signals: best.Score.Signals}
	if best.Score.weight("named-path") > 0 {
		tied := map[string]bool{}
		for _, o := range rs {
			if o.Score.Total == best.Score.Total {
				tied[naming.Place(o.Def)] = true
			}
		}
		m.Tied = len(tied)
	}
	reason := fmt.Sprintf("defines `%s`", r.Name)
	if member != "" && !strings.Contains(r.Name, ".") {
		reason = fmt.Sprintf("defines `%s`, which has the member `%s`", best.Def.Name, member)
	} else if member != "" {
		parts := strings.Split(r.Name, ".")
		if head := parts[len(parts)-2]; head != best.Def.Name {
			reason = fmt.Sprintf("defines `%s`, from which `%s` inherits the member `%s`", best.Def.Name, head, member)
		} else {
			reason = fmt.Sprintf("defines `%s`, which has the member `%s`", head, member)
		}
	}
	if r.Path != "" && search.UnderPath(best.Def.Path, r.Path) {
		reason += fmt.Sprintf(", in `%s` as the spec says", r.Path)
	}
	exact := best.Score.weight("spec-name") > 0
	qualified := strings.Contains(r.Name, ".")
	for _, o := range rs[1:] {
		d := o.Def
		switch {
		case d.Path == best.Def.Path && d.StartLine == best.Def.StartLine:
			continue
		case naming.Place(d) == naming.Place(best.Def) && o.Score.Total == best.Score.Total:
			m.Overloads = append(m.Overloads, d) // (ranked by line after the first)
			continue
		case exact && o.Score.weight("spec-name") == 0:
			continue // the spec's own name was found: conventions are no rival
		case !naming.MigrationPath(best.Def.Path) && naming.MigrationPath(d.Path) && best.Def.Kind == extract.KindSchema,
			best.Def.Kind == extract.KindEnum && naming.MigrationPath(d.Path):
			continue // migration history is no rival to the schema file
		default:
			other := naming.At(d.Path, d.DeclLine)
			if d.Name != r.Name && !qualified {
				other = fmt.Sprintf("%s (%s)", other, d.Name)
			}
			m.Others = append(m.Others, other)
			m.Rivals = append(m.Rivals, d)
			if placed(best.Score) && !placed(o.Score) && !parallel(best.Def, d) {
				m.Afar = append(m.Afar, d)
			}
		}
	}
	if len(m.Others) > 0 {
		m.Why = "nothing in the spec tells them apart: first by path"
		m.Arbitrary = true
		// The runner-up is the first that is not shown with the winner.
		next := rs[1]
		for _, o := range rs[1:] {
			if !slices.Contains(m.Overloads, o.Def) {
				next = o
				break
			}
		}
		if why != "" {
			m.Why, m.Arbitrary = why, false
		} else if g, ok := Winner(best.Score, next.Score); ok {
			m.Why, m.Arbitrary = g.Reason, false
			if slices.Contains([]string{"named-version", "superseded", "unversioned"}, g.Name) {
				m.Versions = otherVersions(best.Def, m.Rivals)
			}
		}
		shown, more := m.Others, ""
		if len(shown) > maxOthers {
			more = fmt.Sprintf(" (+%d more)", len(shown)-maxOthers)
			shown = shown[:maxOthers]
		}
		reason += fmt.Sprintf("; chosen because %s; also defined at %s%s", m.Why, strings.Join(shown, ", "), more)
	}
	m.Reason = reason
	if best.Def.Kind == extract.KindSchema && best.Def.Lang.Amendable && naming.MigrationPath(best.Def.Path) && !best.Def.Amends {
		// (An ALTER TABLE creates nothing: no note says it does.)
		for _, f := range c.amends[naming.TableKey(best.Def.Name)] {
			if f != best.Def.Path && naming.MigrationBefore(best.Def.Path, f) {
				m.Altered = append(m.Altered, f)
			}
		}
		sort.Slice(m.Altered, func(i, j int) bool { return naming.MigrationBefore(m.Altered[i], m.Altered[j]) })
	}
	return m
}

// otherVersions names the API version of each rival that is the chosen
// definition's file in another version of its API (v1alpha2, or
// "unversioned" for the API's internal form), and "" for the others.
func otherVersions(chosen *extract.Definition, rivals []*extract.Definition) []string {
	fam, _, ok := versioned(chosen.Path)
	if !ok {
		return nil
	}
	out := make([]string, len(rivals))
	for i, d := range rivals {
		if f, v, ok := versioned(d.Path); ok && f == fam {
			out[i] = v.name
		} else if !ok && unversionedFamily(d.Path) == fam {
			out[i] = "unversioned"
		}
	}
	return out
}

// placed reports a score with a place the spec names by its path: under
// or beside a path it names. (A package that qualifies names is no such
// place: a header's package and its sources' directory differ.)
func placed(s Score) bool {
	return s.weight("named-path") > 0 || s.weight("beside-path") > 0
}

// parallel reports the same type's method in another package: each
// driver's Executor.Get, which a spec about one of them still concerns.
func parallel(a, b *extract.Definition) bool {
	return a.Container != "" && a.Container == b.Container
}

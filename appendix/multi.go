package appendix

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// BuildRepos builds one appendix from several repositories, each named:
// each is searched and stamped on its own, and its artifacts say which it
// is. A reference qualified by a repository's name (`server:internal/x.go`)
// is searched there only; any other in every repository. A name resolved
// in one repository and not in another is no gap; a name resolved in none
// is one gap, naming every repository searched. A name several
// repositories define is shown once (see mergeParts), with a note naming
// the others; so is a --body name (see settleBodies).
func BuildRepos(ctx context.Context, repos []Repository, sp *spec.Spec, cfg Config) (*Result, error) {
	if len(repos) == 0 {
		return nil, fmt.Errorf("no repository to build from")
	}
	res, _, err := buildParts(ctx, repos, sp, cfg)
	return res, err
}

// codeSpan is an inline code span of one line.
var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// UnqualifyNames takes the repository's name out of each code span of a
// spec that writes a name after it, `server:Build`, for the spec to be
// read as if the span were `Build` (paths so written, which the spec
// reads itself, stay). It returns the names taken, each with its
// repository's name, for QualifyNames; a name written after two
// repositories' names is neither's.
func UnqualifyNames(src []byte, repos []Repository) ([]byte, map[string]string) {
	names := map[string]string{}
	twice := map[string]bool{}
	lines := strings.Split(string(src), "\n")
	for i, line := range lines {
		lines[i] = codeSpan.ReplaceAllStringFunc(line, func(span string) string {
			inner := span[1 : len(span)-1]
			repo, rest, ok := strings.Cut(inner, ":")
			if !ok || !slices.ContainsFunc(repos, func(r Repository) bool { return r.Name == repo }) {
				return span
			}
			if refs := spec.Parse("spec", []byte(span+"\n")).Refs; len(refs) == 1 && refs[0].Name == inner {
				return span
			}
			refs := spec.Parse("spec", []byte("`"+rest+"`\n")).Refs
			if len(refs) != 1 || refs[0].IsPath {
				return span
			}
			if n, ok := names[refs[0].Name]; ok && n != repo {
				twice[refs[0].Name] = true
			}
			names[refs[0].Name] = repo
			return "`" + rest + "`"
		})
	}
	for n := range twice {
		delete(names, n)
	}
	return []byte(strings.Join(lines, "\n")), names
}

// QualifyNames puts back, before each reference UnqualifyNames took it
// from, its repository's name: qualifiedRefs sends it there.
func QualifyNames(sp *spec.Spec, names map[string]string) {
	for i, r := range sp.Refs {
		if repo, ok := names[r.Name]; ok {
			sp.Refs[i].Name = repo + ":" + r.Name
		}
	}
}

// refKey identifies a reference across the repositories' copies of it.
type refKey struct {
	name string
	line int
}

// qualifiedRefs gives each part the references it searches: every
// reference no repository's name qualifies, and those its own name
// qualifies, without the name: a name or path written after it
// (`server:internal/x.go`), or a name placed in a path written so
// ("`Version` in `client:version.go`"). It returns which repository each
// qualified reference went to.
func qualifiedRefs(parts []*part, sp *spec.Spec) map[refKey]string {
	qual := map[refKey]string{}
	own := make([][]spec.Ref, len(parts))
	for _, r := range sp.Refs {
		i := slices.IndexFunc(parts, func(p *part) bool {
			q := p.Name + ":"
			return len(r.Name) > len(q) && strings.HasPrefix(r.Name, q) || strings.HasPrefix(r.Placed, q) || strings.HasPrefix(r.Path, q)
		})
		if i < 0 {
			for j := range own {
				own[j] = append(own[j], r)
			}
			continue
		}
		prefix := parts[i].Name + ":"
		for _, s := range []*string{&r.Name, &r.File, &r.Path, &r.Placed} {
			*s = strings.TrimPrefix(*s, prefix)
		}
		qual[refKey{r.Name, r.Line}] = parts[i].Name
		own[i] = append(own[i], r)
	}
	for i, p := range parts {
		cp := *sp
		cp.Refs = own[i]
		p.sp = &cp
	}
	return qual
}

// mergeParts settles, between repositories, the references more than one
// resolved, and the gaps: it takes the matches of a name several
// repositories define out of all but one, and returns the gaps no
// repository resolved, once each. The one kept is where the name is
// defined in the directory of another reference's definition, else where
// most of the spec's other references point (votes, see partVotes), else
// the first given.
func mergeParts(parts []*part, qual map[refKey]string, votes []int) (gaps, external []Gap) {
	found := foundIn(parts)
	var shared []refKey
	for k, in := range found {
		if len(in) > 1 {
			shared = append(shared, k)
		}
	}
	sort.Slice(shared, func(i, j int) bool {
		return shared[i].line < shared[j].line || shared[i].line == shared[j].line && shared[i].name < shared[j].name
	})
	for _, k := range shared {
		in := found[k]
		// Defined next to another name the spec references, in the same
		// directory, first; then where the other references point.
		near := map[int]bool{}
		for _, i := range in {
			near[i] = nextToOthers(parts[i].matches, k)
		}
		better := func(i, j int) bool { return near[i] != near[j] && near[i] || near[i] == near[j] && votes[i] > votes[j] }
		win := in[0]
		for _, i := range in[1:] {
			if better(i, win) {
				win = i
			}
		}
		var also []string
		tie, byNear := false, true
		for _, i := range in {
			if i == win {
				continue
			}
			tie = tie || !better(win, i)
			byNear = byNear && near[win] && !near[i]
			p := parts[i]
			for _, m := range p.matches {
				if m.Ref.Name == k.name && m.Ref.Line == k.line {
					also = append(also, naming.Code(p.Name)+" ("+naming.At(m.Def.Path, m.Def.DeclLine)+")")
					break
				}
			}
			p.matches = slices.DeleteFunc(p.matches, func(m resolve.Match) bool { return m.Ref.Name == k.name && m.Ref.Line == k.line })
		}
		why := "the repository the spec's other references point at"
		switch {
		case byNear:
			why = "where it is defined next to other names the spec references"
		case tie:
			why = "the first repository given: the spec's other references point at none of them more"
		}
		if parts[win].notes == nil {
			parts[win].notes = map[refKey]string{}
		}
		parts[win].notes[k] = fmt.Sprintf("`%s` is also defined in %s; shown from %s, %s.", k.name, strings.Join(also, ", "), naming.Code(parts[win].Name), why)
	}

	// A gap of a reference every repository searched stands only if
	// every one of them has it.
	qualifiedGap := func(g Gap) bool {
		for k := range qual {
			if k.line == g.SpecLine && (k.name == g.Ref || strings.HasPrefix(k.name, g.Ref+".")) {
				return true
			}
		}
		return false
	}
	type gapOf struct {
		g        Gap
		external bool
	}
	of := make([]map[refKey]gapOf, len(parts))
	for i, p := range parts {
		of[i] = map[refKey]gapOf{}
		for _, list := range []struct {
			gaps     []Gap
			external bool
		}{{p.unresolved, false}, {p.external, true}} {
			for _, g := range list.gaps {
				if k := (refKey{g.Ref, g.SpecLine}); of[i][k] == (gapOf{}) {
					of[i][k] = gapOf{g, list.external}
				}
			}
		}
	}
	done := map[refKey]bool{}
	for i, p := range parts {
		for _, g := range slices.Concat(p.unresolved, p.external) {
			k := refKey{g.Ref, g.SpecLine}
			if qualifiedGap(g) {
				if of[i][k].external {
					external = append(external, g)
				} else {
					gaps = append(gaps, g)
				}
				continue
			}
			if done[k] {
				continue
			}
			done[k] = true
			all := make([]Gap, 0, len(parts))
			ext := true
			for j := range parts {
				if o, ok := of[j][k]; ok {
					all = append(all, o.g)
					ext = ext && o.external
				}
			}
			if len(all) < len(parts) {
				continue // resolved in another repository
			}
			merged := mergeGaps(parts, all)
			if ext {
				external = append(external, merged)
			} else {
				gaps = append(gaps, merged)
			}
		}
	}
	return gaps, external
}

// mergeGaps is one gap for a reference no repository resolved, whose hint
// names every repository searched.
func mergeGaps(parts []*part, gs []Gap) Gap {
	out := gs[0]
	for _, g := range gs {
		switch g.Kind {
		case GapAbsent, GapPathMissing, GapRouteMissing, GapNoMember:
		default:
			out.Kind = g.Kind // the claim the weaker: not "no definition"
		}
	}
	ats := make([]string, len(parts))
	names := make([]string, len(parts))
	for i, p := range parts {
		ats[i], names[i] = p.at, naming.Code(p.Name)
	}
	same := true
	for i, g := range gs {
		same = same && strings.Replace(g.Hint, parts[i].at, "\x00", 1) == strings.Replace(gs[0].Hint, parts[0].at, "\x00", 1)
	}
	switch {
	case same && strings.Contains(gs[0].Hint, parts[0].at):
		out.Hint = strings.Replace(gs[0].Hint, parts[0].at, series(ats), 1)
	case same:
		out.Hint = gs[0].Hint + " (searched " + series(names) + ")"
	default:
		hints := make([]string, len(gs))
		for i, g := range gs {
			hints[i] = "in " + names[i] + ": " + g.Hint
		}
		out.Hint = strings.Join(hints, "; ")
	}
	return out
}

// partVotes counts, for each repository, the spec's references that point
// at it: those only it resolves (a path only it holds has no gap there
// and one in the others), and those qualified by its name.
func partVotes(parts []*part, qual map[refKey]string) []int {
	found := foundIn(parts)
	gapped := map[refKey][]int{}
	for i, p := range parts {
		for _, g := range slices.Concat(p.unresolved, p.external) {
			if k := (refKey{g.Ref, g.SpecLine}); !slices.Contains(gapped[k], i) {
				gapped[k] = append(gapped[k], i)
			}
		}
	}
	votes := make([]int, len(parts))
	for k, in := range found {
		if len(in) == 1 && qual[k] == "" {
			votes[in[0]]++
		}
	}
	for k, in := range gapped {
		if len(found[k]) == 0 && qual[k] == "" && len(in) == len(parts)-1 {
			for i := range parts {
				if !slices.Contains(in, i) {
					votes[i]++
				}
			}
		}
	}
	for k, name := range qual {
		if k.line > 0 { // (a --body name has no line: it is not the spec's)
			votes[slices.IndexFunc(parts, func(p *part) bool { return p.Name == name })]++
		}
	}
	return votes
}

// foundIn says which repositories resolved each reference.
func foundIn(parts []*part) map[refKey][]int {
	found := map[refKey][]int{}
	for i, p := range parts {
		for _, m := range p.matches {
			k := refKey{m.Ref.Name, m.Ref.Line}
			if !slices.Contains(found[k], i) {
				found[k] = append(found[k], i)
			}
		}
	}
	return found
}

// series joins words as prose does: "a", "a and b", "a, b and c".
func series(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// nextToOthers reports a match of the reference k whose definition is in
// the directory of another reference's.
func nextToOthers(matches []resolve.Match, k refKey) bool {
	dirs := map[string]bool{}
	for _, m := range matches {
		if m.Ref.Name != k.name || m.Ref.Line != k.line {
			dirs[path.Dir(m.Def.Path)] = true
		}
	}
	for _, m := range matches {
		if m.Ref.Name == k.name && m.Ref.Line == k.line && dirs[path.Dir(m.Def.Path)] {
			return true
		}
	}
	return false
}

// BlastZoneRepos is BlastZone over several repositories: the zone of all,
// whose artifacts say their repository and whose shared names are settled
// as an appendix settles them, and each repository's part of it, in the
// order given: its artifacts, the references searched in it (without its
// name), its own search and its own HEAD, for what reads one repository
// at a time.
func BlastZoneRepos(ctx context.Context, repos []Repository, sp *spec.Spec, opt ZoneOptions) (*Zone, []*Zone, error) {
	res, parts, err := buildParts(ctx, repos, sp, Config{Round: 2, Budget: unlimited, Now: opt.Now, NoCache: opt.NoCache})
	if err != nil {
		return nil, nil, err
	}
	zone := &Zone{Spec: sp, Doc: res.Doc, Index: parts[0].ix, cache: parts[0].ca, Warnings: res.Warnings}
	var each []*Zone
	for _, p := range parts {
		doc := *res.Doc
		doc.Artifacts = p.of(res.Doc.Artifacts)
		st := p.stamp()
		doc.Git, doc.Head, doc.Unreadable = st.Git, st.Head, st.Unreadable
		psp := p.sp
		if psp == nil {
			psp = sp
		}
		each = append(each, &Zone{Spec: psp, Doc: &doc, Index: p.ix, cache: p.ca})
	}
	return zone, each, nil
}

package appendix

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// BodyRound says what the round policy makes of bodies asked for with
// --body: Round 1 shows only the interfaces the spec promises to keep
// compatible, never a body (an error); Round 2 shows them with a note, as
// the protocol adds bodies from Round 3, once a critique questions an
// algorithm.
func BodyRound(round int) (note string, err error) {
	switch {
	case round == 1:
		return "", errors.New("--body: Round 1 shows only the interfaces the spec promises to keep compatible, never a body (bodies from Round 3; Round 2 with a note)")
	case round == 2:
		return "--body in Round 2: the protocol adds bodies from Round 3, for an algorithm a critique questions; shown as asked", nil
	}
	return "", nil
}

// BodyError is a --body name that names no function or method this
// appendix can show whole: absent, defined in several places nothing
// tells apart, not a function, or one without a body. Showing a guess
// would put a wrong body before every reviewer, so the run stops instead.
type BodyError struct {
	Name, Problem string
}

func (e *BodyError) Error() string {
	name := naming.Inline(e.Name) // one line, whatever was typed
	if name == "" {
		name = `""`
	}
	return "--body " + name + ": " + e.Problem
}

// qualifyHint says how to name one of several definitions.
const qualifyHint = "name one as Type.method, dir/package.Name or file:line"

// bodyRefs reads each --body name as the spec would read it in a code
// span: `Order.total`, `(*Server).cancel`, `internal/orders.PlaceOrder`,
// `orders/place.go:12`. A name the spec references too takes the path the
// spec writes next to it, which chooses between definitions. Each is a
// strong reference that wants a function.
func bodyRefs(names []string, specRefs []spec.Ref) ([]spec.Ref, error) {
	var out []spec.Ref
	for _, n := range names {
		refs := spec.Parse("--body", []byte("`"+n+"`\n")).Refs
		switch {
		case len(refs) != 1:
			return nil, &BodyError{n, "not the name of one function or method"}
		case refs[0].Route != nil:
			return nil, &BodyError{n, "names an endpoint, not a function or method: name its handler"}
		case refs[0].IsPath && refs[0].At == 0:
			return nil, &BodyError{n, "names a file, not a function or method (a line in it, file:line, names the definition around that line)"}
		}
		r := refs[0]
		r.Line, r.Source, r.Strong, r.Hint, r.Proposed = 0, spec.FromCode, true, spec.HintFunction, false
		for _, s := range specRefs {
			if s.Name == r.Name && !r.IsPath {
				r.Path, r.Lang = cmp.Or(r.Path, s.Path), cmp.Or(r.Lang, s.Lang)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// shownBody is a body artifact with the --body name that asked for it, as
// asked, and where its definition is.
type shownBody struct {
	art       *artifact.Artifact
	name, def string
}

// bodyResults takes the matches and gaps of the --body references (the
// last of refs, one for each name asked, in order) out of those of the
// spec's, and builds a body artifact for each: a body that cannot be shown
// is an error, a test's a warning. Messages name a body as it was asked.
// With several set, the repository is one of several: a name it does not
// define is no error here (another may), and settleBodies decides.
func bodyResults(refs []spec.Ref, asked []string, matches *[]resolve.Match, gaps, external *[]Gap, root, at string, need []string, several bool) ([]shownBody, []Warning, error) {
	first := len(refs) - len(asked)
	body := map[*spec.Ref]string{}
	for i := first; i < len(refs); i++ {
		body[&refs[i]] = asked[i-first]
	}
	// A gap of a --body reference has no spec line; its name is the
	// reference's, or the head of a dotted one (`Order` of `Order.total`).
	ofBody := func(g Gap) (string, bool) {
		if g.SpecLine != 0 || slices.Contains(need, g.Ref) {
			return "", false
		}
		for i := first; i < len(refs); i++ {
			if r := refs[i].Name; r == g.Ref || strings.HasPrefix(r, g.Ref+".") {
				return asked[i-first], true
			}
		}
		return "", false
	}
	for _, list := range []*[]Gap{gaps, external} {
		for _, g := range *list {
			if name, ok := ofBody(g); ok {
				if several && (g.Kind == GapAbsent || g.Kind == GapNoMember) {
					continue
				}
				hint := g.Hint
				if g.Kind == resolve.GapAmbiguous {
					hint += ": " + qualifyHint
				}
				return nil, nil, &BodyError{name, hint}
			}
		}
		*list = slices.DeleteFunc(*list, func(g Gap) bool { _, ok := ofBody(g); return ok })
	}
	var spoken []string // the spec's names, for the lines a cut body keeps
	for _, r := range refs[:first] {
		if !r.IsPath && r.Route == nil {
			spoken = append(spoken, strings.Split(r.Name, ".")...)
		}
	}
	var arts []shownBody
	var warns []Warning
	found := map[string]bool{}
	kept := (*matches)[:0]
	for _, m := range *matches {
		name, ok := body[m.Ref]
		if !ok {
			kept = append(kept, m)
			continue
		}
		found[name] = true
		d := m.Def
		switch {
		case scan.TestFile(d.Path):
			warns = append(warns, Warning{Kind: WarnBody, Msg: fmt.Sprintf("--body %s: %s is in a test file: the protocol keeps test bodies out of the appendix; not shown", name, naming.At(d.Path, d.DeclLine))})
			continue
		case m.Arbitrary:
			places := append([]string{naming.At(d.Path, d.DeclLine)}, m.Others...)
			return nil, nil, &BodyError{name, fmt.Sprintf("defined at %d places (%s); nothing tells them apart: %s", len(places), naming.PathList(places, 3), qualifyHint)}
		case m.Member != "":
			return nil, nil, &BodyError{name, fmt.Sprintf("%s is a member of the %s at %s, not a function or method with a body of its own",
				naming.Code(m.Member), d.Kind, naming.At(d.Path, d.DeclLine))}
		}
		a, err := artifact.Body(m, root, spoken)
		var be *artifact.BodyError
		if errors.As(err, &be) && be.NoBody {
			a, err = bodyElsewhere(m, root, spoken, err)
		}
		if errors.As(err, &be) {
			return nil, nil, &BodyError{name, be.Msg}
		} else if err != nil {
			return nil, nil, fmt.Errorf("--body %s: %w", name, err)
		}
		if others := slices.DeleteFunc(slices.Clone(m.Rivals), func(o *extract.Definition) bool { return scan.TestFile(o.Path) }); len(others) > 0 && a.Path == d.Path {
			// Chosen by what the spec says: the note under the heading says
			// why, and the one who asked hears it too.
			warns = append(warns, Warning{Kind: WarnBody, Msg: fmt.Sprintf("--body %s: chose %s over %d other %s, because %s; %s to see another",
				name, naming.At(d.Path, d.DeclLine), len(others), naming.Plural(len(others), "definition", "definitions"), m.Why, qualifyHint)})
		}
		arts = append(arts, shownBody{a, name, naming.At(a.Path, d.DeclLine)})
	}
	*matches = kept
	for _, name := range asked {
		if !found[name] && !several {
			return nil, nil, &BodyError{name, "resolves to no definition in " + at}
		}
	}
	return arts, warns, nil
}

// bodyRefsRepos is bodyRefs for an appendix of several repositories: a
// name written after a repository's name (`server:Check`) is searched in
// that one only. It returns, for each repository, the names asked that
// are searched there, as asked.
func bodyRefsRepos(names []string, specRefs []spec.Ref, parts []*part) ([]spec.Ref, [][]string, error) {
	var out []spec.Ref
	asked := make([][]string, len(parts))
	for _, n := range names {
		repo, rest, _ := strings.Cut(n, ":")
		i := slices.IndexFunc(parts, func(p *part) bool { return p.Name == repo })
		if i < 0 || rest == "" {
			repo, rest = "", n
		}
		refs, err := bodyRefs([]string{rest}, specRefs)
		var be *BodyError
		if errors.As(err, &be) {
			be.Name = n
		}
		if err != nil {
			return nil, nil, err
		}
		for j := range parts {
			if i < 0 || j == i {
				asked[j] = append(asked[j], n)
			}
		}
		if repo != "" {
			refs[0].Name = repo + ":" + refs[0].Name
		}
		out = append(out, refs[0])
	}
	return out, asked, nil
}

// settleBodies decides, between repositories, where each --body name is
// shown: the one repository that defines it; of several, the one the
// spec's own reference to the name was shown from, else the one its
// other references point at (votes, see partVotes), with a note naming
// the others. A name no repository defines, or several with nothing to
// tell them apart, is an error.
func settleBodies(parts []*part, names []string, votes []int) error {
	for _, n := range names {
		var in []int
		for i, p := range parts {
			if slices.ContainsFunc(p.bodies, func(b shownBody) bool { return b.name == n }) {
				in = append(in, i)
			}
		}
		switch len(in) {
		case 0:
			var ats []string
			for _, p := range parts {
				if slices.Contains(p.asked, n) {
					ats = append(ats, p.at)
				}
			}
			return &BodyError{n, "resolves to no definition in " + series(ats)}
		case 1:
			continue
		}
		body := func(i int) shownBody {
			return parts[i].bodies[slices.IndexFunc(parts[i].bodies, func(b shownBody) bool { return b.name == n })]
		}
		// The spec's own reference to the name, settled as its artifact.
		sym := body(in[0]).art.Symbols
		win, why := -1, ""
		for _, i := range in {
			if len(sym) > 0 && slices.ContainsFunc(parts[i].matches, func(m resolve.Match) bool { return m.Ref.Line > 0 && m.Ref.Name == sym[0] }) {
				if win >= 0 {
					win = -1
					break
				}
				win, why = i, "as the spec's own reference to it is"
			}
		}
		if win < 0 {
			best, tie := in[0], false
			for _, i := range in[1:] {
				switch {
				case votes[i] > votes[best]:
					best, tie = i, false
				case votes[i] == votes[best]:
					tie = true
				}
			}
			if !tie {
				win, why = best, "the repository the spec's other references point at"
			}
		}
		var where, also, quals []string
		for _, i := range in {
			at := naming.Code(parts[i].Name) + " (" + body(i).def + ")"
			where = append(where, at)
			quals = append(quals, parts[i].Name+":"+strings.TrimPrefix(n, parts[i].Name+":"))
			if i != win {
				also = append(also, at)
			}
		}
		if win < 0 {
			neither := "neither"
			if len(in) > 2 {
				neither = "none of them"
			}
			return &BodyError{n, fmt.Sprintf("defined in %s, and the spec's other references point at %s more: name one as %s", series(where), neither, strings.Join(quals, " or "))}
		}
		for _, i := range in {
			if i != win {
				parts[i].bodies = slices.DeleteFunc(parts[i].bodies, func(b shownBody) bool { return b.name == n })
			}
		}
		a := body(win).art
		a.Notes = append(a.Notes, fmt.Sprintf("`%s` is also defined in %s; shown from %s, %s.", n, strings.Join(also, ", "), naming.Code(parts[win].Name), why))
	}
	return nil
}

// bodyElsewhere is, for a declaration without a body that was chosen
// first (a C header's prototype, which a spec's reference means), the
// one other definition of the same name that has one: its source's.
// With none, noBody is the error; with several, nothing says which.
func bodyElsewhere(m resolve.Match, root string, spoken []string, noBody error) (*artifact.Artifact, error) {
	decl := naming.At(m.Def.Path, m.Def.DeclLine)
	var found []*artifact.Artifact
	var places []string
	for _, d := range m.Rivals {
		if d.QualifiedName() != m.Def.QualifiedName() || scan.TestFile(d.Path) {
			continue
		}
		alt := m
		alt.Def, alt.Others, alt.Rivals, alt.Arbitrary, alt.Why = d, nil, nil, false, ""
		alt.Reason = fmt.Sprintf("defines `%s` with its body; %s declares it without one", d.QualifiedName(), decl)
		if a, err := artifact.Body(alt, root, spoken); err == nil {
			found = append(found, a)
			places = append(places, naming.At(d.Path, d.DeclLine))
		}
	}
	switch len(found) {
	case 0:
		return nil, noBody
	case 1:
		found[0].Notes = append(found[0].Notes, fmt.Sprintf("Declared without a body at %s; this is its definition.", decl))
		return found[0], nil
	}
	return nil, &artifact.BodyError{Msg: fmt.Sprintf("%s declares it without a body, and %d places define it with one (%s): %s",
		decl, len(found), naming.PathList(places, 3), qualifyHint)}
}

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

// bodyResults takes the matches and gaps of the --body references (the
// last of refs, one for each name asked, in order) out of those of the
// spec's, and builds a body artifact for each: a body that cannot be shown
// is an error, a test's a warning. Messages name a body as it was asked.
func bodyResults(refs []spec.Ref, asked []string, matches *[]resolve.Match, gaps, external *[]Gap, root, at string, need []string) ([]*artifact.Artifact, []Warning, error) {
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
				hint := g.Hint
				if g.Kind == resolve.GapAmbiguous {
					hint += ": " + qualifyHint
				}
				return nil, nil, &BodyError{name, hint}
			}
		}
	}
	var spoken []string // the spec's names, for the lines a cut body keeps
	for _, r := range refs[:first] {
		if !r.IsPath && r.Route == nil {
			spoken = append(spoken, strings.Split(r.Name, ".")...)
		}
	}
	var arts []*artifact.Artifact
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
		arts = append(arts, a)
	}
	*matches = kept
	for _, name := range asked {
		if !found[name] {
			return nil, nil, &BodyError{name, "resolves to no definition in " + at}
		}
	}
	return arts, warns, nil
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

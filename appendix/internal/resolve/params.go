package resolve

import (
	"fmt"
	"slices"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// routeParams settles the names that are path parameters of a route the
// spec names and the repository registers (`month_year` of
// `GET /budgets/:month_year`): the registration shown is where the
// parameter is defined, so the name is no gap. A parameter of a route
// that resolved to nothing keeps its gap.
func routeParams(sp *spec.Spec, matches []Match, unresolved []Gap) ([]Match, []Gap) {
	owner := map[string]Match{} // a route's match, by each of its parameters
	for _, m := range matches {
		if m.Ref.Route == nil || m.Def == nil {
			continue
		}
		for _, p := range m.Ref.Route.Params() {
			if _, ok := owner[p]; !ok {
				owner[p] = m
			}
		}
	}
	if len(owner) == 0 {
		return matches, unresolved
	}
	kept := unresolved[:0]
	for _, g := range unresolved {
		rm, ok := owner[g.Ref]
		i := -1
		if ok && (g.Kind == GapAbsent || g.Kind == GapNew) {
			i = slices.IndexFunc(sp.Refs, func(r spec.Ref) bool { return r.Name == g.Ref })
		}
		if i < 0 {
			kept = append(kept, g)
			continue
		}
		m := Match{Ref: &sp.Refs[i], Order: i, Handler: rm.Handler}
		m.Def = rm.Def
		m.Reason = fmt.Sprintf("a path parameter of %s, which this registers", naming.Code(rm.Ref.Name))
		matches = append(matches, m)
	}
	return matches, kept
}

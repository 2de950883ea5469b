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

// The weights of a route registration: how far its path is from the
// endpoint's, whether it serves the very method named, whether it is a
// test's; the affinity signals of definitions add to them.
const (
	WeightRoutePrefix = -6  // per unit of RouteScore: a prefix left to a router mounted elsewhere
	WeightRouteMethod = -6  // registered for any method where the spec names one, or the reverse
	WeightRouteTest   = -24 // registered in a test file
	WeightRouteFile   = 6   // the segment before a registration the endpoint ends with names its file (SystemController.cs for /System/Info)
	WeightRouteDir    = 2   // per segment before a registration the endpoint ends with that a directory of its file is named (core/api/urls.py for /api/core/jobs/)
	WeightRouteParams = 1   // its parameters are named as the endpoint's are (`/posts/:group` is /:group's, not /:id's)
)

// ChooseRoute resolves an endpoint to the registration that serves it. A
// registration whose file is mounted under a known prefix is compared with
// that prefix; one with no known mount may match the end of the endpoint
// (its router mounted somewhere the tool cannot see), ranked after exact
// matches.
func (c *Ranker) ChooseRoute(r *spec.Ref, routes []*extract.Definition, mounts []extract.Mount) (Choice, bool) {
	type cand struct {
		d       *extract.Definition
		score   int
		pattern string
	}
	var cs []cand
	patternsOf := func(d *extract.Definition) ([]string, []string) {
		prefixes := RoutePrefixes(d, mounts)
		patterns := []string{d.Route.Pattern}
		if len(prefixes) > 0 {
			patterns = nil
			for _, p := range prefixes {
				patterns = append(patterns, JoinRoute(p, d.Route.Pattern))
			}
		}
		return prefixes, patterns
	}
	// spelled: a registration of the application's own code spells the
	// endpoint's whole path, for some method. A registration that states
	// whole paths (extract.Route.Full: Rails' routes file) that the
	// endpoint only ends with then serves another path, not this one under
	// a mount the tool cannot see (a new POST beside an existing GET
	// /api/notes is not the legacy POST /notes). One a router mounted where
	// the tool cannot see may be it.
	spelled := false
	anyMethod := *r.Route
	anyMethod.Method = ""
	for _, d := range routes {
		if cl := c.ix.Class(d.Path); cl.Test || cl.Aside {
			continue // (a test's request, an example's server: the application registers it elsewhere)
		}
		_, patterns := patternsOf(d)
		for _, p := range patterns {
			rt := *d.Route
			rt.Pattern = p
			if s, ok := RouteScore(&anyMethod, &rt); ok && s == 0 && !r.Route.Tail {
				spelled = true
			}
		}
	}
	for _, d := range routes {
		prefixes, patterns := patternsOf(d)
		best, found, full, filed := 0, false, "", false
		for _, p := range patterns {
			if r.Route.Method == "" && !r.Route.Tail && len(spec.RouteSegs(r.Route.Path)) == 1 && len(spec.RouteSegs(p)) > 1 {
				continue // `/all` in prose: a route's own path, not the tail of /mark_as_read/all
			}
			rt := *d.Route
			rt.Pattern = p
			s, ok := RouteScore(r.Route, &rt)
			if !ok || s > 0 && len(prefixes) > 0 && !r.Route.Tail && !mountedUnder(r.Route.Path, p) {
				continue // mounted: the full path must match, but for an application's own mount (/api/v1)
			}
			if s > 0 && spelled && d.Route.Full {
				continue
			}
			named, short := prefixNamesFile(r.Route.Path, p, d)
			if short && !named && !r.Route.Tail {
				// `/create` for `POST /Keys/Create`: one segment alone says
				// too little of where an unseen mount puts it, unless what
				// stands before it is a mount's usual prefix (`/v9/me`).
				continue
			}
			// `/webhooks/events` is /api/v1's, not /api/v1/user/settings's:
			// each word an endpoint leaves out that is no mount's usual
			// prefix counts as a prefix of its own.
			s += unmountedWords(r.Route.Path, p)
			if !found || s < best {
				best, found, full, filed = s, true, p, named
			}
		}
		if !found {
			continue
		}
		var s Score
		s.add("route-prefix", WeightRoutePrefix*best, "")
		if filed {
			s.add("route-file", WeightRouteFile, "")
		}
		if n := dirsNamed(r.Route.Path, full, d.Path); n > 0 {
			s.add("route-dir", WeightRouteDir*n, "")
		}
		if ps := r.Route.Params(); len(ps) > 0 && slices.Equal(ps, (&spec.RouteRef{Path: full}).Params()) {
			s.add("route-params", WeightRouteParams, "")
		}
		if r.Route.Method == "" && d.Route.Method != "ANY" || r.Route.Method != "" && d.Route.Method == "ANY" {
			s.add("route-method", WeightRouteMethod, "") // a registration for the very method the spec names ranks first
		}
		if c.ix.Class(d.Path).Test {
			s.add("test-file", WeightRouteTest, "")
		}
		c.affinity(&s, d, true, "")
		cs = append(cs, cand{d, s.Total, full})
	}
	if len(cs) == 0 {
		return Choice{}, false
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].score != cs[j].score {
			return cs[i].score > cs[j].score
		}
		if cs[i].d.Path != cs[j].d.Path {
			return cs[i].d.Path < cs[j].d.Path
		}
		return cs[i].d.StartLine < cs[j].d.StartLine
	})
	best := cs[0].d
	m := Choice{Def: best, Reason: fmt.Sprintf("registers %s", best.Route)}
	if cs[0].pattern != best.Route.Pattern {
		m.Reason += fmt.Sprintf(", served as %s", cs[0].pattern)
	}
	for _, o := range cs[1:] {
		if o.d.Path == best.Path && o.d.StartLine == best.StartLine {
			continue // one registration serving several methods
		}
		m.Others = append(m.Others, fmt.Sprintf("%s (%s %s)", naming.At(o.d.Path, o.d.DeclLine), o.d.Route.Method, naming.Inline(o.pattern)))
	}
	if len(m.Others) > 0 {
		m.Why = "its path matches best"
		if cs[1].score == cs[0].score {
			m.Why = "nothing in the spec tells them apart: first by path"
		}
		m.Reason += "; also registered at " + strings.Join(m.Others, ", ")
	}
	return m, true
}

// prefixNamesFile reports, for an endpoint that ends with a registration's
// path (an unseen mount before it), whether the segment before that end
// is a word of the registration's file's name (`system` of /System/Info for
// the /info of SystemController.cs, `auth` of /auth/refresh for
// auth_service.rs's /refresh), and whether the
// registration's path is one segment alone under words that are no
// mount's usual prefix (`keys` of /Keys/Create, not `v1` of /v1/orders).
func prefixNamesFile(endpoint, pattern string, d *extract.Definition) (named, short bool) {
	a, b := spec.RouteSegs(endpoint), spec.RouteSegs(pattern)
	if len(b) >= len(a) {
		return false, false
	}
	seg := strings.ToLower(a[len(a)-len(b)-1])
	// A word of the file's name: SystemController, auth_service,
	// orders.routes; or its plural. Or a directory of the file, named as
	// the segment (core/api/urls.py, a Django app's, for /core/jobs/).
	named = slices.ContainsFunc(naming.Words(search.ModuleName(d.Path)), func(w string) bool {
		w = strings.ToLower(w)
		return w == seg || naming.PluralOf(w, seg) || naming.PluralOf(seg, w)
	}) || slices.Contains(pathDirs(d.Path), seg)
	return named, len(b) == 1 && slices.ContainsFunc(a[:len(a)-len(b)], func(s string) bool { return !search.MountWord(s) })
}

// pathDirs are the directories of a file's path, lowercased.
func pathDirs(file string) []string {
	dirs := strings.Split(strings.ToLower(file), "/")
	return dirs[:len(dirs)-1]
}

// dirsNamed counts the segments an endpoint has before the registration's
// pattern ends it that are directories of the registration's file: the
// prefix a mount the search did not read gives, which the file's place
// says (/api/core/jobs/ of core/api/urls.py's /jobs/).
func dirsNamed(endpoint, pattern, file string) int {
	a, b := spec.RouteSegs(endpoint), spec.RouteSegs(pattern)
	if len(b) >= len(a) {
		return 0
	}
	dirs, n := pathDirs(file), 0
	for _, seg := range a[:len(a)-len(b)] {
		if seg != "{}" && slices.Contains(dirs, strings.ToLower(seg)) {
			n++
		}
	}
	return n
}

// unmountedWords counts the segments before the end of a registration an
// endpoint leaves out that are no mount's usual prefix (user and settings
// of /api/v1/user/settings/webhooks/events, for /webhooks/events).
func unmountedWords(endpoint, pattern string) int {
	a, b := spec.RouteSegs(endpoint), spec.RouteSegs(pattern)
	n := 0
	for _, s := range b[:max(len(b)-len(a), 0)] {
		if !search.MountWord(s) {
			n++
		}
	}
	return n
}

// mountedUnder reports an endpoint that is a mounted registration's full
// path under segments an application's routes are commonly mounted under
// (`/api/v1` + `/{organization}/cases/{case_id}`): a mount of the
// application's own, such as Starlette's app.mount, that no router
// registration spells.
func mountedUnder(endpoint, pattern string) bool {
	a, b := spec.RouteSegs(endpoint), spec.RouteSegs(pattern)
	if len(a) <= len(b) {
		return false
	}
	for _, s := range a[:len(a)-len(b)] {
		if !search.MountWord(s) {
			return false
		}
	}
	return true
}

// RouteScore says how well a registration matches an endpoint: 0 for the
// same path, 1 when one is the other with a prefix the registration leaves
// to a router mounted elsewhere (FastAPI include_router, Express app.use).
// ok is false when they do not match or the methods differ.
func RouteScore(ref *spec.RouteRef, r *extract.Route) (score int, ok bool) {
	if ref.Method != "" && r.Method != "ANY" && r.Method != ref.Method {
		return 0, false
	}
	a, b := spec.RouteSegs(ref.Path), spec.RouteSegs(r.Pattern)
	for i, seg := range a {
		if search.ExampleID(seg) {
			a[i] = "{}" // `PATCH /api/config/1/`: an example id, where the route takes {pk}
		}
	}
	if r.Fold {
		for i := range a {
			a[i] = strings.ToLower(a[i]) // `/Auth/Keys` is ASP.NET Core's `[Route("auth")]` + `[HttpGet("keys")]`
		}
	}
	eq := func(x, y []string) bool {
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return true
	}
	literal := func(x []string) bool {
		for _, s := range x {
			if s != "{}" {
				return true
			}
		}
		return false
	}
	switch {
	case ref.Prefix && len(b) > len(a) && eq(b[:len(a)], a):
		return 0, true // `/supporters/...`: a route under the path the spec writes
	case eq(a, b):
		return 0, true
	case len(b) < len(a) && literal(b) && eq(a[len(a)-len(b):], b):
		return 1, true
	case len(a) < len(b) && literal(a) && eq(b[len(b)-len(a):], a):
		return 1, true
	}
	return 0, false
}

// RoutePrefixes returns the prefixes under which a route is served: its
// file's (MountPrefixes), and those its function is called under
// (FuncPrefixes).
func RoutePrefixes(d *extract.Definition, mounts []extract.Mount) []string {
	out := MountPrefixes(d.Path, mounts, 0)
	if d.Route != nil && d.Route.Within != "" {
		for _, p := range FuncPrefixes(d.Route.Within, mounts, 0) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// FuncPrefixes returns the prefixes under which a function's routes are
// served, following the functions and files that mount the mounting
// function (Ktor's route("/a") { orders() } in fun Route.api(), itself
// under route("/api") { api() }).
func FuncPrefixes(fn string, mounts []extract.Mount, depth int) []string {
	if depth > 3 {
		return nil
	}
	var out []string
	for _, m := range mounts {
		if !m.Func || m.Target != fn {
			continue
		}
		outer := MountPrefixes(m.Path, mounts, depth+1)
		if m.Within != "" {
			outer = append(outer, FuncPrefixes(m.Within, mounts, depth+1)...)
		}
		if len(outer) == 0 {
			outer = []string{""}
		}
		for _, o := range outer {
			if p := JoinRoute(o, m.Prefix); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// MountPrefixes returns the prefixes under which a file's routes are
// served, following mounts of mounts: Django include("shop.urls") names
// the file, other mounts name an identifier matching the file's stem.
func MountPrefixes(file string, mounts []extract.Mount, depth int) []string {
	if depth > 3 {
		return nil
	}
	var out []string
	for _, m := range mounts {
		if m.Func || !search.MountTarget(file, m.Target) {
			continue
		}
		outer := MountPrefixes(m.Path, mounts, depth+1)
		if len(outer) == 0 {
			outer = []string{""}
		}
		for _, o := range outer {
			out = append(out, JoinRoute(o, m.Prefix))
		}
	}
	return out
}

func JoinRoute(a, b string) string {
	if a == "" {
		return b
	}
	return strings.TrimSuffix(a, "/") + "/" + strings.TrimPrefix(b, "/")
}

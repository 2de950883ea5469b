package appendix

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/extract"
)

// routeScore says how well a registration matches an endpoint: 0 for the
// same path, 1 when one is the other with a prefix the registration leaves
// to a router mounted elsewhere (FastAPI include_router, Express app.use).
// ok is false when they do not match or the methods differ.
func routeScore(ref *spec.RouteRef, r *extract.Route) (score int, ok bool) {
	if ref.Method != "" && r.Method != "ANY" && r.Method != ref.Method {
		return 0, false
	}
	a, b := spec.RouteSegs(ref.Path), spec.RouteSegs(r.Pattern)
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
	case eq(a, b):
		return 0, true
	case len(b) < len(a) && literal(b) && eq(a[len(a)-len(b):], b):
		return 1, true
	case len(a) < len(b) && literal(a) && eq(b[len(b)-len(a):], a):
		return 1, true
	}
	return 0, false
}

// mountPrefixes returns the prefixes under which a file's routes are
// served, following mounts of mounts: Django include("shop.urls") names
// the file, other mounts name an identifier matching the file's stem.
func mountPrefixes(file string, mounts []extract.Mount, depth int) []string {
	if depth > 3 {
		return nil
	}
	var out []string
	for _, m := range mounts {
		if !(strings.HasSuffix(file, m.Target) && strings.Contains(m.Target, "/") || m.Target != "" && search.ModuleName(file) == m.Target) {
			continue
		}
		outer := mountPrefixes(m.Path, mounts, depth+1)
		if len(outer) == 0 {
			outer = []string{""}
		}
		for _, o := range outer {
			out = append(out, joinRoute(o, m.Prefix))
		}
	}
	return out
}

func joinRoute(a, b string) string {
	if a == "" {
		return b
	}
	return strings.TrimSuffix(a, "/") + "/" + strings.TrimPrefix(b, "/")
}

// chooseRoute resolves an endpoint to the registration that serves it. A
// registration whose file is mounted under a known prefix is compared with
// that prefix; one with no known mount may match the end of the endpoint
// (its router mounted somewhere the tool cannot see), ranked after exact
// matches.
func (c *specContext) chooseRoute(r *spec.Ref, routes []*extract.Definition, mounts []extract.Mount) (match, bool) {
	type cand struct {
		d       *extract.Definition
		score   int
		pattern string
	}
	var cs []cand
	for _, d := range routes {
		prefixes := mountPrefixes(d.Path, mounts, 0)
		patterns := []string{d.Route.Pattern}
		if len(prefixes) > 0 {
			patterns = nil
			for _, p := range prefixes {
				patterns = append(patterns, joinRoute(p, d.Route.Pattern))
			}
		}
		best, found, full := 0, false, ""
		for _, p := range patterns {
			rt := *d.Route
			rt.Pattern = p
			s, ok := routeScore(r.Route, &rt)
			if !ok || s > 0 && len(prefixes) > 0 {
				continue // mounted: the full path must match
			}
			if !found || s < best {
				best, found, full = s, true, p
			}
		}
		if !found {
			continue
		}
		if r.Route.Method == "" && d.Route.Method != "ANY" || r.Route.Method != "" && d.Route.Method == "ANY" {
			best++ // a registration for the very method the spec names ranks first
		}
		if scan.TestFile(d.Path) {
			best += 4
		}
		aff, _ := c.affinity(d)
		cs = append(cs, cand{d, 2*best - aff, full})
	}
	if len(cs) == 0 {
		return match{}, false
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].score != cs[j].score {
			return cs[i].score < cs[j].score
		}
		if cs[i].d.Path != cs[j].d.Path {
			return cs[i].d.Path < cs[j].d.Path
		}
		return cs[i].d.StartLine < cs[j].d.StartLine
	})
	best := cs[0].d
	m := match{ref: r, def: best, reason: fmt.Sprintf("registers %s", best.Route)}
	if cs[0].pattern != best.Route.Pattern {
		m.reason += fmt.Sprintf(", served as %s", cs[0].pattern)
	}
	for _, o := range cs[1:] {
		if o.d.Path == best.Path && o.d.StartLine == best.StartLine {
			continue // one registration serving several methods
		}
		m.others = append(m.others, fmt.Sprintf("%s:%d (%s %s)", o.d.Path, o.d.DeclLine, o.d.Route.Method, o.pattern))
	}
	if len(m.others) > 0 {
		m.why = "its path matches best"
		if cs[1].score == cs[0].score {
			m.why = "nothing in the spec tells them apart: first by path"
		}
		m.reason += "; also registered at " + strings.Join(m.others, ", ")
	}
	return m, true
}

// otherMethods explains an endpoint whose path is registered, but not for
// the method the spec names: "registered only for POST at convex/http.ts:5".
func otherMethods(ix *search.Index, r *spec.Ref) string {
	if r.Route.Method == "" {
		return ""
	}
	var found []string
	for _, d := range ix.Routes {
		any := spec.RouteRef{Path: r.Route.Path}
		for _, p := range append(mountPrefixes(d.Path, ix.Mounts, 0), "") {
			rt := *d.Route
			rt.Pattern = joinRoute(p, d.Route.Pattern)
			if s, ok := routeScore(&any, &rt); ok && s == 0 {
				found = append(found, fmt.Sprintf("%s at %s:%d", d.Route.Method, d.Path, d.DeclLine))
				break
			}
		}
	}
	if len(found) == 0 {
		return ""
	}
	sort.Strings(found)
	return "the path is registered only for " + strings.Join(found, ", ")
}

// handlerNotes finds, for each chosen route whose handler is named and
// defined elsewhere, the handler's signature, and notes it on the match:
// a route artifact shows method, path, handler and its signature.
func handlerNotes(ctx context.Context, ix *search.Index, root string, matches []match) error {
	wanted := map[string]scan.Want{}
	for _, m := range matches {
		if h := routeHandler(m); h != "" {
			if _, ok := ix.Defs[h]; !ok {
				wanted[h] = scan.WantAny
			}
		}
	}
	if err := ix.Find(ctx, root, wanted, nil); err != nil {
		return err
	}
	for i := range matches {
		m := &matches[i]
		h := routeHandler(*m)
		if h == "" {
			continue
		}
		var best *extract.Definition
		rank := func(d *extract.Definition) int {
			switch {
			case d.Path == m.def.Path:
				return 0
			case path.Dir(d.Path) == path.Dir(m.def.Path):
				return 1
			}
			return 2
		}
		for _, d := range ix.Defs[h] {
			if d.Broken || d.Kind != extract.KindFunction && d.Kind != extract.KindMethod && d.Kind != extract.KindConstant {
				continue
			}
			if best == nil || rank(d) < rank(best) || rank(d) == rank(best) && (d.Path < best.Path || d.Path == best.Path && d.StartLine < best.StartLine) {
				best = d
			}
		}
		if best == nil {
			m.handler = fmt.Sprintf("Handler `%s`: no definition found.", h)
			continue
		}
		m.handler = fmt.Sprintf("Handler `%s` (%s:%d): `%s`", h, best.Path, best.DeclLine, signatureLine(best))
	}
	return nil
}

// routeHandler is the handler a route names, when its snippet does not
// already show it (a decorated Python handler, a Next.js export).
func routeHandler(m match) string {
	if m.def.Route == nil || m.def.Route.Handler == "" {
		return ""
	}
	for _, l := range m.def.Lines {
		if strings.Contains(l.Text, "def "+m.def.Route.Handler+"(") || strings.Contains(l.Text, "function "+m.def.Route.Handler+"(") ||
			strings.Contains(l.Text, "const "+m.def.Route.Handler+" ") {
			return ""
		}
	}
	return m.def.Route.Handler
}

// signatureLine is a definition's declaring line, joined with the lines of
// a signature that wraps, without its doc comment or decorators.
func signatureLine(d *extract.Definition) string {
	var parts []string
	for _, l := range d.Lines {
		if len(parts) == 0 && isCommentLine(l.Text) {
			continue
		}
		parts = append(parts, strings.TrimSpace(l.Text))
	}
	s := strings.Join(parts, " ")
	s = strings.ReplaceAll(s, "( ", "(")
	s = strings.ReplaceAll(s, ")", ")")
	return strings.ReplaceAll(s, ",)", ")")
}

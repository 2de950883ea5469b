package rank

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// Match is a resolved reference: the definition chosen for it and why.
type Match struct {
	Ref    *spec.Ref
	Def    *extract.Definition
	Reason string
	Member string   // Type.field: the field the spec names inside def
	Order  int      // the reference's position among the spec's references
	Others []string // other definitions of the same name, as path:line
	Why    string   // why def was chosen over the others
	// Altered lists later migrations that ALTER a table created in one.
	Altered []string
	Handler string // a route's handler and its signature
}

// A Ranker holds what the whole spec says about where its code lives.
type Ranker struct {
	amends  map[string][]string // the index's ALTER TABLE files, by table key
	paths   []string            // paths the spec names that exist
	quals   map[string]bool     // packages and directories the spec names
	settled map[string]int      // directories of references with one candidate
}

// New reads the spec for where its code lives.
func New(sp *spec.Spec, ix *search.Index) *Ranker {
	c := &Ranker{quals: map[string]bool{}, settled: map[string]int{}, amends: ix.Amends}
	for _, r := range sp.Refs {
		switch {
		case r.IsPath:
			if ix.PathExists(r.Name) {
				c.paths = append(c.paths, r.Name)
			}
		case strings.Contains(r.Name, "."):
			if q := strings.Split(r.Name, ".")[0]; ix.Modules[q] {
				c.quals[q] = true
			}
		case ix.Modules[r.Name] && strings.ToLower(r.Name) == r.Name:
			c.quals[r.Name] = true // `userbus` in a code span names a package
		}
	}
	return c
}

func (c *Ranker) Settle(d *extract.Definition) { c.settled[path.Dir(d.Path)]++ }

// affinity scores how strongly the spec points at a definition's location,
// higher is stronger: a path the spec names (3), the directory of a file it
// names (2), a package it qualifies names with (2), and each other
// reference settled in the same directory (1, at most 3). The reason names
// the strongest signal.
func (c *Ranker) affinity(d *extract.Definition) (int, string) {
	score, why := 0, ""
	note := func(n int, reason string) {
		if why == "" {
			why = reason
		}
		score += n
	}
	dir := path.Dir(d.Path)
	for _, p := range c.paths {
		if search.UnderPath(d.Path, p) {
			note(3, fmt.Sprintf("it is under `%s`, which the spec names", p))
			break
		}
		if path.Dir(p) == dir && path.Ext(p) != "" {
			note(2, fmt.Sprintf("it is beside `%s`, which the spec names", p))
			break
		}
	}
	for _, q := range slices.Sorted(maps.Keys(c.quals)) {
		if search.InModule(d.Path, q) {
			note(2, fmt.Sprintf("it is in `%s`, which the spec names", q))
			break
		}
	}
	if n := c.settled[dir]; n > 0 {
		note(min(n, 3), fmt.Sprintf("%d other %s the spec names %s in `%s`", n, naming.Plural(n, "definition", "definitions"), naming.Plural(n, "is", "are"), dir))
	}
	return score, why
}

// Pick ranks the candidates of one reference and explains the choice.
func (c *Ranker) Pick(r *spec.Ref, cands []*extract.Definition, member string) Match {
	qualified := strings.Contains(r.Name, ".")
	tableish := r.Hint == spec.HintTable || strings.ToLower(r.Name) == r.Name
	base := func(d *extract.Definition) int {
		s := 0
		if !hintFits(r.Hint, d.Kind) {
			s += 8
		}
		if scan.TestFile(d.Path) {
			s += 16
		}
		if d.Container != "" && !qualified {
			s += 4
		}
		if !d.Exported {
			s += 2
		}
		if d.Kind == extract.KindConstant && d.Title == "Variable" {
			s++ // a bare name means a type or function before a variable
		}
		if d.Kind == extract.KindSchema {
			// The schema states what the data is; application types follow it.
			s -= 2
			if r.Hint == spec.HintTable || strings.ToLower(r.Name) == r.Name {
				s -= 2
			}
		}
		if naming.MigrationPath(d.Path) {
			s += 2 // history: the schema file says what is current
		}
		if tableish && (path.Base(d.Path) == "models.py" || strings.Contains(d.Path, "/models/")) {
			s -= 2 // a table is a model before it is an admin, form or serializer class
		}
		return s
	}
	type ranked struct {
		d      *extract.Definition
		score  int
		reason string
	}
	rs := make([]ranked, len(cands))
	for i, d := range cands {
		aff, why := c.affinity(d)
		rs[i] = ranked{d, base(d) - 3*aff, why}
	}
	exact := func(d *extract.Definition) bool {
		return qualified || d.Name == r.Name || slices.Contains(d.Aliases, r.Name)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		// A definition with the spec's own name always beats one found by
		// naming convention (`OrderItem` the Go type, not table order_items).
		if ei, ej := exact(rs[i].d), exact(rs[j].d); ei != ej {
			return ei
		}
		// Then one in the language the wording names ("the `Order` GraphQL
		// type" is not the proto message).
		if li, lj := langFits(r, rs[i].d), langFits(r, rs[j].d); li != lj {
			return li
		}
		// Then one of the kind the wording names ("the `Metric` interface").
		if hi, hj := hintFits(r.Hint, rs[i].d.Kind), hintFits(r.Hint, rs[j].d.Kind); hi != hj {
			return hi
		}
		if rs[i].score != rs[j].score {
			return rs[i].score < rs[j].score
		}
		if rs[i].d.Path != rs[j].d.Path {
			return rs[i].d.Path < rs[j].d.Path
		}
		return rs[i].d.StartLine < rs[j].d.StartLine
	})
	best := rs[0]
	reason := fmt.Sprintf("defines `%s`", r.Name)
	if member != "" && !strings.Contains(r.Name, ".") {
		reason = fmt.Sprintf("defines `%s`, which has the member `%s`", best.d.Name, member)
	} else if member != "" {
		parts := strings.Split(r.Name, ".")
		if head := parts[len(parts)-2]; head != best.d.Name {
			reason = fmt.Sprintf("defines `%s`, from which `%s` inherits the member `%s`", best.d.Name, head, member)
		} else {
			reason = fmt.Sprintf("defines `%s`, which has the member `%s`", head, member)
		}
	}
	m := Match{Ref: r, Def: best.d, Member: member}
	if r.Path != "" && search.UnderPath(best.d.Path, r.Path) {
		reason += fmt.Sprintf(", in `%s` as the spec says", r.Path)
	}
	for _, o := range rs[1:] {
		if o.d.Path == best.d.Path && o.d.StartLine == best.d.StartLine {
			continue
		}
		if exact(best.d) && !exact(o.d) {
			continue // the spec's own name was found: conventions are no rival
		}
		if !naming.MigrationPath(best.d.Path) && naming.MigrationPath(o.d.Path) && best.d.Kind == extract.KindSchema || best.d.Kind == extract.KindEnum && naming.MigrationPath(o.d.Path) {
			continue // migration history is no rival to the schema file
		}
		if o.d.Name != r.Name && !qualified {
			m.Others = append(m.Others, fmt.Sprintf("%s:%d (%s)", o.d.Path, o.d.DeclLine, o.d.Name))
		} else {
			m.Others = append(m.Others, fmt.Sprintf("%s:%d", o.d.Path, o.d.DeclLine))
		}
	}
	if len(m.Others) > 0 {
		switch {
		case r.Path != "" && search.UnderPath(best.d.Path, r.Path):
			m.Why = fmt.Sprintf("the spec names `%s` next to it", r.Path)
		case r.Lang != "" && langFits(r, best.d) && !langFits(r, rs[1].d):
			m.Why = fmt.Sprintf("the spec names it as %s", best.d.Lang.Name)
		case hintFits(r.Hint, best.d.Kind) && !hintFits(r.Hint, rs[1].d.Kind):
			m.Why = "the spec calls it " + naming.Article(string(r.Hint))
		case !naming.MigrationPath(best.d.Path) && naming.MigrationPath(rs[1].d.Path) && rs[1].d.Name == best.d.Name:
			m.Why = "a schema file states the current shape; migrations are history"
		case exact(best.d) && !exact(rs[1].d):
			m.Why = "it has the name the spec uses; the others match by naming convention"
		case best.reason != "" && (len(rs) == 1 || rs[1].score > best.score):
			m.Why = best.reason
		case len(rs) > 1 && rs[1].score > best.score:
			m.Why = "the others are tests, unexported, methods or of another kind"
		default:
			m.Why = "nothing in the spec tells them apart: first by path"
		}
		shown := m.Others
		more := ""
		if len(shown) > 3 {
			more = fmt.Sprintf(" (+%d more)", len(shown)-3)
			shown = shown[:3]
		}
		reason += fmt.Sprintf("; chosen because %s; also defined at %s%s", m.Why, strings.Join(shown, ", "), more)
	}
	m.Reason = reason
	if best.d.Kind == extract.KindSchema && best.d.Lang.Name == "sql" && naming.MigrationPath(best.d.Path) {
		for _, f := range c.amends[naming.TableKey(best.d.Name)] {
			if f != best.d.Path {
				m.Altered = append(m.Altered, f)
			}
		}
		sort.Strings(m.Altered)
	}
	return m
}

// hintFits reports whether a definition kind is what the spec's wording
// says the reference is.
func hintFits(h spec.Hint, k extract.Kind) bool {
	switch h {
	case spec.HintInterface:
		return k == extract.KindInterface
	case spec.HintTable, spec.HintType:
		return k == extract.KindType || k == extract.KindInterface || k == extract.KindEnum || k == extract.KindError || k == extract.KindSchema
	case spec.HintFunction:
		return k == extract.KindFunction || k == extract.KindMethod
	case spec.HintEnum:
		return k == extract.KindEnum || k == extract.KindType || k == extract.KindSchema
	case spec.HintConstant:
		return k == extract.KindConstant || k == extract.KindEnum || k == extract.KindError
	}
	return true
}

// langFits reports a definition in the language the reference's wording
// names, or any definition when it names none.
func langFits(r *spec.Ref, d *extract.Definition) bool {
	return r.Lang == "" || sameLang(r.Lang, d.Lang.Name)
}

// sameLang compares languages, counting TSX and JSX with their base.
func sameLang(a, b string) bool {
	a, b = scan.BaseLang(a), scan.BaseLang(b)
	return a == b || a == "typescript" && b == "javascript"
}

// ChooseRoute resolves an endpoint to the registration that serves it. A
// registration whose file is mounted under a known prefix is compared with
// that prefix; one with no known mount may match the end of the endpoint
// (its router mounted somewhere the tool cannot see), ranked after exact
// matches.
func (c *Ranker) ChooseRoute(r *spec.Ref, routes []*extract.Definition, mounts []extract.Mount) (Match, bool) {
	type cand struct {
		d       *extract.Definition
		score   int
		pattern string
	}
	var cs []cand
	for _, d := range routes {
		prefixes := MountPrefixes(d.Path, mounts, 0)
		patterns := []string{d.Route.Pattern}
		if len(prefixes) > 0 {
			patterns = nil
			for _, p := range prefixes {
				patterns = append(patterns, JoinRoute(p, d.Route.Pattern))
			}
		}
		best, found, full := 0, false, ""
		for _, p := range patterns {
			rt := *d.Route
			rt.Pattern = p
			s, ok := RouteScore(r.Route, &rt)
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
		return Match{}, false
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
	m := Match{Ref: r, Def: best, Reason: fmt.Sprintf("registers %s", best.Route)}
	if cs[0].pattern != best.Route.Pattern {
		m.Reason += fmt.Sprintf(", served as %s", cs[0].pattern)
	}
	for _, o := range cs[1:] {
		if o.d.Path == best.Path && o.d.StartLine == best.StartLine {
			continue // one registration serving several methods
		}
		m.Others = append(m.Others, fmt.Sprintf("%s:%d (%s %s)", o.d.Path, o.d.DeclLine, o.d.Route.Method, o.pattern))
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

// RouteScore says how well a registration matches an endpoint: 0 for the
// same path, 1 when one is the other with a prefix the registration leaves
// to a router mounted elsewhere (FastAPI include_router, Express app.use).
// ok is false when they do not match or the methods differ.
func RouteScore(ref *spec.RouteRef, r *extract.Route) (score int, ok bool) {
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

// MountPrefixes returns the prefixes under which a file's routes are
// served, following mounts of mounts: Django include("shop.urls") names
// the file, other mounts name an identifier matching the file's stem.
func MountPrefixes(file string, mounts []extract.Mount, depth int) []string {
	if depth > 3 {
		return nil
	}
	var out []string
	for _, m := range mounts {
		if !(strings.HasSuffix(file, m.Target) && strings.Contains(m.Target, "/") || m.Target != "" && search.ModuleName(file) == m.Target) {
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

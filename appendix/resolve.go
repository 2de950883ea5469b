package appendix

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
)

// routeDetectors names the frameworks whose routes are recognised, so that
// a missing route reads as "not found by these", not as "does not exist".
const routeDetectors = "looked for net/http, chi, gin, echo, fiber, Express, Hono, Fastify, Next.js, Remix, FastAPI, Flask, Django and Convex registrations"

// match is a resolved reference: the definition chosen for it and why.
type match struct {
	ref    *spec.Ref
	def    *extract.Definition
	reason string
	member string   // Type.field: the field the spec names inside def
	order  int      // the reference's position among the spec's references
	others []string // other definitions of the same name, as path:line
	why    string   // why def was chosen over the others
	// altered lists later migrations that ALTER a table created in one.
	altered []string
	handler string // a route's handler and its signature
}

// unresolvedRef is a strong reference with no definition.
type unresolvedRef struct {
	ref  *spec.Ref
	hint string
}

// resolve chooses one definition per reference, or reports it unresolved.
//
// It runs in two passes. References with one possible definition are
// settled first; they tell where the spec's code lives. A reference with
// several candidates then prefers, in order: the path written next to it,
// a definition under a path or package the spec names anywhere, one in a
// directory where another reference was settled, and last the first path.
// A name that is no definition but a member of a chosen one ("its
// `Field1`") selects that definition instead of becoming a gap.
func resolve(sp *spec.Spec, ix *search.Index, at string) (matches []match, unresolved []unresolvedRef, external []*spec.Ref, externalHints map[*spec.Ref]string) {
	externalHints = map[*spec.Ref]string{}
	ctx := newSpecContext(sp, ix)
	type pendingRef struct {
		i     int
		cands []*extract.Definition
		mem   string
	}
	var ambiguous, missing, fields []pendingRef
	for i := range sp.Refs {
		r := &sp.Refs[i]
		if r.IsPath {
			if !ix.PathExists(r.Name) && r.Strong {
				unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("no file or directory at this path in %s", at)})
			}
			continue
		}
		if r.Route != nil {
			if m, ok := ctx.chooseRoute(r, ix.Routes, ix.Mounts); ok {
				m.order = i
				matches = append(matches, m)
			} else if other := otherMethods(ix, r); other != "" && !r.Proposed {
				unresolved = append(unresolved, unresolvedRef{r, other})
			} else if r.Strong {
				hint := fmt.Sprintf("no route registration found in %s (%s)", at, routeDetectors)
				if r.Proposed {
					hint = fmt.Sprintf("new in this spec: no route registration in %s", at)
				}
				unresolved = append(unresolved, unresolvedRef{r, hint})
			}
			continue
		}
		if r.Hint == spec.HintField {
			fields = append(fields, pendingRef{i: i})
			continue
		}
		cands, member, broken := candidates(ix, r)
		switch {
		case len(cands) == 0 && len(broken) > 0:
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("defined at %s, which does not parse; not shown", strings.Join(broken, ", "))})
		case len(cands) == 0:
			missing = append(missing, pendingRef{i: i})
		case distinctPlaces(cands) == 1:
			m := ctx.pick(r, cands, member)
			m.order = i
			matches = append(matches, m)
			ctx.settle(m.def)
		default:
			ambiguous = append(ambiguous, pendingRef{i, cands, member})
		}
	}
	for _, p := range ambiguous {
		m := ctx.pick(&sp.Refs[p.i], p.cands, p.mem)
		m.order = p.i
		matches = append(matches, m)
	}
	// "the `status` field", "an `EmailData` value": a member of an artifact
	// already chosen, else a definition of that name, else a gap.
	for _, p := range fields {
		r := &sp.Refs[p.i]
		if m, ok := memberOf(r, matches); ok {
			m.order = p.i
			matches = append(matches, m)
			continue
		}
		if cands, member, _ := candidates(ix, r); len(cands) > 0 {
			m := ctx.pick(r, cands, member)
			m.order = p.i
			matches = append(matches, m)
			continue
		}
		if owners := ix.Members[r.Name]; len(owners) > 0 && !r.Proposed {
			m := ctx.pick(r, owners, r.Name)
			m.order = p.i
			matches = append(matches, m)
			continue
		}
		if r.Strong && !ix.External(r) {
			hint := fmt.Sprintf("no definition in %s, and no artifact shown has a member of that name", at)
			if r.Proposed {
				hint = fmt.Sprintf("new in this spec: not in %s", at)
			}
			unresolved = append(unresolved, unresolvedRef{r, hint})
		}
	}
	for _, p := range missing {
		r := &sp.Refs[p.i]
		if m, ok := memberOf(r, matches); ok {
			m.order = p.i
			matches = append(matches, m)
		} else if owners := ix.Members[r.Name]; len(owners) > 0 && !strings.Contains(r.Name, ".") {
			// An enum value or class constant named alone: its enum or class.
			m := ctx.pick(r, owners, r.Name)
			m.order = p.i
			matches = append(matches, m)
		} else if mod, ok := ix.Imports[r.Name]; ok {
			external = append(external, r)
			externalHints[r] = fmt.Sprintf("imported from `%s`, outside the repository", mod)
		} else if hint, ext, ok := missingMember(ix, r); ok {
			switch {
			case ext:
				external = append(external, r)
				externalHints[r] = hint
			case r.Proposed:
				unresolved = append(unresolved, unresolvedRef{r, "new in this spec: " + hint})
			default:
				unresolved = append(unresolved, unresolvedRef{r, hint})
			}
		} else if ix.External(r) {
			external = append(external, r)
		} else if ix.Modules[r.Name] && strings.ToLower(r.Name) == r.Name {
			continue // `userbus`, `appendix`: a package or directory that exists
		} else if r.Strong && r.Proposed {
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("new in this spec: not in %s", at)})
		} else if r.Strong {
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("no definition in %s", at)})
		}
	}
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].order < matches[j].order })
	return matches, unresolved, external, externalHints
}

// missingMember explains a Type.member whose type exists but declares no
// such member: either the type extends a class from outside the repository
// (external: `Item.model_validate` from SQLModel), or it is a real gap.
func missingMember(ix *search.Index, r *spec.Ref) (hint string, external, ok bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 {
		return "", false, false
	}
	head, last := parts[len(parts)-2], parts[len(parts)-1]
	var types []*extract.Definition
	for _, d := range ix.Defs[head] {
		if !d.Broken && naming.TableLike(d.Kind) || d.Kind == extract.KindError {
			types = append(types, d)
		}
	}
	if len(types) == 0 {
		return "", false, false
	}
	d := types[0]
	var outside []string
	seen := map[string]bool{}
	var walk func(d *extract.Definition, depth int)
	walk = func(d *extract.Definition, depth int) {
		for _, b := range d.Bases {
			if seen[b] {
				continue
			}
			seen[b] = true
			if len(ix.Defs[b]) == 0 {
				outside = append(outside, b)
			} else if depth < 4 {
				for _, bd := range ix.Defs[b] {
					walk(bd, depth+1)
				}
			}
		}
	}
	walk(d, 0)
	if len(outside) > 0 {
		return fmt.Sprintf("`%s` (%s:%d) declares no `%s`; it may inherit it from %s, outside the repository",
			head, d.Path, d.DeclLine, last, "`"+strings.Join(outside, "`, `")+"`"), true, true
	}
	return fmt.Sprintf("`%s` (%s:%d) has no member `%s`", head, d.Path, d.DeclLine, last), false, true
}

// distinctPlaces counts the different definitions among candidates.
func distinctPlaces(ds []*extract.Definition) int {
	seen := map[string]bool{}
	for _, d := range ds {
		seen[fmt.Sprintf("%s:%d", d.Path, d.StartLine)] = true
	}
	return len(seen)
}

// memberOf finds a chosen definition that has the reference as a member.
func memberOf(r *spec.Ref, matches []match) (match, bool) {
	if strings.Contains(r.Name, ".") {
		return match{}, false
	}
	for _, m := range matches {
		for _, mem := range m.def.Members {
			if mem.Name == r.Name {
				return match{ref: r, def: m.def, member: r.Name,
					reason: fmt.Sprintf("defines `%s`, which has the member `%s`", m.def.QualifiedName(), r.Name)}, true
			}
		}
	}
	return match{}, false
}

// candidates returns the definitions a reference can mean: by name, or for
// a qualified name (pkg.Func, Type.method, pkg.Type.method) those whose
// container or package matches; a Type.field resolves to the type.
func candidates(ix *search.Index, r *spec.Ref) (cands []*extract.Definition, member string, broken []string) {
	parts := strings.Split(r.Name, ".")
	pkg := ""
	if len(parts) == 3 {
		pkg, parts = parts[0], parts[1:]
	}
	inPkg := func(d *extract.Definition) bool { return pkg == "" || search.InModule(d.Path, pkg) }
	var all []*extract.Definition
	if len(parts) == 1 {
		all = append(all, ix.Defs[parts[0]]...)
		// Table names across conventions: `orders` is model Order,
		// order_items is OrderItem.
		for _, d := range ix.ByKey[naming.TableKey(parts[0])] {
			if d.Name != parts[0] {
				all = append(all, d)
			}
		}
		for _, d := range ix.ByAlias[parts[0]] {
			if d.Name != parts[0] && !containsDef(all, d) {
				all = append(all, d)
			}
		}
	} else {
		head, last := parts[0], parts[1]
		for _, d := range ix.Defs[last] {
			if inPkg(d) && (d.Container == head || pkg == "" && d.Container == "" && search.InModule(d.Path, head)) {
				all = append(all, d)
			}
		}
		if len(all) == 0 {
			for _, d := range ix.Defs[head] {
				if !inPkg(d) {
					continue
				}
				if owner := memberOwner(ix, d, last, 0); owner != nil {
					all = append(all, owner)
					member = last
				}
			}
		}
	}
	if len(all) == 0 && len(strings.Split(r.Name, ".")) >= 2 {
		// A package-qualified name (orders.v1.Order, app.models.Item): the
		// last part, in a file whose path holds every qualifier.
		q := strings.Split(r.Name, ".")
		for _, d := range ix.Defs[q[len(q)-1]] {
			ok := true
			for _, seg := range q[:len(q)-1] {
				if !search.InModule(d.Path, seg) {
					ok = false
					break
				}
			}
			if ok && d.Container == "" {
				all = append(all, d)
			}
		}
	}
	for _, d := range all {
		if d.Broken {
			broken = append(broken, fmt.Sprintf("%s:%d", d.Path, d.DeclLine))
		} else {
			cands = append(cands, d)
		}
	}
	if r.Path != "" {
		var near []*extract.Definition
		for _, d := range cands {
			if search.UnderPath(d.Path, r.Path) {
				near = append(near, d)
			}
		}
		if len(near) > 0 {
			cands = near
		}
	}
	return cands, member, broken
}

// memberOwner finds the definition that declares member: d itself, or a
// class or interface it extends, followed through the repository up to
// four levels ("User.is_superuser" is declared on UserBase).
func memberOwner(ix *search.Index, d *extract.Definition, member string, depth int) *extract.Definition {
	for _, m := range d.Members {
		if m.Name == member {
			return d
		}
	}
	if depth >= 4 {
		return nil
	}
	for _, b := range d.Bases {
		for _, bd := range ix.Defs[b] {
			if bd.Kind == extract.KindMethod || bd.Kind == extract.KindFunction || bd.Broken {
				continue
			}
			if owner := memberOwner(ix, bd, member, depth+1); owner != nil {
				return owner
			}
		}
	}
	return nil
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

func containsDef(ds []*extract.Definition, d *extract.Definition) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// specContext is what the whole spec says about where its code lives.
type specContext struct {
	amends  map[string][]string // the index's ALTER TABLE files, by table key
	paths   []string            // paths the spec names that exist
	quals   map[string]bool     // packages and directories the spec names
	settled map[string]int      // directories of references with one candidate
}

func newSpecContext(sp *spec.Spec, ix *search.Index) *specContext {
	c := &specContext{quals: map[string]bool{}, settled: map[string]int{}, amends: ix.Amends}
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

func (c *specContext) settle(d *extract.Definition) { c.settled[path.Dir(d.Path)]++ }

// affinity scores how strongly the spec points at a definition's location,
// higher is stronger: a path the spec names (3), the directory of a file it
// names (2), a package it qualifies names with (2), and each other
// reference settled in the same directory (1, at most 3). The reason names
// the strongest signal.
func (c *specContext) affinity(d *extract.Definition) (int, string) {
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

// pick ranks the candidates of one reference and explains the choice.
func (c *specContext) pick(r *spec.Ref, cands []*extract.Definition, member string) match {
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
	m := match{ref: r, def: best.d, member: member}
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
			m.others = append(m.others, fmt.Sprintf("%s:%d (%s)", o.d.Path, o.d.DeclLine, o.d.Name))
		} else {
			m.others = append(m.others, fmt.Sprintf("%s:%d", o.d.Path, o.d.DeclLine))
		}
	}
	if len(m.others) > 0 {
		switch {
		case r.Path != "" && search.UnderPath(best.d.Path, r.Path):
			m.why = fmt.Sprintf("the spec names `%s` next to it", r.Path)
		case r.Lang != "" && langFits(r, best.d) && !langFits(r, rs[1].d):
			m.why = fmt.Sprintf("the spec names it as %s", best.d.Lang.Name)
		case hintFits(r.Hint, best.d.Kind) && !hintFits(r.Hint, rs[1].d.Kind):
			m.why = "the spec calls it " + naming.Article(string(r.Hint))
		case !naming.MigrationPath(best.d.Path) && naming.MigrationPath(rs[1].d.Path) && rs[1].d.Name == best.d.Name:
			m.why = "a schema file states the current shape; migrations are history"
		case exact(best.d) && !exact(rs[1].d):
			m.why = "it has the name the spec uses; the others match by naming convention"
		case best.reason != "" && (len(rs) == 1 || rs[1].score > best.score):
			m.why = best.reason
		case len(rs) > 1 && rs[1].score > best.score:
			m.why = "the others are tests, unexported, methods or of another kind"
		default:
			m.why = "nothing in the spec tells them apart: first by path"
		}
		shown := m.others
		more := ""
		if len(shown) > 3 {
			more = fmt.Sprintf(" (+%d more)", len(shown)-3)
			shown = shown[:3]
		}
		reason += fmt.Sprintf("; chosen because %s; also defined at %s%s", m.why, strings.Join(shown, ", "), more)
	}
	m.reason = reason
	if best.d.Kind == extract.KindSchema && best.d.Lang.Name == "sql" && naming.MigrationPath(best.d.Path) {
		for _, f := range c.amends[naming.TableKey(best.d.Name)] {
			if f != best.d.Path {
				m.altered = append(m.altered, f)
			}
		}
		sort.Strings(m.altered)
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

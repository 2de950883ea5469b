package rank

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// The weights of the signals that order a reference's candidates; the
// highest total wins, ties go to the first path. The first three are
// tiers: each outweighs every signal after it together, so that the spec's
// own name, then the language and then the kind its wording names decide
// before anything else.
const (
	WeightSpecName = 1000 // the spec's own name, not a naming convention (OrderItem for order_items)
	WeightLanguage = 500  // the language the wording names ("the `Order` GraphQL type")
	WeightKind     = 250  // the kind the wording names ("the `Metric` interface")

	WeightTestName = 1 - WeightSpecName // the spec's own name, in a test file: no more than a place signal

	WeightNamedFile    = 16 // in a file the spec names: more than beside one and settled beside
	WeightUnderPath    = 9  // under a directory the spec names
	WeightBesidePath   = 6  // in the directory of a file the spec names
	WeightInPackage    = 6  // in a package the spec qualifies names with
	WeightSettled      = 3  // per other reference settled in the same directory, at most three
	maxSettled         = 3
	WeightNamedFirst   = 1  // its place is the one the spec names first, among the places of the others
	WeightNamedVersion = 4  // the same file in several API versions: the version the spec names as a word
	WeightFenceLang    = 8  // in the language of the spec's code block the name is written in (```java)
	WeightSignature    = -2 // per word the spec's code declares the name with that its signature lacks (another overload)
	WeightSchema       = 2  // a schema states what the data is; application types follow it
	WeightTableSchema  = 2  // more so when the spec names a table
	WeightModelFile    = 2  // a table is a model before an admin, form or serializer class
	WeightTableName    = 1  // the spec calls it a table, and it declares the table by that name, not a type mapped to it
	WeightHeader       = 2  // a header declares what its sources define: the signature a reviewer reads
	WeightCoMember     = 2  // per other name the spec writes beside a member that the candidate also has, at most three
	WeightSignedTypes  = 2  // per type the spec names that the candidate's signature takes or returns, at most two (commitKey(OmKeyArgs args) where the spec names OmKeyArgs)
	WeightValue        = 9  // it holds the string the spec's code span gives the name (`CONFIRM_VALUE = 'RESET'`)
	maxCoMembers       = 3

	WeightTestFile = -16 // in a test file
	WeightRestated = -64 // only gives another candidate, outside tests, a local name (type X pkg.X): outweighs every place signal together
	WeightAside    = -12 // a vendored, bundled, example, documentation or legacy copy, in no path the spec names
	// WeightQualifiedElsewhere: a type of a bare name, where the spec
	// qualifies this one by its scope elsewhere (`Api::GemPolicy` beside
	// the web-side `GemPolicy`): outweighs every place signal together.
	WeightQualifiedElsewhere = -64
	WeightMember             = -4  // a member of a type, for a bare name
	WeightPrivate            = -2  // not exported
	WeightVariable           = -1  // a bare name means a type or function before a variable
	WeightMigration          = -2  // migration history: the schema file says what is current
	WeightRollback           = -4  // a migration's rollback (a down file): the schema before it, never what it makes
	WeightSnapshot           = -12 // a copy in migration history of a definition the code keeps live (an Alembic revision's model class), wherever the spec points
	WeightSuperseded         = -2  // the same file in an older version of its package (api/v1beta1 beside api/v1beta2), the spec naming none
)

// A Signal is one contribution to a candidate's score.
type Signal struct {
	Name   string
	Weight int
	// Reason says, in the explanation's words, why the signal favours
	// the candidate that has it (or, for a penalty, the one that lacks it).
	Reason string
}

// Score is a candidate's signals and their total.
type Score struct {
	Signals []Signal
	Total   int
}

func (s *Score) add(name string, w int, reason string) {
	s.Signals = append(s.Signals, Signal{name, w, reason})
	s.Total += w
}

func (s *Score) weight(name string) int {
	for _, g := range s.Signals {
		if g.Name == name {
			return g.Weight
		}
	}
	return 0
}

// Winner is the signal that sets a ahead of b the most, and false when no
// signal does: the difference of weights decides, and among equal
// differences the signal recorded first (the tiers come first).
func Winner(a, b Score) (Signal, bool) {
	var best Signal
	bestDiff := 0
	seen := map[string]bool{}
	for _, g := range append(append([]Signal{}, a.Signals...), b.Signals...) {
		if seen[g.Name] {
			continue
		}
		seen[g.Name] = true
		if d := a.weight(g.Name) - b.weight(g.Name); d > bestDiff {
			best, bestDiff = g, d
		}
	}
	return best, bestDiff > 0
}

// rivals is what a candidate's score compares it with: all candidates of
// the reference, and what is computed once over them.
type rivals struct {
	cands      []*extract.Definition
	first      map[*extract.Definition]string // named first: how the spec names the place
	version    map[*extract.Definition]string // the API version the spec names
	superseded map[*extract.Definition]bool   // a newer version of the same file is a candidate
	internal   map[*extract.Definition]bool   // the API's unversioned form of a file a version of which is a candidate
	funcs      bool                           // every candidate is a function or a method: overloads, which a quoted signature tells apart
}

func (c *Ranker) rivals(cands []*extract.Definition) *rivals {
	rv := &rivals{cands: cands, first: c.namedFirst(cands)}
	rv.version, rv.superseded, rv.internal = versionSignals(cands, c.words)
	rv.funcs = !slices.ContainsFunc(cands, func(d *extract.Definition) bool {
		return d.Kind != extract.KindFunction && d.Kind != extract.KindMethod
	})
	return rv
}

// score records the signals of one candidate for reference r, among its
// rivals.
func (c *Ranker) score(r *spec.Ref, d *extract.Definition, rv *rivals) Score {
	var s Score
	qualified := strings.Contains(r.Name, ".")
	if qualified || d.Name == r.Name || slices.Contains(d.Aliases, r.Name) {
		// (A test's copy of the name, a fixture's CREATE TABLE pipelines,
		// is hardly better for it than the code's model by convention.)
		s.add("spec-name", WeightSpecName, "it has the name the spec uses; the others match by naming convention")
		if c.ix.Class(d.Path).Test {
			s.add("test-name", WeightTestName, "the others are in test files")
		}
	}
	if langFits(r, d) {
		s.add("language", WeightLanguage, "the spec names it as "+d.Lang.Name)
	}
	if n := c.signatureMisses(r, d); n > 0 && rv.funcs {
		s.add("signature", n*WeightSignature, "its parameters are the ones the spec's code declares it with")
	}
	if fenceFits(r, d) {
		s.add("fence-language", WeightFenceLang, "the spec's code that names it is "+cmp.Or(d.Lang.Display, d.Lang.Name))
	}
	if hintFits(r.Hint, d.Kind) {
		s.add("kind", WeightKind, "the spec calls it "+naming.Article(string(r.Hint)))
	}
	own := ""
	if r.Hint == spec.HintTable {
		own = r.Name // "the `local_site` table": a table, whatever module bears its name
	}
	c.affinity(&s, d, true, own)
	if named, ok := rv.first[d]; ok {
		s.add("named-first", WeightNamedFirst, "the spec names "+named+" before the others' places")
	}
	tableish := r.Hint == spec.HintTable || strings.ToLower(r.Name) == r.Name
	if d.Kind == extract.KindSchema {
		s.add("schema", WeightSchema, "a schema states what the data is; application types follow it")
		if tableish {
			s.add("table-schema", WeightTableSchema, "the spec names a table, and a schema defines it")
		}
		if r.Hint == spec.HintTable && d.Name == r.Name && !spec.IsUpperStart(d.Name) {
			s.add("table-name", WeightTableName, "it declares the table by that name; the others map a type to it")
		}
	}
	if tableish && (d.Lang != nil && slices.Contains(d.Lang.ModelFiles, path.Base(d.Path)) || strings.Contains(d.Path, "/models/")) {
		s.add("model-file", WeightModelFile, "a table is a model before it is an admin, form or serializer class")
	}
	if d.Lang != nil && slices.ContainsFunc(d.Lang.Headers, func(e string) bool { return strings.HasSuffix(d.Path, e) }) {
		s.add("header", WeightHeader, "a header declares it; the others are the sources that define it")
	}
	if r.Value != "" && slices.ContainsFunc(d.Values, func(v extract.Value) bool { return v.Text == r.Value }) {
		s.add("value", WeightValue, fmt.Sprintf("it holds %q, the value the spec gives it", r.Value))
	}
	if n, names := c.signedTypes(d); n > 0 && rv.funcs {
		s.add("signed-types", n*WeightSignedTypes, fmt.Sprintf("its signature names %s, which the spec names", names))
	}
	if n, names := c.coMembers(r, d); n > 0 {
		s.add("co-members", n*WeightCoMember, fmt.Sprintf("it also has %s, which the spec names beside it", names))
	}
	if c.ix.Class(d.Path).Aside && !c.named(r, d) {
		s.add("aside", WeightAside, "the others are vendored, example, documentation or legacy copies")
	}
	if c.ix.Class(d.Path).Test {
		s.add("test-file", WeightTestFile, "the others are in test files")
	}
	if decl, ok := restates(d); ok && c.restatedRival(d, rv.cands) {
		s.add("restated", WeightRestated, fmt.Sprintf("the others only name it anew (`%s`) and show none of its shape", decl))
	}
	if d.Container != "" && !qualified {
		s.add("member", WeightMember, "the others are members of other types")
		if owner := d.Container[strings.LastIndexByte(d.Container, '.')+1:]; naming.TypeKind(d.Kind) && c.writtenBefore(d.Name, owner) &&
			slices.ContainsFunc(rv.cands, func(o *extract.Definition) bool { return c.topLevelPeer(d, o) }) {
			s.add("qualified-elsewhere", WeightQualifiedElsewhere, fmt.Sprintf("the spec writes `%s.%s` where it means the other", owner, d.Name))
		}
	}
	if !d.Exported {
		s.add("private", WeightPrivate, "the others are not exported")
	}
	if d.Kind == extract.KindConstant && d.Title == "Variable" {
		s.add("variable", WeightVariable, "the others are variables, and a bare name means a type or function first")
	}
	if naming.MigrationPath(d.Path) {
		s.add("migration", WeightMigration, "a schema file states the current shape; migrations are history")
		if base := path.Base(d.Path); strings.TrimSuffix(base, path.Ext(base)) == "down" || strings.Contains(base, ".down.") {
			s.add("rollback", WeightRollback, "the others are no migration's rollback, which restores the schema before it")
		}
		if slices.ContainsFunc(rv.cands, func(o *extract.Definition) bool {
			return o.Name == d.Name && o.Kind == d.Kind && !naming.MigrationPath(o.Path) && !c.ix.Class(o.Path).Test
		}) {
			s.add("snapshot", WeightSnapshot, "the others are copies of it kept in migration history")
		}
	}
	if v, ok := rv.version[d]; ok {
		s.add("named-version", WeightNamedVersion, fmt.Sprintf("the spec names its API version, %s", v))
	}
	if rv.superseded[d] {
		s.add("superseded", WeightSuperseded, "the others are the same file in older API versions, and the spec names none")
	}
	if rv.internal[d] {
		s.add("unversioned", WeightSuperseded, "the others are the unversioned form of an API served in versions, and the spec names none")
	}
	return s
}

// maxSignedTypes is how many types the spec names a candidate's
// signature may count.
const maxSignedTypes = 2

// signedTypes counts, for a function or method, the types the spec names
// (strongly, in two words or more: `OmKeyArgs`, not `String`) that its
// signature names, at most maxSignedTypes, and lists them.
func (c *Ranker) signedTypes(d *extract.Definition) (int, string) {
	if d.Kind != extract.KindFunction && d.Kind != extract.KindMethod {
		return 0, ""
	}
	if c.typeNames == nil {
		c.typeNames = map[string]bool{}
		for _, q := range c.sp.Refs {
			last := q.Name[strings.LastIndexByte(q.Name, '.')+1:]
			if q.Strong && spec.IsUpperStart(last) && len(naming.Words(last)) > 1 && strings.ToUpper(last) != last {
				c.typeNames[last] = true
			}
		}
	}
	var names []string
	for i, l := range d.Lines {
		if i >= 6 {
			break
		}
		if t := strings.TrimSpace(l.Text); strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*") ||
			strings.HasPrefix(t, "#") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "[") {
			continue // (a doc comment, an annotation: not what it takes or returns)
		}
		for _, w := range strings.FieldsFunc(l.Text, func(r rune) bool { return r > 0x7f || !extract.IdentByte(byte(r)) }) {
			if c.typeNames[w] && w != d.Name && w != d.Container && !slices.Contains(names, w) && len(names) < maxSignedTypes {
				names = append(names, w)
			}
		}
	}
	if len(names) == 0 {
		return 0, ""
	}
	return len(names), "`" + strings.Join(names, "`, `") + "`"
}

// coMembers counts, for a bare member name (`object_type` of the payload
// `{"action": ..., "object_id": ..., "object_type": ...}`), d's other
// members the spec writes in a paragraph that names it too, at most
// maxCoMembers, and lists them.
func (c *Ranker) coMembers(r *spec.Ref, d *extract.Definition) (int, string) {
	if strings.Contains(r.Name, ".") || !slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Name == r.Name }) {
		return 0, ""
	}
	var names []string
	for _, m := range d.Members {
		if m.Name == r.Name || !c.words[m.Name] || slices.Contains(names, naming.Code(m.Name)) {
			continue
		}
		if _, ok := c.sp.Beside(r.Name, m.Name); ok {
			names = append(names, naming.Code(m.Name))
		}
	}
	n := min(len(names), maxCoMembers)
	return n, strings.Join(names[:n], ", ")
}

// affinity records how strongly the spec points at a definition's
// location: a path it names, the directory of a file it names, a package
// it qualifies names with (but own, the name of a table the reference
// scored names, when only that word names the package: a table is no
// package), other references settled in the directory.
func (c *Ranker) affinity(s *Score, d *extract.Definition, settled bool, own string) {
	dir := path.Dir(d.Path)
	under := slices.IndexFunc(c.paths, func(p string) bool { return search.UnderPath(d.Path, p) })
	switch {
	case under >= 0 && c.paths[under] == d.Path:
		s.add("named-path", WeightNamedFile, fmt.Sprintf("it is in `%s`, which the spec names", d.Path))
	case under >= 0:
		s.add("named-path", WeightUnderPath, fmt.Sprintf("it is under `%s`, which the spec names", c.paths[under]))
	default:
		for _, p := range c.paths {
			if path.Dir(p) == dir && path.Ext(p) != "" {
				s.add("beside-path", WeightBesidePath, fmt.Sprintf("it is beside `%s`, which the spec names", p))
				break
			}
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(c.pkgs)) {
		if search.UnderPath(d.Path, dir) {
			s.add("imported-package", WeightUnderPath, fmt.Sprintf("it is in `%s`, which the spec's code imports from", c.pkgs[dir]))
			break
		}
	}
	for _, q := range slices.Sorted(maps.Keys(c.quals)) {
		// (`local_site`, a module of the repository and the name of the
		// table the spec means: a package named only by the reference
		// itself says nothing of where its definition is; `Order`, which
		// other names qualify, `Order.SetCancelledStatus`, does.)
		if !(q == own && c.bare[q]) && search.InModule(d.Path, q) {
			s.add("named-package", WeightInPackage, fmt.Sprintf("it is in `%s`, which the spec names", q))
			break
		}
	}
	if !settled {
		return
	}
	if n := c.settled[dir]; n > 0 {
		s.add("settled", WeightSettled*min(n, maxSettled), fmt.Sprintf("%d other %s the spec names %s in %s",
			n, naming.Plural(n, "definition", "definitions"), naming.Plural(n, "is", "are"), naming.Code(dir)))
	}
}

// Near reports a definition the spec points at apart from any one
// reference: under or beside a path it names, in a package it qualifies
// names with, in a directory where other references settled, or named
// itself somewhere in the spec.
func (c *Ranker) Near(d *extract.Definition) bool {
	var s Score
	c.affinity(&s, d, true, "")
	return s.Total > 0 || c.words[d.Name]
}

// InNamedFile reports a definition in a file the spec names by its path.
func (c *Ranker) InNamedFile(d *extract.Definition) bool {
	return slices.Contains(c.paths, d.Path)
}

// Named reports a definition whose name the spec writes somewhere.
func (c *Ranker) Named(d *extract.Definition) bool { return c.words[d.Name] }

// PointedAt reports a definition under or beside a path the spec names,
// or in a package it imports from or qualifies names with: where the
// spec's words place it, whatever else it names.
func (c *Ranker) PointedAt(d *extract.Definition) bool {
	var s Score
	c.affinity(&s, d, false, "")
	return s.Total > 0
}

// named reports a definition under a path the spec names, next to the
// reference or anywhere.
func (c *Ranker) named(r *spec.Ref, d *extract.Definition) bool {
	if r.Path != "" && search.UnderPath(d.Path, r.Path) {
		return true
	}
	for _, p := range c.paths {
		if search.UnderPath(d.Path, p) {
			return true
		}
	}
	return false
}

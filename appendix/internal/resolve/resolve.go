package resolve

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/rank"
	"github.com/appendix-dev/appendix/appendix/internal/redact"
	"github.com/appendix-dev/appendix/extract/lang"

	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
)

// GapKind says what a gap claims about the repository. A reader (or a
// program) can tell "absent" from "not searched" without parsing the hint.
type GapKind string

// The kinds of gap.
const (
	GapAbsent       GapKind = "absent"        // no definition in the searched tree
	GapNew          GapKind = "new"           // new in this spec: not in the tree yet
	GapNoMember     GapKind = "no-member"     // the type exists and declares no such member
	GapPathMissing  GapKind = "path-missing"  // no file or directory at the path
	GapRouteMissing GapKind = "route-missing" // no registration found by the known route detectors
	GapOtherMethod  GapKind = "other-method"  // the path is registered for other methods only
	GapUnparsed     GapKind = "unparsed"      // defined in a file that does not parse
	GapExternal     GapKind = "external"      // a dependency's or the standard library's name
	GapNoTests      GapKind = "no-tests"      // the spec discusses testing; no test file covers the code shown
	GapNotSearched  GapKind = "not-searched"  // inside a git submodule, which is not entered
	GapDrift        GapKind = "drift"         // the spec places it in a file that does not define it
	GapNested       GapKind = "nested"        // declared only inside another definition, which is not shown
	GapAmbiguous    GapKind = "ambiguous"     // a member of a value of unnamed type, defined in several places
	GapKey          GapKind = "key"           // no declaration: a string key in the code (a settings map's)
	GapFileOnly     GapKind = "file-only"     // a file the spec names exists, and nothing from it is shown
)

// Gap is a reference the appendix shows no definition for, and why.
type Gap struct {
	Ref      string  `json:"ref"`
	SpecLine int     `json:"spec_line"`
	Hint     string  `json:"hint"`
	Kind     GapKind `json:"kind"`
	// Proposed: the member is one the spec adds to a type that exists
	// (a GapNoMember saying so): a name new in the spec, not a missing one.
	Proposed bool `json:"-"`
	// Written is the name as the spec spells it, where that differs from
	// Ref by its separators only (`Mailer#gem_unyanked`): what the
	// markdown names. "" for Ref itself.
	Written string `json:"-"`
	// declared: the hint names the files that declare the name, so no
	// text search looks for where else it stands.
	declared bool
	// copies: the hint says where documentation copies define the name,
	// which no nested declaration says better.
	copies bool
}

// Shown is the gap's name as the markdown writes it: as the spec spells
// it.
func (g Gap) Shown() string { return cmp.Or(g.Written, g.Ref) }

// SortGaps orders gaps by the spec line each is on, keeping the order of
// those on one line; a gap of the whole spec (no line: "tests") stays
// after every other.
func SortGaps(gs []Gap) {
	line := func(g Gap) int {
		if g.SpecLine == 0 {
			return math.MaxInt
		}
		return g.SpecLine
	}
	sort.SliceStable(gs, func(i, j int) bool { return line(gs[i]) < line(gs[j]) })
}

func gap(r *spec.Ref, kind GapKind, hint string) Gap {
	g := Gap{Ref: r.Name + r.Suffix, SpecLine: r.Line, Hint: hint, Kind: kind} // (`save!` as written)
	if r.Written != "" {
		g.Written = r.Written + r.Suffix
	}
	return g
}

// ownNew is the gap of a name the spec's code declares in a type of its
// own that the repository lacks (what is "a field" or "a value" of it):
// new with the type. Where else the name stands is no definition of it,
// and is not searched for.
func ownNew(r *spec.Ref, what, owner, at string) Gap {
	g := gap(r, GapNew, fmt.Sprintf("new in this spec: %s of `%s`, which the spec declares and %s lacks", what, owner, at))
	g.declared = true
	return g
}

// lowerConstant reports a module's constant or variable named as the
// lower-case reference is (`export const organizationId = ...`).
func lowerConstant(r *spec.Ref, d *extract.Definition) bool {
	return d.Container == "" && d.Kind == extract.KindConstant && !spec.IsUpperStart(r.Name)
}

// declaredInFence reports a name the spec's own code declares as new
// (`async restorePost(...)` in a block of proposed additions): the member
// of that name the spec writes on an existing type is one it adds.
func declaredInFence(sp *spec.Spec, name string) bool {
	return slices.ContainsFunc(sp.Refs, func(q spec.Ref) bool { return q.Name == name && q.Source == spec.FromFence && q.Proposed })
}

// ownerBeside is the first of owners, which have a member named r's name,
// that the spec names on r's line or the two above it, the sentence r is
// in, or nil: "the `Post` table gets `deletedAt`" means Post's column,
// whatever type of its own the spec gives a field of the name.
func ownerBeside(refs []spec.Ref, r *spec.Ref, owners []*extract.Definition) *extract.Definition {
	for _, o := range owners {
		for i := range refs {
			if q := &refs[i]; q != r && r.Line-2 <= q.Line && q.Line <= r.Line && (q.Name == o.Name || strings.HasSuffix(q.Name, "."+o.Name)) {
				return o
			}
		}
	}
	return nil
}

// proposedMember is the gap of a member the spec adds to a type that
// lacks it, as hint says.
func proposedMember(r *spec.Ref, hint string) Gap {
	g := gap(r, GapNoMember, hint+"; the spec adds it")
	g.Proposed = true
	return g
}

// externalHint is what an external name's gap says when nothing more
// precise is known.
const externalHint = "qualifier names no package or directory of this repository: a dependency or the standard library"

// Match is a resolved reference: the definition chosen for it and why.
type Match struct {
	rank.Choice
	Ref     *spec.Ref
	Order   int    // the reference's position among the spec's references
	Handler string // a route's handler and its signature
	// Value is the string the spec quotes, which Def holds: the reference
	// resolved by its value, not by a name.
	Value string
}

// pick chooses among a reference's candidates.
func pick(rk *rank.Ranker, r *spec.Ref, cands []*extract.Definition, member string) Match {
	return Match{Ref: r, Choice: rk.Pick(r, cands, member)}
}

// Refs chooses one definition per reference, or reports it unresolved.
//
// It runs in two passes. References with one possible definition are
// settled first; they tell where the spec's code lives. A reference with
// several candidates then prefers, in order: the path written next to it,
// a definition under a path or package the spec names anywhere, one in a
// directory where another reference was settled, and last the first path.
// A name that is no definition but a member of a chosen one ("its
// `Field1`") selects that definition instead of becoming a gap.
func Refs(sp *spec.Spec, ix *search.Index, at string) (matches []Match, unresolved, external []Gap) {
	ix.Mounts = slices.DeleteFunc(ix.Mounts, func(m extract.Mount) bool { return ambiguousMount(ix, m) })
	rk := rank.New(sp, ix)
	type pendingRef struct {
		i     int
		cands []*extract.Definition
		mem   string
		held  string // the reason, when the candidates hold the value the name is a member of
	}
	choose := func(r *spec.Ref, p pendingRef) Match {
		mem := p.mem
		if p.held != "" {
			mem = "" // the held reason names the member
		}
		m := pick(rk, r, p.cands, mem)
		m.Member = p.mem
		if p.held != "" {
			m.Reason = p.held + strings.TrimPrefix(m.Reason, "defines `"+r.Name+"`")
		}
		m.Order = p.i
		return m
	}
	// values: the references resolved by the string value they quote, once
	// every name is settled (see byValue).
	var ambiguous, missing, fields, values, keywords, sketches, unowned, configKeys []pendingRef
	// unfollowed: the gaps of dotted names whose last part some type
	// declares, by the index of their reference, for chosenMember to
	// settle once every other name is.
	unfollowed := map[int]int{}
	// headed: the dotted names whose gap is about their undefined head,
	// for the files no parser reads to answer (see unparsedPaths).
	var headed []int
	vl := newValueLookup(ix, sp)
	// The members the spec names on something (`Deferred.cancel()`):
	// the same word alone (`cancel()`) is that member, whose reference
	// says what it is.
	qualified := map[string]bool{}
	for _, r := range sp.Refs {
		if i := strings.LastIndexByte(r.Name, '.'); i > 0 && !r.IsPath && r.Route == nil {
			qualified[r.Name[i+1:]] = true
		}
	}
	var tableText map[string]*search.TextHit // the names the spec calls tables, as the files read as text hold them; once asked
	settings := settingKeys(ix, sp)
	for i := range sp.Refs {
		r := &sp.Refs[i]
		if r.ConfigKey || settings[i] {
			if m, ok := namedRoute(ix, r); ok {
				// `api.link-checks.run`: a route's name, in kebab case.
				m.Order = i
				matches = append(matches, m)
				continue
			}
		}
		if r.ConfigKey || settings[i] {
			configKeys = append(configKeys, pendingRef{i: i})
			continue
		}
		if r.Sketch != nil && !r.Strong {
			sketches = append(sketches, pendingRef{i: i}) // once the types the spec names are settled
			continue
		}
		if qualified[r.Name] && spec.BareWord(r.Name) && r.Path == "" && !slices.ContainsFunc(ix.Defs[r.Name], func(d *extract.Definition) bool {
			return d.Container == "" && rk.InNamedFile(d)
		}) {
			// (One the wording places in a file is that file's: "`app/api/views.py`:
			// `pause`"; so is a function of that name in a file the spec
			// names: sendalerts.py's `notify` beside `Channel.notify`.)
			continue
		}
		if mod, ok := importedFrom(ix, r); ok {
			// `import java.nio.file.FileStore;` in the spec's code: the
			// JDK's FileStore, whatever the repository names so.
			external = append(external, gap(r, GapExternal, fmt.Sprintf("the spec's code imports it from `%s`, outside the repository", mod)))
			continue
		}
		if loc, ok := ix.Located[r.Name]; ok {
			switch {
			case loc.Def != nil && r.Rev != "":
				// A link to line 264 of a file at v1.10.1: the definition
				// around that line then, as the file has it now.
				matches = append(matches, Match{Ref: r, Order: i, Choice: rank.Choice{Def: loc.Def,
					Reason: fmt.Sprintf("held line %d of %s at %s, which the spec links to", r.At, naming.Code(loc.Def.Path), naming.Code(shortRev(r.Rev)))}})
			case loc.Def != nil:
				// `workload_controller.go:807`: the definition around that line.
				matches = append(matches, Match{Ref: r, Order: i, Choice: rank.Choice{Def: loc.Def,
					Reason: fmt.Sprintf("holds line %d of %s, which the spec points at", r.At, naming.Code(loc.Def.Path))}})
			case r.At > loc.Lines:
				unresolved = append(unresolved, gap(r, GapAbsent, fmt.Sprintf("line %d is past the end of %s, which has %d lines in %s", r.At, naming.Code(loc.File), loc.Lines, at)))
			default:
				unresolved = append(unresolved, gap(r, GapAbsent, fmt.Sprintf("line %d of %s is in no definition in %s", r.At, naming.Code(loc.File), at)))
			}
			continue
		}
		if r.IsPath && memberNotFile(ix, r) {
			r.IsPath = false // `Topics.lock`: the lock method of the code's Topics, no lock file
		}
		if r.IsPath {
			name := cmp.Or(r.File, r.Name)
			if d := fileType(ix, r); d != nil {
				// "All parameters are defined in `RESTCatalogOptions.java`":
				// the class the file is named for.
				matches = append(matches, Match{Ref: r, Order: i, Choice: rank.Choice{Def: d,
					Reason: fmt.Sprintf("defines `%s`, the type %s is named for", d.Name, naming.Code(d.Path))}})
				continue
			}
			if !ix.PathExists(name) && len(vl.holders(r, matches)) > 0 {
				values = append(values, pendingRef{i: i}) // `cluster.x-k8s.io/paused`: a key, not a path
				continue
			}
			if m, ok := pathRoute(rk, ix, r, name); ok {
				m.Order = i
				matches = append(matches, m)
				continue
			}
			if m, ok := routeEnding(ix, r, name); ok {
				m.Order = i
				matches = append(matches, m)
				continue
			}
			if !ix.PathExists(name) && r.Strong && r.Proposed && repoPath(ix, name) {
				// "Introduce ... in `app/models/budget/calculator.rb`": a file
				// the spec adds.
				unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: no file at this path yet in %s", at)))
			} else if !ix.PathExists(name) && r.Strong && repoPath(ix, name) && !ix.ModuleFile(name) {
				hint := fmt.Sprintf("no file or directory at this path in %s", at)
				if dirs := ix.DirsEnding(name); len(dirs) > 1 {
					hint += fmt.Sprintf("; ambiguous: %d directories end with it (%s)", len(dirs), naming.PathList(dirs, 3))
				}
				unresolved = append(unresolved, gap(r, GapPathMissing, hint))
			}
			continue
		}
		if r.Route != nil {
			c, ok := rk.ChooseRoute(r, ix.Routes, ix.Mounts)
			if !ok && spec.MountPrefix(r.Route, sp.Refs) {
				// What the endpoints beside it are mounted under; one the
				// code registers (`/webhooks/{id}/messages` beside
				// `/webhooks/{id}/messages/{message}`) is an endpoint.
				continue
			}
			if ok {
				m := Match{Ref: r, Choice: c}
				m.Order = i
				matches = append(matches, m)
			} else if other := otherMethods(ix, r); other != "" && !r.Proposed {
				unresolved = append(unresolved, gap(r, GapOtherMethod, other))
			} else if r.Strong {
				g := gap(r, GapRouteMissing, fmt.Sprintf("no route registration found in %s (%s)", at, routeDetectors))
				if r.Proposed {
					g = gap(r, GapNew, fmt.Sprintf("new in this spec: no route registration in %s", at))
				}
				unresolved = append(unresolved, g)
			}
			continue
		}
		if owners, ok := ownTypeOwners(ix, r); ok {
			// `expiresAt` in the spec's `model Access { ... }`, where the
			// repository has Access: Access's field, or one the spec adds
			// to it; never another model's field of the name.
			switch {
			case len(owners) > 0:
				m := pick(rk, r, owners, r.Name)
				m.Member, m.Order = r.Name, i
				m.Reason += "; the spec's code writes it in a declaration of that type"
				matches = append(matches, m)
				continue
			case r.Strong && r.MarkedNew:
				unresolved = append(unresolved, proposedMember(r, fmt.Sprintf("`%s` has no member `%s`, which the spec's code declares in it", r.OwnTypes[0], r.Name)))
				continue
			}
			// (A name the type lacks that the spec does not say it adds
			// may be what its prose means elsewhere: kueue's `Retry`, a
			// check state, which an alternative's sketch also declares as
			// a field. What else it is is weighed below.)
		}
		if r.Hint == spec.HintField {
			fields = append(fields, pendingRef{i: i})
			continue
		}
		if r.Keyword {
			keywords = append(keywords, pendingRef{i: i})
			continue
		}
		if m, ok := namedRoute(ix, r); ok {
			// `api.links.check`: the route Laravel registers by that name.
			m.Order = i
			matches = append(matches, m)
			continue
		}
		cands, member, held, broken := candidates(ix, r)
		if sep := memberSep(sp.Refs, r.Name); sep != "" && !strings.Contains(r.Name, ".") {
			// `User`, beside `User::interactions`: the type of a language
			// that writes "::", not a TypeScript interface of the name.
			if kept := slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool { return !writesSep(d, sep) }); len(kept) > 0 {
				cands = kept
			}
		}
		if slices.ContainsFunc(cands, func(d *extract.Definition) bool { return scan.TestData(d.Path) }) {
			// A test's input (`fn foo` in a parser's test_data) is no
			// code the spec means, unless it places the name there.
			inputs := cands
			cands = slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool {
				return scan.TestData(d.Path) && (r.Path == "" || !search.UnderPath(d.Path, r.Path))
			})
			if len(cands) == 0 && member == "" {
				if r.Strong {
					unresolved = append(unresolved, gap(r, GapAmbiguous, fmt.Sprintf("defined only in the input data of tests (%s); no code of the project",
						places(inputs, 2))))
				}
				continue
			}
		}
		if !strings.Contains(r.Name, ".") && member == "" {
			// A test's type is no table a naming convention spells
			// (`webhook_deliveries` for a test's `webhookDelivery`).
			cands = slices.DeleteFunc(cands, func(d *extract.Definition) bool {
				return d.Name != r.Name && !slices.Contains(d.Aliases, r.Name) && ix.Class(d.Path).Test
			})
		}
		if fl := lang.ByName(r.FenceLang); !r.Strong && fl != nil && fl.Grammar == nil {
			// `now` of `@default(now())` in the spec's ```prisma block: a
			// schema's word, no program's value of that name (a build
			// script's `const now = new Date()`). (A function may be an
			// rpc's implementation.)
			cands = slices.DeleteFunc(cands, func(d *extract.Definition) bool {
				return d.Lang != nil && d.Lang.Grammar != nil && d.Kind == extract.KindConstant
			})
		}
		if r.Declared && redefinedAside(cands) {
			// A name the spec's code declares (`def f(lhs, rhs):`) that a
			// documentation or example copy defines again and again (a
			// tutorial's fourteen `def f(x):`) is a scratch name, none of
			// those. (A copy that defines it once, each example's own
			// `fetchProjects` a guide's code restates, may be it.)
			copies := slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool { return !docCopy(d.Path) })
			cands = slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool { return docCopy(d.Path) })
			if len(cands) == 0 && member == "" {
				g := gap(r, GapNew, fmt.Sprintf("new in this spec: the code does not define it; a documentation or example copy defines it %d times, first at %s",
					len(copies), naming.At(copies[0].Path, copies[0].DeclLine)))
				g.declared, g.copies = true, true
				unresolved = append(unresolved, g)
				continue
			}
		}
		if !r.Strong {
			// A weak name is no vendored, example, documentation or legacy
			// copy's (`new FunctionDefinition(...)`: a sample's private
			// class). A weak word (`foo`, `feature`, `syntax` in passing) is
			// the code's own name, or a model's table (`donations`), or
			// nothing; never a test's or its data's (`fn foo` in a parser's
			// test input), nor a plain type a naming convention spells from
			// it (`Feature` for `feature`s).
			bare := spec.BareWord(r.Name)
			cands = slices.DeleteFunc(cands, func(d *extract.Definition) bool {
				c := ix.Class(d.Path)
				return c.Aside || c.Test || bare && d.Name != r.Name && !slices.Contains(d.Aliases, r.Name) && d.Kind != extract.KindSchema
			})
		}
		if len(r.OwnTypes) > 0 && !slices.ContainsFunc(r.OwnTypes, func(t string) bool { return len(ix.TypesNamed(t)) > 0 }) && !inherits(ix, r.OwnBases, r.Name) {
			// `resolved_at`, a field of the spec's own `class
			// IncidentSlaBreach`, which the repository lacks: new with it,
			// never another type's field of the name, but for one the
			// sentence names ("the `Post` table gets `deletedAt`").
			if o := ownerBeside(sp.Refs, r, ix.Members[r.Name]); o != nil {
				matches = append(matches, Match{Ref: r, Order: i, Choice: rank.Choice{Def: o, Member: r.Name,
					Reason: fmt.Sprintf("defines `%s`, which has the member `%s`, named beside it", o.QualifiedName(), r.Name)}})
				continue
			}
			if r.Strong {
				unresolved = append(unresolved, ownNew(r, "a field", r.OwnTypes[0], at))
			}
			continue
		}
		if r.OwnEnum != "" && len(ix.TypesNamed(r.OwnEnum)) == 0 && (len(cands) == 0 || member != "") {
			// `Playback`, a value of the spec's own `enum ApiKeyScope`,
			// which the repository lacks: new with it, never another
			// enum's value of the name. (A definition of that very name
			// is what the spec's prose may mean by it: lldap's `UserId`
			// type, and an `UserId` column of the spec's new Iden enum.)
			if r.Strong {
				unresolved = append(unresolved, ownNew(r, "a value", r.OwnEnum, at))
			}
			continue
		}
		if ix.Modules[r.Name] && strings.ToLower(r.Name) == r.Name && r.Hint == spec.HintNone && !r.Called && distinctPlaces(cands) > 1 &&
			!slices.ContainsFunc(cands, func(d *extract.Definition) bool { return d.Container == "" }) && rk.Pick(r, cands, member).Arbitrary {
			// `dask`: the package of that name, not one of the members
			// classes call so, first by path; one such member the spec
			// points at (thanos's QueryAPI.query) is what the name means.
			continue
		}
		if r.Guessed && r.Source == spec.FromProse {
			// "the Distributor interface": a definition of the kind the
			// noun says, the one of that name (in the place the sentence
			// names, if any), or nothing: "the Ring interface" is no
			// constant `Ring`, "the User interface" of a web app no
			// `User` struct.
			cands = slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool { return !kindSays(r.Hint, d) })
			// ("the Order model": the table, before an API type of the
			// name; in the place the sentence names, if one is there.)
			if r.Hint == spec.HintTable {
				if tables := slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool { return d.Kind != extract.KindSchema }); len(tables) > 0 {
					cands = tables
				}
			}
			if placed := slices.DeleteFunc(slices.Clone(cands), func(d *extract.Definition) bool { return r.Path == "" || !inPlace(d.Path, r.Path) }); len(placed) > 0 {
				cands = placed
			}
			if distinctPlaces(cands) != 1 {
				continue
			}
		}
		if declaresType(r) {
			// `interface InvokeCallback extends CallbackBase {` in the
			// spec's code: a type, which no method, function or value of
			// that name in another file is.
			cands = slices.DeleteFunc(cands, func(d *extract.Definition) bool {
				return !naming.TypeKind(d.Kind)
			})
		}
		if r.Hint == spec.HintTable && len(cands) > 0 && !slices.ContainsFunc(cands, func(d *extract.Definition) bool {
			return d.Name == r.Name || d.Kind == extract.KindSchema || slices.Contains(d.Aliases, r.Name)
		}) {
			// "the `pushTokens` table", created by SQL in a Swift string:
			// that CREATE TABLE, not the PushToken struct a naming
			// convention spells from the name.
			if tableText == nil {
				// (One search of the files with SQL in their strings for
				// every name the spec calls a table: each reads them all.)
				var tables []string
				for k := range sp.Refs {
					if sp.Refs[k].Hint == spec.HintTable && !strings.Contains(sp.Refs[k].Name, ".") {
						tables = append(tables, sp.Refs[k].Name)
					}
				}
				tableText = ix.FindSQLText(tables)
				if tableText == nil {
					tableText = map[string]*search.TextHit{}
				}
			}
			if h := tableText[r.Name]; h != nil && h.Located != nil && h.Located.Kind == extract.KindSchema {
				matches = append(matches, Match{Ref: r, Order: i, Choice: rank.Choice{Def: h.Located,
					Reason: fmt.Sprintf("located by text in %s, which this tool does not parse", naming.Code(h.Located.Path))}})
				continue
			}
		}
		if unnamedOwner(sp, r, cands) {
			unowned = append(unowned, pendingRef{i, cands, member, held})
			continue
		}
		switch {
		case len(cands) == 0 && len(broken) > 0:
			unresolved = append(unresolved, gap(r, GapUnparsed, fmt.Sprintf("defined at %s, which does not parse; not shown", naming.PathList(broken, 3))))
		case len(cands) == 0:
			missing = append(missing, pendingRef{i: i})
		case distinctPlaces(cands) == 1:
			if mm, dist, ok := memberBesideAt(sp, r, matches); ok && member == "" &&
				(r.Path == "" && (cands[0].Container != "" || lowerConstant(r, cands[0]) && !rk.PointedAt(cands[0]) ||
					dist == 0 && !r.Called && cands[0].Kind == extract.KindFunction && !rk.PointedAt(cands[0])) ||
					// ("`.../collection_group_entity.go` defines
					// `CollectionGroup` with `ID`": the member of the type
					// in the file the sentence names, not a function `ID`
					// elsewhere; but not where the line, or one beside it
					// (a sentence wraps), names that elsewhere too:
					// "`groupRepo` in `repo/group_repo.go`: `AddGroup`".)
					r.Path != "" && !inPlace(cands[0].Path, r.Path) && inPlace(mm.Def.Path, r.Path) &&
						!pathOnLine(sp, r.Line-1, cands[0].Path) && !pathOnLine(sp, r.Line, cands[0].Path) && !pathOnLine(sp, r.Line+1, cands[0].Path)) &&
				!strings.HasSuffix("."+cands[0].Container, "."+mm.Def.Name) {
				// "the `AuthenticationInfo` DTO, filling `DeviceId`": the
				// member of the type the paragraph names, not a constant
				// of that name in another class; "the `Post` table with
				// that `organizationId`": the column, not a module's
				// constant of the name where the spec does not point;
				// "`CaseType` carries flags (`generate_read_in_summary`)":
				// the column of the type on its line, not a function of
				// the name elsewhere, which the spec does not call.
				mm.Order = i
				matches = append(matches, mm)
				continue
			}
			m := choose(r, pendingRef{i, cands, member, held})
			matches = append(matches, m)
			rk.Settle(m.Def)
		default:
			ambiguous = append(ambiguous, pendingRef{i, cands, member, held})
		}
	}
	for _, p := range unowned {
		// (Decided once every name of one definition has settled: a
		// member of a file that defines others the spec names is its.)
		r, d := &sp.Refs[p.i], p.cands[0]
		if mm, ok := chosenMemberNamed(sp, r, matches); ok && mm.Def != d {
			// `last_ping` beside `Check.status`: the field of the type
			// the spec chose, not Transport's method of the name.
			mm.Order = p.i
			matches = append(matches, mm)
			continue
		}
		switch {
		case rk.PointedAt(d) || !r.Proposed && (!spec.BareWord(r.Name) || slices.ContainsFunc(matches, func(m Match) bool { return m.Def.Path == d.Path })):
			m := choose(r, p)
			matches = append(matches, m)
			rk.Settle(m.Def)
		case r.Strong && r.Proposed:
			unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: the one definition of the name is a member of `%s` (%s:%d), which the spec neither names nor points at", d.Container, d.Path, d.StartLine)))
		case r.Strong:
			unresolved = append(unresolved, gap(r, GapAmbiguous, fmt.Sprintf("the one definition is a member of `%s` (%s:%d), which the spec neither names nor points at; not shown", d.Container, d.Path, d.StartLine)))
		}
	}
	for _, p := range ambiguous {
		r := &sp.Refs[p.i]
		m := choose(r, p)
		if q, ok := qualifiedElsewhere(r, p.cands, matches); ok && p.mem == "" && p.held == "" && q.Def != m.Def && !placedApart(r, m.Def, q.Def) &&
			!(rank.Scoped(q.Ref) && q.Def.Container != "" && m.Def.Container == "" && naming.TypeKind(m.Def.Kind) && !ix.Class(m.Def.Path).Aside && !ix.Class(m.Def.Path).Test) {
			// (Not where that whole name is a type nested in a scope and
			// the name alone chose the top-level type: the web-side
			// `RubygemPolicy` beside `Api::RubygemPolicy` is the other.)
			// `PrefixData`, which the spec names whole elsewhere
			// (`pkg.core.prefix_data.PrefixData`): that definition.
			m = Match{Ref: r, Choice: rk.PickNamed(r, p.cands, q.Def,
				fmt.Sprintf("the spec names it `%s` (line %d)", q.Ref.Name, q.Ref.Line)), Order: p.i}
		}
		if mm, dist, ok := memberBesideAt(sp, r, matches); ok && p.mem == "" && (!m.PlacedByName() || dist == 0 && otherOwner(m.Def, mm.Def) && !pathOnLine(sp, r.Line, m.Def.Path)) {
			// "`NexusEndpointsRow` (`ID`, `Version`, `Data`)": the
			// members of the type the paragraph names, not the types of
			// those names elsewhere; a type named on the member's own
			// line beats a file named on another ("`LocalJobProvider`
			// retries through `getApiHandler`", `bullmq.ts` below).
			mm.Order = p.i
			matches = append(matches, mm)
			continue
		}
		if d := siblingBeside(sp, r, p.cands, matches); d != nil && m.Arbitrary && p.mem == "" {
			// "`BankAccount#equals` ..., and `hashCode`": the method of the
			// class whose other member the sentence names, not the first
			// class by path that has one.
			matches = append(matches, Match{Ref: r, Order: p.i, Choice: rk.PickNamed(r, p.cands, d,
				fmt.Sprintf("it is a member of `%s`, another member of which the spec names beside it", d.Container))})
			continue
		}
		if mm, ok := memberOf(r, matches); ok && m.Arbitrary && p.mem == "" && !(m.Tied > 1 && m.Tied <= maxGuess) {
			// `published`, which unrelated classes define and nothing in
			// the spec tells apart: the member of a definition chosen.
			// (A few definitions in files the spec names are what it
			// means: the first is shown, the others listed beside it.)
			mm.Order = p.i
			matches = append(matches, mm)
			continue
		}
		if m.Arbitrary && p.mem == "" && !strings.Contains(r.Name, ".") && allMembers(p.cands) && len(vl.holders(r, matches)) > 0 {
			// `Ready`, which only methods of unrelated types are called,
			// and a constant holds as its value: the value, unless it too
			// would be a guess.
			values = append(values, p)
			continue
		}
		if m.Arbitrary && !slices.ContainsFunc(p.cands, func(d *extract.Definition) bool { return !ix.Class(d.Path).Test }) {
			// `foo`, `FruitConnection`: defined only by tests and their
			// data, at places nothing tells apart; none is what the spec
			// means more than another.
			if r.Strong {
				unresolved = append(unresolved, gap(r, GapAmbiguous, fmt.Sprintf("defined only in test files and their data, at %d places; nothing in the spec says which",
					distinctPlaces(p.cands))))
			}
			continue
		}
		if guessed(m, p.cands) {
			if r.Strong {
				unresolved = append(unresolved, nameGuess(r, p.cands))
			}
			continue
		}
		matches = append(matches, m)
	}
	// A method the spec's code shows without its type: the one method of
	// that name its parameters and members tell, else nothing.
	for _, p := range sketches {
		if m, ok := sketched(ix, &sp.Refs[p.i], matches); ok {
			m.Order = p.i
			matches = append(matches, m)
		}
	}
	// `model_name="BlogPage"` in the spec's code: a member of a chosen
	// definition (the field a model's constructor takes), else nothing.
	for _, p := range keywords {
		if m, ok := chosenMemberNamed(sp, &sp.Refs[p.i], matches); ok {
			m.Order = p.i
			matches = append(matches, m)
		}
	}
	var keyRefs []int
	for _, p := range configKeys {
		keyRefs = append(keyRefs, p.i)
	}
	unresolved = append(unresolved, configKeyGaps(ix, sp, keyRefs, at)...)
	// "the `status` field", "an `EmailData` value": a member of an artifact
	// already chosen, else a definition of that name, else a gap.
	for _, p := range fields {
		r := &sp.Refs[p.i]
		if m, ok := memberOf(r, matches); ok {
			m.Order = p.i
			matches = append(matches, m)
			continue
		}
		if cands, member, held, _ := candidates(ix, r); len(cands) > 0 {
			matches = append(matches, choose(r, pendingRef{p.i, cands, member, held}))
			continue
		}
		m, owners, far, ok := ownerMatch(rk, ix, r)
		if far && !r.Proposed {
			continue // `status`: some types have one, none the spec points at
		}
		if g, lacks := besideLacking(sp, r, m, owners, matches); ok && !r.Proposed && lacks {
			if r.Strong {
				unresolved = append(unresolved, g)
			}
			continue
		}
		if ok && !r.Proposed {
			m.Order = p.i
			if guessed(m, owners) {
				unresolved = append(unresolved, memberGuess(r, owners))
				continue
			}
			matches = append(matches, m)
			continue
		}
		if len(vl.holders(r, matches)) > 0 {
			values = append(values, p) // "the `Retry` value"
			continue
		}
		if strings.Contains(r.Name, ".") {
			// `Machine.Taints` field, `FilterSet.Meta.fields` attribute: a
			// member named on something, which the member's checks read.
			missing = append(missing, p)
			continue
		}
		if g, ok := declaredMember(ix, r); ok && r.Strong && !r.Proposed && len(ix.Declared(r.Name)) == 0 {
			// "the `key` and `value` fields": a member of some type. (One
			// declared inside a definition is said so, below.)
			unresolved = append(unresolved, g)
			continue
		}
		if mod, ok := ix.Imports[r.Name]; ok && !r.Proposed && !ix.DeclaredApart(r.Name) {
			// "`Instant` columns": a type the code imports, whatever its
			// wording makes of it.
			external = append(external, gap(r, GapExternal, importedHint(ix, r.Name, mod)))
			continue
		}
		if ls := builtinsHere(ix, r.Name); len(ls) > 0 && !r.Proposed {
			// "holds `uint64` values": the language's type, which no
			// type of the code has as a member either.
			external = append(external, builtinGap(r, ls))
			continue
		}
		if r.Strong && !ix.External(r) {
			g := gap(r, GapAbsent, fmt.Sprintf("no definition in %s, and no artifact shown has a member of that name", at))
			if held := vl.held(r); r.Proposed {
				g = gap(r, GapNew, fmt.Sprintf("new in this spec: not in %s", at))
				owners := ix.Members[r.Name]
				if len(owners) == 0 {
					owners = ix.Wire[r.Name] // (`ackId`, a field serialized so)
				}
				if t := lackingBeside(sp, r, matches); changedOwner(t, owners) != nil {
					// "`AddSvgIconToAuthClient`, which adds an optional
					// `svgIcon`": what the code added to the type the
					// migration named beside it changes, which has it.
					o := changedOwner(t, owners)
					matches = append(matches, Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: o, Member: r.Name,
						Reason: fmt.Sprintf("defines `%s`, which has the member `%s`, the type `%s` named beside it changes", o.QualifiedName(), r.Name, t.Name)}})
					continue
				} else if t := typeLacking(sp, r, matches); t != "" && (ok || far || len(owners) > 0) {
					// "add `expiresAt` and `visibility` fields to `Docs`",
					// which other types have: the claim is about Docs.
					g = proposedMember(r, fmt.Sprintf("%s has no member `%s`", t, r.Name))
				} else if o := codeOwner(ix, r, owners); o != nil {
					// "a new `maxPages` option", in a guide to a version the
					// code already is: the one type of the code that has a
					// member of that name, one no common word is.
					member, has := r.Name, fmt.Sprintf("which has the member `%s`", r.Name)
					if i := slices.IndexFunc(o.Members, func(m extract.Member) bool { return m.Answers(r.Name) }); i >= 0 && o.Members[i].Name != r.Name {
						member, has = o.Members[i].Name, fmt.Sprintf("whose field `%s` is serialized as `%s`", o.Members[i].Name, r.Name)
					}
					matches = append(matches, Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: o, Member: member,
						Reason: fmt.Sprintf("defines `%s`, %s; the spec calls it new, and the code has it", o.QualifiedName(), has)}})
					continue
				} else if len(owners) > 0 {
					// Types the spec does not name have it (`bool deleted = 3;`
					// of another message): the name is not new to the
					// repository, and the gap says where it stands.
					g = gap(r, GapNew, fmt.Sprintf("new in this spec: no type it names has it; %s %s a member of that name",
						ownerList(owners, 3), naming.Plural(distinctPlaces(owners), "has", "have")))
					g.declared = true
				}
			} else if len(held) > 0 {
				g = vl.heldGap(r, held, matches, at)
			}
			unresolved = append(unresolved, g)
		}
	}
	// named: the strong references, which make their own gaps; heads: the
	// undefined heads of dotted names already reported.
	named, heads := map[string]bool{}, map[string]bool{}
	tables := map[string]bool{} // the names the spec calls tables
	for _, r := range sp.Refs {
		named[r.Name] = named[r.Name] || r.Strong
		tables[r.Name] = tables[r.Name] || r.Hint == spec.HintTable
	}
	for _, p := range missing {
		r := &sp.Refs[p.i]
		if ix.Namespace(r.Name) {
			continue // `Microsoft.SemanticKernel.Connectors.OpenAI`: a namespace of the code
		}
		if exists, hint, ok := modulePath(ix, r.Name, at); ok {
			// `wagtail.blocks.migrations.operations`: a module, by its path.
			if !exists && r.Strong {
				unresolved = append(unresolved, gap(r, GapPathMissing, hint))
			}
		} else if m, ok := firstRule(ix, r, nestedTypeMember, nestedMember); ok {
			// `JobSerializer.Meta.fields`: a member of the class Meta
			// nested in JobSerializer; `server.Config.Pipeline.MaxTimeout`:
			// a field of the struct written inline in Config's field
			// Pipeline.
			m.Order = p.i
			matches = append(matches, m)
		} else if m, ok := attributeClass(rk, ix, r); ok {
			// `[DynamicallyAccessedMembers]`: the attribute class
			// DynamicallyAccessedMembersAttribute, as C# writes its uses.
			m.Order = p.i
			matches = append(matches, m)
		} else if m, ok := dottedRoute(rk, ix, r); ok {
			// `shares.list`: the route registered as "shares.list".
			m.Order = p.i
			matches = append(matches, m)
		} else if m, ok := memberOf(r, matches); ok {
			m.Order = p.i
			matches = append(matches, m)
		} else if ls := builtinsHere(ix, r.Name); len(ls) > 0 && spec.IsUpperStart(r.Name) && ix.Imports[r.Name] == "" && !r.Declared && !addsType(r) {
			// `Task` of `Task<ActionResult<T>>`: the language's type, which
			// the code defines no type of; a member of a type the spec
			// names (above), but never of another of the code's types (an
			// event's `Task` property). (One the code imports is said to
			// be imported, below.)
			external = append(external, builtinGap(r, ls))
		} else if ch, ok := ix.Chain(r.Name); ok && len(ch.Owners) > 0 && !r.NamespaceMember() {
			// `AdmissionCheck.Spec.RetryDelayMinutes`, `requeueState.requeueAt`:
			// a member of the type the chain's members lead to.
			m := chainMatch(rk, r, ch)
			m.Order = p.i
			if !guessed(m, ch.Owners) {
				matches = append(matches, m)
			} else if r.Strong {
				unresolved = append(unresolved, memberGuess(r, ch.Owners))
			}
		} else if ok && ch.Broken != "" && (ch.Through > 0 || strings.Count(r.Name, ".") > 1) {
			// The step where the chain broke: a member the type reached
			// lacks, or a type from outside the repository. (A Type.member
			// whose type lacks it is missingMember's, below.)
			switch {
			case ch.External:
				external = append(external, gap(r, GapExternal, ch.Broken))
			case !r.Strong:
			case r.Proposed:
				unresolved = append(unresolved, proposedMember(r, ch.Broken))
			default:
				unresolved = append(unresolved, gap(r, GapNoMember, ch.Broken))
			}
		} else if m, owners, far, ok := ownerMatch(rk, ix, r); far || ok && !r.Strong && spec.BareWord(r.Name) && !chosen(matches, m.Def) {
			// `status`: some types have one, none the spec points at.
			// "`new` → `down`": a word in passing, no member of a type
			// nothing else chose (a form's `down` field).
			continue
		} else if g, lacks := besideLacking(sp, r, m, owners, matches); ok && lacks {
			if r.Strong {
				unresolved = append(unresolved, g)
			}
		} else if t := lackingBeside(sp, r, matches); ok && r.Proposed && t != nil && t != m.Def && !chosen(matches, m.Def) && firstLineNames(sp, r, t.Name) && changedOwner(t, owners) == nil {
			// "Extend the `NoteShare` message with `title`": a field the
			// spec adds to the type on its line, not another message's
			// `title` the spec never names.
			if r.Strong {
				unresolved = append(unresolved, proposedMember(r, fmt.Sprintf("`%s` (%s) has no member `%s`", t.QualifiedName(), naming.At(t.Path, t.DeclLine), r.Name)))
			}
		} else if ok {
			// An enum value or class constant named alone: its enum or
			// class; a field by the name it is serialized as
			// (`consolidateAfter`): the type that has the field.
			m.Order = p.i
			if !guessed(m, owners) {
				matches = append(matches, m)
			} else if r.Strong {
				unresolved = append(unresolved, memberGuess(r, owners))
			}
		} else if len(vl.holders(r, matches)) > 0 {
			values = append(values, p) // `Retry`, `APP_TOKEN`: no name, a value a constant holds
		} else if mod, ok := ix.Imports[r.Name]; ok && !ix.DeclaredApart(r.Name) {
			// (See DeclaredApart: a client's import in another language
			// makes no name the repository declares a package's.)
			external = append(external, gap(r, GapExternal, importedHint(ix, r.Name, mod)))
		} else if mod, ok := importedWhole(ix, r.Name); ok {
			// `org.springframework.data.jpa.repository.JpaRepository`: a
			// name the code imports by that very path.
			external = append(external, gap(r, GapExternal, fmt.Sprintf("imported from `%s`, outside the repository", mod)))
		} else if d := extensionMethod(ix, r); d != nil {
			// `IntegrationType.ToRoutingKey`, C#'s `static string
			// ToRoutingKey(this IntegrationType type)`: the type's method,
			// declared in another.
			matches = append(matches, Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: d,
				Reason: fmt.Sprintf("defines `%s`, an extension method of `%s`", d.QualifiedName(), strings.Split(r.Name, ".")[0])}})
		} else if d := otherExtension(ix, r); d != nil && !r.Proposed {
			// `User.GetIsApiKey()`, on a property named like an entity
			// type: the one extension method of that name, of another
			// receiver (ClaimsPrincipal), not a member the type lacks.
			recv, _ := receiver(d)
			matches = append(matches, Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: d,
				Reason: fmt.Sprintf("defines `%s`, an extension method of `%s`, the only definition of `%s`", d.QualifiedName(), recv, d.Name)}})
		} else if m, ok := firstRule(ix, r, generatedMember, tableMember); ok {
			m.Order = p.i
			matches = append(matches, m)
		} else if m, ok := firstRule(ix, r, pathTypeMember, derivedMember); ok {
			// `span.Process.Tags`: whatever `span` is, Process is the
			// one type of that name, and it has Tags;
			// `CommunityInsertForm::new`, generated by #[derive(new)].
			m.Order = p.i
			matches = append(matches, m)
		} else if m, ok := backrefMember(r, matches); ok {
			// `SignalFilter.signals`, made by Signal's
			// relationship("SignalFilter", backref="signals").
			m.Order = p.i
			matches = append(matches, m)
		} else if hint, ok := tableCall(ix, r); ok {
			// Whatever the spec says of it: the ORM's, no column.
			external = append(external, gap(r, GapExternal, hint))
		} else if hint, kind, ok := missingMember(ix, r, matches, tables); ok {
			// A member the spec adds is missing from that type, whatever
			// it may inherit: the claim is about the type, never that the
			// repository has no such name.
			switch {
			case r.Proposed || r.OwnMember || declaredInFence(sp, r.Name[strings.LastIndexByte(r.Name, '.')+1:]):
				unresolved = append(unresolved, proposedMember(r, hint))
			case kind == GapExternal:
				external = append(external, gap(r, GapExternal, hint))
			default:
				unresolved = append(unresolved, gap(r, kind, hint))
			}
		} else if defs, head, last := elsewhere(ix, r); len(defs) > 0 {
			// `serializers.EmailField`: the module the spec names does not
			// define the name, and the repository does elsewhere.
			if line, at, ok := ix.ModuleAlias(head, last); ok {
				// `model::User`, where the module gives `User` as an alias
				// (`pub use super::users::Entity as User;`): what it names
				// is the aliased definition, never another `User`.
				if r.Strong {
					unresolved = append(unresolved, gap(r, GapAbsent, fmt.Sprintf("`%s` defines no `%s`; it gives the name to another definition: `%s` (%s)", head, last, line, at)))
				}
			} else if kept := ix.ImportedDefs(head, last, defs); len(kept) > 0 {
				m := pick(rk, r, kept, "")
				m.Reason += fmt.Sprintf("; `%s` does not define `%s` and imports it", head, last)
				m.Order = p.i
				matches = append(matches, m)
			} else {
				external = append(external, gap(r, GapExternal, fmt.Sprintf("the repository's `%s` neither defines nor imports `%s`, which is defined at %s: `%s` here is likely a dependency's",
					head, last, naming.At(defs[0].Path, defs[0].DeclLine), head)))
			}
		} else if m, ok := aliasedModuleMember(rk, ix, r); ok {
			m.Order = p.i
			matches = append(matches, m)
		} else if head, _, ok := strings.Cut(r.Name, "."); ok && ix.Imports[head] != "" && !ix.OwnRoot(r.Name) && !ownModule(ix, ix.Imports[head]) && !otherLanguageOwn(ix, head, r.Sep) {
			// `models.CharField` where the code says `from django.db import models`.
			external = append(external, gap(r, GapExternal, fmt.Sprintf("`%s` is %s", head, importedHint(ix, head, ix.Imports[head]))))
		} else if m, owners, ok := generatedField(rk, ix, r); ok {
			if m.Arbitrary && distinctPlaces(owners) > 1 {
				// A name inferred from generated code, on no other evidence:
				// no first by path.
				unresolved = append(unresolved, gap(r, GapAmbiguous, fmt.Sprintf("generated from a field of %d messages (%s); the spec does not say which",
					distinctPlaces(owners), places(owners, 3))))
			} else {
				m.Order = p.i
				matches = append(matches, m)
			}
		} else if d := onlyExtension(ix, r); d != nil {
			// `services.AddRabbitMqIntegration`: no package of that name,
			// and the one function of that name takes a receiver.
			m := Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: d,
				Reason: fmt.Sprintf("defines `%s`, an extension method; the only definition of `%s`, taken for `%s`", d.QualifiedName(), d.Name, r.Name)}}
			matches = append(matches, m)
		} else if m, ok := firstRule(ix, r, soleMemberOfValue, namedTypeMember, decoratedAttribute); ok {
			m.Order = p.i
			matches = append(matches, m)
		} else if _, last, dotted := strings.Cut(r.Name, "."); dotted && r.OwnMember && r.Strong && len(ix.Defs[last]) == 0 {
			// `job.pause_job`, a method of the spec's own class no code
			// defines: new, whatever the variable is.
			unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: its code declares it; not in %s", at)))
		} else if owner, ok := proposedOwner(sp, r); ok && ix.External(r) && len(ix.Members[r.Name[strings.LastIndexByte(r.Name, '.')+1:]]) == 0 {
			// `weekly_goal_result.week_start`, a column of the table the
			// spec adds: new with it, no dependency's. (Where types of
			// the code have a member of that name, `joint_conf.generation`
			// of a variable the spec types as an existing Configuration,
			// the member is no new one.)
			if r.Strong {
				unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: a member of `%s`, which the spec adds (line %d)", owner.Name, owner.Line)))
			}
		} else if m, ok := selfMember(ix, r, matches); ok {
			m.Order = p.i
			matches = append(matches, m)
		} else if m, ok := firstRule(ix, r, moduleMember, nestedObjectMember); ok {
			m.Order = p.i
			matches = append(matches, m)
		} else if head, _, _ := strings.Cut(r.Name, "."); r.Command && !ix.Modules[head] {
			// `manage.py makemigrations`, `manage.py shell`: the framework's
			// own commands, which no module of the repository defines, as
			// much as one the spec adds: no claim either way.
			continue
		} else if ix.External(r) && (r.NamespaceMember() || !repoFieldPath(ix, r.Name)) && !strings.Contains(r.Written, "->") && !generatedVariableMember(ix, r) &&
			!chainStopped(ix, r) && !r.Command {
			// (`c->resps_suspended`: a member reached through a pointer,
			// whose head is a variable, never a package.)
			external = append(external, gap(r, GapExternal, externalHint))
		} else if ls := builtinsHere(ix, r.Name); len(ls) > 0 && !r.Declared && !addsType(r) {
			// (A name the spec's code declares, `interface Request {`, or
			// a type it adds, "a new `Event` type", is the spec's, whatever
			// the language has built in; "the added `INDEX`" is SQL's.)
			external = append(external, builtinGap(r, ls))
		} else if m, ok := chosenMember(ix, r, matches); ok {
			// `ownedJobs.failed`, where the head is a variable or a field
			// the search does not follow: the chosen type that has it.
			m.Order = p.i
			matches = append(matches, m)
		} else if t, ok := valueType(ix, r); ok {
			// `refund.save!`: a value named after Refund, which declares
			// no save: one it inherits from outside, not another type's.
			head, last, _ := strings.Cut(r.Name, ".")
			external = append(external, gap(r, GapExternal, fmt.Sprintf("`%s` names `%s` (%s), which declares no `%s`; it may inherit it from outside the repository",
				head, t.Name, naming.At(t.Path, t.DeclLine), last)))
		} else if defs := memberDefs(ix, r); len(defs) > 0 {
			// `combiner.MaxSeriesReached`: a member of a value whose type
			// the spec does not name. One definition of that name is it;
			// several are no gap either.
			if distinctPlaces(defs) == 1 {
				m := pick(rk, r, defs, "")
				m.Reason += fmt.Sprintf("; the only definition of `%s`, taken for `%s`", defs[0].Name, r.Name)
				m.Order = p.i
				matches = append(matches, m)
			} else {
				unfollowed[p.i] = len(unresolved)
				unresolved = append(unresolved, gap(r, GapAmbiguous, fmt.Sprintf("`%s` is defined at %d places (%s); the spec does not say which `%s` is",
					defs[0].Name, distinctPlaces(defs), places(defs, 3), strings.Split(r.Name, ".")[0])))
			}
		} else if ix.Modules[r.Name] && strings.ToLower(r.Name) == r.Name {
			continue // `userbus`, `appendix`: a package or directory that exists
		} else if head, ok := undefinedHead(ix, r.Name); ok && spec.NotName(head) {
			// `ActiveRecord::RecordNotFound`: a framework's namespace the
			// repository defines nothing of.
			if r.Strong {
				external = append(external, gap(r, GapExternal, fmt.Sprintf("`%s` is the language's or a framework's own name, which the repository does not define", head)))
			}
		} else if head, ok := undefinedHead(ix, r.Name); ok && !r.NamespaceMember() {
			// `HighScore.objects.get`, `FilterSet.Meta.fields`: the claim is
			// about the head, whose absence leaves nothing to look its
			// members up on. Its own mention, or an earlier chain, says it.
			if r.Strong {
				headed = append(headed, p.i)
			}
			if r.Strong && !named[head] && !heads[head] {
				heads[head] = true
				g := Gap{Ref: head, SpecLine: r.Line, Kind: GapAbsent,
					Hint: fmt.Sprintf("no definition in %s; the spec names it in `%s`", at, r.Name)}
				if r.Proposed {
					g.Kind, g.Hint = GapNew, fmt.Sprintf("new in this spec: not in %s; the spec names it in `%s`", at, r.Name)
				}
				unresolved = append(unresolved, g)
			}
		} else if owner, ok := proposedOwner(sp, r); ok {
			// `Shop::Api::RefundsController#create`, of the controller the
			// spec adds: new with it, whatever other types have.
			if r.Strong {
				unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: a member of `%s`, which the spec adds (line %d)", owner.Name, owner.Line)))
			}
		} else if ch, _ := ix.Chain(r.Name); ch.StoppedAt != nil && ch.Stopped != "" && r.Strong && !r.Proposed {
			// `ApplicationJob::PRIORITIES.fetch(:stats)`: the constant the
			// chain reaches is shown; what its value's `fetch` is, the
			// search cannot say.
			d := ch.StoppedAt
			matches = append(matches, Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: d, Member: ch.StoppedMember,
				Reason: fmt.Sprintf("defines `%s`, which has the member `%s`; %s", d.QualifiedName(), ch.StoppedMember, stopped(ch))}})
		} else if g, ok := memberOrVariable(ix, r); ok {
			if strings.Contains(r.Name, ".") {
				unfollowed[p.i] = len(unresolved)
			}
			unresolved = append(unresolved, g)
		} else if ch, _ := ix.Chain(r.Name); ch.Stopped != "" && r.Strong && (!r.Proposed || ch.Generated) {
			// The chain stopped at a type no file the search read defines
			// (a generated file's): nothing says the last part is absent,
			// nor, at a type generated code declares, that a member the
			// wording adds is not there yet.
			if r.Proposed {
				unresolved = append(unresolved, gap(r, GapNew, "the spec adds it; "+stopped(ch)))
			} else {
				unresolved = append(unresolved, gap(r, GapAmbiguous, stopped(ch)))
			}
		} else if r.Strong && r.Proposed {
			unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: not in %s", at)))
		} else if r.Strong && r.OwnMember {
			unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: its code declares it; not in %s", at)))
		} else if r.Strong && r.Listed != "" {
			unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: listed under \"%s\"; not in %s", r.Listed, at)))
		} else if held := vl.held(r); r.Strong && len(held) > 0 {
			unresolved = append(unresolved, vl.heldGap(r, held, matches, at))
		} else if head, ls := builtinHead(ix, r.Name); len(ls) > 0 {
			// `Promise.allSettled`: a member of the language's own type,
			// of which the code defines and imports none.
			external = append(external, gap(r, GapExternal, fmt.Sprintf("`%s` is a language built-in (%s)", head, strings.Join(ls, ", "))))
		} else if v, base, ok := madeOutside(ix, r.Name); ok {
			// `prisma.webhook.findUniqueOrThrow`, where prisma = new
			// PrismaClient(): the members of a class from outside.
			external = append(external, gap(r, GapExternal, fmt.Sprintf("`%s` (%s) is made from `%s`, outside the repository",
				v.Name, naming.At(v.Path, v.DeclLine), base)))
		} else if d := valueHead(ix, r); d != nil && !r.Proposed {
			// `DOCUMENT_AUDIT_LOG_TYPE.DOCUMENT_CANCELLED`, where the head
			// is a constant (`= ZDocumentAuditLogTypeSchema.Enum`): what its
			// value holds, the search does not follow, nor deny.
			matches = append(matches, Match{Ref: r, Order: p.i, Choice: rank.Choice{Def: d,
				Reason: fmt.Sprintf("defines `%s`, a value whose members the search does not follow", d.QualifiedName())}})
		} else if r.Strong {
			unresolved = append(unresolved, gap(r, GapAbsent, fmt.Sprintf("no definition in %s", at)))
		} else if r.Called && r.Source == spec.FromFence && !spec.BareWord(r.Name) && !strings.Contains(r.Name, ".") && !spec.EmbeddedLang(r.FenceLang) {
			// `checkAllowedExtraResources(...)` in the spec's code: a
			// function it means to add. (A one-word call, `make` or a
			// local `fn`, says nothing; nor does a SQL block's call,
			// ClickHouse's toIntervalDay: the database's.)
			unresolved = append(unresolved, gap(r, GapNew, fmt.Sprintf("new in this spec: its code calls it; not in %s", at)))
		} else if d := extended(ix, r); d != nil {
			// `GetConfiguration(FunctionChoiceBehaviorContext context)` in
			// the spec's code, where the repository has
			// FunctionChoiceBehavior: a type of the code's family the spec
			// names and the code lacks (renamed, or never written).
			unresolved = append(unresolved, gap(r, GapAbsent, fmt.Sprintf("no definition in %s; its name extends `%s` (%s), which the repository defines",
				at, d.Name, naming.At(d.Path, d.DeclLine))))
		}
	}
	// A dotted name whose type a later name chose (`acknowledgements.x`
	// before the `HecAcknowledgementsConfig` its own line names).
	// A name no definition has that a chosen function takes as a
	// parameter (`fallback_rate`, of `exchange_to(..., fallback_rate: nil)`).
	settled := map[int]bool{}
	for _, i := range slices.Sorted(maps.Keys(unfollowed)) {
		at := unfollowed[i]
		if m, ok := chosenMember(ix, &sp.Refs[i], matches); ok {
			m.Order = i
			matches = append(matches, m)
			settled[at] = true
		}
	}
	for at, g := range unresolved {
		// (A dotted name's: only a verdict that its head lacks the
		// member, drawn from some other type than the parameter's. A bare
		// name the spec calls new that a chosen function already takes,
		// `full` of `serialize_alert(alert, full=True)`, is that parameter.)
		if dotted := strings.Contains(g.Ref, "."); dotted && g.Kind != GapNoMember || !dotted && g.Kind != GapAbsent && g.Kind != GapNew {
			continue
		}
		i := refOf(sp, g)
		if i < 0 || sp.Refs[i].Proposed && strings.Contains(g.Ref, ".") {
			continue // `community.vote_mode` (new): the column the spec adds, not the parameter's member
		}
		of := matches
		if g.Kind == GapNew {
			// (Only a function the same line names, and not what the
			// wording calls something else: "a new `timeout` setting" in
			// another section is no parameter of `enqueue`, "a `limit`
			// field (new)" none of the function beside it.)
			if sp.Refs[i].Hint != spec.HintNone {
				continue
			}
			line := sp.Line(sp.Refs[i].Line)
			of = slices.DeleteFunc(slices.Clone(matches), func(m Match) bool { return m.Def == nil || !naming.HasWord(line, m.Def.Name) })
		}
		if m, ok := parameterOf(&sp.Refs[i], of); ok {
			m.Order = i
			matches = append(matches, m)
			settled[at] = true
		}
	}
	if len(settled) > 0 {
		kept := unresolved[:0]
		for i, g := range unresolved {
			if !settled[i] {
				kept = append(kept, g)
			}
		}
		unresolved = kept
	}
	sort.SliceStable(values, func(i, j int) bool { return values[i].i < values[j].i })
	for _, p := range values {
		r := &sp.Refs[p.i]
		m, holders := byValue(rk, vl, r, matches)
		switch {
		case !guessed(m, holders):
			m.Order = p.i
			matches = append(matches, m)
		case len(p.cands) > 0:
			// The value is no better a guess than the name: the name's
			// choice, as for any name.
			if m = choose(r, p); !guessed(m, p.cands) {
				matches = append(matches, m)
			} else if r.Strong {
				unresolved = append(unresolved, nameGuess(r, p.cands))
			}
		case r.Strong:
			unresolved = append(unresolved, gap(r, GapAmbiguous, fmt.Sprintf("`%s` is a value held at %d places (%s); nothing in the spec says which",
				r.Name, distinctPlaces(holders), places(holders, 3))))
		}
	}
	for i := range matches {
		// "the object type `Docs` (docs.model.ts)" and "the Prisma model
		// `Docs`": a definition for each place the spec gives the name.
		m := matches[i]
		for _, at := range m.Ref.Also {
			r := *m.Ref
			r.Line, r.Path, r.Lang, r.Also = at.Line, at.Path, at.Lang, nil
			if cands, member, _, _ := candidates(ix, &r); len(cands) > 0 {
				if alt := pick(rk, &r, cands, member); alt.Def != m.Def && !alt.Arbitrary && !slices.ContainsFunc(matches, func(o Match) bool { return o.Def == alt.Def }) {
					alt.Order = m.Order
					matches = append(matches, alt)
				}
			}
		}
	}
	for i := range matches {
		// A name settled alone on a definition of another spelling (`id`
		// for a type `ID`), another type's member, or a guess, which a
		// type named in the same paragraph has as a member; even one a
		// name the spec qualifies others with chose (the constant `UserId`
		// of a class named elsewhere), when the type is named on the same
		// line ("`AuthorizationInfo` has `UserId`, `Client`"), but not one
		// a path the spec names chose.
		m := &matches[i]
		r := m.Ref
		if m.Member != "" || m.Def == nil || r.At > 0 || r.IsPath || r.Route != nil || m.Value != "" ||
			m.Def.Name == r.Name && m.Def.Container == "" && !m.Arbitrary || tableNamed(m.Def, r.Name) {
			continue
		}
		if mm, d, ok := memberBesideAt(sp, r, slices.Delete(slices.Clone(matches), i, i+1)); ok && (!m.PlacedByName() || d == 0 && !m.PlacedByPath() && r.Path == "") {
			mm.Order = m.Order
			*m = mm
		}
	}
	for i := range matches {
		// A lower-case name a chosen function takes as a parameter is
		// that parameter, not a definition of the name in another
		// directory: `serviceName`, a part of the key createIndexKey
		// builds, is no command's flag constant in another package. (A
		// member chosen, a table's column or a model's field, stays, but
		// for one of a type the spec never names, in another language than
		// the function's: a frontend class's `apiKey` field is no C#
		// action's parameter.)
		m := &matches[i]
		r := m.Ref
		if m.Def == nil || m.Def.Container != "" || strings.Contains(r.Name, ".") || spec.IsUpperStart(r.Name) || r.IsPath || r.Route != nil || r.Path != "" ||
			r.Proposed || m.PlacedByPath() || m.Def.Kind == extract.KindFunction || m.Def.Kind == extract.KindMethod {
			continue
		}
		if pm, ok := parameterOf(r, matches); ok && path.Dir(pm.Def.Path) != path.Dir(m.Def.Path) && (m.Member == "" || pm.Def.Lang != m.Def.Lang && !sp.Words[m.Def.Name]) {
			pm.Order = m.Order
			*m = pm
		}
	}
	matches, unresolved = addedMembers(sp, matches, unresolved)
	matches, unresolved = routeParams(sp, matches, unresolved)
	unresolved = append(unresolved, drift(ix, matches, at)...)
	nested(ix, unresolved)
	matches, unresolved = droppedTables(ix, matches, unresolved, at)
	unresolved, external = brokenMembers(ix, unresolved, external)
	unresolved, external = configExternals(ix, unresolved, external)
	matches, unresolved = placedInMissing(ix, matches, unresolved, at)
	unresolved, external = importedNames(ix, sp, unresolved, external)
	matches, unresolved = declaredInChosen(sp, matches, unresolved)
	m, g := unparsedPaths(ix, sp, headed)
	matches, unresolved = append(matches, m...), append(unresolved, g...)
	guessed := func(g Gap) bool { k := refOf(sp, g); return k >= 0 && sp.Refs[k].Guessed }
	unresolved, external = slices.DeleteFunc(unresolved, guessed), slices.DeleteFunc(external, guessed)
	unparsedRoutes(ix, sp, unresolved)
	matches = append(matches, textOnly(ix, sp, unresolved)...)
	appearances(ix, unresolved)
	keyed(ix, unresolved, at)
	unresolved, external = quotedNames(ix, unresolved, external, at)
	vendoredScope(ix, unresolved)
	// (What appearances found a dependency's goes with the external names.)
	var deps []Gap
	unresolved = slices.DeleteFunc(unresolved, func(g Gap) bool {
		if g.Kind == GapExternal {
			deps = append(deps, g)
		}
		return g.Kind == GapExternal
	})
	external = append(external, deps...)
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].Order < matches[j].Order })
	return matches, unresolved, external
}

// vendoredScope bounds the claims of absence the search makes: the copies
// of dependencies a repository keeps (vendor/, third_party/) are never
// read, and a name "no definition in the repository" may be defined there.
func vendoredScope(ix *search.Index, gaps []Gap) {
	if len(ix.Vendored) == 0 {
		return
	}
	dirs := ix.Vendored
	note := fmt.Sprintf("; the %s %s (copies of dependencies) %s not read", naming.PathList(dirs, 3),
		naming.Plural(len(dirs), "directory", "directories"), naming.Plural(len(dirs), "is", "are"))
	for i, g := range gaps {
		if g.Kind == GapAbsent && strings.HasPrefix(g.Hint, "no definition in ") {
			gaps[i].Hint += note
		}
	}
}

// unparsedPaths answers the dotted names whose head no parsed file
// defines (`MyApp.Sites.get_by_domain`, an Elixir module's function) from
// the files no parser reads: each name they hold, its head in the same
// file, gets a gap of its own saying where, and the line a plain pattern
// finds it declared on, rather than the one gap about the head alone.
func unparsedPaths(ix *search.Index, sp *spec.Spec, headed []int) ([]Match, []Gap) {
	var names []string
	for _, i := range headed {
		names = append(names, sp.Refs[i].Name)
	}
	hits := ix.FindText(names)
	var matches []Match
	var gaps []Gap
	for _, i := range headed {
		r := &sp.Refs[i]
		h := hits[r.Name]
		if h == nil {
			continue
		}
		where, shown := h.First, ""
		if d := h.Located; d != nil {
			where, shown = naming.At(d.Path, d.DeclLine), "; its declaration, located by text, is shown"
			matches = append(matches, Match{Ref: r, Order: i, Choice: rank.Choice{Def: d,
				Reason: fmt.Sprintf("located by text in %s, which this tool does not parse", naming.Code(d.Path))}})
		}
		gaps = append(gaps, gap(r, GapUnparsed, fmt.Sprintf("appears in %s, not parsed: %s%s", h.Where(ix.Unparsed()), where, shown)))
	}
	return matches, gaps
}

// refOf is the index of the reference a gap is of, or -1 (the gap of a
// dotted name's head has none of its own).
func refOf(sp *spec.Spec, g Gap) int {
	return slices.IndexFunc(sp.Refs, func(r spec.Ref) bool { return r.Name == g.Ref && r.Line == g.SpecLine })
}

// unparsedRoutes corrects the gaps that say no route registration was
// found (or that the spec's route is new) when a file of a language no
// parser reads spells the route's path in a string (a Phoenix router's
// post("/conversations/:id/archive", ...)), or a parsed file spells each
// of its segments as strings to a router this tool does not read (warp's
// path!("services" / "collector" / ..) and path!("ack")): the
// registration may well be there, and the gap says where.
func unparsedRoutes(ix *search.Index, sp *spec.Spec, gaps []Gap) {
	pathOf := map[int]string{} // the endpoint of each route gap, by the gap's index
	epOf := map[int]spec.RouteRef{}
	var paths []string
	var eps []spec.RouteRef
	for i, g := range gaps {
		if g.Kind != GapRouteMissing && g.Kind != GapNew {
			continue
		}
		k := refOf(sp, g)
		if k < 0 || sp.Refs[k].Route == nil {
			continue
		}
		p := sp.Refs[k].Route.Path
		if !slices.Contains(paths, p) {
			paths = append(paths, p)
		}
		pathOf[i], epOf[i] = p, *sp.Refs[k].Route
		eps = append(eps, *sp.Refs[k].Route)
	}
	// An endpoint an OpenAPI document declares (a contract-first API,
	// whose handlers implement interfaces generated from it at build
	// time) is said to be there.
	documented := ix.FindOpenAPI(eps)
	for i, ep := range epOf {
		if at := documented[search.Endpoint(ep)]; at != "" {
			gaps[i].Kind = GapUnparsed
			gaps[i].Hint = fmt.Sprintf("no route registration found in the code this tool parses; an OpenAPI document declares it at %s (a contract this tool does not read for routes; code generated from it may register it)", at)
			delete(pathOf, i)
		}
	}
	hits := ix.FindRouteText(paths)
	words := ix.FindRouteWords(unanswered(paths, hits))
	for i, p := range pathOf {
		if h := hits[p]; h != nil {
			gaps[i].Kind = GapUnparsed
			gaps[i].Hint = fmt.Sprintf("no route registration found in the code this tool parses; `%s` is spelled in %s, not parsed: %s",
				h.Tail, h.In, h.First)
		} else if h := words[p]; h != nil && ix.BrokenAt(h.File, h.Line) {
			// `@GetMapping("/points-this-week")`, in a class whose
			// method before it lost its closing brace.
			gaps[i].Kind = GapUnparsed
			gaps[i].Hint = fmt.Sprintf("no route registration found in the code that parses; its segments %s are spelled in a route call at %s, which does not parse",
				h.Tail, h.First)
		} else if h := words[p]; h != nil {
			gaps[i].Kind = GapUnparsed
			gaps[i].Hint = fmt.Sprintf("no route registration the route detectors read; its segments %s are spelled as strings in calls (the last at %s), where a router they do not read may register it",
				h.Tail, h.First)
		}
	}
}

// unanswered lists, in order, the names hits has no answer for: what a
// later, wider search is asked.
func unanswered[T any](names []string, hits map[string]*T) []string {
	var rest []string
	for _, n := range names {
		if hits[n] == nil {
			rest = append(rest, n)
		}
	}
	return rest
}

// textOnly corrects the gaps that say a name is absent or new when files
// no parse reads (a language without a parser, a generated file, one over
// the size limit) hold it as a word: the gap says where. The line a plain
// definition pattern finds it declared on is returned, to be shown as
// what it is: located by text.
func textOnly(ix *search.Index, sp *spec.Spec, gaps []Gap) []Match {
	var names []string
	for _, g := range gaps {
		if (g.Kind == GapAbsent || g.Kind == GapNew) && !g.declared {
			names = append(names, g.Ref)
		}
	}
	if len(names) == 0 {
		return nil
	}
	hits := ix.FindText(names)
	var out []Match
	for i, g := range gaps {
		h := hits[g.Ref]
		if h == nil || g.declared || g.Kind != GapAbsent && g.Kind != GapNew {
			continue
		}
		// (The gap of a dotted name's head has no reference of its own
		// to show the declaration for: it says where the declaration is.)
		k := refOf(sp, g)
		where, hint := h.First, ""
		if d := h.Located; d != nil {
			where = naming.At(d.Path, d.DeclLine)
			if k >= 0 {
				hint = "; its declaration, located by text, is shown"
				out = append(out, Match{Ref: &sp.Refs[k], Order: k, Choice: rank.Choice{Def: d,
					Reason: fmt.Sprintf("located by text in %s, which this tool does not parse", naming.Code(d.Path))}})
			}
		}
		hint = fmt.Sprintf("appears in %s, not parsed: %s%s", h.Where(ix.Unparsed()), where, hint)
		if g.Kind == GapNew {
			hint = "the spec adds it, yet it " + hint
		}
		gaps[i].Kind, gaps[i].Hint = GapUnparsed, hint
	}
	return out
}

// appearances adds to the gaps that say a name is absent or new where the
// source files a parser reads hold it as a word, not as a definition the
// search reads (a symbol, a string, a local, a keyword argument): the gap
// stays, and says where the word stands, so that no one reads "no
// definition" as "nowhere in the code". A one-word lowercase name
// (`tests`) stands in too many places to say.
func appearances(ix *search.Index, gaps []Gap) {
	var words []string
	for _, g := range gaps {
		if w, ok := occursWord(g); ok {
			words = append(words, w)
		}
	}
	hits := ix.FindWords(words)
	// The words a call may declare by a symbol (`scope :recently_active`),
	// looked for in one read of the files of the languages that have such
	// calls.
	var symbols []string
	for _, w := range words {
		if h := hits[w]; h != nil && w == strings.ToLower(w) && placeLang(h.First).SymbolDeclares != nil {
			symbols = append(symbols, w)
		}
	}
	declaredBy := ix.SymbolsDeclared(symbols)
	for i, g := range gaps {
		w, ok := occursWord(g)
		h := hits[w]
		if !ok || h == nil {
			continue
		}
		where := spread(h.Files, h.First)
		if by, ok := declaredBy[w]; ok && (g.Kind == GapAbsent || g.Kind == GapNew) {
			at, line := by[0], by[1]
			// `recently_active`, declared by `scope :recently_active, ->
			// { ... }`: a method the search reads no definition of, which
			// that line declares.
			gaps[i].Kind = GapNested
			gaps[i].Hint = fmt.Sprintf("declared by a call, at %s: `%s`; not shown", at, quotedLine(strings.Split(at, ":")[0], line))
			continue
		}
		if file, _, _ := strings.Cut(h.First, ":"); g.Kind == GapAbsent && h.Files > 1 && !h.Config &&
			!strings.ContainsAny(g.Ref, "./ ") && w == strings.ToLower(w) && placeLang(file).UndeclaredCalls && ix.CallUse(file, w) &&
			len(ix.Declared(w)) == 0 && len(ix.DeclaredOrMember(w, w)) == 0 {
			// `update_all`, `run_callbacks`, `after_discard`: called in
			// models across the code and defined nowhere, in a language
			// whose methods come from gems and mixins without an import.
			gaps[i].Kind = GapExternal
			gaps[i].Hint = fmt.Sprintf("a dependency's or the framework's: the code calls it (%s) and defines it nowhere", where)
			continue
		}
		if file, _, _ := strings.Cut(h.First, ":"); g.Kind == GapAbsent && !h.Config && !strings.ContainsAny(g.Ref, "./ ") &&
			placeLang(file).ForeignMethod != nil && placeLang(file).ForeignMethod(w) &&
			len(ix.Declared(w)) == 0 && len(ix.DeclaredOrMember(w, w)) == 0 {
			if line, text := ix.MethodCall(file, w); line > 0 {
				// `ForUpdate`, which the code calls as `session.ForUpdate()`
				// and declares nowhere: a method of a dependency's type
				// (xorm's Session), where no method comes undeclared.
				gaps[i].Kind = GapExternal
				gaps[i].Hint = fmt.Sprintf("a dependency's or the standard library's method: the code calls it (%s: `%s`) and the repository declares nothing of that name",
					spread(h.Files, naming.At(file, line)), quotedLine(file, text))
				continue
			}
		}
		if g.Kind == GapNew {
			// "new in this spec: not in the repository" would deny the word
			// the code holds.
			gaps[i].Hint = strings.Replace(g.Hint, "new in this spec: not in ", "new in this spec: no definition in ", 1)
		}
		if line, ok := ix.AliasLine(h.First, w); ok {
			// `UserColumn`, re-exported by that name from sea-orm's prelude:
			// an alias of what the line names, which is defined.
			gaps[i].Hint += fmt.Sprintf("; an alias of another definition: `%s` (%s)", line, h.First)
			continue
		}
		if mod, ok := importedQualifier(ix, h.First, w); ok && spec.IsUpperStart(w) && !strings.Contains(g.Ref, ".") {
			// `PositiveSmallIntegerField`, which the code writes as
			// `models.PositiveSmallIntegerField(...)` where `models` comes
			// from django.db: the dependency's class, whatever the spec
			// says of the field it types.
			gaps[i].Kind = GapExternal
			gaps[i].Hint = fmt.Sprintf("a dependency's: the code writes it as a member of `%s` (%s), which it imports from `%s`, outside the repository", mod.head, h.First, mod.module)
			continue
		}
		if mods, ok := wildcardModules(ix, h.First); ok && g.Kind == GapAbsent && spec.IsUpperStart(w) && !strings.Contains(g.Ref, ".") &&
			(placeLang(h.First).ModuleImports && len(ix.DirsEnding(w)) == 0 && ix.CodeUse(h.First) || ix.AnnotationUse(strings.Split(h.First, ":")[0], w)) {
			// `@GeneratedValue`, which a JPA entity uses under
			// `import javax.persistence.*;`: an annotation the repository
			// declares nowhere is that package's, or the language's.
			// (Only an annotation: a class a generator makes in the same
			// package, MapStruct's OrderMapperImpl, is used otherwise;
			// where imports bring no generated names, any use, but of a
			// name a directory of the code has, a module of its own.)
			gaps[i].Kind = GapExternal
			gaps[i].Hint = fmt.Sprintf("a dependency's or the language's: the code uses it at %s, in a file that imports every name of %s; the repository declares none",
				h.First, mods)
			continue
		}
		if file, _, ok := strings.Cut(h.First, ":"); ok && envName(w) {
			if line, text := ix.QuotedLine(file, w); line > 0 && envReadRe.MatchString(text) {
				// `APP_MAX_FAILURE_REPORTS`, read by os.environ.get("..."):
				// no declaration, a variable of the environment, which the
				// line that reads it shows.
				read := fmt.Sprintf("an environment variable the code reads at %s: `%s`", naming.At(file, line), quotedLine(file, text))
				if g.Kind == GapNew {
					gaps[i].Hint += "; yet " + read
				} else {
					gaps[i].Kind = GapKey
					gaps[i].Hint = strings.Replace(g.Hint, "no definition in ", "no declaration by that name in ", 1) + "; " + read
				}
				continue
			}
		}
		if file, _, ok := strings.Cut(h.First, ":"); ok && g.Kind == GapAbsent {
			if line, text := ix.QuotedLine(file, w); line > 0 && len(strings.TrimSpace(text)) <= maxQuotedLine && valueLineRe.MatchString(text) {
				// `RestartingJobSet`, the value of JobSetRestarting
				// JobSetConditionType = "RestartingJobSet": no name, a
				// value the code gives a constant or a field.
				gaps[i].Kind = GapKey
				first, _, _ := strings.Cut(g.Hint, ";")
				gaps[i].Hint = strings.Replace(first, "no definition in ", "no declaration by that name in ", 1) +
					fmt.Sprintf("; a string value the code sets at %s: `%s`", naming.At(file, line), quotedLine(file, text))
				continue
			}
			if line, text := ix.QuotedLine(file, w); line > 0 && len(strings.TrimSpace(text)) <= maxQuotedLine && callArgument(text, w) {
				// `createShare`, registered by allow(User, "createShare",
				// Team, ...): a name the code gives a call to register or
				// look up, which that line shows.
				gaps[i].Kind = GapKey
				first, _, _ := strings.Cut(g.Hint, ";")
				gaps[i].Hint = strings.Replace(first, "no definition in ", "no declaration by that name in ", 1) +
					fmt.Sprintf("; a string the code passes to a call at %s: `%s`", naming.At(file, line), quotedLine(file, text))
				continue
			}
		}
		if h.Config {
			// (A mapper's <sql id="Base_Column_List"> may well define it,
			// in a file no parser reads: the claim is the source's only.)
			gaps[i].Hint = strings.Replace(gaps[i].Hint, "no definition in ", "no definition in the source files of ", 1) +
				fmt.Sprintf("; it occurs %s, a file this tool reads no definitions from", where)
			continue
		}
		if file, _, ok := strings.Cut(h.First, ":"); ok && g.Kind == GapAbsent {
			if line, text := ix.LocalDeclaration(file, w); line > 0 && len(text) <= maxQuotedLine {
				// `ZDocumentPreferencesFormSchema`, a `const` in a React
				// component's body: declared, as a local, not absent.
				gaps[i].Kind = GapNested
				gaps[i].Hint = fmt.Sprintf("declared only inside another definition, as a local at %s: `%s`; not shown", naming.At(file, line), text)
				continue
			}
		}
		gaps[i].Hint += fmt.Sprintf("; it occurs %s, not as a definition", where)
	}
}

// moduleMember resolves a name qualified by a module path of two parts or
// more of the repository (`privileges.topics.canDelete`, `controllers.write.topics.lock`:
// src/privileges/topics.js, or a directory's index module) to the one
// definition of its last part in that module, whatever object the module
// hangs it on (`privsTopics.canDelete = async function`).
func moduleMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	i := strings.LastIndexByte(r.Name, '.')
	if i <= 0 {
		return Match{}, false
	}
	qual, last := r.Name[:i], r.Name[i+1:]
	if !strings.Contains(qual, ".") {
		return Match{}, false // `refund.perform`: a variable as often as a module
	}
	for _, p := range strings.Split(qual, ".") {
		if !moduleRe.MatchString(p) {
			return Match{}, false
		}
	}
	mod := strings.ReplaceAll(qual, ".", "/")
	var found []*extract.Definition
	for _, d := range ix.Defs[last] {
		if search.ModulePath(d.Path, mod) && !ix.Class(d.Path).Test {
			found = append(found, d)
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	d := found[0]
	return Match{Ref: r, Choice: rank.Choice{Def: d,
		Reason: fmt.Sprintf("defines `%s` in %s, the module `%s` names", d.QualifiedName(), naming.Code(d.Path), qual)}}, true
}

// nestedObjectMember resolves a member of a nested object the spec names
// by its whole path (`Admin.chats.deleteRoom`, which a CommonJS module
// declares as `Admin.chats.deleteRoom = async ...`): the one definition of
// the last part whose object is that path.
func nestedObjectMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	i := strings.LastIndexByte(r.Name, '.')
	if i <= 0 || !strings.Contains(r.Name[:i], ".") {
		return Match{}, false
	}
	qual := r.Name[:i]
	var found []*extract.Definition
	for _, d := range ix.Defs[r.Name[i+1:]] {
		if d.Container == qual {
			found = append(found, d)
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	return Match{Ref: r, Choice: rank.Choice{Def: found[0],
		Reason: fmt.Sprintf("defines `%s`, a member of the object the spec names", found[0].QualifiedName())}}, true
}

// chainStopped reports a dotted name whose walk from its head stopped
// at a type no file the search parses declares (a generated file's):
// its head is a value of the repository, not a package.
func chainStopped(ix *search.Index, r *spec.Ref) bool {
	if strings.Count(r.Name, ".") < 2 {
		return false
	}
	ch, _ := ix.Chain(r.Name)
	return ch.Stopped != ""
}

// selfMember resolves `self.status` (this, cls) to the member of the
// class whose method the spec names on the same line ("`Check.get_status`
// returns `self.status`"): the object a method is called on is its
// class's.
func selfMember(ix *search.Index, r *spec.Ref, matches []Match) (Match, bool) {
	head, last, ok := strings.Cut(r.Name, ".")
	if !ok || !selfWords[head] || strings.Contains(last, ".") {
		return Match{}, false
	}
	var found *extract.Definition
	for _, m := range matches {
		if m.Ref.Line != r.Line || m.Def.Container == "" || m.Member != "" {
			continue
		}
		for _, t := range ix.TypesNamed(m.Def.Container) {
			if t.Path != m.Def.Path || !naming.TypeKind(t.Kind) || !slices.ContainsFunc(t.Members, func(mem extract.Member) bool { return mem.Answers(last) }) {
				continue
			}
			if found != nil && found != t {
				return Match{}, false
			}
			found = t
		}
	}
	if found == nil {
		return Match{}, false
	}
	return Match{Ref: r, Choice: rank.Choice{Def: found, Member: last,
		Reason: fmt.Sprintf("defines `%s`, which has the member `%s`: the class of the method the spec names on the line", found.QualifiedName(), last)}}, true
}

// generatedVariableMember reports a member of a variable (a head of one letter,
// `q.CreateTransfer`, or self, this, cls) that only generated code
// declares, in a file the search reads as text only, and no parsed
// source (a schema's query may share the name): sqlc's Queries method,
// no dependency's. (Any other member of such a head, `t.Helper`,
// `_.uniq`, is left to the other rules: mostly a dependency's.)
func generatedVariableMember(ix *search.Index, r *spec.Ref) bool {
	head, last, ok := strings.Cut(r.Name, ".")
	if !ok || strings.Contains(last, ".") || !(len(head) == 1 || selfWords[head]) ||
		slices.ContainsFunc(ix.Defs[last], func(d *extract.Definition) bool { return d.Lang != nil && d.Lang.Grammar != nil }) {
		return false // (`r.GetName`, which parsed code defines too: the other rules say whose)
	}
	h := ix.FindText([]string{last})[last]
	return h != nil && h.Located != nil
}

// memberNotFile reports a path that reads as a member (search.MemberLike)
// whose file the repository lacks and which the code defines as such:
// `Topics.lock`, the lock method of the code's Topics (a definition of
// lock whose object is Topics), or `controllers.write.topics.lock`, the
// lock of the module that path names; no lock file.
func memberNotFile(ix *search.Index, r *spec.Ref) bool {
	if !search.MemberLike(*r) || ix.PathExists(r.Name) {
		return false
	}
	stem, last := r.Name[:strings.LastIndexByte(r.Name, '.')], r.Name[strings.LastIndexByte(r.Name, '.')+1:]
	if slices.ContainsFunc(ix.Defs[last], func(d *extract.Definition) bool { return d.Container == stem }) {
		return true
	}
	_, ok := moduleMember(ix, r)
	return ok
}

// placeLang is the language of the file of a place ("path:line"), or an
// empty language (nothing set) for a file of none.
func placeLang(at string) *extract.Language {
	file, _, _ := strings.Cut(at, ":")
	if l := lang.ForPath(file); l != nil {
		return l
	}
	return &extract.Language{}
}

// attributeClass resolves a capitalized name no definition has to the
// attribute class of a language whose attribute uses leave out the
// class's suffix (Language.AttributeSuffix): `DynamicallyAccessedMembers`
// is DynamicallyAccessedMembersAttribute.
func attributeClass(rk *rank.Ranker, ix *search.Index, r *spec.Ref) (Match, bool) {
	if strings.Contains(r.Name, ".") || !spec.IsUpperStart(r.Name) {
		return Match{}, false
	}
	var defs []*extract.Definition
	for _, suffix := range lang.Union(func(l *extract.Language) []string { return []string{l.AttributeSuffix} }) {
		for _, d := range ix.Defs[r.Name+suffix] {
			if suffix != "" && d.Lang != nil && d.Lang.AttributeSuffix == suffix && naming.TypeKind(d.Kind) && !d.Broken {
				defs = append(defs, d)
			}
		}
	}
	if len(defs) == 0 {
		return Match{}, false
	}
	m := pick(rk, r, defs, "")
	m.Reason = fmt.Sprintf("defines `%s`, the attribute `%s` names", m.Def.QualifiedName(), r.Name)
	return m, true
}

// wildcardModules names, for the file of the place at ("path:line"), the
// modules from outside the repository it imports every name of
// (Language.WildcardImports), up to three; ok is false for none, or for a
// file that imports every name of one of the repository's modules too.
func wildcardModules(ix *search.Index, at string) (string, bool) {
	file, _, _ := strings.Cut(at, ":")
	mods, own := ix.WildcardImports(file)
	if len(mods) == 0 || own {
		return "", false // (a name the repository generates may come from its own module)
	}
	more := ""
	if len(mods) > 3 {
		mods, more = mods[:3], fmt.Sprintf(" and %d more", len(mods)-3)
	}
	return naming.CodeList(mods) + more, true
}

// quotedLine is a line of file a gap quotes: trimmed, its secrets
// redacted as a snippet's are (`allow(User, "createShare",
// token="<redacted>")`).
func quotedLine(file, text string) string {
	ls := []extract.Line{{Row: 1, Text: strings.TrimSpace(text)}}
	redact.Lines(file, ls)
	return ls[0].Text
}

// maxQuotedLine is the longest line a gap quotes whole.
const maxQuotedLine = 160

// valueLineRe is a line that gives a constant, a variable or a field a
// string value: `Name Type = "value"`, `NAME = 'value'`, `name: "value"`.
var valueLineRe = regexp.MustCompile("^\\s*(?:(?:pub|export|public|private|protected|static|final|const|readonly|let|var|val)\\s+)*[A-Za-z_][\\w.]*(?:\\s*:\\s*[\\w.<>\\[\\]]+|\\s+[\\w.*\\[\\]]+)?\\s*[=:]\\s*[\"'`]")

// callArgument reports a line that passes w, quoted, as an argument of a
// call: the quote follows the call's "(" or a "," inside it, and the "("
// follows a name (`allow(User, "createShare", Team`,
// `hooks.get_hooks("register_admin_viewset")`).
func callArgument(text, w string) bool {
	for _, q := range []string{`"`, `'`, "`"} {
		at := strings.Index(text, q+w+q)
		if at < 0 {
			continue
		}
		before := strings.TrimRight(text[:at], " \t")
		if !strings.HasSuffix(before, "(") && !strings.HasSuffix(before, ",") {
			return false
		}
		open := strings.LastIndexByte(before, '(')
		if open <= 0 || strings.ContainsAny(before[open:], ")") || !extract.IdentByte(before[open-1]) {
			return false
		}
		return true
	}
	return false
}

// envName reports a name spelled as environment variables are:
// capitals, digits and underscores, with an underscore.
func envName(w string) bool {
	return strings.Contains(w, "_") && strings.ToUpper(w) == w && w[0] >= 'A' && w[0] <= 'Z'
}

// otherLanguageOwn reports a name the code imports from a dependency in
// one language and defines only in others (`Meta`, which the TypeScript
// client imports from @angular/platform-browser and every Django
// serializer nests): the import says nothing of what a spec means by a
// dotted name on it (`Meta.fields`), written with sep between its parts.
func otherLanguageOwn(ix *search.Index, head, sep string) bool {
	l := ix.Importers[head]
	// (A nested class is its owner's member: `class Meta:` in a serializer.
	// One of a language that does not write the spec's separator is none
	// it means: `Route::post` is no TypeScript Route's.)
	defs := slices.DeleteFunc(slices.Concat(ix.Defs[head], ix.Members[head]), func(d *extract.Definition) bool { return !writesSep(d, sep) })
	if l == nil || len(defs) == 0 {
		return false
	}
	return !slices.ContainsFunc(defs, func(d *extract.Definition) bool { return d.Lang == nil || d.Lang.Family() == l.Family() })
}

// importedName is a name a file imports, and the module it comes from.
type importedName struct{ head, module string }

// importedQualifier reports the line at place writing word as a member of
// a name imported from outside the repository (`models.PositiveSmallIntegerField`,
// `from django.db import models`): the name and its module.
func importedQualifier(ix *search.Index, place, word string) (importedName, bool) {
	line, ok := ix.LineAt(place)
	if !ok {
		return importedName{}, false
	}
	for rest := line; ; {
		at := strings.Index(rest, "."+word)
		if at < 0 {
			return importedName{}, false
		}
		end := at + 1 + len(word)
		start := at
		for start > 0 && extract.IdentByte(rest[start-1]) {
			start--
		}
		if head := rest[start:at]; head != "" && (end == len(rest) || !extract.IdentByte(rest[end])) {
			file, _, _ := strings.Cut(place, ":")
			if mod, ok := ix.ImportOf(file, head); ok && !ix.OwnRoot(head+"."+word) && !ownModule(ix, mod) && !ix.OwnPackage(mod) {
				return importedName{head, mod}, true
			}
		}
		rest = rest[end:]
	}
}

// envReadRe is a line that reads a variable of the environment, in the
// ways languages and their flag libraries do, and a project's own helpers
// named for it (`get_int_from_env("PAPERLESS_EMPTY_TRASH_DELAY", 30)`), or
// a table of settings that keys it so (`"env_key": "PAPERLESS_..."`).
var envReadRe = regexp.MustCompile(`\b(?:getenv|Getenv|LookupEnv|environ(?:\.get)?|EnvVars?|GetEnvironmentVariable|getEnv|env::var|ENV(?:\.fetch)?|env)\s*[\[(]` +
	`|\w_env(?:_\w+)?\s*\(|\benv_(?:key|var|name)["']?\s*[:=]`)

// occursWord is the word appearances looks for of a gap: its name, or a
// dotted name's last part that no code outside tests declares; a one-word
// lowercase name stands in too many places to say.
func occursWord(g Gap) (string, bool) {
	if g.declared || g.Kind != GapAbsent && g.Kind != GapNew {
		return "", false
	}
	w := g.Ref
	if strings.HasSuffix(g.Hint, "only in test code") {
		w = w[strings.LastIndexByte(w, '.')+1:]
	}
	return w, !strings.ContainsAny(w, ".:#/ ") && !spec.BareWord(w)
}

// ownModule reports a dotted module path a file imports from that is the
// repository's: a directory from the root (`pkg`), or a source file of a
// path of two parts or more (`pkg.tasks.general`; one part alone,
// `context`, is any file's stem).
func ownModule(ix *search.Index, mod string) bool {
	p := strings.ReplaceAll(mod, ".", "/")
	if p == "" || strings.HasPrefix(p, "/") {
		return false
	}
	if ix.IsDir(p) || ix.TreeModule(mod) {
		return true
	}
	// `@acme/lib/jobs/client`: a module of a package of the workspace.
	pkg, rest, _ := strings.Cut(mod, "/")
	if strings.HasPrefix(mod, "@") && rest != "" {
		scope := pkg
		pkg, _, _ = strings.Cut(rest, "/")
		pkg = scope + "/" + pkg
	}
	_, own := ix.PackageDir(pkg)
	return own || ix.AliasedModule(mod)
}

// importedWhole returns the module a dotted name's qualifier spells when
// the code imports its last part from that module: the name is that
// module's, outside the repository.
func importedWhole(ix *search.Index, name string) (string, bool) {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 {
		return "", false
	}
	mod, last := name[:i], name[i+1:]
	return mod, ix.Imports[last] == mod
}

// valueLookup finds the definitions that hold a quoted value, and reads
// the spec's wording around it.
type valueLookup struct {
	ix    *search.Index
	paras []string                   // the spec's paragraphs
	words map[string]map[string]bool // by value, once read: the words of the paragraphs that name it
}

func newValueLookup(ix *search.Index, sp *spec.Spec) *valueLookup {
	return &valueLookup{ix: ix, paras: paragraphRe.Split(string(sp.Src), -1), words: map[string]map[string]bool{}}
}

// paragraphRe separates the spec's paragraphs: a blank line.
var paragraphRe = regexp.MustCompile(`\n[ \t]*\n`)

// plainValueRe matches a value made of letters only, a word or words run
// together (`Always`, `IfNotPresent`): enums of unrelated things hold the
// same one. A key with a slash, dot, dash, underscore or digit is its own.
var plainValueRe = regexp.MustCompile(`^[A-Za-z]+$`)

// valueKinds are the words a holder's name shares with holders of other
// things (CheckState, DockerPullPolicy): they say what kind of value it
// is, not whose, and need no support in the spec's wording.
var valueKinds = extract.WordSet(`state status type kind mode phase policy reason condition value key label annotation env const
	constant name op field option flag level enum default`)

// holders returns the definitions that hold the reference's text as a
// string value (see held) and may be shown for it (see why).
func (vl *valueLookup) holders(r *spec.Ref, matches []Match) []*extract.Definition {
	var out []*extract.Definition
	for _, d := range vl.held(r) {
		if vl.why(d, r, matches) == "" {
			out = append(out, d)
		}
	}
	return out
}

// maxParts is the most strings a composite value may hold for the
// definition to be shown for one of them: more make a table of data (a
// settings dict), too long to show for one key.
const maxParts = 8

// why says why a definition that holds the reference's text is not shown
// for it, or "" when it may be. One already chosen for another reference
// may. One whose value is a table of more than maxParts strings may not.
// Nor may one that holds a plain value its name the spec's wording does
// not support (see supported): `Always` in "the resolve policy `Always`"
// is no DockerPullPolicy's.
func (vl *valueLookup) why(d *extract.Definition, r *spec.Ref, matches []Match) string {
	parts := 0
	for _, v := range d.Values {
		if v.Part {
			parts++
		}
	}
	switch {
	case chosen(matches, d):
		return ""
	case parts > maxParts:
		return fmt.Sprintf("one of %d strings of its value", parts)
	case plainValueRe.MatchString(r.Name) && !vl.supported(d, r.Name):
		return "which the spec's wording does not name"
	}
	return ""
}

// held returns the unbroken definitions that hold the reference's text as
// a string value, when it may be one (see spec.Valued). An enum that holds
// it through a member stands for that member's own definition: `Retry` is
// a state of `CheckState`.
func (vl *valueLookup) held(r *spec.Ref) []*extract.Definition {
	if !spec.Valued(r) {
		return nil
	}
	all := vl.ix.ByValue[r.Name]
	var out []*extract.Definition
	for _, d := range all {
		if !d.Broken && !heldByEnum(all, d, r.Name) {
			out = append(out, d)
		}
	}
	return out
}

// heldGap is the gap of a name that is no definition, whose text some
// definitions hold as a value without being shown for it (see why):
// neither "no definition" nor a guess at one of them.
func (vl *valueLookup) heldGap(r *spec.Ref, held []*extract.Definition, matches []Match, at string) Gap {
	var named []string
	for _, d := range held[:min(len(held), 3)] {
		named = append(named, fmt.Sprintf("`%s` (%s), %s", d.QualifiedName(), naming.At(d.Path, d.DeclLine), vl.why(d, r, matches)))
	}
	if len(held) > 3 {
		named = append(named, fmt.Sprintf("and %d more", len(held)-3))
	}
	return gap(r, GapAmbiguous, fmt.Sprintf("no definition in %s by that name; the value is held by %s; not shown", at, strings.Join(named, "; ")))
}

// supported reports whether the spec's wording around a value names the
// definition that holds it: every word of its name but the value's own
// words and the valueKinds is a word of a paragraph that names the value
// (CheckState holds `Retry` in "the admission check is set to `Retry`").
func (vl *valueLookup) supported(d *extract.Definition, value string) bool {
	words, ok := vl.words[value]
	if !ok {
		words = map[string]bool{}
		for _, p := range vl.paras {
			if !naming.HasWord(p, value) {
				continue
			}
			for _, tok := range wordRe.FindAllString(p, -1) {
				for _, w := range naming.Words(tok) {
					words[w] = true
					words[strings.TrimSuffix(w, "s")] = true // "states" supports State
				}
			}
		}
		vl.words[value] = words
	}
	own := map[string]bool{}
	for _, w := range naming.Words(value) {
		own[w] = true
	}
	for _, w := range naming.Words(d.Name) {
		if !own[w] && !valueKinds[w] && !words[w] {
			return false
		}
	}
	return true
}

// wordRe finds the identifier-like words of a paragraph.
var wordRe = regexp.MustCompile(`[A-Za-z][A-Za-z0-9_]*`)

// chosen reports a definition already chosen for another reference.
func chosen(matches []Match, d *extract.Definition) bool {
	for _, m := range matches {
		if m.Def == d {
			return true
		}
	}
	return false
}

// heldByEnum reports a definition whose value another one in its file
// holds through a member named as it is.
func heldByEnum(all []*extract.Definition, d *extract.Definition, text string) bool {
	for _, e := range all {
		if e == d || e.Path != d.Path {
			continue
		}
		for _, v := range e.Values {
			if v.Text == text && v.Member == d.Name {
				return true
			}
		}
	}
	return false
}

// byValue resolves a reference by the string value it quotes: to a
// definition already chosen that holds it, else to the best of those that
// hold it, ranked as any candidates are. The reason says which value, and
// which member holds it. holders are the candidates, for guessed.
func byValue(rk *rank.Ranker, vl *valueLookup, r *spec.Ref, matches []Match) (Match, []*extract.Definition) {
	holders := vl.holders(r, matches)
	var m Match
	for _, prev := range matches {
		if containsDef(holders, prev.Def) {
			m = Match{Ref: r, Choice: rank.Choice{Def: prev.Def, Reason: fmt.Sprintf("defines `%s`", r.Name)}}
			break
		}
	}
	if m.Def == nil {
		m = pick(rk, r, holders, "")
	}
	m.Value = r.Name
	for _, v := range m.Def.Values {
		if v.Text != r.Name {
			continue
		}
		held := fmt.Sprintf("defines `%s`: its value is `%s`", m.Def.QualifiedName(), r.Name)
		switch {
		case v.Member != "":
			m.Member = v.Member
			held = fmt.Sprintf("defines `%s`: its member `%s` has the value `%s`", m.Def.QualifiedName(), v.Member, r.Name)
		case v.Part:
			held = fmt.Sprintf("defines `%s`: its value holds `%s`", m.Def.QualifiedName(), r.Name)
		}
		m.Reason = held + strings.TrimPrefix(m.Reason, "defines `"+r.Name+"`")
		break
	}
	return m, holders
}

// allMembers reports candidates that are all members of types (methods,
// class attributes): none is a definition of its own.
func allMembers(cands []*extract.Definition) bool {
	for _, d := range cands {
		if d.Container == "" {
			return false
		}
	}
	return true
}

// HeldWords is the spec's words with the names of the definitions and
// members chosen for the values it quotes: the spec names them by their
// values, and a long block trimmed to the spec's words keeps them.
func HeldWords(words map[string]bool, matches []Match) map[string]bool {
	var out map[string]bool
	for _, m := range matches {
		if m.Value == "" {
			continue
		}
		if out == nil {
			out = maps.Clone(words)
		}
		out[m.Def.Name] = true
		if m.Member != "" {
			out[m.Member] = true
		}
	}
	if out == nil {
		return words
	}
	return out
}

// valueHead is the one constant a two-part name's head names, where no
// type, table, module or import has that name: a constant made by a call
// or a member of another value (`DOCUMENT_AUDIT_LOG_TYPE =
// ZDocumentAuditLogTypeSchema.Enum`), whose members the search does not
// read. One that holds a literal (`TIMEOUT = 30`, an object or a dict,
// whose members are read), a local, and a member reached through a
// pointer (`c->sendmsg`) are none.
func valueHead(ix *search.Index, r *spec.Ref) *extract.Definition {
	head, _, ok := twoParts(r.Name)
	if !ok || len(ix.TableModels(head)) > 0 || ix.Modules[head] || ix.Imports[head] != "" || strings.Contains(r.Written, "->") {
		return nil
	}
	var found *extract.Definition
	for _, d := range ix.Defs[head] {
		if d.Kind != extract.KindConstant || d.Container != "" || len(d.Members) > 0 || found != nil && found.Path != d.Path || !madeValue(d) {
			return nil
		}
		found = d
	}
	return found
}

// madeValue reports a constant whose declaration line gives it the result
// of a call or a member of another value: `= X.Enum`, `= remember(...)`.
func madeValue(d *extract.Definition) bool {
	for _, l := range d.Lines {
		if !naming.HasWord(l.Text, d.Name) {
			continue
		}
		_, v, ok := strings.Cut(l.Text, "=")
		v = strings.TrimSpace(v)
		if !ok || v == "" || strings.HasPrefix(v, "=") {
			return false
		}
		w := v[:len(v)-len(strings.TrimLeft(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$"))]
		if w == "" || w[0] >= '0' && w[0] <= '9' || w == "true" || w == "false" || w == "null" || w == "None" || w == "new" {
			return false
		}
		rest := strings.TrimSpace(v[len(w):])
		return strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "(")
	}
	return false
}

// twoParts splits a name of exactly two dotted parts (`job.pause_job`)
// into them; false for a name of one part or of more.
func twoParts(name string) (head, last string, ok bool) {
	head, last, ok = strings.Cut(name, ".")
	return head, last, ok && !strings.Contains(last, ".")
}

// firstRule returns the match of the first of rules that resolves r.
func firstRule(ix *search.Index, r *spec.Ref, rules ...func(*search.Index, *spec.Ref) (Match, bool)) (Match, bool) {
	for _, rule := range rules {
		if m, ok := rule(ix, r); ok {
			return m, true
		}
	}
	return Match{}, false
}

// tableMember resolves a column of a table named by the table's name
// (`website.resetAt`) when a definition of that table has it, spelled as
// the spec spells it or as the other case does (reset_at), or as the key
// column of a relation field (`payment_payment.checkout_id`, Payment's
// ForeignKey `checkout`): the live schema's (a Prisma model mapped to the
// table) before a migration's copy, which may lack it in either spelling.
func tableMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || spec.IsUpperStart(head) {
		return Match{}, false
	}
	fold := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }
	key, keyed := naming.KeyField(last)
	var found []*extract.Definition
	var member string
	column := false // the member is a relation whose key column is last (`checkout` of checkout_id)
	for _, d := range slices.Concat(ix.Defs[head], ix.ByAlias[head], ix.TableModels(head)) {
		if d.Broken || d.Kind != extract.KindSchema || naming.MigrationPath(d.Path) || ix.Class(d.Path).Test || containsDef(found, d) {
			continue
		}
		for _, m := range d.Members {
			if m.Answers(last) || fold(m.Name) == fold(last) {
				if !containsDef(found, d) {
					found = append(found, d)
				}
				member, column = m.Name, false
				break
			}
		}
		if containsDef(found, d) || !keyed || r.Proposed {
			continue
		}
		for _, m := range d.Members {
			if m.Name == key && !m.Method && relationMember(d, m) {
				found, member, column = append(found, d), m.Name, true
				break
			}
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	why := fmt.Sprintf("which has the member `%s`", member)
	if column {
		why = fmt.Sprintf("whose field `%s` is its column `%s`", member, last)
	}
	return Match{Ref: r, Choice: rank.Choice{Def: found[0], Member: member,
		Reason: fmt.Sprintf("defines `%s`, the table `%s`, %s", found[0].Name, head, why)}}, true
}

// relationMember reports a member of a model declared as a relation to
// another, which stores the other's key in a column of its own
// (ForeignKey, OneToOneField, belongs_to, @ManyToOne, references).
func relationMember(d *extract.Definition, m extract.Member) bool {
	for _, l := range d.Lines {
		if l.Row >= m.Code() && l.Row <= max(m.End, m.Code()) && relationRe.MatchString(l.Text) {
			return true
		}
	}
	return false
}

// relationRe is a line that declares a relation holding a foreign key.
var relationRe = regexp.MustCompile(`\b(?:ForeignKey|OneToOneField|ForeignKeyField|relationship|belongs_to|ManyToOne|OneToOne|references|ForeignKeyConstraint)\b`)

// inPackage reports a definition of the package or module a one-part
// qualifier names: in a language whose packages are directories, the
// file's own directory (server/model/config.go's Config is model.Config,
// never server.Config), else search.DeclaredIn.
func inPackage(d *extract.Definition, name string) bool {
	if d.Lang != nil && d.Lang.PackageDir && d.Namespace == "" {
		return search.ModuleName(d.Path) == name
	}
	return search.DeclaredIn(d, name)
}

// generatedMember resolves a member of a type named as the code generated
// from it spells it (Language.GeneratedFrom): `UserPreferences.
// shouldHideOnboarding`, and a Java or Kotlin accessor with its prefix or
// suffix (`getShouldHideOnboarding`, a map field's
// `bookmarkedNewsResourceIdsMap`), are the protobuf message's
// should_hide_onboarding and bookmarked_news_resource_ids.
func generatedMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || last == "" {
		return Match{}, false
	}
	forms := []string{last}
	for _, pre := range []string{"get", "set", "has", "clear"} {
		if rest, ok := strings.CutPrefix(last, pre); ok && spec.IsUpperStart(rest) {
			forms = append(forms, rest)
		}
	}
	for _, suf := range []string{"Map", "List", "Count"} {
		if rest, ok := strings.CutSuffix(last, suf); ok && rest != "" {
			forms = append(forms, rest)
		}
	}
	for _, d := range ix.Defs[head] {
		if d.Lang == nil || d.Lang.GeneratedFrom == nil || d.Broken {
			continue
		}
		for _, f := range forms {
			for _, name := range d.Lang.GeneratedFrom(naming.Capitalize(f)) {
				if slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Name == name }) {
					return Match{Ref: r, Choice: rank.Choice{Def: d, Member: name,
						Reason: fmt.Sprintf("defines `%s`, whose field `%s` generated code calls `%s`", d.Name, name, last)}}, true
				}
			}
		}
	}
	return Match{}, false
}

// pathTypeMember resolves a path of three parts or more whose part before
// the last is a capitalized type name (`span.Process.Tags`) to the one
// type of that name outside tests, when it has the last part as a
// member: the path's head, a variable the search does not follow, does
// not change whose member it is.
func pathTypeMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 3 || r.NamespaceMember() || undefinedQualifier(ix, r.Name) {
		return Match{}, false
	}
	head, last := parts[len(parts)-2], parts[len(parts)-1]
	if !spec.IsUpperStart(head) {
		return Match{}, false
	}
	var types []*extract.Definition
	for _, d := range ix.TopLevel(head, ix.Defs[head]) {
		if !d.Broken && naming.TypeKind(d.Kind) && !ix.Class(d.Path).Test {
			types = append(types, d)
		}
	}
	if distinctPlaces(types) != 1 {
		return Match{}, false
	}
	d := types[0]
	if !placedAs(d, parts[:len(parts)-2]) {
		return Match{}, false
	}
	for _, m := range d.Members {
		if m.Answers(last) {
			return Match{Ref: r, Choice: rank.Choice{Def: d, Member: m.Name,
				Reason: fmt.Sprintf("defines `%s`, which has the member `%s`; the one type `%s` of the code", d.QualifiedName(), m.Name, head)}}, true
		}
	}
	return Match{}, false
}

// placedAs reports whether a type stands where the namespaces written
// before its name put it (`Shop.Api.RefundsController`: Api, in its file's
// path or its qualified name); the one RefundsController of the code, in
// Admin, is another. Lower-case parts (a variable's) say nothing.
func placedAs(d *extract.Definition, quals []string) bool {
	place := strings.ToLower(d.Path + "/" + d.QualifiedName())
	for _, q := range quals {
		if spec.IsUpperStart(q) && !strings.Contains(place, strings.ToLower(strings.Join(naming.Words(q), "_"))) &&
			!strings.Contains(place, strings.ToLower(q)) {
			return false
		}
	}
	return true
}

// tableCall reports a method called on a table's name, or a predicate on
// it (`deletions.create(version: v)`, `versions.none?`: a Rails
// association's, a query builder's): its ORM's, never a column the table
// lacks. A capitalized member (`users.CreateBatch`) is a package's
// function, and a name that is also a module of the code is that, before
// a table.
func tableCall(ix *search.Index, r *spec.Ref) (string, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || !r.Called && r.Suffix == "" || spec.IsUpperStart(last) || ix.Modules[head] {
		return "", false
	}
	for _, d := range ix.Defs[head] {
		if d.Kind == extract.KindSchema && d.Name == head && !spec.IsUpperStart(d.Name) && !slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Answers(last) }) {
			return fmt.Sprintf("`%s` (%s) is a table, whose columns are its members; `%s` called on it is its ORM's", head, naming.At(d.Path, d.DeclLine), last), true
		}
	}
	return "", false
}

// missingMember explains a Type.member whose type exists but declares no
// such member: either the type extends a class from outside the repository
// (external: `Item.model_validate` from SQLModel), or it is a real gap.
// The type is named, or a table the type maps (`shares.expiresAt`); of
// several, the one another reference chose, else the first.
func missingMember(ix *search.Index, r *spec.Ref, matches []Match, tables map[string]bool) (hint string, kind GapKind, ok bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 || r.NamespaceMember() || undefinedQualifier(ix, r.Name) || unknownPackage(ix, parts) {
		return "", "", false
	}
	head, last := parts[len(parts)-2], parts[len(parts)-1]
	// `issuer.spec.acme.privateKeySecretRef`: in a path of fields, a
	// lower-case `acme` is a field, not a type that happens to be called
	// so (a module's variable, `metrics.tracker.reset`, is read below).
	fieldPath := len(parts) > 2 && !spec.IsUpperStart(head)
	var types []*extract.Definition
	for _, d := range ix.TopLevel(head, ix.Defs[head]) {
		// (A test's helper type is not what a spec means by a name its
		// code has too: no verdict is drawn from one; nor is one in
		// another namespace than the spec writes.)
		if (!d.Broken && naming.TableLike(d.Kind) || d.Kind == extract.KindError) && !ix.Class(d.Path).Test && !fieldPath && placedAs(d, parts[:len(parts)-2]) && writesSep(d, r.Sep) {
			types = append(types, d)
		}
	}
	// A variable made from a class (tracker = Tracker()) has the class's
	// members.
	made := ""
	for _, v := range variables(ix, head, "") {
		if fieldPath && !search.InModule(v.Path, parts[len(parts)-3]) {
			continue // `spec.controlPlane.taints`: no module `spec` holds the variable
		}
		for _, b := range v.Bases {
			for _, d := range ix.Defs[b] {
				if len(types) == 0 && !d.Broken && naming.TableLike(d.Kind) {
					types = append(types, d)
					made = fmt.Sprintf("`%s` (%s) is made from ", head, naming.At(v.Path, v.DeclLine))
				}
			}
		}
	}
	if typ, ok := namedAfterType(ix, head); len(types) == 0 && len(parts) == 2 && ok {
		// `prismaService.$transaction`: a variable named after its type,
		// as injected dependencies are, has the type's members, and what
		// it inherits.
		for _, d := range ix.Defs[typ] {
			if !d.Broken && naming.TableLike(d.Kind) && !ix.Class(d.Path).Test {
				types = append(types, d)
				made = fmt.Sprintf("`%s` is named after ", head)
			}
		}
	}
	table := false
	if len(types) == 0 && len(ix.Defs[head]) == 0 && !spec.IsUpperStart(last) {
		// `shares.expiresAt`: nothing is called shares; its table's model.
		// (`context.Context` is a package's type, not a column; nor is
		// `status.listeners` a column of a plain struct Status, which
		// maps no table and the spec calls no table: a field path, whose
		// owner is not known.)
		types = slices.DeleteFunc(ix.TableModels(head), func(d *extract.Definition) bool { return d.Kind != extract.KindSchema && !tables[head] })
		table = len(types) > 0
	}
	if len(types) == 0 {
		return "", "", false
	}
	d := types[0]
	for _, m := range matches {
		if containsDef(types, m.Def) {
			d = m.Def
			break
		}
	}
	if made != "" || table {
		head = d.Name
	}
	if slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Answers(last) }) {
		return "", "", false // no verdict denies a member the type it names has
	}
	if table && fieldPath && d.Lang != nil && slices.Contains(d.Lang.ClientMethods, last) {
		// `tx.envelope.update`: the generated client's delegate of the
		// table, whose methods are the client's.
		return fmt.Sprintf("`%s` is the generated client's delegate of `%s` (%s), whose `%s` the client has, outside the repository",
			parts[len(parts)-2], d.Name, naming.At(d.Path, d.DeclLine), last), GapExternal, true
	}
	var outside, unread []string
	inherited := false // a base of the repository declares it
	seen := map[string]bool{}
	var walk func(d *extract.Definition, depth int)
	walk = func(d *extract.Definition, depth int) {
		for _, b := range append(slices.Clip(d.Bases), ix.Delegates(d)...) {
			if seen[b] {
				continue
			}
			seen[b] = true
			bases := ix.Bases(d, b)
			if len(bases) == 0 && ownPackageBase(ix, d, b) {
				unread = append(unread, b) // `ctasks.Task`, of the repository's own package, which the search did not read
			} else if len(bases) == 0 && (d.Lang == nil || !slices.Contains(d.Lang.EmptyBases, b)) {
				outside = append(outside, b)
			} else if depth < 4 {
				for _, bd := range bases {
					inherited = inherited || slices.ContainsFunc(bd.Members, func(m extract.Member) bool { return m.Answers(last) })
					walk(bd, depth+1)
				}
			}
		}
	}
	walk(d, 0)
	if inherited {
		return "", "", false // `TrackableExecutableTask.Nack`, of the ctasks.Task it embeds
	}
	what := fmt.Sprintf("`%s` (%s) ", head, naming.At(d.Path, d.DeclLine))
	if made != "" {
		what = made + strings.TrimSuffix(what, " ") + ", which "
	}

	for _, b := range append(slices.Clip(unread), outside...) {
		qual, bare := "", b
		if i := strings.LastIndexByte(b, '.'); i >= 0 {
			qual, bare = b[:i], b[i+1:]
		}
		if len(ix.Defs[bare]) > 0 {
			continue // (`ctasks.Task`: a parsed Task the qualifier's alias hides, not a generated one)
		}
		if h := ix.FindText([]string{bare})[bare]; h != nil && h.Located != nil && (qual == "" || search.ModuleName(h.Located.Path) == qual) {
			// `pb.UnimplementedSimpleBankServer`, which protoc generates:
			// in the repository, in a file read as text only.
			return fmt.Sprintf("%sdeclares no `%s`; it may inherit it from `%s`, declared at %s in a file the search reads as text only (%s)",
				what, last, b, naming.At(h.Located.Path, h.Located.DeclLine), h.Where(ix.Unparsed())), GapAmbiguous, true
		}
	}
	if len(unread) > 0 {
		return fmt.Sprintf("%sdeclares no `%s`; it may inherit it from %s, of a package of the repository the search did not read for it",
			what, last, "`"+strings.Join(unread, "`, `")+"`"), GapAmbiguous, true
	}
	if len(outside) > 0 {
		return fmt.Sprintf("%sdeclares no `%s`; it may inherit it from %s, outside the repository",
			what, last, "`"+strings.Join(outside, "`, `")+"`"), GapExternal, true
	}
	return fmt.Sprintf("%shas no member `%s`", what, last), GapNoMember, true
}

// ownPackageBase reports a base qualified by a package d's file imports
// from the repository itself (`ctasks.Task`, where ctasks is
// "example.com/x/common/tasks" of the repository's module): whatever it
// declares is the repository's, never outside it.
func ownPackageBase(ix *search.Index, d *extract.Definition, b string) bool {
	i := strings.LastIndexByte(b, '.')
	if i <= 0 {
		return false
	}
	imp, ok := ix.ImportOf(d.Path, b[:i])
	return ok && ix.OwnPackage(imp)
}

// backrefRe is the keyword argument by which a relation declared on one
// model gives the model it relates to a member of that name (SQLAlchemy's
// backref, as a string or as `backref("alerts", cascade="all")`, Django's
// related_name): the name is the first group.
var backrefRe = regexp.MustCompile(`\b(?:backref|related_name)\s*=\s*(?:backref\(\s*)?["']([A-Za-z_]\w*)["']`)

// backrefMember resolves `Type.member` that no declaration of Type has
// when a chosen definition declares a relation to Type that names member
// as what Type gets (`filters = relationship("SignalFilter",
// backref="signals")` on Signal): the relation's definition, the line
// said.
func backrefMember(r *spec.Ref, matches []Match) (Match, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || !spec.IsUpperStart(head) {
		return Match{}, false
	}
	for _, m := range matches {
		d := m.Def
		if d == nil || d.Name == head {
			continue
		}
		for _, l := range d.Lines {
			if !strings.Contains(l.Text, last) {
				continue // (what the pattern needs, looked for first: most lines hold no relation)
			}
			if sm := backrefRe.FindStringSubmatch(l.Text); sm != nil && sm[1] == last && naming.HasWord(l.Text, head) {
				return Match{Ref: r, Choice: rank.Choice{Def: d,
					Reason: fmt.Sprintf("defines `%s`, whose relation at line %d gives `%s` the member `%s`", d.QualifiedName(), l.Row, head, last)}}, true
			}
		}
	}
	return Match{}, false
}

// memberOwners are the types that declare a member the spec names alone;
// for a weak name, outside vendored, example and documentation copies,
// and, for one of the spec's code, outside tests. A bare lowercase word
// (`status`, `mode`) is a member of many unrelated types: only those the
// spec points at otherwise count (rank's Near),
// never a printer's row struct because the spec says "its `status`". far
// says that types have the member and none of them counts.
func memberOwners(rk *rank.Ranker, ix *search.Index, r *spec.Ref) (owners []*extract.Definition, far bool) {
	all := ix.Members[r.Name]
	if prop, ok := strings.CutPrefix(r.Name, "$"); ok && len(all) == 0 {
		// `$cacheKeyOffset`: the member cacheKeyOffset of a type of a
		// language that writes its properties so, one the spec names (a
		// bare `$request` is as likely a local or a parameter).
		for _, d := range ix.Members[prop] {
			if d.Lang != nil && d.Lang.Sigil == "$" && rk.Named(d) {
				all = append(all, d)
			}
		}
	}
	if r.Called {
		// `free(wi)`, `timeout(1)`: a call, of a method where it is a
		// member, never of a type's field (a struct's `int timeout`, its
		// function pointer `void (*free)(void *)`).
		all = slices.DeleteFunc(slices.Clone(all), func(d *extract.Definition) bool {
			return !slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Method && m.Answers(r.Name) })
		})
	}
	if !r.Strong {
		// `apiVersion:` in the spec's YAML: no field of a test harness's
		// type; any weak name: no vendored, example or documentation
		// copy's (a sample's nested class).
		all = slices.DeleteFunc(slices.Clone(all), func(d *extract.Definition) bool {
			c := ix.Class(d.Path)
			return c.Aside || c.Test && r.Source == spec.FromFence
		})
	}
	if !strings.Contains(r.Name, ".") && !spec.IsUpperStart(r.Name) {
		// `traceID`, `spanID`: a field of the code's, never of a test's
		// helper type (a test's `linkConfig`).
		all = slices.DeleteFunc(slices.Clone(all), func(d *extract.Definition) bool { return ix.Class(d.Path).Test })
	}
	if !spec.BareWord(r.Name) && !oneWord(r.Name) {
		return all, false
	}
	for _, o := range all {
		// (A capitalized word, `Source`, a C# property of many entities,
		// counts only in a file the spec names or for a type it names,
		// not beside them: in the directory of AppUserProgress.cs, it is
		// not AppUserCollection's.)
		if spec.BareWord(r.Name) && rk.Near(o) || !spec.BareWord(r.Name) && (rk.InNamedFile(o) || rk.Named(o)) {
			owners = append(owners, o)
		}
	}
	return owners, len(all) > 0 && len(owners) == 0
}

// oneWord reports a capitalized name of one word (`Source`, `Status`):
// as often the spec's word for what it adds as a member of a type it does
// not name.
func oneWord(name string) bool {
	return spec.IsUpperStart(name) && !strings.ContainsAny(name, "._") && len(naming.Words(name)) == 1
}

// aliasedModuleMember resolves `plugin_service.get_active_instance`, where
// the code imports the head from a module of its own (`from app.plugin
// import service as plugin_service`, Go's `apiv1 "x.io/api/pkg/routes/api/v1"`):
// the one top-level definition of the last name under that module's
// directory.
func aliasedModuleMember(rk *rank.Ranker, ix *search.Index, r *spec.Ref) (Match, bool) {
	head, last, ok := twoParts(r.Name)
	mod := cmp.Or(ix.OwnImports[head], ix.Imports[head])
	if !ok || mod == "" {
		return Match{}, false
	}
	dir := mod // Go's `apiv1 "code.vikunja.io/api/pkg/routes/api/v1"`: a directory's path
	if !strings.Contains(mod, "/") {
		dir = strings.ReplaceAll(mod, ".", "/") // Python's app.plugin
	}
	var defs []*extract.Definition
	for _, d := range ix.Defs[last] {
		if d.Container == "" && !ix.Class(d.Path).Test && (strings.HasPrefix(d.Path, dir+"/") || strings.Contains(d.Path, "/"+dir+"/") ||
			search.InImportPath(d.Path, dir)) {
			defs = append(defs, d)
		}
	}
	if distinctPlaces(defs) > 1 {
		// `from app.case import service as case_service`: the package's
		// own module, not one of a subpackage (app/case/type/service.py).
		defs = slices.DeleteFunc(slices.Clone(defs), func(d *extract.Definition) bool {
			parent := path.Dir(d.Path)
			return parent != dir && !strings.HasSuffix(parent, "/"+dir)
		})
	}
	if distinctPlaces(defs) != 1 {
		return Match{}, false
	}
	m := pick(rk, r, defs, "")
	m.Reason += fmt.Sprintf("; the code imports `%s` from `%s`, which holds it", head, mod)
	return m, true
}

// inherits reports a member name one of the repository's types of the
// given names declares: `list_display` of the ModelViewSet a spec's
// example class extends.
func inherits(ix *search.Index, bases []string, member string) bool {
	seen := map[string]bool{}
	for depth := 0; depth < 5 && len(bases) > 0; depth++ {
		var next []string
		for _, b := range bases {
			if seen[b] {
				continue
			}
			seen[b] = true
			for _, d := range ix.TypesNamed(b) {
				if slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Name == member }) {
					return true
				}
				for _, u := range d.Bases {
					next = append(next, u[strings.LastIndexByte(u, '.')+1:]) // (and what they extend: Page's AbstractPage)
				}
			}
		}
		bases = next
	}
	return false
}

// pathRoute resolves a path no file or directory has, with no file
// extension, to a route registered by that very path (Django's
// path("pause/", ...) for `pause/`): an endpoint the spec writes as its
// urls.py does.
func pathRoute(rk *rank.Ranker, ix *search.Index, r *spec.Ref, name string) (Match, bool) {
	if r.File != "" || ix.PathExists(name) || path.Ext(strings.TrimSuffix(name, "/")) != "" || strings.HasPrefix(name, "/") {
		return Match{}, false
	}
	as := *r
	as.Route, as.IsPath = &spec.RouteRef{Path: "/" + name}, false
	c, ok := rk.ChooseRoute(&as, ix.Routes, ix.Mounts)
	if !ok {
		return Match{}, false
	}
	if rt, _ := rank.RouteScore(as.Route, c.Def.Route); rt != 0 {
		return Match{}, false // (only the very path: a directory's name is as likely)
	}
	return Match{Ref: r, Choice: c}, true
}

// routeEnding resolves a path from the root that no file has, with a
// file's extension (`/all.xml`), that the spec does not add (but a path
// it adds something via may be there), to the one
// route of the code whose path ends with it, segment for segment: the
// spec names a feed or a document the code serves under a scope
// (`web::scope("/feeds")`), as its routes file spells it.
func routeEnding(ix *search.Index, r *spec.Ref, name string) (Match, bool) {
	if r.Proposed && !r.Via || !strings.HasPrefix(name, "/") || path.Ext(name) == "" || ix.PathExists(strings.TrimPrefix(name, "/")) {
		return Match{}, false
	}
	var found []*extract.Definition
	for _, d := range ix.Routes {
		if p := d.Route.Pattern; (p == name || strings.HasSuffix(p, name)) && !ix.Class(d.Path).Test {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		return Match{}, false
	}
	d := found[0]
	return Match{Ref: r, Choice: rank.Choice{Def: d, Reason: fmt.Sprintf("registers `%s`, which ends with the path", d.Name)}}, true
}

// unnamedOwner reports a lowercase name (`count()`, `save`, `last_ping`)
// whose one definition is a member of a type the spec never names, nor
// places the name in: a member of a type the spec chose is what it names,
// and a one-word name is as likely a framework's method the spec's code
// calls, or a name it introduces, as that unrelated type's, unless the
// spec points at where it is.
func unnamedOwner(sp *spec.Spec, r *spec.Ref, cands []*extract.Definition) bool {
	if r.Name == "" || r.Name[0] < 'a' || r.Name[0] > 'z' || strings.Contains(r.Name, ".") || r.Path != "" || distinctPlaces(cands) != 1 {
		return false
	}
	d := cands[0]
	return d.Container != "" && !sp.Words[d.Container[strings.LastIndexByte(d.Container, '.')+1:]]
}

// variables are the module-level variables called name, in the package
// pkg when it is not "".
func variables(ix *search.Index, name, pkg string) []*extract.Definition {
	var out []*extract.Definition
	for _, d := range ix.Defs[name] {
		if !d.Broken && d.Kind == extract.KindConstant && d.Container == "" && d.Lang != nil && (pkg == "" || search.DeclaredIn(d, pkg)) {
			out = append(out, d)
		}
	}
	return out
}

// madeOutside returns, for a dotted name whose head is a variable made
// from a class (its Bases) no file of the repository declares, the
// variable and that class.
func madeOutside(ix *search.Index, name string) (*extract.Definition, string, bool) {
	head, _, ok := strings.Cut(name, ".")
	if !ok {
		return nil, "", false
	}
	for _, v := range variables(ix, head, "") {
		if len(v.Bases) > 0 && !ix.Class(v.Path).Test && !slices.ContainsFunc(v.Bases, func(b string) bool { return len(ix.Defs[b]) > 0 || len(ix.Declared(b)) > 0 }) {
			return v, v.Bases[0], true
		}
	}
	return nil, "", false
}

// madeMethods resolves a member the spec names on a variable by the class
// the variable is made from (its Bases): `tracker.record`, where tracker =
// Tracker(), is Tracker.record. The reason says so.
func madeMethods(ix *search.Index, vars []*extract.Definition, head, last string) ([]*extract.Definition, string) {
	var out []*extract.Definition
	var made *extract.Definition
	for _, v := range vars {
		for _, b := range v.Bases {
			for _, d := range ix.Defs[last] {
				if d.Container == b && !containsDef(out, d) {
					out = append(out, d)
					if made == nil {
						made = v
					}
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, fmt.Sprintf("defines `%s.%s`; `%s` (%s) is made from `%s`", out[0].Container, last, head, naming.At(made.Path, made.DeclLine),
		out[0].Container)
}

// extended returns, for a capitalized name the spec's code writes and
// the repository does not define, a definition the search found whose
// name of two words or more begins or ends the name
// (`FunctionChoiceBehavior` of `FunctionChoiceBehaviorContext`,
// `DataStrategyMatch` of `AgnosticDataStrategyMatch`): the name is the
// code's family, not a dependency's. It returns nil for any other name.
func extended(ix *search.Index, r *spec.Ref) *extract.Definition {
	if r.Source != spec.FromFence || r.Strong || !spec.IsUpperStart(r.Name) || strings.ContainsAny(r.Name, ".:") || len(ix.Declared(r.Name)) > 0 {
		return nil
	}
	words := naming.Words(r.Name)
	if len(words) < 3 {
		return nil
	}
	var best *extract.Definition
	for n := 2; n < len(words); n++ {
		for _, part := range [][]string{words[:n], words[len(words)-n:]} {
			for _, d := range ix.Defs[strings.Join(capitalized(part), "")] {
				if !d.Broken && naming.TableLike(d.Kind) && !ix.Class(d.Path).Test && (best == nil || len(naming.Words(d.Name)) > len(naming.Words(best.Name))) {
					best = d
				}
			}
		}
	}
	return best
}

// capitalized returns words with their first letters in capitals.
func capitalized(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = naming.Capitalize(w)
	}
	return out
}

// declaresType reports a name the spec introduces as a type in its own
// code (`interface InvokeCallback {`, `type Entry struct {`).
func declaresType(r *spec.Ref) bool {
	return r.Proposed && r.Hint == spec.HintType && !strings.Contains(r.Name, ".")
}

// delegatedMethods resolves a member the spec names on a type that lacks
// it to the member of the type it delegates to: `Semantics.analyze_impl`,
// where Semantics derefs to SemanticsImpl, is SemanticsImpl.analyze_impl.
// The reason says so.
func delegatedMethods(ix *search.Index, head, last string, inPkg func(*extract.Definition) bool) ([]*extract.Definition, string) {
	for _, t := range ix.Defs[head] {
		if t.Broken || !naming.TableLike(t.Kind) || !inPkg(t) {
			continue
		}
		for _, target := range ix.Delegates(t) {
			var out []*extract.Definition
			for _, d := range ix.Defs[last] {
				if d.Container == target {
					out = append(out, d)
				}
			}
			if len(out) > 0 {
				return out, fmt.Sprintf("defines `%s.%s`; `%s` (%s) hands it `%s`'s members", target, last, head, naming.At(t.Path, t.DeclLine), target)
			}
		}
	}
	return nil, ""
}

// valueMethods resolves a member the spec names on a variable that
// declares none: a method of the built-in value the variable holds
// (`PRICES.get`, PRICES a dict) names the variable. The reason says so.
func valueMethods(vars []*extract.Definition, head, last string) ([]*extract.Definition, string) {
	var out []*extract.Definition
	for _, d := range vars {
		if slices.Contains(d.Lang.ValueMethods, last) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return nil, ""
	}
	return out, fmt.Sprintf("defines `%s`, whose built-in value has the method `%s`", head, last)
}

// maxGuess is the most places a name may be defined at for the first of
// them by path to be shown when nothing in the spec tells them apart; past
// it the choice is a guess, and the name is reported ambiguous instead.
const maxGuess = 5

// guessed reports a choice among more than maxGuess places that no signal
// of the spec made: the places tied at the top, when paths the spec names
// set the others behind (13 definitions, two under paths the spec names,
// is a choice between two).
func guessed(m Match, cands []*extract.Definition) bool {
	n := distinctPlaces(cands)
	if m.Tied > 0 {
		n = min(n, m.Tied)
	}
	return m.Arbitrary && n > maxGuess
}

// nameGuess is the gap of a name defined at too many places to pick one.
func nameGuess(r *spec.Ref, cands []*extract.Definition) Gap {
	return gap(r, GapAmbiguous, fmt.Sprintf("`%s` is defined at %d places (%s); nothing in the spec says which",
		r.Name, distinctPlaces(cands), places(cands, 3)))
}

// memberGuess is the gap of a name that is a member of too many
// definitions to pick one.
func memberGuess(r *spec.Ref, owners []*extract.Definition) Gap {
	return gap(r, GapAmbiguous, fmt.Sprintf("`%s` is a member of %d definitions (%s); nothing in the spec says which",
		r.Name, distinctPlaces(owners), places(owners, 3)))
}

// distinctPlaces counts the different definitions among candidates, by
// the line that declares each: two constants of one block are two, as the
// places a gap lists them at are; a set of overloads is one.
func distinctPlaces(ds []*extract.Definition) int {
	seen := map[string]bool{}
	for _, d := range ds {
		seen[naming.Place(d)] = true
	}
	return len(seen)
}

// memberOf finds a chosen definition that has the reference as a member,
// by the member's name or a name the member is serialized as; a one-word
// lowercase name (`policy`) only where the wording says it is code ("the
// `policy` field"), as it names a field of too many types. Failing those,
// a foreign key's column (`channel_id`) is the relation field (`channel`)
// of a chosen model that has a table name.
func memberOf(r *spec.Ref, matches []Match) (Match, bool) {
	if strings.Contains(r.Name, ".") || r.Suffix != "" {
		return Match{}, false
	}
	for _, m := range matches {
		for _, mem := range m.Def.Members {
			if mem.Name == r.Name {
				return Match{Ref: r, Choice: rank.Choice{Def: m.Def, Member: r.Name,
					Reason: fmt.Sprintf("defines `%s`, which has the member `%s`", m.Def.QualifiedName(), r.Name)}}, true
			}
			if (r.Strong || !spec.BareWord(r.Name)) && slices.Contains(mem.Serialized, r.Name) {
				return Match{Ref: r, Choice: rank.Choice{Def: m.Def, Member: mem.Name,
					Reason: fmt.Sprintf("defines `%s`, whose field `%s` is serialized as `%s`", m.Def.QualifiedName(), mem.Name, r.Name)}}, true
			}
		}
	}
	field, ok := naming.KeyField(r.Name)
	if !ok {
		return Match{}, false
	}
	for _, m := range matches {
		if len(m.Def.Aliases) == 0 {
			continue // no table: no column named for a relation
		}
		for _, mem := range m.Def.Members {
			if mem.Name == field && !mem.Method {
				return Match{Ref: r, Choice: rank.Choice{Def: m.Def, Member: mem.Name,
					Reason: fmt.Sprintf("defines `%s`, whose field `%s` is its column `%s`", m.Def.QualifiedName(), mem.Name, r.Name)}}, true
			}
		}
	}
	return Match{}, false
}

// nestedMember finds a dotted name's last parts as one member of the one
// definition the part before them names, where the member's name is a
// path (a Go field of a struct written inline in another field:
// Config's "Pipeline.MaxTimeout"), so that no type named like the field
// on the way stands in for it.
func nestedMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	parts := strings.Split(r.Name, ".")
	for i := len(parts) - 2; i >= 1; i-- {
		path := strings.Join(parts[i:], ".")
		var owners []*extract.Definition
		for _, d := range ix.Defs[parts[i-1]] {
			if !d.Broken && slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Name == path }) {
				owners = append(owners, d)
			}
		}
		if len(owners) == 1 {
			d := owners[0]
			return Match{Ref: r, Choice: rank.Choice{Def: d, Member: path,
				Reason: fmt.Sprintf("defines `%s`, whose field `%s` holds `%s`", d.QualifiedName(), strings.Join(parts[i:len(parts)-1], "."), parts[len(parts)-1])}}, true
		}
	}
	return Match{}, false
}

// bareIdentRe is a name of one part.
var bareIdentRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// declaredInChosen settles the gaps that call a bare name absent or new
// when one chosen definition has a line declaring it (`default_columns =
// (...)` in the class Meta of a table class): the name is that
// definition's, nested where no member list reaches.
func declaredInChosen(sp *spec.Spec, matches []Match, unresolved []Gap) ([]Match, []Gap) {
	kept := unresolved[:0]
	for _, g := range unresolved {
		if g.Kind != GapAbsent && g.Kind != GapNew || !bareIdentRe.MatchString(g.Ref) {
			kept = append(kept, g)
			continue
		}
		i := refOf(sp, g)
		if i >= 0 && g.Kind == GapAbsent {
			// `is_unknown`, an attribute of the trait chosen for
			// `Artist::is_unknown` (its accessor isUnknown): a member of a
			// definition chosen after the name was searched, no absence.
			if m, ok := memberOf(&sp.Refs[i], matches); ok {
				m.Order = i
				matches = append(matches, m)
				continue
			}
		}
		declares := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(g.Ref) + `\s*[:=][^=]`)
		var found *Match
		row := 0
		for k := range matches {
			m := &matches[k]
			if m.Def == nil || found != nil && found.Def == m.Def {
				continue
			}
			if at := slices.IndexFunc(m.Def.Lines, func(l extract.Line) bool { return declares.MatchString(l.Text) }); at >= 0 {
				if found != nil {
					found = nil
					row = -1
					break
				}
				found, row = m, m.Def.Lines[at].Row
			}
		}
		if found == nil || row <= 0 || i < 0 {
			kept = append(kept, g)
			continue
		}
		matches = append(matches, Match{Ref: &sp.Refs[i], Order: i, Choice: rank.Choice{Def: found.Def,
			Reason: fmt.Sprintf("defines `%s`, whose line %d declares `%s`", found.Def.QualifiedName(), row, g.Ref)}})
	}
	return matches, kept
}

// proposedOwner is the reference the spec calls new that a dotted name is
// a member of (`Shop.Api.RefundsController` (new), for
// `Shop.Api.RefundsController.create`), when the code defines no type of
// that name in the namespace written.
func proposedOwner(sp *spec.Spec, r *spec.Ref) (*spec.Ref, bool) {
	i := strings.LastIndexByte(r.Name, '.')
	if i <= 0 {
		return nil, false
	}
	head := r.Name[:i]
	for k := range sp.Refs {
		if o := &sp.Refs[k]; o.Name == head && o.Proposed && o.Line <= r.Line {
			return o, true
		}
	}
	return nil, false
}

// derivedMember resolves `Type.member` to the one type of that name
// whose attributes generate the member (Rust's `#[derive(new)]` for
// `CommunityInsertForm::new`): the type, which its lines show deriving it.
func derivedMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 {
		return Match{}, false
	}
	head, last := parts[len(parts)-2], parts[len(parts)-1]
	var found []*extract.Definition
	for _, d := range ix.TopLevel(head, ix.Defs[head]) {
		if !d.Broken && naming.TypeKind(d.Kind) && d.Lang != nil && d.Lang.DerivedMembers != nil && slices.Contains(d.Lang.DerivedMembers(d), last) {
			found = append(found, d)
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	d := found[0]
	return Match{Ref: r, Choice: rank.Choice{Def: d, Reason: fmt.Sprintf("defines `%s`, whose attributes or conformances generate `%s`", d.QualifiedName(), last)}}, true
}

// nestedTypeMember resolves `Outer.Inner.member` to the type Outer, whose
// member Inner is a type declared inside it (Django's and DRF's `class
// Meta`) with a line declaring the member (`fields = [...]`), when one
// type Outer outside tests has it: the artifact shows Inner's lines.
func nestedTypeMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 3 || !spec.IsUpperStart(parts[len(parts)-2]) || !spec.IsUpperStart(parts[len(parts)-3]) {
		return Match{}, false
	}
	outer, inner, last := parts[len(parts)-3], parts[len(parts)-2], parts[len(parts)-1]
	declares := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(last) + `\s*[:=]`)
	var found []*extract.Definition
	for _, d := range ix.Defs[outer] {
		if d.Broken || !naming.TypeKind(d.Kind) || ix.Class(d.Path).Test {
			continue
		}
		for _, m := range d.Members {
			if m.Name == inner && slices.ContainsFunc(d.Lines, func(l extract.Line) bool {
				return l.Row > m.Code() && l.Row <= m.End && declares.MatchString(l.Text)
			}) {
				found = append(found, d)
				break
			}
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	d := found[0]
	return Match{Ref: r, Choice: rank.Choice{Def: d, Member: inner,
		Reason: fmt.Sprintf("defines `%s`, whose nested `%s` declares `%s`", d.QualifiedName(), inner, last)}}, true
}

// chosenMember finds, for a dotted name whose head is a variable or a
// field the search does not follow (not a type: its chain decides), the
// one chosen definition that has the last part as a member, by its name
// or a name it is serialized as, and whose name shares a word with the
// part before it, the last part's own words aside: `ownedJobs.failed`
// is ReplicatedJobStatus's, `self.queryset` any one's; `jobSet.spec.x`
// is not JobSetStatus's, nor `fetchData.data` DeferredData's. Two chosen
// definitions with such a member are no match.
func chosenMember(ix *search.Index, r *spec.Ref, matches []Match) (Match, bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 || spec.IsUpperStart(parts[0]) || slices.ContainsFunc(ix.TypesNamed(parts[0]), func(d *extract.Definition) bool { return naming.TypeKind(d.Kind) }) {
		return Match{}, false
	}
	holder, last := parts[len(parts)-2], parts[len(parts)-1]
	holder = strings.TrimSuffix(holder, naming.Capitalize(last))
	var found Match
	for _, m := range matches {
		if m.Def == found.Def || !selfWords[holder] && !naming.SharesWord(holder, m.Def.Name) {
			continue
		}
		i := slices.IndexFunc(m.Def.Members, func(mem extract.Member) bool { return mem.Answers(last) })
		if i < 0 {
			continue
		}
		if found.Def != nil {
			return Match{}, false
		}
		mem := m.Def.Members[i]
		why := fmt.Sprintf("which has the member `%s`", last)
		if mem.Name != last {
			why = fmt.Sprintf("whose field `%s` is serialized as `%s`", mem.Name, last)
		}
		found = Match{Ref: r, Choice: rank.Choice{Def: m.Def, Member: mem.Name,
			Reason: fmt.Sprintf("defines `%s`, %s; the only definition chosen that has it, taken for `%s`", m.Def.QualifiedName(), why, r.Name)}}
	}
	return found, found.Def != nil
}

// qualifiedElsewhere is, for a bare name with several candidates, the one
// a dotted reference of the spec ending in the name chose
// (`pkg.core.prefix_data.PrefixData` for a later `PrefixData`): the spec
// said which it means. Two such references that chose different ones
// say nothing.
func qualifiedElsewhere(r *spec.Ref, cands []*extract.Definition, matches []Match) (Match, bool) {
	if strings.Contains(r.Name, ".") {
		return Match{}, false
	}
	var found Match
	for _, m := range matches {
		if !strings.HasSuffix(m.Ref.Name, "."+r.Name) || m.Def.Name != r.Name || m.Member != "" || !containsDef(cands, m.Def) {
			continue
		}
		if found.Def != nil && found.Def != m.Def {
			return Match{}, false
		}
		found = m
	}
	return found, found.Def != nil
}

// importedNames moves the gaps that call a name absent or new to the
// external ones when a file of the tree imports it from a package
// outside the repository (`dayjs`, imported by a file no search parsed).
// A name the spec's wording makes a column, a field or a type ("a
// `status` column") is its own, whatever a test imports.
func importedNames(ix *search.Index, sp *spec.Spec, unresolved, external []Gap) ([]Gap, []Gap) {
	hinted, column := map[string]bool{}, map[string]bool{}
	for _, r := range sp.Refs {
		hinted[r.Name] = hinted[r.Name] || r.Hint != spec.HintNone
		column[r.Name] = column[r.Name] || r.Hint == spec.HintTable || r.Hint == spec.HintField
	}
	kept := unresolved[:0]
	for _, g := range unresolved {
		if g.Kind == GapAbsent && !column[g.Ref] && strings.ToLower(g.Ref) == g.Ref {
			// (A `metrics` module the spec adds stays new, whatever crate
			// of that name the code imports.)
			if mod, ok := ix.PackageImported(g.Ref); ok {
				// `thiserror`, "a `thiserror` enum": a package the code
				// imports from (use thiserror::Error), no name of the
				// repository's, whatever the wording makes of it.
				g.Kind, g.Hint = GapExternal, fmt.Sprintf("a package outside the repository, which the code imports from (`%s`)", mod)
				external = append(external, g)
				continue
			}
		}
		if (g.Kind == GapAbsent || g.Kind == GapNew) && !hinted[g.Ref] {
			if mod, ok := ix.ImportedAnywhere(g.Ref); ok {
				g.Kind, g.Hint = GapExternal, fmt.Sprintf("imported from `%s`, outside the repository", mod)
				external = append(external, g)
				continue
			}
		}
		kept = append(kept, g)
	}
	return kept, external
}

// parameterOf finds the chosen function or method whose signature
// declares the name as a parameter: the first, in the order chosen. A
// dotted name whose lower-case head is such a parameter (`traceID.High`,
// of createIndexKey's `traceID model.TraceID`) is a member of what the
// function takes, which its signature shows the type of.
func parameterOf(r *spec.Ref, matches []Match) (Match, bool) {
	name, member, dotted := strings.Cut(r.Name, ".")
	if spec.IsUpperStart(name) || dotted && strings.Contains(member, ".") {
		// (A capitalized word in a parameter list is its type's name:
		// `({ id }: CreateSharingIdOptions)` takes no parameter of that
		// name, and the type is declared elsewhere, or not at all.)
		return Match{}, false
	}
	for _, m := range matches {
		if slices.Contains(parameters(m.Def), name) {
			reason := fmt.Sprintf("defines `%s`, which takes the parameter `%s`", m.Def.QualifiedName(), name)
			if dotted {
				reason += fmt.Sprintf("; `%s` is a member of what it takes", r.Name)
			}
			return Match{Ref: r, Choice: rank.Choice{Def: m.Def, Reason: reason}}, true
		}
	}
	return Match{}, false
}

// parameters are the parameters of a function or a method, or of the
// handler a route registration shows (Spring's getPointsThisWeek(
// @RequestParam(value = "tz") String tz)).
func parameters(d *extract.Definition) []string {
	switch {
	case d.Kind == extract.KindFunction || d.Kind == extract.KindMethod:
		return extract.Parameters(d)
	case d.Kind == extract.KindRoute && d.Route != nil && d.Route.Handler != "":
		h := *d
		h.Name = d.Route.Handler[strings.LastIndexByte(d.Route.Handler, '.')+1:]
		return extract.Parameters(&h)
	}
	return nil
}

// importedFrom returns the module the spec's code imports a name from
// when no directory of the repository is that module's (java/nio/file for
// java.nio.file), nor is it the crate's own (crate::, self::, super::), or
// the JavaScript package no package.json of the repository declares.
func importedFrom(ix *search.Index, r *spec.Ref) (string, bool) {
	if r.Package != "" {
		// `import { useState } from 'react'`: a package no package.json
		// of the repository declares; `@astrojs/react/actions` is a path
		// of the package `@astrojs/react`. A virtual module a bundler
		// serves (`astro:actions`, no package's name) is the repository's
		// when the repository defines the name.
		if scheme, _, ok := strings.Cut(r.Package, ":"); ok && scheme != "node" {
			return r.Package, len(ix.Defs[r.Name]) == 0
		}
		_, own := ix.PackageDir(packageName(r.Package))
		return r.Package, !own
	}
	mod := r.Imports
	if mod == "" {
		return "", false
	}
	dir := strings.NewReplacer("::", "/", ".", "/").Replace(mod)
	head, _, _ := strings.Cut(dir, "/")
	if head == "crate" || head == "self" || head == "super" || ix.DirEnding(dir) || ix.SourceModule(dir) {
		return "", false
	}
	return mod, true
}

// packageName is the npm package an import specifier names: its scope and
// name (`@astrojs/react` of `@astrojs/react/actions`), or its first
// segment (`lodash` of `lodash/fp`).
func packageName(spec string) string {
	segs := strings.Split(spec, "/")
	if strings.HasPrefix(spec, "@") && len(segs) > 1 {
		return segs[0] + "/" + segs[1]
	}
	return segs[0]
}

// fileType is the one definition, of a type, that a file the spec names
// holds under the file's own name, or nil; nil too when that definition
// does not parse (a gap says so when the spec names it).
func fileType(ix *search.Index, r *spec.Ref) *extract.Definition {
	t, ok := search.FileType(*r)
	if !ok {
		return nil
	}
	f, ok := ix.WalkedFile(r.Name)
	if !ok {
		return nil
	}
	var found *extract.Definition
	for _, d := range ix.Defs[t] {
		if d.Path != f || d.Container != "" || !naming.TypeKind(d.Kind) {
			continue
		}
		if found != nil || d.Broken {
			return nil
		}
		found = d
	}
	return found
}

// codeOwner is the one type outside tests that has the member a spec
// calls new, when its name is specific (two words or more: `maxPages`,
// not `status`): the spec describes what the code already has.
func codeOwner(ix *search.Index, r *spec.Ref, owners []*extract.Definition) *extract.Definition {
	if spec.BareWord(r.Name) || len(naming.Words(r.Name)) < 2 {
		return nil
	}
	var found *extract.Definition
	for _, d := range owners {
		if ix.Class(d.Path).Test || ix.Class(d.Path).Aside {
			continue
		}
		if found != nil && (found.Path != d.Path || found.DeclLine != d.DeclLine) {
			return nil
		}
		found = d
	}
	return found
}

// otherExtension finds the definition of a two-part name's member when
// the only one the code has is an extension method of another receiver
// than its first part: C#'s `GetIsApiKey(this ClaimsPrincipal user)` for
// `User.GetIsApiKey`, where User is the controller's property, not the
// entity the repository also has.
func otherExtension(ix *search.Index, r *spec.Ref) *extract.Definition {
	parts := strings.Split(r.Name, ".")
	if len(parts) != 2 || len(ix.Defs[parts[1]]) != 1 || len(ix.TypesNamed(parts[0])) == 0 {
		return nil // (a variable's call, `services.AddX`, is onlyExtension's)
	}
	d, recv := soleExtension(ix.Defs[parts[1]])
	if d == nil || recv == parts[0] || ix.Class(d.Path).Test {
		return nil
	}
	return d
}

// soleExtension is the one definition among defs, when there is one place
// and it is an extension method (its first parameter marked as the
// receiver), and the receiver's type.
func soleExtension(defs []*extract.Definition) (*extract.Definition, string) {
	if distinctPlaces(defs) != 1 {
		return nil, ""
	}
	recv, ok := receiver(defs[0])
	if !ok {
		return nil, ""
	}
	return defs[0], recv
}

// extensionMethod is the one function or method named like a `Type.name`
// reference's last part whose first parameter is the type itself, marked
// as the receiver (C#'s `this Type type`): an extension method of the type
// that a "has no member" verdict would deny.
func extensionMethod(ix *search.Index, r *spec.Ref) *extract.Definition {
	parts := strings.Split(r.Name, ".")
	if len(parts) != 2 || !spec.IsUpperStart(parts[0]) {
		return nil
	}
	var found *extract.Definition
	for _, d := range ix.Defs[parts[1]] {
		if recv, ok := receiver(d); !ok || recv != parts[0] {
			continue
		}
		if found != nil {
			return nil
		}
		found = d
	}
	return found
}

// onlyExtension is, for a dotted name whose head is a variable
// (`services`, no package of the repository nor one a file imports), the
// one definition of its last part when that is an extension method (its
// first parameter marked as the receiver, C#'s `this IServiceCollection
// services`): what the variable calls.
func onlyExtension(ix *search.Index, r *spec.Ref) *extract.Definition {
	head, _, _ := strings.Cut(r.Name, ".")
	if ix.Imports[head] != "" || ix.Modules[head] {
		return nil
	}
	d, _ := soleExtension(memberDefs(ix, r))
	return d
}

// receiver is the type a function's first parameter is marked as the
// receiver of (C#'s `this IntegrationType type`): an extension method's.
func receiver(d *extract.Definition) (string, bool) {
	if d.Kind != extract.KindFunction && d.Kind != extract.KindMethod {
		return "", false
	}
	ps := extract.Parameters(d)
	if len(ps) < 2 || ps[0] != "this" {
		return "", false
	}
	return ps[1], true
}

// nestedIn reports a definition inside the type outer, directly
// (`Sender.Config`) or in a type nested in it (`Limiter.State.Exhausted`).
func nestedIn(ix *search.Index, d *extract.Definition, outer string) bool {
	if d.Container == outer {
		return true
	}
	return d.Container != "" && slices.ContainsFunc(ix.Defs[d.Container], func(t *extract.Definition) bool {
		return t.Path == d.Path && t.Container == outer
	})
}

// conventionFits reports a definition a naming convention may spell
// from a name (`order_items` for OrderItem): not from a private name
// (`_dispatch`, `_defaults`), an attribute, never the Dispatch class or the
// Default enum; and from a capitalized name (`Loki`) a lower-case
// definition only when it is a table (`orders` for `Orders`), never Go's
// unexported `type loki`. A name with a role suffix (`LinkRecord`) is
// another type's only when that type is a table's (the `Order` model for
// `OrderRecord`): a class `Link` is no LinkRecord. Nor is the plural of
// the name (`Options` for `Option`) anything but a table: a model is
// singular.
func conventionFits(name string, d *extract.Definition) bool {
	if strings.HasPrefix(name, "_") || (naming.RoleSuffixed(name) || naming.PluralOf(d.Name, name)) && d.Kind != extract.KindSchema {
		return false
	}
	if _, key := naming.KeyField(name); key && d.Kind != extract.KindSchema {
		return false // comment_id is a key column or field, not the CommentId type
	}
	return !spec.IsUpperStart(name) || spec.IsUpperStart(d.Name) || d.Kind == extract.KindSchema
}

// roleAdded reports a definition whose name adds a role to the
// reference's (NetBoxModel for `NetBox`) where that is no convention of
// the spec's: the reference is a word of the prose the spec does not call
// a table, or names a package of the repository (`netbox`).
func roleAdded(ix *search.Index, r *spec.Ref, d *extract.Definition) bool {
	if !naming.RoleSuffixed(d.Name) || naming.RoleSuffixed(r.Name) || r.Hint == spec.HintTable {
		return false
	}
	return !r.Strong || ix.Modules[strings.ToLower(r.Name)]
}

// selfWords are the names a method's own object goes by.
var selfWords = map[string]bool{"self": true, "this": true, "cls": true}

// tableNamed reports a schema that declares the table by the name
// (@Entity(tableName = "topics")): what a table name means before a
// field of that name on a type beside it.
func tableNamed(d *extract.Definition, name string) bool {
	return d.Kind == extract.KindSchema && slices.Contains(d.Aliases, name)
}

// chosenMemberNamed is the member of a chosen definition the reference
// names: one the paragraph names beside it (memberBeside), else any
// (memberOf).
func chosenMemberNamed(sp *spec.Spec, r *spec.Ref, matches []Match) (Match, bool) {
	if m, ok := memberBeside(sp, r, matches); ok {
		return m, true
	}
	return memberOf(r, matches)
}

// memberBeside finds a chosen definition that has the reference as a
// member and that the spec names in the same paragraph, the nearest
// first: a field list after its type, a method after the types that
// implement it. A name the wording calls a definition ("the `Status`
// enum") or qualifies is no member.
func memberBeside(sp *spec.Spec, r *spec.Ref, matches []Match) (Match, bool) {
	m, _, ok := memberBesideAt(sp, r, matches)
	return m, ok
}

// memberBesideAt is memberBeside, with how many lines apart the member and
// its type are named: 0 for one line ("`AuthorizationInfo` has `UserId`").
func memberBesideAt(sp *spec.Spec, r *spec.Ref, matches []Match) (Match, int, bool) {
	if strings.Contains(r.Name, ".") || r.Suffix != "" || r.Hint != spec.HintNone && r.Hint != spec.HintField {
		return Match{}, 0, false
	}
	best, bestDist := -1, 0
	for i, m := range matches {
		if m.Def.Name == r.Name || m.Def.Container == r.Name || !slices.ContainsFunc(m.Def.Members, func(mem extract.Member) bool { return mem.Name == r.Name }) {
			continue
		}
		if d, ok := sp.Beside(r.Name, m.Def.Name); ok && (best < 0 || d < bestDist) {
			best, bestDist = i, d
		}
	}
	if best < 0 {
		return Match{}, 0, false
	}
	d := matches[best].Def
	return Match{Ref: r, Choice: rank.Choice{Def: d, Member: r.Name,
		Reason: fmt.Sprintf("defines `%s`, which has the member `%s`, named beside it", d.QualifiedName(), r.Name)}}, bestDist, true
}

// otherOwner reports a member d of another type than owner: the method a
// named path favours is another class's than the one named beside it.
func otherOwner(d, owner *extract.Definition) bool {
	return d.Container != "" && d.Container != owner.Name && d.Container != owner.QualifiedName()
}

// pathOnLine reports a path the spec names on line that file is, or
// lies under.
func pathOnLine(sp *spec.Spec, line int, file string) bool {
	return slices.ContainsFunc(sp.Refs, func(o spec.Ref) bool {
		return o.IsPath && o.Line == line && search.UnderPath(file, o.Name)
	})
}

// changes reports a migration named for a change to another type
// (AddSvgIconToAuthClient, AuthClient's): "`AddSvgIconToAuthClient`, which
// adds `svgIcon`" says the code added the member to the type it names,
// which has it, not that the spec adds it to the migration. A migration
// is a type in a migrations directory, or named verb, what, then To, On,
// In or From and the type; a request or a DTO named for a change
// (CreateUserRequest, UpdateUserDto) has fields of its own, and may lack
// the one the spec adds.
func changes(t, owner *extract.Definition) bool {
	name := owner.Name
	if owner.Container != "" {
		name = owner.Container
	}
	migration := strings.Contains(strings.ToLower("/"+path.Dir(t.Path)+"/"), "/migrations/")
	for _, verb := range []string{"Add", "Create", "Alter", "Update", "Remove", "Drop", "Rename", "Change"} {
		rest, ok := strings.CutPrefix(t.Name, verb)
		if !ok || rest == "" || !spec.IsUpperStart(rest) || !strings.Contains(rest, name) {
			continue
		}
		if migration {
			return true
		}
		for _, prep := range []string{"To", "On", "In", "From"} {
			if strings.HasSuffix(rest, prep+name) && len(rest) > len(prep+name) {
				return true
			}
		}
	}
	return false
}

// redefinedAside reports candidates of which a documentation or example
// copy holds two or more in one file.
func redefinedAside(cands []*extract.Definition) bool {
	seen := map[string]bool{}
	for _, d := range cands {
		if !docCopy(d.Path) || d.Container != "" {
			continue
		}
		if seen[d.Path] {
			return true
		}
		seen[d.Path] = true
	}
	return false
}

// docDirs are the directories of documentation and examples: what they
// define is shown to readers, not code a package imports (a package
// named archive, legacy or old is code).
var docDirs = map[string]bool{"docs": true, "doc": true, "documentation": true, "example": true, "examples": true,
	"sample": true, "samples": true, "tutorial": true, "tutorials": true}

// docCopy reports a file under a documentation or example directory.
func docCopy(file string) bool {
	for _, d := range strings.Split(path.Dir(file), "/") {
		if docDirs[strings.ToLower(d)] {
			return true
		}
	}
	return false
}

// changedOwner is the one of owners a type named for a change to it
// changes (see changes), or nil.
func changedOwner(t *extract.Definition, owners []*extract.Definition) *extract.Definition {
	if t == nil {
		return nil
	}
	var found *extract.Definition
	for _, o := range owners {
		if changes(t, o) {
			if found != nil && found != o {
				return nil
			}
			found = o
		}
	}
	return found
}

// addedMembers turns into gaps the fields the spec adds to types it names
// beside them ("add nullable `expiresAt` and `visibility` fields to
// `CreatePublishedDocsArgs` and the object type `PublishedDocs`") that
// resolved to another type's member or method of that name, which the
// spec does not point at: the claim is that those types lack it. Only a
// name the wording calls a field (column, property...) and introduces.
func addedMembers(sp *spec.Spec, matches []Match, unresolved []Gap) ([]Match, []Gap) {
	out := matches[:0:0]
	for i, m := range matches {
		r := m.Ref
		lacking := ""
		if r.Proposed && r.Hint == spec.HintField && !strings.Contains(r.Name, ".") && (m.Member == r.Name || m.Def.Container != "") && !m.Placed() {
			others := slices.Delete(slices.Clone(matches), i, i+1)
			if _, near := sp.Beside(r.Name, cmp.Or(m.Def.Container, m.Def.Name)); !near && changedOwner(lackingBeside(sp, r, others), []*extract.Definition{m.Def}) == nil {
				lacking = typeLacking(sp, r, others)
			}
		}
		if lacking == "" {
			out = append(out, m)
			continue
		}
		unresolved = append(unresolved, proposedMember(r, fmt.Sprintf("%s has no member `%s`", lacking, r.Name)))
	}
	return out, unresolved
}

// typeLacking names the chosen type with members that the spec names
// nearest the reference, within a line, when it lacks the reference's
// name: the type the wording adds it to. "" when none.
func typeLacking(sp *spec.Spec, r *spec.Ref, matches []Match) string {
	d := lackingBeside(sp, r, matches)
	if d == nil {
		return ""
	}
	return fmt.Sprintf("`%s` (%s)", d.QualifiedName(), naming.At(d.Path, d.DeclLine))
}

// placedApart reports a reference the spec places where its pick is and
// the other is not: "`InvalidPasswordException` in `web.rest.errors`"
// keeps that one, whatever copy another mention qualifies.
func placedApart(r *spec.Ref, pick, other *extract.Definition) bool {
	return r.Path != "" && search.UnderPath(pick.Path, r.Path) && !search.UnderPath(other.Path, r.Path)
}

// siblingBeside is the one candidate that is a member of the type a
// chosen member, named on r's line or in its paragraph, belongs to; nil
// for none or several.
func siblingBeside(sp *spec.Spec, r *spec.Ref, cands []*extract.Definition, matches []Match) *extract.Definition {
	var found *extract.Definition
	for _, d := range cands {
		if d.Container == "" {
			continue
		}
		for _, m := range matches {
			if m.Def == nil || m.Def == d || m.Def.Container != d.Container || m.Def.Path != d.Path {
				continue
			}
			if dist, ok := sp.Beside(r.Name, m.Def.Name); ok && dist <= 1 {
				if found != nil && found != d {
					return nil
				}
				found = d
			}
		}
	}
	return found
}

// firstLineNames reports whether the spec line r is first named on also
// names name: the sentence that introduces r ("Add `expiresAt` ... to
// `Share`") says whose it is.
func firstLineNames(sp *spec.Spec, r *spec.Ref, name string) bool {
	return naming.HasWord(sp.Line(r.Line), name)
}

// nearLine reports a word on the spec's line or on one next to it.
func nearLine(sp *spec.Spec, line int, w string) bool {
	return naming.HasWord(sp.Line(line-1), w) || naming.HasWord(sp.Line(line), w) || naming.HasWord(sp.Line(line+1), w)
}

// lackingBeside is typeLacking's type: one named within a line of the
// reference's first mention, which is where a spec introduces a member
// (not `Map` beside a later mention of `ackId`).
func lackingBeside(sp *spec.Spec, r *spec.Ref, matches []Match) *extract.Definition {
	var best *extract.Definition
	bestDist := 2
	for _, m := range matches {
		d := m.Def
		if m.Member != "" || len(d.Members) == 0 || d.Container != "" || !nearLine(sp, r.Line, d.Name) {
			continue
		}
		if dist, ok := sp.Beside(r.Name, d.Name); ok && dist < bestDist {
			best, bestDist = d, dist
		}
	}
	if best == nil || slices.ContainsFunc(best.Members, func(mem extract.Member) bool { return mem.Name == r.Name }) {
		return nil
	}
	return best
}

// besideLacking reports a column the spec writes beside a table it names
// that lacks it ("add `attempts` and `next_attempt_at` to
// `webhook_messages`") when m, the table found elsewhere, is one the spec
// does not name, and one it would show (not a guess among several): the
// claim is about the table beside it, and the gap says it lacks the
// column, not another table's.
func besideLacking(sp *spec.Spec, r *spec.Ref, m Match, owners []*extract.Definition, matches []Match) (Gap, bool) {
	table := func(d *extract.Definition) bool {
		return d != nil && d.Kind == extract.KindSchema && d.Title == "Table"
	}
	if !table(m.Def) || guessed(m, owners) || slices.ContainsFunc(matches, func(x Match) bool { return x.Def == m.Def }) {
		return Gap{}, false
	}
	t := lackingBeside(sp, r, matches)
	if !table(t) {
		return Gap{}, false
	}
	return gap(r, GapAbsent, fmt.Sprintf("`%s` (%s) has no member `%s`; %s %s one", t.QualifiedName(), naming.At(t.Path, t.DeclLine), r.Name,
		ownerList(owners, 3), naming.Plural(distinctPlaces(owners), "has", "have"))), true
}

// ownerMatch picks among the type-like definitions that have a member the
// reference names alone (never for a type the spec's code declares): by the member's name, else by a name the member
// is serialized as (`consolidateAfter`, which no definition declares),
// and says which member. A serialized name is weaker evidence than a
// declared one: only a strong reference (a code span, or a name the
// wording says is code) is taken for it, never a key of an example. ok
// is false when none has one; far, when only types the spec does not
// point at have the member (memberOwners).
func ownerMatch(rk *rank.Ranker, ix *search.Index, r *spec.Ref) (m Match, owners []*extract.Definition, far, ok bool) {
	if strings.Contains(r.Name, ".") || declaresType(r) || r.Suffix != "" || r.Invoked && !r.Strong ||
		spec.BareWord(r.Name) && r.Hint == spec.HintNone && ix.IsDir(r.Name) {
		// (A bare word that names a directory at the repository's root,
		// "it lives in `application`", is that directory; `save!` is no
		// member `save`, which is all a type's member list says: nor
		// below, nor in memberOf and memberBesideAt; and a method the
		// spec's code calls on a value, `codec.encoding().value()`, is of
		// a receiver nothing names, no type's that has a member so named.)
		return Match{}, nil, false, false
	}
	owners, far = memberOwners(rk, ix, r)
	if pre, code := unstableOwners(ix, r, owners); len(code) > 0 {
		// Only tests (or nothing) have the spec's name; the code has it
		// under a prefix that marks it unstable.
		m = pick(rk, r, code, pre+r.Name)
		m.Reason = strings.Replace(m.Reason, fmt.Sprintf("which has the member `%s`", pre+r.Name),
			fmt.Sprintf("which has the member `%s`, the spec's `%s` under its unstable prefix", pre+r.Name, r.Name), 1)
		return m, code, false, true
	}
	if far || len(owners) > 0 {
		if far {
			return Match{}, nil, true, false
		}
		member := r.Name
		if prop, ok := strings.CutPrefix(member, "$"); ok && !slices.ContainsFunc(owners[0].Members, func(m extract.Member) bool { return m.Name == member }) {
			member = prop
		}
		return pick(rk, r, owners, member), owners, false, true
	}
	owners = ix.Wire[r.Name]
	if len(owners) == 0 || !r.Strong {
		return Match{}, nil, false, false
	}
	m = pick(rk, r, owners, "")
	for _, mem := range m.Def.Members {
		if slices.Contains(mem.Serialized, r.Name) {
			m.Member = mem.Name
			break
		}
	}
	m.Reason = fmt.Sprintf("defines `%s`, whose field `%s` is serialized as `%s`", m.Def.Name, m.Member, r.Name) +
		strings.TrimPrefix(m.Reason, "defines `"+r.Name+"`")
	return m, owners, false, true
}

// unstableOwners are the types outside tests that have the member r
// names under a stability prefix (`unstable_dataStrategy` for
// `dataStrategy`), with the prefix, when no type outside tests among
// owners has the member by the spec's name.
func unstableOwners(ix *search.Index, r *spec.Ref, owners []*extract.Definition) (string, []*extract.Definition) {
	if spec.BareWord(r.Name) || slices.ContainsFunc(owners, func(d *extract.Definition) bool { return !ix.Class(d.Path).Test }) {
		return "", nil
	}
	for _, pre := range naming.StabilityPrefixes {
		var code []*extract.Definition
		for _, d := range ix.Members[pre+r.Name] {
			if !ix.Class(d.Path).Test {
				code = append(code, d)
			}
		}
		if len(code) > 0 {
			return pre, code
		}
	}
	return "", nil
}

// chainMatch picks among the definitions a chain of members reached, and
// says how it was reached.
func chainMatch(rk *rank.Ranker, r *spec.Ref, ch search.Chain) Match {
	m := pick(rk, r, ch.Owners, "")
	m.Member = ch.Member
	what := fmt.Sprintf("defines `%s`", m.Def.QualifiedName())
	if ch.Member != "" {
		what += fmt.Sprintf(", which has the member `%s`", ch.Member)
	}
	if last := r.Name[strings.LastIndexByte(r.Name, '.')+1:]; ch.Member != "" && last != ch.Member {
		what += fmt.Sprintf(", serialized as `%s`", last)
	}
	if via := ch.Via[m.Def]; via != "" {
		what += "; " + via
	}
	m.Reason = what + strings.TrimPrefix(m.Reason, "defines `"+r.Name+"`")
	return m
}

// candidates returns the definitions a reference can mean: by name, or for
// a qualified name (pkg.Func, Type.method, pkg.Type.method) those whose
// container or package matches; a Type.field resolves to the type, and a
// member named on a variable by the value it holds (see madeMethods and
// valueMethods, whose reason is held).
func candidates(ix *search.Index, r *spec.Ref) (cands []*extract.Definition, member, held string, broken []string) {
	cands, member, held, broken = namedCandidates(ix, r)
	cands = slices.DeleteFunc(cands, func(d *extract.Definition) bool { return !writesSep(d, r.Sep) })
	return dropForwardTypedefs(cands), member, held, broken
}

// forwardTypedefRe is C's forward name for a struct, union or enum
// defined elsewhere: `typedef struct conn conn;`.
var forwardTypedefRe = regexp.MustCompile(`^typedef\s+(?:struct|union|enum)\s+\w+\s+\**\w+\s*;$`)

// dropForwardTypedefs leaves out of cands a forward typedef of a name
// whose struct, union or enum, with its members, is a candidate too: the
// definition is the body, not the line that names it ahead.
func dropForwardTypedefs(cands []*extract.Definition) []*extract.Definition {
	if len(cands) < 2 {
		return cands
	}
	return slices.DeleteFunc(cands, func(d *extract.Definition) bool {
		if len(d.Lines) == 0 || !forwardTypedefRe.MatchString(strings.TrimSpace(d.Lines[len(d.Lines)-1].Text)) {
			return false
		}
		return slices.ContainsFunc(cands, func(o *extract.Definition) bool { return o != d && o.Name == d.Name && len(o.Members) > 0 })
	})
}

// memberSep is what the spec writes between the type named name and a
// member of it besides "." (see spec.Ref.Sep), "" for nothing.
func memberSep(refs []spec.Ref, name string) string {
	for i := range refs {
		if refs[i].Sep != "" && strings.HasPrefix(refs[i].Name, name+".") {
			return refs[i].Sep
		}
	}
	return ""
}

// nestedPath reports types named each in the one before it: AppRoute,
// then Api nested in AppRoute, then Push in Api.
func nestedPath(ix *search.Index, types []string) bool {
	for i := 1; i < len(types); i++ {
		if !spec.IsUpperStart(types[i-1]) || !slices.ContainsFunc(ix.Defs[types[i]], func(d *extract.Definition) bool {
			return naming.TypeKind(d.Kind) && (d.Container == types[i-1] || strings.HasSuffix(d.Container, "."+types[i-1]))
		}) {
			return false
		}
	}
	return true
}

// writesSep reports whether d's language writes sep, what the spec
// writes between a type and its member (see spec.Ref.Sep), "" for ".".
func writesSep(d *extract.Definition, sep string) bool {
	return sep == "" || d.Lang == nil || d.Lang.Grammar == nil || slices.Contains(d.Lang.MemberSeps, sep)
}

// namedCandidates is candidates, whatever the spec writes between a type
// and its member.
func namedCandidates(ix *search.Index, r *spec.Ref) (cands []*extract.Definition, member, held string, broken []string) {
	parts := strings.Split(r.Name, ".")
	if len(parts) > 3 && nestedPath(ix, parts[:len(parts)-2]) {
		// `AppRoute.Api.Push.register`: types nested in types, which
		// `Api.Push.register` names as well.
		inner := *r
		inner.Name = strings.Join(parts[len(parts)-3:], ".")
		return namedCandidates(ix, &inner)
	}
	pkg := ""
	if len(parts) == 3 {
		pkg, parts = parts[0], parts[1:]
	}
	inPkg := func(d *extract.Definition) bool {
		return pkg == "" || search.DeclaredIn(d, pkg) || spec.IsUpperStart(pkg) && nestedIn(ix, d, pkg)
	}
	var all []*extract.Definition
	if len(parts) == 1 {
		all = append(all, ix.Defs[parts[0]]...)
		// Table names across conventions: `orders` is model Order,
		// order_items is OrderItem. A name the spec's code calls on a value
		// (`.primary_key()`) is no table's; one written as a call alone
		// may be (SQL's `users(user_id)`).
		for _, d := range ix.ByKey[naming.TableKey(parts[0])] {
			if d.Name != parts[0] && !r.Invoked && conventionFits(parts[0], d) && !roleAdded(ix, r, d) &&
				!(r.Hint == spec.HintTable && d.Lang != nil && d.Lang.WireSchemas) { // (the `note_view` table is no NoteView message)
				all = append(all, d)
			}
		}
		for _, d := range ix.ByAlias[parts[0]] {
			if d.Name != parts[0] && !containsDef(all, d) {
				all = append(all, d)
			}
		}
		if wire := ix.Wire[parts[0]]; len(wire) > 0 && !slices.ContainsFunc(all, func(d *extract.Definition) bool {
			return d.Name == parts[0] || slices.Contains(d.Aliases, parts[0])
		}) {
			// `rateLimit:` in the spec's YAML is the field serialized as
			// that key (`json:"rateLimit"`): a type whose name folds to it
			// is meant only as that field's type (`failurePolicy:` of type
			// FailurePolicy), not otherwise (the service's RateLimit for a
			// RateLimitSpec field).
			types := map[string]bool{}
			for _, o := range wire {
				for _, m := range o.Members {
					if slices.Contains(m.Serialized, parts[0]) {
						types[m.Type[strings.LastIndexByte(m.Type, '.')+1:]] = true // (pkg.T: T)
					}
				}
			}
			all = slices.DeleteFunc(all, func(d *extract.Definition) bool { return !types[d.Name] })
		}
	} else if len(parts) == 2 && !r.NamespaceMember() {
		// (A longer name, Application.Servers.Provider.httpNew, is
		// qualified by its types and packages below: its first two parts
		// name no type and its member.)
		head, last := parts[0], parts[1]
		for _, d := range ix.Defs[last] {
			if inPkg(d) && (d.Container == head || pkg == "" && d.Container == "" && inPackage(d, head)) {
				all = append(all, d)
			}
		}
		if typ, ok := namedAfterType(ix, head); len(all) == 0 && pkg == "" && ok {
			// `accessService.createAccess`: a variable named after its
			// type, as injected dependencies are, is the AccessService's,
			// not the AccessController's createAccess.
			for _, d := range ix.Defs[last] {
				if d.Container == typ && (d.Kind == extract.KindMethod || d.Kind == extract.KindFunction) {
					all = append(all, d)
				}
			}
			if len(all) == 1 {
				held = fmt.Sprintf("defines `%s`; `%s` is named after the type, taken for `%s`", all[0].QualifiedName(), head, r.Name)
			}
		}
		if pkg == "" {
			all = ix.TopLevel(head, all)
		}
		if len(all) == 0 {
			all, held = madeMethods(ix, variables(ix, head, pkg), head, last)
		}
		if len(all) == 0 {
			all, held = delegatedMethods(ix, head, last, inPkg)
		}
		if len(all) == 0 {
			table := len(ix.Defs[head]) == 0
			walked := map[*extract.Definition]int{}
			types := ix.TypesNamed(head)
			if pkg == "" {
				types = ix.TopLevel(head, types)
			}
			for _, d := range types {
				if !inPkg(d) {
					continue
				}
				if owner := memberOwner(ix, d, last, walked); owner != nil {
					all = append(all, owner)
					member = last
					if table && owner == d && held == "" {
						held = fmt.Sprintf("defines `%s`, the model of the table `%s`, which has the member `%s`", d.Name, head, last)
					}
				}
			}
		}
	}
	if len(all) == 0 && len(strings.Split(r.Name, ".")) >= 2 {
		// A package-qualified name (orders.v1.Order, app.models.Item,
		// Shop.Api.Orders.Order, PHP's App\Models\Order): the last part,
		// in a file whose path or namespace holds every qualifier; or a
		// member of a package-qualified type (com.example.orders.Order.total,
		// app.models.Item.save): the member of that type, in a file whose
		// path or namespace holds the package.
		q := strings.Split(r.Name, ".")
		for _, d := range ix.Defs[q[len(q)-1]] {
			if slices.Contains(d.Aliases, r.Name) {
				all = append(all, d) // it answers to that name (a Kotlin class by its package)
				continue
			}
			quals := q[:len(q)-1]
			if d.Container != "" {
				if len(quals) < 2 || d.Container != quals[len(quals)-1] {
					continue
				}
				quals = quals[:len(quals)-1]
			}
			ok := true
			for _, seg := range quals {
				if !search.DeclaredIn(d, seg) {
					ok = false
					break
				}
			}
			if ok {
				all = append(all, d)
			}
		}
	}
	if len(all) == 0 && len(parts) == 2 {
		all, held = valueMethods(variables(ix, parts[0], pkg), parts[0], parts[1])
	}
	all = suffixFits(r, all)
	for _, d := range all {
		if d.Broken {
			broken = append(broken, naming.At(d.Path, d.DeclLine))
		} else {
			cands = append(cands, d)
		}
	}
	if r.Path != "" {
		var near []*extract.Definition
		for _, d := range cands {
			// (A file's name alone, "(published-docs.model.ts)", places
			// it in the files of that name: UnderPath takes a suffix.)
			if search.UnderPath(d.Path, r.Path) {
				near = append(near, d)
			}
		}
		if len(near) > 0 {
			cands = near
		}
	}
	return cands, member, held, broken
}

// suffixFits keeps the definitions whose name ends as the spec writes it:
// `save!` is no `def save`, a method of its own (Definition.Suffix);
// `recalculate` alone is `def recalculate` where there is one, else
// either.
func suffixFits(r *spec.Ref, defs []*extract.Definition) []*extract.Definition {
	method := func(d *extract.Definition) bool {
		return d.Lang != nil && d.Lang.SuffixedMethods && (d.Kind == extract.KindFunction || d.Kind == extract.KindMethod)
	}
	if r.Suffix == "" && !slices.ContainsFunc(defs, func(d *extract.Definition) bool { return method(d) && d.Suffix == "" }) {
		return defs
	}
	return slices.DeleteFunc(slices.Clone(defs), func(d *extract.Definition) bool { return method(d) && d.Suffix != r.Suffix })
}

// Weights of what tells which type's method the spec's code shows
// without its type: a member of the type its body uses, the parameter
// types its signature declares, a type the spec names. A method is chosen
// only with one of the first two, and only when no other scores as high.
const (
	sketchMember = 4
	sketchParams = 2
	sketchNamed  = 1
)

// sketched chooses the method the spec's code shows without its type
// (`fn call(&mut self, req: HecRequest)` using `self.batch_service`):
// among the methods of that name outside tests, the one whose type
// declares the most members the body uses, whose signature declares every
// parameter type the sketch does, and whose type the spec names.
func sketched(ix *search.Index, r *spec.Ref, matches []Match) (Match, bool) {
	sk := r.Sketch
	var best *extract.Definition
	bestScore, tied := 0, false
	var why []string
	for _, d := range ix.Defs[r.Name] {
		if d.Kind != extract.KindMethod || d.Container == "" || ix.Class(d.Path).Test || ix.Class(d.Path).Aside {
			continue
		}
		score := 0
		var reasons []string
		var used []string
		for _, t := range ix.Defs[d.Container] {
			if !naming.TypeKind(t.Kind) || path.Dir(t.Path) != path.Dir(d.Path) {
				continue
			}
			for _, f := range sk.Fields {
				if !slices.Contains(used, f) && slices.ContainsFunc(t.Members, func(m extract.Member) bool { return m.Name == f }) {
					used = append(used, f)
				}
			}
		}
		if len(used) > 0 {
			score += sketchMember * len(used)
			reasons = append(reasons, fmt.Sprintf("its type has %s, which the body uses", naming.CodeList(used)))
		}
		if len(sk.Params) > 0 {
			sig := d.Text()
			if !slices.ContainsFunc(sk.Params, func(p string) bool { return !naming.HasWord(sig, p) }) {
				score += sketchParams
				reasons = append(reasons, fmt.Sprintf("it takes %s", naming.CodeList(sk.Params)))
			}
		}
		if score == 0 {
			continue
		}
		if slices.ContainsFunc(matches, func(m Match) bool { return m.Def.Name == d.Container }) {
			score += sketchNamed
			reasons = append(reasons, fmt.Sprintf("the spec names `%s`", d.Container))
		}
		switch {
		case score > bestScore:
			best, bestScore, tied, why = d, score, false, reasons
		case score == bestScore:
			tied = true
		}
	}
	if best == nil || tied {
		return Match{}, false
	}
	return Match{Ref: r, Choice: rank.Choice{Def: best,
		Reason: fmt.Sprintf("defines `%s`, the method the spec's code shows without its type: %s", best.QualifiedName(), strings.Join(why, "; "))}}, true
}

// namedAfterType is the type a variable is named after, as injected
// dependencies are (`accessService` for AccessService): a camelCase name
// whose capitalized spelling is a type, and that no declaration types
// otherwise (a field `httpClient *http.Client` is no HttpClient).
func namedAfterType(ix *search.Index, head string) (string, bool) {
	if spec.IsUpperStart(head) || strings.ToLower(head) == head {
		return "", false
	}
	typ := naming.Capitalize(head)
	if len(ix.Defs[typ]) == 0 {
		return "", false
	}
	for _, d := range ix.Members[head] {
		for _, m := range d.Members {
			if m.Name == head && m.Type != "" && elementName(m.Type) != typ {
				return "", false
			}
		}
	}
	return typ, true
}

// elementName is the name of the type a member's type names, past
// pointers, slices, a package and type arguments: Client of
// `*http.Client`, Order of `[]Order` or `List<Order>`'s List.
func elementName(t string) string {
	t = strings.TrimLeft(t, "*&[]?")
	if i := strings.IndexAny(t, "<[("); i > 0 {
		t = t[:i]
	}
	return strings.TrimSpace(t[strings.LastIndexAny(t, ".:\\")+1:])
}

// ownTypeOwners answers a field the spec's code declares in a type the
// repository has (OwnTypes): the types of those names that have it (the
// ranker chooses among them); ok is false when the repository
// has none of the types, or one of them inherits the name from outside
// what the search read.
func ownTypeOwners(ix *search.Index, r *spec.Ref) (owners []*extract.Definition, ok bool) {
	if len(r.OwnTypes) == 0 || strings.Contains(r.Name, ".") || inherits(ix, r.OwnBases, r.Name) {
		return nil, false
	}
	for _, t := range r.OwnTypes {
		for _, d := range ix.TypesNamed(t) {
			if c := ix.Class(d.Path); c.Test || c.Aside {
				continue // (a test's `class Query`, beside a guide's example of one, is no type the spec's code extends)
			}
			ok = true
			if o := memberOwner(ix, d, r.Name, map[*extract.Definition]int{}); o != nil && !slices.Contains(owners, o) {
				owners = append(owners, o)
			}
		}
	}
	return owners, ok
}

// memberOwner finds the definition that declares member: d itself, or a
// class or interface it extends or a type it delegates to (Rust's Deref
// target), followed through the repository up to four levels ("User.is_superuser" is declared on UserBase). walked holds
// the depth each definition was walked from, by the searches of one name:
// one is walked again only from nearer (`class Meta(Base.Meta)` makes
// every Meta a base of every other).
func memberOwner(ix *search.Index, d *extract.Definition, member string, walked map[*extract.Definition]int) *extract.Definition {
	var find func(d *extract.Definition, depth int) *extract.Definition
	find = func(d *extract.Definition, depth int) *extract.Definition {
		if at, ok := walked[d]; ok && at <= depth {
			return nil
		}
		walked[d] = depth
		for _, m := range d.Members {
			if m.Name == member {
				return d
			}
		}
		if depth >= 4 {
			return nil
		}
		for _, b := range append(slices.Clip(d.Bases), ix.Delegates(d)...) {
			for _, bd := range search.BaseDefs(d, ix.Defs[b]) {
				if bd.Kind == extract.KindMethod || bd.Kind == extract.KindFunction || bd.Broken {
					continue
				}
				if owner := find(bd, depth+1); owner != nil {
					return owner
				}
			}
		}
		return nil
	}
	return find(d, 0)
}

func containsDef(ds []*extract.Definition, d *extract.Definition) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// placedInMissing handles the references the spec places in a file or
// directory the repository does not have ("functions `get` and `delete`
// in `src/dispatch/case/sla/service.py` (new)"), for which a definition
// elsewhere was chosen. Where the spec adds the place (its path's gap says
// it is new), the name is new there: the other definition is no artifact,
// and the gap names it. Else the definition stays, and a drift gap says
// the place does not exist.
func placedInMissing(ix *search.Index, matches []Match, unresolved []Gap, at string) ([]Match, []Gap) {
	out := matches[:0:0]
	for _, m := range matches {
		r := m.Ref
		place := strings.TrimSuffix(strings.TrimPrefix(r.Placed, "./"), "/")
		if place == "" || m.Def == nil || r.IsPath || r.Route != nil || placeHolds(ix, place) {
			out = append(out, m)
			continue
		}
		added := slices.ContainsFunc(unresolved, func(g Gap) bool {
			return g.Kind == GapNew && strings.TrimSuffix(strings.TrimPrefix(g.Ref, "./"), "/") == place
		})
		if added {
			g := gap(r, GapNew, fmt.Sprintf("new in this spec: in `%s`, which the spec adds; the definition of the name elsewhere is at %s, not shown",
				place, naming.At(m.Def.Path, m.Def.DeclLine)))
			g.declared = true // (the hint says where the name is declared)
			if !slices.ContainsFunc(unresolved, func(o Gap) bool { return o.Ref == g.Ref && o.SpecLine == g.SpecLine }) {
				unresolved = append(unresolved, g)
			}
			continue
		}
		out = append(out, m)
		unresolved = append(unresolved, gap(r, GapDrift, fmt.Sprintf("the spec places it in `%s`, which does not exist in %s; the definition shown is at %s",
			place, at, naming.At(m.Def.Path, m.Def.DeclLine))))
	}
	return out, unresolved
}

// droppedTables says, for a table a migration creates and a later one
// drops or renames (documenso's `CREATE TABLE "Document"`, dropped when
// envelopes replaced documents), that no table of that name stands at
// HEAD: a gap beside the CREATE TABLE shown, and instead of a verdict
// that the old table lacks a member.
func droppedTables(ix *search.Index, matches []Match, unresolved []Gap, at string) ([]Match, []Gap) {
	sqlTable := func(d *extract.Definition) bool {
		return d != nil && d.Kind == extract.KindSchema && d.Lang != nil && d.Lang.Migrated
	}
	tables := map[string]string{}
	for _, m := range matches {
		if sqlTable(m.Def) {
			tables[m.Def.Name] = m.Def.Path
		}
	}
	// (A member's verdict drawn from such a table: `document.share`,
	// "`Document` (.../migration.sql:61) has no member `share`".)
	owner := map[int]*extract.Definition{}
	for i, g := range unresolved {
		head, _, dotted := strings.Cut(g.Ref, ".")
		if g.Kind != GapNoMember || !dotted {
			continue
		}
		for _, d := range ix.ByKey[naming.TableKey(head)] {
			if sqlTable(d) && strings.Contains(g.Hint, "("+naming.At(d.Path, d.DeclLine)+")") {
				tables[d.Name], owner[i] = d.Path, d
			}
		}
	}
	if len(tables) == 0 {
		return matches, unresolved
	}
	dropped := ix.FindDropped(tables)
	if len(dropped) == 0 {
		return matches, unresolved
	}
	hint := func(d *extract.Definition) string {
		return fmt.Sprintf("no table `%s` in %s: created at %s, dropped or renamed by a later migration at %s",
			d.Name, at, naming.At(d.Path, d.DeclLine), dropped[d.Name])
	}
	for i, d := range owner {
		if tables[d.Name] == d.Path && dropped[d.Name] != "" {
			unresolved[i].Kind, unresolved[i].Hint, unresolved[i].declared = GapAbsent, hint(d), true
		}
	}
	said := map[string]bool{}
	for _, m := range matches {
		if d := m.Def; sqlTable(d) && tables[d.Name] == d.Path && dropped[d.Name] != "" && !said[d.Name] {
			// (The CREATE TABLE stays shown, as the schema it was: the
			// spec may discuss the old table.)
			said[d.Name] = true
			g := gap(m.Ref, GapAbsent, hint(d)+"; the artifact shown is that CREATE TABLE")
			g.declared = true // (the hint says where it was)
			unresolved = append(unresolved, g)
		}
	}
	return matches, unresolved
}

// addsType reports a reference the spec introduces as a type: "a new
// `Event` type", "a new `File` interface (new)".
func addsType(r *spec.Ref) bool {
	return r.Proposed && (r.Hint == spec.HintType || r.Hint == spec.HintInterface || r.Hint == spec.HintTable || r.Hint == spec.HintEnum)
}

// kindSays reports a definition of the kind a noun gives a prose word
// ("the X interface", "the X struct", "the X model", "the X enum"): an
// interface for an interface (a trait, a protocol, a service: a gRPC
// service is one), a type or a table for a type, a class, a struct or a
// model, an enum for an enum.
func kindSays(h spec.Hint, d *extract.Definition) bool {
	switch h {
	case spec.HintInterface:
		return d.Kind == extract.KindInterface
	case spec.HintType, spec.HintTable:
		return d.Kind == extract.KindType || d.Kind == extract.KindSchema || d.Kind == extract.KindError
	case spec.HintEnum:
		return d.Kind == extract.KindEnum
	}
	return false
}

// ambiguousMount reports a mount of a function's routes (`RegisterRoutes`,
// called with a group) whose function the repository declares in more
// than one directory: a handler of users and one of orders both named so,
// which the call alone does not tell apart.
func ambiguousMount(ix *search.Index, m extract.Mount) bool {
	if !m.Func {
		return false
	}
	name, _, _ := strings.Cut(m.Target, "#")
	dirs := map[string]bool{}
	for _, f := range ix.Declared(name) {
		dirs[path.Dir(f)] = true
	}
	return len(dirs) > 1
}

// inPlace reports a file at a place the spec gives: that file, a file
// under that directory, or a file whose path ends with it.
func inPlace(file, place string) bool {
	place = strings.TrimSuffix(place, "/")
	return file == place || strings.HasPrefix(file, place+"/") || strings.HasSuffix(file, "/"+place)
}

// placeHolds reports a place the repository has, written as a path, as a
// module path without its extension (`src/users/service` for service.ts,
// `dispatch/case/service` of `dispatch.case.service`) or as an import
// path (a Go module's github.com/acme/widget/pkg/client): some walked
// file or directory is it.
func placeHolds(ix *search.Index, place string) bool {
	if ix.PathExists(place) {
		return true
	}
	if len(ix.DirsEnding(place)) > 0 {
		return true // a Java package as a path, under src/main/java/ and src/test/java/
	}
	for _, f := range ix.Files {
		if s := strings.TrimSuffix(f.Path, path.Ext(f.Path)); s == place || strings.HasSuffix(s, "/"+place) || search.InImportPath(f.Path, place) {
			return true
		}
	}
	return false
}

// drift reports the references the spec places in a file or directory
// that does not define them, though a definition elsewhere was found and
// is shown: the spec's claim is stale, or the code moved. The place must
// be one the search read (a walked source file, or a directory), so that
// "does not define" is a finding, not a guess.
func drift(ix *search.Index, matches []Match, at string) []Gap {
	var out []Gap
	for i := range matches {
		m := &matches[i]
		r := m.Ref
		if r.Placed == "" || m.Def == nil || search.UnderPath(m.Def.Path, r.Placed) {
			continue
		}
		place := strings.TrimSuffix(strings.TrimPrefix(r.Placed, "./"), "/")
		if dirs := ix.DirsEnding(place); len(dirs) > 1 && !ix.PathExists(place) && !ix.ModuleFile(place) {
			// `org.jhipster.health.service`, the package of
			// src/main/java/org/jhipster/health/service and of its tests'
			// directory: the claim is about every one of them.
			if slices.ContainsFunc(dirs, func(d string) bool { return search.UnderPath(m.Def.Path, d) }) ||
				slices.ContainsFunc(ix.Defs[m.Def.Name], func(d *extract.Definition) bool {
					return slices.ContainsFunc(dirs, func(dir string) bool { return search.UnderPath(d.Path, dir) })
				}) {
				continue
			}
			out = append(out, gap(r, GapDrift, fmt.Sprintf("the spec places it in `%s` (%s), which does not define it in %s; the definition shown is at %s",
				place, naming.PathList(dirs, 3), at, naming.At(m.Def.Path, m.Def.DeclLine))))
			continue
		}
		if !ix.PathExists(place) || ix.Class(place).Lang == nil && !ix.IsDir(place) {
			continue
		}
		under := func(d *extract.Definition) bool { return search.UnderPath(d.Path, place) }
		if slices.ContainsFunc(ix.Defs[m.Def.Name], under) || slices.ContainsFunc(ix.Defs[r.Name], under) ||
			slices.ContainsFunc(ix.ByKey[naming.TableKey(r.Name)], under) || slices.ContainsFunc(ix.Members[m.Def.Name], under) {
			// The place defines one too, or defines the name as the spec
			// spells it (Diesel's table `local_user_invite` in schema.rs,
			// where the struct shown is LocalUserInvite), or a type there
			// has it as a member (an interface's `TransferTx`): the claim
			// would be false.
			continue
		}
		if slices.ContainsFunc(matches, func(o Match) bool {
			return o.Def != nil && o.Def.Container == m.Def.Name && search.UnderPath(o.Def.Path, place)
		}) {
			// "a private `toErrorJson` on `KunneIkkeLagre` in
			// `SendInnRoute.kt`": the place declares what the spec names on
			// the type there (an extension, a method), not the type.
			continue
		}
		if d := nestedDeclaration(ix, place, m.Def.Name); d != nil {
			// "the `deletePost` callback in manage.modal.tsx": a handler
			// declared inside a component there, which is what the spec
			// means, not another file's definition of the name.
			m.Choice = rank.Choice{Def: d, Reason: fmt.Sprintf("declares `%s` inside another definition, in `%s` as the spec says", d.Name, place)}
			continue
		}
		if line := max(textDeclares(ix, place, m.Def.Name), textDeclares(ix, place, r.Name[strings.LastIndexByte(r.Name, '.')+1:])); line > 0 && !ix.IsDir(place) {
			// `db/sqlc/models.go`, generated, which the search reads as
			// text: its `type Account struct` is there all the same.
			out = append(out, gap(r, GapUnparsed, fmt.Sprintf("the spec places it in `%s`, which declares it at %s, in code the search reads as text only; the definition shown is at %s",
				place, naming.At(place, line), naming.At(m.Def.Path, m.Def.DeclLine))))
			continue
		}
		if !ix.IsDir(place) && ix.MethodLine(place, r.Name[strings.LastIndexByte(r.Name, '.')+1:]) > 0 {
			// `TransferTx` in db/sqlc/store.go, a method its Store interface
			// declares, where the search read no definition of it.
			continue
		}
		if table, col, ok := strings.Cut(r.Name, "."); ok && slices.ContainsFunc(ix.Added[naming.TableKey(table)], func(d *extract.Definition) bool {
			return under(d) && slices.ContainsFunc(d.Members, func(mem extract.Member) bool { return mem.Answers(col) })
		}) {
			// `users.role` in the migration whose ALTER TABLE adds it.
			continue
		}
		out = append(out, gap(r, GapDrift, fmt.Sprintf("the spec places it in `%s`, which does not define it in %s; the definition shown is at %s",
			place, at, naming.At(m.Def.Path, m.Def.DeclLine))))
	}
	return out
}

// textDeclares is the line on which a plain declaration pattern finds
// name declared in a file the search reads no definition from (a
// generated file, read as text), 0 for none.
func textDeclares(ix *search.Index, file, name string) int {
	if _, unread := ix.Unread(file); !unread {
		return 0
	}
	if line, _ := ix.Declaration(file, name); line > 0 {
		return line
	}
	return ix.MethodLine(file, name) // sqlc's Querier's `CreateTransfer(ctx ...)`, a mock's method
}

// nestedDeclaration is the declaration of name inside another definition
// that the file place holds, nil for none or for a directory.
func nestedDeclaration(ix *search.Index, place, name string) *extract.Definition {
	if ix.IsDir(place) {
		return nil
	}
	return ix.NestedDeclaration(place, name)
}

// builtins maps each language's built-in names to the languages, for the
// ones the repository does not define: the language's, never a gap.
var builtins = func() map[string][]string {
	out := map[string][]string{}
	for _, l := range lang.All {
		for _, b := range l.Builtins {
			if !slices.Contains(out[b], l.Family()) {
				out[b] = append(out[b], l.Family())
			}
		}
	}
	return out
}()

// anywhere are the families whose built-in words stand in any
// language's code (Language.BuiltinsAnywhere).
var anywhere = func() map[string]bool {
	out := map[string]bool{}
	for _, l := range lang.All {
		if l.BuiltinsAnywhere {
			out[l.Family()] = true
		}
	}
	return out
}()

// builtinsHere are the languages of the repository that have the name
// built in: `include` is Ruby's only where Ruby files are; a language
// written inside others' code has its words everywhere.
func builtinsHere(ix *search.Index, name string) []string {
	var out []string
	for _, l := range builtins[name] {
		if anywhere[l] || ix.HasFamily(l) {
			out = append(out, l)
		}
	}
	return out
}

// builtinHead returns the head of a dotted name and the languages that
// have it built in, when the code defines and imports no name of it.
func builtinHead(ix *search.Index, name string) (string, []string) {
	head, _, ok := strings.Cut(name, ".")
	if !ok || len(ix.Defs[head]) > 0 || ix.Imports[head] != "" {
		return head, nil
	}
	return head, builtinsHere(ix, head)
}

// importedHint says where the code imports name from, mod: outside the
// repository; and when the name is also a built-in of another of the
// repository's languages than the importer's (`DateTime`, which the
// TypeScript code imports from luxon and every C# file has), both.
func importedHint(ix *search.Index, name, mod string) string {
	hint := fmt.Sprintf("imported from `%s`, outside the repository", mod)
	l := ix.Importers[name]
	if l == nil {
		return hint
	}
	if slices.Contains(l.Builtins, name) {
		return hint // (the importer's own language has one too: the import is what the code uses)
	}
	var others []string
	for _, b := range builtinsHere(ix, name) {
		if b != l.Family() {
			others = append(others, b)
		}
	}
	if len(others) == 0 {
		return hint
	}
	return fmt.Sprintf("a language built-in (%s), and the %s code imports one from `%s`, outside the repository",
		strings.Join(others, ", "), l.DisplayName(), mod)
}

// builtinGap is the gap of a name the languages ls have built in.
func builtinGap(r *spec.Ref, ls []string) Gap {
	return gap(r, GapExternal, "a language built-in ("+strings.Join(ls, ", ")+")")
}

// repoPath reports a path-like name a missing file can be claimed for: it
// ends in a file extension or a "/", or its first directory is one of the
// repository's. A model id (openai/gpt-4o, anthropic/claude-3.5-sonnet)
// or a package name (@scope/pkg) is none of these, and not a path gap.
func repoPath(ix *search.Index, p string) bool {
	p = strings.TrimPrefix(p, "./")
	first, _, _ := strings.Cut(p, "/")
	if first != p && strings.Contains(first, ".") && !strings.HasPrefix(first, ".") && !ix.IsDir(first) {
		return false // a domain: node.kubernetes.io/, github.com/org/repo/main.go
	}
	if spec.FileExt(p) || strings.HasSuffix(p, "/") {
		return true
	}
	for _, sub := range ix.Submodules {
		if head, _, _ := strings.Cut(sub, "/"); head == first {
			return true
		}
	}
	return ix.IsDir(first)
}

// elsewhere returns, for a name qualified by a module of the repository
// (`serializers.EmailField`), the top-level definitions of its last part
// outside that module, with the qualifier and the last part.
func elsewhere(ix *search.Index, r *spec.Ref) (defs []*extract.Definition, head, last string) {
	parts := strings.Split(r.Name, ".")
	if len(parts) != 2 || r.IsPath || !ix.Modules[parts[0]] || strings.ToLower(parts[0]) != parts[0] {
		return nil, "", ""
	}
	head, last = parts[0], parts[1]
	for _, d := range ix.Defs[last] {
		if d.Container == "" && !d.Broken && !search.InModule(d.Path, head) {
			defs = append(defs, d)
		}
	}
	return defs, head, last
}

// brokenMembers corrects the gaps that say a type lacks a member (or that
// it may inherit it, from outside the repository) when the type's file
// declares the member on a line that does not parse: after an `if ($x {`
// left open, tree-sitter's recovery keeps the class and loses the methods
// that follow. Such a member does not parse; it is not absent.
func brokenMembers(ix *search.Index, unresolved, external []Gap) ([]Gap, []Gap) {
	broken := func(g Gap) (Gap, bool) {
		switch g.Kind {
		case GapAbsent, GapNew, GapNoMember, GapExternal, GapAmbiguous:
		default:
			return g, false
		}
		parts := strings.Split(g.Ref, ".")
		if len(parts) < 2 || !spec.IsUpperStart(parts[len(parts)-2]) {
			return g, false
		}
		owner, last := parts[len(parts)-2], parts[len(parts)-1]
		// The lines of the files that declare the type: parsed, or seen
		// declaring it by the scan where the parse lost it too (up to the
		// next type the file declares at its indentation or less).
		// (The end is read only for a member declared after the start.)
		type span struct {
			from, decl int // the type's first line, and the line that names it
			to         int // its last, when the parse knows it
		}
		spans := map[string]span{}
		for _, d := range ix.Defs[owner] {
			if naming.TypeKind(d.Kind) && d.Container == "" {
				spans[d.Path] = span{d.StartLine, max(d.DeclLine, d.StartLine), max(d.EndLine, d.Extent)}
			}
		}
		for _, f := range ix.Declared(owner) {
			if _, ok := spans[f]; !ok {
				if line, _ := ix.Declaration(f, owner); line > 0 {
					spans[f] = span{line, line, 0}
				}
			}
		}
		for _, f := range slices.Sorted(maps.Keys(spans)) {
			sp := spans[f]
			line, _ := ix.Declaration(f, last)
			if line <= sp.from || line > max(sp.to, ix.NextTypeLine(f, sp.decl)) {
				continue
			}
			if ix.BrokenAt(f, line) {
				g.Kind = GapUnparsed
				g.Hint = fmt.Sprintf("`%s` declares `%s` at %s, which does not parse; not shown", owner, last, naming.At(f, line))
				return g, true
			}
		}
		return g, false
	}
	for i, g := range unresolved {
		unresolved[i], _ = broken(g)
	}
	kept := external[:0]
	for _, g := range external {
		if b, ok := broken(g); ok {
			unresolved = append(unresolved, b)
			continue
		}
		kept = append(kept, g)
	}
	return unresolved, kept
}

// nested corrects the gaps that say a bare name is absent or new when a
// file declares it inside another definition (a class in a function, a
// local helper): the search for definitions reads top-level and member
// declarations only, and "no definition" would be false. A declaration in
// a statement that does not parse is said to be there.
func nested(ix *search.Index, gaps []Gap) {
	for i, g := range gaps {
		if g.Kind != GapAbsent && g.Kind != GapNew || strings.ContainsAny(g.Ref, "./ ") {
			continue
		}
		files := ix.Declared(g.Ref)
		if len(files) == 0 {
			continue
		}
		if code := slices.DeleteFunc(slices.Clone(files), docCopy); len(code) > 0 {
			files = code // (what documentation copies declare says least of the code)
		} else if g.copies {
			continue // only documentation copies define it, as the gap says
		}
		where := naming.Inline(files[0])
		line, top := ix.Declaration(files[0], g.Ref)
		if line > 0 {
			where = naming.At(files[0], line)
			if ix.BrokenAt(files[0], line) {
				gaps[i].Kind = GapUnparsed
				gaps[i].Hint = fmt.Sprintf("does not parse at %s; not shown", where)
				continue
			}
		}
		gaps[i].Kind = GapNested
		gaps[i].Hint = fmt.Sprintf("declared only inside another definition, at %s%s; not shown", where, andMore(files))
		if top && !slices.ContainsFunc(files, func(f string) bool { return !ix.Class(f).Test }) {
			// A pytest fixture's `def signal_filter(session):`, at the
			// top of conftest.py: a test's, which the search leaves out.
			gaps[i].Hint = fmt.Sprintf("declared only in test code, at %s%s; not shown", where, andMore(files))
		}
	}
}

// andMore says how many files past the first a gap's place stands for:
// " (and 2 more files)", or "" for one.
func andMore(files []string) string {
	if len(files) < 2 {
		return ""
	}
	return fmt.Sprintf(" (and %d more %s)", len(files)-1, naming.Plural(len(files)-1, "file", "files"))
}

// keyed corrects the gaps that say a name is absent or new when the code
// holds it as a string key (an environment variable's entry in a settings
// map, `"CLEANUP_DAYS": {...}`): no declaration has that name, yet the
// name is in the code, and the gap says where. Keys of test files alone
// (a test's fixture data) leave the gap as it is, as does a name new with
// a type of the spec's own (`created_at` of its new class HitRead),
// which other types of the code may have.
func keyed(ix *search.Index, gaps []Gap, at string) {
	for i, g := range gaps {
		if g.declared || g.Kind != GapAbsent && g.Kind != GapNew || strings.ContainsAny(g.Ref, " /") {
			continue
		}
		if dirs := ix.DirsEnding(g.Ref); g.Kind == GapAbsent && len(dirs) > 0 && len(dirs) <= maxModuleDirs && spec.IsUpperStart(g.Ref) {
			// `DatabaseLive`, a Swift package's target: its directory,
			// Sources/DatabaseLive, a module of the code, not a string
			// key its manifest holds.
			slices.Sort(dirs)
			gaps[i].Kind, gaps[i].Hint = GapFileOnly, fmt.Sprintf("no declaration by that name in %s; a module: the %s %s; nothing from it is shown",
				at, naming.Plural(len(dirs), "directory", "directories"), strings.Join(codeDirs(dirs), ", "))
			continue
		}
		if files := ix.TimestampedFiles(g.Ref); g.Kind == GapAbsent && len(files) > 0 && strings.Contains(g.Ref, "_") {
			// `use_uuids_for_song_ids`: a migration, named without the
			// timestamp its file's name starts with.
			gaps[i].Kind, gaps[i].Hint = GapFileOnly, fmt.Sprintf("no declaration by that name in %s; it names %s, after the timestamp its name starts with",
				at, strings.Join(codeFiles(files), ", "))
			continue
		}
		files, tests := ix.Keyed(g.Ref)
		if len(files) == 0 {
			continue
		}
		files = append(files, tests...)
		where := naming.Inline(files[0])
		if line := ix.KeyLine(files[0], g.Ref); line > 0 {
			where = naming.At(files[0], line)
		}
		where += andMore(files)
		hint := fmt.Sprintf("no declaration by that name in %s; a string key at %s; not shown", at, where)
		if g.Kind == GapNew {
			hint = fmt.Sprintf("the spec adds it, yet it is a string key at %s; not shown", where)
		}
		gaps[i].Kind, gaps[i].Hint = GapKey, hint
	}
}

// dottedWordsRe is a dotted name of lower-case words: an event's, a
// permission's or a message's name (`project.deleted`) as often as a
// member named on a value.
var dottedWordsRe = regexp.MustCompile(`^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$`)

// quotedNames corrects the gaps that say a dotted name of lower-case words
// is absent, or of two words a dependency's, when source code quotes it
// whole (a webhook's `#[AsWebhook(name:
// 'project.deleted')]`): it is a string's name, which no declaration has,
// and the gap says where the code spells it. A gap that says a type lacks
// the member adds where the code quotes it, and stays: a translation key
// (`trans('project.archived_at')`) does not make a field the spec claims
// exist.
func quotedNames(ix *search.Index, gaps, external []Gap, at string) ([]Gap, []Gap) {
	// (An external gap whose qualifier names no package, of two words:
	// `invoice.paid`; not a framework's module a setting quotes.)
	fixable := func(g Gap) bool {
		return (g.Kind == GapAbsent || g.Kind == GapNoMember || g.Kind == GapExternal && g.Hint == externalHint && strings.Count(g.Ref, ".") == 1) &&
			dottedWordsRe.MatchString(g.Ref) && !frameworkPath(g.Ref)
	}
	var names []string
	for _, g := range slices.Concat(gaps, external) {
		if fixable(g) && !slices.Contains(names, g.Ref) {
			names = append(names, g.Ref)
		}
	}
	if len(names) == 0 {
		return gaps, external
	}
	quoted := ix.FindQuoted(names)
	fix := func(g *Gap) bool {
		w := quoted[g.Ref]
		switch {
		case w == "" || !fixable(*g):
			return false
		case g.Kind == GapNoMember:
			g.Hint += fmt.Sprintf("; the code quotes `%s` whole at %s: an event's or a key's name, as likely", g.Ref, w)
		default:
			g.Kind, g.Hint = GapKey, fmt.Sprintf("no declaration by that name in %s; a string the code quotes whole at %s; not shown", at, w)
		}
		return true
	}
	for i := range gaps {
		fix(&gaps[i])
	}
	external = slices.DeleteFunc(external, func(g Gap) bool {
		if fix(&g) {
			gaps = append(gaps, g)
			return true
		}
		return false
	})
	return gaps, external
}

// maxModuleDirs is how many directories a capitalized name may name for
// the gap to say they are its module's.
const maxModuleDirs = 3

// codeFiles are files written as code.
func codeFiles(files []string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = naming.Code(f)
	}
	return out
}

// codeDirs are directories written as code, each with its slash.
func codeDirs(dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = naming.Code(d + "/")
	}
	return out
}

// dottedRoute resolves a dotted lowercase name to a route registered with
// that name as its last segment (`shares.list`, an RPC-style endpoint):
// a name the repository defines nothing by.
func dottedRoute(rk *rank.Ranker, ix *search.Index, r *spec.Ref) (Match, bool) {
	rt := search.DottedRoute(r)
	if rt == nil {
		return Match{}, false
	}
	as := *r
	as.Route = rt
	c, ok := rk.ChooseRoute(&as, ix.Routes, ix.Mounts)
	if !ok {
		return Match{}, false
	}
	return Match{Ref: r, Choice: c}, true
}

// configExternals takes back from the external names the dotted ones a
// YAML or properties file of the repository sets as a key
// (`database.host`, `service.secret`): a key of its configuration, not a
// dependency's name.
func configExternals(ix *search.Index, unresolved, external []Gap) ([]Gap, []Gap) {
	keyLike := func(g Gap) bool { return g.Hint == externalHint && strings.ToLower(g.Ref) == g.Ref } // (`log.Level` is a type's path)
	var names []string
	for _, g := range external {
		if keyLike(g) {
			names = append(names, g.Ref)
		}
	}
	hits := ix.FindConfigKeys(names)
	kept := external[:0]
	for _, g := range external {
		if h := hits[g.Ref]; h != nil && keyLike(g) {
			g.Kind, g.Hint = GapKey, fmt.Sprintf("a configuration key, set %s; configuration is not shown", spread(h.Files, h.First))
			unresolved = append(unresolved, g)
			continue
		}
		kept = append(kept, g)
	}
	return unresolved, kept
}

// spread says where something stands in files, the first at first
// (path:line): "at a.go:3", "in 4 files, first at a.go:3".
func spread(files int, first string) string {
	if files > 1 {
		return fmt.Sprintf("in %d files, first at %s", files, first)
	}
	return "at " + first
}

// settingKeyRe is a dotted path of three parts or more, each starting in
// lower case (`spring.datasource.hikari.maximumPoolSize`), the last
// perhaps in upper case: a setting's key, when no dash says so
// (`kimai.permissions.roles`, `kimai.permissions.sets.TAGS`), or a chain
// of code; never a class's path (`shop.middleware.TimingMiddleware`).
var settingKeyRe = regexp.MustCompile(`^[a-z][a-z0-9_]*(?:\.[a-z][A-Za-z0-9_]*)+\.(?:[a-z][A-Za-z0-9_]*|[A-Z][A-Z0-9_]*)$`)

// settingKeys are the references, by index, that name a setting by a key
// written without a dash: a code span settingKeyRe reads that a YAML or
// properties file sets or source code quotes whole (Symfony's
// `$this->find('timesheet.rules.allow_overlapping_records')`), and whose
// last part no definition answers by its owner or its module (a Celery
// task's dotted path is quoted too, and names the function).
func settingKeys(ix *search.Index, sp *spec.Spec) map[int]bool {
	var names []string
	for _, r := range sp.Refs {
		if r.Source == spec.FromCode && !r.IsPath && r.Route == nil && !r.ConfigKey && !r.Called && settingKeyRe.MatchString(r.Name) && !slices.Contains(names, r.Name) &&
			!namesCode(ix, r.Name) {
			names = append(names, r.Name)
		}
	}
	if len(names) == 0 {
		return nil
	}
	set := ix.FindConfigKeys(names)
	quoted := ix.FindQuoted(slices.DeleteFunc(unanswered(names, set), frameworkPath))
	out := map[int]bool{}
	for i, r := range sp.Refs {
		if (set[r.Name] != nil || quoted[r.Name] != "") && slices.Contains(names, r.Name) {
			out[i] = true
		}
	}
	return out
}

// frameworks are the known frameworks' package names, in lower case.
var frameworks = func() map[string]bool {
	out := map[string]bool{}
	for _, f := range lang.Union(func(l *extract.Language) []string { return l.Frameworks }) {
		out[strings.ToLower(f)] = true
	}
	return out
}()

// frameworkPath reports a dotted name that starts with a known framework's
// package: settings quote such modules (`django.contrib.postgres` in
// INSTALLED_APPS), which are no keys.
func frameworkPath(name string) bool {
	head, _, _ := strings.Cut(name, ".")
	return frameworks[head]
}

// namesCode reports a dotted name that names a file or a module of the
// repository (a Blade view's `mail.notifications.linkcheck`), or whose
// last part a definition answers by the part before it (its owner) or by
// the parts before it (the module its file is:
// `saleor.checkout.tasks.expire` for saleor/checkout/tasks.py).
func namesCode(ix *search.Index, name string) bool {
	if p := strings.ReplaceAll(name, ".", "/"); ix.ModuleFile(p) || ix.TreeModule(name) {
		return true
	}
	parts := strings.Split(name, ".")
	last, owner := parts[len(parts)-1], parts[len(parts)-2]
	module := strings.Join(parts[:len(parts)-1], "/")
	inner := strings.Join(parts[1:len(parts)-1], "/")
	for _, d := range ix.Defs[last] {
		stem := strings.TrimSuffix(d.Path, path.Ext(d.Path))
		if b := path.Base(stem); b == "__init__" || b == "index" || b == "mod" {
			stem = path.Dir(stem) // a package's own module is its directory
		}
		if strings.EqualFold(d.Container, owner) || stem == module || strings.HasSuffix(stem, "/"+module) || stem == inner || strings.HasSuffix(stem, "/"+inner) {
			return true
		}
	}
	return false
}

// configKeyGaps says, of each configuration key the spec names
// (`application.elasticsearch.reindex-on-startup`), where the YAML or
// properties files set it, or that none does: a key is no definition this
// tool reads, and never dropped without a word.
func configKeyGaps(ix *search.Index, sp *spec.Spec, keys []int, at string) []Gap {
	var names []string
	for _, i := range keys {
		names = append(names, sp.Refs[i].Name)
	}
	hits := ix.FindConfigKeys(names)
	quoted := ix.FindKeyText(unanswered(names, hits))
	var out []Gap
	for _, i := range keys {
		r := &sp.Refs[i]
		if ix.PathExists(r.Name) {
			continue // `shop-worker.service`: a file of the repository, by its name
		}
		switch h := hits[r.Name]; {
		case h != nil:
			out = append(out, gap(r, GapKey, fmt.Sprintf("a configuration key, set %s; configuration is not shown", spread(h.Files, h.First))))
		case quoted[r.Name] != "":
			// Paimon's ConfigOptions.key("fuse.local-path.enabled"): an
			// option the code declares by its key.
			out = append(out, gap(r, GapKey, fmt.Sprintf("a key the code spells at %s; no YAML or properties file sets it", quoted[r.Name])))
		case r.Proposed:
			out = append(out, gap(r, GapNew, fmt.Sprintf("new in this spec: no YAML or properties file sets it, and no code spells it, in %s", at)))
		default:
			out = append(out, gap(r, GapAbsent, fmt.Sprintf("no YAML or properties file sets it, and no code spells it, in %s", at)))
		}
	}
	return out
}

// namedRoute resolves a dotted name to the one route registered by that
// name (Laravel's ->name('api.links.check'), a resource's
// api.links.index), in the code, not a test's.
func namedRoute(ix *search.Index, r *spec.Ref) (Match, bool) {
	if !strings.Contains(r.Name, ".") || r.IsPath || r.Route != nil || ix.ModuleFile(strings.ReplaceAll(r.Name, ".", "/")) {
		// (`users.index`, where resources/views/users/index.blade.php
		// is: Laravel names a view and its route alike, and the name is
		// the view's as much as the route's.)
		return Match{}, false
	}
	var found []*extract.Definition
	for _, d := range ix.Routes {
		if d.Route.Name == r.Name && !ix.Class(d.Path).Test {
			found = append(found, d)
		}
	}
	if len(found) != 1 {
		return Match{}, false
	}
	d := found[0]
	return Match{Ref: r, Choice: rank.Choice{Def: d, Reason: fmt.Sprintf("registers `%s` by the name `%s`", d.Name, r.Name)}}, true
}

// modulePath reads a dotted name of lowercase parts as a module path
// (`wagtail.blocks.migrations`, `wagtail.blocks.operations`). ok says it is
// one: it names a directory or a source file of the repository (exists),
// or it has three parts or more and its parent names a directory, whose
// own module does not import the last part (it is defined in no file
// under the parent, or the name would have resolved): then the hint says
// the module is missing.
func modulePath(ix *search.Index, name, at string) (exists bool, hint string, ok bool) {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return false, "", false
	}
	for _, p := range parts {
		if !moduleRe.MatchString(p) {
			return false, "", false
		}
	}
	p := strings.Join(parts, "/")
	if len(ix.ModuleDirs(p)) > 0 || ix.ModuleFile(p) {
		return true, "", true
	}
	parent, last := strings.Join(parts[:len(parts)-1], "/"), parts[len(parts)-1]
	dirs := ix.ModuleDirs(parent)
	if len(parts) < 3 || len(dirs) == 0 {
		return false, "", false
	}
	for _, d := range dirs {
		if ix.PackageImports(d, last) {
			return false, "", false
		}
	}
	return false, fmt.Sprintf("no module `%s` in %s: `%s` has no file or directory `%s`, and defines and imports no `%s`",
		p, at, dirs[0], last, last), true
}

// moduleRe matches one part of a module path.
var moduleRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// declaredMember is the gap of a name, or of a dotted name's last part,
// that the scan saw declared, in its spelling or capitalized (a field
// `Value` serialized as "value"), as a definition or a member, where the
// search for definitions does not look: a member of some type, the spec
// does not say whose. ok is false when no file declares it.
func declaredMember(ix *search.Index, r *spec.Ref) (Gap, bool) {
	last := r.Name[strings.LastIndexByte(r.Name, '.')+1:]
	files := ix.DeclaredOrMember(last, naming.Capitalize(last))
	if len(files) == 0 {
		return Gap{}, false
	}
	if !slices.ContainsFunc(files, func(f string) bool { return !ix.Class(f).Test }) {
		// `route.middleware`, which only a test's own route declares: no
		// type of the code is found to have it, and the test says nothing
		// of it (where the code uses the word, appearances says).
		return gap(r, GapAbsent, fmt.Sprintf("`%s` is declared as a member or a variable only in test code", last)), true
	}
	// The code's files; its tests' only counted.
	code := slices.DeleteFunc(slices.Clone(files), func(f string) bool { return ix.Class(f).Test })
	where := naming.PathList(code, 3)
	if n := len(files) - len(code); n > 0 {
		where += fmt.Sprintf(" (and %d %s)", n, naming.Plural(n, "test file", "test files"))
	}
	if last == r.Name {
		return gap(r, GapAmbiguous, fmt.Sprintf("declared as a member or a variable in %s; the spec does not say whose, and none is shown",
			where)), true
	}
	return gap(r, GapAmbiguous, fmt.Sprintf("`%s` is declared as a member or a variable in %s; %s, and none is shown",
		last, where, chainStop(ix, r.Name))), true
}

// memberOrVariable is the gap of a strong reference the repository has
// only as a member or a variable, not as a definition: `Workload.meta.name`
// (the last part a member of some type, `meta`'s, which the search does
// not follow the chain to); `batch_size` (a function's parameter or
// variable: no definition, yet not absent from the code; one declared
// inside a definition, or a capitalised one, is said so later). A name
// the spec adds is such a gap only on a path of the repository's fields.
func memberOrVariable(ix *search.Index, r *spec.Ref) (Gap, bool) {
	if !r.Strong || r.Proposed && !repoFieldPath(ix, r.Name) {
		return Gap{}, false
	}
	if !strings.Contains(r.Name, ".") && (spec.BareWord(r.Name) || spec.IsUpperStart(r.Name) || len(ix.Declared(r.Name)) > 0) {
		return Gap{}, false
	}
	return declaredMember(ix, r)
}

// stopped says where and why the walk of a chain stopped, with no
// verdict on its last part.
func stopped(ch search.Chain) string {
	return ch.Stopped + ", so the search does not follow the chain to the type that declares it"
}

// chainStop says where the search stopped following a dotted name's
// members, without a verdict on its last part.
func chainStop(ix *search.Index, name string) string {
	head, _, _ := strings.Cut(name, ".")
	ch, _ := ix.Chain(name)
	switch {
	case ch.Stopped != "":
		return stopped(ch)
	case !spec.BareWord(head) && len(ix.TypesNamed(head)) == 0 && len(ix.Wire[head]) == 0 && len(ix.TypesNamed(naming.Capitalize(head))) == 0:
		// `requeueState.requeueAt`; a one-word lowercase head (`storage`)
		// is as often a package the name is qualified by.
		return fmt.Sprintf("`%s` names no type and no tagged field the search found, so nothing leads from it to the type that declares it", head)
	}
	return fmt.Sprintf("the search does not follow `%s` to the type that declares it", name[:strings.LastIndexByte(name, '.')])
}

// undefinedQualifier reports a path of three parts or more whose head
// names nothing the parsed code defines (`MyApp.Accounts.Account.settings`,
// an Elixir module): a type of the same name in parsed code
// (a TypeScript `Account`) is no evidence of what the path's type holds.
func undefinedQualifier(ix *search.Index, name string) bool {
	_, ok := undefinedHead(ix, name)
	return ok && strings.Count(name, ".") >= 2
}

// unknownPackage reports a name qualified by a package the repository
// has no directory, module or import of (`memoexpiry.Runner.RunOnce`, a
// package the spec adds): the type after it is that package's, never
// another package's type of the name, whose members say nothing of it.
func unknownPackage(ix *search.Index, parts []string) bool {
	if len(parts) < 3 || !spec.BareWord(parts[0]) || !spec.IsUpperStart(parts[1]) {
		return false
	}
	p := parts[0]
	return !ix.Modules[p] && ix.Imports[p] == "" && ix.OwnImports[p] == "" && len(ix.Defs[p]) == 0 && len(variables(ix, p, "")) == 0
}

// undefinedHead returns the first part of a dotted name when it names a
// type the repository does not define: no definition, table, alias, file
// or directory has that name (the search looked for it, as for every part
// of a dotted name).
func undefinedHead(ix *search.Index, name string) (string, bool) {
	head, _, ok := strings.Cut(name, ".")
	if !ok || !spec.IsUpperStart(head) || len(builtinsHere(ix, head)) > 0 || ix.OwnRoot(name) || len(ix.Defs[head]) > 0 || len(ix.ByKey[naming.TableKey(head)]) > 0 ||
		len(ix.ByAlias[head]) > 0 || ix.Modules[head] {
		return "", false
	}
	return head, true
}

// soleMemberOfValue resolves a member the spec names on a lowercase value
// that is no package, directory or import of the code (a parameter:
// `requirement.RequiredPermission`) to the one type of the code that
// declares a member of that name, outside tests, when the value's name
// shares a word with the type's: never a dependency's.
func soleMemberOfValue(ix *search.Index, r *spec.Ref) (Match, bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) != 2 || !r.Strong || r.IsPath || !spec.BareWord(parts[0]) || ix.Imports[parts[0]] != "" || ix.Modules[parts[0]] {
		return Match{}, false
	}
	owners := slices.DeleteFunc(slices.Clone(ix.Members[parts[1]]), func(d *extract.Definition) bool {
		return d.Broken || ix.Class(d.Path).Test
	})
	if distinctPlaces(owners) != 1 || len(ix.Defs[parts[1]]) > 0 || !naming.SharesWord(parts[0], owners[0].Name) {
		return Match{}, false // (the value's name shares a word with its type's: `requirement`, UserPermissionRequirement)
	}
	d := owners[0]
	return Match{Ref: r, Choice: rank.Choice{Def: d, Member: parts[1],
		Reason: fmt.Sprintf("defines `%s`, which has the member `%s`; the only definition of the code that has it, taken for `%s`", d.QualifiedName(), parts[1], r.Name)}}, true
}

// memberDefs returns, for a dotted name whose head is a lowercase value
// (`combiner.MaxSeriesReached`, not a module or type of the repository),
// the definitions of its last part.
func memberDefs(ix *search.Index, r *spec.Ref) []*extract.Definition {
	parts := strings.Split(r.Name, ".")
	if len(parts) != 2 || r.IsPath || parts[0] == "" || strings.ToLower(parts[0][:1]) != parts[0][:1] {
		return nil
	}
	var out []*extract.Definition
	for _, d := range ix.Defs[parts[1]] {
		// (A private member of another type is not one a value has.)
		if !d.Broken && (d.Exported || d.Container == "") {
			out = append(out, d)
		}
	}
	return out
}

// valueType is the type of the repository a value's lower-case name spells
// (`refund` Refund) when no definition of the member the reference names
// on it (`refund.save!`) is that type's: the value is the type's, and the
// member one it inherits from outside, never another type's of that name.
func valueType(ix *search.Index, r *spec.Ref) (*extract.Definition, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || r.IsPath || head == "" || spec.IsUpperStart(head) || len(ix.Defs[last]) == 0 {
		return nil, false
	}
	var types []*extract.Definition
	for _, t := range ix.TypesNamed(typeNameOf(head)) {
		if naming.TypeKind(t.Kind) && !t.Broken && !ix.Class(t.Path).Test {
			types = append(types, t)
		}
	}
	if len(types) != 1 || slices.ContainsFunc(types[0].Members, func(m extract.Member) bool { return m.Answers(last) }) {
		return nil, false
	}
	// Its own are also those of what it includes or extends, and of the
	// modules nested in it (Family::AutoTransferMatchable, a concern).
	own := map[string]bool{types[0].Name: true}
	var walk func(d *extract.Definition, depth int)
	walk = func(d *extract.Definition, depth int) {
		for _, b := range append(slices.Clip(d.Bases), ix.Delegates(d)...) {
			if b = lastSegment(b); !own[b] {
				own[b] = true
				if depth < 4 {
					for _, bd := range search.BaseDefs(d, ix.Defs[b]) {
						walk(bd, depth+1)
					}
				}
			}
		}
	}
	walk(types[0], 0)
	if slices.ContainsFunc(ix.Defs[last], func(d *extract.Definition) bool {
		return slices.ContainsFunc(strings.FieldsFunc(d.Container, func(r rune) bool { return r == '.' || r == ':' }), func(s string) bool { return own[s] })
	}) {
		return nil, false
	}
	return types[0], true
}

// typeNameOf is the type a value's name spells (`refund` Refund,
// `order_item` OrderItem).
func typeNameOf(v string) string {
	return strings.Join(capitalized(naming.Words(v)), "")
}

// lastSegment is the last part of a qualified name (`Spree::Refund`,
// `pkg.Refund`): Refund.
func lastSegment(q string) string {
	if i := strings.LastIndexAny(q, ".:"); i >= 0 {
		return q[i+1:]
	}
	return q
}

// decoratedAttribute resolves an attribute of a decorated function that
// no code declares (`send_mail.delay`, which a task queue's @job gives
// send_mail) to the function: the one outside tests of that name.
func decoratedAttribute(ix *search.Index, r *spec.Ref) (Match, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || spec.IsUpperStart(head) || len(ix.Defs[last]) > 0 || len(ix.Members[last]) > 0 {
		return Match{}, false
	}
	var found []*extract.Definition
	for _, d := range ix.Defs[head] {
		if d.Kind == extract.KindFunction && !ix.Class(d.Path).Test && decorated(d) {
			found = append(found, d)
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	return Match{Ref: r, Choice: rank.Choice{Def: found[0],
		Reason: fmt.Sprintf("defines `%s`; `%s` is no definition of the repository: an attribute its decorator gives it, taken for `%s`", head, last, r.Name)}}, true
}

// decorated reports a definition whose snippet starts with a decorator.
func decorated(d *extract.Definition) bool {
	for _, l := range d.Lines {
		switch t := strings.TrimSpace(l.Text); {
		case strings.HasPrefix(t, "@"):
			return true
		case t != "" && !scan.CommentLine(t):
			return false
		}
	}
	return false
}

// namedTypeMember resolves a member of a variable named after its type,
// as injected dependencies are (`prefsDataSource.userData`): the member of
// the one type of that name (PrefsDataSource) that has it.
func namedTypeMember(ix *search.Index, r *spec.Ref) (Match, bool) {
	head, last, ok := twoParts(r.Name)
	if !ok || spec.IsUpperStart(head) || strings.ToLower(head) == head {
		return Match{}, false
	}
	typ := naming.Capitalize(head)
	var found []*extract.Definition
	var member string
	for _, d := range ix.Defs[typ] {
		if !naming.TypeKind(d.Kind) {
			continue
		}
		for _, mem := range d.Members {
			if mem.Answers(last) {
				found, member = append(found, d), mem.Name
				break
			}
		}
	}
	if distinctPlaces(found) != 1 {
		return Match{}, false
	}
	for _, d := range ix.Defs[member] {
		// A method is shown as itself, not as its type's member list.
		if d.Kind == extract.KindMethod && d.Container == found[0].Name && d.Path == found[0].Path {
			return Match{Ref: r, Choice: rank.Choice{Def: d,
				Reason: fmt.Sprintf("defines `%s`; `%s` is named after the type, taken for `%s`", d.QualifiedName(), head, r.Name)}}, true
		}
	}
	return Match{Ref: r, Choice: rank.Choice{Def: found[0], Member: member,
		Reason: fmt.Sprintf("defines `%s`, which has the member `%s`; `%s` is named after the type, taken for `%s`", found[0].QualifiedName(), member, head, r.Name)}}, true
}

// generatedField resolves a name only generated code spells to the
// field it is generated from (Language.GeneratedFrom): `req.MaxSeries`
// and `MaxSeries` are the field `maxSeries` (or `max_series`) of a
// protobuf message; the types that have such a field are returned too, for
// a caller to tell one from several. A strong reference only, never one
// the spec introduces: a word of prose is no quote of generated code, and
// a name the spec adds (a new `Priority` type) is not an old field's.
func generatedField(rk *rank.Ranker, ix *search.Index, r *spec.Ref) (Match, []*extract.Definition, bool) {
	if !r.Strong || r.Proposed {
		return Match{}, nil, false
	}
	last := r.Name[strings.LastIndexByte(r.Name, '.')+1:]
	var owners []*extract.Definition
	field := map[*extract.Definition]string{}
	for _, l := range ix.GeneratingLanguages() {
		for _, v := range l.GeneratedFrom(last) {
			for _, o := range ix.Members[v] {
				if o.Lang == l && field[o] == "" {
					owners = append(owners, o)
					field[o] = v
				}
			}
		}
	}
	if len(owners) == 0 {
		return Match{}, nil, false
	}
	m := pick(rk, r, owners, "")
	m.Member = field[m.Def]
	m.Reason = fmt.Sprintf("defines `%s.%s`, which generated code names `%s`", m.Def.Name, m.Member, last) +
		strings.TrimPrefix(m.Reason, "defines `"+r.Name+"`")
	return m, owners, true
}

// ownerList lists at most n types as `Type` (path:line), and how many more.
func ownerList(defs []*extract.Definition, n int) string {
	var out []string
	for i, d := range defs {
		if i == n {
			out = append(out, fmt.Sprintf("%d more", len(defs)-n))
			break
		}
		out = append(out, fmt.Sprintf("%s (%s)", naming.Code(d.QualifiedName()), naming.At(d.Path, d.DeclLine)))
	}
	return strings.Join(out, ", ")
}

// places lists at most n definitions as path:line, and how many more.
func places(defs []*extract.Definition, n int) string {
	var out []string
	seen := map[string]bool{}
	for _, d := range defs {
		if p := naming.Place(d); !seen[p] {
			seen[p] = true
			out = append(out, naming.At(d.Path, d.DeclLine)) // a set of overloads by its first listed
		}
	}
	return naming.PathList(out, n)
}

// shortRev is a revision as the appendix writes it: a commit id by its
// first seven digits, as git abbreviates it; a tag or branch as it is.
func shortRev(rev string) string {
	if len(rev) < 12 {
		return rev
	}
	for _, c := range rev {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return rev
		}
	}
	return rev[:7]
}

// repoFieldPath reports a dotted name of three parts or more whose last
// two the repository declares as members (`spec.controlPlane.taints`, a
// path of this repository's fields from an object the spec does not name
// by type), or of two whose last only ever stands as a member: not a
// dependency's name.
func repoFieldPath(ix *search.Index, name string) bool {
	parts := strings.Split(name, ".")
	if len(parts) == 2 {
		// `match.resolve`: a variable's member, which only members of
		// the repository's types are called. (A capitalised last part
		// after a lower-case head is as often a package's exported name,
		// `time.Duration`, `kubernetes.Interface`.)
		return !spec.IsUpperStart(parts[1]) && ix.MemberOnly(parts[1])
	}
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts[len(parts)-2:] {
		if len(ix.DeclaredOrMember(p, naming.Capitalize(p))) == 0 {
			return false
		}
	}
	return true
}

package search

import (
	"context"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// Chain is what following a dotted name through the types of its members
// found: `AdmissionCheck.Spec.RetryDelayMinutes` names the member
// RetryDelayMinutes of AdmissionCheckSpec, the type of AdmissionCheck's
// field Spec; `requeueState.requeueAt` names the member RequeueAt of
// RequeueState, the type of the field serialized as requeueState.
type Chain struct {
	// Owners declare the last part, on a type reached or on a type it
	// extends, or are the last part, a method declared apart from its
	// type (Member is then ""); Member is the last part as the owners
	// declare it, and Via says, for each owner, how it was reached (""
	// for a Type.member).
	Owners []*extract.Definition
	Member string
	Via    map[*extract.Definition]string
	// Through counts the members followed to their types.
	Through int
	// Broken, when no owner was reached, says at which step the chain
	// broke and why: NoMember, a type reached declares no member of that
	// name; External, a member holds a type from outside the repository,
	// or the type reached may inherit the member from one.
	Broken   string
	NoMember bool
	External bool
	// Stopped, when the walk stopped with no verdict, says where and why:
	// a member whose type is not known (a built-in, a field of a language
	// that records no types), or a type the search cannot take to one
	// definition of the repository.
	Stopped string
	// StoppedAt, when the walk stopped at a member whose type is not known
	// (`ApplicationJob.PRIORITIES`, a constant), is the definition that
	// declares it, and StoppedMember the member as it declares it.
	StoppedAt     *extract.Definition
	StoppedMember string
	// Generated says the walk stopped at a type declared in a file the
	// search reads as text only (generated code): the member may be there.
	Generated bool
	// unsearched are the member types the search has not looked for yet:
	// FindChains looks for them, and the walk goes on.
	unsearched []string
}

// reached is a type a chain reached, and how.
type reached struct {
	d   *extract.Definition
	via string
}

// maxChain is how many members a chain is followed through.
const maxChain = 4

// Chain follows a dotted name whose head is a type, or the serialized name
// of a field (`requeueState`), through each member it names (by its name,
// or a name it is serialized as) to the type the member holds, and looks
// the last part up as a member of the types reached. ok is false when the
// name is no chain (its head is neither), or the walk stopped (Stopped
// says why); it is true, with nothing decided, while a type on the way
// was not searched for yet.
func (ix *Index) Chain(name string) (ch Chain, ok bool) {
	parts := strings.Split(name, ".")
	if len(parts) < 2 || len(parts) > maxChain+1 || slices.Contains(parts, "") {
		return Chain{}, false
	}
	if len(ix.Defs[parts[0]]) == 0 && len(ix.wireWords[parts[0]]) > 0 {
		// `status.listeners`: the field serialized as "status" whose type
		// has listeners, before a model the word would name as a table
		// (a `Status` type that has none).
		if ch, ok := ix.chain(parts, true); ok && (len(ch.Owners) > 0 || len(ch.unsearched) > 0) {
			return ch, true
		}
	}
	return ix.chain(parts, false)
}

// chain is Chain on the parts of a dotted name; wireHead takes the head as
// a field by its serialized name only.
func (ix *Index) chain(parts []string, wireHead bool) (ch Chain, ok bool) {
	var from []reached
	if ds := typeLike(ix.TopLevel(parts[0], ix.TypesNamed(parts[0]))); len(ds) > 0 && !wireHead {
		for _, d := range ds {
			from = append(from, reached{d: d})
		}
	} else if owners := ix.wireHeads(parts[0], wireHead); len(owners) > 0 {
		// The head is a field, by the name it is serialized as.
		var heads []reached
		for _, d := range owners {
			heads = append(heads, reached{d: d})
		}
		if from, ok = ix.follow(&ch, heads, parts[0], parts[0], true); !ok {
			return ch, len(ch.unsearched) > 0 || ch.Broken != ""
		}
	} else {
		return Chain{}, false
	}
	for i := 1; i < len(parts)-1; i++ {
		if from, ok = ix.follow(&ch, from, parts[i], strings.Join(parts[:i+1], "."), false); !ok {
			return ch, len(ch.unsearched) > 0 || ch.Broken != ""
		}
	}
	last := parts[len(parts)-1]
	ch.Via = map[*extract.Definition]string{}
	var beyond []string // bases the member may come from, outside the repository
	for _, r := range from {
		owner, m, found := ix.memberNamed(&ch, r.d, last, &beyond)
		if !found || slices.Contains(ch.Owners, owner) {
			continue
		}
		ch.Owners = append(ch.Owners, owner)
		ch.Member = m.Name
		ch.Via[owner] = r.via
		if owner.Container != "" {
			ch.Member = "" // a method declared apart: the owner is the method
		} else if owner.Amends {
			ch.Via[owner] = joinVia(r.via, "an ALTER TABLE adds it")
		} else if owner != r.d {
			ch.Via[owner] = joinVia(r.via, fmt.Sprintf("`%s` inherits it", r.d.Name))
		}
	}
	switch {
	case len(ch.Owners) > 0 || len(ch.unsearched) > 0:
	case ch.Stopped != "":
		return ch, false
	default:
		ch.lacks(from[0], last, beyond)
	}
	return ch, true
}

// lacks records that the chain broke at a type it reached that declares
// no member name: one it may inherit from a base outside the repository
// (beyond), or none.
func (ch *Chain) lacks(r reached, name string, beyond []string) {
	if len(beyond) > 0 {
		ch.Broken = fmt.Sprintf("%s declares no `%s`; it may inherit it from `%s`, outside the repository",
			describe(r), name, strings.Join(beyond, "`, `"))
		ch.External = true
		return
	}
	ch.Broken = fmt.Sprintf("%s has no member `%s`", describe(r), name)
	ch.NoMember = true
}

// follow goes from the types in from through their member called p to the
// types it holds: written is the chain as far as p, field says p is the
// head, a field named by its serialized name. ok is false when the walk
// cannot go on; the chain then says why, if it knows.
func (ix *Index) follow(ch *Chain, from []reached, p, written string, field bool) (next []reached, ok bool) {
	var stopped, outside []string
	var beyond []string
	declared := false
	for _, r := range from {
		owner, m, found := ix.memberNamed(ch, r.d, p, &beyond)
		if !found {
			continue
		}
		declared = true
		if m.Type == "" {
			stopped = append(stopped, fmt.Sprintf("the type of `%s` is not known", written))
			if ch.StoppedAt == nil {
				ch.StoppedAt, ch.StoppedMember = owner, m.Name
			}
			continue
		}
		types, searched, why, generated := ix.fieldTypes(owner, m.Type)
		switch {
		case !searched:
			ch.unsearched = append(ch.unsearched, typeName(m.Type))
			continue
		case why != "":
			stopped = append(stopped, fmt.Sprintf("`%s` is of type `%s`, %s", written, m.Type, why))
			ch.Generated = ch.Generated || generated
			continue
		case len(types) == 0:
			outside = append(outside, m.Type)
			continue
		}
		for _, t := range types {
			via := fmt.Sprintf("`%s` is of type `%s`", written, t.Name)
			if field || m.Name != p {
				via = fmt.Sprintf("`%s` is the field `%s.%s`, of type `%s`", written, owner.Name, m.Name, t.Name)
			}
			next = append(next, reached{d: t, via: joinVia(r.via, via)})
		}
	}
	switch {
	case len(next) > 0:
		ch.Through++
		return next, true
	case len(ch.unsearched) > 0:
	case len(stopped) > 0:
		ch.Stopped = stopped[0]
	case ch.Stopped != "":
	case len(outside) > 0:
		ch.Broken = fmt.Sprintf("`%s` is of type `%s`, which the repository does not define", written, outside[0])
		ch.External = true
	case declared || field:
	default:
		ch.lacks(from[0], p, beyond)
	}
	return nil, false
}

// wireHeads are the types with a field serialized as head: with words,
// one-word names too.
func (ix *Index) wireHeads(head string, words bool) []*extract.Definition {
	if words {
		return ix.wireWords[head]
	}
	return ix.Wire[head]
}

// describe names a type a chain reached, where it is and how, to be
// followed by what it lacks.
func describe(r reached) string {
	at := naming.At(r.d.Path, r.d.DeclLine)
	if r.via == "" {
		return fmt.Sprintf("`%s` (%s)", r.d.Name, at)
	}
	return fmt.Sprintf("%s (%s), which", r.via, at)
}

func joinVia(a, b string) string {
	if a == "" {
		return b
	}
	return a + ", and " + b
}

// memberNamed finds the member of d called name, by its name or a name it
// is serialized as, or a method declared apart from d (Go's
// func (s *Store) Get), on d or on a type d extends (four levels up), and
// the definition that declares it: for a method declared apart, the
// method itself. Bases not searched for yet are noted on the chain, a base
// the search cannot take to one definition stops it, and the bases from
// outside the repository, where the member may be, are added to beyond.
func (ix *Index) memberNamed(ch *Chain, d *extract.Definition, name string, beyond *[]string) (*extract.Definition, extract.Member, bool) {
	seen := map[*extract.Definition]bool{}
	var find func(d *extract.Definition, depth int) (*extract.Definition, extract.Member, bool)
	find = func(d *extract.Definition, depth int) (*extract.Definition, extract.Member, bool) {
		if seen[d] {
			return nil, extract.Member{}, false
		}
		seen[d] = true
		for _, m := range d.Members {
			if m.Answers(name) {
				return d, m, true
			}
		}
		if d.Kind == extract.KindSchema && d.Lang != nil && d.Lang.Amendable {
			for _, ad := range ix.Added[naming.TableKey(d.Name)] {
				for _, m := range ad.Members {
					if m.Answers(name) {
						return ad, m, true // a column an ALTER TABLE adds
					}
				}
			}
		}
		for _, md := range ix.Defs[name] {
			if md.Container == d.Name && path.Dir(md.Path) == path.Dir(d.Path) && !md.Broken {
				return md, extract.Member{Name: name, Method: true}, true
			}
		}
		if depth >= 4 {
			return nil, extract.Member{}, false
		}
		for _, b := range d.Bases {
			if qual, _, ok := strings.Cut(b, "."); ok && !ix.Modules[qual] {
				// metav1.ObjectMeta: a base from a package the repository
				// does not have, never searched for.
				if !slices.Contains(*beyond, b) {
					*beyond = append(*beyond, b)
				}
				continue
			}
			bases, searched, why, generated := ix.fieldTypes(d, b)
			bases = BaseDefs(d, bases)
			switch {
			case !searched:
				ch.unsearched = append(ch.unsearched, typeName(b))
			case why != "":
				ch.Stopped = fmt.Sprintf("`%s` extends `%s`, %s", d.Name, b, why)
				ch.Generated = generated
			case len(bases) == 0 && !slices.Contains(*beyond, b):
				*beyond = append(*beyond, b)
			}
			for _, bd := range bases {
				if owner, m, ok := find(bd, depth+1); ok {
					return owner, m, true
				}
			}
		}
		return nil, extract.Member{}, false
	}
	return find(d, 0)
}

// fieldTypes returns the type-like definitions of the type a member of
// owner holds (`AdmissionCheckSpec`, `metav1.Time`): an unqualified type
// in owner's directory when there is one, else any of that name; a
// qualified one in a package the qualifier names. None is a type from
// outside the repository only when it is qualified by a package the
// repository does not have; otherwise why says why the search cannot take
// the type to a definition of the repository: none defines it that the
// search read (a generated file defines it, say), or the repository has
// the name only in packages the qualifier, an import alias such as
// clusterv1, does not name. searched is false when the search has not
// looked for the type's name; generated says a file the search reads as
// text only declares it.
func (ix *Index) fieldTypes(owner *extract.Definition, typ string) (defs []*extract.Definition, searched bool, why string, generated bool) {
	name := typeName(typ)
	// (A definition of that name may be held for another reason, a member
	// another search wanted: only a search for the name itself says what
	// the repository has.)
	all, searched := ix.Defs[name], ix.sought[name]
	if !searched {
		return nil, false, "", false
	}
	all = typeLike(all)
	if !ix.Class(owner.Path).Test {
		// A field of code that is not a test's holds no test helper's type.
		all = slices.DeleteFunc(slices.Clone(all), func(d *extract.Definition) bool { return ix.Class(d.Path).Test })
	}
	qual := strings.TrimSuffix(strings.TrimSuffix(typ, name), ".")
	var near []*extract.Definition
	for _, d := range all {
		if qual == "" && path.Dir(d.Path) == path.Dir(owner.Path) || qual != "" && ix.inPackage(d, qual, owner.Path) {
			near = append(near, d)
		}
	}
	switch {
	case len(near) > 0:
		return near, true, "", false
	case qual == "" && len(all) > 0:
		return all, true, "", false
	case qual != "" && len(all) > 0:
		return nil, true, fmt.Sprintf("and the repository has `%s` only in packages `%s` does not name", name, qual), false
	case qual == "" || ix.Modules[qual]:
		if h := ix.FindText([]string{name})[name]; h != nil && h.Located != nil {
			// `Querier`, which sqlc generates: in a file read as text only.
			return nil, true, fmt.Sprintf("declared at %s, in a file the search reads as text only (%s)",
				naming.At(h.Located.Path, h.Located.DeclLine), h.Where(ix.Unparsed())), true
		}
		return nil, true, "which no file the search read defines", false
	}
	return nil, true, "", false
}

// inPackage reports a definition of the package a qualifier names: in a
// language whose packages are directories (Go), the directory itself,
// `conditions.Setter` in util/conditions/ and not in a deeper
// .../conditions/v1beta2/, or the package its clause names (an import
// alias of the repository's own package in the file from, `ctasks`, names
// the directory it imports); elsewhere any module of that name (InModule).
func (ix *Index) inPackage(d *extract.Definition, qual, from string) bool {
	if d.Lang == nil || !d.Lang.PackageDir {
		return InModule(d.Path, qual)
	}
	if d.Namespace == qual || path.Base(path.Dir(d.Path)) == qual {
		return true // (a package named apart from its directory: `package db` in db/sqlc/)
	}
	imp, ok := ix.ImportOf(from, qual)
	if !ok {
		imp, ok = ix.OwnImports[qual]
	}
	return ok && strings.HasSuffix(imp, "/"+path.Dir(d.Path))
}

// typeName is a type's name without the package that qualifies it.
func typeName(typ string) string { return typ[strings.LastIndexByte(typ, '.')+1:] }

// typeLike keeps the definitions that have members: types, tables,
// interfaces, enums and error types that parse.
func typeLike(ds []*extract.Definition) []*extract.Definition {
	var out []*extract.Definition
	for _, d := range ds {
		if !d.Broken && naming.TypeKind(d.Kind) {
			out = append(out, d)
		}
	}
	return out
}

// FindChains searches, in further passes, for the types the members of
// the spec's dotted names hold (AdmissionCheck's field Spec holds an
// AdmissionCheckSpec) and the types these extend, so that each name is
// followed to the type that declares its last part.
func (ix *Index) FindChains(ctx context.Context, root string, refs []spec.Ref) error {
	for round := 0; round < maxChain+1; round++ {
		more := map[string]scan.Want{}
		for _, r := range refs {
			if r.IsPath || r.Route != nil || !strings.Contains(r.Name, ".") {
				continue
			}
			if ch, ok := ix.Chain(r.Name); ok {
				for _, n := range ch.unsearched {
					more[n] = scan.WantType
				}
			}
		}
		if len(more) == 0 {
			return nil
		}
		if err := ix.Find(ctx, root, more, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// BaseDefs keeps, of the definitions named as d's base, those d can
// extend: of its own language family or one it interoperates with, or a
// table, which holds a model's columns. ActiveRecord::Base, written Base, is not a TypeScript
// interface Base the repository declares.
func BaseDefs(d *extract.Definition, defs []*extract.Definition) []*extract.Definition {
	if d.Lang == nil {
		return defs
	}
	var out []*extract.Definition
	for _, bd := range defs {
		if bd.Lang == nil || bd.Kind == extract.KindSchema || interoperate(d.Lang, bd.Lang) {
			out = append(out, bd)
		}
	}
	return out
}

// Bases returns the definitions a base of d names (BaseDefs): by its
// name, or, qualified by a package (`conditions.Setter`, `ctasks.Task`),
// the definitions of its last part in that package.
func (ix *Index) Bases(d *extract.Definition, b string) []*extract.Definition {
	if defs := BaseDefs(d, ix.Defs[b]); len(defs) > 0 {
		return defs
	}
	i := strings.LastIndexByte(b, '.')
	if i < 0 {
		return nil
	}
	var in []*extract.Definition
	for _, x := range ix.Defs[b[i+1:]] {
		if ix.inPackage(x, b[:i], d.Path) {
			in = append(in, x)
		}
	}
	return BaseDefs(d, in)
}

// interoperate reports languages of one family, or one of which includes
// or uses the other's code as its own (C++ C's, TypeScript JavaScript's,
// Kotlin Java's).
func interoperate(a, b *extract.Language) bool {
	fa, fb := a.Family(), b.Family()
	return fa == fb || slices.Contains(a.Includes, fb) || slices.Contains(b.Includes, fa) ||
		slices.Contains(a.Interop, fb) || slices.Contains(b.Interop, fa)
}

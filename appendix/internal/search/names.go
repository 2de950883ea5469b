package search

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// wantedNames are the identifiers whose definitions are searched for: each
// reference's name, and both halves of a dotted one.
func wantedNames(refs []spec.Ref, apps map[string]bool, suffixes []string) (map[string]scan.Want, map[string][]string) {
	w := map[string]scan.Want{}
	// restrict: a name searched only in the modules that qualify it
	// (`serializers.Add`); a name also wanted bare is searched everywhere.
	restrict := map[string][]string{}
	bare := map[string]bool{}
	set := func(name string, k scan.Want) {
		if old, ok := w[name]; !ok || k < old {
			w[name] = k
		}
	}
	for _, r := range refs {
		if t, ok := FileType(r); ok {
			set(t, scan.WantType) // `RESTCatalogOptions.java`: the type it is named for
			bare[t] = true
		}
		if r.IsPath && MemberLike(r) {
			// `Topics.lock`: a member, unless a file has the name.
			for _, p := range strings.Split(r.Name, ".") {
				set(p, scan.WantDecl)
				bare[p] = true
			}
		}
		if r.IsPath || r.Route != nil {
			continue
		}
		parts := strings.Split(r.Name, ".")
		k := scan.WantAny
		switch {
		case r.Hint == spec.HintField && len(parts) == 1 && (!spec.BareWord(r.Name) || r.Proposed && r.Strong):
			// "a `dayType` option", "the `RetryLater` value": a
			// declaration, or a member line (an enum's value). A bare
			// word (`value`) is a member line of too many things, but for
			// a field the spec adds ("gains `bool deleted = 4;`"): before
			// a gap says it is new to the repository, the types that have
			// one must have been read.
			k = scan.WantAny
		case r.Hint == spec.HintField:
			k = scan.WantDecl
		case (r.Hint == spec.HintType || r.Hint == spec.HintInterface || r.Hint == spec.HintTable && spec.IsUpperStart(r.Name)) && len(parts) == 1 && !r.Proposed:
			k = scan.WantType
		}
		for i, p := range parts {
			last := i == len(parts)-1
			switch {
			case p == "", i == 0 && !last && receiverWords[p]:
			case last && len(parts) > 1 && spec.IsUpperStart(parts[len(parts)-2]):
				set(p, scan.WantDecl) // Type.member: the member is found on the type; a method is declared
				bare[p] = true
			case last && len(parts) > 1 && apps[parts[0]]:
				set(p, k) // pkg.Name: only in that package
				restrict[p] = append(restrict[p], parts[0])
			case i == 0 && len(parts) > 1 && apps[p] && !spec.IsUpperStart(p):
				// `config.Config`: the head names a directory, a package;
				// as a definition it can only be a top-level one, never
				// the `config:` fields and keys of every other file.
				set(p, scan.WantTop)
				bare[p] = true
			default:
				set(p, k)
				bare[p] = true
			}
		}
		if len(parts) == 2 && !spec.IsUpperStart(parts[0]) && strings.ToLower(parts[0]) != parts[0] {
			// `prefsDataSource.userData`: a variable named after its type,
			// whose member it is.
			set(naming.Capitalize(parts[0]), scan.WantType)
			bare[naming.Capitalize(parts[0])] = true
		}
		if len(parts) == 2 && strings.ToLower(parts[0]) == parts[0] && !spec.IsUpperStart(parts[1]) && !receiverWords[parts[0]] {
			// `shares.expiresAt`: a column of a table, whose model is
			// spelled by convention.
			for _, v := range naming.TableVariants(parts[0], apps) {
				if v != parts[0] {
					set(v, scan.WantTop)
					bare[v] = true
				}
			}
		}
		if prop, ok := strings.CutPrefix(r.Name, "$"); ok && len(parts) == 1 && prop != "" {
			// `$cacheKeyOffset`: a property, which PHP declares as the
			// member cacheKeyOffset.
			set(prop, scan.WantDecl)
			bare[prop] = true
		}
		if len(parts) == 1 && spec.IsUpperStart(r.Name) {
			for _, suffix := range suffixes {
				if !strings.HasSuffix(r.Name, suffix) {
					set(r.Name+suffix, scan.WantType) // `[DynamicallyAccessedMembers]`: its attribute class
				}
			}
		}
		if len(parts) == 1 && !spec.BareWord(r.Name) {
			for _, pre := range naming.StabilityPrefixes {
				set(pre+r.Name, k)
				bare[pre+r.Name] = true
			}
		}
		if len(parts) == 1 {
			for _, v := range naming.TableVariants(r.Name, apps) {
				if v == r.Name {
					continue // the name itself is wanted as its wording says, not only at top level
				}
				set(v, scan.WantTop)
				bare[v] = true
			}
		}
	}
	for n := range bare {
		delete(restrict, n)
	}
	return w, restrict
}

// MemberLike reports a path the spec writes that may be a member of a
// name rather than a file: of one segment, in a code span, not one the
// spec adds, with a stem of identifiers and an ending that is also a
// common member's name (`Topics.lock`, `topicsAPI.lock`). `meta.css` and
// `README.md` are files.
func MemberLike(r spec.Ref) bool {
	name := r.Name
	dot := strings.LastIndexByte(name, '.')
	if !r.IsPath || !r.Strong || r.Proposed || r.File != "" || r.At > 0 || r.Route != nil || dot <= 0 {
		return false
	}
	stem, ext := name[:dot], name[dot+1:]
	if !memberEndings[ext] || stem == strings.ToUpper(stem) {
		return false
	}
	for i := 0; i < len(stem); i++ {
		if !extract.IdentByte(stem[i]) && (stem[i] != '.' || i == 0 || stem[i-1] == '.') {
			return false
		}
	}
	return true
}

// memberEndings are the file endings that are also common names of a
// member: a lock, an environment, a configuration, a module, a sum.
var memberEndings = map[string]bool{"lock": true, "env": true, "conf": true, "mod": true, "sum": true}

// receiverWords are the names a method's own object, its type or its
// module goes by (`this.errorMessage`, `Self::new`): they name no
// definition.
var receiverWords = map[string]bool{"self": true, "this": true, "cls": true, "Self": true, "super": true, "crate": true}

// FileType returns the type a file the spec names is named for, by the
// convention of a type to a file (`RESTCatalogOptions.java`,
// `OrderService.kt`, `Share.ts`): its stem, when it is a capitalized
// identifier and the file is no directory.
func FileType(r spec.Ref) (string, bool) {
	if !r.IsPath || r.Route != nil || r.At > 0 {
		return "", false
	}
	base := r.Name[strings.LastIndexByte(r.Name, '/')+1:]
	if t, ok := kebabType(base); ok {
		return t, true
	}
	stem, ext, ok := strings.Cut(base, ".")
	if !ok || ext == "" || strings.Contains(ext, ".") || !spec.IsUpperStart(stem) {
		return "", false
	}
	for i := 0; i < len(stem); i++ {
		if !extract.IdentByte(stem[i]) {
			return "", false
		}
	}
	return stem, true
}

// kebabType is the type a file named in lower case by its words is named
// for, the Angular way: reader.service.ts holds ReaderService,
// progress-bookmark.ts ProgressBookmark. A name of one word says no type.
func kebabType(base string) (string, bool) {
	stem := base[:max(strings.LastIndexByte(base, '.'), 0)]
	words := strings.FieldsFunc(stem, func(r rune) bool { return r == '-' || r == '.' })
	if len(words) < 2 {
		return "", false
	}
	var b strings.Builder
	for _, w := range words {
		for i := 0; i < len(w); i++ {
			if c := w[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' && i > 0) {
				return "", false
			}
		}
		b.WriteString(naming.Capitalize(w))
	}
	return b.String(), true
}

// untestedNames are the names only weak one-word references name (`foo`,
// `syntax` in passing): resolving takes no definition in a test or its
// data for them, so a test file is never parsed for them.
func untestedNames(refs []spec.Ref) map[string]bool {
	out := map[string]bool{}
	other := map[string]bool{}
	for _, r := range refs {
		if r.IsPath || r.Route != nil {
			continue
		}
		if !r.Strong && spec.BareWord(r.Name) {
			out[r.Name] = true
		} else {
			for _, p := range strings.Split(r.Name, ".") {
				other[p] = true
			}
		}
	}
	for n := range other {
		delete(out, n)
	}
	return out
}

// wantedValues are the texts of the references that may be string values
// a constant holds (see spec.Valued): a path only when the repository has
// no file or directory at it, as a value is read only then.
func wantedValues(refs []spec.Ref, ix *Index) map[string]bool {
	out := map[string]bool{}
	for i := range refs {
		r := &refs[i]
		if spec.Valued(r) && (!r.IsPath || !ix.PathExists(cmp.Or(r.File, r.Name))) {
			out[r.Name] = true
		}
		if head, _, ok := strings.Cut(r.Name, "."); ok && !r.IsPath && r.Source != spec.FromFence && strings.Count(r.Name, ".") == 1 &&
			strings.ContainsAny(head, "_0123456789") && strings.ToLower(head) == head && len(head) >= spec.MinValueLen {
			// `kimai2_timesheet.end_time`: a column of a table, which a
			// model may name only as a string (Doctrine's
			// #[ORM\Table(name: 'kimai2_timesheet')]).
			out[head] = true
		}
	}
	return out
}

// routeSegments returns the literal segments of the spec's endpoints.
func routeSegments(refs []spec.Ref) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, r := range refs {
		if rt := DottedRoute(&r); rt != nil {
			r.Route = rt
		}
		if r.IsPath && strings.HasPrefix(r.Name, "/") && path.Ext(r.Name) != "" {
			// `/all.xml`: a file no repository path has is a document a
			// route serves (see routeEnding), as likely.
			r.Route = &spec.RouteRef{Path: r.Name}
		}
		if r.Route == nil || spec.MountPrefix(r.Route, refs) {
			continue
		}
		// The last literal segment: the most distinctive, and the one a
		// router mounted under a prefix registers.
		if lit := literalSegs(r.Route.Path); len(lit) > 0 && !seen[lit[len(lit)-1]] {
			seen[lit[len(lit)-1]] = true
			out = append(out, []byte(lit[len(lit)-1]))
		}
	}
	return out
}

// literalSegs are the segments of a route path that are neither a
// parameter nor an example of one (`1` of /api/config/1/).
func literalSegs(p string) []string {
	var lit []string
	for _, s := range spec.RouteSegs(p) {
		if s != "{}" && !ExampleID(s) {
			lit = append(lit, s)
		}
	}
	return lit
}

// holdsDef reports whether ds holds a definition of d's name in d's file.
func holdsDef(ds []*extract.Definition, d *extract.Definition) bool {
	return slices.ContainsFunc(ds, func(e *extract.Definition) bool { return e.Path == d.Path && e.Name == d.Name })
}

// mountSegments lists, once each, the literal segments before the last of
// each endpoint the spec names: where the prefix a router is mounted under
// stands, in a file other than the routes'.
func mountSegments(refs []spec.Ref) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range refs {
		if r.Route == nil || spec.MountPrefix(r.Route, refs) {
			continue
		}
		lit := literalSegs(r.Route.Path)
		// Every literal segment but the last: a mount's own (Ktor's
		// route("/api")) or a router's prefix its registration spells
		// (a Django REST framework router's "tasks" of /api/tasks/run/).
		for _, s := range lit[:max(len(lit)-1, 0)] {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// ExampleID reports a path segment of digits alone, an example of the
// parameter a route takes there (`/api/config/1/` for /api/config/{pk}/).
func ExampleID(seg string) bool { return strings.Trim(seg, "0123456789") == "" }

// DottedRoute is the endpoint a dotted lowercase name may be
// (`shares.list`, an RPC-style route registered as "shares.list"), or nil.
func DottedRoute(r *spec.Ref) *spec.RouteRef {
	if r.IsPath || r.Route != nil || !strings.Contains(r.Name, ".") || spec.IsUpperStart(r.Name) {
		return nil
	}
	return &spec.RouteRef{Path: "/" + r.Name}
}

package resolve

import (
	"context"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/rank"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// otherMethods explains an endpoint whose path is registered, but not for
// the method the spec names: "registered only for POST at convex/http.ts:5",
// or only under the prefix its router is mounted at.
// A test file's registrations are mocks, none the code serves.
func otherMethods(ix *search.Index, r *spec.Ref) string {
	if r.Route.Method == "" {
		return ""
	}
	var found, under []string
	for _, d := range ix.Routes {
		if ix.Class(d.Path).Test {
			continue // a test's mock of the path registers nothing the spec means
		}
		any := spec.RouteRef{Path: r.Route.Path}
		prefixes := rank.RoutePrefixes(d, ix.Mounts)
		for _, p := range append(prefixes, "") {
			rt := *d.Route
			rt.Pattern = rank.JoinRoute(p, d.Route.Pattern)
			if s, ok := rank.RouteScore(&any, &rt); ok && s == 0 {
				if d.Route.Method == r.Route.Method && p == "" && len(prefixes) > 0 {
					// `GET /widgets`, registered so in a router mounted at
					// /api/v2: the path is served under the prefix.
					under = append(under, fmt.Sprintf("%s %s at %s", d.Route.Method, rank.JoinRoute(prefixes[0], d.Route.Pattern), naming.At(d.Path, d.DeclLine)))
				} else if d.Route.Method != r.Route.Method {
					found = append(found, fmt.Sprintf("%s at %s", d.Route.Method, naming.At(d.Path, d.DeclLine)))
				}
				break
			}
		}
	}
	switch {
	case len(under) > 0:
		// (Before the other methods: the method asked for is there, under
		// the prefix.)
		sort.Strings(under)
		return "the path is registered only under the prefix its router is mounted at: " + strings.Join(under, ", ")
	case len(found) > 0:
		sort.Strings(found)
		return "the path is registered only for " + strings.Join(found, ", ")
	}
	return ""
}

// HandlerNotes finds, for each chosen route whose handler is named and
// defined elsewhere, the handler's signature, and notes it on the match:
// a route artifact shows method, path, handler and its signature.
func HandlerNotes(ctx context.Context, ix *search.Index, root string, matches []Match) error {
	wanted := map[string]scan.Want{}
	for _, m := range matches {
		if _, _, h := handlerParts(routeHandler(m)); h != "" {
			if _, ok := ix.Defs[h]; !ok {
				wanted[h] = scan.WantAny
			}
		}
	}
	if err := ix.Find(ctx, root, wanted, nil, nil); err != nil {
		return err
	}
	for i := range matches {
		m := &matches[i]
		h := routeHandler(*m)
		if h == "" {
			continue
		}
		dirs, class, name := handlerParts(h)
		pkg := importedPackage(ix, m.Def.Lines, name)
		mod := modulePathOf(m.Def.Lines, name)
		chain := qualifierOf(m.Def.Lines, name)
		var best *extract.Definition
		rank := func(d *extract.Definition) int {
			if d.Kind == extract.KindType {
				return 100 // a class-based view (Flask-RESTful's resource), when no function has the name
			}
			switch {
			case pkg != "" && search.InImportPath(d.Path, pkg):
				return -1 // `apiv1.GetUserDirectedWebhookEvents`: in the package the registration names
			case mod != "" && search.ModulePath(d.Path, mod):
				return -1 // `controllers.write.topics.lock`: in src/controllers/write/topics.js
			case chain != "" && d.Container != "" && strings.EqualFold(lastPart(d.Container), lastPart(chain)):
				return -1 // `writeControllers.utilities.ping.get`: Utilities.ping's get
			case d.Path == m.Def.Path:
				return 0
			case path.Dir(d.Path) == path.Dir(m.Def.Path):
				return 1
			}
			if class != "" {
				return 2 + strings.Count(d.Path, "/") // of classes of one name, the one no module puts deeper
			}
			return 2
		}
		places := map[string]bool{}
		for _, d := range ix.Defs[name] {
			if d.Broken || d.Kind != extract.KindFunction && d.Kind != extract.KindMethod && d.Kind != extract.KindConstant && d.Kind != extract.KindType ||
				class != "" && (d.Container != class || !inDirs(d.Path, dirs)) {
				continue
			}
			places[d.Path] = true
			if best == nil || rank(d) < rank(best) || rank(d) == rank(best) && (d.Path < best.Path || d.Path == best.Path && d.StartLine < best.StartLine) {
				best = d
			}
		}
		if best == nil {
			m.Handler = fmt.Sprintf("Handler `%s`: no definition found.", h)
			continue
		}
		if chain != "" && len(places) > 1 && rank(best) >= 2 &&
			!slices.Contains(strings.Split(chain, "."), best.Container) && !slices.Contains(strings.Split(chain, "."), search.ModuleName(best.Path)) {
			// `writeControllers.utilities.ping.get`: of several `get`, none
			// the chain names by its object or module, the first by path
			// is no answer (a client's `get` in public/).
			m.Handler = fmt.Sprintf("Handler `%s.%s`: the search did not find which definition of `%s` it is.", chain, name, name)
			continue
		}
		sig := SignatureLine(best)
		if best.Kind == extract.KindType {
			sig = classLine(best)
		}
		m.Handler = fmt.Sprintf("Handler `%s` (%s): `%s`", h, naming.At(best.Path, best.DeclLine), sig)
	}
	return nil
}

// classLine is a class-based view in one line: its declaration's first
// line and the methods it answers with, `class ItemResource(Resource): get,
// post`.
func classLine(d *extract.Definition) string {
	head := ""
	for _, l := range d.Lines {
		if !scan.CommentLine(l.Text) && !strings.HasPrefix(strings.TrimSpace(l.Text), "@") {
			head = strings.TrimSpace(l.Text)
			break
		}
	}
	var methods []string
	for _, mem := range d.Members {
		if mem.Method {
			methods = append(methods, mem.Name)
		}
	}
	if len(methods) == 0 {
		return head
	}
	return strings.TrimRight(head, "{ ") + " " + strings.Join(methods, ", ")
}

// importedPackage is the package of the code's own that a registration's
// lines name the handler through (`apiv1.GetUserDirectedWebhookEvents`,
// where the code imports `apiv1 "x.io/api/pkg/routes/api/v1"`), or "".
func importedPackage(ix *search.Index, lines []extract.Line, name string) string {
	for _, l := range lines {
		at := strings.Index(l.Text, "."+name)
		if at <= 0 {
			continue
		}
		q := at
		for q > 0 && extract.IdentByte(l.Text[q-1]) {
			q--
		}
		if pkg := ix.OwnImports[l.Text[q:at]]; pkg != "" {
			return pkg
		}
	}
	return ""
}

// modulePathOf is the module path of two parts or more through which a
// registration's lines name the handler (`controllers.write.topics` of
// `controllers.write.topics.lock`), as a path (controllers/write/topics),
// or "".
func modulePathOf(lines []extract.Line, name string) string {
	parts := strings.Split(qualifierOf(lines, name), ".")
	if len(parts) < 2 {
		return ""
	}
	for _, p := range parts {
		if !moduleRe.MatchString(p) {
			return ""
		}
	}
	return strings.Join(parts, "/")
}

// qualifierOf is the dotted chain before the handler's name on the
// registration's lines (`writeControllers.utilities.ping` of
// `writeControllers.utilities.ping.get`), "" when the line names it bare.
func qualifierOf(lines []extract.Line, name string) string {
	for _, l := range lines {
		at := strings.Index(l.Text, "."+name)
		if at <= 0 || at+1+len(name) < len(l.Text) && extract.IdentByte(l.Text[at+1+len(name)]) {
			continue
		}
		q := at
		for q > 0 && (extract.IdentByte(l.Text[q-1]) || l.Text[q-1] == '.') {
			q--
		}
		if chain := strings.Trim(l.Text[q:at], "."); chain != "" && !selfWords[chain] {
			return chain
		}
	}
	return ""
}

// lastPart is a dotted name's last part.
func lastPart(s string) string { return s[strings.LastIndexByte(s, '.')+1:] }

// handlerParts splits a handler named with its class (Rails'
// Admin::UsersController#index, a Type.method) into the directories its
// modules name (admin), the class and the method; a plain name is the
// method alone.
func handlerParts(h string) (dirs []string, class, name string) {
	i := strings.LastIndexAny(h, "#.")
	if i < 0 {
		return nil, "", h
	}
	mods := strings.Split(strings.ReplaceAll(h[:i], "::", "."), ".")
	for _, m := range mods[:len(mods)-1] {
		dirs = append(dirs, strings.Join(naming.Words(m), "_"))
	}
	return dirs, mods[len(mods)-1], h[i+1:]
}

// inDirs reports a file inside a directory of each name.
func inDirs(file string, dirs []string) bool {
	for _, d := range dirs {
		if !strings.Contains("/"+file, "/"+d+"/") {
			return false
		}
	}
	return true
}

// routeDetectors names the frameworks whose routes are recognised, so that
// a missing route reads as "not found by these", not as "does not exist":
// every language's RouteFrameworks, in registry order.
var routeDetectors = func() string {
	fws := lang.Union(func(l *extract.Language) []string { return l.RouteFrameworks })
	if len(fws) == 0 {
		return "looked for no route registrations"
	}
	if len(fws) == 1 {
		return "looked for " + fws[0] + " registrations"
	}
	return "looked for " + strings.Join(fws[:len(fws)-1], ", ") + " and " + fws[len(fws)-1] + " registrations"
}()

// declarers are the declaration tests of every language.
var declarers = func() []func(line, name string) bool {
	var out []func(line, name string) bool
	for _, l := range lang.All {
		if l.Declares != nil {
			out = append(out, l.Declares)
		}
	}
	return out
}()

// routeHandler is the handler a route names, when its snippet does not
// already show it (a decorated Python handler, a Next.js export): a line
// of the snippet that declares it, in any language, shows it.
func routeHandler(m Match) string {
	if m.Def.Route == nil || m.Def.Route.Handler == "" {
		return ""
	}
	for _, l := range m.Def.Lines {
		for _, declares := range declarers {
			if declares(l.Text, m.Def.Route.Handler) {
				return ""
			}
		}
	}
	return m.Def.Route.Handler
}

// SignatureLine is a definition's declaring line, joined with the lines of
// a signature that wraps, without its doc comment or decorators.
func SignatureLine(d *extract.Definition) string {
	var parts []string
	for _, l := range d.Lines {
		if len(parts) == 0 && scan.CommentLine(l.Text) {
			continue
		}
		parts = append(parts, strings.TrimSpace(l.Text))
	}
	s := strings.Join(parts, " ")
	s = strings.ReplaceAll(s, "( ", "(")
	s = strings.ReplaceAll(s, ", )", ")")
	return strings.ReplaceAll(s, ",)", ")")
}

package php

import (
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// phpRoutes finds Laravel's route registrations (Route::get('/x',
// [UserController::class, 'show']), Route::resource, under the prefixes
// and controllers of the groups around them) and Symfony's #[Route]
// attributes and @Route annotations on a controller's methods, under the
// class's own.
func phpRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	var out []extract.RouteCall
	extract.Walk(root, func(n *sitter.Node) {
		switch n.Type() {
		case "expression_statement":
			out = append(out, laravelRoutes(n, src)...)
		case "class_declaration":
			if owner, ok := scope(n); ok && owner == nil {
				out = append(out, symfonyRoutes(n, src)...)
			}
		}
	})
	return out, nil
}

// call is one call of a chain: Route::prefix('api'), ->get('/x', h).
type call struct {
	name string
	args []*sitter.Node
	node *sitter.Node
}

// chain reads a call chain from the router it starts on: Route::
// (the facade, by any qualified name), or a $router variable (Lumen's).
// ok is false for any other expression.
func chain(e *sitter.Node, src []byte) (calls []call, ok bool) {
	for {
		switch e.Type() {
		case "member_call_expression", "scoped_call_expression":
			nm := e.ChildByFieldName("name")
			if nm == nil {
				return nil, false
			}
			calls = append([]call{{nm.Content(src), callArgs(e), e}}, calls...)
			if e.Type() == "scoped_call_expression" {
				s := e.ChildByFieldName("scope")
				return calls, s != nil && simpleName(s.Content(src)) == "Route"
			}
			e = e.ChildByFieldName("object")
			if e == nil {
				return nil, false
			}
		case "variable_name":
			v := e.Content(src)
			return calls, v == "$router"
		default:
			return nil, false
		}
	}
}

// group is what the groups around a registration give it: a path prefix
// and the controller whose methods name handlers.
type group struct {
	prefix, controller string
	as                 string // the prefix of the names of the routes inside: name('api.'), as('api.')
}

// apply adds to g what a chain's calls before its registration say:
// prefix('admin'), controller(UserController::class), group(['prefix' =>
// 'admin'], ...).
func (g group) apply(calls []call, src []byte) group {
	for _, c := range calls {
		switch c.name {
		case "prefix":
			if len(c.args) > 0 {
				if s, ok := stringText(c.args[0], src); ok {
					g.prefix = route.Join(g.prefix, s)
				}
			}
		case "name", "as":
			if len(c.args) > 0 {
				if s, ok := stringText(c.args[0], src); ok {
					g.as += s
				}
			}
		case "controller":
			if len(c.args) > 0 {
				if cl := classOf(c.args[0], src); cl != "" {
					g.controller = cl
				} else if s, ok := stringText(c.args[0], src); ok {
					g.controller = simpleName(s)
				}
			}
		case "group":
			if len(c.args) > 0 && c.args[0].Type() == "array_creation_expression" {
				for _, e := range extract.NamedChildren(c.args[0]) {
					kids := extract.NamedChildren(e)
					if len(kids) != 2 {
						continue
					}
					key, _ := stringText(kids[0], src)
					switch key {
					case "prefix":
						if s, ok := stringText(kids[1], src); ok {
							g.prefix = route.Join(g.prefix, s)
						}
					case "controller":
						if cl := classOf(kids[1], src); cl != "" {
							g.controller = cl
						}
					case "as":
						if s, ok := stringText(kids[1], src); ok {
							g.as += s
						}
					}
				}
			}
		}
	}
	return g
}

// groupOf is what the groups whose closures hold a statement give it,
// the outermost first.
func groupOf(st *sitter.Node, src []byte) group {
	var outer [][]call
	for n := st.Parent(); n != nil; n = n.Parent() {
		if n.Type() != "anonymous_function_creation_expression" && n.Type() != "arrow_function" {
			continue
		}
		arg := n.Parent()
		if arg == nil || arg.Type() != "argument" || arg.Parent() == nil || arg.Parent().Parent() == nil {
			continue
		}
		c := arg.Parent().Parent()
		if nm := c.ChildByFieldName("name"); nm == nil || nm.Content(src) != "group" {
			continue
		}
		if calls, ok := chain(c, src); ok {
			outer = append([][]call{calls}, outer...)
		}
	}
	var g group
	for _, calls := range outer {
		g = g.apply(calls, src)
	}
	return g
}

// verbs are Laravel's registration methods and the method each serves.
var verbs = map[string]string{"get": "GET", "post": "POST", "put": "PUT", "patch": "PATCH", "delete": "DELETE",
	"options": "OPTIONS", "any": "ANY", "view": "GET"}

// laravelRoutes reads the registrations of one statement: a verb's, a
// match's, or a resource's routes.
func laravelRoutes(st *sitter.Node, src []byte) []extract.RouteCall {
	kids := extract.NamedChildren(st)
	if len(kids) == 0 {
		return nil
	}
	calls, ok := chain(kids[0], src)
	if !ok {
		return nil
	}
	for i, c := range calls {
		var methods []string
		var args []*sitter.Node
		switch {
		case verbs[c.name] != "":
			methods, args = []string{verbs[c.name]}, c.args
		case c.name == "match" && len(c.args) >= 2:
			methods, args = matchMethods(c.args[0], src), c.args[1:]
		case c.name == "resource" || c.name == "apiResource":
			g := groupOf(st, src).apply(calls[:i], src)
			return resourceRoutes(st, c, calls[i+1:], g, src)
		default:
			continue
		}
		if len(args) == 0 {
			return nil
		}
		p, ok := stringText(args[0], src)
		if !ok {
			return nil
		}
		g := groupOf(st, src).apply(calls[:i], src)
		handler := ""
		if len(args) > 1 && c.name != "view" {
			handler = handlerOf(args[1], g.controller, src)
		}
		name := ""
		for _, a := range calls[i+1:] {
			if a.name == "name" && len(a.args) > 0 {
				if s, ok := stringText(a.args[0], src); ok {
					name = g.as + s // ->name('api.links.check')
				}
			}
		}
		var out []extract.RouteCall
		for _, m := range methods {
			out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: route.Join(g.prefix, p), Handler: handler, Name: name}, Show: st})
		}
		return out
	}
	return nil
}

// matchMethods are the methods Route::match(['GET', 'POST'], ...) names.
func matchMethods(n *sitter.Node, src []byte) []string {
	var out []string
	for _, e := range extract.NamedChildren(n) {
		kids := extract.NamedChildren(e)
		if len(kids) == 0 {
			continue
		}
		if s, ok := stringText(kids[0], src); ok && route.Methods[strings.ToUpper(s)] {
			out = append(out, strings.ToUpper(s))
		}
	}
	return out
}

// handlerOf names a registration's handler, as the controller's method
// it is: [UserController::class, 'show'] and 'UserController@show' give
// UserController.show (so does ['uses' => 'UserController@show']), an
// invokable UserController::class its __invoke,
// 'show' in a controller's group that controller's; a closure none.
func handlerOf(n *sitter.Node, controller string, src []byte) string {
	switch n.Type() {
	case "array_creation_expression":
		var parts []string
		for _, e := range extract.NamedChildren(n) {
			kids := extract.NamedChildren(e)
			if len(kids) == 2 {
				// ['uses' => 'SubmitController@submit', 'as' => 'submit']:
				// the action is the value of uses; other keys name it.
				if k, ok := stringText(kids[0], src); ok && k == "uses" {
					return handlerOf(kids[1], controller, src)
				}
				continue
			}
			if len(kids) > 0 {
				if cl := classOf(kids[0], src); cl != "" {
					parts = append(parts, cl)
				} else if s, ok := stringText(kids[0], src); ok {
					parts = append(parts, simpleName(s))
				}
			}
		}
		if len(parts) == 2 {
			return parts[0] + "." + parts[1]
		}
	case "class_constant_access_expression":
		if cl := classOf(n, src); cl != "" {
			return cl + ".__invoke"
		}
	default:
		s, ok := stringText(n, src)
		if !ok || s == "" {
			return ""
		}
		if cl, m, ok := strings.Cut(s, "@"); ok {
			return simpleName(cl) + "." + m
		}
		if controller != "" {
			return controller + "." + s
		}
	}
	return ""
}

// resourceActions are the routes of a resource controller, in Laravel's
// order: the action, its method, and the path after the resource's
// (":" the resource's parameter). An API resource has no create and edit
// forms.
var resourceActions = []struct{ action, method, suffix string }{
	{"index", "GET", ""}, {"create", "GET", "/create"}, {"store", "POST", ""}, {"show", "GET", "/:"},
	{"edit", "GET", "/:/edit"}, {"update", "PUT", "/:"}, {"update", "PATCH", "/:"}, {"destroy", "DELETE", "/:"},
}

// resourceRoutes are the routes Route::resource('photos',
// PhotoController::class) registers (photos.comments nests: /photos/{photo}/comments),
// those its only([...]) keeps or its except([...]) leaves.
func resourceRoutes(st *sitter.Node, c call, after []call, g group, src []byte) []extract.RouteCall {
	if len(c.args) < 2 {
		return nil
	}
	name, ok := stringText(c.args[0], src)
	controller := classOf(c.args[1], src)
	if !ok || name == "" || controller == "" {
		if s, ok := stringText(c.args[1], src); ok {
			controller = simpleName(s)
		}
	}
	if name == "" || controller == "" {
		return nil
	}
	only, except := map[string]bool{}, map[string]bool{}
	// Each action's route is named resource.action, under the group's
	// names; ->names('links') changes the resource's part, ->names([...])
	// names actions one by one.
	names, named := g.as+name, map[string]string{}
	for _, a := range after {
		if a.name != "names" || len(a.args) == 0 {
			continue
		}
		if s, ok := stringText(a.args[0], src); ok {
			names = g.as + s
		} else if a.args[0].Type() == "array_creation_expression" {
			for _, e := range extract.NamedChildren(a.args[0]) {
				if kids := extract.NamedChildren(e); len(kids) == 2 {
					action, ok1 := stringText(kids[0], src)
					n, ok2 := stringText(kids[1], src)
					if ok1 && ok2 {
						named[action] = n
					}
				}
			}
		}
	}
	for _, a := range after {
		if (a.name == "only" || a.name == "except") && len(a.args) > 0 {
			set := only
			if a.name == "except" {
				set = except
			}
			items := []*sitter.Node{a.args[0]}
			if a.args[0].Type() == "array_creation_expression" {
				items = nil
				for _, e := range extract.NamedChildren(a.args[0]) {
					items = append(items, extract.NamedChildren(e)...)
				}
			}
			for _, it := range items {
				if s, ok := stringText(it, src); ok {
					set[s] = true
				}
			}
		}
	}
	segs := strings.Split(name, ".")
	base := ""
	for _, s := range segs[:len(segs)-1] {
		base = route.Join(base, s+"/{"+singular(s)+"}")
	}
	last := segs[len(segs)-1]
	base = route.Join(g.prefix, route.Join(base, last))
	param := "{" + strings.ReplaceAll(singular(last), "-", "_") + "}"
	var out []extract.RouteCall
	for _, a := range resourceActions {
		if c.name == "apiResource" && (a.action == "create" || a.action == "edit") || len(only) > 0 && !only[a.action] || except[a.action] {
			continue
		}
		p := base + strings.ReplaceAll(a.suffix, ":", param)
		rn := names + "." + a.action
		if n, ok := named[a.action]; ok {
			rn = n
		}
		out = append(out, extract.RouteCall{Route: extract.Route{Method: a.method, Pattern: p, Handler: controller + "." + a.action, Name: rn}, Show: st})
	}
	return out
}

// singular is a resource's parameter name: photos is photo, categories
// category.
func singular(s string) string {
	switch {
	case strings.HasSuffix(s, "ies") && len(s) > 3:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "shes"), strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "xes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "s") && !strings.HasSuffix(s, "ss"):
		return s[:len(s)-1]
	}
	return s
}

// symfonyRoutes are the routes a Symfony controller's methods declare,
// by #[Route] attributes or @Route annotations, under the class's own.
func symfonyRoutes(class *sitter.Node, src []byte) []extract.RouteCall {
	prefixes := []string{""}
	if ps, _ := symfonyRoute(class, src); len(ps) > 0 {
		prefixes = ps[:1]
	}
	var out []extract.RouteCall
	for _, m := range extract.NamedChildren(class.ChildByFieldName("body")) {
		if m.Type() != "method_declaration" {
			continue
		}
		paths, methods := symfonyRoute(m, src)
		name := m.ChildByFieldName("name").Content(src)
		for _, p := range paths {
			for _, method := range methods {
				out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: route.Join(prefixes[0], p), Handler: name}, Show: m, OwnFunc: m})
			}
		}
	}
	return out
}

// annotationRe reads a @Route annotation of a doc comment: its path and
// its methods={"GET", "POST"}.
var (
	annotationRe = regexp.MustCompile(`@Route\(\s*(?:path\s*=\s*)?"([^"]*)"([^)]*)\)`)
	annMethodsRe = regexp.MustCompile(`methods\s*=\s*\{([^}]*)\}`)
	quotedRe     = regexp.MustCompile(`"(\w+)"`)
)

// symfonyRoute reads the routes a declaration's #[Route] attributes (or
// @Route annotations) give: their paths, and the methods they serve (ANY
// when they name none).
func symfonyRoute(def *sitter.Node, src []byte) (paths, methods []string) {
	for _, a := range attributes(def, src) {
		if a.name != "Route" {
			continue
		}
		params := a.node.ChildByFieldName("parameters")
		p := namedArg(params, "path", src)
		if p == nil {
			for _, arg := range extract.NamedChildren(params) {
				if arg.ChildByFieldName("name") == nil && arg.NamedChildCount() > 0 {
					p = arg.NamedChild(0)
					break
				}
			}
		}
		s, ok := stringText(p, src)
		if p == nil {
			s, ok = "", true // (a route's path defaults to "": the class's own)
		}
		if !ok {
			continue
		}
		paths = append(paths, s)
		if ms := namedArg(params, "methods", src); ms != nil {
			items := []*sitter.Node{ms}
			if ms.Type() == "array_creation_expression" {
				items = nil
				for _, e := range extract.NamedChildren(ms) {
					items = append(items, extract.NamedChildren(e)...)
				}
			}
			for _, it := range items {
				if v, ok := stringText(it, src); ok && route.Methods[strings.ToUpper(v)] && !slices.Contains(methods, strings.ToUpper(v)) {
					methods = append(methods, strings.ToUpper(v))
				}
			}
		}
	}
	if doc := docText(def, src); len(paths) == 0 && strings.Contains(doc, "@Route(") {
		for _, m := range annotationRe.FindAllStringSubmatch(doc, -1) {
			paths = append(paths, m[1])
			if mm := annMethodsRe.FindStringSubmatch(m[2]); mm != nil {
				for _, q := range quotedRe.FindAllStringSubmatch(mm[1], -1) {
					if v := strings.ToUpper(q[1]); route.Methods[v] && !slices.Contains(methods, v) {
						methods = append(methods, v)
					}
				}
			}
		}
	}
	if len(methods) == 0 {
		methods = []string{"ANY"}
	}
	return paths, methods
}

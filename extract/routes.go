package extract

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// KindRoute is an HTTP route registration and its handler.
const KindRoute Kind = "route"

// Route is what a route registration says.
type Route struct {
	Method  string // GET, POST, ... or ANY
	Pattern string // the path as registered, prefixes applied: /items/{id}/tags
	Handler string // the handler's name when it is named, "" when inline
}

// RouteCall is a registration found in a tree, before its snippet is
// built: Show is the node shown (its bodies cut), OwnFunc the handler
// whose body is cut entirely, From where the snippet starts when it is one
// call of a chain.
type RouteCall struct {
	Route
	Show, OwnFunc *sitter.Node
	From          *sitter.Node
}

// Mount is a router mounted under a prefix: Django include(), Hono
// app.route(), Express app.use(), FastAPI include_router, Flask
// register_blueprint, chi Mount. Target names what is mounted: a module
// path ("shop/urls.py") or an identifier whose file stem it matches.
type Mount struct {
	Prefix string
	Target string
	Path   string // the file holding the mount
}

var httpMethods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true}

// Routes returns the HTTP routes a file registers, each as a Definition of
// kind route whose snippet is the registration with bodies cut (for a
// decorator, the decorated handler's signature).
func (p *Parser) Routes(ctx context.Context, lang *Language, name string, src []byte) ([]Definition, []Mount, error) {
	if lang.Routes == nil {
		return nil, nil, nil
	}
	tree, err := p.parse(ctx, lang, name, src)
	if err != nil {
		return nil, nil, err
	}
	defer tree.Close()
	var defs []Definition
	calls, mounts := lang.Routes(tree.RootNode(), src, name)
	at := func(rc RouteCall) uint32 {
		if rc.From != nil {
			return rc.From.StartByte()
		}
		return rc.Show.StartByte()
	}
	sort.SliceStable(calls, func(i, j int) bool { return at(calls[i]) < at(calls[j]) })
	for i := range mounts {
		mounts[i].Path = name
	}
	for _, rc := range calls {
		if rc.Show.HasError() {
			continue
		}
		m := Match{Src: src, Def: rc.Show, Show: rc.Show, OwnFunc: rc.OwnFunc, from: rc.From}
		if rc.OwnFunc != nil {
			m.Def = rc.OwnFunc
		}
		m.Out = Definition{Name: rc.Method + " " + rc.Pattern, Kind: KindRoute, Title: "Route", Path: name, Lang: lang,
			Exported: true, Route: &Route{rc.Method, rc.Pattern, rc.Handler}}
		buildSnippet(lang, &m)
		m.Out.Members = nil
		m.Out.DeclLine = m.Out.StartLine
		defs = append(defs, m.Out)
	}
	return defs, mounts, nil
}

// stringValue returns the text of a string literal node without quotes.
func stringValue(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch n.Type() {
	case "interpreted_string_literal", "raw_string_literal", "string", "template_string":
		s := n.Content(src)
		s = strings.TrimLeft(s, "rRbBfFuU")
		s = strings.Trim(s, "\"'`")
		if strings.ContainsAny(s, "${") && n.Type() == "template_string" {
			return "", false
		}
		return s, true
	}
	return "", false
}

// splitPattern reads a Go 1.22 ServeMux pattern: "POST /items/{id}".
func splitPattern(s string) (method, pattern string, ok bool) {
	if f := strings.Fields(s); len(f) == 2 && httpMethods[f[0]] && strings.HasPrefix(f[1], "/") {
		return f[0], f[1], true
	}
	if strings.HasPrefix(s, "/") {
		return "ANY", s, true
	}
	return "", "", false
}

// handlerName names a handler argument: s.handleX -> handleX,
// http.HandlerFunc(s.del) -> del, views.detail -> detail; inline -> "".
func handlerName(n *sitter.Node, src []byte) string {
	if n == nil {
		return ""
	}
	switch n.Type() {
	case "identifier", "field_identifier", "property_identifier":
		return n.Content(src)
	case "selector_expression", "member_expression", "attribute":
		for _, f := range []string{"field", "property", "attribute"} {
			if c := n.ChildByFieldName(f); c != nil {
				return c.Content(src)
			}
		}
	case "call_expression", "call":
		// A wrapped handler: pm(hasID(a.UpdateCampaignStatus), "perm"),
		// http.HandlerFunc(s.del): the first function reference inside;
		// adminRouter(): the function itself.
		if args := n.ChildByFieldName("arguments"); args != nil {
			for _, a := range NamedChildren(args) {
				if h := handlerName(a, src); h != "" {
					return h
				}
			}
		}
		return handlerName(n.ChildByFieldName("function"), src)
	}
	return ""
}

// lastArgHandler names the handler among a registration's arguments: the
// last one that names a function (middleware may come before it). funcs
// are the language's function node types: an argument of one of them is
// an inline handler, which has no name.
func lastArgHandler(funcs map[string]bool, args []*sitter.Node, src []byte) string {
	if len(args) < 2 {
		return ""
	}
	last := args[len(args)-1]
	if funcs[last.Type()] {
		return "" // an inline handler: the snippet shows its signature
	}
	return handlerName(last, src)
}

// statementOf climbs from a call to the statement that holds it.
func statementOf(n *sitter.Node) *sitter.Node {
	if p := n.Parent(); p != nil && p.Type() == "expression_statement" {
		return p
	}
	return n
}

var goRouteVerbs = map[string]bool{"HandleFunc": true, "Handle": true, "Get": true, "Post": true, "Put": true, "Patch": true,
	"Delete": true, "Head": true, "Options": true, "GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true,
	"HEAD": true, "OPTIONS": true, "Any": true, "Method": true, "MethodFunc": true}

// goRoutes finds net/http, chi, gin, echo and fiber registrations, with
// chi's r.Route("/p", func(r chi.Router) {...}) prefixes and gin/echo
// groups (v1 := r.Group("/v1")), and chi Mount calls.
func goRoutes(root *sitter.Node, src []byte, _ string) ([]RouteCall, []Mount) {
	groups := map[string]string{} // variable -> prefix
	var walkGroups func(n *sitter.Node)
	walkGroups = func(n *sitter.Node) {
		if n.Type() == "short_var_declaration" || n.Type() == "assignment_statement" {
			left, right := NamedChildren(n.ChildByFieldName("left")), NamedChildren(n.ChildByFieldName("right"))
			if len(left) == 1 && len(right) == 1 && right[0].Type() == "call_expression" {
				fn := right[0].ChildByFieldName("function")
				args := NamedChildren(right[0].ChildByFieldName("arguments"))
				if fn != nil && fn.Type() == "selector_expression" && fn.ChildByFieldName("field").Content(src) == "Group" && len(args) > 0 {
					if p, ok := stringValue(args[0], src); ok {
						groups[left[0].Content(src)] = groups[fn.ChildByFieldName("operand").Content(src)] + p
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walkGroups(n.NamedChild(i))
		}
	}
	walkGroups(root)
	var out []RouteCall
	var mounts []Mount
	var walk func(n *sitter.Node, prefix string)
	walk = func(n *sitter.Node, prefix string) {
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := NamedChildren(n.ChildByFieldName("arguments"))
			if fn != nil && fn.Type() == "selector_expression" && len(args) >= 2 {
				verb := fn.ChildByFieldName("field").Content(src)
				pre := prefix + groups[fn.ChildByFieldName("operand").Content(src)]
				first, _ := stringValue(args[0], src)
				switch {
				case verb == "Route" || verb == "Group":
					if strings.HasPrefix(first, "/") && args[1].Type() == "func_literal" {
						walk(args[1], pre+first)
						return
					}
				case verb == "Mount":
					if strings.HasPrefix(first, "/") {
						mounts = append(mounts, Mount{Prefix: pre + first, Target: handlerName(args[1], src)})
					}
				case verb == "Method" || verb == "MethodFunc":
					if p, ok := stringValue(args[1], src); ok && httpMethods[strings.ToUpper(first)] && len(args) >= 3 && strings.HasPrefix(p, "/") {
						out = append(out, RouteCall{Route: Route{strings.ToUpper(first), pre + p, lastArgHandler(goFuncs, args, src)}, Show: statementOf(n)})
					}
				case goRouteVerbs[verb]:
					if method, p, ok := splitPattern(first); ok {
						if up := strings.ToUpper(verb); httpMethods[up] {
							method = up
						}
						out = append(out, RouteCall{Route: Route{method, pre + p, lastArgHandler(goFuncs, args, src)}, Show: statementOf(n)})
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i), prefix)
		}
	}
	walk(root, "")
	return out, mounts
}

var jsRouteVerbs = map[string]bool{"get": true, "post": true, "put": true, "patch": true, "delete": true, "head": true,
	"options": true, "all": true, "route": true}

var nextRouteFile = regexp.MustCompile(`(?:^|/)app/((?:.*/)?)route\.(?:ts|js|tsx|jsx|mjs)$`)

// jsRoutes finds Express, Hono, Fastify and Convex httpRouter
// registrations, and the handlers a Next.js app-router route file exports.
func jsRoutes(root *sitter.Node, src []byte, file string) ([]RouteCall, []Mount) {
	var out []RouteCall
	var mounts []Mount
	out = append(out, remixRoutes(root, src, file)...)
	if m := nextRouteFile.FindStringSubmatch(file); m != nil {
		pattern := nextPattern(m[1])
		for _, c := range NamedChildren(root) {
			if c.Type() != "export_statement" {
				continue
			}
			d := c.ChildByFieldName("declaration")
			if d == nil {
				continue
			}
			switch d.Type() {
			case "function_declaration":
				if n := d.ChildByFieldName("name").Content(src); httpMethods[n] {
					out = append(out, RouteCall{Route: Route{n, pattern, n}, Show: c, OwnFunc: d})
				}
			case "lexical_declaration":
				for _, v := range NamedChildren(d) {
					if n := v.ChildByFieldName("name"); n != nil && httpMethods[n.Content(src)] {
						out = append(out, RouteCall{Route: Route{n.Content(src), pattern, n.Content(src)}, Show: c, OwnFunc: v.ChildByFieldName("value")})
					}
				}
			}
		}
	}
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := NamedChildren(n.ChildByFieldName("arguments"))
			if fn != nil && fn.Type() == "member_expression" && len(args) >= 1 {
				verb := fn.ChildByFieldName("property").Content(src)
				p, isPath := stringValue(args[0], src)
				isPath = isPath && strings.HasPrefix(p, "/")
				// One call of a chain, new Hono().post(...).post(...), shows
				// from its own ".post(" on.
				show, from := statementOf(n), (*sitter.Node)(nil)
				if obj := fn.ChildByFieldName("object"); obj != nil && obj.Type() != "identifier" && obj.Type() != "member_expression" && obj.Type() != "this" {
					show, from = n, fn.ChildByFieldName("property")
				}
				switch {
				case (verb == "route" || verb == "use") && isPath && len(args) == 2 && args[1].Type() == "identifier":
					mounts = append(mounts, Mount{Prefix: p, Target: args[1].Content(src)})
				case jsRouteVerbs[verb] && isPath && len(args) >= 2:
					method := strings.ToUpper(verb)
					if !httpMethods[method] {
						method = "ANY"
					}
					out = append(out, RouteCall{Route: Route{method, p, lastArgHandler(jsFuncs, args, src)}, Show: show, From: from})
				case verb == "route" && args[0].Type() == "object":
					if rc, ok := routeObject(args[0], src); ok {
						rc.Show, rc.From = show, from
						out = append(out, rc)
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(root)
	return out, mounts
}

var remixRouteFile = regexp.MustCompile(`(?:^|/)app/routes/(.+)\.(?:ts|tsx|js|jsx)$`)

// remixRoutes reads a Remix / React Router file route: the loader answers
// GET and the action the other methods, at the URL its file name spells
// (api+/webhook.trigger.ts -> /api/webhook/trigger, $id -> {id}).
func remixRoutes(root *sitter.Node, src []byte, file string) []RouteCall {
	m := remixRouteFile.FindStringSubmatch(file)
	if m == nil {
		return nil
	}
	var segs []string
	for _, part := range strings.Split(m[1], "/") {
		part = strings.TrimSuffix(part, "+")
		if part == "route" {
			continue // folder routes: api+/items/route.tsx
		}
		for _, s := range strings.Split(part, ".") {
			switch {
			case s == "" || s == "_index" || s == "index" || strings.HasPrefix(s, "_") || strings.HasPrefix(s, "("):
			case strings.HasPrefix(s, "$"):
				segs = append(segs, "{"+strings.TrimSuffix(s[1:], "_")+"}")
			default:
				segs = append(segs, strings.TrimSuffix(s, "_"))
			}
		}
	}
	pattern := "/" + strings.Join(segs, "/")
	var out []RouteCall
	for _, c := range NamedChildren(root) {
		if c.Type() != "export_statement" {
			continue
		}
		d := c.ChildByFieldName("declaration")
		if d == nil || d.Type() != "function_declaration" {
			continue
		}
		switch d.ChildByFieldName("name").Content(src) {
		case "loader":
			out = append(out, RouteCall{Route: Route{"GET", pattern, "loader"}, Show: c, OwnFunc: d})
		case "action":
			out = append(out, RouteCall{Route: Route{"POST", pattern, "action"}, Show: c, OwnFunc: d})
		}
	}
	return out
}

// routeObject reads { method, url | path, handler } route options.
func routeObject(obj *sitter.Node, src []byte) (RouteCall, bool) {
	var rc RouteCall
	rc.Method = "ANY"
	for _, pair := range NamedChildren(obj) {
		if pair.Type() != "pair" {
			continue
		}
		k := strings.Trim(pair.ChildByFieldName("key").Content(src), `"'`)
		v := pair.ChildByFieldName("value")
		switch k {
		case "method":
			if s, ok := stringValue(v, src); ok {
				rc.Method = strings.ToUpper(s)
			}
		case "url", "path":
			if s, ok := stringValue(v, src); ok {
				rc.Pattern = s
			}
		case "handler":
			rc.Handler = handlerName(v, src)
		}
	}
	return rc, strings.HasPrefix(rc.Pattern, "/")
}

// nextPattern turns an app-router directory into its URL: route groups
// "(marketing)" vanish, "[id]" stays a parameter.
func nextPattern(dir string) string {
	var segs []string
	for _, s := range strings.Split(strings.Trim(dir, "/"), "/") {
		if s == "" || strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") || strings.HasPrefix(s, "@") {
			continue
		}
		segs = append(segs, s)
	}
	return "/" + strings.Join(segs, "/")
}

var pyRouteVerbs = map[string]bool{"get": true, "post": true, "put": true, "patch": true, "delete": true, "head": true,
	"options": true, "route": true, "api_route": true, "websocket": true}

var (
	pyPrefixRe  = regexp.MustCompile(`(?m)^(\w+)\s*=\s*(?:\w+\.)?(?:APIRouter|Blueprint)\((?s:[^)]*?)(?:url_)?prefix\s*=\s*["']([^"']*)["']`)
	pyMethodsRe = regexp.MustCompile(`methods\s*=\s*\[([^\]]*)\]`)
	pyQuotedRe  = regexp.MustCompile(`["'](\w+)["']`)
)

// pyRoutes finds FastAPI and Flask decorators (with APIRouter and Blueprint
// prefixes) and Django urls.py path() entries.
func pyRoutes(root *sitter.Node, src []byte, file string) ([]RouteCall, []Mount) {
	var mounts []Mount
	for _, m := range pyIncludeRe.FindAllSubmatch(src, -1) {
		// app.include_router(items.router, prefix="/items"), register_blueprint(bp, url_prefix=...)
		target := string(m[1])
		if i := strings.IndexByte(target, '.'); i > 0 {
			target = target[:i]
		}
		mounts = append(mounts, Mount{Prefix: string(m[2]), Target: target})
	}
	prefixes := map[string]string{}
	for _, m := range pyPrefixRe.FindAllSubmatch(src, -1) {
		prefixes[string(m[1])] = string(m[2])
	}
	var out []RouteCall
	django := path.Base(file) == "urls.py"
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		switch n.Type() {
		case "decorated_definition":
			def := n.ChildByFieldName("definition")
			for _, dec := range NamedChildren(n) {
				if dec.Type() != "decorator" || def == nil || def.Type() != "function_definition" {
					continue
				}
				call := dec.NamedChild(0)
				if call == nil || call.Type() != "call" {
					continue
				}
				fn := call.ChildByFieldName("function")
				args := NamedChildren(call.ChildByFieldName("arguments"))
				if fn == nil || fn.Type() != "attribute" || len(args) == 0 {
					continue
				}
				verb := fn.ChildByFieldName("attribute").Content(src)
				p, ok := stringValue(args[0], src)
				if !pyRouteVerbs[verb] || !ok || !strings.HasPrefix(p, "/") && p != "" {
					continue
				}
				p = prefixes[fn.ChildByFieldName("object").Content(src)] + p
				methods := []string{strings.ToUpper(verb)}
				if !httpMethods[methods[0]] {
					methods = []string{"GET"}
					if verb == "api_route" || verb == "websocket" {
						methods = []string{"ANY"}
					}
					if mm := pyMethodsRe.FindStringSubmatch(call.Content(src)); mm != nil {
						methods = nil
						for _, q := range pyQuotedRe.FindAllStringSubmatch(mm[1], -1) {
							methods = append(methods, strings.ToUpper(q[1]))
						}
					}
				}
				name := def.ChildByFieldName("name").Content(src)
				for _, method := range methods {
					out = append(out, RouteCall{Route: Route{method, p, name}, Show: n, OwnFunc: def})
				}
			}
			return
		case "call":
			if fn := n.ChildByFieldName("function"); django && fn != nil && (fn.Content(src) == "path" || fn.Content(src) == "re_path") {
				args := NamedChildren(n.ChildByFieldName("arguments"))
				if len(args) >= 2 {
					if p, ok := stringValue(args[0], src); ok {
						if inc := args[1]; inc.Type() == "call" && inc.ChildByFieldName("function").Content(src) == "include" {
							// path("shop/", include("shop.urls")): a mount.
							if ia := NamedChildren(inc.ChildByFieldName("arguments")); len(ia) > 0 {
								if mod, ok := stringValue(ia[0], src); ok {
									mounts = append(mounts, Mount{Prefix: djangoPattern(p), Target: strings.ReplaceAll(mod, ".", "/") + ".py"})
								}
							}
						} else {
							out = append(out, RouteCall{Route: Route{"ANY", djangoPattern(p), handlerName(args[1], src)}, Show: n})
						}
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(root)
	return out, mounts
}

var pyIncludeRe = regexp.MustCompile(`(?:include_router|register_blueprint)\(\s*([\w.]+)\s*,[^)]*?(?:url_)?prefix\s*=\s*["']([^"']*)["']`)

var djangoGroupRe = regexp.MustCompile(`\(\?P<(\w+)>[^)]*\)`)

// djangoPattern turns "items/<int:pk>/" and r"^items/(?P<pk>\d+)/$" into
// "/items/<int:pk>/" and "/items/{pk}/".
func djangoPattern(p string) string {
	p = strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
	p = djangoGroupRe.ReplaceAllString(p, "{$1}")
	return "/" + strings.TrimPrefix(p, "/")
}

// String renders a route as "POST /items/{id}/tags -> handler".
func (r Route) String() string {
	if r.Handler == "" {
		return fmt.Sprintf("%s %s", r.Method, r.Pattern)
	}
	return fmt.Sprintf("%s %s -> %s", r.Method, r.Pattern, r.Handler)
}

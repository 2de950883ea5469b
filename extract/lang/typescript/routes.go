package typescript

import (
	"path"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

var jsRouteVerbs = map[string]bool{"get": true, "post": true, "put": true, "patch": true, "delete": true, "head": true,
	"options": true, "all": true, "route": true}

// bareRouteRe matches a route path written without its leading slash;
// routerRe and appRe the names of the objects routes are registered on.
var (
	bareRouteRe = regexp.MustCompile(`^[A-Za-z0-9_][\w.\-:/{}]*$`)
	routerRe    = regexp.MustCompile(`(?i)router$`)
	appRe       = regexp.MustCompile(`(?i)(?:^|\.)(?:app|api|server)$`)
)

var nextRouteFile = regexp.MustCompile(`(?:^|/)app/((?:.*/)?)route\.(?:ts|js|tsx|jsx|mjs)$`)

// jsRoutes finds Express, Hono, Fastify and Convex httpRouter
// registrations, NestJS controllers' decorated handlers, and the handlers
// a Next.js app-router route file exports.
func jsRoutes(root *sitter.Node, src []byte, file string) ([]extract.RouteCall, []extract.Mount) {
	var out []extract.RouteCall
	var mounts []extract.Mount
	out = append(out, remixRoutes(root, src, file)...)
	if m := nextRouteFile.FindStringSubmatch(file); m != nil {
		pattern := nextPattern(m[1])
		for _, c := range extract.NamedChildren(root) {
			if c.Type() != "export_statement" {
				continue
			}
			d := c.ChildByFieldName("declaration")
			if d == nil {
				continue
			}
			switch d.Type() {
			case "function_declaration":
				if n := d.ChildByFieldName("name").Content(src); route.Methods[n] {
					out = append(out, extract.RouteCall{Route: extract.Route{Method: n, Pattern: pattern, Handler: n}, Show: c, OwnFunc: d})
				}
			case "lexical_declaration":
				for _, v := range extract.NamedChildren(d) {
					if n := v.ChildByFieldName("name"); n != nil && route.Methods[n.Content(src)] {
						out = append(out, extract.RouteCall{Route: extract.Route{Method: n.Content(src), Pattern: pattern, Handler: n.Content(src)}, Show: c, OwnFunc: v.ChildByFieldName("value")})
					}
				}
			}
		}
	}
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if n.Type() == "class_declaration" || n.Type() == "abstract_class_declaration" {
			out = append(out, nestRoutes(n, src)...)
		}
		if rc, ok := openAPIMeta(n, src); ok {
			out = append(out, rc)
		}
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := extract.NamedChildren(n.ChildByFieldName("arguments"))
			if fn != nil && fn.Type() == "member_expression" && len(args) >= 1 {
				verb := fn.ChildByFieldName("property").Content(src)
				p, isString := route.StringValue(args[0], src)
				isPath := isString && strings.HasPrefix(p, "/")
				// koa-router's router.post("shares.list", ..., async (ctx) => ...):
				// a path without its leading slash, on an object named a
				// router, or on an app with an inline handler (an API
				// client's api.get("users", params) is no registration).
				recv := fn.ChildByFieldName("object").Content(src)
				if clientRe.MatchString(recv) {
					isPath = false // Angular's this.http.post('/api/v1/access', body): a request, not a registration
				}
				bare := isString && !isPath && len(args) >= 2 && bareRouteRe.MatchString(p) &&
					(routerRe.MatchString(recv) || appRe.MatchString(recv) && jsFuncs[args[len(args)-1].Type()])
				// One call of a chain, new Hono().post(...).post(...), shows
				// from its own ".post(" on.
				show, from := route.StatementOf(n), (*sitter.Node)(nil)
				if obj := fn.ChildByFieldName("object"); obj != nil && obj.Type() != "identifier" && obj.Type() != "member_expression" && obj.Type() != "this" {
					show, from = n, fn.ChildByFieldName("property")
				}
				switch {
				case (verb == "route" || verb == "use") && isPath && len(args) == 2 && args[1].Type() == "identifier" && !strings.HasSuffix(p, "*"):
					mounts = append(mounts, extract.Mount{Prefix: p, Target: args[1].Content(src)})
				case verb == "use" && isPath && len(args) == 2 && requiredModule(args[1], src) != "" && !strings.HasSuffix(p, "*"):
					// router.use('/api/v3/topics', require('./topics')()):
					// the module's router, mounted under the path (its file
					// or its directory's index), and what answers the path.
					mod := path.Join(path.Dir(file), requiredModule(args[1], src))
					mounts = append(mounts, extract.Mount{Prefix: p, Target: strings.TrimSuffix(mod, path.Ext(mod)) + "/"})
					fallthrough
				case verb == "use" && isPath && len(args) >= 2:
					// app.use('/api/jobs/*', jobs.getApiHandler()),
					// app.use('/api/trpc/*', trpcServer): what handles
					// every method under the path (a wildcard's handler
					// is no router mounted there).
					out = append(out, extract.RouteCall{Route: extract.Route{Method: "ANY", Pattern: p, Handler: route.LastArgHandler(jsFuncs, args, src)}, Show: show, From: from})
				case jsRouteVerbs[verb] && (isPath || bare) && len(args) >= 2:
					method := strings.ToUpper(verb)
					if !route.Methods[method] {
						method = "ANY"
					}
					out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: p, Handler: route.LastArgHandler(jsFuncs, args, src)}, Show: show, From: from})
				case verb == "route" && args[0].Type() == "object":
					if rc, ok := routeObject(args[0], src); ok {
						rc.Show, rc.From = show, from
						out = append(out, rc)
					}
				}
			}
		}
		if rc, ok := helperRoute(n, src); ok {
			out = append(out, rc)
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(root)
	return out, mounts
}

// helperRoute reads a route registered through a helper given the router
// (a name that says it is one: router, app, api, server), the method and
// the path: `setupApiRoute(router, 'put', '/:tid/lock',
// [...middlewares], controllers.write.topics.lock)`, handled by the last
// argument.
func helperRoute(n *sitter.Node, src []byte) (extract.RouteCall, bool) {
	if n.Type() != "call_expression" {
		return extract.RouteCall{}, false
	}
	args := extract.NamedChildren(n.ChildByFieldName("arguments"))
	if len(args) < 4 || args[0].Type() != "identifier" || !routerRe.MatchString(args[0].Content(src)) && !appRe.MatchString(args[0].Content(src)) {
		return extract.RouteCall{}, false // (trackEvent(analytics, 'post', '/checkout', ...): no router given)
	}
	if fn := n.ChildByFieldName("function").Content(src); clientRe.MatchString(fn) || strings.Contains(strings.ToLower(fn), "request") {
		return extract.RouteCall{}, false // a test's request(app, 'get', '/api/x', cb): a request, not a registration
	}
	verb, ok := route.StringValue(args[1], src)
	p, isPath := route.StringValue(args[2], src)
	if !ok || !isPath || !strings.HasPrefix(p, "/") || !jsRouteVerbs[verb] || verb == "route" {
		return extract.RouteCall{}, false
	}
	method := strings.ToUpper(verb)
	if !route.Methods[method] {
		method = "ANY"
	}
	return extract.RouteCall{Route: extract.Route{Method: method, Pattern: p, Handler: route.LastArgHandler(jsFuncs, args, src)}, Show: route.StatementOf(n)}, true
}

// requiredModule is the relative module a value requires: `./topics` of
// `require('./topics')` or of `require('./topics')()`; "" for any other.
func requiredModule(v *sitter.Node, src []byte) string {
	if v.Type() == "call_expression" {
		if fn := v.ChildByFieldName("function"); fn != nil && fn.Type() == "call_expression" {
			v = fn
		}
	}
	fn := v.ChildByFieldName("function")
	if v.Type() != "call_expression" || fn == nil || fn.Content(src) != "require" {
		return ""
	}
	args := extract.NamedChildren(v.ChildByFieldName("arguments"))
	if len(args) != 1 {
		return ""
	}
	if m, ok := route.StringValue(args[0], src); ok && strings.HasPrefix(m, ".") {
		return m
	}
	return ""
}

// clientRe is the name of an HTTP client a call sends a request with:
// Angular's this.http, an HttpClient, axios, an app's own wrapper named
// request, ky, got, superagent.
var clientRe = regexp.MustCompile(`(?i)(?:^|\.)(?:http|httpclient|\$http|axios|client|httpservice|request|ky|got|superagent)$`)

// nestVerbs are NestJS's route decorators and the method each maps.
var nestVerbs = map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Patch": "PATCH", "Delete": "DELETE",
	"Head": "HEAD", "Options": "OPTIONS", "All": "ANY"}

// nestRoutes are the routes a NestJS controller's handlers map: each
// method decorated @Get(':id') (or @Post, ...) under the class's
// @Controller('access') paths. (The application's global prefix,
// app.setGlobalPrefix('api'), stands before them as any mount prefix
// does.)
func nestRoutes(class *sitter.Node, src []byte) []extract.RouteCall {
	decs := extract.NamedChildren(class)
	if p := class.Parent(); p != nil && p.Type() == "export_statement" {
		decs = append(extract.NamedChildren(p), decs...)
	}
	var prefixes []string
	for _, d := range decs {
		if d.Type() != "decorator" {
			continue
		}
		if name, paths, ok := decoratorPaths(d, src); ok && name == "Controller" {
			prefixes = paths
			if vs := controllerVersions(d, src); len(vs) > 0 {
				// @Controller({ version: '1', path: 'docs' }) under URI
				// versioning: /v1/docs.
				var versioned []string
				for _, v := range vs {
					for _, p := range paths {
						versioned = append(versioned, route.Join("v"+v, p))
					}
				}
				prefixes = versioned
			}
		}
	}
	body := class.ChildByFieldName("body")
	if prefixes == nil || body == nil {
		return nil
	}
	var out []extract.RouteCall
	var pending []*sitter.Node // the decorators above the member
	for _, c := range extract.NamedChildren(body) {
		if c.Type() == "decorator" {
			pending = append(pending, c)
			continue
		}
		if c.Type() == "method_definition" {
			handler := ""
			if n := c.ChildByFieldName("name"); n != nil {
				handler = n.Content(src)
			}
			for _, d := range pending {
				name, paths, ok := decoratorPaths(d, src)
				method, verb := nestVerbs[name]
				if !ok || !verb {
					continue
				}
				for _, pre := range prefixes {
					for _, p := range paths {
						out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: route.Join(pre, p), Handler: handler}, Show: c, OwnFunc: c, Lead: pending[0]})
					}
				}
			}
		}
		pending = pending[:0]
	}
	return out
}

// decoratorPaths reads a decorator called with the paths it maps:
// @Get(), @Get(':id'), @Controller({ path: 'access' }), @Get(['a', 'b']).
// ok is false for a decorator that is no call, or whose path is no
// string the file spells.
func decoratorPaths(d *sitter.Node, src []byte) (name string, paths []string, ok bool) {
	call := extract.NamedChildren(d)
	if len(call) != 1 || call[0].Type() != "call_expression" {
		return "", nil, false
	}
	fn := call[0].ChildByFieldName("function")
	if fn == nil || fn.Type() != "identifier" {
		return "", nil, false
	}
	args := extract.NamedChildren(call[0].ChildByFieldName("arguments"))
	if len(args) == 0 {
		return fn.Content(src), []string{""}, true
	}
	a := args[0]
	if a.Type() == "object" {
		a = nil
		for _, pair := range extract.NamedChildren(args[0]) {
			if k := pair.ChildByFieldName("key"); pair.Type() == "pair" && k != nil && strings.Trim(k.Content(src), `'"`) == "path" {
				a = pair.ChildByFieldName("value")
			}
		}
		if a == nil {
			return fn.Content(src), []string{""}, true
		}
	}
	items := []*sitter.Node{a}
	if a.Type() == "array" {
		items = extract.NamedChildren(a)
	}
	for _, it := range items {
		p, isString := route.StringValue(it, src)
		if !isString {
			return "", nil, false
		}
		paths = append(paths, p)
	}
	return fn.Content(src), paths, len(paths) > 0
}

// controllerVersions are the versions a NestJS controller decorator's
// options give its routes (`version: '1'`, `version: ['1', '2']`), which
// URI versioning writes before their paths as /v1.
func controllerVersions(d *sitter.Node, src []byte) []string {
	call := extract.NamedChildren(d)
	if len(call) != 1 || call[0].Type() != "call_expression" {
		return nil
	}
	args := extract.NamedChildren(call[0].ChildByFieldName("arguments"))
	if len(args) == 0 || args[0].Type() != "object" {
		return nil
	}
	var out []string
	for _, pair := range extract.NamedChildren(args[0]) {
		k := pair.ChildByFieldName("key")
		if pair.Type() != "pair" || k == nil || strings.Trim(k.Content(src), `'"`) != "version" {
			continue
		}
		v := pair.ChildByFieldName("value")
		items := []*sitter.Node{v}
		if v != nil && v.Type() == "array" {
			items = extract.NamedChildren(v)
		}
		for _, it := range items {
			if s, ok := route.StringValue(it, src); ok && s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}

var remixRouteFile = regexp.MustCompile(`(?:^|/)app/routes/(.+)\.(?:ts|tsx|js|jsx)$`)

// remixRoutes reads a Remix / React Router file route: the loader answers
// GET and the action the other methods, at the URL its file name spells
// (api+/webhook.trigger.ts -> /api/webhook/trigger, $id -> {id}).
func remixRoutes(root *sitter.Node, src []byte, file string) []extract.RouteCall {
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
	var out []extract.RouteCall
	for _, c := range extract.NamedChildren(root) {
		if c.Type() != "export_statement" {
			continue
		}
		name, fn := exportedFunc(c.ChildByFieldName("declaration"), src)
		switch name {
		case "loader":
			out = append(out, extract.RouteCall{Route: extract.Route{Method: "GET", Pattern: pattern, Handler: "loader"}, Show: c, OwnFunc: fn})
		case "action":
			out = append(out, extract.RouteCall{Route: extract.Route{Method: "POST", Pattern: pattern, Handler: "action"}, Show: c, OwnFunc: fn})
		}
	}
	return out
}

// exportedFunc is the name an export declares and its function: `export
// function loader(...)`, `export const loader = async (...) => {...}`
// (fn is nil where the value is no function: `export const loader =
// makeLoader(...)`).
func exportedFunc(d *sitter.Node, src []byte) (name string, fn *sitter.Node) {
	switch {
	case d == nil:
	case d.Type() == "function_declaration":
		return d.ChildByFieldName("name").Content(src), d
	case d.Type() == "lexical_declaration" || d.Type() == "variable_declaration":
		for _, v := range extract.NamedChildren(d) {
			if v.Type() != "variable_declarator" || v.ChildByFieldName("name") == nil {
				continue
			}
			if val := v.ChildByFieldName("value"); val != nil && (val.Type() == "arrow_function" || val.Type() == "function_expression" || val.Type() == "function") {
				fn = val
			}
			return v.ChildByFieldName("name").Content(src), fn
		}
	}
	return "", nil
}

// openAPIMeta reads a procedure's OpenAPI metadata, `openapi: { method:
// 'POST', path: '/folder/create' }` (trpc-to-openapi's, under which a
// server serves the procedure at that path): a route, shown with the
// router's property that holds it (`createFolder: procedure.meta(...)`)
// or with the statement (`export const cancelEnvelopeMeta = {...}`).
func openAPIMeta(n *sitter.Node, src []byte) (extract.RouteCall, bool) {
	key := n.ChildByFieldName("key")
	val := n.ChildByFieldName("value")
	if n.Type() != "pair" || key == nil || val == nil || val.Type() != "object" || strings.Trim(key.Content(src), `"'`) != "openapi" {
		return extract.RouteCall{}, false
	}
	rc, ok := routeObject(val, src)
	if !ok || rc.Method == "ANY" || !strings.HasPrefix(rc.Pattern, "/") {
		return extract.RouteCall{}, false
	}
	rc.Handler = ""
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "pair":
			if k := p.ChildByFieldName("key"); k != nil && p.ChildByFieldName("value").Type() != "object" {
				rc.Show = p // (the procedure is the handler: none to look up)
				return rc, true
			}
		case "lexical_declaration", "variable_declaration", "expression_statement":
			rc.Show = p
			if e := p.Parent(); e != nil && e.Type() == "export_statement" {
				rc.Show = e
			}
			return rc, true
		}
	}
	return extract.RouteCall{}, false
}

// routeObject reads { method, url | path, handler } route options.
func routeObject(obj *sitter.Node, src []byte) (extract.RouteCall, bool) {
	var rc extract.RouteCall
	rc.Method = "ANY"
	for _, pair := range extract.NamedChildren(obj) {
		if pair.Type() != "pair" {
			continue
		}
		k := strings.Trim(pair.ChildByFieldName("key").Content(src), `"'`)
		v := pair.ChildByFieldName("value")
		switch k {
		case "method":
			if s, ok := route.StringValue(v, src); ok {
				rc.Method = strings.ToUpper(s)
			}
		case "url", "path":
			if s, ok := route.StringValue(v, src); ok {
				rc.Pattern = s
			}
		case "handler":
			rc.Handler = route.HandlerName(v, src)
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

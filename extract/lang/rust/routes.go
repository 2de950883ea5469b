package rust

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// rustRoutes finds the routes of axum (Router::route with get(h).post(h2)
// method routers, nest with an inline router or a mounted one), actix-web
// (#[get("/x")] handlers, App/scope .route("/x", web::get().to(h)),
// web::resource("/x").route(...), web::scope prefixes, configure),
// Rocket (#[get("/x")] handlers, mount), utoipa's #[utoipa::path(...)]
// and routerify (Router::builder().get("/x", h), a closure that wraps the
// handler too).
func rustRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	var out []extract.RouteCall
	var mounts []extract.Mount
	var walk func(n *sitter.Node, prefix string)
	walk = func(n *sitter.Node, prefix string) {
		switch n.Type() {
		case "function_item":
			out = append(out, attributeRoutes(n, src)...)
		case "call_expression":
			fn := n.ChildByFieldName("function")
			if fn == nil || fn.Type() != "field_expression" {
				break
			}
			recv, field := fn.ChildByFieldName("value"), fn.ChildByFieldName("field")
			if recv == nil || field == nil {
				break
			}
			args := extract.NamedChildren(n.ChildByFieldName("arguments"))
			// The receiver chain is walked as it is; the arguments of this
			// call are under the prefixes of the scopes the chain opened.
			walk(recv, prefix)
			inner := prefix + scopePrefix(recv, src)
			show, from := route.StatementOf(n), (*sitter.Node)(nil)
			if recv.Type() != "identifier" && recv.Type() != "field_expression" && recv.Type() != "self" {
				show, from = n, field // one call of a chain shows from its own "."
			}
			p, isPath := "", false
			if len(args) > 0 {
				p, isPath = stringValue(args[0], src)
				isPath = isPath && (strings.HasPrefix(p, "/") || p == "")
			}
			switch verb := field.Content(src); {
			case verb == "route" && isPath && len(args) == 2:
				for _, mh := range methodRouter(args[1], src) {
					out = append(out, extract.RouteCall{Route: extract.Route{Method: mh[0], Pattern: joinPath(inner, p), Handler: mh[1]}, Show: show, From: from})
				}
			case verb == "route" && len(args) == 1 || verb == "to" && len(args) == 1:
				// web::resource("/x").route(web::get().to(h)), .to(h)
				if res, ok := resourcePath(recv, src); ok {
					pairs := methodRouter(args[0], src)
					if verb == "to" {
						pairs = [][2]string{{"ANY", handlerName(args[0], src)}}
					}
					for _, mh := range pairs {
						out = append(out, extract.RouteCall{Route: extract.Route{Method: mh[0], Pattern: joinPath(inner, res), Handler: mh[1]}, Show: show, From: from})
					}
				}
			case (verb == "nest" || verb == "mount") && isPath && len(args) == 2:
				if chainOf(args[1], src, "new") {
					walk(args[1], joinPath(inner, p)) // .nest("/api", Router::new().route(...))
					return
				}
				if t := mountTarget(args[1], src); t != "" {
					mounts = append(mounts, extract.Mount{Prefix: joinPath(inner, p), Target: t})
				}
			case routeVerbs[verb] != "" && isPath && len(args) == 2 && routerChain(recv, src):
				// routerify: Router::builder().get("/x", |r| span(r, h)),
				// make_router().get(...)
				out = append(out, extract.RouteCall{Route: extract.Route{Method: routeVerbs[verb], Pattern: joinPath(inner, p), Handler: handlerName(args[1], src)}, Show: show, From: from})
			case verb == "configure" && len(args) == 1:
				if t := mountTarget(args[0], src); t != "" {
					mounts = append(mounts, extract.Mount{Prefix: inner, Target: t})
				}
			}
			for _, a := range args {
				walk(a, inner)
			}
			return
		}
		for _, c := range extract.NamedChildren(n) {
			walk(c, prefix)
		}
	}
	walk(root, "")
	return out, mounts
}

// routeVerbs are the functions and methods that route one HTTP method:
// axum's get(h), actix's web::get(), Rocket's #[get("/")].
var routeVerbs = map[string]string{"get": "GET", "post": "POST", "put": "PUT", "patch": "PATCH", "delete": "DELETE", "head": "HEAD",
	"options": "OPTIONS", "any": "ANY", "get_service": "GET", "post_service": "POST", "any_service": "ANY"}

// attributeRoutes reads the route attributes of a handler: #[get("/x")],
// #[actix_web::post("/x")], #[route("/x", method = "GET", method = "HEAD")].
func attributeRoutes(fn *sitter.Node, src []byte) []extract.RouteCall {
	name := ""
	if n := fn.ChildByFieldName("name"); n != nil {
		name = n.Content(src)
	}
	var out []extract.RouteCall
	for _, a := range attributes(fn) {
		attr := extract.NamedChildren(a)
		if len(attr) != 1 || attr[0].Type() != "attribute" {
			continue
		}
		kids := extract.NamedChildren(attr[0])
		args := attr[0].ChildByFieldName("arguments")
		if len(kids) == 0 || args == nil {
			continue
		}
		verb := lastSegment(kids[0].Content(src))
		toks := extract.NamedChildren(args)
		if len(toks) == 0 {
			continue
		}
		if verb == "path" {
			out = append(out, openAPIRoutes(fn, name, toks, src)...)
			continue
		}
		p, ok := stringValue(toks[0], src)
		if !ok || !strings.HasPrefix(p, "/") {
			continue
		}
		p, _, _ = strings.Cut(p, "?") // Rocket's query parameters: /items?<page>
		var methods []string
		if m, ok := routeVerbs[verb]; ok && !strings.HasSuffix(verb, "_service") {
			methods = []string{m}
		} else if verb == "route" {
			// method = "GET" (actix), method = GET (Rocket).
			for i := 1; i+1 < len(toks); i++ {
				if toks[i].Type() == "identifier" && toks[i].Content(src) == "method" {
					v, ok := stringValue(toks[i+1], src)
					if !ok {
						v = toks[i+1].Content(src)
					}
					if v = strings.ToUpper(v); route.Methods[v] {
						methods = append(methods, v)
					}
				}
			}
			if len(methods) == 0 {
				methods = []string{"ANY"}
			}
		}
		for _, m := range methods {
			out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: p, Handler: name}, Show: fn, OwnFunc: fn})
		}
	}
	return out
}

// openAPIRoutes reads utoipa's #[utoipa::path(post, path = "/{index_id}/ingest",
// ...)] on a handler: the route it documents, whatever registers it (warp's
// filters, which spell it in macros). Its path is below the server's base
// path, as a mount's prefix is.
func openAPIRoutes(fn *sitter.Node, name string, toks []*sitter.Node, src []byte) []extract.RouteCall {
	method, p := "", ""
	for i, t := range toks {
		if t.Type() != "identifier" {
			continue
		}
		w := t.Content(src)
		if m := routeVerbs[w]; m != "" && method == "" && !strings.HasSuffix(w, "_service") {
			method = m
		}
		if w == "path" && i+1 < len(toks) {
			if v, ok := stringValue(toks[i+1], src); ok && strings.HasPrefix(v, "/") {
				p = v
			}
		}
	}
	if method == "" || p == "" {
		return nil
	}
	return []extract.RouteCall{{Route: extract.Route{Method: method, Pattern: p, Handler: name}, Show: fn, OwnFunc: fn}}
}

// methodRouter reads what routes one path: axum's get(h).post(h2),
// routing::get(h), on(MethodFilter::GET, h), get(h).layer(...); actix's
// web::get().to(h), web::route().method(Method::GET).to(h). Anything
// else serves every method.
func methodRouter(n *sitter.Node, src []byte) [][2]string {
	var out [][2]string
	handler := ""
	for c := n; c != nil && c.Type() == "call_expression"; {
		fn := c.ChildByFieldName("function")
		args := extract.NamedChildren(c.ChildByFieldName("arguments"))
		var name string
		var next *sitter.Node
		switch fn.Type() {
		case "identifier", "scoped_identifier":
			name = lastSegment(fn.Content(src))
		case "field_expression":
			if f := fn.ChildByFieldName("field"); f != nil {
				name = f.Content(src)
			}
			next = fn.ChildByFieldName("value")
		}
		switch {
		case name == "to" && len(args) == 1:
			handler = handlerName(args[0], src) // actix: the handler comes last
		case name == "on" && len(args) == 2:
			if m := strings.ToUpper(lastSegment(args[0].Content(src))); route.Methods[m] {
				out = append(out, [2]string{m, handlerName(args[1], src)})
			}
		case name == "method" && len(args) == 1:
			if m := strings.ToUpper(lastSegment(args[0].Content(src))); route.Methods[m] {
				out = append(out, [2]string{m, handler})
			}
		case routeVerbs[name] != "":
			h := handler
			if len(args) == 1 {
				h = handlerName(args[0], src) // axum: get(h)
			}
			out = append(out, [2]string{routeVerbs[name], h})
		}
		c = next
	}
	if len(out) == 0 {
		return [][2]string{{"ANY", handlerName(n, src)}}
	}
	// The chain was read from its last call back: routes in source order.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// scopePrefix is the path an actix scope opens on the chain below a call:
// web::scope("/api").service(...).route(...) routes under /api.
func scopePrefix(recv *sitter.Node, src []byte) string {
	for c := recv; c != nil && c.Type() == "call_expression"; {
		fn := c.ChildByFieldName("function")
		switch fn.Type() {
		case "identifier", "scoped_identifier":
			if lastSegment(fn.Content(src)) == "scope" {
				if args := extract.NamedChildren(c.ChildByFieldName("arguments")); len(args) > 0 {
					if p, ok := stringValue(args[0], src); ok {
						return p
					}
				}
			}
			return ""
		case "field_expression":
			c = fn.ChildByFieldName("value")
		default:
			return ""
		}
	}
	return ""
}

// resourcePath is the path of the actix resource a chain starts with:
// web::resource("/users/{id}").
func resourcePath(recv *sitter.Node, src []byte) (string, bool) {
	for c := recv; c != nil && c.Type() == "call_expression"; {
		fn := c.ChildByFieldName("function")
		switch fn.Type() {
		case "identifier", "scoped_identifier":
			if lastSegment(fn.Content(src)) != "resource" {
				return "", false
			}
			args := extract.NamedChildren(c.ChildByFieldName("arguments"))
			if len(args) == 0 {
				return "", false
			}
			p, ok := stringValue(args[0], src)
			return p, ok && (strings.HasPrefix(p, "/") || p == "")
		case "field_expression":
			c = fn.ChildByFieldName("value")
		default:
			return "", false
		}
	}
	return "", false
}

// chainOf reports a call chain that starts with a call of the named
// function: Router::new().route(...).
func chainOf(n *sitter.Node, src []byte, first string) bool {
	return chainRoot(n, src) == first
}

// chainRoot is the name of the function a call chain starts with
// (`builder` of Router::builder().get(...)), "" for a chain that starts
// with no call of a named function.
func chainRoot(n *sitter.Node, src []byte) string {
	for c := n; c != nil && c.Type() == "call_expression"; {
		fn := c.ChildByFieldName("function")
		switch fn.Type() {
		case "identifier", "scoped_identifier":
			return lastSegment(fn.Content(src))
		case "field_expression":
			c = fn.ChildByFieldName("value")
		default:
			return ""
		}
	}
	return ""
}

// routerChain reports a call chain that builds a routerify router: it
// starts with Router::builder(), with a function of the project's named
// for the router it returns (`endpoint::make_router()`), or with a
// variable so named (`router.data(state).get(...)`).
func routerChain(n *sitter.Node, src []byte) bool {
	root := chainRoot(n, src)
	if root == "" {
		c := n
		for c != nil && c.Type() == "call_expression" {
			if fn := c.ChildByFieldName("function"); fn != nil && fn.Type() == "field_expression" {
				c = fn.ChildByFieldName("value")
			} else {
				break
			}
		}
		if c != nil && c.Type() == "identifier" {
			root = c.Content(src)
		}
	}
	return root == "builder" || strings.HasSuffix(strings.ToLower(root), "router")
}

// mountTarget names the module whose routes a mount serves under its
// prefix: users of users::router() or users::config, api of
// routes![api::list]; a function's own name when it is not qualified.
func mountTarget(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "call_expression":
		return mountTarget(n.ChildByFieldName("function"), src)
	case "identifier":
		return n.Content(src)
	case "scoped_identifier":
		segs := strings.Split(n.Content(src), "::")
		return segs[len(segs)-2]
	case "macro_invocation":
		// routes![api::list, api::create]
		text := n.Content(src)
		if i := strings.Index(text, "::"); i > 0 {
			if j := strings.LastIndexAny(text[:i], "[({, \t\n"); j >= 0 {
				return strings.TrimSpace(text[j+1 : i])
			}
		}
	}
	return ""
}

// handlerName names a handler argument: list_users, handlers::list_users
// and Self::list give the function's name; a closure gives "".
func handlerName(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "identifier":
		return n.Content(src)
	case "scoped_identifier":
		return lastSegment(n.Content(src))
	case "field_expression":
		if f := n.ChildByFieldName("field"); f != nil {
			return f.Content(src)
		}
	case "call_expression":
		// A wrapped handler: get(with_auth(list_users)).
		for _, a := range extract.NamedChildren(n.ChildByFieldName("arguments")) {
			if h := handlerName(a, src); h != "" {
				return h
			}
		}
	case "closure_expression":
		// |r| request_span(r, handle_get), or that alone in a block: the
		// name the closure passes on, not its own parameter.
		params := map[string]bool{}
		for _, p := range extract.NamedChildren(n.ChildByFieldName("parameters")) {
			params[p.Content(src)] = true
		}
		b := n.ChildByFieldName("body")
		if b != nil && b.Type() == "block" {
			// |r| { request_span(r, handle_get) }: the block's value.
			if kids := extract.NamedChildren(b); len(kids) == 1 {
				b = kids[0]
			}
		}
		if b != nil && b.Type() == "call_expression" {
			for _, a := range extract.NamedChildren(b.ChildByFieldName("arguments")) {
				if h := handlerName(a, src); h != "" && !params[h] {
					return h
				}
			}
		}
	}
	return ""
}

// stringValue is the text of a string literal, raw ones included.
func stringValue(n *sitter.Node, src []byte) (string, bool) {
	if n == nil || n.Type() != "string_literal" && n.Type() != "raw_string_literal" {
		return "", false
	}
	for _, c := range extract.NamedChildren(n) {
		if c.Type() == "string_content" {
			return c.Content(src), true
		}
	}
	return "", true
}

// lastSegment is the last segment of a path: get of web::get.
func lastSegment(p string) string {
	if i := strings.LastIndex(p, "::"); i >= 0 {
		return p[i+2:]
	}
	return p
}

// joinPath puts a route's path under a prefix.
func joinPath(prefix, p string) string {
	switch {
	case prefix == "":
		return p
	case p == "" || p == "/":
		return prefix
	}
	return strings.TrimSuffix(prefix, "/") + "/" + strings.TrimPrefix(p, "/")
}

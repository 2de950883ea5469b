package typescript

import (
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
// registrations, and the handlers a Next.js app-router route file exports.
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
				bare := isString && !isPath && len(args) >= 2 && bareRouteRe.MatchString(p) &&
					(routerRe.MatchString(recv) || appRe.MatchString(recv) && jsFuncs[args[len(args)-1].Type()])
				// One call of a chain, new Hono().post(...).post(...), shows
				// from its own ".post(" on.
				show, from := route.StatementOf(n), (*sitter.Node)(nil)
				if obj := fn.ChildByFieldName("object"); obj != nil && obj.Type() != "identifier" && obj.Type() != "member_expression" && obj.Type() != "this" {
					show, from = n, fn.ChildByFieldName("property")
				}
				switch {
				case (verb == "route" || verb == "use") && isPath && len(args) == 2 && args[1].Type() == "identifier":
					mounts = append(mounts, extract.Mount{Prefix: p, Target: args[1].Content(src)})
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
		d := c.ChildByFieldName("declaration")
		if d == nil || d.Type() != "function_declaration" {
			continue
		}
		switch d.ChildByFieldName("name").Content(src) {
		case "loader":
			out = append(out, extract.RouteCall{Route: extract.Route{Method: "GET", Pattern: pattern, Handler: "loader"}, Show: c, OwnFunc: d})
		case "action":
			out = append(out, extract.RouteCall{Route: extract.Route{Method: "POST", Pattern: pattern, Handler: "action"}, Show: c, OwnFunc: d})
		}
	}
	return out
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

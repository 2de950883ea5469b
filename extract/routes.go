package extract

import (
	"context"
	"fmt"
	"path"
	"regexp"
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

// routeCall is a registration found in a tree, before its snippet is built.
type routeCall struct {
	Route
	show, ownFunc *sitter.Node
}

var httpMethods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true}

// Routes returns the HTTP routes a file registers, each as a Definition of
// kind route whose snippet is the registration with bodies cut (for a
// decorator, the decorated handler's signature).
func (p *Parser) Routes(ctx context.Context, lang *Language, name string, src []byte) ([]Definition, error) {
	if lang.routes == nil {
		return nil, nil
	}
	tree, err := p.parse(ctx, lang, name, src)
	if err != nil {
		return nil, err
	}
	defer tree.Close()
	var defs []Definition
	for _, rc := range lang.routes(tree.RootNode(), src, name) {
		if rc.show.HasError() {
			continue
		}
		m := match{src: src, def: rc.show, show: rc.show, ownFunc: rc.ownFunc}
		if rc.ownFunc != nil {
			m.def = rc.ownFunc
		}
		m.out = Definition{Name: rc.Method + " " + rc.Pattern, Kind: KindRoute, Title: "Route", Path: name, Lang: lang,
			Exported: true, Route: &Route{rc.Method, rc.Pattern, rc.Handler}}
		buildSnippet(lang, &m)
		m.out.Members = nil
		m.out.DeclLine = int(rc.show.StartPoint().Row) + 1
		defs = append(defs, m.out)
	}
	return defs, nil
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
		if args := n.ChildByFieldName("arguments"); args != nil {
			if kids := namedChildren(args); len(kids) > 0 {
				return handlerName(kids[len(kids)-1], src)
			}
		}
	}
	return ""
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

// goRoutes finds net/http, chi, gin, echo and fiber registrations,
// applying chi's r.Route("/prefix", func(r chi.Router) {...}) prefixes.
func goRoutes(root *sitter.Node, src []byte, _ string) []routeCall {
	var out []routeCall
	var walk func(n *sitter.Node, prefix string)
	walk = func(n *sitter.Node, prefix string) {
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := namedChildren(n.ChildByFieldName("arguments"))
			if fn != nil && fn.Type() == "selector_expression" && len(args) >= 2 {
				verb := fn.ChildByFieldName("field").Content(src)
				first, _ := stringValue(args[0], src)
				switch {
				case verb == "Route" || verb == "Group":
					if strings.HasPrefix(first, "/") && args[1].Type() == "func_literal" {
						walk(args[1], prefix+first)
						return
					}
				case verb == "Method" || verb == "MethodFunc":
					if p, ok := stringValue(args[1], src); ok && httpMethods[strings.ToUpper(first)] && len(args) >= 3 && strings.HasPrefix(p, "/") {
						out = append(out, routeCall{Route{strings.ToUpper(first), prefix + p, handlerName(args[2], src)}, statementOf(n), nil})
					}
				case goRouteVerbs[verb]:
					if method, p, ok := splitPattern(first); ok {
						if up := strings.ToUpper(verb); httpMethods[up] {
							method = up
						}
						out = append(out, routeCall{Route{method, prefix + p, handlerName(args[len(args)-1], src)}, statementOf(n), nil})
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i), prefix)
		}
	}
	walk(root, "")
	return out
}

var jsRouteVerbs = map[string]bool{"get": true, "post": true, "put": true, "patch": true, "delete": true, "head": true,
	"options": true, "all": true, "route": true}

var nextRouteFile = regexp.MustCompile(`(?:^|/)app/((?:.*/)?)route\.(?:ts|js|tsx|jsx|mjs)$`)

// jsRoutes finds Express, Hono, Fastify and Convex httpRouter
// registrations, and the handlers a Next.js app-router route file exports.
func jsRoutes(root *sitter.Node, src []byte, file string) []routeCall {
	var out []routeCall
	if m := nextRouteFile.FindStringSubmatch(file); m != nil {
		pattern := nextPattern(m[1])
		for _, c := range namedChildren(root) {
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
					out = append(out, routeCall{Route{n, pattern, n}, c, d})
				}
			case "lexical_declaration":
				for _, v := range namedChildren(d) {
					if n := v.ChildByFieldName("name"); n != nil && httpMethods[n.Content(src)] {
						out = append(out, routeCall{Route{n.Content(src), pattern, n.Content(src)}, c, v.ChildByFieldName("value")})
					}
				}
			}
		}
	}
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := namedChildren(n.ChildByFieldName("arguments"))
			if fn != nil && fn.Type() == "member_expression" && len(args) >= 1 {
				verb := fn.ChildByFieldName("property").Content(src)
				if jsRouteVerbs[verb] {
					if p, ok := stringValue(args[0], src); ok && strings.HasPrefix(p, "/") && len(args) >= 2 {
						method := strings.ToUpper(verb)
						if !httpMethods[method] {
							method = "ANY"
						}
						out = append(out, routeCall{Route{method, p, handlerName(args[len(args)-1], src)}, statementOf(n), nil})
					} else if args[0].Type() == "object" && verb == "route" {
						if rc, ok := routeObject(args[0], src); ok {
							rc.show = statementOf(n)
							out = append(out, rc)
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
	return out
}

// routeObject reads { method, url | path, handler } route options.
func routeObject(obj *sitter.Node, src []byte) (routeCall, bool) {
	var rc routeCall
	rc.Method = "ANY"
	for _, pair := range namedChildren(obj) {
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
func pyRoutes(root *sitter.Node, src []byte, file string) []routeCall {
	prefixes := map[string]string{}
	for _, m := range pyPrefixRe.FindAllSubmatch(src, -1) {
		prefixes[string(m[1])] = string(m[2])
	}
	var out []routeCall
	django := path.Base(file) == "urls.py"
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		switch n.Type() {
		case "decorated_definition":
			def := n.ChildByFieldName("definition")
			for _, dec := range namedChildren(n) {
				if dec.Type() != "decorator" || def == nil || def.Type() != "function_definition" {
					continue
				}
				call := dec.NamedChild(0)
				if call == nil || call.Type() != "call" {
					continue
				}
				fn := call.ChildByFieldName("function")
				args := namedChildren(call.ChildByFieldName("arguments"))
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
					out = append(out, routeCall{Route{method, p, name}, n, def})
				}
			}
			return
		case "call":
			if fn := n.ChildByFieldName("function"); django && fn != nil && (fn.Content(src) == "path" || fn.Content(src) == "re_path") {
				args := namedChildren(n.ChildByFieldName("arguments"))
				if len(args) >= 2 {
					if p, ok := stringValue(args[0], src); ok {
						out = append(out, routeCall{Route{"ANY", djangoPattern(p), handlerName(args[1], src)}, n, nil})
					}
				}
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(root)
	return out
}

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

package java

import (
	"maps"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/jvm"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// routeMarks are what a file that maps a route holds one of, whichever
// framework maps it (extract.Language.RouteMarks): Spring's mapping
// annotations by name (qualified or not; not any word ending in Mapping,
// as TypeMapping does), JAX-RS verbs, Micronaut's @Controller, WebFlux's
// GET(...).
var routeMarks = append(slices.Sorted(maps.Keys(jvm.SpringVerbs)), "@Controller", "@GET", "@POST", "@PUT", "@PATCH",
	"@DELETE", "@HEAD", "@OPTIONS", "GET(", "POST(", "PUT(", "PATCH(", "DELETE(", "HEAD(", "OPTIONS(", "@WebSocket(", "@ServerEndpoint(")

// socketAnnotations are the annotations that serve a class as a WebSocket
// endpoint at a path: Quarkus WebSockets Next's @WebSocket(path = "/x"),
// Jakarta's (and javax's) @ServerEndpoint("/x").
var socketAnnotations = map[string]bool{"WebSocket": true, "ServerEndpoint": true}

// micronautVerbs are Micronaut's route annotations, on a @Controller.
var micronautVerbs = map[string]string{"Get": "GET", "Post": "POST", "Put": "PUT", "Delete": "DELETE", "Patch": "PATCH",
	"Head": "HEAD", "Options": "OPTIONS"}

// javaRoutes finds Spring MVC mappings (@GetMapping, @RequestMapping with
// its methods, under the class's @RequestMapping), JAX-RS resource methods
// (@GET under @Path), Micronaut @Get under @Controller, and Spring
// WebFlux's functional routes (route().GET("/x", h::list), route(GET("/x"),
// h::list)). A path may be a constant of the file, or a concatenation of
// constants and literals.
func javaRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	consts := constants(root, src)
	var out []extract.RouteCall
	extract.Walk(root, func(n *sitter.Node) {
		switch {
		case typeDecls[n.Type()]:
			if _, ok := javaScope(n, src); ok {
				out = append(out, typeRoutes(n, src, consts)...)
			}
		case n.Type() == "method_invocation":
			if rc, ok := functionalRoute(n, src, consts); ok {
				out = append(out, rc)
			}
		}
	})
	return out, nil
}

// typeRoutes are the routes a type's methods map, or the WebSocket
// endpoint the type is (its handshake is a GET of its path).
func typeRoutes(decl *sitter.Node, src []byte, consts map[string]string) []extract.RouteCall {
	prefixes := []string{""}
	controller := false
	for _, a := range annotationsOf(decl, src) {
		if socketAnnotations[a.Name] {
			ps, ok := paths(a.Node, src, consts)
			if !ok || len(ps) == 0 {
				return nil
			}
			// (The class shown is the handler.)
			return []extract.RouteCall{{Route: extract.Route{Method: "GET", Pattern: jvm.JoinPath("", ps[0])}, Show: decl}}
		}
		switch a.Name {
		case "RequestMapping", "Path":
			ps, ok := paths(a.Node, src, consts)
			if !ok {
				return nil // a prefix that is no constant of the file: every route's path is unknown
			}
			if len(ps) > 0 {
				prefixes = ps
			}
		case "Controller":
			if ps, ok := paths(a.Node, src, consts); ok && len(ps) > 0 && strings.HasPrefix(ps[0], "/") {
				prefixes, controller = ps, true // Micronaut's; Spring's names a bean
			}
		}
	}
	var out []extract.RouteCall
	for _, m := range extract.NamedChildren(decl.ChildByFieldName("body")) {
		if m.Type() != "method_declaration" {
			continue
		}
		var methods, ps []string
		known := true // false: a path that is no constant of the file
		for _, a := range annotationsOf(m, src) {
			verb, spring := jvm.SpringVerbs[a.Name]
			switch {
			case spring:
				methods = []string{verb}
				if a.Name == "RequestMapping" {
					methods = requestMethods(a.Node, src)
				}
			case controller && micronautVerbs[a.Name] != "":
				methods = []string{micronautVerbs[a.Name]}
			case route.Methods[a.Name]:
				methods = append(methods, a.Name) // JAX-RS: @GET, its path in @Path
				continue
			case a.Name != "Path":
				continue
			}
			var ok bool
			if ps, ok = paths(a.Node, src, consts); !ok {
				known = false
			}
		}
		if !known {
			continue
		}
		if len(ps) == 0 {
			ps = []string{""}
		}
		name := m.ChildByFieldName("name").Content(src)
		for _, pre := range prefixes {
			for _, p := range ps {
				for _, method := range methods {
					out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: jvm.JoinPath(pre, p), Handler: name}, Show: m, OwnFunc: m})
				}
			}
		}
	}
	return out
}

// functionalRoute reads one of WebFlux's functional routes: a builder's
// .GET("/x", h::list), or GET("/x") inside route(..., h::list).
func functionalRoute(n *sitter.Node, src []byte, consts map[string]string) (extract.RouteCall, bool) {
	nm := n.ChildByFieldName("name")
	if nm == nil || !route.Methods[nm.Content(src)] {
		return extract.RouteCall{}, false
	}
	args := extract.NamedChildren(n.ChildByFieldName("arguments"))
	if len(args) == 0 {
		return extract.RouteCall{}, false
	}
	p, ok := value(args[0], src, consts)
	if !ok || !strings.HasPrefix(p, "/") {
		return extract.RouteCall{}, false
	}
	rc := extract.RouteCall{Route: extract.Route{Method: nm.Content(src), Pattern: p}, Show: n}
	if chained(n) {
		rc.From = nm
	}
	if len(args) >= 2 {
		rc.Handler = handlerName(args[len(args)-1], src)
	} else if outer := n.Parent(); outer != nil && outer.Type() == "argument_list" && outer.Parent() != nil && outer.Parent().Type() == "method_invocation" {
		// route(GET("/x"), h::list): the handler is route's.
		call := outer.Parent()
		if oa := extract.NamedChildren(outer); len(oa) >= 2 {
			rc.Handler = handlerName(oa[len(oa)-1], src)
		}
		rc.Show, rc.From = call, nil
		if chained(call) {
			rc.From = call.ChildByFieldName("name")
		}
	}
	if rc.From == nil {
		rc.Show = route.StatementOf(rc.Show)
	}
	return rc, true
}

// chained reports a call on the result of another call, one of a
// builder's chain: it is shown from its own ".GET(" on.
func chained(call *sitter.Node) bool {
	o := call.ChildByFieldName("object")
	return o != nil && o.Type() == "method_invocation"
}

// handlerName names a handler argument: h::list and this::list give list.
func handlerName(n *sitter.Node, src []byte) string {
	if n.Type() != "method_reference" {
		return ""
	}
	s := n.Content(src)
	if i := strings.LastIndex(s, "::"); i >= 0 {
		return strings.TrimSpace(s[i+2:])
	}
	return ""
}

// paths are the paths a mapping annotation gives: its value or path, a
// string, a constant or an array of them; none when it gives none. ok is
// false when one is no string the file spells.
func paths(a *sitter.Node, src []byte, consts map[string]string) (out []string, ok bool) {
	v := argument(a, "value", src)
	if v == nil {
		v = argument(a, "path", src)
	}
	if v == nil {
		return nil, true
	}
	items := []*sitter.Node{v}
	if v.Type() == "element_value_array_initializer" {
		items = extract.NamedChildren(v)
	}
	for _, it := range items {
		s, ok := value(it, src, consts)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// requestMethods are the methods a @RequestMapping names (method =
// RequestMethod.POST, or an array of them); ANY when it names none.
func requestMethods(a *sitter.Node, src []byte) []string {
	v := argument(a, "method", src)
	if v == nil {
		return []string{"ANY"}
	}
	items := []*sitter.Node{v}
	if v.Type() == "element_value_array_initializer" {
		items = extract.NamedChildren(v)
	}
	return route.RequestMethods(items, src)
}

// javaExprs are Java's string expressions: the literals, constants and
// concatenations a route's path may be written with.
var javaExprs = &route.Exprs{Literal: stringValue, Ident: "identifier", Member: "field_access", MemberName: "field",
	Paren: "parenthesized_expression", Binary: "binary_expression"}

// value is the string an expression spells (route.Exprs.Value).
func value(n *sitter.Node, src []byte, consts map[string]string) (string, bool) {
	return javaExprs.Value(n, src, consts)
}

// constants maps the string constants a file declares (static final
// fields, interface constants) to their values, in declaration order: a
// constant may be built from one declared before it.
func constants(root *sitter.Node, src []byte) map[string]string {
	out := map[string]string{}
	for _, m := range matchJava(root, nil) {
		if m.Kind != "field" {
			continue
		}
		if v := m.Name.Parent().ChildByFieldName("value"); v != nil {
			if s, ok := value(v, src, out); ok {
				out[m.Name.Content(src)] = s
			}
		}
	}
	return out
}

package csharp

import (
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// httpVerbs are ASP.NET Core's HTTP method attributes and the method each
// maps; [Route] alone maps any.
var httpVerbs = map[string]string{"HttpGet": "GET", "HttpPost": "POST", "HttpPut": "PUT", "HttpDelete": "DELETE",
	"HttpPatch": "PATCH", "HttpHead": "HEAD", "HttpOptions": "OPTIONS"}

// mapVerbs are the minimal API's registrations and the method each maps.
var mapVerbs = map[string]string{"MapGet": "GET", "MapPost": "POST", "MapPut": "PUT", "MapDelete": "DELETE", "MapPatch": "PATCH"}

// csharpRoutes finds ASP.NET Core's attribute routes ([HttpGet("{id}")]
// under the controller's [Route("api/[controller]")]) and minimal API
// registrations (app.MapGet("/orders/{id}", GetOrder), under the
// prefixes of the file's MapGroup("/api") groups). A path may be a
// constant of the file, or a concatenation of constants and literals.
// ASP.NET Core matches paths without regard to case: a route's literal
// segments are given in lower case, as requests and specs write them.
func csharpRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	consts := constants(root, src)
	groups := map[string]string{}
	var out []extract.RouteCall
	extract.Walk(root, func(n *sitter.Node) {
		switch n.Type() {
		case "class_declaration":
			if _, ok := scope(n, src); ok {
				out = append(out, controllerRoutes(n, src, consts)...)
			}
		case "variable_declarator", "assignment_expression":
			if name, prefix, ok := group(n, src, consts, groups); ok {
				groups[name] = prefix
			}
		case "invocation_expression":
			out = append(out, mapRoutes(n, src, consts, groups)...)
		}
	})
	return out, nil
}

// controllerRoutes are the routes a controller's actions map.
func controllerRoutes(decl *sitter.Node, src []byte, consts map[string]string) []extract.RouteCall {
	name := decl.ChildByFieldName("name").Content(src)
	controller := strings.TrimSuffix(name, "Controller")
	prefixes := []string{""}
	var own []string
	for _, a := range attributesOf(decl, src) {
		if a.name != "Route" && a.name != "RoutePrefix" {
			continue
		}
		p, ok := template(a.node, src, consts)
		if !ok {
			return nil // a prefix that is no constant of the file: every route's path is unknown
		}
		own = append(own, p)
	}
	if len(own) > 0 {
		prefixes = own
	}
	var out []extract.RouteCall
	for _, m := range extract.NamedChildren(decl.ChildByFieldName("body")) {
		if m.Type() != "method_declaration" {
			continue
		}
		action := m.ChildByFieldName("name").Content(src)
		type verbRoute struct{ method, tmpl string }
		var routes []verbRoute
		var bare, tmpls []string // methods without a template of their own; the action's [Route] templates
		known := true            // false: a path that is no constant of the file
		for _, a := range attributesOf(m, src) {
			verb, isVerb := httpVerbs[a.name]
			if !isVerb && a.name != "Route" {
				continue
			}
			t, ok := template(a.node, src, consts)
			switch {
			case !ok:
				known = false
			case !isVerb:
				tmpls = append(tmpls, t)
			case hasTemplate(a.node, src):
				routes = append(routes, verbRoute{verb, t})
			default:
				bare = append(bare, verb)
			}
		}
		if !known {
			continue
		}
		if len(bare) == 0 && len(routes) == 0 {
			bare = []string{"ANY"}
			if len(tmpls) == 0 {
				continue // no route attribute: not an action this reads
			}
		}
		if len(tmpls) == 0 {
			tmpls = []string{""}
		}
		for _, verb := range bare {
			for _, t := range tmpls {
				routes = append(routes, verbRoute{verb, t})
			}
		}
		for _, r := range routes {
			for _, pre := range prefixes {
				p := tokens(joinTemplate(pre, r.tmpl), controller, action)
				out = append(out, extract.RouteCall{Route: extract.Route{Method: r.method, Pattern: p, Handler: action, Fold: true}, Show: m, OwnFunc: m})
			}
		}
	}
	return out
}

// hasTemplate reports a route attribute that gives a template: [HttpGet("{id}")],
// [HttpGet(Template = "x")]; not [HttpGet] nor [HttpGet(Name = "x")].
func hasTemplate(a *sitter.Node, src []byte) bool {
	pos, named := arguments(a, src)
	return len(pos) > 0 || named["Template"] != nil
}

// template is the template a route attribute gives: its first argument,
// or Template = "x"; "" when it gives none. ok is false when it is no
// string the file spells.
func template(a *sitter.Node, src []byte, consts map[string]string) (string, bool) {
	pos, named := arguments(a, src)
	if t := named["Template"]; t != nil {
		return value(t, src, consts)
	}
	if len(pos) == 0 {
		return "", true
	}
	return value(pos[0], src, consts)
}

// joinTemplate joins a controller's template and an action's: an
// action's that starts with / or ~/ is the whole route.
func joinTemplate(prefix, t string) string {
	switch {
	case strings.HasPrefix(t, "~/"):
		return t[1:]
	case strings.HasPrefix(t, "/"):
		return t
	case t == "":
		return "/" + strings.Trim(prefix, "/")
	case prefix == "":
		return "/" + t
	}
	return "/" + strings.Trim(prefix, "/") + "/" + t
}

// paramRe is a route parameter: {id}, {id:int}, {id?}, {*path}, {**slug},
// {id:regex(^\d+$)}.
var paramRe = regexp.MustCompile(`\{\**(\w+)[^/]*?\}`)

// tokens writes a route as a request sees it: [controller] and [action]
// replaced by the controller's and the action's names (an action's Async
// suffix dropped, as ASP.NET Core does), each parameter as {name}, the
// literal segments in lower case.
func tokens(p, controller, action string) string {
	p = strings.ReplaceAll(p, "[controller]", controller)
	p = strings.ReplaceAll(p, "[action]", strings.TrimSuffix(action, "Async"))
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if strings.Contains(s, "{") {
			segs[i] = paramRe.ReplaceAllString(s, "{$1}")
		} else {
			segs[i] = strings.ToLower(s)
		}
	}
	return strings.Join(segs, "/")
}

// group reads a route group a variable is set to (var orders =
// app.MapGroup("/orders").WithTags("Orders"), under a group it is made
// from): the variable and the group's prefix.
func group(n *sitter.Node, src []byte, consts map[string]string, groups map[string]string) (name, prefix string, ok bool) {
	var target, val *sitter.Node
	if n.Type() == "variable_declarator" {
		target = n.ChildByFieldName("name")
		for _, c := range extract.NamedChildren(n) {
			if c.Type() == "invocation_expression" {
				val = c
			}
		}
	} else {
		target, val = n.ChildByFieldName("left"), n.ChildByFieldName("right")
	}
	if target == nil || target.Type() != "identifier" || val == nil {
		return "", "", false
	}
	prefix, ok = groupPrefix(val, src, consts, groups)
	return target.Content(src), prefix, ok
}

// groupPrefix is the prefix of the group an expression is: a MapGroup
// call (through the calls chained on it) on the app or a group, or a
// variable that holds a group.
func groupPrefix(n *sitter.Node, src []byte, consts map[string]string, groups map[string]string) (string, bool) {
	for n != nil {
		switch n.Type() {
		case "identifier":
			p, ok := groups[n.Content(src)]
			return p, ok
		case "invocation_expression":
			fn := n.ChildByFieldName("function")
			if fn == nil || fn.Type() != "member_access_expression" {
				return "", false
			}
			recv, nm := fn.ChildByFieldName("expression"), fn.ChildByFieldName("name")
			if nm == nil || nm.Content(src) != "MapGroup" {
				n = recv // .WithTags("x"), .RequireAuthorization(): the group they are called on
				continue
			}
			args := callArgs(n)
			if len(args) == 0 {
				return "", false
			}
			p, ok := value(args[0], src, consts)
			if !ok {
				return "", false
			}
			outer, _ := groupPrefix(recv, src, consts, groups)
			return strings.TrimRight(outer, "/") + "/" + strings.Trim(p, "/"), true
		default:
			return "", false
		}
	}
	return "", false
}

// mapRoutes reads one minimal API registration: app.MapGet("/x", handler),
// group.MapPost("/", ...), app.MapMethods("/x", new[] { "PUT" }, handler).
func mapRoutes(n *sitter.Node, src []byte, consts map[string]string, groups map[string]string) []extract.RouteCall {
	fn := n.ChildByFieldName("function")
	if fn == nil || fn.Type() != "member_access_expression" {
		return nil
	}
	nm := fn.ChildByFieldName("name")
	if nm == nil {
		return nil
	}
	args := callArgs(n)
	var methods []string
	if v := mapVerbs[nm.Content(src)]; v != "" {
		methods = []string{v}
	} else if nm.Content(src) == "MapMethods" && len(args) == 3 {
		extract.Walk(args[1], func(s *sitter.Node) {
			if v, ok := stringValue(s, src); ok && route.Methods[strings.ToUpper(v)] {
				methods = append(methods, strings.ToUpper(v))
			}
		})
	}
	if len(args) < 2 || len(methods) == 0 {
		return nil
	}
	p, ok := value(args[0], src, consts)
	if !ok {
		return nil
	}
	prefix, _ := groupPrefix(fn.ChildByFieldName("expression"), src, consts, groups)
	if prefix != "" || !strings.HasPrefix(p, "/") {
		p = strings.TrimRight(prefix, "/") + "/" + strings.TrimLeft(p, "/")
	}
	if len(p) > 1 {
		p = strings.TrimRight(p, "/")
	}
	handler := ""
	switch h := args[len(args)-1]; h.Type() {
	case "identifier":
		handler = h.Content(src)
	case "member_access_expression":
		handler = h.ChildByFieldName("name").Content(src)
	}
	var out []extract.RouteCall
	for _, m := range methods {
		out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: tokens(p, "", ""), Handler: handler, Fold: true}, Show: statementOf(n)})
	}
	return out
}

// callArgs are the expressions of a call's arguments.
func callArgs(call *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for _, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		if kids := extract.NamedChildren(a); a.Type() == "argument" && len(kids) > 0 {
			out = append(out, kids[len(kids)-1])
		}
	}
	return out
}

// statementOf climbs from a registration through the calls chained on it
// (.WithName("x").RequireAuthorization()) to the statement that holds
// it, or the outermost call of the chain.
func statementOf(n *sitter.Node) *sitter.Node {
	for {
		p := n.Parent()
		if p == nil {
			return n
		}
		switch p.Type() {
		case "member_access_expression", "invocation_expression":
			n = p
		case "expression_statement":
			return p
		default:
			return n
		}
	}
}

// csharpExprs are C#'s string expressions: the literals, constants and
// concatenations a route's template may be written with.
var csharpExprs = &route.Exprs{Literal: stringValue, Ident: "identifier", Member: "member_access_expression", MemberName: "name",
	Paren: "parenthesized_expression", Binary: "binary_expression"}

// value is the string an expression spells (route.Exprs.Value).
func value(n *sitter.Node, src []byte, consts map[string]string) (string, bool) {
	return csharpExprs.Value(n, src, consts)
}

// constants maps the string constants a file declares (const and static
// readonly fields) to their values, in declaration order: a constant may
// be built from one declared before it.
func constants(root *sitter.Node, src []byte) map[string]string {
	out := map[string]string{}
	for _, m := range matchCSharp(root, nil) {
		if m.Kind != "field" || !hasModifier(m.Def, "const") && !(hasModifier(m.Def, "static") && hasModifier(m.Def, "readonly")) {
			continue
		}
		kids := extract.NamedChildren(m.Name.Parent())
		if len(kids) < 2 {
			continue
		}
		if s, ok := value(kids[len(kids)-1], src, out); ok {
			out[m.Name.Content(src)] = s
		}
	}
	return out
}

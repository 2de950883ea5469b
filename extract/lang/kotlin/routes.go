package kotlin

import (
	"bytes"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/jvm"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// ktorVerbs are Ktor's routing functions and the method each routes.
var ktorVerbs = map[string]string{"get": "GET", "post": "POST", "put": "PUT", "patch": "PATCH", "delete": "DELETE",
	"head": "HEAD", "options": "OPTIONS"}

// kotlinRoutes finds Spring MVC mappings (@GetMapping, @RequestMapping
// with its methods, under the class's @RequestMapping), Ktor's routing
// DSL (get("/x") { }, under route("/prefix") { }) and Spring WebFlux's
// router DSL (GET("/x", h::get), under "/prefix".nest { }). A path may
// be a constant of the file, a template of constants or a concatenation.
func kotlinRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	consts := constants(src)
	var out []extract.RouteCall
	var mounts []extract.Mount
	// (mount is false under a route block whose prefix no string of the
	// file spells, route(Paths.V1) { orders() }: what it calls is
	// mounted under nothing known, and its routes match as before, by
	// the end of an endpoint.)
	var walk func(n *sitter.Node, prefix string, dsl, mount bool, within string)
	walk = func(n *sitter.Node, prefix string, dsl, mount bool, within string) {
		switch n.Type() {
		case "function_declaration":
			if r := receiverName(n, src); r == "Route" || r == "Routing" {
				dsl = true // fun Route.orders() { get("orders") { } }
			}
			if nm := childOf(n, "simple_identifier"); nm != nil && within == "" {
				within = nm.Content(src) // (the outermost: a mount names it)
			}
		case "class_declaration", "object_declaration":
			if _, _, broken, ok := scope(n, src); ok && broken == nil {
				out = append(out, typeRoutes(n, src, consts)...)
			}
		case "call_expression":
			if rc, ok := dslRoute(n, src, consts, prefix, dsl); ok {
				rc.Within = within
				out = append(out, rc)
			} else if fn, ok := routesCall(n, src); ok && dsl && mount && (prefix != "" || within != "") {
				// route("/orders") { orderRoutes() }: the function's routes,
				// under the prefix; fun Route.yearBasedRoutes() {
				// userRoutes() }: under wherever that function is called.
				mounts = append(mounts, extract.Mount{Prefix: prefix, Target: fn, Func: true, Within: within})
			}
			if p, body, ok := nested(n, src, consts); ok {
				walk(body, jvm.JoinPath(prefix, p), true, mount, within)
				return
			}
			if lambdaOf(n) != nil && isRouteBlock(n, src) {
				mount = false
			}
		}
		for _, c := range extract.NamedChildren(n) {
			walk(c, prefix, dsl, mount, within)
		}
	}
	walk(root, "", false, true, "")
	return out, mounts
}

// isRouteBlock reports a route(...) { } call.
func isRouteBlock(call *sitter.Node, src []byte) bool {
	head, _ := headCall(call)
	return callee(head, src) == "route"
}

// routesCall reports a statement that calls a function by its name
// alone, with no lambda (orderRoutes(service, clock)), and names it: in a
// route block, an extension of Route that registers routes under the
// block's prefix.
func routesCall(call *sitter.Node, src []byte) (string, bool) {
	if p := call.Parent(); p == nil || p.Type() != "statements" {
		return "", false
	}
	kids := extract.NamedChildren(call)
	if len(kids) != 2 || kids[0].Type() != "simple_identifier" || kids[1].Type() != "call_suffix" {
		return "", false
	}
	suffix := extract.NamedChildren(kids[1])
	if len(suffix) != 1 || suffix[0].Type() != "value_arguments" {
		return "", false
	}
	return kids[0].Content(src), true
}

// typeRoutes are the routes a class's functions map with Spring's
// annotations.
func typeRoutes(decl *sitter.Node, src []byte, consts map[string]string) []extract.RouteCall {
	prefixes := []string{""}
	for _, a := range annotationsOf(decl, src) {
		if a.Name != "RequestMapping" {
			continue
		}
		ps, ok := paths(a.Node, src, consts)
		if !ok {
			return nil // a prefix that is no constant of the file: every route's path is unknown
		}
		if len(ps) > 0 {
			prefixes = ps
		}
	}
	var out []extract.RouteCall
	for _, fn := range childrenOf(childOf(decl, "class_body"), "function_declaration") {
		var methods, ps []string
		known := true
		for _, a := range annotationsOf(fn, src) {
			verb, ok := jvm.SpringVerbs[a.Name]
			if !ok {
				continue
			}
			methods = []string{verb}
			if a.Name == "RequestMapping" {
				methods = requestMethods(a.Node, src)
			}
			if ps, ok = paths(a.Node, src, consts); !ok {
				known = false
			}
		}
		if !known || len(methods) == 0 {
			continue
		}
		if len(ps) == 0 {
			ps = []string{""}
		}
		name := ""
		if nm := childOf(fn, "simple_identifier"); nm != nil {
			name = nm.Content(src)
		}
		for _, pre := range prefixes {
			for _, p := range ps {
				for _, method := range methods {
					out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: jvm.JoinPath(pre, p), Handler: name}, Show: fn, OwnFunc: fn})
				}
			}
		}
	}
	return out
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
	for _, it := range items(v, src) {
		s, ok := value(it, src, consts)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// items are the elements of an annotation's array argument (["/a", "/b"],
// arrayOf("/a")), or the argument itself.
func items(v *sitter.Node, src []byte) []*sitter.Node {
	switch {
	case v.Type() == "collection_literal":
		var out []*sitter.Node
		for _, c := range extract.NamedChildren(v) {
			if c.EndByte() > c.StartByte() {
				out = append(out, c) // (not the grammar's node for a trailing comma)
			}
		}
		return out
	case v.Type() == "call_expression" && callee(v, src) == "arrayOf":
		_, vals := arguments(v)
		return vals
	}
	return []*sitter.Node{v}
}

// requestMethods are the methods a @RequestMapping names (method =
// [RequestMethod.POST], or one); ANY when it names none.
func requestMethods(a *sitter.Node, src []byte) []string {
	v := argument(a, "method", src)
	if v == nil {
		return []string{"ANY"}
	}
	return route.RequestMethods(items(v, src), src)
}

// callee names the function a call calls without a receiver (get of
// get("/x") { }), or "".
func callee(call *sitter.Node, src []byte) string {
	if f := firstNamed(call); f != nil && f.Type() == "simple_identifier" {
		return f.Content(src)
	}
	return ""
}

// lambdaOf returns the trailing lambda a call passes, or nil.
func lambdaOf(call *sitter.Node) *sitter.Node {
	return childOf(childOf(childOf(call, "call_suffix"), "annotated_lambda"), "lambda_literal")
}

// headCall splits a call with a trailing lambda, get("/x") { }, into the
// call that takes the arguments and its arguments: Kotlin's grammar nests
// the call before the lambda. A call without arguments, get { }, is its
// own head.
func headCall(call *sitter.Node) (head *sitter.Node, args []*sitter.Node) {
	head = call
	if f := firstNamed(call); f != nil && f.Type() == "call_expression" {
		head = f
	}
	_, args = arguments(head)
	return head, args
}

// dslRoute reads one route of Ktor's routing DSL, get("/x") { } (a call
// of a verb without a receiver, with a trailing lambda), or, inside a
// router block, one of WebFlux's router DSL, GET("/x", h::get).
func dslRoute(call *sitter.Node, src []byte, consts map[string]string, prefix string, dsl bool) (extract.RouteCall, bool) {
	head, args := headCall(call)
	verb := callee(head, src)
	if method, ok := ktorVerbs[verb]; ok && lambdaOf(call) != nil && len(args) <= 1 && childOf(childOf(head, "call_suffix"), "type_arguments") == nil {
		// (get<Articles> { } routes a typed resource, whose path is its class's.)
		p := ""
		if len(args) == 1 {
			var ok bool
			if p, ok = value(args[0], src, consts); !ok {
				return extract.RouteCall{}, false
			}
		}
		if !dsl && !strings.HasPrefix(p, "/") {
			return extract.RouteCall{}, false // outside any route block, a path starts at the root
		}
		return extract.RouteCall{Route: extract.Route{Method: method, Pattern: jvm.JoinPath(prefix, p)}, Show: call}, true
	}
	if !dsl || !route.Methods[verb] || len(args) == 0 || head != call && lambdaOf(call) == nil || isHead(call) {
		return extract.RouteCall{}, false
	}
	p, ok := value(args[0], src, consts)
	if !ok || !strings.HasPrefix(p, "/") && (p != "" || prefix == "") {
		return extract.RouteCall{}, false
	}
	handler := ""
	if last := args[len(args)-1]; last.Type() == "callable_reference" {
		if nm := childOf(last, "simple_identifier"); nm != nil {
			handler = nm.Content(src)
		}
	}
	return extract.RouteCall{Route: extract.Route{Method: verb, Pattern: jvm.JoinPath(prefix, p), Handler: handler}, Show: call}, true
}

// isHead reports the call before a trailing lambda, which the call
// around it reads.
func isHead(call *sitter.Node) bool {
	p := call.Parent()
	return p != nil && p.Type() == "call_expression" && lambdaOf(p) != nil && firstNamed(p).Equal(call)
}

// nested reads a call that opens a block of routes under a prefix:
// Ktor's route("/x") { } and WebFlux's "/x".nest { }; routing { },
// router { } and coRouter { } open one at the root.
func nested(call *sitter.Node, src []byte, consts map[string]string) (prefix string, body *sitter.Node, ok bool) {
	body = lambdaOf(call)
	if body == nil {
		return "", nil, false
	}
	head, args := headCall(call)
	switch callee(head, src) {
	case "routing", "router", "coRouter":
		return "", body, true
	case "route":
		if len(args) >= 1 {
			if p, ok := value(args[0], src, consts); ok {
				return p, body, true
			}
		}
		return "", nil, false
	}
	// "/x".nest { }
	nav := firstNamed(call)
	if nav == nil || nav.Type() != "navigation_expression" {
		return "", nil, false
	}
	kids := extract.NamedChildren(nav)
	if len(kids) != 2 || kids[1].Content(src) != ".nest" {
		return "", nil, false
	}
	p, ok := value(kids[0], src, consts)
	return p, body, ok && strings.HasPrefix(p, "/")
}

// value is the string an expression spells: a literal, a template of
// the file's constants, a constant (by its name, qualified or not), or a
// concatenation of them.
func value(n *sitter.Node, src []byte, consts map[string]string) (string, bool) {
	switch n.Type() {
	case "string_literal":
		var b strings.Builder
		for _, c := range extract.NamedChildren(n) {
			switch c.Type() {
			case "string_content":
				b.WriteString(c.Content(src))
			case "interpolated_identifier", "interpolated_expression":
				s, ok := value(firstNamedOr(c), src, consts)
				if !ok {
					return "", false
				}
				b.WriteString(s)
			default:
				return "", false
			}
		}
		return b.String(), true
	case "simple_identifier", "interpolated_identifier":
		s, ok := consts[n.Content(src)]
		return s, ok
	case "navigation_expression":
		kids := extract.NamedChildren(n)
		if len(kids) > 0 && kids[len(kids)-1].Type() == "navigation_suffix" {
			if nm := childOf(kids[len(kids)-1], "simple_identifier"); nm != nil {
				s, ok := consts[nm.Content(src)]
				return s, ok
			}
		}
	case "parenthesized_expression":
		if kids := extract.NamedChildren(n); len(kids) == 1 {
			return value(kids[0], src, consts)
		}
	case "additive_expression":
		kids := extract.NamedChildren(n)
		if len(kids) != 2 || !strings.Contains(string(src[kids[0].EndByte():kids[1].StartByte()]), "+") {
			return "", false
		}
		a, ok1 := value(kids[0], src, consts)
		b, ok2 := value(kids[1], src, consts)
		return a + b, ok1 && ok2
	}
	return "", false
}

// firstNamedOr is the first named child of n, or n itself when it has
// none ($BASE is an identifier of its own).
func firstNamedOr(n *sitter.Node) *sitter.Node {
	if c := firstNamed(n); c != nil {
		return c
	}
	return n
}

// constRe reads a string constant of a file: const val BASE = "/api",
// or a val declared in the first column.
var constRe = regexp.MustCompile(`^(?:const\s+val|val)\s+(\w+)\s*(?::\s*String\s*)?=\s*"([^"\\$\n]*)"`)

// constants maps the plain string constants a file declares to their
// values. They are read from the text: each statement is parsed on its
// own, and a route may use a constant of another. constRe is asked only
// where a declaration may start, a "const" that starts a word or a "val"
// that starts a line, in order: a later one of a name wins.
func constants(src []byte) map[string]string {
	out := map[string]string{}
	next := func(from int, w string) int { // the offset of w at or after from, len(src) for none
		if k := bytes.Index(src[from:], []byte(w)); k >= 0 {
			return from + k
		}
		return len(src)
	}
	c, v := next(0, "const"), next(0, "val")
	for i := 0; i < len(src); {
		if c < i {
			c = next(i, "const")
		}
		if v < i {
			v = next(i, "val")
		}
		j := min(c, v)
		if j >= len(src) {
			break
		}
		if j == c && (j == 0 || !wordChar(src[j-1])) || j == v && (j == 0 || src[j-1] == '\n') {
			if m := constRe.FindSubmatchIndex(src[j:]); m != nil {
				out[string(src[j+m[2]:j+m[3]])] = string(src[j+m[4] : j+m[5]])
				i = j + m[1]
				continue
			}
		}
		i = j + 1
	}
	return out
}

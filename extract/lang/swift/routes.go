package swift

import (
	"maps"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// vaporVerbs are the RoutesBuilder methods that route one HTTP method.
var vaporVerbs = map[string]string{"get": "GET", "post": "POST", "put": "PUT", "patch": "PATCH", "delete": "DELETE"}

// vaporRoutes finds Vapor's routes: a RoutesBuilder's get, post, put,
// patch and delete ("orders", ":id", use: handler, or a trailing closure)
// and on(.METHOD, ...), under the prefixes of the builders grouped(...)
// makes (bound to a name, or called on in a chain) and of the builder a
// group(...) { builder in } closure receives. register(collection:)
// mounts a RouteCollection, whose boot(routes:) registers below the
// builder's prefix.
func vaporRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	var out []extract.RouteCall
	var mounts []extract.Mount
	consts := pathConstants(root, src)
	// prefixes are the builders bound to names in the function being
	// walked, by name: let api = app.grouped("api").
	var walk func(n *sitter.Node, prefixes map[string]string)
	walk = func(n *sitter.Node, prefixes map[string]string) {
		switch n.Type() {
		case "function_declaration", "init_declaration":
			prefixes = map[string]string{} // a function's names are its own
		case "property_declaration":
			if v := n.ChildByFieldName("value"); v != nil && isGrouped(v, src) {
				if p, ok := prefixOf(v, src, prefixes, consts); ok {
					for _, nm := range boundNames(n) {
						prefixes[nm.Content(src)] = p
					}
				}
			}
		case "call_expression":
			recv, verb, suffix := callee(n, src)
			if suffix == nil {
				break
			}
			args := arguments(suffix, src)
			switch {
			case vaporVerbs[verb] != "" || verb == "on":
				if rc, ok := routeCall(n, recv, verb, suffix, args, src, prefixes, consts); ok {
					out = append(out, rc)
				}
			case verb == "register":
				if t := collection(args, src); t != "" {
					if p, ok := prefixOf(recv, src, prefixes, consts); ok {
						mounts = append(mounts, extract.Mount{Prefix: p, Target: t})
					}
				}
			case verb == "group":
				// routes.group("admin") { admin in ... }: the closure's
				// builder is below the group's path; group(middleware) { $0 }
				// is at the path of the builder grouped.
				fn := trailingClosure(suffix)
				param := closureParam(fn, src)
				if fn == nil || param == "" {
					break
				}
				segs, ok := components(args, src, false, consts)
				pre, known := prefixOf(recv, src, prefixes, consts)
				walk(recv, prefixes)
				inner := maps.Clone(prefixes)
				if ok && known {
					inner[param] = joinPath(pre, segs)
				} else {
					delete(inner, param)
				}
				for _, c := range extract.NamedChildren(fn) {
					walk(c, inner)
				}
				return
			}
		}
		for _, c := range extract.NamedChildren(n) {
			walk(c, prefixes)
		}
	}
	walk(root, map[string]string{})
	return out, mounts
}

// routeCall reads one route registration: the method (on's first
// argument), the path its components spell below the builder's prefix,
// and the handler use: names ("" for a closure).
func routeCall(call, recv *sitter.Node, verb string, suffix *sitter.Node, args []arg, src []byte, prefixes, consts map[string]string) (extract.RouteCall, bool) {
	method := vaporVerbs[verb]
	if verb == "on" {
		if len(args) == 0 || args[0].label != "" {
			return extract.RouteCall{}, false
		}
		method = methodName(args[0].value, src)
		if method == "" {
			return extract.RouteCall{}, false
		}
		args = args[1:]
	}
	pre, ok := prefixOf(recv, src, prefixes, consts)
	if !ok {
		return extract.RouteCall{}, false
	}
	segs, ok := components(args, src, true, consts)
	if !ok {
		return extract.RouteCall{}, false
	}
	handler, inline := "", trailingClosure(suffix) != nil
	for _, a := range args {
		if a.label == "use" {
			handler = handlerName(a.value, src)
			inline = inline || a.value.Type() == "lambda_literal"
		}
	}
	if handler == "" && !inline {
		return extract.RouteCall{}, false // no handler: not a route (a dictionary's get, a client's post)
	}
	show := call
	if p := call.Parent(); p != nil && (p.Type() == "try_expression" || p.Type() == "await_expression") {
		show = p
	}
	return extract.RouteCall{Route: extract.Route{Method: method, Pattern: joinPath(pre, segs), Handler: handler}, Show: show}, true
}

// callee splits a call x.verb(...) into its receiver, the method's name
// and the call's suffix (its arguments and trailing closure); nil for a
// call of no method.
func callee(call *sitter.Node, src []byte) (recv *sitter.Node, verb string, suffix *sitter.Node) {
	kids := extract.NamedChildren(call)
	if len(kids) != 2 || kids[0].Type() != "navigation_expression" || kids[1].Type() != "call_suffix" {
		return nil, "", nil
	}
	nav := kids[0]
	s := nav.ChildByFieldName("suffix")
	if s == nil {
		return nil, "", nil
	}
	nm := s.ChildByFieldName("suffix")
	if nm == nil || nm.Type() != "simple_identifier" {
		return nil, "", nil
	}
	return nav.ChildByFieldName("target"), nm.Content(src), kids[1]
}

// arg is one argument of a call: its label ("" for none) and its value.
type arg struct {
	label string
	value *sitter.Node
}

// arguments lists the arguments of a call's suffix.
func arguments(suffix *sitter.Node, src []byte) []arg {
	var out []arg
	for _, c := range extract.NamedChildren(suffix) {
		if c.Type() != "value_arguments" {
			continue
		}
		for _, a := range extract.NamedChildren(c) {
			v := a.ChildByFieldName("value")
			if a.Type() != "value_argument" || v == nil {
				continue
			}
			label := ""
			if l := a.ChildByFieldName("name"); l != nil {
				label = l.Content(src)
			}
			out = append(out, arg{label, v})
		}
	}
	return out
}

// trailingClosure is the closure a call's suffix ends with, or nil.
func trailingClosure(suffix *sitter.Node) *sitter.Node {
	for _, c := range extract.NamedChildren(suffix) {
		if c.Type() == "lambda_literal" {
			return c
		}
	}
	return nil
}

// closureParam names a closure's only parameter: admin of { admin in },
// $0 of a closure that names none.
func closureParam(fn *sitter.Node, src []byte) string {
	if fn == nil {
		return ""
	}
	typ := fn.ChildByFieldName("type")
	if typ == nil {
		return "$0"
	}
	var names []string
	extract.Walk(typ, func(n *sitter.Node) {
		if n.Type() == "lambda_parameter" {
			if nm := n.ChildByFieldName("name"); nm != nil {
				names = append(names, nm.Content(src))
			}
		}
	})
	if len(names) != 1 {
		return ""
	}
	return names[0]
}

// isGrouped reports a call chain that ends with grouped(...): a builder
// below a prefix.
func isGrouped(n *sitter.Node, src []byte) bool {
	if n.Type() == "try_expression" {
		n = n.ChildByFieldName("expr")
	}
	if n == nil || n.Type() != "call_expression" {
		return false
	}
	_, verb, _ := callee(n, src)
	return verb == "grouped"
}

// prefixOf is the path prefix of the builder an expression makes: that
// of a name grouped(...) bound (none for a name bound otherwise: the
// application, the routes a collection boots), with the components of
// the grouped(...) calls of a chain added. ok is false when one of them
// is not a string the file spells.
func prefixOf(n *sitter.Node, src []byte, prefixes, consts map[string]string) (string, bool) {
	if n == nil {
		return "", true
	}
	switch n.Type() {
	case "simple_identifier":
		return prefixes[n.Content(src)], true
	case "call_expression":
		recv, verb, suffix := callee(n, src)
		if suffix == nil {
			return "", true
		}
		pre, ok := prefixOf(recv, src, prefixes, consts)
		if !ok || verb != "grouped" {
			return pre, ok
		}
		segs, ok := components(arguments(suffix, src), src, false, consts)
		return joinPath(pre, segs), ok
	}
	return "", true
}

// components are the path segments a route's or a group's unlabeled
// arguments spell: strings ("orders", ":id", "a/b"), the PathComponent
// cases (.catchall, .anything, .parameter("id"), .constant("x")), and a
// static constant of the file holding one (AccountController.uri, see
// pathConstants). A group's other arguments are middleware; a route's are
// a path the file does not spell, and ok is false.
func components(args []arg, src []byte, route bool, consts map[string]string) (segs []string, ok bool) {
	for _, a := range args {
		if a.label != "" {
			continue
		}
		s, ok := stringValue(a.value, src)
		if !ok && (a.value.Type() == "navigation_expression" || a.value.Type() == "simple_identifier") {
			name := a.value.Content(src)
			if own, isSelf := strings.CutPrefix(name, "Self."); isSelf {
				// Self.uri: the constant of the type around the call, of
				// the several the file may declare.
				if s, ok = consts[enclosingType(a.value, src)+"."+own]; !ok {
					s, ok = consts[own]
				}
			} else {
				s, ok = consts[name]
			}
		}
		if ok {
			for _, seg := range strings.Split(s, "/") {
				if seg != "" {
					segs = append(segs, seg)
				}
			}
			continue
		}
		if seg, ok := pathComponent(a.value, src); ok {
			segs = append(segs, seg)
			continue
		}
		if route || a.value.Type() == "line_string_literal" {
			return nil, false
		}
	}
	return segs, true
}

// enclosingType is the name of the type whose body holds n, or "".
func enclosingType(n *sitter.Node, src []byte) string {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == "class_declaration" {
			if nm := p.ChildByFieldName("name"); nm != nil {
				return nm.Content(src)
			}
			return ""
		}
	}
	return ""
}

// pathConstants maps the static constants of src that hold a path
// (static let uri: PathComponent = .constant("account"), static let path =
// "users") to it, by their type and name (AccountController.uri) and, when
// no other type of the file has a constant of that name, by name alone.
func pathConstants(root *sitter.Node, src []byte) map[string]string {
	out := map[string]string{}
	bare := map[string]int{}
	extract.Walk(root, func(n *sitter.Node) {
		if n.Type() != "property_declaration" || !strings.Contains(n.Content(src), "static") {
			return
		}
		v := n.ChildByFieldName("value")
		if v == nil {
			return
		}
		seg, ok := stringValue(v, src)
		if !ok {
			seg, ok = pathComponent(v, src)
		}
		if !ok {
			return
		}
		owner := enclosingType(n, src)
		for _, nm := range boundNames(n) {
			name := nm.Content(src)
			if owner != "" {
				out[owner+"."+name] = seg
			}
			if bare[name]++; bare[name] == 1 {
				out[name] = seg
			} else {
				delete(out, name)
			}
		}
	})
	return out
}

// pathComponent reads a PathComponent case: .catchall (**), .anything
// (*), .parameter("id") (:id), .constant("x").
func pathComponent(n *sitter.Node, src []byte) (string, bool) {
	switch n.Type() {
	case "prefix_expression":
		if t := n.ChildByFieldName("target"); t != nil {
			switch t.Content(src) {
			case "catchall":
				return "**", true
			case "anything":
				return "*", true
			}
		}
	case "call_expression":
		kids := extract.NamedChildren(n)
		if len(kids) != 2 || kids[0].Type() != "prefix_expression" {
			return "", false
		}
		t := kids[0].ChildByFieldName("target")
		args := arguments(kids[1], src)
		if t == nil || len(args) != 1 {
			return "", false
		}
		s, ok := stringValue(args[0].value, src)
		switch {
		case !ok:
		case t.Content(src) == "parameter":
			return ":" + s, true
		case t.Content(src) == "constant":
			return s, true
		}
	}
	return "", false
}

// methodName reads on's method: .GET, HTTPMethod.POST, .init(rawValue: "PURGE") is none.
func methodName(n *sitter.Node, src []byte) string {
	s := n.Content(src)
	s = s[strings.LastIndexByte(s, '.')+1:]
	if route.Methods[strings.ToUpper(s)] {
		return strings.ToUpper(s)
	}
	return ""
}

// handlerName names the function use: gives: index, self.index,
// Self.index, controller.index; "" for a closure.
func handlerName(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "simple_identifier":
		return n.Content(src)
	case "navigation_expression":
		if s := n.ChildByFieldName("suffix"); s != nil {
			if nm := s.ChildByFieldName("suffix"); nm != nil && nm.Type() == "simple_identifier" {
				return nm.Content(src)
			}
		}
	}
	return ""
}

// collection names the RouteCollection register(collection:) mounts: its
// type, as it is made there (OrderController(), OrderController(repo: r)).
func collection(args []arg, src []byte) string {
	if len(args) != 1 || args[0].label != "collection" || args[0].value.Type() != "call_expression" {
		return ""
	}
	kids := extract.NamedChildren(args[0].value)
	if len(kids) == 0 || kids[0].Type() != "simple_identifier" {
		return ""
	}
	return kids[0].Content(src)
}

// joinPath joins a prefix and path segments as a request sees them.
func joinPath(prefix string, segs []string) string {
	p := strings.TrimSuffix(prefix, "/")
	for _, s := range segs {
		p += "/" + s
	}
	if p == "" {
		return "/"
	}
	return p
}

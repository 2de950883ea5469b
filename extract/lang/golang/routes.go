package golang

import (
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// splitPattern reads a Go 1.22 ServeMux pattern: "POST /items/{id}".
func splitPattern(s string) (method, pattern string, ok bool) {
	if f := strings.Fields(s); len(f) == 2 && route.Methods[f[0]] && strings.HasPrefix(f[1], "/") {
		return f[0], f[1], true
	}
	if strings.HasPrefix(s, "/") {
		return "ANY", s, true
	}
	return "", "", false
}

var goRouteVerbs = map[string]bool{"HandleFunc": true, "Handle": true, "Get": true, "Post": true, "Put": true, "Patch": true,
	"Delete": true, "Head": true, "Options": true, "GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true,
	"HEAD": true, "OPTIONS": true, "Any": true, "Method": true, "MethodFunc": true}

// goRoutes finds net/http, chi, gin, echo, fiber and gorilla/mux registrations, with
// chi's r.Route("/p", func(r chi.Router) {...}) prefixes and gin/echo
// groups (v1 := r.Group("/v1")), and chi Mount calls.
func goRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	groups := map[string]string{} // variable -> prefix
	var walkGroups func(n *sitter.Node)
	walkGroups = func(n *sitter.Node) {
		if n.Type() == "short_var_declaration" || n.Type() == "assignment_statement" {
			left, right := extract.NamedChildren(n.ChildByFieldName("left")), extract.NamedChildren(n.ChildByFieldName("right"))
			if len(left) == 1 && len(right) == 1 && right[0].Type() == "call_expression" {
				fn := right[0].ChildByFieldName("function")
				args := extract.NamedChildren(right[0].ChildByFieldName("arguments"))
				if fn != nil && fn.Type() == "selector_expression" && fn.ChildByFieldName("field").Content(src) == "Group" && len(args) > 0 {
					if p, ok := groupPath(args[0], src); ok {
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
	var out []extract.RouteCall
	var mounts []extract.Mount
	// within is the function or method whose body the walk is in, and
	// params the position of each of its parameters, by name: a route
	// registered on a parameter is served under what a caller passes there.
	within, params := "", map[string]int{}
	var walk func(n *sitter.Node, prefix string)
	walk = func(n *sitter.Node, prefix string) {
		if t := n.Type(); t == "function_declaration" || t == "method_declaration" {
			within, params = n.ChildByFieldName("name").Content(src), map[string]int{}
			at := 0
			for _, pd := range extract.NamedChildren(n.ChildByFieldName("parameters")) {
				names := 0
				for _, c := range extract.NamedChildren(pd) {
					if c.Type() == "identifier" {
						params[c.Content(src)] = at + names
						names++
					}
				}
				at += max(names, 1)
			}
		}
		// onParam is the mount name of a route registered on parameter
		// operand, as a call passing a group there mounts it; "" for one
		// registered on anything else (a group of the file: its path is
		// known).
		onParam := func(operand *sitter.Node) string {
			k, ok := params[operand.Content(src)]
			if !ok || operand.Type() != "identifier" || groups[operand.Content(src)] != "" {
				return ""
			}
			return within + "#" + strconv.Itoa(k)
		}
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := extract.NamedChildren(n.ChildByFieldName("arguments"))
			if fn != nil && fn.Type() == "selector_expression" {
				// a.RegisterAdminRouter(adminGroup), where adminGroup :=
				// r.Group("/admin"): the routes that function registers
				// on its parameter are served under the group's path.
				for k, a := range args {
					if p := groups[a.Content(src)]; a.Type() == "identifier" && p != "" {
						mounts = append(mounts, extract.Mount{Prefix: p, Target: fn.ChildByFieldName("field").Content(src) + "#" + strconv.Itoa(k), Func: true})
					}
				}
			}
			if fn != nil && fn.Type() == "selector_expression" && len(args) == 1 {
				if field := fn.ChildByFieldName("field").Content(src); field == "Handler" || field == "HandlerFunc" {
					out = append(out, muxRoutes(n, fn.ChildByFieldName("operand"), args[0], prefix, src)...)
				}
			}
			if fn != nil && fn.Type() == "selector_expression" && len(args) >= 2 {
				verb := fn.ChildByFieldName("field").Content(src)
				pre := prefix + groups[fn.ChildByFieldName("operand").Content(src)]
				first, literal := route.StringValue(args[0], src)
				switch {
				case verb == "Route" || verb == "Group":
					if strings.HasPrefix(first, "/") && args[1].Type() == "func_literal" {
						walk(args[1], pre+first)
						return
					}
				case verb == "Mount":
					if strings.HasPrefix(first, "/") {
						mounts = append(mounts, extract.Mount{Prefix: pre + first, Target: route.HandlerName(args[1], src)})
					}
				case verb == "Method" || verb == "MethodFunc":
					if p, ok := route.StringValue(args[1], src); ok && route.Methods[strings.ToUpper(first)] && len(args) >= 3 && strings.HasPrefix(p, "/") {
						out = append(out, extract.RouteCall{Route: extract.Route{Method: strings.ToUpper(first), Pattern: pre + p, Handler: route.LastArgHandler(goFuncs, args, src), Within: onParam(fn.ChildByFieldName("operand"))}, Show: route.StatementOf(n)})
					}
				case goRouteVerbs[verb] && literal && first == "" && pre != "" && route.Methods[strings.ToUpper(verb)]:
					// repo.PATCH("", h): the group's own path.
					out = append(out, extract.RouteCall{Route: extract.Route{Method: strings.ToUpper(verb), Pattern: pre, Handler: route.LastArgHandler(goFuncs, args, src), Within: onParam(fn.ChildByFieldName("operand"))}, Show: route.StatementOf(n)})
				case goRouteVerbs[verb] && args[0].Type() != "interpreted_string_literal" && args[0].Type() != "raw_string_literal":
					// (A path built at run time, path.Join(prefix, "/x"):
					// gorilla's Path chain below, or nothing the file spells.)
				case goRouteVerbs[verb]:
					if method, p, ok := splitPattern(first); ok {
						methods := []string{method}
						if up := strings.ToUpper(verb); route.Methods[up] {
							methods = []string{up}
						} else if ms := chainedMethods(n, src); method == "ANY" && len(ms) > 0 {
							methods = ms // gorilla's r.HandleFunc("/x", h).Methods("POST")
						}
						for _, m := range methods {
							out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: pre + p, Handler: route.LastArgHandler(goFuncs, args, src), Within: onParam(fn.ChildByFieldName("operand"))}, Show: route.StatementOf(n)})
						}
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

// groupPath is the path a Group call is given: a string, or the string a
// run-time base is joined with (`uiConf.APIBaseURL + "/answer/admin/api"`),
// whose routes are served under that string whatever the base.
func groupPath(arg *sitter.Node, src []byte) (string, bool) {
	if p, ok := route.StringValue(arg, src); ok {
		return p, true
	}
	if arg.Type() == "binary_expression" && arg.ChildByFieldName("operator").Content(src) == "+" {
		if p, ok := route.StringValue(arg.ChildByFieldName("right"), src); ok && strings.HasPrefix(p, "/") {
			return p, true
		}
	}
	return "", false
}

// muxRoutes reads gorilla/mux's route chain, r.Path("/x").Methods("GET",
// "POST").Handler(h): a route for each method (ANY for none), at the path
// Path (or PathPrefix, of a subrouter's route) spells. A path joined at run
// time, path.Join(prefix, "/api/v1/metadata"), is the segments the file
// spells, under a prefix it does not.
func muxRoutes(call, chain, handler *sitter.Node, prefix string, src []byte) []extract.RouteCall {
	var methods []string
	pattern, found := "", false
	for n := chain; n != nil && n.Type() == "call_expression"; {
		fn := n.ChildByFieldName("function")
		if fn == nil || fn.Type() != "selector_expression" {
			break
		}
		args := extract.NamedChildren(n.ChildByFieldName("arguments"))
		switch fn.ChildByFieldName("field").Content(src) {
		case "Methods":
			methods = append(methods, methodsOf(args, src)...)
		case "Path":
			if len(args) == 1 {
				pattern, found = spelledPath(args[0], src)
			}
		}
		n = fn.ChildByFieldName("operand")
	}
	if !found || !strings.HasPrefix(pattern, "/") {
		return nil
	}
	if len(methods) == 0 {
		methods = []string{"ANY"}
	}
	var out []extract.RouteCall
	h := route.HandlerName(handler, src)
	if handler.Type() == "call_expression" && !wrapsFunc(handler) {
		// querier.MetadataHandler(q): the function that builds the
		// handler, given what it needs; auth.Require(http.HandlerFunc(h.Create))
		// wraps the handler, h.Create.
		if fn := route.HandlerName(handler.ChildByFieldName("function"), src); fn != "" && fn != "HandlerFunc" {
			h = fn
		}
	}
	for _, m := range methods {
		out = append(out, extract.RouteCall{Route: extract.Route{Method: m, Pattern: prefix + pattern, Handler: h}, Show: route.StatementOf(call)})
	}
	return out
}

// wrapsFunc reports a call given a function reference or a call
// (middleware around a handler: auth.Require(http.HandlerFunc(h.Create))),
// not only values (a handler's builder: querier.MetadataHandler(q)).
func wrapsFunc(call *sitter.Node) bool {
	for _, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		if a.Type() == "call_expression" || a.Type() == "selector_expression" || a.Type() == "func_literal" {
			return true
		}
	}
	return false
}

// chainedMethods are the methods gorilla's .Methods("GET", "POST") call
// chained on a registration gives it; none without one.
func chainedMethods(call *sitter.Node, src []byte) []string {
	sel := call.Parent()
	if sel == nil || sel.Type() != "selector_expression" || sel.ChildByFieldName("field").Content(src) != "Methods" {
		return nil
	}
	next := sel.Parent()
	if next == nil || next.Type() != "call_expression" {
		return nil
	}
	return methodsOf(extract.NamedChildren(next.ChildByFieldName("arguments")), src)
}

// methodsOf are the HTTP methods a Methods("GET", "POST") call is given.
func methodsOf(args []*sitter.Node, src []byte) []string {
	var out []string
	for _, a := range args {
		if m, ok := route.StringValue(a, src); ok && route.Methods[strings.ToUpper(m)] {
			out = append(out, strings.ToUpper(m))
		}
	}
	return out
}

// spelledPath is the path an argument spells: a string, or the strings
// path.Join is given (a prefix known at run time is left out, a segment
// after a string is {}).
func spelledPath(n *sitter.Node, src []byte) (string, bool) {
	if p, ok := route.StringValue(n, src); ok {
		return p, true
	}
	if n.Type() != "call_expression" {
		return "", false
	}
	if fn := n.ChildByFieldName("function"); fn == nil || !strings.HasSuffix(fn.Content(src), ".Join") {
		return "", false
	}
	var segs []string
	for i, a := range extract.NamedChildren(n.ChildByFieldName("arguments")) {
		if p, ok := route.StringValue(a, src); ok {
			segs = append(segs, strings.Trim(p, "/"))
		} else if i > 0 && len(segs) > 0 {
			segs = append(segs, "{}") // path.Join("/api", version, "orders"): a segment known at run time
		}
	}
	if len(segs) == 0 {
		return "", false
	}
	return "/" + strings.Join(segs, "/"), true
}

package golang

import (
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

// goRoutes finds net/http, chi, gin, echo and fiber registrations, with
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
					if p, ok := route.StringValue(args[0], src); ok {
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
	var walk func(n *sitter.Node, prefix string)
	walk = func(n *sitter.Node, prefix string) {
		if n.Type() == "call_expression" {
			fn := n.ChildByFieldName("function")
			args := extract.NamedChildren(n.ChildByFieldName("arguments"))
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
						out = append(out, extract.RouteCall{Route: extract.Route{Method: strings.ToUpper(first), Pattern: pre + p, Handler: route.LastArgHandler(goFuncs, args, src)}, Show: route.StatementOf(n)})
					}
				case goRouteVerbs[verb] && literal && first == "" && pre != "" && route.Methods[strings.ToUpper(verb)]:
					// repo.PATCH("", h): the group's own path.
					out = append(out, extract.RouteCall{Route: extract.Route{Method: strings.ToUpper(verb), Pattern: pre, Handler: route.LastArgHandler(goFuncs, args, src)}, Show: route.StatementOf(n)})
				case goRouteVerbs[verb]:
					if method, p, ok := splitPattern(first); ok {
						if up := strings.ToUpper(verb); route.Methods[up] {
							method = up
						}
						out = append(out, extract.RouteCall{Route: extract.Route{Method: method, Pattern: pre + p, Handler: route.LastArgHandler(goFuncs, args, src)}, Show: route.StatementOf(n)})
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

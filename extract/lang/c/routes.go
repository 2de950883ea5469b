package c

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// cRoutes finds the handlers C's HTTP libraries register: CivetWeb's
// mg_set_request_handler(ctx, "/orders", orders_handler, data), for any
// method, and Ulfius's ulfius_add_endpoint_by_val(&instance, "GET",
// "/orders", "/:id", 0, &get_order, NULL), its prefix and format joined.
func cRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	var out []extract.RouteCall
	extract.Walk(root, func(n *sitter.Node) {
		if n.Type() != "call_expression" {
			return
		}
		fn := n.ChildByFieldName("function")
		if fn == nil || fn.Type() != "identifier" {
			return
		}
		args := clike.Args(n)
		switch fn.Content(src) {
		case "mg_set_request_handler":
			if len(args) < 3 {
				return
			}
			if p, ok := clike.String(args[1], src); ok && strings.HasPrefix(p, "/") {
				out = append(out, call(n, "ANY", strings.TrimSuffix(p, "$"), clike.HandlerName(args[2], src)))
			}
		case "ulfius_add_endpoint_by_val":
			if len(args) < 6 {
				return
			}
			method, ok := clike.String(args[1], src)
			prefix, ok1 := clike.String(args[2], src)
			format, ok2 := clike.String(args[3], src)
			if !ok1 {
				prefix, ok1 = "", clike.Null(args[2], src)
			}
			if !ok2 {
				format, ok2 = "", clike.Null(args[3], src)
			}
			if !ok || !ok1 || !ok2 || (prefix+format) == "" {
				return
			}
			if method = strings.ToUpper(method); method == "*" {
				method = "ANY"
			}
			if !route.Methods[method] && method != "ANY" {
				return
			}
			out = append(out, call(n, method, "/"+strings.Trim(strings.TrimSuffix(prefix, "/")+"/"+strings.TrimPrefix(format, "/"), "/"),
				clike.HandlerName(args[5], src)))
		}
	})
	return out, nil
}

// call is a registration made by the call n.
func call(n *sitter.Node, method, pattern, handler string) extract.RouteCall {
	return extract.RouteCall{Route: extract.Route{Method: method, Pattern: pattern, Handler: handler}, Show: route.StatementOf(n)}
}

package cpp

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// cppRoutes finds the handlers C++'s HTTP libraries register:
// cpp-httplib's svr.Get("/orders/:id", handler), Crow's CROW_ROUTE(app,
// "/orders/<int>").methods("POST"_method)(handler) (GET without
// methods), Drogon's app().registerHandler("/orders/{id}", handler,
// {Get}) (not its controllers' METHOD_LIST macros, which the grammar
// cannot read in a class), Pistache's
// Routes::Get(router, "/orders/:id", Routes::bind(&Api::get, this)).
func cppRoutes(root *sitter.Node, src []byte, _ string) ([]extract.RouteCall, []extract.Mount) {
	var out []extract.RouteCall
	extract.Walk(root, func(n *sitter.Node) {
		if n.Type() != "call_expression" {
			return
		}
		fn := n.ChildByFieldName("function")
		if fn == nil {
			return
		}
		args := clike.Args(n)
		switch fn.Type() {
		case "field_expression":
			field := fn.ChildByFieldName("field")
			if field == nil {
				return
			}
			name := field.Content(src)
			switch {
			case name == "registerHandler" && len(args) >= 2:
				if p, ok := clike.String(args[0], src); ok && strings.HasPrefix(p, "/") {
					for _, m := range methodsIn(args[2:], src, "ANY") {
						out = append(out, registration(n, m, p, clike.HandlerName(args[1], src)))
					}
				}
			case route.Methods[strings.ToUpper(name)] && name != strings.ToUpper(name) && len(args) == 2:
				// cpp-httplib: Get, Post, Put, Delete, Patch, Options.
				if p, ok := clike.String(args[0], src); ok && strings.HasPrefix(p, "/") {
					out = append(out, registration(n, strings.ToUpper(name), p, clike.HandlerName(args[1], src)))
				}
			}
		case "identifier":
			switch fn.Content(src) {
			case "CROW_ROUTE", "CROW_BP_ROUTE":
				if len(args) == 2 {
					if p, ok := clike.String(args[1], src); ok {
						out = append(out, crow(n, p, src)...)
					}
				}
			}
		case "qualified_identifier":
			// Pistache: Routes::Get(router, "/x", Routes::bind(&Api::get, this)).
			scope, name := fn.ChildByFieldName("scope"), fn.ChildByFieldName("name")
			if scope == nil || name == nil || scope.Content(src) != "Routes" || len(args) < 3 {
				return
			}
			m := strings.ToUpper(name.Content(src))
			if !route.Methods[m] {
				return
			}
			if p, ok := clike.String(args[1], src); ok && strings.HasPrefix(p, "/") {
				out = append(out, registration(n, m, p, clike.HandlerName(args[2], src)))
			}
		}
	})
	return out, nil
}

// registration is a route the call n registers.
func registration(n *sitter.Node, method, pattern, handler string) extract.RouteCall {
	return extract.RouteCall{Route: extract.Route{Method: method, Pattern: pattern, Handler: handler}, Show: route.StatementOf(outermost(n))}
}

// outermost is the call a chain of calls ends with: CROW_ROUTE(...)
// .methods(...)(handler) as a whole.
func outermost(n *sitter.Node) *sitter.Node {
	for {
		p := n.Parent()
		if p == nil {
			return n
		}
		switch p.Type() {
		case "call_expression", "field_expression":
			if f := p.ChildByFieldName("function"); p.Type() == "call_expression" && (f == nil || !f.Equal(n)) {
				return n
			}
			if a := p.ChildByFieldName("argument"); p.Type() == "field_expression" && (a == nil || !a.Equal(n)) {
				return n
			}
			n = p
		default:
			return n
		}
	}
}

// crow reads a CROW_ROUTE registration: the methods its .methods(...)
// names (GET without it) and the handler the chain ends with.
func crow(macro *sitter.Node, pattern string, src []byte) []extract.RouteCall {
	methods := []string{"GET"}
	handler := ""
	for n := macro; ; {
		p := n.Parent()
		if p == nil {
			break
		}
		if p.Type() == "field_expression" {
			if f := p.ChildByFieldName("field"); f != nil && f.Content(src) == "methods" {
				if call := p.Parent(); call != nil && call.Type() == "call_expression" {
					methods = methodsIn(clike.Args(call), src, "GET")
					n = call
					continue
				}
			}
			break
		}
		if p.Type() == "call_expression" {
			if f := p.ChildByFieldName("function"); f != nil && f.Equal(n) {
				if args := clike.Args(p); len(args) == 1 {
					handler = clike.HandlerName(args[0], src)
				}
			}
		}
		break
	}
	var out []extract.RouteCall
	for _, m := range methods {
		out = append(out, registration(macro, m, pattern, handler))
	}
	return out
}

// methodsIn reads the HTTP methods a registration's arguments name:
// "POST"_method, crow::HTTPMethod::Post, drogon::Get, {Get, Post}; def
// when they name none.
func methodsIn(args []*sitter.Node, src []byte, def string) []string {
	var out []string
	for _, a := range args {
		extract.Walk(a, func(n *sitter.Node) {
			var w string
			switch n.Type() {
			case "string_literal":
				w, _ = clike.String(n, src)
			case "identifier":
				w = n.Content(src)
			default:
				return
			}
			if m := strings.ToUpper(w); route.Methods[m] {
				out = append(out, m)
			}
		})
	}
	if len(out) == 0 {
		return []string{def}
	}
	return out
}

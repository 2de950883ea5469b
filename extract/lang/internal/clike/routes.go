package clike

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// Args are the arguments of a call.
func Args(call *sitter.Node) []*sitter.Node {
	return extract.NamedChildren(call.ChildByFieldName("arguments"))
}

// String returns the text of a string literal, or of adjacent ones
// ("/api" "/orders"), without quotes; false for any other node, or one
// with an escape.
func String(n *sitter.Node, src []byte) (string, bool) {
	switch n.Type() {
	case "string_literal", "raw_string_literal":
		s := n.Content(src)
		if n.Type() == "raw_string_literal" {
			// R"(...)" or R"delim(...)delim".
			open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
			if open < 0 || close < open {
				return "", false
			}
			return s[open+1 : close], true
		}
		i := strings.IndexByte(s, '"')
		if i < 0 || !strings.HasSuffix(s, `"`) || len(s) < i+2 || strings.Contains(s, `\`) {
			return "", false
		}
		return s[i+1 : len(s)-1], true
	case "concatenated_string":
		var b strings.Builder
		for _, c := range extract.NamedChildren(n) {
			s, ok := String(c, src)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
		return b.String(), true
	}
	return "", false
}

// Null reports NULL or a null pointer written as 0.
func Null(n *sitter.Node, src []byte) bool {
	s := n.Content(src)
	return s == "NULL" || s == "nullptr" || s == "0" || n.Type() == "null"
}

// HandlerName names a handler argument: orders_handler, &get_order,
// Orders::handle, the first argument of a binding call; "" for an inline
// one.
func HandlerName(n *sitter.Node, src []byte) string {
	for n != nil {
		switch n.Type() {
		case "identifier", "field_identifier":
			return n.Content(src)
		case "pointer_expression":
			n = n.ChildByFieldName("argument")
		case "cast_expression":
			n = n.ChildByFieldName("value")
		case "parenthesized_expression":
			kids := extract.NamedChildren(n)
			if len(kids) != 1 {
				return ""
			}
			n = kids[0]
		case "qualified_identifier":
			n = n.ChildByFieldName("name")
		case "field_expression":
			n = n.ChildByFieldName("field")
		case "call_expression":
			// A bound handler: Routes::bind(&Api::get, this).
			args := Args(n)
			if len(args) == 0 {
				return ""
			}
			n = args[0]
		default:
			return ""
		}
	}
	return ""
}

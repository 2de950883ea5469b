package route

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// Methods are the HTTP methods a route can name.
var Methods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true, "HEAD": true, "OPTIONS": true}

// StringValue returns the text of a string literal node without quotes.
func StringValue(n *sitter.Node, src []byte) (string, bool) {
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

// HandlerName names a handler argument: s.handleX -> handleX,
// http.HandlerFunc(s.del) -> del, views.detail -> detail; inline -> "".
func HandlerName(n *sitter.Node, src []byte) string {
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
		// A wrapped handler: pm(hasID(a.UpdateCampaignStatus), "perm"),
		// http.HandlerFunc(s.del): the first function reference inside;
		// adminRouter(): the function itself.
		if args := n.ChildByFieldName("arguments"); args != nil {
			for _, a := range extract.NamedChildren(args) {
				if h := HandlerName(a, src); h != "" {
					return h
				}
			}
		}
		return HandlerName(n.ChildByFieldName("function"), src)
	}
	return ""
}

// LastArgHandler names the handler among a registration's arguments: the
// last one that names a function (middleware may come before it). funcs
// are the language's function node types: an argument of one of them is
// an inline handler, which has no name.
func LastArgHandler(funcs map[string]bool, args []*sitter.Node, src []byte) string {
	if len(args) < 2 {
		return ""
	}
	last := args[len(args)-1]
	if funcs[last.Type()] {
		return "" // an inline handler: the snippet shows its signature
	}
	return HandlerName(last, src)
}

// StatementOf climbs from a call to the statement that holds it.
func StatementOf(n *sitter.Node) *sitter.Node {
	if p := n.Parent(); p != nil && p.Type() == "expression_statement" {
		return p
	}
	return n
}

// RequestMethods are the methods Spring's @RequestMapping names in its
// method argument (RequestMethod.POST, one of each of items); ANY when it
// names none.
func RequestMethods(items []*sitter.Node, src []byte) []string {
	var out []string
	for _, it := range items {
		s := it.Content(src)
		if m := s[strings.LastIndexByte(s, '.')+1:]; Methods[m] {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return []string{"ANY"}
	}
	return out
}

// Join joins a prefix and a path as a request sees them, each written
// with or without its slashes: "/" + "access/:id".
func Join(prefix, p string) string {
	s := strings.Trim(prefix, "/")
	if p = strings.Trim(p, "/"); p != "" {
		if s != "" {
			s += "/"
		}
		s += p
	}
	return "/" + s
}

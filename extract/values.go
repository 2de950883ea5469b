package extract

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// Value is a string literal a definition's value is made of: a string
// constant's own value, a string field of the composite literal a variable
// is set to (corev1.Taint{Key: "..."}), or one member's value inside an
// enum or class (Member names the member). Specs quote these more often
// than the names that hold them: label keys, states, environment variables.
type Value struct {
	Text   string
	Member string // the member holding it; "" for the definition's own value
	Part   bool   // one string inside a composite value, not the whole value
}

// maxValues bounds the string literals recorded for one definition.
const maxValues = 128

// maxValueDepth is how deep into nested composite literals the strings of
// a value are read.
const maxValueDepth = 2

// LiteralText is the text of a one-line string literal written without
// escapes or interpolation ("Retry", 'Retry', `Retry`); false for any
// other node (a prefixed, triple-quoted, concatenated or template string
// with substitutions).
func LiteralText(n *sitter.Node, src []byte) (string, bool) {
	if n == nil || !stringNode(n) {
		return "", false
	}
	s := n.Content(src)
	if len(s) < 2 {
		return "", false
	}
	q := s[0]
	if q != '"' && q != '\'' && q != '`' || s[len(s)-1] != q {
		return "", false
	}
	in := s[1 : len(s)-1]
	if strings.ContainsAny(in, "\\\n\r") || strings.IndexByte(in, q) >= 0 || strings.Contains(in, "${") {
		return "", false
	}
	return in, true
}

// LiteralValues returns the string literals that make a value: the value
// itself when it is one; else the strings a key is set to in the composite
// literal it is (a Go composite literal, a JavaScript object, a Python
// dict), through &, parentheses and `as` casts, down to maxValueDepth
// levels. A value that is a call, an operation or a name holds no literal
// of its own, and a list's elements are items, not values: a tuple of
// keyword names or an `__all__` holds no name's value.
func LiteralValues(v *sitter.Node, src []byte) []Value {
	var out []Value
	var walk func(n *sitter.Node, depth int)
	walk = func(n *sitter.Node, depth int) {
		if n == nil || len(out) >= maxValues {
			return
		}
		if s, ok := LiteralText(n, src); ok {
			out = append(out, Value{Text: s, Part: depth > 0})
			return
		}
		switch n.Type() {
		case "expression_list", "literal_element", "parenthesized_expression":
			if kids := NamedChildren(n); len(kids) == 1 {
				walk(kids[0], depth)
			}
		case "as_expression", "satisfies_expression":
			if n.NamedChildCount() > 0 {
				walk(n.NamedChild(0), depth) // "a" as const
			}
		case "unary_expression":
			walk(n.ChildByFieldName("operand"), depth) // &T{...}
		case "composite_literal":
			walk(n.ChildByFieldName("body"), depth)
		case "keyed_element":
			// Go's Key: value, whose value is its last element.
			if kids := NamedChildren(n); len(kids) == 2 {
				walk(kids[1], depth)
			}
		case "pair":
			walk(n.ChildByFieldName("value"), depth)
		case "literal_value", "object", "dictionary":
			if depth >= maxValueDepth {
				return
			}
			for _, c := range NamedChildren(n) {
				if t := c.Type(); t == "keyed_element" || t == "pair" {
					walk(c, depth+1)
				}
			}
		}
	}
	walk(v, 0)
	return out
}

// MemberValues records, for each member that is set to a string literal,
// that literal as a value of the member: the members of an enum, a class's
// constants. name and value give a member node's name and value nodes, nil
// when it has none.
func MemberValues(members []*sitter.Node, src []byte, name, value func(*sitter.Node) *sitter.Node) []Value {
	var out []Value
	for _, m := range members {
		n, v := name(m), value(m)
		if n == nil || v == nil || len(out) >= maxValues {
			continue
		}
		if s, ok := LiteralText(v, src); ok {
			out = append(out, Value{Text: s, Member: n.Content(src)})
		}
	}
	return out
}

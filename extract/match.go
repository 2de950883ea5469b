package extract

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// A tree-sitter query is compiled against its grammar on first use: 6-9
// ms each for the TypeScript and TSX grammars, 30-45 ms of a cold run on
// a TypeScript monorepo, and more than a focused parse of the files
// costs. So the definitions are found by walking the tree with the
// patterns of queries/*.scm written out here (the tests run each query
// over the same trees and require the same matches, in the same order).

// rawMatch is one match of a definition pattern.
type rawMatch struct {
	kind     string // the capture after "definition.": function, type, ...
	def      *sitter.Node
	name     *sitter.Node
	receiver *sitter.Node
}

// matcher finds the definition patterns of a language in a tree.
type matcher func(root *sitter.Node) []rawMatch

// named returns the child of n in field f when it is of node type typ.
func named(n *sitter.Node, f, typ string) *sitter.Node {
	c := n.ChildByFieldName(f)
	if c == nil || c.Type() != typ {
		return nil
	}
	return c
}

// fieldChildren returns the children of n in field f of node type typ:
// all of them (a Go const_spec names several).
func fieldChildren(n *sitter.Node, f, typ string) []*sitter.Node {
	var out []*sitter.Node
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == f {
			if c := n.Child(i); c.Type() == typ {
				out = append(out, c)
			}
		}
	}
	return out
}

// matchGo: top-level declarations only (queries/go.scm).
func matchGo(root *sitter.Node) []rawMatch {
	var out []rawMatch
	for _, d := range namedChildren(root) {
		switch d.Type() {
		case "function_declaration":
			if n := named(d, "name", "identifier"); n != nil {
				out = append(out, rawMatch{kind: "function", def: d, name: n})
			}
		case "method_declaration":
			r, n := named(d, "receiver", "parameter_list"), named(d, "name", "field_identifier")
			if r != nil && n != nil {
				out = append(out, rawMatch{kind: "method", def: d, name: n, receiver: r})
			}
		case "type_declaration":
			for _, s := range namedChildren(d) {
				if s.Type() == "type_spec" || s.Type() == "type_alias" {
					if n := named(s, "name", "type_identifier"); n != nil {
						out = append(out, rawMatch{kind: "type", def: s, name: n})
					}
				}
			}
		case "const_declaration":
			for _, s := range namedChildren(d) {
				// (The query matches a const_spec once, by its first name,
				// where it matches a var_spec once per name.)
				if s.Type() == "const_spec" {
					if n := named(s, "name", "identifier"); n != nil {
						out = append(out, rawMatch{kind: "constant", def: s, name: n})
					}
				}
			}
		case "var_declaration":
			for _, s := range namedChildren(d) {
				specs := []*sitter.Node{s}
				if s.Type() == "var_spec_list" {
					specs = namedChildren(s)
				}
				for _, v := range specs {
					if v.Type() == "var_spec" {
						for _, n := range fieldChildren(v, "name", "identifier") {
							out = append(out, rawMatch{kind: "variable", def: v, name: n})
						}
					}
				}
			}
		}
	}
	return out
}

// walk visits n and its named descendants in document order.
func walk(n *sitter.Node, visit func(*sitter.Node)) {
	visit(n)
	for _, c := range namedChildren(n) {
		walk(c, visit)
	}
}

// matchPython: definitions anywhere (queries/python.scm).
func matchPython(root *sitter.Node) []rawMatch {
	var out []rawMatch
	walk(root, func(n *sitter.Node) {
		switch n.Type() {
		case "function_definition":
			if nm := named(n, "name", "identifier"); nm != nil {
				out = append(out, rawMatch{kind: "function", def: n, name: nm})
			}
		case "class_definition":
			if nm := named(n, "name", "identifier"); nm != nil {
				out = append(out, rawMatch{kind: "class", def: n, name: nm})
			}
		case "expression_statement":
			for _, a := range namedChildren(n) {
				if a.Type() == "assignment" {
					if nm := named(a, "left", "identifier"); nm != nil {
						out = append(out, rawMatch{kind: "variable", def: a, name: nm})
					}
				}
			}
		}
	})
	return out
}

// jsPatterns are the "(node name: (type) @name) @definition.kind"
// patterns of queries/typescript.scm and queries/javascript.scm.
type jsPattern struct{ nameType, kind string }

var (
	tsPatterns = map[string]jsPattern{
		"function_declaration":           {"identifier", "function"},
		"generator_function_declaration": {"identifier", "function"},
		"function_signature":             {"identifier", "function"},
		"class_declaration":              {"type_identifier", "class"},
		"abstract_class_declaration":     {"type_identifier", "class"},
		"interface_declaration":          {"type_identifier", "interface"},
		"type_alias_declaration":         {"type_identifier", "type"},
		"enum_declaration":               {"identifier", "enum"},
		"variable_declarator":            {"identifier", "variable"},
		"method_definition":              {"property_identifier", "method"},
		"abstract_method_signature":      {"property_identifier", "method"},
	}
	jsPatterns = map[string]jsPattern{
		"function_declaration":           {"identifier", "function"},
		"generator_function_declaration": {"identifier", "function"},
		"class_declaration":              {"identifier", "class"},
		"variable_declarator":            {"identifier", "variable"},
		"method_definition":              {"property_identifier", "method"},
	}
)

// matchJS returns the matcher of queries/typescript.scm (or
// javascript.scm): definitions anywhere, CommonJS exports, and object
// pairs whose value is a call (Convex tables).
func matchJS(patterns map[string]jsPattern) matcher {
	return func(root *sitter.Node) []rawMatch {
		var out []rawMatch
		walk(root, func(n *sitter.Node) {
			typ := n.Type()
			if p, ok := patterns[typ]; ok {
				if nm := named(n, "name", p.nameType); nm != nil {
					out = append(out, rawMatch{kind: p.kind, def: n, name: nm})
				}
				return
			}
			switch typ {
			case "expression_statement":
				for _, a := range namedChildren(n) {
					if a.Type() != "assignment_expression" {
						continue
					}
					if left := named(a, "left", "member_expression"); left != nil {
						if nm := named(left, "property", "property_identifier"); nm != nil {
							out = append(out, rawMatch{kind: "export", def: a, name: nm})
						}
					}
				}
			case "pair":
				if nm := named(n, "key", "property_identifier"); nm != nil && named(n, "value", "call_expression") != nil {
					out = append(out, rawMatch{kind: "table", def: n, name: nm})
				}
			}
		})
		return out
	}
}

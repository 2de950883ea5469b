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

// RawMatch is one match of a definition pattern: a node a language's
// query would capture as @definition.<Kind>, with its @name and, for a Go
// method, its @receiver.
type RawMatch struct {
	Kind     string // the capture after "definition.": function, type, ...
	Def      *sitter.Node
	Name     *sitter.Node
	Receiver *sitter.Node
}

// Matcher finds the definition patterns of a language in a tree, in the
// order its query finds them.
type Matcher func(root *sitter.Node) []RawMatch

// Match is one raw match being turned into a Definition. Definitions fills
// in Src, Kind, Name, Def and Receiver, sets Out's Name, Path and Lang, and
// shows Def; the language's Refine hook fills in the rest of Out and may
// change what is shown.
type Match struct {
	Src      []byte
	Kind     string       // raw capture kind: function, method, type, class, ...
	Name     *sitter.Node // the name the pattern captured
	Def      *sitter.Node // the node the pattern captured
	Receiver *sitter.Node // a Go method's receiver
	Out      Definition
	Show     *sitter.Node // the node whose text becomes the snippet
	OwnFunc  *sitter.Node // the function whose own body is cut entirely
	ShowEnd  *sitter.Node // when set, the snippet runs on to the end of this node
	from     *sitter.Node // when set, the snippet starts at this node (a call of a chain)
}

// Named returns the child of n in field f when it is of node type typ.
func Named(n *sitter.Node, f, typ string) *sitter.Node {
	c := n.ChildByFieldName(f)
	if c == nil || c.Type() != typ {
		return nil
	}
	return c
}

// FieldChildren returns the children of n in field f of node type typ:
// all of them (a Go const_spec names several).
func FieldChildren(n *sitter.Node, f, typ string) []*sitter.Node {
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
func matchGo(root *sitter.Node) []RawMatch {
	var out []RawMatch
	for _, d := range NamedChildren(root) {
		switch d.Type() {
		case "function_declaration":
			if n := Named(d, "name", "identifier"); n != nil {
				out = append(out, RawMatch{Kind: "function", Def: d, Name: n})
			}
		case "method_declaration":
			r, n := Named(d, "receiver", "parameter_list"), Named(d, "name", "field_identifier")
			if r != nil && n != nil {
				out = append(out, RawMatch{Kind: "method", Def: d, Name: n, Receiver: r})
			}
		case "type_declaration":
			for _, s := range NamedChildren(d) {
				if s.Type() == "type_spec" || s.Type() == "type_alias" {
					if n := Named(s, "name", "type_identifier"); n != nil {
						out = append(out, RawMatch{Kind: "type", Def: s, Name: n})
					}
				}
			}
		case "const_declaration":
			for _, s := range NamedChildren(d) {
				// (The query matches a const_spec once, by its first name,
				// where it matches a var_spec once per name.)
				if s.Type() == "const_spec" {
					if n := Named(s, "name", "identifier"); n != nil {
						out = append(out, RawMatch{Kind: "constant", Def: s, Name: n})
					}
				}
			}
		case "var_declaration":
			for _, s := range NamedChildren(d) {
				specs := []*sitter.Node{s}
				if s.Type() == "var_spec_list" {
					specs = NamedChildren(s)
				}
				for _, v := range specs {
					if v.Type() == "var_spec" {
						for _, n := range FieldChildren(v, "name", "identifier") {
							out = append(out, RawMatch{Kind: "variable", Def: v, Name: n})
						}
					}
				}
			}
		}
	}
	return out
}

// Walk visits n and its named descendants in document order.
func Walk(n *sitter.Node, visit func(*sitter.Node)) {
	visit(n)
	for _, c := range NamedChildren(n) {
		Walk(c, visit)
	}
}

// matchPython: definitions anywhere (queries/python.scm).
func matchPython(root *sitter.Node) []RawMatch {
	var out []RawMatch
	Walk(root, func(n *sitter.Node) {
		switch n.Type() {
		case "function_definition":
			if nm := Named(n, "name", "identifier"); nm != nil {
				out = append(out, RawMatch{Kind: "function", Def: n, Name: nm})
			}
		case "class_definition":
			if nm := Named(n, "name", "identifier"); nm != nil {
				out = append(out, RawMatch{Kind: "class", Def: n, Name: nm})
			}
		case "expression_statement":
			for _, a := range NamedChildren(n) {
				if a.Type() == "assignment" {
					if nm := Named(a, "left", "identifier"); nm != nil {
						out = append(out, RawMatch{Kind: "variable", Def: a, Name: nm})
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

// matchJS returns the Matcher of queries/typescript.scm (or
// javascript.scm): definitions anywhere, CommonJS exports, and object
// pairs whose value is a call (Convex tables).
func matchJS(patterns map[string]jsPattern) Matcher {
	return func(root *sitter.Node) []RawMatch {
		var out []RawMatch
		Walk(root, func(n *sitter.Node) {
			typ := n.Type()
			if p, ok := patterns[typ]; ok {
				if nm := Named(n, "name", p.nameType); nm != nil {
					out = append(out, RawMatch{Kind: p.kind, Def: n, Name: nm})
				}
				return
			}
			switch typ {
			case "expression_statement":
				for _, a := range NamedChildren(n) {
					if a.Type() != "assignment_expression" {
						continue
					}
					if left := Named(a, "left", "member_expression"); left != nil {
						if nm := Named(left, "property", "property_identifier"); nm != nil {
							out = append(out, RawMatch{Kind: "export", Def: a, Name: nm})
						}
					}
				}
			case "pair":
				if nm := Named(n, "key", "property_identifier"); nm != nil && Named(n, "value", "call_expression") != nil {
					out = append(out, RawMatch{Kind: "table", Def: n, Name: nm})
				}
			}
		})
		return out
	}
}

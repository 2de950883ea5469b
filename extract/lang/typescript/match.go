package typescript

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// jsPatterns are the "(node name: (type) @name) @definition.kind"
// patterns of typescript.scm and javascript.scm.
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

// matchJS returns the Matcher of typescript.scm (or
// javascript.scm): definitions anywhere, CommonJS exports, and object
// pairs whose value is a call (Convex tables).
func matchJS(patterns map[string]jsPattern) extract.Matcher {
	return func(root *sitter.Node) []extract.RawMatch {
		var out []extract.RawMatch
		extract.Walk(root, func(n *sitter.Node) {
			typ := n.Type()
			if p, ok := patterns[typ]; ok {
				if nm := extract.Named(n, "name", p.nameType); nm != nil {
					out = append(out, extract.RawMatch{Kind: p.kind, Def: n, Name: nm})
				}
				return
			}
			switch typ {
			case "expression_statement":
				for _, a := range extract.NamedChildren(n) {
					if a.Type() != "assignment_expression" {
						continue
					}
					if left := extract.Named(a, "left", "member_expression"); left != nil {
						if nm := extract.Named(left, "property", "property_identifier"); nm != nil {
							out = append(out, extract.RawMatch{Kind: "export", Def: a, Name: nm})
						}
					}
				}
			case "pair":
				if nm := extract.Named(n, "key", "property_identifier"); nm != nil && extract.Named(n, "value", "call_expression") != nil {
					out = append(out, extract.RawMatch{Kind: "table", Def: n, Name: nm})
				}
			}
		})
		return out
	}
}

package typescript

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// tsPatterns and jsPatterns are the "(node name: (type) @name)
// @definition.kind" patterns of typescript.scm and javascript.scm.
var (
	tsPatterns = map[string]extract.NamePattern{
		"function_declaration":           {NameType: "identifier", Kind: "function"},
		"generator_function_declaration": {NameType: "identifier", Kind: "function"},
		"function_signature":             {NameType: "identifier", Kind: "function"},
		"class_declaration":              {NameType: "type_identifier", Kind: "class"},
		"abstract_class_declaration":     {NameType: "type_identifier", Kind: "class"},
		"interface_declaration":          {NameType: "type_identifier", Kind: "interface"},
		"type_alias_declaration":         {NameType: "type_identifier", Kind: "type"},
		"enum_declaration":               {NameType: "identifier", Kind: "enum"},
		"variable_declarator":            {NameType: "identifier", Kind: "variable"},
		"method_definition":              {NameType: "property_identifier", Kind: "method"},
		"abstract_method_signature":      {NameType: "property_identifier", Kind: "method"},
	}
	jsPatterns = map[string]extract.NamePattern{
		"function_declaration":           {NameType: "identifier", Kind: "function"},
		"generator_function_declaration": {NameType: "identifier", Kind: "function"},
		"class_declaration":              {NameType: "identifier", Kind: "class"},
		"variable_declarator":            {NameType: "identifier", Kind: "variable"},
		"method_definition":              {NameType: "property_identifier", Kind: "method"},
	}
)

// matchJS returns the Matcher of typescript.scm (or
// javascript.scm): definitions anywhere, CommonJS exports, and object
// pairs whose value is a call (Convex tables).
func matchJS(patterns map[string]extract.NamePattern) extract.Matcher {
	return func(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
		var out []extract.RawMatch
		extract.WalkSkipping(root, skip, func(n *sitter.Node) {
			if m, typed := extract.MatchName(patterns, n); typed {
				if m != nil {
					out = append(out, *m)
				}
				return
			}
			switch n.Type() {
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

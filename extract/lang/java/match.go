package java

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// javaPatterns are the "(node name: (identifier) @name) @definition.kind"
// patterns of java.scm.
var javaPatterns = map[string]string{
	"class_declaration":           "class",
	"interface_declaration":       "interface",
	"enum_declaration":            "enum",
	"record_declaration":          "record",
	"annotation_type_declaration": "annotation",
	"method_declaration":          "method",
}

// matchJava: definitions anywhere (java.scm), and each name a field or
// interface constant declares.
func matchJava(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		typ := n.Type()
		if kind, ok := javaPatterns[typ]; ok {
			if nm := extract.Named(n, "name", "identifier"); nm != nil {
				out = append(out, extract.RawMatch{Kind: kind, Def: n, Name: nm})
			}
			return
		}
		if typ == "field_declaration" || typ == "constant_declaration" {
			for _, v := range extract.FieldChildren(n, "declarator", "variable_declarator") {
				if nm := extract.Named(v, "name", "identifier"); nm != nil {
					out = append(out, extract.RawMatch{Kind: "field", Def: n, Name: nm})
				}
			}
		}
	})
	return out
}

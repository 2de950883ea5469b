package php

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// phpPatterns are the "(node name: (name) @name) @definition.kind"
// patterns of php.scm.
var phpPatterns = map[string]extract.NamePattern{
	"class_declaration":     {NameType: "name", Kind: "class"},
	"interface_declaration": {NameType: "name", Kind: "interface"},
	"trait_declaration":     {NameType: "name", Kind: "trait"},
	"enum_declaration":      {NameType: "name", Kind: "enum"},
	"function_definition":   {NameType: "name", Kind: "function"},
	"method_declaration":    {NameType: "name", Kind: "method"},
}

// matchPHP: definitions anywhere, each name a const declaration declares
// (the first child of its element), and every call that is a statement of
// its own, by the function's name or by a static method's (php.scm).
func matchPHP(root *sitter.Node) []extract.RawMatch {
	var out []extract.RawMatch
	extract.Walk(root, func(n *sitter.Node) {
		if m, typed := extract.MatchName(phpPatterns, n); typed {
			if m != nil {
				out = append(out, *m)
			}
			return
		}
		switch n.Type() {
		case "const_declaration":
			for i := 0; i < int(n.NamedChildCount()); i++ {
				el := n.NamedChild(i)
				if el.Type() != "const_element" || el.NamedChildCount() == 0 {
					continue
				}
				if nm := el.NamedChild(0); nm.Type() == "name" {
					out = append(out, extract.RawMatch{Kind: "constant", Def: n, Name: nm})
				}
			}
		case "expression_statement":
			for i := 0; i < int(n.NamedChildCount()); i++ {
				switch c := n.NamedChild(i); c.Type() {
				case "function_call_expression":
					if nm := extract.Named(c, "function", "name"); nm != nil {
						out = append(out, extract.RawMatch{Kind: "call", Def: n, Name: nm})
					}
				case "scoped_call_expression":
					if extract.Named(c, "scope", "name") == nil {
						continue
					}
					if nm := extract.Named(c, "name", "name"); nm != nil {
						out = append(out, extract.RawMatch{Kind: "static_call", Def: n, Name: nm})
					}
				}
			}
		}
	})
	return out
}

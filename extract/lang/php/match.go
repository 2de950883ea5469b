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

// hasChild reports a named child of n of type typ.
func hasChild(n *sitter.Node, typ string) bool {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if n.NamedChild(i).Type() == typ {
			return true
		}
	}
	return false
}

// keyMatches are the settings an array element's key names: each text of
// a string before its "=>".
func keyMatches(el *sitter.Node) []extract.RawMatch {
	var out []extract.RawMatch
	for i := 0; i < int(el.ChildCount()); i++ {
		c := el.Child(i)
		if c.Type() != "string" || !c.IsNamed() {
			continue
		}
		arrow := false
		for j := i + 1; j < int(el.ChildCount()); j++ {
			arrow = arrow || el.Child(j).Type() == "=>" && !el.Child(j).IsNamed()
		}
		if !arrow {
			continue
		}
		for k := 0; k < int(c.NamedChildCount()); k++ {
			if sc := c.NamedChild(k); sc.Type() == "string_content" {
				out = append(out, extract.RawMatch{Kind: "setting", Def: el, Name: sc})
			}
		}
	}
	return out
}

// matchPHP: definitions anywhere, each name a const declaration declares
// (the first child of its element), every call that is a statement of its
// own, by the function's name or by a static method's, every method call
// on a variable whose first argument is a string (a migration's column),
// and the keys of the array a return statement returns (php.scm).
func matchPHP(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		if m, typed := extract.MatchName(phpPatterns, n); typed {
			if m != nil {
				out = append(out, *m)
			}
			return
		}
		switch n.Type() {
		case "member_call_expression":
			if extract.Named(n, "object", "variable_name") == nil {
				return
			}
			nm := extract.Named(n, "name", "name")
			args := n.ChildByFieldName("arguments")
			if nm == nil || args == nil || args.Type() != "arguments" || args.NamedChildCount() == 0 {
				return
			}
			if a := args.NamedChild(0); a.Type() == "argument" && hasChild(a, "string") {
				out = append(out, extract.RawMatch{Kind: "column", Def: n, Name: nm})
			}
		case "array_element_initializer":
			if arr := n.Parent(); arr != nil && arr.Type() == "array_creation_expression" && arr.Parent() != nil && arr.Parent().Type() == "return_statement" {
				out = append(out, keyMatches(n)...)
			}
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

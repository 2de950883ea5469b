package csharp

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// csharpPatterns are the "(node name: (identifier) @name) @definition.kind"
// patterns of csharp.scm.
var csharpPatterns = map[string]extract.NamePattern{
	"class_declaration":        {NameType: "identifier", Kind: "class"},
	"struct_declaration":       {NameType: "identifier", Kind: "struct"},
	"interface_declaration":    {NameType: "identifier", Kind: "interface"},
	"enum_declaration":         {NameType: "identifier", Kind: "enum"},
	"record_declaration":       {NameType: "identifier", Kind: "record"},
	"delegate_declaration":     {NameType: "identifier", Kind: "delegate"},
	"method_declaration":       {NameType: "identifier", Kind: "method"},
	"local_function_statement": {NameType: "identifier", Kind: "function"},
}

// matchCSharp: definitions anywhere (csharp.scm), and each name a field
// declaration declares.
func matchCSharp(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		if m, typed := extract.MatchName(csharpPatterns, n); typed {
			if m != nil {
				out = append(out, *m)
			}
			return
		}
		if n.Type() != "field_declaration" {
			return
		}
		for _, v := range declarators(n) {
			if nm := extract.Named(v, "name", "identifier"); nm != nil {
				out = append(out, extract.RawMatch{Kind: "field", Def: n, Name: nm})
			}
		}
	})
	return out
}

// declarators are the variable declarators of a field or event
// declaration: long total, tax; declares two.
func declarators(n *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(n) {
		if c.Type() != "variable_declaration" {
			continue
		}
		for _, v := range extract.NamedChildren(c) {
			if v.Type() == "variable_declarator" {
				out = append(out, v)
			}
		}
	}
	return out
}

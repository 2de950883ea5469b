package kotlin

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// kotlinPatterns are the "(node (type) @name) @definition.kind" patterns
// of kotlin.scm: the grammar has no name field, and the name is the
// node's child of that type.
var kotlinPatterns = map[string]extract.NamePattern{
	"class_declaration":    {NameType: "type_identifier", Kind: "class"},
	"object_declaration":   {NameType: "type_identifier", Kind: "object"},
	"companion_object":     {NameType: "type_identifier", Kind: "companion"},
	"function_declaration": {NameType: "simple_identifier", Kind: "function"},
	"type_alias":           {NameType: "type_identifier", Kind: "alias"},
}

// matchKotlin: definitions anywhere, each child of the name's type a
// match, and each name a property's variable declares (kotlin.scm).
func matchKotlin(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		if p, ok := kotlinPatterns[n.Type()]; ok {
			for _, nm := range childrenOf(n, p.NameType) {
				out = append(out, extract.RawMatch{Kind: p.Kind, Def: n, Name: nm})
			}
			return
		}
		if n.Type() == "property_declaration" {
			for _, v := range childrenOf(n, "variable_declaration") {
				for _, nm := range childrenOf(v, "simple_identifier") {
					out = append(out, extract.RawMatch{Kind: "property", Def: n, Name: nm})
				}
			}
		}
	})
	return out
}

// childrenOf returns the named children of n of node type typ.
func childrenOf(n *sitter.Node, typ string) []*sitter.Node {
	if n == nil {
		return nil
	}
	var out []*sitter.Node
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == typ {
			out = append(out, c)
		}
	}
	return out
}

// childOf returns the first named child of n of node type typ, or nil.
func childOf(n *sitter.Node, typ string) *sitter.Node {
	if n == nil {
		return nil
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if c := n.NamedChild(i); c.Type() == typ {
			return c
		}
	}
	return nil
}

package clike

import (
	"sort"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// A Pattern is a query pattern "(Node Field: (Child) @name)
// @definition.Kind" of a C or C++ query: a declarator, a name or a tag;
// every child in Field of the type Child is a match (int x, y; declares
// two). Body, when set, is the node type the Node's body field must hold.
// First, when set, makes the pattern "(Node Field: (Child . (First)
// @name))": the name is the Child's first named child, of that type (a
// macro call's first argument).
type Pattern struct {
	Node, Field, Child, Kind, Body, First string
}

// CPatterns are the patterns of C's query (c.scm), which C++'s (cpp.scm)
// starts with, in their order.
var CPatterns = []Pattern{
	{Node: "function_declarator", Field: "declarator", Child: "identifier", Kind: "function"},
	{Node: "struct_specifier", Field: "name", Child: "type_identifier", Kind: "struct", Body: "field_declaration_list"},
	{Node: "union_specifier", Field: "name", Child: "type_identifier", Kind: "union", Body: "field_declaration_list"},
	{Node: "enum_specifier", Field: "name", Child: "type_identifier", Kind: "enum", Body: "enumerator_list"},
	{Node: "type_definition", Field: "declarator", Child: "type_identifier", Kind: "type"},
	{Node: "pointer_declarator", Field: "declarator", Child: "type_identifier", Kind: "type"},
	{Node: "array_declarator", Field: "declarator", Child: "type_identifier", Kind: "type"},
	{Node: "preproc_def", Field: "name", Child: "identifier", Kind: "macro"},
	{Node: "preproc_function_def", Field: "name", Child: "identifier", Kind: "macro"},
	{Node: "declaration", Field: "declarator", Child: "identifier", Kind: "variable"},
	{Node: "init_declarator", Field: "declarator", Child: "identifier", Kind: "variable"},
	{Node: "pointer_declarator", Field: "declarator", Child: "identifier", Kind: "variable"},
	{Node: "array_declarator", Field: "declarator", Child: "identifier", Kind: "variable"},
	{Node: "call_expression", Field: "arguments", Child: "argument_list", First: "identifier", Kind: "entry"},
}

// Matcher returns the matcher of a query made of patterns: each node, in
// document order, with the patterns for its type in the query's order.
func Matcher(patterns []Pattern) extract.Matcher {
	byNode := map[string][]Pattern{}
	for _, p := range patterns {
		byNode[p.Node] = append(byNode[p.Node], p)
	}
	return func(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
		var out []extract.RawMatch
		var last []uint32 // where each match's last node starts
		extract.WalkSkipping(root, skip, func(n *sitter.Node) {
			for _, p := range byNode[n.Type()] {
				var body *sitter.Node
				if p.Body != "" {
					if body = extract.Named(n, "body", p.Body); body == nil {
						continue
					}
				}
				for _, nm := range extract.FieldChildren(n, p.Field, p.Child) {
					if p.First != "" {
						if nm = nm.NamedChild(0); nm == nil || nm.Type() != p.First {
							continue
						}
					}
					out = append(out, extract.RawMatch{Kind: p.Kind, Def: n, Name: nm})
					end := nm.StartByte()
					if body != nil && body.StartByte() > end {
						end = body.StartByte()
					}
					last = append(last, end)
				}
			}
		})
		// A query finds a match when it reaches the match's last node:
		// a declaration's name after the struct its type defines.
		idx := make([]int, len(out))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return last[idx[a]] < last[idx[b]] })
		sorted := make([]extract.RawMatch, len(out))
		for i, k := range idx {
			sorted[i] = out[k]
		}
		return sorted
	}
}

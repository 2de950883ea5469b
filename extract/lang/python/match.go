package python

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// matchPython: definitions anywhere (python.scm).
func matchPython(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		switch n.Type() {
		case "function_definition":
			if nm := extract.Named(n, "name", "identifier"); nm != nil {
				out = append(out, extract.RawMatch{Kind: "function", Def: n, Name: nm})
			}
		case "class_definition":
			if nm := extract.Named(n, "name", "identifier"); nm != nil {
				out = append(out, extract.RawMatch{Kind: "class", Def: n, Name: nm})
			}
		case "expression_statement":
			for _, a := range extract.NamedChildren(n) {
				if a.Type() == "assignment" {
					if nm := extract.Named(a, "left", "identifier"); nm != nil {
						out = append(out, extract.RawMatch{Kind: "variable", Def: a, Name: nm})
					}
				}
			}
		}
	})
	return out
}

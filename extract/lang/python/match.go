package python

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// matchPython: definitions anywhere (python.scm).
func matchPython(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkStatements(root, skip, pyStatements, func(n *sitter.Node, typ string) {
		switch typ {
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

// pyStatements are the nodes that hold statements, where a definition
// can stand: an expression holds none.
var pyStatements = map[string]bool{
	"module": true, "block": true, "decorated_definition": true, "class_definition": true, "function_definition": true,
	"if_statement": true, "elif_clause": true, "else_clause": true, "for_statement": true, "while_statement": true,
	"try_statement": true, "except_clause": true, "except_group_clause": true, "finally_clause": true,
	"with_statement": true, "match_statement": true, "case_clause": true,
}

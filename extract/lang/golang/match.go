package golang

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// matchGo: top-level declarations only (go.scm).
func matchGo(root *sitter.Node, _ extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	for _, d := range extract.NamedChildren(root) {
		switch d.Type() {
		case "function_declaration":
			if n := extract.Named(d, "name", "identifier"); n != nil {
				out = append(out, extract.RawMatch{Kind: "function", Def: d, Name: n})
			}
		case "method_declaration":
			r, n := extract.Named(d, "receiver", "parameter_list"), extract.Named(d, "name", "field_identifier")
			if r != nil && n != nil {
				out = append(out, extract.RawMatch{Kind: "method", Def: d, Name: n, Receiver: r})
			}
		case "type_declaration":
			for _, s := range extract.NamedChildren(d) {
				if s.Type() == "type_spec" || s.Type() == "type_alias" {
					if n := extract.Named(s, "name", "type_identifier"); n != nil {
						out = append(out, extract.RawMatch{Kind: "type", Def: s, Name: n})
					}
				}
			}
		case "const_declaration":
			for _, s := range extract.NamedChildren(d) {
				// (The query matches a const_spec once, by its first name,
				// where it matches a var_spec once per name.)
				if s.Type() == "const_spec" {
					if n := extract.Named(s, "name", "identifier"); n != nil {
						out = append(out, extract.RawMatch{Kind: "constant", Def: s, Name: n})
					}
				}
			}
		case "var_declaration":
			for _, s := range extract.NamedChildren(d) {
				specs := []*sitter.Node{s}
				if s.Type() == "var_spec_list" {
					specs = extract.NamedChildren(s)
				}
				for _, v := range specs {
					if v.Type() == "var_spec" {
						for _, n := range extract.FieldChildren(v, "name", "identifier") {
							out = append(out, extract.RawMatch{Kind: "variable", Def: v, Name: n})
						}
					}
				}
			}
		}
	}
	return out
}

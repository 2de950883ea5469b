package rust

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// rustPatterns are the "(node name: (type) @name) @definition.kind"
// patterns of rust.scm.
var rustPatterns = map[string]extract.NamePattern{
	"function_item":           {NameType: "identifier", Kind: "function"},
	"function_signature_item": {NameType: "identifier", Kind: "function"},
	"struct_item":             {NameType: "type_identifier", Kind: "struct"},
	"union_item":              {NameType: "type_identifier", Kind: "union"},
	"enum_item":               {NameType: "type_identifier", Kind: "enum"},
	"trait_item":              {NameType: "type_identifier", Kind: "trait"},
	"type_item":               {NameType: "type_identifier", Kind: "type"},
	"const_item":              {NameType: "identifier", Kind: "constant"},
	"static_item":             {NameType: "identifier", Kind: "static"},
	"macro_definition":        {NameType: "identifier", Kind: "macro"},
}

// matchRust: definitions anywhere, and every macro invocation by the
// macro's name (rust.scm).
func matchRust(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		if m, typed := extract.MatchName(rustPatterns, n); typed {
			if m != nil {
				out = append(out, *m)
			}
			return
		}
		if n.Type() != "macro_invocation" {
			return
		}
		if nm := extract.Named(n, "macro", "identifier"); nm != nil {
			out = append(out, extract.RawMatch{Kind: "invocation", Def: n, Name: nm})
		} else if s := extract.Named(n, "macro", "scoped_identifier"); s != nil {
			if nm := extract.Named(s, "name", "identifier"); nm != nil {
				out = append(out, extract.RawMatch{Kind: "invocation", Def: n, Name: nm})
			}
		}
	})
	return out
}

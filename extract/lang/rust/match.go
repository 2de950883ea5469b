package rust

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// rustPatterns are the "(node name: (type) @name) @definition.kind"
// patterns of rust.scm.
var rustPatterns = map[string]struct{ nameType, kind string }{
	"function_item":           {"identifier", "function"},
	"function_signature_item": {"identifier", "function"},
	"struct_item":             {"type_identifier", "struct"},
	"union_item":              {"type_identifier", "union"},
	"enum_item":               {"type_identifier", "enum"},
	"trait_item":              {"type_identifier", "trait"},
	"type_item":               {"type_identifier", "type"},
	"const_item":              {"identifier", "constant"},
	"static_item":             {"identifier", "static"},
	"macro_definition":        {"identifier", "macro"},
}

// matchRust: definitions anywhere, and every macro invocation by the
// macro's name (rust.scm).
func matchRust(root *sitter.Node) []extract.RawMatch {
	var out []extract.RawMatch
	extract.Walk(root, func(n *sitter.Node) {
		typ := n.Type()
		if p, ok := rustPatterns[typ]; ok {
			if nm := extract.Named(n, "name", p.nameType); nm != nil {
				out = append(out, extract.RawMatch{Kind: p.kind, Def: n, Name: nm})
			}
			return
		}
		if typ != "macro_invocation" {
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

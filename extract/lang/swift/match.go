package swift

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// swiftPatterns are the "(node name: (type) @name) @definition.kind"
// patterns of swift.scm.
var swiftPatterns = map[string]extract.NamePattern{
	"class_declaration":             {NameType: "type_identifier", Kind: "class"},
	"protocol_declaration":          {NameType: "type_identifier", Kind: "protocol"},
	"function_declaration":          {NameType: "simple_identifier", Kind: "function"},
	"protocol_function_declaration": {NameType: "simple_identifier", Kind: "function"},
	"init_declaration":              {NameType: "init", Kind: "init"},
	"typealias_declaration":         {NameType: "type_identifier", Kind: "typealias"},
}

// matchSwift: declarations anywhere (swift.scm), and each name a property
// declaration binds (let a = 1, b = 2 binds two).
func matchSwift(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		if m, typed := extract.MatchName(swiftPatterns, n); typed {
			if m != nil {
				out = append(out, *m)
			}
			return
		}
		if n.Type() != "property_declaration" {
			return
		}
		for _, nm := range boundNames(n) {
			out = append(out, extract.RawMatch{Kind: "property", Def: n, Name: nm})
		}
	})
	return out
}

// boundNames are the names a property declaration binds, one per pattern
// that is a plain name (a tuple pattern's are locals of no type).
func boundNames(n *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for _, p := range extract.FieldChildren(n, "name", "pattern") {
		if nm := extract.Named(p, "bound_identifier", "simple_identifier"); nm != nil {
			out = append(out, nm)
		}
	}
	return out
}

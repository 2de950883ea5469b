package graphql

import (
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/block"
)

var graphqlSyntax = &block.Syntax{
	Keywords: map[string]block.Kind{
		"type": {Kind: extract.KindSchema, Title: "Type"}, "input": {Kind: extract.KindSchema, Title: "Input"}, "interface": {Kind: extract.KindInterface, Title: "Interface"},
		"enum": {Kind: extract.KindEnum, Title: "Enum"},
	},
	Comment: "#", Hash: true, BlockStrings: true,
	Member: func(f []string) (string, string, bool) {
		joined := strings.Join(f, " ")
		name := joined
		if i := strings.IndexAny(joined, "(:"); i >= 0 {
			name = joined[:i]
		}
		name = strings.TrimSpace(name)
		typ := ""
		if i := fieldColon(joined); i >= 0 {
			if t := strings.Fields(joined[i+1:]); len(t) > 0 {
				typ = block.BaseType(t[0])
			}
		}
		return name, typ, false // a field with arguments is still a field
	},
}

// fieldColon is the colon before a field's type: the first outside the
// arguments' parentheses and outside strings ("name(a: Int): String
// @deprecated(reason: "b: c")" has its type after the third), or -1.
func fieldColon(s string) int {
	depth, inStr := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ':' && depth == 0:
			return i
		}
	}
	return -1
}

// Lang is GraphQL SDL.
var Lang = &extract.Language{Name: "graphql", Display: "GraphQL", Fence: "graphql", Exts: []string{".graphql", ".gql", ".graphqls"}, Comment: "#", Revision: "2", MaxSize: extract.SchemaFileSize, WireSchemas: true,
	Scan: func(l *extract.Language, path string, src []byte) []extract.Definition {
		return block.Scan(graphqlSyntax, l, path, src)
	},
	SpecWords: []string{"graphql"},
	NotNames:  []string{"GraphQL"},
	Keywords: extract.Keywords{
		Decl:         []string{"type", "interface", "enum", "input", "extend"},
		Type:         []string{"type", "interface", "enum", "input"},
		TripleQuotes: `"`,
	},
	DocPrefixes: []string{"#"},
}

package prisma

import (
	"regexp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/block"
)

var prismaMapRe = regexp.MustCompile(`^\s*@@map\(\s*"([^"]+)"`)

var prismaSyntax = &block.Syntax{
	Keywords: map[string]block.Kind{
		"model": {Kind: extract.KindSchema, Title: "Model"}, "view": {Kind: extract.KindSchema, Title: "View"}, "type": {Kind: extract.KindSchema, Title: "Type"}, "enum": {Kind: extract.KindEnum, Title: "Enum"},
	},
	Comment: "//",
	Alias:   prismaMapRe,
	Member: func(f []string) (string, string, bool) {
		if len(f) > 1 {
			return f[0], block.BaseType(f[1]), false
		}
		return f[0], "", false
	},
}

// Lang is Prisma schema.
var Lang = &extract.Language{Name: "prisma", Display: "Prisma", Fence: "prisma", Exts: []string{".prisma"}, Comment: "//", Revision: "1", MaxSize: extract.SchemaFileSize,
	Scan: func(l *extract.Language, path string, src []byte) []extract.Definition {
		return block.Scan(prismaSyntax, l, path, src)
	},
	SpecWords: []string{"prisma"},
	Keywords: extract.Keywords{
		Decl: []string{"model", "view", "enum", "type"},
		Type: []string{"model", "view", "enum", "type"},
	},
	DocPrefixes: []string{"//"},
	KeyMarkers:  []string{"@id"},
}

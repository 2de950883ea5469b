package prisma

import (
	"regexp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/block"
)

var prismaMapRe = regexp.MustCompile(`^\s*@@map\(\s*"([^"]+)"`)

// prismaFieldMapRe reads the column a field is stored in: @map("reset_at").
var prismaFieldMapRe = regexp.MustCompile(`[^@]@map\(\s*"([^"]+)"`)

var prismaSyntax = &block.Syntax{
	Keywords: map[string]block.Kind{
		"model": {Kind: extract.KindSchema, Title: "Model"}, "view": {Kind: extract.KindSchema, Title: "View"}, "type": {Kind: extract.KindSchema, Title: "Type"}, "enum": {Kind: extract.KindEnum, Title: "Enum"},
	},
	Comment: "//",
	Alias:   prismaMapRe,
	Serialized: func(line string) []string {
		if m := prismaFieldMapRe.FindStringSubmatch(line); m != nil {
			return []string{m[1]}
		}
		return nil
	},
	Member: func(f []string) (string, string, bool) {
		if len(f) > 1 {
			return f[0], block.BaseType(f[1]), false
		}
		return f[0], "", false
	},
}

// Lang is Prisma schema.
var Lang = &extract.Language{Name: "prisma", Display: "Prisma", Fence: "prisma", Exts: []string{".prisma"}, Comment: "//", Revision: "2", MaxSize: extract.SchemaFileSize,
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
	ClientMethods: []string{"findUnique", "findUniqueOrThrow", "findFirst", "findFirstOrThrow", "findMany", "create", "createMany",
		"createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany", "count", "aggregate",
		"groupBy"},
}

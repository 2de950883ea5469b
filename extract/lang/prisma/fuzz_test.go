package prisma

import (
	"testing"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzPrisma(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "schema.prisma", []string{
		"model User {\n  id Int @id\n  posts Post[]\n}\n",
		"enum Role {\n  USER\n  ADMIN\n}\n",
		"model A { id Int }\nmodel B {\n// }\n  a A @relation(fields: [aId], references: [id])\n",
		"/// doc\nmodel {\n}\n}}\n{{",
		"type Address {\n  street String\n}\nview V {\n id Int\n",
	})
}

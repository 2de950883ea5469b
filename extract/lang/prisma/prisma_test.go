package prisma

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestPrisma(t *testing.T) {
	src := `datasource db {
  provider = "postgresql"
}

/// An order placed by a user.
model Order {
  id        Int      @id @default(autoincrement())
  status    Status   @default(PENDING) // "}" in a comment
  items     OrderItem[]
  note      String?  @default("{brace}")

  @@index([status])
}

enum Status {
  PENDING
  FILLED
}
`
	want := []string{
		"schema Model Order 5-13 [id@7:Int status@8:Status items@9:OrderItem note@10:String]",
		"enum Enum Status 15-18 [PENDING@16 FILLED@17]",
	}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "schema.prisma", src)); diff != "" {
		t.Error(diff)
	}
}

package graphql

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzGraphQL(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "schema.graphql", []string{
		"\"\"\"An order.\"\"\"\ntype Order implements Node @key(fields: \"id\") {\n  id: ID!\n  items(first: Int, after: String): [OrderItem!]!\n  total: Money @deprecated(reason: \"use amount\")\n}\n",
		"extend type Query {\n  order(id: ID!): Order\n  orders(filter: OrderFilter = {status: OPEN}): [Order!]!\n}\n",
		"enum Status { OPEN CLOSED }\nenum Role {\n  # the default\n  USER\n  ADMIN\n}\n",
		"input NewOrder {\n  sku: String! = \"a # not a comment\"\n  qty: Int = 1\n}\ninterface Node {\n  id: ID!\n}\n",
		"type Mutation {\n  placeOrder(\n    input: NewOrder!\n  ): Order\n}\nunion SearchResult = Order | User\nscalar DateTime\n",
		"type A { b: B } type B {\n  \"a \\\" quote { \"\n  c: String\n}\n",
		"type {\n}\n}}\n{{\nextend\ntype X\n{\n",
		"\"\"\"\nThe user.\n\n    type Example { x: Int }\n\"\"\"\ntype User {\n  \"\"\"\n  Primary } key\n  \"\"\"\n  id: ID!\n}\n",
	}, described)
}

// described: text in a description, above a type or above a field, or
// in a string argument, defines nothing and ends nothing.
func described(t *testing.T, p *extract.Parser, src []byte) {
	text := strings.ReplaceAll(string(src), `"""`, `'''`) // cannot end the block string
	line := strings.NewReplacer("\\", `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(string(src))
	schema := "\"\"\"\n" + text + "\n\"\"\"\ntype Fixed {\n  \"\"\"\n" + text + "\n  \"\"\"\n  id: ID!\n" +
		"  name(format: String = \"" + line + "\"): String @deprecated(reason: \"" + line + "\")\n}\n"
	langtest.OnlyDefinition(t, p, Lang, "schema.graphql", schema, "Fixed", "id:ID", "name:String")
}

package graphql

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestGraphQL(t *testing.T) {
	gql := `"""An order."""
type Order implements Node @key(fields: "id") {
  id: ID!
  items(first: Int): [OrderItem!]!
}

extend type Query {
  order(id: ID!): Order
}

enum Status { OPEN CLOSED }

input NewOrder {
  sku: String!
}
`
	want := []string{
		"schema Type Order 1-5 [id@3:ID items@4:OrderItem]",
		"schema Type Query 7-9 [order@8:Order]",
		"enum Enum Status 11-11 []",
		"schema Input NewOrder 13-15 [sku@14:String]",
	}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "schema.graphql", gql)); diff != "" {
		t.Error(diff)
	}
}

// TestGraphQLDescriptions: what a block string holds is no structure,
// and a field's type is the one after its arguments, not a colon in a
// directive's (FuzzGraphQL found both).
func TestGraphQLDescriptions(t *testing.T) {
	gql := `"""
An example:
    type Fake { x: Int }
"""
type User {
  """
  Primary } key
  """
  id: ID!
  name(format: String = "a: b"): String @deprecated(reason: "use: fullName")
  """Not \""" a field"""
  email: Email
}
`
	want := []string{"schema Type User 4-13 [id@9:ID name@10:String email@12:Email]"}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "schema.graphql", gql)); diff != "" {
		t.Error(diff)
	}
}

package extract

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func summarize(t *testing.T, file, src string) []string {
	t.Helper()
	var out []string
	for _, d := range defsOf2(t, file, src) {
		var ms []string
		for _, m := range d.Members {
			s := fmt.Sprintf("%s@%d", m.Name, m.Start)
			if m.End != m.Start {
				s += fmt.Sprintf("-%d", m.End)
			}
			if m.Type != "" {
				s += ":" + m.Type
			}
			if m.Method {
				s += "()"
			}
			ms = append(ms, s)
		}
		amend := ""
		if d.Amends {
			amend = " amends"
		}
		out = append(out, fmt.Sprintf("%s %s %s%s %d-%d [%s]", d.Kind, d.Title, d.Name, amend, d.StartLine, d.EndLine, strings.Join(ms, " ")))
	}
	return out
}

func defsOf2(t *testing.T, file, src string) []Definition {
	p := NewParser()
	defer p.Close()
	ds, err := p.Definitions(nil, ForPath(file), file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

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
	if diff := cmp.Diff(want, summarize(t, "schema.prisma", src)); diff != "" {
		t.Error(diff)
	}
}

func TestSQL(t *testing.T) {
	src := `-- Orders placed by customers.
CREATE TABLE IF NOT EXISTS public.orders (
    id BIGSERIAL PRIMARY KEY,
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    status order_status NOT NULL DEFAULT 'pending', -- a comment; with a semicolon
    note TEXT DEFAULT 'a;b',
    CONSTRAINT orders_note_len CHECK (length(note) < 100)
);
CREATE TYPE order_status AS ENUM ('pending', 'filled');
CREATE UNIQUE INDEX CONCURRENTLY idx_orders_status ON orders (status);
ALTER TABLE orders ADD COLUMN shipped_at TIMESTAMPTZ;
CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN RETURN NEW; END; $$ LANGUAGE plpgsql;
create view "Active Orders" as select * from orders where status = 'pending';
`
	want := []string{
		"schema Table orders 1-8 [id@3 customer_id@4:customers status@5 note@6]",
		"enum Enum order_status 9-9 [pending@9 filled@9]",
		"schema Index idx_orders_status 10-10 []",
		"schema Alter Table orders amends 11-11 []",
		"schema View Active Orders 13-13 []",
	}
	if diff := cmp.Diff(want, summarize(t, "db/schema.sql", src)); diff != "" {
		t.Error(diff)
	}
	ds := defsOf2(t, "db/schema.sql", src)
	if got := ds[0].Lines[len(ds[0].Lines)-1].Text; got != ");" {
		t.Errorf("table ends with %q", got)
	}
}

func TestGraphQLAndProto(t *testing.T) {
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
	if diff := cmp.Diff(want, summarize(t, "schema.graphql", gql)); diff != "" {
		t.Error(diff)
	}
	proto := `syntax = "proto3";

// An order.
message Order {
  int64 id = 1;
  repeated OrderItem items = 2;
  message Line {
    string sku = 1;
  }
  Status status = 3;
}

service Orders {
  rpc Place(PlaceRequest) returns (Order);
}
`
	want = []string{
		"schema Message Order 3-11 [id@5:int64 items@6:OrderItem Line@7-9 status@10:Status]",
		"interface Service Orders 13-15 [Place@14()]",
	}
	if diff := cmp.Diff(want, summarize(t, "orders.proto", proto)); diff != "" {
		t.Error(diff)
	}
}

func TestSQLStatementsSharingALine(t *testing.T) {
	src := "DROP TYPE IF EXISTS bounce_type CASCADE; CREATE TYPE bounce_type AS ENUM ('soft','hard','complaint');\n" +
		"CREATE TYPE a AS ENUM ('x'); CREATE TYPE b AS ENUM ('y');\n" +
		"CREATE TABLE t (\n    -- the key\n    id INT PRIMARY KEY,\n    -- a note\n    note TEXT\n);\n"
	ds := defsOf2(t, "schema.sql", src)
	var got []string
	for _, d := range ds {
		got = append(got, fmt.Sprintf("%s %d-%d %q", d.Name, d.StartLine, d.EndLine, d.Text()))
	}
	want := []string{
		`bounce_type 1-1 "CREATE TYPE bounce_type AS ENUM ('soft','hard','complaint');"`,
		`a 2-2 "CREATE TYPE a AS ENUM ('x');"`,
		`b 2-2 "CREATE TYPE b AS ENUM ('y');"`,
		"t 3-8 \"CREATE TABLE t (\\n    -- the key\\n    id INT PRIMARY KEY,\\n    -- a note\\n    note TEXT\\n);\"",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	if m := ds[3].Members; len(m) != 2 || m[0].Start != 4 || m[1].Start != 6 {
		t.Errorf("column comments not part of their columns: %+v", m)
	}
}

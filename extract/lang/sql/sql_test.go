package sql

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

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
		"schema Alter Table orders amends 11-11 [shipped_at@11]",
		"function Function f 12-12 []",
		"schema View Active Orders 13-13 []",
	}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "db/schema.sql", src)); diff != "" {
		t.Error(diff)
	}
	ds := langtest.Definitions(t, Lang, "db/schema.sql", src)
	if got := ds[0].Lines[len(ds[0].Lines)-1].Text; got != ");" {
		t.Errorf("table ends with %q", got)
	}
}

// TestSQLRoutines: a stored procedure or function is a definition whose
// lines are its signature, up to the AS or BEGIN its body starts at,
// after a byte order mark too.
func TestSQLRoutines(t *testing.T) {
	src := "\ufeffCREATE PROCEDURE [dbo].[EmergencyAccess_Update]\n    @Id UNIQUEIDENTIFIER,\n    @Name NVARCHAR(MAX) = NULL\nAS\nBEGIN\n" +
		"    SET NOCOUNT ON\n    UPDATE [dbo].[EmergencyAccess] SET [Status] = 3 WHERE [Id] = @Id\nEND\n"
	ds := langtest.Definitions(t, Lang, "dbo/Stored Procedures/EmergencyAccess_Update.sql", src)
	if len(ds) != 1 {
		t.Fatalf("%d definitions", len(ds))
	}
	d := ds[0]
	var lines []string
	for _, l := range d.Lines {
		lines = append(lines, l.Text)
	}
	want := []string{"CREATE PROCEDURE [dbo].[EmergencyAccess_Update]", "    @Id UNIQUEIDENTIFIER,", "    @Name NVARCHAR(MAX) = NULL", "AS"}
	if d.Name != "EmergencyAccess_Update" || d.Title != "Stored Procedure" || d.StartLine != 1 || d.EndLine != 4 || d.Extent != 8 {
		t.Errorf("%s %q lines %d-%d extent %d", d.Name, d.Title, d.StartLine, d.EndLine, d.Extent)
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Error(diff)
	}
	mysql := "CREATE DEFINER=`root`@`%` PROCEDURE archive_orders(IN cutoff DATE)\nBEGIN\n  DELETE FROM orders WHERE placed_at < cutoff;\nEND"
	if got := langtest.Summaries(t, Lang, "a.sql", mysql); len(got) != 1 || got[0] != "function Stored Procedure archive_orders 1-2 []" {
		t.Errorf("MySQL procedure: %v", got)
	}
}

// TestSQLEmptyEnumValue: an empty quoted value is no member (FuzzSQL
// found an unterminated enum whose one value is empty, seed
// a3419e4fa17b8d12, giving a member with an empty name).
func TestSQLEmptyEnumValue(t *testing.T) {
	src := "CREATE TYPE mood AS ENUM ('', 'sad', '');\nCREATE TYPE 0 AS ENUM(''"
	want := []string{"enum Enum mood 1-1 [sad@1]", "enum Enum 0 2-2 []"}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "a.sql", src)); diff != "" {
		t.Error(diff)
	}
}

// TestSQLIdent: the last part of a qualified name, whatever quotes its
// parts (FuzzSQL found a column "x." named with the empty string).
func TestSQLIdent(t *testing.T) {
	for in, want := range map[string]string{
		"orders": "orders", "public.orders": "orders", `"Order"`: "Order", `"public"."Order Items"`: "Order Items",
		"[dbo].[Users]": "Users", "dbo.[Users]": "Users", "`shop`.`orders`": "orders", `a."b.c"`: "b.c",
		`"."`: ".", `"]"`: "]", `"my`: "my", "a.": "",
	} {
		if got := sqlIdent(in); got != want {
			t.Errorf("sqlIdent(%s) = %q, want %q", in, got, want)
		}
	}
	src := "CREATE TABLE [dbo].[Users] (id int, x. int, org int REFERENCES [dbo].[Orgs](id));"
	want := []string{"schema Table Users 1-1 [id@1 org@1:Orgs]"}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "a.sql", src)); diff != "" {
		t.Error(diff)
	}
}

func TestSQLStatementsSharingALine(t *testing.T) {
	src := "DROP TYPE IF EXISTS bounce_type CASCADE; CREATE TYPE bounce_type AS ENUM ('soft','hard','complaint');\n" +
		"CREATE TYPE a AS ENUM ('x'); CREATE TYPE b AS ENUM ('y');\n" +
		"CREATE TABLE t (\n    -- the key\n    id INT PRIMARY KEY,\n    -- a note\n    note TEXT\n);\n"
	ds := langtest.Definitions(t, Lang, "schema.sql", src)
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

// TestAddedColumns: the columns each dialect's ALTER TABLE adds, and none
// of its constraints, keys, partitions or other clauses.
func TestAddedColumns(t *testing.T) {
	for src, want := range map[string]string{
		"ALTER TABLE sak ADD COLUMN a BOOLEAN NOT NULL DEFAULT true, ADD COLUMN IF NOT EXISTS b TIMESTAMPTZ, ADD CONSTRAINT c UNIQUE (a);": "a b",
		"ALTER TABLE orders ADD (shipped_at DATE, carrier VARCHAR2(40));":                                                                  "shipped_at carrier",
		"ALTER TABLE orders ADD a datetime, b nvarchar(20);":                                                                               "a b",
		"ALTER TABLE orders ADD COLUMN note;":                                                                                              "note",
		"ALTER TABLE orders ADD PARTITION (PARTITION p3 VALUES LESS THAN (2002));":                                                         "",
		"ALTER TABLE orders ADD COLUMN x int, DROP COLUMN y, ALTER COLUMN z SET NOT NULL;":                                                 "x",
		"ALTER TABLE orders ADD PRIMARY KEY (id), ADD INDEX i (a);":                                                                        "",
	} {
		var got []string
		for _, d := range langtest.Definitions(t, Lang, "m.sql", src) {
			for _, m := range d.Members {
				got = append(got, m.Name)
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: columns %q, want %q", src, got, want)
		}
	}
}

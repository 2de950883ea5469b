package sql

import (
	"testing"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzSQL(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "schema.sql", []string{
		"CREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  email TEXT NOT NULL\n);\n",
		"CREATE TYPE status AS ENUM ('a', 'b');\nALTER TABLE users ADD COLUMN s status;\n",
		"create table if not exists \"Order\" (id int); create table b (x text default ';');",
		"CREATE TABLE t (a text DEFAULT 'it''s', -- comment );\n b int);\n",
		"CREATE TABLE (\n);\n/* unterminated",
		"CREATE VIEW v AS SELECT * FROM t;\nCREATE INDEX i ON t (a);",
	})
}

package sql

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// Lang is SQL: the schema its DDL statements define, in migrations and in
// the dumps of a schema (Laravel's database/schema/mysql-schema.dump).
var Lang = &extract.Language{Name: "sql", BuiltinsAnywhere: true, Migrated: true, Display: "SQL", Fence: "sql", Exts: []string{".sql", ".dump"}, Comment: "--", Revision: "10", MaxSize: extract.SchemaFileSize, Scan: scanSQL,
	SpecWords: []string{"sql", "postgres", "postgresql", "mysql", "sqlite"},
	NotNames:  []string{"PostgreSQL", "MySQL"},
	// The statements, clauses and functions a spec spells in capitals:
	// `LIMIT`, `SELECT ... FOR UPDATE` are SQL's, not the repository's.
	Builtins: []string{"SELECT", "INSERT", "UPDATE", "DELETE", "FROM", "WHERE", "JOIN", "LIMIT", "OFFSET", "ORDER", "GROUP",
		"HAVING", "RETURNING", "DISTINCT", "UNION", "COUNT", "COALESCE", "NULL", "TRUE", "FALSE", "DEFAULT", "NOW", "VACUUM", "TRUNCATE", "BEGIN",
		"COMMIT", "ROLLBACK", "SAVEPOINT", "EXPLAIN", "ANALYZE", "CASCADE", "RESTRICT", "UNIQUE", "PRIMARY", "FOREIGN",
		"REFERENCES", "INDEX", "CONCURRENTLY", "NOWAIT", "UPSERT", "MERGE", "WITH", "RECURSIVE", "ALTER", "DROP", "TABLE", "COLUMN",
		// and its column types, which a spec's table of columns spells in
		// either case (`varchar(512)`).
		"VARCHAR", "varchar", "NVARCHAR", "nvarchar", "BIGINT", "bigint", "SMALLINT", "smallint", "TINYINT", "tinyint",
		"TIMESTAMPTZ", "timestamptz", "JSONB", "jsonb", "BYTEA", "bytea", "BIGSERIAL", "bigserial", "INTEGER", "BOOLEAN",
		"TIMESTAMP", "TEXT", "SERIAL", "TTL"},
	Keywords: extract.Keywords{
		Decl:        []string{"CREATE", "create", "Create", "ALTER", "alter", "Alter", "DROP", "drop"},
		Type:        []string{"CREATE", "create", "Create", "TABLE", "table"},
		CommentDecl: "-- name:",
	},
	KeyMarkers: []string{"PRIMARY KEY"},
	FieldNoun:  [2]string{"column", "columns"},
	Amendable:  true,
}

// sqlStatement is one statement: its text with comments blanked out, and
// the lines it spans (0-based, inclusive).
type sqlStatement struct {
	text       string
	start, end int // lines, 0-based
	from, to   int // byte offsets in the source: where the statement's text starts and ends
}

var (
	sqlName       = `((?:[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\])(?:\.(?:[\w$]+|"[^"]+"|` + "`[^`]+`" + `|\[[^\]]+\]))*)`
	sqlTableRe    = regexp.MustCompile(`(?is)^CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL|LOCAL)\s+)?(?:TEMP\s+|TEMPORARY\s+|UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?` + sqlName + `\s*\(`)
	sqlEnumRe     = regexp.MustCompile(`(?is)^CREATE\s+TYPE\s+` + sqlName + `\s+AS\s+ENUM\s*\(`)
	sqlViewRe     = regexp.MustCompile(`(?is)^CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP\s+|TEMPORARY\s+)?(?:MATERIALIZED\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?` + sqlName)
	sqlIndexRe    = regexp.MustCompile(`(?is)^CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?` + sqlName + `\s+ON\s+(?:ONLY\s+)?` + sqlName)
	sqlRoutineRe  = regexp.MustCompile(`(?is)^CREATE\s+(?:OR\s+(?:REPLACE|ALTER)\s+)?(?:DEFINER\s*=\s*\S+\s+)?(PROC|PROCEDURE|FUNCTION)\s+` + sqlName)
	sqlAlterRe    = regexp.MustCompile(`(?is)^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?` + sqlName)
	sqlValueRe    = regexp.MustCompile(`'((?:[^']|'')*)'`)
	sqlRefRe      = regexp.MustCompile(`(?i)\bREFERENCES\s+` + sqlName)
	sqlConstraint = map[string]bool{"CONSTRAINT": true, "PRIMARY": true, "FOREIGN": true, "UNIQUE": true, "CHECK": true,
		"INDEX": true, "KEY": true, "EXCLUDE": true, "LIKE": true, "FULLTEXT": true, "SPATIAL": true, "PERIOD": true}
)

// sqlIdent unquotes the last part of a possibly qualified name: a dot
// inside quotes or brackets does not qualify ("a.b", [dbo].[Users]). It
// is empty when the name ends with a dot.
func sqlIdent(s string) string {
	last, closer := 0, byte(0)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case closer != 0:
			if c == closer {
				closer = 0
			}
		case c == '"' || c == '`':
			closer = c
		case c == '[':
			closer = ']'
		case c == '.':
			last = i + 1
		}
	}
	p := s[last:]
	if n := len(p); n >= 2 && (p[0] == '"' && p[n-1] == '"' || p[0] == '`' && p[n-1] == '`' || p[0] == '[' && p[n-1] == ']') {
		return p[1 : n-1]
	}
	return strings.Trim(p, "\"`[]") // an unclosed quote: a column item split at a space
}

// splitSQL splits src into statements at semicolons outside strings,
// quoted identifiers, dollar-quoted bodies and comments; comments are
// replaced by spaces so that positions stay put.
func splitSQL(src string) []sqlStatement {
	b := []byte(src)
	var out []sqlStatement
	line, start, startLine := 0, 0, 0
	flush := func(end, endLine int) {
		text := string(b[start:end])
		if strings.TrimSpace(text) != "" {
			// The statement starts on the line of its first non-space byte.
			lead := len(text) - len(strings.TrimLeft(text, " \t\r\n"))
			trail := len(strings.TrimRight(text, " \t\r\n"))
			out = append(out, sqlStatement{text: strings.TrimSpace(text), start: startLine + strings.Count(text[:lead], "\n"), end: endLine,
				from: start + lead, to: start + trail})
		}
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '\n':
			line++
		case c == '-' && i+1 < len(b) && b[i+1] == '-':
			if ls := bytes.LastIndexByte(b[:i], '\n') + 1; len(bytes.TrimSpace(b[ls:i])) == 0 && namedQueryRe.Match(bytes.TrimRight(b[i:i+bytes.IndexByte(append(b[i:len(b):len(b)], '\n'), '\n')], " \t\r")) {
				// yesql's `-- name: get-user` starts a statement, which ends
				// there if no semicolon did.
				flush(ls, line)
				start, startLine = ls, line
			}
			for i < len(b) && b[i] != '\n' {
				b[i] = ' '
				i++
			}
			i--
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			for i < len(b) && !(b[i] == '*' && i+1 < len(b) && b[i+1] == '/') {
				if b[i] != '\n' {
					b[i] = ' '
				} else {
					line++
				}
				i++
			}
			if i+1 < len(b) {
				b[i], b[i+1] = ' ', ' '
				i++
			}
		case c == '\'' || c == '"' || c == '`':
			for i++; i < len(b) && b[i] != c; i++ {
				if b[i] == '\n' {
					line++
				}
			}
		case c == '$':
			j := i + 1
			for j < len(b) && (b[j] == '_' || b[j] >= 'a' && b[j] <= 'z' || b[j] >= 'A' && b[j] <= 'Z' || b[j] >= '0' && b[j] <= '9') {
				j++
			}
			if j < len(b) && b[j] == '$' {
				tag := string(b[i : j+1])
				k := strings.Index(string(b[j+1:]), tag)
				if k < 0 {
					k = len(b) - j - 1 - len(tag)
				}
				end := j + 1 + k + len(tag)
				line += strings.Count(string(b[i:min(end, len(b))]), "\n")
				i = min(end, len(b)) - 1
			}
		case c == ';':
			flush(i+1, line)
			start, startLine = i+1, line
		}
	}
	flush(len(b), line)
	return out
}

// scanSQL finds CREATE TABLE, CREATE TYPE ... AS ENUM, CREATE VIEW, CREATE
// INDEX, CREATE PROCEDURE or FUNCTION and ALTER TABLE statements. A
// table's members are its columns; constraint clauses are kept as
// structure; a procedure shows its signature.
func scanSQL(lang *extract.Language, path string, src []byte) []extract.Definition {
	lines := strings.Split(string(src), "\n")
	var defs []extract.Definition
	for _, st := range splitSQL(string(src)) {
		bom := len(st.text)
		st.text = strings.TrimPrefix(st.text, "\ufeff") // a byte order mark before the first statement (SQL Server's project files)
		bom -= len(st.text)
		d := extract.Definition{Path: path, Lang: lang, Exported: true, StartLine: st.start + 1, EndLine: st.end + 1, DeclLine: st.start + 1}
		switch {
		case sqlTableRe.MatchString(st.text):
			m := sqlTableRe.FindStringSubmatch(st.text)
			d.Name, d.Kind, d.Title = sqlIdent(m[1]), extract.KindSchema, "Table"
			d.Members = sqlColumns(lines, st)
		case sqlEnumRe.MatchString(st.text):
			m := sqlEnumRe.FindStringSubmatch(st.text)
			d.Name, d.Kind, d.Title = sqlIdent(m[1]), extract.KindEnum, "Enum"
			for _, v := range sqlValueRe.FindAllStringSubmatch(st.text[len(m[0]):], -1) {
				if v[1] == "" {
					continue // '' names no value a spec could mean
				}
				row := st.start + strings.Count(st.text[:strings.Index(st.text, v[0])], "\n") + 1
				d.Members = append(d.Members, extract.Member{Name: v[1], Start: row, End: row})
			}
		case sqlViewRe.MatchString(st.text):
			m := sqlViewRe.FindStringSubmatch(st.text)
			d.Name, d.Kind, d.Title = sqlIdent(m[1]), extract.KindSchema, "View"
		case sqlIndexRe.MatchString(st.text):
			m := sqlIndexRe.FindStringSubmatch(st.text)
			d.Name, d.Container, d.Kind, d.Title = sqlIdent(m[1]), sqlIdent(m[2]), extract.KindSchema, "Index"
		case sqlRoutineRe.MatchString(st.text):
			// A stored procedure or function: its signature, the
			// statement up to the AS or BEGIN its body starts at.
			m := sqlRoutineRe.FindStringSubmatch(st.text)
			d.Name, d.Kind, d.Title = sqlIdent(m[2]), extract.KindFunction, "Function"
			if k := strings.ToUpper(m[1]); k == "PROC" || k == "PROCEDURE" {
				d.Title = "Stored Procedure"
			}
			if at := routineBody(st.text, len(m[0])); at >= 0 {
				d.Extent = st.start + strings.Count(st.text, "\n") + 1
				st.to = st.from + bom + at
				st.end = st.start + strings.Count(st.text[:at], "\n")
			}
		case sqlAlterRe.MatchString(st.text):
			m := sqlAlterRe.FindStringSubmatch(st.text)
			d.Name, d.Kind, d.Title, d.Amends = sqlIdent(m[1]), extract.KindSchema, "Alter Table", true
			d.Members = sqlAddedColumns(st, len(m[0]))
		case namedQuery(lines, st.start) != "":
			// sqlc's `-- name: GetAccount :one` above a SELECT: the query
			// its generated code calls GetAccount, with the comment.
			d.Name, d.Kind, d.Title = namedQuery(lines, st.start), extract.KindFunction, "Query"
		default:
			continue
		}
		// Doc comments: up to three "--" lines right above.
		s := st.start
		for k := st.start - 1; k >= 0 && st.start-k <= 3 && strings.HasPrefix(strings.TrimSpace(lines[k]), "--"); k-- {
			s = k
		}
		if k := s - 1; k >= 0 && strings.HasPrefix(strings.TrimSpace(lines[k]), "--") {
			s = st.start // longer than three lines: leave it out
		}
		d.StartLine = s + 1
		for r := s; r < st.start; r++ {
			d.Lines = append(d.Lines, extract.Line{Row: r + 1, Text: strings.TrimRight(lines[r], " \t\r")})
		}
		// The statement's own text: a line it shares with another
		// statement ("DROP TYPE t; CREATE TYPE t AS ENUM (...);") shows
		// only this statement's part.
		body := strings.TrimPrefix(string(src[st.from:st.to]), "\ufeff")
		if end := st.to; end < len(src) && src[end] == ';' {
			body += ";"
		}
		for i, l := range strings.Split(body, "\n") {
			d.Lines = append(d.Lines, extract.Line{Row: st.start + i + 1, Text: strings.TrimRight(l, " \t\r")})
		}
		d.EndLine = st.start + strings.Count(body, "\n") + 1
		defs = append(defs, d)
	}
	return defs
}

// namedQueryRe is the comment that names the query below it, as sqlc and
// yesql write it: `-- name: GetAccount :one`, `-- name: get-user`,
// `-- name: save-user!`, aiosql's `-- name: get-user^`; not a sentence (`-- name: seed settings`).
var namedQueryRe = regexp.MustCompile(`^--\s*name:\s*([A-Za-z_][\w-]*)[!<*^$#]*(?:\s+:\w.*)?$`)

// namedQuery is the name the comment lines right above a statement's
// first line (row, 0-based) give it, "" for none.
func namedQuery(lines []string, row int) string {
	for k := row - 1; k >= 0 && row-k <= 4; k-- {
		l := strings.TrimSpace(lines[k])
		if l == "" {
			continue // (a blank line between the comment and its query)
		}
		if !strings.HasPrefix(l, "--") {
			break
		}
		if m := namedQueryRe.FindStringSubmatch(l); m != nil {
			return m[1]
		}
	}
	return ""
}

// routineBody is the offset in a CREATE PROCEDURE or FUNCTION statement's
// text, past from (its name), of the end of the line where its body
// starts: the AS or BEGIN outside the parameters' parentheses. -1 when
// there is none.
func routineBody(text string, from int) int {
	depth := 0
	for i := from; i < len(text); i++ {
		switch c := text[i]; {
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && (c|0x20 == 'a' || c|0x20 == 'b') && (i == 0 || !extract.IdentByte(text[i-1])):
			j := i
			for j < len(text) && extract.IdentByte(text[j]) {
				j++
			}
			if w := strings.ToUpper(text[i:j]); w == "AS" || w == "BEGIN" {
				if nl := strings.IndexByte(text[j:], '\n'); nl >= 0 {
					return j + nl
				}
				return len(text)
			}
			i = j - 1
		}
	}
	return -1
}

// sqlAddedColumns finds the columns an ALTER TABLE adds: each clause,
// from after the table's name at from, split at top-level commas, that
// reads ADD [COLUMN] [IF NOT EXISTS] name (not a constraint, a key, an
// index or a partition), the clauses after it that name a column alone
// (SQL Server's ADD a int, b int), and each item of Oracle's ADD (a int,
// b int).
func sqlAddedColumns(st sqlStatement, from int) []extract.Member {
	text := strings.TrimRight(st.text, "; \t\r\n")
	var members []extract.Member
	column := func(start, end int) {
		item := text[start:end]
		f := strings.Fields(item)
		if len(f) == 0 || sqlConstraint[strings.ToUpper(f[0])] || strings.EqualFold(f[0], "PARTITION") {
			return
		}
		name := sqlIdent(f[0])
		if name == "" || strings.ContainsAny(name, "();") {
			return
		}
		at := start + strings.Index(item, f[0])
		row := st.start + strings.Count(text[:at], "\n") + 1
		last := start + len(strings.TrimRight(item, " \t\r\n"))
		m := extract.Member{Name: name, Start: row, End: st.start + strings.Count(text[:last], "\n") + 1}
		if r := sqlRefRe.FindStringSubmatch(item); r != nil {
			m.Type = sqlIdent(r[1])
		}
		members = append(members, m)
	}
	adding := false // the clause before added a column: one that names a column alone adds one too
	clause := func(start, end int) {
		item := text[start:end]
		lead := len(item) - len(strings.TrimLeft(item, " \t\r\n"))
		f := strings.Fields(item)
		if len(f) == 0 {
			return
		}
		if !strings.EqualFold(f[0], "ADD") {
			if adding && !sqlAlterWords[strings.ToUpper(f[0])] {
				column(start, end)
				return
			}
			adding = false
			return
		}
		rest := strings.TrimLeft(item[lead+len("ADD"):], " \t\r\n")
		at := end - len(rest)
		if w := strings.Fields(rest); len(w) > 0 && strings.EqualFold(w[0], "COLUMN") {
			rest = strings.TrimLeft(rest[len("COLUMN"):], " \t\r\n")
			at = end - len(rest)
		}
		if w := strings.Fields(rest); len(w) >= 3 && strings.EqualFold(w[0], "IF") && strings.EqualFold(w[1], "NOT") && strings.EqualFold(w[2], "EXISTS") {
			i := strings.Index(strings.ToUpper(rest), "EXISTS") + len("EXISTS")
			rest = strings.TrimLeft(rest[i:], " \t\r\n")
			at = end - len(rest)
		}
		if strings.HasPrefix(rest, "(") {
			// Oracle's ADD (a int, b int): each item, up to the list's close.
			sqlItems(text, at+1, false, column)
			adding = false
			return
		}
		n := len(members)
		column(at, end)
		adding = len(members) > n
	}
	sqlItems(text, from, true, clause)
	return members
}

// sqlAlterWords start an ALTER TABLE's clauses other than a column's
// name: a clause after ADD that starts with one adds nothing.
var sqlAlterWords = map[string]bool{"ADD": true, "DROP": true, "ALTER": true, "MODIFY": true, "RENAME": true, "CHANGE": true,
	"SET": true, "OWNER": true, "ENABLE": true, "DISABLE": true, "VALIDATE": true, "CONSTRAINT": true, "PRIMARY": true,
	"FOREIGN": true, "UNIQUE": true, "CHECK": true, "INDEX": true, "KEY": true, "PARTITION": true}

// sqlItems calls item with the start and end of each item of text from
// from on, split at commas outside brackets and quotes, up to a ) that
// closes nothing (a list's end) or, when tail, the text's end.
func sqlItems(text string, from int, tail bool, item func(start, end int)) {
	depth, start := 0, from
	inStr := byte(0)
	for i := from; i < len(text); i++ {
		c := text[i]
		switch {
		case inStr != 0:
			if c == inStr {
				inStr = 0
			}
		case c == '\'' || c == '"' || c == '`':
			inStr = c
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				item(start, i)
				return
			}
			depth--
		case c == ',' && depth == 0:
			item(start, i)
			start = i + 1
		}
	}
	if tail {
		item(start, len(text))
	}
}

// sqlColumns finds the columns of a CREATE TABLE: the items of its
// parenthesised list, split at top-level commas.
func sqlColumns(lines []string, st sqlStatement) []extract.Member {
	text := st.text
	open := strings.IndexByte(text, '(')
	if open < 0 {
		return nil
	}
	// Line of each byte offset in text, relative to the statement start.
	lineOf := func(off int) int { return st.start + strings.Count(text[:off], "\n") }
	var members []extract.Member
	emit := func(itemStart, end int) {
		item := text[itemStart:end]
		t := strings.TrimSpace(item)
		if t == "" {
			return
		}
		f := strings.Fields(t)
		if sqlConstraint[strings.ToUpper(f[0])] {
			return
		}
		lead := len(item) - len(strings.TrimLeft(item, " \t\r\n"))
		last := itemStart + len(strings.TrimRight(item, " \t\r\n")) - 1
		name := sqlIdent(f[0])
		if name == "" {
			return // "a. int": no column name
		}
		m := extract.Member{Name: name, Start: lineOf(itemStart+lead) + 1, End: lineOf(last) + 1}
		for m.Start-2 >= 0 && m.Start-2 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[m.Start-2]), "--") && m.Start-1 > st.start+1 {
			m.Start-- // a column's comment goes with it
		}
		if r := sqlRefRe.FindStringSubmatch(t); r != nil {
			m.Type = sqlIdent(r[1])
		}
		members = append(members, m)
	}
	sqlItems(text, open+1, false, emit)
	return members
}

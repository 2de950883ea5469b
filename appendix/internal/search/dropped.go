package search

import (
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// migrationDirRe is a directory of migrations in a path.
var migrationDirRe = regexp.MustCompile(`(?:^|/)(?:db/)?migrations?/`)

// undoFileRe is a migration file that undoes another (golang-migrate's
// `0003_x.down.sql`, a `rollback.sql`): what it drops, the up migration
// created and keeps.
var undoFileRe = regexp.MustCompile(`(?i)(?:^|[._/-])(?:down|rollback|revert|undo)(?:[._/-]|\.sql$)`)

// FindDropped finds, for each table created in a migration file (by its
// CREATE TABLE in from), the last migration file of the same directory of
// migrations that creates or drops it, in the order the files'
// names sort by (numbers by value: V10 after V9): where that is a DROP
// TABLE, the table is dropped at HEAD, and its path:line is the table's.
func (ix *Index) FindDropped(tables map[string]string) map[string]string {
	out := map[string]string{}
	for table, from := range tables {
		if !migrationDirRe.MatchString(from) || undoFileRe.MatchString(from) {
			continue
		}
		var files []string
		for _, f := range ix.Files {
			if ix.sameMigrations(from, f.Path) && !undoFileRe.MatchString(f.Path) && naturalLess(from, f.Path) {
				files = append(files, f.Path)
			}
		}
		if len(files) == 0 {
			continue
		}
		sort.SliceStable(files, func(a, b int) bool { return naturalLess(files[a], files[b]) })
		q := `["` + "`" + `\[]?` + regexp.QuoteMeta(table) + `["` + "`" + `\]]?`
		// A statement that drops the table, or renames it away (group 1),
		// or one that makes or uses it (group 2): the last in a file says
		// whether it stands after that file.
		re := regexp.MustCompile(`(?i)\b(?:(DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:\w+\.)?` + q + `(?:[\s;,]|$)|ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:\w+\.)?` + q + `\s+RENAME\s+TO\b)` +
			`|(CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL|LOCAL)\s+)?(?:(?:TEMP|TEMPORARY|UNLOGGED)\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:\w+\.)?` + q + `(?:[\s;(]|$)|RENAME\s+TO\s+(?:\w+\.)?` + q + `(?:[\s;]|$)|ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(?:\w+\.)?` + q + `\s+(?:ADD|DROP\s+COLUMN|ALTER|RENAME\s+COLUMN)))`)
		// The last statement about the table in each file, read
		// concurrently, then the files in order: the line of a drop (or
		// a rename away), -1 for a statement that makes or uses it, 0
		// for none.
		lastIn := make([]int, len(files))
		ix.readHolding(files, []string{table}, func(i int, src []byte) {
			inBlock := false
			for n, l := range strings.Split(string(src), "\n") {
				if downMarkRe.MatchString(l) {
					break // (goose's and dbmate's down half: what it drops, the up half keeps)
				}
				var code string
				code, inBlock = sqlCode(l, inBlock)
				for _, sm := range re.FindAllStringSubmatchIndex(code, -1) {
					lastIn[i] = -1
					if sm[2] >= 0 {
						lastIn[i] = n + 1
					}
				}
			}
		})
		last := ""
		for i, at := range lastIn {
			switch {
			case at > 0:
				last = files[i] + ":" + strconv.Itoa(at)
			case at < 0:
				last = ""
			}
		}
		if last != "" {
			out[table] = last
		}
	}
	return out
}

// sqlCode is a line of SQL without its comments (`--` to the line's end,
// `/* ... */`, which may span lines: inBlock says a line starts inside
// one) and string literals, blanked: what a statement there says.
func sqlCode(line string, inBlock bool) (string, bool) {
	b := []byte(line)
	quoted := false
	for i := 0; i < len(b); i++ {
		switch {
		case inBlock:
			if b[i] == '*' && i+1 < len(b) && b[i+1] == '/' {
				b[i], b[i+1] = ' ', ' '
				inBlock = false
				i++
				continue
			}
			b[i] = ' '
		case quoted:
			if b[i] == '\'' {
				quoted = false
			}
			b[i] = ' '
		case b[i] == '\'':
			quoted = true
			b[i] = ' '
		case b[i] == '-' && i+1 < len(b) && b[i+1] == '-':
			return string(b[:i]), false
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			inBlock = true
			b[i] = ' '
		}
	}
	return string(b), inBlock
}

// downMarkRe is the line that starts a migration file's down half:
// goose's `-- +goose Down`, sql-migrate's `-- +migrate Down`, dbmate's
// `-- migrate:down`.
var downMarkRe = regexp.MustCompile(`(?i)^\s*--\s*(?:\+goose\s+down|\+migrate\s+down|migrate:down)\b`)

// sameMigrations reports a file of the same sequence of migrations as
// from, in its language: one of its directory (`postgres/001_init.sql`, `postgres/002_x.sql`,
// not `sqlite/005_x.sql`, another dialect's), or, where each migration is
// a directory holding a file of one name (Prisma's
// `migrations/<time>_name/migration.sql`, diesel's `up.sql`), that name
// in a sibling directory.
func (ix *Index) sameMigrations(from, f string) bool {
	if f == from || ix.lang[f] != ix.lang[from] {
		return false
	}
	if path.Dir(f) == path.Dir(from) {
		return numberedRe.MatchString(path.Base(f))
	}
	return path.Base(f) == path.Base(from) && path.Dir(path.Dir(f)) == path.Dir(path.Dir(from)) && migrationDirRe.MatchString(path.Dir(path.Dir(from))+"/") &&
		numberedRe.MatchString(path.Base(path.Dir(f)))
}

// numberedRe is a migration's name that places it in its sequence: a
// number or a date first (`0003_x.sql`, `20250918070645_add_envelopes`,
// `2019-03-05-233828_create_comment`), or Flyway's `V10__x.sql`; a
// `reset.sql` or a sqitch `revert/users.sql` is no step of the sequence.
var numberedRe = regexp.MustCompile(`^[Vv]?\d`)

// naturalLess orders paths as their names sort with the numbers in them
// read by value: "V9__a.sql" before "V10__b.sql".
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

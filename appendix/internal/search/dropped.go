package search

import (
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Dropped says where a later migration drops (or renames) a table an
// earlier one creates.
type Dropped struct {
	Table string
	At    string // path:line of the DROP TABLE
}

// migrationDirRe is a directory of migrations in a path.
var migrationDirRe = regexp.MustCompile(`(?:^|/)(?:db/)?migrations?/`)

// undoFileRe is a migration file that undoes another (golang-migrate's
// `0003_x.down.sql`, a `rollback.sql`): what it drops, the up migration
// created and keeps.
var undoFileRe = regexp.MustCompile(`(?i)(?:^|[._/-])(?:down|rollback|revert|undo)(?:[._-]|\.sql$)`)

// FindDropped finds, for each table created in a migration file (by its
// CREATE TABLE in from), the last migration file of the same directory of
// migrations that creates or drops it, in the order the files'
// names sort by (numbers by value: V10 after V9): where that is a DROP
// TABLE, the table is dropped at HEAD.
func (ix *Index) FindDropped(tables map[string]string) map[string]Dropped {
	out := map[string]Dropped{}
	for table, from := range tables {
		m := migrationDirRe.FindStringIndex(from)
		if m == nil || undoFileRe.MatchString(path.Base(from)) {
			continue
		}
		root := from[:m[1]]
		var files []string
		for _, f := range ix.Files {
			if strings.HasPrefix(f.Path, root) && strings.HasSuffix(strings.ToLower(f.Path), ".sql") && !undoFileRe.MatchString(path.Base(f.Path)) && naturalLess(from, f.Path) {
				files = append(files, f.Path)
			}
		}
		if len(files) == 0 {
			continue
		}
		q := `["` + "`" + `\[]?` + regexp.QuoteMeta(table) + `["` + "`" + `\]]?`
		re := regexp.MustCompile(`(?i)\b(DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?|CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?|RENAME\s+TO\s+)(?:\w+\.)?` + q + `(?:[\s;(]|$)` +
			`|(?i)\b(ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?)(?:\w+\.)?` + q + `\s+RENAME\s+TO\b`)
		// The last statement about the table in each file, read
		// concurrently, then the files in order.
		lastIn := make([]string, len(files)) // "drop:LINE" or "create"
		ix.readHolding(files, []string{table}, func(i int, src []byte) {
			for n, l := range strings.Split(string(src), "\n") {
				if sm := re.FindStringSubmatch(l); sm != nil {
					lastIn[i] = "create"
					if strings.HasPrefix(strings.ToUpper(sm[1]), "DROP") || sm[2] != "" {
						lastIn[i] = "drop:" + strconv.Itoa(n+1) // (dropped, or renamed to another name)
					}
				}
			}
		})
		last := Dropped{}
		order := make([]int, len(files))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return naturalLess(files[order[a]], files[order[b]]) })
		for _, i := range order {
			switch {
			case strings.HasPrefix(lastIn[i], "drop:"):
				last = Dropped{Table: table, At: files[i] + ":" + strings.TrimPrefix(lastIn[i], "drop:")}
			case lastIn[i] == "create":
				last = Dropped{}
			}
		}
		if last.At != "" {
			out[table] = last
		}
	}
	return out
}

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

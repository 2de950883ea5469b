package naming

import (
	"strconv"
	"strings"
)

// CodeList is names as code spans, comma-separated.
func CodeList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "`" + n + "`"
	}
	return strings.Join(quoted, ", ")
}

// PathList lists at most n paths, comma-separated, and how many more:
// "a.go, b.go and 3 more".
func PathList(paths []string, n int) string {
	more := ""
	if len(paths) > n {
		paths, more = paths[:n], " and "+strconv.Itoa(len(paths)-n)+" more"
	}
	return strings.Join(paths, ", ") + more
}

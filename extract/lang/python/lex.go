package python

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// pythonLex is how Focus reads Python: a line ends its statement unless
// it ends with a backslash, or a bracket or string is still open.
var pythonLex = &extract.LexSyntax{LineComment: "#", TripleQuotes: true, Attached: '@', Continuations: []string{"else", "elif", "except", "finally"}, LineEnds: true, Head: pythonHead, Bodied: pythonBodied, Indented: true}

// pythonHead: "async def name(...)" names name; an import defines
// nothing.
func pythonHead(stmt []byte) []byte {
	if _, ok := extract.CutWord(stmt, "import"); ok {
		return nil
	}
	if _, ok := extract.CutWord(stmt, "from"); ok {
		return nil
	}
	rest, _ := extract.CutWord(stmt, "async")
	rest, ok := extract.CutWord(rest, "def")
	if !ok {
		return stmt
	}
	return extract.LeadingName(rest, stmt)
}

// pythonBodied reports a class: what it defines is named by its header and
// its members' names. One that sets a table name (__tablename__, Django's
// db_table), which is read from any line of the class, counts whole.
func pythonBodied(stmt []byte) bool {
	if bytes.Contains(stmt, []byte("__tablename__")) || bytes.Contains(stmt, []byte("db_table")) {
		return false
	}
	_, ok := extract.CutWord(stmt, "class")
	return ok
}

package python

import "github.com/appendix-dev/appendix/extract"

// pythonLex is how Focus reads Python: a line ends its statement unless
// it ends with a backslash, or a bracket or string is still open.
var pythonLex = &extract.LexSyntax{LineComment: "#", TripleQuotes: true, Attached: '@', Continuations: []string{"else", "elif", "except", "finally"}, LineEnds: true, Head: pythonHead}

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

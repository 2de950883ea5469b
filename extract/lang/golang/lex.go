package golang

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
)

// goLex is how Focus reads Go: a type declaration takes the statement after
// it along, where the constants of an enum would be.
var goLex = &extract.LexSyntax{LineComment: "//", BlockComments: true, Raw: true, OpenWords: goOpenWords, WithNext: "type ", Head: goHead,
	Aliases: goTableAliases}

// goTableAliases: a type with a TableName method answers to its table.
func goTableAliases(src []byte) map[string][]string {
	out := map[string][]string{}
	for typ, table := range goTableNames(src) {
		out[typ] = []string{table}
	}
	return out
}

var goOpenWords = extract.WordSet("func type var const import package struct interface map chan go defer select switch case if for else range")

// goHead: "func (r *T) Name(...)" names Name; the package clause and an
// import define nothing.
func goHead(stmt []byte) []byte {
	if _, ok := extract.CutWord(stmt, "import"); ok {
		return nil
	}
	if _, ok := extract.CutWord(stmt, "package"); ok {
		return nil
	}
	rest, ok := extract.CutWord(stmt, "func")
	if !ok {
		return stmt
	}
	if len(rest) > 0 && rest[0] == '(' {
		end := bytes.IndexByte(rest, ')')
		if end < 0 {
			return stmt
		}
		rest = bytes.TrimLeft(rest[end+1:], extract.Blanks)
	}
	return extract.LeadingName(rest, stmt)
}

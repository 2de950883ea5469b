package cpp

import (
	"bytes"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
)

// cppLex is how Focus reads C++: as C (directives, statements ended by
// ";" or "}", functions by their heads), raw strings span lines, and a
// quote between digits (1'000'000) opens no character literal.
var cppLex = &extract.LexSyntax{LineComment: "//", BlockComments: true, Semicolons: true, Directives: true, Lifetimes: true,
	RawDelimited: true, Head: clike.Head, Wrapper: cppWrapper, Aliases: clike.Lists}

// cppWrapper reports a namespace block, inline or anonymous, and an
// extern "C" block.
func cppWrapper(stmt []byte) bool {
	rest, _ := extract.CutWord(stmt, "inline")
	if _, ok := extract.CutWord(rest, "namespace"); ok {
		return true
	}
	rest, ok := extract.CutWord(stmt, "extern")
	return ok && bytes.HasPrefix(rest, []byte(`"C"`))
}

package c

import (
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
)

// cLex is how Focus reads C: preprocessor directives are statements of
// their own, a statement goes on until ";" or "}" ends a line (a return
// type may stand on a line of its own), and a function counts by its head.
var cLex = &extract.LexSyntax{LineComment: "//", BlockComments: true, Semicolons: true, Directives: true, Head: clike.Head, Aliases: clike.Lists}

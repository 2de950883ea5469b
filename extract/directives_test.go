package extract

import (
	"strings"
	"testing"
)

// starts lists the first line of each segment split finds, and false
// when the lexer cannot vouch for the split.
func starts(lx *LexSyntax, src string) ([]string, bool) {
	segs, ok := segments(lx, []byte(src))
	var out []string
	for _, s := range segs {
		line, _, _ := strings.Cut(src[s.start:s.end], "\n")
		out = append(out, line)
	}
	return out, ok
}

// TestDirectivesAndSemicolons: a C preprocessor line is a statement of its
// own, whatever it ends with (#include <x.h>) and whatever brackets it
// holds; a statement goes on until a line ends with ";" or "}" (a return
// type on a line of its own).
func TestDirectivesAndSemicolons(t *testing.T) {
	lx := &LexSyntax{LineComment: "//", BlockComments: true, Semicolons: true, Directives: true}
	src := "#include <stdio.h>\n#include \"order.h\"\n\n#define LBRACE {\n#define MULTI(a) \\\n    do { a; } while (0)\n" +
		"#define NOTE 1 /* spans\n   lines ( */\nstatic int\ngnu_style(void)\n{\n#ifdef X\n    return 1;\n#endif\n}\n" +
		"__attribute__((unused))\nint after(void);\n  #  pragma once\nstruct s {\n    int a;\n};\n"
	got, ok := starts(lx, src)
	want := []string{"#include <stdio.h>", "#include \"order.h\"", "#define LBRACE {", "#define MULTI(a) \\", "#define NOTE 1 /* spans",
		"static int", "__attribute__((unused))", "  #  pragma once", "struct s {"}
	if !ok || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q (%v)\nwant %q", got, ok, want)
	}
	if _, ok := starts(lx, "#define X /* never closed\nint f(void);\n"); ok {
		t.Error("a block comment left open in a directive: the split cannot be vouched for")
	}
}

package c

import (
	"bytes"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzC(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "src/order.c", []string{
		"/* An order. */\ntypedef struct order {\n    int id;\n    char *name;\n} order_t;\n",
		"#define MAX 10\n#define OK(x) \\\n    ((x) == 0)\nenum status { OPEN, CLOSED = 2 };\ntypedef enum { E_OK } order_err;\n",
		"static int\nhelper(void)\n{\n#ifdef X\n    return 1;\n#endif\n    return 0;\n}\nint order_create(const char *name);\n",
		"#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n",
		"REDIS_STATIC int *g(int (*cb)(int), char **argv) { run_with_period(100) { x(); } return 0; }\nstatic redisAtomic long n = 0;\n",
		"int f( {\n\nstruct s {\n  int x\n\nint g(void) { out: return 1; }\n",
		"const char *API_KEY = \"abc\" \"def\";\nunion u { int a; float b; };\ntypedef int (*fn)(int);\nchar c = '{';\n",
	}, commented)
}

// commented: text in a block comment above a struct, or in a string
// inside it, defines nothing and ends nothing. (A NUL byte, which no C
// source holds, ends the grammar's input wherever it stands.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.IndexByte(src, 0) >= 0 {
		return
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	quoted := strings.NewReplacer("\\", `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`).Replace(string(src))
	c := "/*\n" + text + "\n*/\nstruct fixed {\n    /*\n" + text + "\n    */\n    int id;\n    const char *note[1];\n" +
		"    char doc[sizeof(\"" + quoted + "\")];\n};\n"
	langtest.OnlyDefinition(t, p, Lang, "src/order.c", c, "fixed", "id", "note", "doc")
}

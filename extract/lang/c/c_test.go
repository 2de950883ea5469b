package c

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{Lang}

// def is the part of a Definition a test states.
type def langtest.Def

func defsOf(t *testing.T, file, src string) []def { return langtest.DefsIn[def](t, langs, file, src) }

func TestCDefinitions(t *testing.T) {
	src := `#include <stdio.h>
#include "order.h"

#define MAX_ORDERS 100
#define ORDER_OK(o) ((o)->status == 0)
#define FEATURE_CANCEL

/* An order. */
typedef struct order {
    int id;
    char *name;
} order_t;

struct line { int qty; };
union value { int i; float f; };
enum status { OPEN, CLOSED = 2 };
typedef enum { E_OK, E_NOMEM } order_err;
typedef int (*handler_fn)(int code);
typedef struct order *order_ref;

static const int LIMIT = 5;
const char *VERSION = "1.2";
int order_count;
extern struct server srv;

int order_create(const char *name);

/* Finds an order. */
static order_t *
order_find(int id, order_t **out)
{
    if (id < 0) {
        return NULL;
    }
    return *out;
}

#ifdef __cplusplus
extern "C" {
#endif
int order_cancel(order_t *o, const char *reason);
#ifdef WITH_AUDIT
void order_audit(order_t *o) {}
#else
void order_audit(order_t *o) { (void)o; }
#endif
#ifdef __cplusplus
}
#endif

int main(int argc, char **argv) {
    int local = 1;
    struct inner { int x; };
    return local;
}
`
	want := []def{
		{"MAX_ORDERS", "", extract.KindConstant, "Macro", false, 4, 4, "#define MAX_ORDERS 100"},
		{"ORDER_OK", "", extract.KindFunction, "Macro", false, 5, 5, "#define ORDER_OK(o) ((o)->status == 0)"},
		{"FEATURE_CANCEL", "", extract.KindConstant, "Macro", false, 6, 6, "#define FEATURE_CANCEL"},
		{"order_t", "", extract.KindType, "Struct", false, 8, 12, "/* An order. */\ntypedef struct order {\n    int id;\n    char *name;\n} order_t;"},
		{"line", "", extract.KindType, "Struct", false, 14, 14, "struct line { int qty; };"},
		{"value", "", extract.KindType, "Union", false, 15, 15, "union value { int i; float f; };"},
		{"status", "", extract.KindEnum, "Enum", false, 16, 16, "enum status { OPEN, CLOSED = 2 };"},
		{"order_err", "", extract.KindError, "Error", false, 17, 17, "typedef enum { E_OK, E_NOMEM } order_err;"},
		{"handler_fn", "", extract.KindType, "Type", false, 18, 18, "typedef int (*handler_fn)(int code);"},
		{"order_ref", "", extract.KindType, "Type", false, 19, 19, "typedef struct order *order_ref;"},
		{"LIMIT", "", extract.KindConstant, "Constant", false, 21, 21, "static const int LIMIT = 5;"},
		{"VERSION", "", extract.KindConstant, "Constant", true, 22, 22, `const char *VERSION = "1.2";`},
		{"order_count", "", extract.KindConstant, "Variable", true, 23, 23, "int order_count;"},
		{"srv", "", extract.KindConstant, "Variable", true, 24, 24, "extern struct server srv;"},
		{"order_create", "", extract.KindFunction, "Function Signature", true, 26, 26, "int order_create(const char *name);"},
		{"order_find", "", extract.KindFunction, "Function Signature", false, 28, 30, "/* Finds an order. */\nstatic order_t *\norder_find(int id, order_t **out)"},
		{"order_cancel", "", extract.KindFunction, "Function Signature", true, 41, 41, "int order_cancel(order_t *o, const char *reason);"},
		{"order_audit", "", extract.KindFunction, "Function Signature", true, 43, 43, "void order_audit(order_t *o)"},
		{"order_audit", "", extract.KindFunction, "Function Signature", true, 45, 45, "void order_audit(order_t *o)"},
		{"main", "", extract.KindFunction, "Function Signature", true, 51, 51, "int main(int argc, char **argv)"},
	}
	if diff := cmp.Diff(want, defsOf(t, "src/order.c", src)); diff != "" {
		t.Error(diff)
	}
}

// TestMembers: a struct's fields (their first names), an enum's
// enumerators and a typedef'd struct's fields are members, with their
// comments; a field holds the type it names.
func TestMembers(t *testing.T) {
	src := `struct order {
    /* The key. */
    int id;
    struct customer *customer;
    order_line_t lines[8], spare;
    int (*on_cancel)(struct order *o);
    struct { int x, y; } at;
#ifdef WITH_NOTE
    char *note;
#endif
};
typedef enum {
    ORDER_OPEN,
    // Final.
    ORDER_CLOSED
} order_status;
struct server {
    int hz;            /* Cron frequency, a comment
                        * that goes on below. */
    long long dirty;   /* Changes since the last save. */
    /* The port. */
    int port;
};
`
	got := langtest.Summaries(t, Lang, "order.c", src)
	want := []string{
		"type Struct order 1-11 [id@2-3 customer@4:customer lines@5:order_line_t spare@5:order_line_t on_cancel@6 at@7 note@9]",
		"enum Enum order_status 12-16 [ORDER_OPEN@13 ORDER_CLOSED@14-15]",
		"type Struct server 17-23 [hz@18-19 dirty@20 port@21-22]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	for _, d := range langtest.Definitions(t, Lang, "order.c", "typedef struct order { int id; } order_t;\n") {
		if d.Name != "order_t" || len(d.Aliases) != 1 || d.Aliases[0] != "order" {
			t.Errorf("a typedef'd struct answers to its tag: got %s %v", d.Name, d.Aliases)
		}
	}
}

// TestMacrosTheGrammarCannotRead: export and annotation macros, a type
// qualifier macro and macros in a function's body cost nothing: the
// declarations around them are found and shown as the file has them.
func TestMacrosTheGrammarCannotRead(t *testing.T) {
	src := `REDIS_STATIC quicklistNode *_quicklistSplitNode(quicklistNode *node, int offset);
static redisAtomic size_t lazyfree_objects = 0;
CURL_EXTERN CURL *curl_easy_init(void);

void serverCron(void) {
    run_with_period(100) {
        log_stats();
    }
    char *s = va_arg(ap, char *);
}

struct server {
    int port;
    redisAtomic int clients;
    int hz;
};
`
	var got []string
	for _, d := range defsOf(t, "server.c", src) {
		got = append(got, fmt.Sprintf("%s %d-%d %q", d.Name, d.Start, d.End, d.Text))
	}
	want := []string{
		`_quicklistSplitNode 1-1 "REDIS_STATIC quicklistNode *_quicklistSplitNode(quicklistNode *node, int offset);"`,
		`lazyfree_objects 2-2 "static redisAtomic size_t lazyfree_objects = 0;"`,
		`curl_easy_init 3-3 "CURL_EXTERN CURL *curl_easy_init(void);"`,
		`serverCron 5-5 "void serverCron(void)"`,
		`server 12-16 "struct server {\n    int port;\n    redisAtomic int clients;\n    int hz;\n};"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestBrokenDefinitions: a definition holding a parse error is never
// shown, but by its signature when the error is in its own body; those
// recovered whole around it are, a definition after a broken statement
// too.
func TestBrokenDefinitions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"int a( {\n\nint b(void) { return 1; }\n\nstruct c { int x; };\n", []string{"b:int b(void)", "c:struct c { int x; };"}},
		{"struct a {\n  int x\n\nint b(void);\n", []string{"b:int b(void);"}},
		{"int f(void) {\n  if (x) {\n  return 1;\n}\n\nint g(void) {\nout:\n  return 2;\n}\n", []string{"f:int f(void)", "g:int g(void)"}},
	} {
		var got []string
		for _, d := range defsOf(t, "x.c", tc.src) {
			got = append(got, d.Name+":"+d.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: %s", tc.src, diff)
		}
	}
}

// TestMatchersAreTheQueries: on every C file of the fixtures and of hard
// cases, the matcher finds what c.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.c", Data: []byte(strings.Join([]string{
			"int f(int a, char *b, int (*cb)(int)) { int x = 1, *y, z[2]; struct s { int q; } v; return x; }",
			"typedef struct t { int a; } t_t, *t_p, t_a[2]; union u { int a; }; enum e { A, B };",
			"#define M 1\n#define F(x) (x)\nstatic const char *names[] = {\"a\"}; extern int g, *h;",
			"void (*signal(int sig, void (*func)(int)))(int); typedef int fn_t(int); char **split(const char *s);",
			"struct o { int a; #ifdef X\n int b;\n#endif\n } *op; int (*table[4])(void); static const struct o defaults = { 1 };",
			"#ifdef A\nint on_a(void) { return 1; }\n#elif defined(B)\nint on_b(void);\n#else\nint on_c(void);\n#endif",
		}, "\n"))},
		langtest.File{Name: "broken.c", Data: []byte("int f( {\nstruct s {\ntypedef ;\n#define\nenum { \n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 45 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestVariableTypes: a variable of one of the project's types names it as
// its base, whose members are the variable's (server.hz).
func TestVariableTypes(t *testing.T) {
	src := "extern struct redisServer server;\nstatic order_t *current = NULL;\nint count;\nsize_t total;\n"
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "server.c", src) {
		got = append(got, fmt.Sprintf("%s %v", d.Name, d.Bases))
	}
	want := []string{"server [redisServer]", "current [order_t]", "count []", "total []"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

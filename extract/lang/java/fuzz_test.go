package java

import (
	"bytes"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzJava(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "Order.java", []string{
		"package com.x;\n\nimport java.util.List;\n\n/** An order. */\n@Entity\n@Table(name = \"orders\")\npublic class Order extends Base implements Serializable {\n" +
			"    public static final int MAX = 10;\n    @Id private Long id;\n    // total\n    private long total, tax;\n    public Order(long t) { this.total = t; }\n" +
			"    @Override\n    public <T> List<T> items(int n) throws IOException { return null; }\n}\n",
		"interface Repo<T> extends Base<T> {\n    T find(long id);\n    default void x() {}\n    int LIMIT = 5;\n}\n" +
			"enum Status { OPEN(\"o\") { void y() {} }, DONE(\"d\"); private final String c; Status(String c) { this.c = c; } }\n",
		"record Point(int x, int y) implements Shape {\n    Point {\n        if (x < 0) throw new IllegalArgumentException();\n    }\n}\n" +
			"public @interface Audited { String value() default \"\"; }\nclass E extends RuntimeException {}\n",
		"@RestController\n@RequestMapping(\"/api\")\nclass C {\n    static { init(); }\n    String q = \"\"\"\n        select * from t where a = '}'\n        \"\"\";\n" +
			"    Runnable r = () -> { run(); };\n    @GetMapping(\"/{id}\") Order get(@PathVariable Long id) { return null; }\n}\n",
		"class A {\n  void m( {\n  int x = ;\n}\nclass B { void n() {} }\n}}\n{{\n/* class Fake {} */\n",
		"class V {\n  void f(String @Nullable ... xs, int @a.B\n @C... ys) {}\n  String s = \"@D ...\";\n}\n@...\n",
	}, prepared)
}

// prepared: the text the grammar parses has the input's length and lines,
// and the input is left as it was.
func prepared(t *testing.T, _ *extract.Parser, src []byte) {
	orig := bytes.Clone(src)
	text := prepare(src)
	if !bytes.Equal(src, orig) || len(text) != len(src) || bytes.Count(text, []byte("\n")) != bytes.Count(src, []byte("\n")) {
		t.Fatalf("prepare(%q) = %q", src, text)
	}
}

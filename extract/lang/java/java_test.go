package java

import (
	"fmt"
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

func TestJavaDefinitions(t *testing.T) {
	src := `package com.example.orders;

import java.util.List;

/** An order. */
public class Order extends BaseEntity implements Serializable, Comparable<Order> {
    public static final int MAX_ITEMS = 10;
    private static final String PREFIX = "ord_";
    private long totalCents;

    public Order(long total) {
        this.totalCents = total;
    }

    @Override
    public <T> List<T> items(int n,
            boolean all) throws IOException {
        return null;
    }

    private void recalc() {}

    public enum Status {
        OPEN("o"), DONE("d");
        private final String code;
        Status(String code) { this.code = code; }
    }
}

interface OrderRepository extends Repository<Order, Long> {
    List<Order> findByStatus(Order.Status status);
    int PAGE_SIZE = 50;
}

public record Money(long cents, String currency) {
    public static Money zero() { return new Money(0, "EUR"); }
}

@interface Audited {}
`
	want := []def{
		{"Order", "", extract.KindType, "Class", true, 5, 28, "/** An order. */\npublic class Order extends BaseEntity implements Serializable, Comparable<Order> {\n    public static final int MAX_ITEMS = 10;\n    private static final String PREFIX = \"ord_\";\n    private long totalCents;\n\n    public Order(long total) { ... }\n\n    @Override\n    public <T> List<T> items(int n,\n            boolean all) throws IOException { ... }\n\n    private void recalc() { ... }\n\n    public enum Status {\n        OPEN(\"o\"), DONE(\"d\");\n        private final String code;\n        Status(String code) { ... }\n    }\n}"},
		{"MAX_ITEMS", "Order", extract.KindConstant, "Constant", true, 7, 7, "public static final int MAX_ITEMS = 10;"},
		{"PREFIX", "Order", extract.KindConstant, "Constant", false, 8, 8, "private static final String PREFIX = \"ord_\";"},
		{"items", "Order", extract.KindMethod, "Method Signature", true, 15, 17, "@Override\npublic <T> List<T> items(int n,\n        boolean all) throws IOException"},
		{"recalc", "Order", extract.KindMethod, "Method Signature", false, 21, 21, "private void recalc()"},
		{"Status", "Order", extract.KindEnum, "Enum", true, 23, 27, "public enum Status {\n    OPEN(\"o\"), DONE(\"d\");\n    private final String code;\n    Status(String code) { ... }\n}"},
		{"OrderRepository", "", extract.KindInterface, "Interface", true, 30, 33, "interface OrderRepository extends Repository<Order, Long> {\n    List<Order> findByStatus(Order.Status status);\n    int PAGE_SIZE = 50;\n}"},
		{"findByStatus", "OrderRepository", extract.KindMethod, "Method Signature", true, 31, 31, "List<Order> findByStatus(Order.Status status);"},
		{"PAGE_SIZE", "OrderRepository", extract.KindConstant, "Constant", true, 32, 32, "int PAGE_SIZE = 50;"},
		{"Money", "", extract.KindType, "Record", true, 35, 37, "public record Money(long cents, String currency) {\n    public static Money zero() { ... }\n}"},
		{"zero", "Money", extract.KindMethod, "Method Signature", true, 36, 36, "public static Money zero()"},
		{"Audited", "", extract.KindType, "Annotation", true, 39, 39, "@interface Audited {}"},
	}
	if diff := cmp.Diff(want, defsOf(t, "src/main/java/com/example/orders/Order.java", src)); diff != "" {
		t.Error(diff)
	}
}

// Members: fields (by their first name), constructors and methods,
// nested types, enum constants and a record's components, each from its
// first annotation or comment; initializer blocks are none.
func TestMembers(t *testing.T) {
	src := `@Entity
@Table(name = "orders")
public class Order {
    @Id
    @GeneratedValue
    private Long id;

    // The total, in cents.
    @Column(name = "total_cents", nullable = false)
    private long totalCents, taxCents;

    static { init(); }

    protected Order() {}

    public Status status() { return status; }

    enum Status { OPEN, DONE; void x() {} }
}

record Point(int x, int y) {
    Point {
        check(x);
    }
}
`
	got := langtest.Summaries(t, Lang, "Order.java", src)
	want := []string{
		"schema Entity Order 1-19 [id@4-6 totalCents@8-10 Order@14() status@16() Status@18]",
		"method Method Signature status 16-16 []",
		"enum Enum Status 18-18 [OPEN@18 DONE@18 x@18()]",
		"method Method Signature x 18-18 []",
		"type Record Point 21-25 [x@21 y@21 Point@22-24()]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// Only declarations in types declared at the top of a file, or in such
// types, are definitions: not a class declared in a method, an anonymous
// class's methods, an enum constant's body, or a lambda's.
func TestScope(t *testing.T) {
	src := `class Outer {
    private final Comparator<X> byName = new Comparator<X>() {
        public int compare(X a, X b) { return 0; }
    };
    private final Runnable task = () -> {
        class Local { void run() {} }
    };
    enum Op {
        ADD { int apply(int a) { return a; } };
        abstract int apply(int a);
    }
    void method() {
        class InMethod {}
    }
    static class Nested {
        static final String NAME = "n";
        interface Deeper { void go(); }
    }
}
`
	var got []string
	for _, d := range defsOf(t, "Outer.java", src) {
		got = append(got, fmt.Sprintf("%s|%s|%d-%d", d.Container, d.Name, d.Start, d.End))
	}
	want := []string{"|Outer|1-19", "Outer|Op|8-11", "Op|apply|10-10", "Outer|method|12-12", "Outer|Nested|15-18",
		"Nested|NAME|16-16", "Nested|Deeper|17-17", "Deeper|go|17-17"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// JPA entities, embeddables and Spring Data documents are schemas, named
// also by their table or collection; a class extending an exception or
// error is an error; a class's bases are its superclass and interfaces,
// by their simple names.
func TestSchemasAndErrors(t *testing.T) {
	src := `@Entity
@Table(name = "order_items", indexes = @Index(columnList = "sku"))
class OrderItem {}

@jakarta.persistence.Embeddable
class Address {}

@Document(collection = "events")
class Event {}

@Document("audits")
class Audit {}

class OrderNotFoundException extends com.example.NotFoundException {}

class Quota extends Exceptional {}
`
	got := map[string]string{}
	for _, d := range langtest.Definitions(t, Lang, "Models.java", src) {
		got[d.Name] = fmt.Sprintf("%s %s %v %v", d.Kind, d.Title, d.Aliases, d.Bases)
	}
	want := map[string]string{
		"OrderItem":              "schema Entity [order_items] []",
		"Address":                "schema Embeddable [] []",
		"Event":                  "schema Document [events] []",
		"Audit":                  "schema Document [audits] []",
		"OrderNotFoundException": "error Error [] [NotFoundException]",
		"Quota":                  "type Class [] [Exceptional]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestMatchersAreTheQueries: on every Java file of the fixtures, of a
// generated repository and of hard cases, the matcher finds what java.scm
// finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "All.java", Data: []byte("package a;\n\npublic class A<T> extends B implements C {\n  static final int X = 1, Y = 2;\n  int z;\n" +
			"  A() {}\n  <R> R m(T t) { class L { void n() {} } return null; }\n  enum E { P { void q() {} }; int r; }\n" +
			"  interface I { int K = 1; void f(); }\n  record R(int a) { static void s() {} }\n  @interface N { String v() default \"\"; }\n" +
			"  Object o = new Object() { void anon() {} };\n}\n")},
		langtest.File{Name: "Broken.java", Data: []byte("class A {\n  void m( {\n  int x = ;\n}\nclass B { void n() {} }\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 20 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBodiesKeepNothing: leaving every function body out of the walk
// changes no definition, since none declared in a body is kept: a local
// class, an anonymous class's methods, a lambda's.
func TestBodiesKeepNothing(t *testing.T) {
	local := langtest.File{Name: "Local.java", Data: []byte("package a;\n\npublic class Outer {\n" +
		"  static final Runnable R = new Runnable() { public void run() {} };\n" +
		"  enum Op { ADD { int apply() { return 1; } }; int apply() { return 0; } }\n" +
		"  public Outer() { class Helper { void help() {} } }\n" +
		"  void go() {\n    record Point(int x) {}\n    Runnable r = () -> { new Thread() { public void run() {} }; };\n  }\n" +
		"  static class Inner { private final int count = 1; void inner() {} }\n}\n")}
	broken := langtest.File{Name: "Broken.java", Data: []byte("package a;\n\nclass A {\n  void m() {\n    if (x {\n  }\n  void n() {}\n  int f = 1;\n}\n")}
	if n := langtest.CheckBodiesKeepNothing(t, langs, append(langtest.Sources(t), local, broken)); n < 20 {
		t.Fatalf("only %d definitions compared", n)
	}
}

// TestFuncBodiesLeftOut: a parse for definitions that leaves method,
// constructor and initializer bodies out finds, in every Java fixture and
// in files of every kind of brace, what a parse of everything finds.
func TestFuncBodiesLeftOut(t *testing.T) {
	braces := langtest.File{Name: "Braces.java", Data: []byte("package a;\n\n/** A {brace} in a comment. */\n" +
		"@Path(\"/orders/{id}\")\npublic class Orders<T extends Comparable<T>> implements Api {\n" +
		"  static final String OPEN = \"{\";\n  static final char C = '{';\n  static final String BLOCK = \"\"\"\n    {\n    \"\"\";\n" +
		"  static { init(() -> { run(); }); }\n  { count = 0; }\n  int[] sizes = {1, 2};\n  Runnable r = () -> { if (x) { y(); } };\n" +
		"  Comparator<T> c = new Comparator<>() { public int compare(T a, T b) { return 0; } };\n" +
		"  public Orders() throws IOException, java.sql.SQLException { super(); }\n" +
		"  @GetMapping(value = \"/{id}\") public <R> R get(@PathVariable(\"id\") long id) /* {not} */ { return null; }\n" +
		"  enum State { OPEN(1) { int code() { return 1; } }, SHUT(2); int code() { return 0; } State(int c) {} }\n" +
		"  record Point(int x) implements Shape { Point { if (x < 0) throw new IllegalArgumentException(); } int y() { return x; } }\n" +
		"  @interface Marker { String[] value() default {}; }\n  interface Shape { default int area() { return 0; } }\n" +
		"  static class Inner extends Base { void m() { class Local { void n() {} } } }\n" +
		"  @Schema(description = \"Amount (in cents\")\n  public record Money(long cents) { long plus() { return 1; } static final Money ZERO = null; }\n" +
		"  @Entity // see orders (v2\n  public record Order(int id) { void x() {} }\n" +
		"  enum Op { PLUS(1), MINUS(2) { int f(int a) { return -a; } }, /* c */ TIMES(3) { int f(int a) { return a; } };\n" +
		"    Op(int c) { } int f(int a) { return a; } }\n" +
		"  enum Op { PLUS(1), MINUS(2) { int f(int a) { return -a; } }, /* c */ TIMES(3) { int f(int a) { return a; } };\n" +
		"    Op(int c) { } int f(int a) { return a; } }\n  @Doc(\"a < b\") record Pair(int a) { int b() { return a; } }\n}\n")}
	defs, cut := langtest.CheckFuncBodies(t, langs, append(langtest.Sources(t), braces))
	if defs < 100 || cut < 10 {
		t.Fatalf("only %d definitions compared, %d files cut", defs, cut)
	}
	if bodies, ok := funcBodies(braces.Data); !ok || len(bodies) < 5 { // (get's, after a comment, is parsed, as are initializers)
		t.Errorf("Braces.java: %d bodies found, ok %v", len(bodies), ok)
	}
}

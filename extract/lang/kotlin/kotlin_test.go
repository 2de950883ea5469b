package kotlin

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

func TestKotlinDefinitions(t *testing.T) {
	src := `package com.example.orders

import java.time.Instant

/** An order. */
data class Order(
    val id: Long,
    var total: Long = 0,
) : BaseEntity(), Comparable<Order> {
    val items: List<Item> = emptyList()

    fun cancel(reason: String,
               at: Instant): Boolean {
        return true
    }

    private fun recalc() = total * 2

    fun lines(): List<String> =
        items.map { it.sku }

    companion object {
        const val MAX_ITEMS = 10
        fun empty(): Order = Order(0)
    }

    enum class Status { OPEN, DONE }
}

interface OrderRepository : Repository<Order, Long> {
    fun findByStatus(status: Order.Status): List<Order>
    val pageSize: Int
}

sealed class Result<out T> {
    object Loading : Result<Nothing>()
}

object Config {
    val timeout = 30
    private const val SECRET_NAME = "prod/db"
}

fun String.slugify(): String = lowercase().replace(" ", "-")

suspend fun <T> retry(times: Int, block: suspend () -> T): T {
    return block()
}

const val PAGE_SIZE = 50
val defaultRegion = "eu-west-1"

typealias Handler = (Order) -> Unit

annotation class Audited
`
	want := []def{
		{"Order", "", extract.KindType, "Data Class", true, 5, 28, "/** An order. */\ndata class Order(\n    val id: Long,\n    var total: Long = 0,\n) : BaseEntity(), Comparable<Order> {\n    val items: List<Item> = emptyList()\n\n    fun cancel(reason: String,\n               at: Instant): Boolean { ... }\n\n    private fun recalc() = total * 2\n\n    fun lines(): List<String> = ...\n\n    companion object {\n        const val MAX_ITEMS = 10\n        fun empty(): Order = Order(0)\n    }\n\n    enum class Status { OPEN, DONE }\n}"},
		{"cancel", "Order", extract.KindMethod, "Method Signature", true, 12, 13, "fun cancel(reason: String,\n           at: Instant): Boolean"},
		{"recalc", "Order", extract.KindMethod, "Method Signature", false, 17, 17, "private fun recalc()"},
		{"lines", "Order", extract.KindMethod, "Method Signature", true, 19, 19, "fun lines(): List<String>"},
		{"MAX_ITEMS", "Order", extract.KindConstant, "Constant", true, 23, 23, "const val MAX_ITEMS = 10"},
		{"empty", "Order", extract.KindMethod, "Method Signature", true, 24, 24, "fun empty(): Order"},
		{"Status", "Order", extract.KindEnum, "Enum", true, 27, 27, "enum class Status { OPEN, DONE }"},
		{"OrderRepository", "", extract.KindInterface, "Interface", true, 30, 33, "interface OrderRepository : Repository<Order, Long> {\n    fun findByStatus(status: Order.Status): List<Order>\n    val pageSize: Int\n}"},
		{"findByStatus", "OrderRepository", extract.KindMethod, "Method Signature", true, 31, 31, "fun findByStatus(status: Order.Status): List<Order>"},
		{"Result", "", extract.KindType, "Sealed Class", true, 35, 37, "sealed class Result<out T> {\n    object Loading : Result<Nothing>()\n}"},
		{"Loading", "Result", extract.KindType, "Object", true, 36, 36, "object Loading : Result<Nothing>()"},
		{"Config", "", extract.KindType, "Object", true, 39, 42, "object Config {\n    val timeout = 30\n    private const val SECRET_NAME = \"prod/db\"\n}"},
		{"timeout", "Config", extract.KindConstant, "Variable", true, 40, 40, "val timeout = 30"},
		{"SECRET_NAME", "Config", extract.KindConstant, "Constant", false, 41, 41, "private const val SECRET_NAME = \"prod/db\""},
		{"slugify", "String", extract.KindFunction, "Function Signature", true, 44, 44, "fun String.slugify(): String"},
		{"retry", "", extract.KindFunction, "Function Signature", true, 46, 46, "suspend fun <T> retry(times: Int, block: suspend () -> T): T"},
		{"PAGE_SIZE", "", extract.KindConstant, "Constant", true, 50, 50, "const val PAGE_SIZE = 50"},
		{"defaultRegion", "", extract.KindConstant, "Variable", true, 51, 51, "val defaultRegion = \"eu-west-1\""},
		{"Handler", "", extract.KindType, "Type Alias", true, 53, 53, "typealias Handler = (Order) -> Unit"},
		{"Audited", "", extract.KindType, "Annotation", true, 55, 55, "annotation class Audited"},
	}
	if diff := cmp.Diff(want, defsOf(t, "src/main/kotlin/com/example/orders/Order.kt", src)); diff != "" {
		t.Error(diff)
	}
	if got := langtest.Values(t, Lang, "Order.kt", src); !cmp.Equal(got, []string{"SECRET_NAME: prod/db", "defaultRegion: eu-west-1"}) {
		t.Errorf("values: %q", got)
	}
}

// Members: the properties a primary constructor declares (a plain
// parameter is none), and the enum entries, properties, functions,
// secondary constructors, initializer blocks (`init`) and nested types of
// the body, a companion object's too, each from its first annotation or
// comment; accessors are none.
func TestMembers(t *testing.T) {
	src := `@Entity
@Table(name = "orders")
class Order(
    @Id
    val id: Long,
    note: String,
    // The total, in cents.
    @Column(name = "total_cents")
    var totalCents: Long,
) {
    init { require(totalCents >= 0) }

    constructor() : this(0, "", 0)

    val isFree: Boolean
        get() = totalCents == 0L

    fun total(): Long = totalCents

    companion object {
        const val TABLE = "orders"
        fun of(id: Long) = Order(id, "", 0)
    }

    class Line(val sku: String)
}

enum class Status(val code: String) {
    OPEN("o"),
    DONE("d") {
        override fun label() = "done"
    };

    open fun label() = code
}
`
	got := langtest.Summaries(t, Lang, "Order.kt", src)
	want := []string{
		"schema Entity Order 1-26 [id@4-5 totalCents@7-9 init@11() constructor@13() isFree@15-16 total@18() TABLE@21 of@22() Line@25]",
		"method Method Signature total 18-18 []",
		"constant Constant TABLE 21-21 []",
		"method Method Signature of 22-22 []",
		"type Class Line 25-25 [sku@25]",
		"enum Enum Status 28-35 [code@28 OPEN@29 DONE@30-32 label@34()]",
		"method Method Signature label 34-34 []",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// Only declarations at the top of a file, or in the bodies of classes
// and objects so declared, are definitions: not a class or function
// declared in a function, a lambda, an object expression or an enum
// entry's body; a class's properties are its members, an object's are
// definitions; a companion object's declarations are its class's.
func TestScope(t *testing.T) {
	src := `class Outer {
    private val comparator = object : Comparator<X> {
        override fun compare(a: X, b: X): Int = 0
    }
    private val task = Runnable {
        class Local
    }
    val size = 3
    enum class Op {
        ADD {
            override fun apply(a: Int) = a
        };
        abstract fun apply(a: Int): Int
    }
    fun method() {
        class InMethod
        fun inner() {}
    }
    companion object Factory {
        val DEFAULT = Outer()
    }
    object Nested {
        const val NAME = "n"
        interface Deeper {
            fun go()
        }
    }
}
`
	var got []string
	for _, d := range defsOf(t, "Outer.kt", src) {
		got = append(got, fmt.Sprintf("%s|%s|%d-%d", d.Container, d.Name, d.Start, d.End))
	}
	want := []string{"|Outer|1-28", "Outer|Op|9-14", "Op|apply|13-13", "Outer|method|15-15", "Outer|Factory|19-21",
		"Outer|DEFAULT|20-20", "Outer|Nested|22-27", "Nested|NAME|23-23", "Nested|Deeper|24-26", "Deeper|go|25-25"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// JPA entities and Spring Data documents are schemas, named also by their
// table or collection; an Exposed table object is a schema named by its
// table, its columns its members; a class extending an exception or error
// is an error; a type's bases are its supertypes, by their simple names.
func TestSchemasAndErrors(t *testing.T) {
	src := `@Entity
@Table(name = "order_items")
class OrderItem(@Id val id: Long)

@jakarta.persistence.Embeddable
data class Address(val city: String)

@Document(collection = "events")
class Event

@Table("audits")
data class Audit(val id: Long)

object Users : IntIdTable("users") {
    val email = varchar("email", 255).uniqueIndex()
}

object Sessions : Table() {
    val token = text("token")
}

class OrderNotFoundException(id: Long) : com.example.NotFoundException("order $id")

object Gone : RuntimeException()

sealed class ApiError(msg: String) : Exception(msg)

class Quota : Exceptional()
`
	got := map[string]string{}
	for _, d := range langtest.Definitions(t, Lang, "Models.kt", src) {
		got[d.Name] = fmt.Sprintf("%s %s %v %v", d.Kind, d.Title, d.Aliases, d.Bases)
	}
	want := map[string]string{
		"OrderItem":              "schema Entity [order_items] []",
		"Address":                "schema Embeddable [] []",
		"Event":                  "schema Document [events] []",
		"Audit":                  "schema Entity [audits] []",
		"Users":                  "schema Table [users] [IntIdTable]",
		"Sessions":               "schema Table [] [Table]",
		"OrderNotFoundException": "error Error [] [NotFoundException]",
		"Gone":                   "error Error [] [RuntimeException]",
		"ApiError":               "error Error [] [Exception]",
		"Quota":                  "type Class [] [Exceptional]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	sum := langtest.Summaries(t, Lang, "Models.kt", src)
	if want := "schema Table Users 14-16 [email@15]"; !contains(sum, want) {
		t.Errorf("want %q among %q", want, sum)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestStatementsApart: each top-level statement is parsed on its own.
// Annotations above a class whose body follows its name read as an
// expression when the grammar sees more code after the class; and a
// statement that does not parse (a guard in a when entry, Kotlin 2.1's)
// costs only itself: what the grammar recovers inside it and the
// definitions after it are found. A declaration recovered at the top of
// the statement, out of the first column where statements start, is a
// piece of the one the error broke: reported where it is, never shown.
func TestStatementsApart(t *testing.T) {
	src := `@RestController
@RequestMapping("/files")
class FileController {
    @GetMapping
    fun list(): List<String> = emptyList()
}

data class Page(
    val items: List<String>,
    val next: String? = null,
)

class Form {
    val label = when (kind) {
        is Admin if kind.active -> "admin"
        else -> "user"
    }

    fun reset() {
        name = null
    }
}

class After(val x: Int) {
    fun twice() = x * 2
}
`
	want := []string{
		`.FileController 1-6 "@RestController\n@RequestMapping(\"/files\")\nclass FileController {\n    @GetMapping\n    fun list(): List<String> = emptyList()\n}"`,
		`FileController.list 4-5 "@GetMapping\nfun list(): List<String>"`,
		`.Page 8-11 "data class Page(\n    val items: List<String>,\n    val next: String? = null,\n)"`,
		`.Form 13-13 ""`,
		`Form.reset 19-19 "fun reset()"`,
		`.After 24-26 "class After(val x: Int) {\n    fun twice() = x * 2\n}"`,
		`After.twice 25-25 "fun twice()"`,
	}
	checkFile(t, "Files.kt", src, want, []string{"GET /files -> list | 4-5 | @GetMapping\nfun list(): List<String>"})
	// Read without Prepare, a property delegate on the line after its
	// property ends the class early, and its function stands at the top.
	var bare []def
	for _, d := range langtest.Defs(t, newLang(nil), "Form.kt", "class Form {\n    var name: String?\n        by Delegates.observable(null) { _, _, _ -> }\n\n    fun reset() {\n        name = null\n    }\n}\n") {
		bare = append(bare, def(d))
	}
	if got, want := placed(bare), []string{`.Form 1-1 ""`, `.reset 1-5 ""`}; !cmp.Equal(got, want) {
		t.Errorf("without Prepare: %q, want %q", got, want)
	}
}

// TestNewerSyntax: what the grammar does not know, and would read the
// declaration around as an expression or an error for, is read as
// written: trailing commas (in a collection literal, a when entry, type
// arguments, an annotation's arguments), a multi-dollar string, a fun
// interface. Snippets show the file's text.
func TestNewerSyntax(t *testing.T) {
	src := `@RestController
@RequestMapping(
    "/pages",
)
class PageController(
    @param:Value($$"${server.port:#{null}}") private val port: Int?,
) {
    @GetMapping(
        value = [
            "{id}",
            "{id}/raw",
        ],
    )
    fun page(@RequestBody body: Map<
        String,
        Int,
    >): Int =
        when (body.size) {
            0,
            1,
            -> 0
            else -> 1
        }
}

/** Encodes tokens. */
fun interface TokenEncoder {
    fun encode(raw: String): String
}
`
	var got []string
	for _, d := range defsOf(t, "PageController.kt", src) {
		got = append(got, fmt.Sprintf("%s %s.%s %d-%d %q", d.Kind, d.Container, d.Name, d.Start, d.End, d.Text))
	}
	want := []string{
		"type .PageController 1-24 \"@RestController\\n@RequestMapping(\\n    \\\"/pages\\\",\\n)\\nclass PageController(\\n    @param:Value($$\\\"${server.port:#{null}}\\\") private val port: Int?,\\n) {\\n    @GetMapping(\\n        value = [\\n            \\\"{id}\\\",\\n            \\\"{id}/raw\\\",\\n        ],\\n    )\\n    fun page(@RequestBody body: Map<\\n        String,\\n        Int,\\n    >): Int = ...\\n}\"",
		"method PageController.page 8-17 \"@GetMapping(\\n    value = [\\n        \\\"{id}\\\",\\n        \\\"{id}/raw\\\",\\n    ],\\n)\\nfun page(@RequestBody body: Map<\\n    String,\\n    Int,\\n>): Int\"",
		"interface .TokenEncoder 26-29 \"/** Encodes tokens. */\\nfun interface TokenEncoder {\\n    fun encode(raw: String): String\\n}\"",
		"method TokenEncoder.encode 28-28 \"fun encode(raw: String): String\"",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	var routes []string
	for _, r := range langtest.RouteLines(t, Lang, "PageController.kt", src) {
		routes = append(routes, r[:strings.Index(r, " |")])
	}
	if want := []string{"GET /pages/{id} -> page", "GET /pages/{id}/raw -> page"}; !cmp.Equal(routes, want) {
		t.Errorf("routes %q, want %q", routes, want)
	}
}

// TestPrepare: only the trailing commas, a multi-dollar string's $ signs,
// a fun interface's fun, an empty collection literal and a class's
// delegation before its body change, never
// what is in a string or a comment; the text keeps its length and line
// ends.
func TestPrepare(t *testing.T) {
	for src, want := range map[string]string{
		"f(a, b,\n)":                                        "f(a, b \n)",
		"[a, /* c */ b, // d\n]":                            "[a, /* c */ b  // d\n]",
		"when (x) { 1, 2, -> 3 }":                           "when (x) { 1, 2  -> 3 }",
		"Map<A, B,>":                                        "Map<A, B >",
		`val s = "a,]" + 'x' + """b,)"""`:                   `val s = "a,]" + 'x' + """b,)"""`,
		`val s = "${f(a,)}"`:                                `val s = "${f(a )}"`,
		`@V($$"${a.b:#{c}}") val p`:                         `@V(  " {a.b:#{c}}") val p`,
		`val q = $$"""x $${y}"""`:                           `val q =   """x   {y}"""`,
		"fun interface F {\n}":                              "@Fn interface F {\n}",
		"internal fun  interface F":                         "internal @Fn  interface F",
		"fun interfaceOf() = 1\nfun f(a,) {}":               "fun interfaceOf() = 1\nfun f(a ) {}",
		"// fun interface, [a,]\n/* f(a,) */":               "// fun interface, [a,]\n/* f(a,) */",
		"@C(by = []) val a: Array<X> = [ ]":                 "@C(by = {}) val a: Array<X> = { }",
		"a[i] + b[ /* c */ ]":                               "a[i] + b{ /* c */ }",
		"var x: T?\n    by lazy { 1 }":                      "var x: T? by\n    lazy { 1 }",
		"var x: T?\r\n  by lazy { 1 }":                      "var x: T? by\r\n  lazy { 1 }",
		"var x: T? // c\n    by lazy { 1 }":                 "var x: T? // c\n    by lazy { 1 }",
		"val s = \"\"\"\n  by x\"\"\"":                      "val s = \"\"\"\n  by x\"\"\"",
		"var bypass = 1\nbyte()":                            "var bypass = 1\nbyte()",
		"context(Logger, Db)\nsuspend fun f()":              "                   \nsuspend fun f()",
		"context (A/* c */) @X fun f()":                     "                   @X fun f()",
		"block: suspend context(A) () -> Unit":              "block: suspend            () -> Unit",
		"context(\"x\") { }\ncontext(a) { }":                "context(\"x\") { }\ncontext(a) { }",
		"class K(val m: List<T>) : List<T> by m {":          "class K(val m: List<T>) : List<T>      {",
		"class K : A by a, B by Impl(x, 1) {\n}":            "class K : A by a, B               {\n}",
		"class Marker\n\nval x by lazy { 1 }":               "class Marker\n\nval x by lazy { 1 }",
		"class O {\n object Token\n val c by lazy { 1 }\n}": "class O {\n object Token\n val c by lazy { 1 }\n}",
		"class K : A by\n    a {":                           "class K : A   \n      {",
		"object : Api by real.api {}":                       "object : Api             {}",
		"class K : A by a\nfun f() {}":                      "class K : A by a\nfun f() {}",
		"class K(val x: Int = 1) : A by a.b()\n{":           "class K(val x: Int = 1) : A         \n{",
		"val v by lazy { 1 }\nval c = X::class":             "val v by lazy { 1 }\nval c = X::class",
	} {
		if got := string(prepareKotlin([]byte(src))); got != want {
			t.Errorf("prepareKotlin(%q) = %q, want %q", src, got, want)
		}
	}
	src := []byte("f(a,)\n")
	if prepareKotlin(src); string(src) != "f(a,)\n" {
		t.Error("prepareKotlin wrote to its input")
	}
}

// TestBrokenBody: a function whose body holds what the grammar cannot
// parse (a guard in a when entry, Kotlin 2.1's) is shown by its
// signature, which is as written, and its route is registered; so is the
// class around it, which cuts that body whole, its braces both parsed.
func TestBrokenBody(t *testing.T) {
	src := `@RestController
@RequestMapping("/libraries")
class LibraryController(private val service: LibraryService) {
    @PostMapping
    fun add(@RequestBody dto: LibraryDto): Library {
        try {
            return service.save(dto)
        } catch (e: Exception) {
            when (e) {
                is FileNotFoundException if e.message != null -> throw BadRequest(e.message)
                else -> throw e
            }
        }
    }
}
`
	want := []string{
		`.LibraryController 1-15 "@RestController\n@RequestMapping(\"/libraries\")\nclass LibraryController(private val service: LibraryService) {\n    @PostMapping\n    fun add(@RequestBody dto: LibraryDto): Library { ... }\n}"`,
		`LibraryController.add 4-5 "@PostMapping\nfun add(@RequestBody dto: LibraryDto): Library"`,
	}
	checkFile(t, "LibraryController.kt", src, want, []string{"POST /libraries -> add | 4-5 | @PostMapping\nfun add(@RequestBody dto: LibraryDto): Library"})
}

// TestClassDelegation: a class that delegates an interface to a property
// (: List<String> by meldekort) keeps its body: the grammar read the body
// as a lambda passed to the delegate, and the class had no members.
func TestClassDelegation(t *testing.T) {
	src := "data class MeldekortForKjede(\n    private val meldekort: List<String>,\n) : List<String> by meldekort {\n" +
		"    fun korriger(id: String): Boolean = true\n}\n"
	want := []string{
		`.MeldekortForKjede 1-5 "data class MeldekortForKjede(\n    private val meldekort: List<String>,\n) : List<String> by meldekort {\n    fun korriger(id: String): Boolean = true\n}"`,
		`MeldekortForKjede.korriger 4-4 "fun korriger(id: String): Boolean"`,
	}
	checkFile(t, "MeldekortForKjede.kt", src, want, nil)
}

// TestBrokenExpressionBody: an expression body whose braces both parsed
// (= when { ... }) keeps an error the grammar makes inside it (a when
// entry starting with a parenthesis, read as a call on the line above)
// inside it: the class around it is shown, the body cut.
func TestBrokenExpressionBody(t *testing.T) {
	src := "data class BrukersMeldekort(\n    val mottatt: Int?,\n) {\n    fun status(clock: Int): Int = when {\n" +
		"        mottatt != null -> 1\n        (clock >= 3) -> 2\n        else -> 3\n    }\n}\n"
	want := []string{
		`.BrukersMeldekort 1-9 "data class BrukersMeldekort(\n    val mottatt: Int?,\n) {\n    fun status(clock: Int): Int = ...\n}"`,
		`BrukersMeldekort.status 4-4 "fun status(clock: Int): Int"`,
	}
	checkFile(t, "BrukersMeldekort.kt", src, want, nil)
}

// placed lists definitions as "Container.Name start-end text".
func placed(defs []def) []string {
	var out []string
	for _, d := range defs {
		out = append(out, fmt.Sprintf("%s.%s %d-%d %q", d.Container, d.Name, d.Start, d.End, d.Text))
	}
	return out
}

// checkFile compares the definitions of src, placed, and its routes with
// the ones wanted.
func checkFile(t *testing.T, file, src string, defs, routes []string) {
	t.Helper()
	if diff := cmp.Diff(defs, placed(defsOf(t, file, src))); diff != "" {
		t.Error(diff)
	}
	if got := langtest.RouteLines(t, Lang, file, src); !cmp.Equal(got, routes) {
		t.Errorf("routes %q, want %q", got, routes)
	}
}

// TestMatchersAreTheQueries: on every Kotlin file of the fixtures, of a
// generated repository and of hard cases, the matcher finds what
// kotlin.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "All.kt", Data: []byte("package a\n\nclass A<T>(val x: T) : B(), C {\n  val y = 1\n  var z: Int = 2\n" +
			"  constructor() : this(0)\n  fun <R> m(t: T): R { class L { fun n() {} }; TODO() }\n  enum class E { P { override fun q() {} }; open fun q() {} }\n" +
			"  interface I { val k: Int; fun f() }\n  object O { const val K = 1 }\n  companion object Named { fun s() {} }\n" +
			"  val o = object : Runnable { override fun run() {} }\n  val (a, b) = 1 to 2\n}\ntypealias X = A<Int>\nfun Int.ext() = this\n")},
		langtest.File{Name: "Broken.kt", Data: []byte("class A {\n  fun m( {\n  val x = \n}\nclass B { fun n() {} }\nenum class E { A, B { }; fun f() = 0 }\n")},
		langtest.File{Name: "Fun.kt", Data: []byte("fun interface F {\n  fun f()\n}\n/** d */\nfun interface G {\n  fun g(): Int\n}\ninternal fun interface H<T> : B /* c */ {\n  fun h(t: T)\n}\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 20 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

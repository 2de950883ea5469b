package swift

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{Lang}

// def is the part of a Definition a test states.
type def langtest.Def

func defsOf(t *testing.T, file, src string) []def { return langtest.DefsIn[def](t, langs, file, src) }

func TestSwiftDefinitions(t *testing.T) {
	src := `import Vapor
import Fluent

/// An order a customer placed.
@available(macOS 13, *)
public final class Order: Model, Content, @unchecked Sendable {
    static let schema = "orders"

    @ID(key: .id)
    var id: UUID?

    @Field(key: "total_cents")
    var totalCents: Int

    @OptionalField(key: "cancelled_at")
    var cancelledAt: Date?

    var isPaid: Bool {
        status == .paid
    }

    init() {}

    /// Cancels the order.
    @discardableResult
    func cancel(reason: String,
                at date: Date = .now) throws -> Order {
        self.cancelledAt = date
        return self
    }

    private func audit() {}
}

struct Money: Codable, Equatable {
    let cents: Int, currency: String
}

enum OrderStatus: String, Codable, CaseIterable {
    case pending, paid
    case cancelled = "cancelled"

    var label: String { rawValue.capitalized }
}

enum OrderError: Error {
    case notFound(id: UUID)
    case alreadyCancelled
}

protocol OrderStore: Sendable {
    associatedtype Row
    var count: Int { get }
    func find(id: UUID) async throws -> Order?
}

extension Order {
    static let maxItems = 50

    var summary: String {
        "\(totalCents)"
    }

    func refund(on db: Database) async throws {
        try await db.transaction { tx in
            func nested() {}
        }
    }

    struct Create: Content {
        var totalCents: Int
    }
}

actor PaymentGateway {
    func charge(_ order: Order) async {}
}

public typealias OrderID = UUID

let defaultCurrency = "EUR"
var requestCount = 0

fileprivate func helper() -> Int {
    let local = 1
    return local
}
`
	want := []def{
		{"Order", "", extract.KindSchema, "Model", true, 4, 33, "/// An order a customer placed.\n@available(macOS 13, *)\npublic final class Order: Model, Content, @unchecked Sendable {\n    static let schema = \"orders\"\n\n    @ID(key: .id)\n    var id: UUID?\n\n    @Field(key: \"total_cents\")\n    var totalCents: Int\n\n    @OptionalField(key: \"cancelled_at\")\n    var cancelledAt: Date?\n\n    var isPaid: Bool { ... }\n\n    init() { ... }\n\n    /// Cancels the order.\n    @discardableResult\n    func cancel(reason: String,\n                at date: Date = .now) throws -> Order { ... }\n\n    private func audit() { ... }\n}"},
		{"schema", "Order", extract.KindConstant, "Constant", true, 7, 7, "static let schema = \"orders\""},
		{"init", "Order", extract.KindMethod, "Initializer", true, 22, 22, "init()"},
		{"cancel", "Order", extract.KindMethod, "Method Signature", true, 24, 27, "/// Cancels the order.\n@discardableResult\nfunc cancel(reason: String,\n            at date: Date = .now) throws -> Order"},
		{"audit", "Order", extract.KindMethod, "Method Signature", false, 32, 32, "private func audit()"},
		{"Money", "", extract.KindType, "Struct", true, 35, 37, "struct Money: Codable, Equatable {\n    let cents: Int, currency: String\n}"},
		{"OrderStatus", "", extract.KindEnum, "Enum", true, 39, 44, "enum OrderStatus: String, Codable, CaseIterable {\n    case pending, paid\n    case cancelled = \"cancelled\"\n\n    var label: String { ... }\n}"},
		{"OrderError", "", extract.KindError, "Error", true, 46, 49, "enum OrderError: Error {\n    case notFound(id: UUID)\n    case alreadyCancelled\n}"},
		{"OrderStore", "", extract.KindInterface, "Protocol", true, 51, 55, "protocol OrderStore: Sendable {\n    associatedtype Row\n    var count: Int { get }\n    func find(id: UUID) async throws -> Order?\n}"},
		{"find", "OrderStore", extract.KindMethod, "Method Signature", true, 54, 54, "func find(id: UUID) async throws -> Order?"},
		{"maxItems", "Order", extract.KindConstant, "Constant", true, 58, 58, "static let maxItems = 50"},
		{"summary", "Order", extract.KindMethod, "Property", true, 60, 60, "var summary: String"},
		{"refund", "Order", extract.KindMethod, "Method Signature", true, 64, 64, "func refund(on db: Database) async throws"},
		{"Create", "Order", extract.KindType, "Struct", true, 70, 72, "struct Create: Content {\n    var totalCents: Int\n}"},
		{"PaymentGateway", "", extract.KindType, "Actor", true, 75, 77, "actor PaymentGateway {\n    func charge(_ order: Order) async { ... }\n}"},
		{"charge", "PaymentGateway", extract.KindMethod, "Method Signature", true, 76, 76, "func charge(_ order: Order) async"},
		{"OrderID", "", extract.KindType, "Type Alias", true, 79, 79, "public typealias OrderID = UUID"},
		{"defaultCurrency", "", extract.KindConstant, "Constant", true, 81, 81, "let defaultCurrency = \"EUR\""},
		{"requestCount", "", extract.KindConstant, "Variable", true, 82, 82, "var requestCount = 0"},
		{"helper", "", extract.KindFunction, "Function Signature", false, 84, 84, "fileprivate func helper() -> Int"},
	}
	if diff := cmp.Diff(want, defsOf(t, "Sources/App/Models/Order.swift", src)); diff != "" {
		t.Error(diff)
	}
}

// TestMembers: a type's properties (with the type they hold and the
// names they are stored or encoded as), methods, initializers, cases,
// nested types and associated types are its members, each with its
// attributes and doc comment; a declaration of several names is a member
// for each. Subscripts, deinitializers and operators are none.
func TestMembers(t *testing.T) {
	src := `struct Order: Codable {
    /// The key.
    let id: UUID
    var items: [LineItem]
    var byCode: [String: Coupon]
    var buyer: Customer?
    let a: Int, b: Int

    enum CodingKeys: String, CodingKey {
        case id, items, byCode
        case buyer = "buyer_id"
        case a, b
    }

    init(from decoder: Decoder) throws {}
    subscript(i: Int) -> LineItem { items[i] }
    static func == (l: Order, r: Order) -> Bool { true }
    deinit {}
}
final class Payment: Model {
    @ID(custom: "code")
    var id: String?
    @Parent(key: "order_id")
    var order: Order
    @Children(for: \.$payment)
    var refunds: [Refund]
    @Timestamp(key: "created_at", on: .create)
    var createdAt: Date?
}
enum Shape {
    case circle(radius: Double), square
    // Rare.
    indirect case group([Shape])
}
protocol Store {
    associatedtype Row
    var count: Int { get set }
    func row(at i: Int) -> Row
    init()
}
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "Sources/App/Order.swift", src) {
		if len(d.Members) == 0 {
			continue
		}
		var ms []string
		for _, m := range d.Members {
			s := fmt.Sprintf("%s@%d-%d", m.Name, m.Start, m.End)
			if m.Type != "" {
				s += ":" + m.Type
			}
			if len(m.Serialized) > 0 {
				s += "=" + strings.Join(m.Serialized, ",")
			}
			if m.Method {
				s += "()"
			}
			ms = append(ms, s)
		}
		got = append(got, d.Name+" "+strings.Join(ms, " "))
	}
	want := []string{
		"Order id@2-3 items@4-4:LineItem byCode@5-5:Coupon buyer@6-6:Customer=buyer_id a@7-7 b@7-7 CodingKeys@9-13 init@15-15()",
		"CodingKeys id@10-10 items@10-10 byCode@10-10 buyer@11-11 a@12-12 b@12-12",
		"Payment id@21-22=code order@23-24:Order=order_id refunds@25-26:Refund createdAt@27-28=created_at",
		"Shape circle@31-31 square@31-31 group@32-33",
		"Store Row@36-36 count@37-37 row@38-38() init@39-39()",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSchemasAndErrors: a Fluent model is a schema named by its static
// schema; a type conforming to Error, or to a protocol named like one
// (AbortError, LocalizedError), here or in an extension of its file, is
// an error.
func TestSchemasAndErrors(t *testing.T) {
	src := `final class Order: Model, Content {
    static let schema = "orders"
    @ID(key: .id) var id: UUID?
}

final class Draft: Model {
    static var schema: String { "drafts" }
}

struct OrderError: AbortError {
    var status: HTTPStatus { .notFound }
}

enum PaymentError {
    case declined
}

extension PaymentError: LocalizedError {
    var errorDescription: String? { "declined" }
}

enum Status: String, Codable {
    case open
}

struct Address: Fields {}
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "Sources/App/Models.swift", src) {
		if d.Container == "" {
			got = append(got, fmt.Sprintf("%s %s %s %v", d.Name, d.Kind, d.Title, d.Aliases))
		}
	}
	want := []string{
		"Order schema Model [orders]",
		"Draft schema Model []",
		"OrderError error Error []",
		"PaymentError error Error []",
		"Status enum Enum []",
		"Address type Struct []",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestScope: declarations inside functions, closures and accessors are
// none of the file's; those of nested types and extensions are, as their
// type's.
func TestScope(t *testing.T) {
	src := `func outer() {
    struct Local {}
    func inner() {}
    let x = 1
}

let handler = { () -> Int in
    func insideClosure() -> Int { 1 }
    return insideClosure()
}

extension Order.Status {
    var isFinal: Bool { self == .paid }
    func next() -> Self { self }
}

class Shop {
    var total: Int {
        func helper() -> Int { 1 }
        return helper()
    }
    class Cart {
        func add() {}
    }
}
`
	var got []string
	for _, d := range defsOf(t, "Sources/App/Shop.swift", src) {
		got = append(got, d.Container+"."+d.Name)
	}
	want := []string{".outer", ".handler", "Status.isFinal", "Status.next", ".Shop", "Shop.Cart", "Cart.add"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestMatchersAreTheQueries: on every Swift file of the fixtures and of
// hard cases, the matcher finds what swift.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "All.swift", Data: []byte("class A<T>: B where T: C {\n  let x = 1, y: Int = 2\n  let (p, q) = (1, 2)\n" +
			"  var z: Int { 1 }\n  init?(a: Int) {}\n  func m<R>(_ t: T) -> R { func l() {}; fatalError() }\n" +
			"  enum E: String { case p, q = \"q\" }\n  struct S { static let zero = S() }\n  typealias U = Int\n" +
			"  static func + (l: A, r: A) -> A { l }\n  subscript(i: Int) -> Int { i }\n}\n" +
			"protocol P { associatedtype R; var k: Int { get }; func f(); init() }\n" +
			"extension A: P where T == Int { func f() {} }\nactor Act { var n = 0 }\nfunc top() async throws {}\n")},
		langtest.File{Name: "Broken.swift", Data: []byte("class A {\n  func m( {\n  let x = \n}\nclass B { func n() {} }\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 20 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBrokenDefinitions: a definition holding a parse error is never
// shown; the declarations recovered whole around it are, and a
// declaration after a broken statement is found.
func TestBrokenDefinitions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"struct A {\n    func m( {\n        let x = \n    }\n}\n\nstruct B {\n    func n() -> Int { 1 }\n}\n",
			[]string{"A:", "m:", "B:struct B {\n    func n() -> Int { ... }\n}", "n:func n() -> Int"}},
		{"func a( {\n\nfunc b() -> Int { 1 }\n", []string{"b:func b() -> Int"}},
		{"class A {\n    var x: Int\n\nfinal class B {\n    let y = 1\n}\n", []string{"A:", "B:final class B {\n    let y = 1\n}"}},
	} {
		var got []string
		for _, d := range defsOf(t, "x.swift", tc.src) {
			got = append(got, d.Name+":"+d.Text)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: %s", tc.src, diff)
		}
	}
}

// TestFocus: a search parses only the statements that declare its names,
// with the attributes and doc comment above them; a function's statement
// counts for its name only; a statement after a broken one is still
// found, by a parse that leaves the broken one out.
func TestFocus(t *testing.T) {
	src := "import Vapor\n\nstruct Broken {\n    func m() { let x = }\n}\n\n" +
		"/// Found.\n@available(macOS 13, *)\nfinal class Found {\n    let sql = \"\"\"\n    select '}' from t\n    \"\"\"\n    /* a } /* nested { */ */\n}\n\n" +
		"@discardableResult public static func other() -> Found { Found() }\n" + strings.Repeat("\nstruct Filler {\n    let s = \"}{\"\n}\n", 10)
	spans, ok := extract.Focus(Lang, []byte(src), func(w []byte) bool { return string(w) == "Found" })
	if !ok || len(spans) != 1 || src[spans[0].Start:spans[0].End] != src[strings.Index(src, "/// Found."):strings.Index(src, "@discardableResult")] {
		t.Fatalf("spans %v: want the class Found with its doc comment and attribute", spans)
	}
	p := extract.NewParser()
	defer p.Close()
	ex, err := p.DefinitionsIn(context.Background(), Lang, "Found.swift", []byte(src), spans, nil)
	defs, whole := ex.Defs, ex.Whole
	if err != nil || whole || len(defs) != 1 || defs[0].Name != "Found" || defs[0].Broken || defs[0].StartLine != 7 {
		t.Errorf("focused parse: whole %v, %v, %+v", whole, err, defs)
	}
	if spans, ok := extract.Focus(Lang, []byte(src), func(w []byte) bool { return string(w) == "other" }); !ok || len(spans) != 1 {
		t.Errorf("spans %v: want the function other", spans)
	}
	if spans, ok := extract.Focus(Lang, []byte("let s = \"\"\"\nnever closed\n\nstruct A {}\n"), func([]byte) bool { return true }); ok {
		t.Errorf("the lexer vouched for a split (%v) of an unclosed multi-line string", spans)
	}
}

// TestGrammarPredates: code the grammar predates (typed throws,
// nonisolated(unsafe), Swift Testing's #expect, an if-let condition whose
// call it reads as taking a trailing closure) is shown, not reported
// broken; so is a definition whose error is inside a body its snippet
// cuts, whose braces both parsed.
func TestGrammarPredates(t *testing.T) {
	src := `enum Github {
    static func parse(url: String) throws(Github.Error) -> String {
        if let x = try await find(on: db, key: k) {
            return x
        } else {
            return ""
        }
    }
    nonisolated(unsafe) static var current = Github()
    static var live: Self {
        .init(fetch: { owner throws(Github.Error) in try await fetch(owner) })
    }
}

struct EmojiStorage {
    nonisolated(unsafe) static var current = EmojiStorage()
    init(x: Int) throws(MyError) {}
}

protocol Client { func fetch() throws(Github.Error) }

@Suite struct GithubTests {
    @Test func parses() throws {
        #expect(try Github.parse(url: "x") == "x")
        let v = try #require(Github.current)
    }
}

struct Open {
    func m() {
        let x = [1, 2
    }
}
`
	var got []string
	for _, d := range defsOf(t, "Sources/App/Github.swift", src) {
		line := d.Container + "." + d.Name
		if d.Text == "" {
			line += " broken"
		}
		got = append(got, line)
	}
	want := []string{".Github", "Github.parse", "Github.current", "Github.live", ".EmojiStorage", "EmojiStorage.current",
		"EmojiStorage.init", ".Client", "Client.fetch", ".GithubTests", "GithubTests.parses", ".Open", "Open.m"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestNamespaces: a member's container is the innermost type around it,
// and the types that type is nested in are its namespace, whether they
// nest in one body or an extension names the path (extension
// HomeIndex.Model): HomeIndex.Model.query is that Model's query.
func TestNamespaces(t *testing.T) {
	src := `enum API {}

extension API {
    enum BuildController {
        static func buildReport() {}
    }
}

extension HomeIndex {
    struct Model {}
}

extension HomeIndex.Model {
    static func query(database: Database) {}
}
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "Sources/App/API.swift", src) {
		got = append(got, d.Namespace+"|"+d.Container+"|"+d.Name)
	}
	want := []string{"||API", "|API|BuildController", "API|BuildController|buildReport", "|HomeIndex|Model", "HomeIndex|Model|query"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestPrepare: a freestanding macro the grammar predates is spelled as a
// name, whatever follows it; a directive, a literal or an expression the
// grammar reads, a raw string's delimiters and a word's # stay. The text
// keeps its length, and the input is not written to.
func TestPrepare(t *testing.T) {
	for src, want := range map[string]string{
		"#expect(res.status == .ok)":                     "_expect(res.status == .ok)",
		"let b = try #require(a.first)":                  "let b = try _require(a.first)",
		"#expect {\n    try f()\n} throws: { _ in }":     "_expect {\n    try f()\n} throws: { _ in }",
		"loc: SourceLocation = #_sourceLocation":         "loc: SourceLocation = __sourceLocation",
		"#Preview(\"Row\") { Row() }":                    "_Preview(\"Row\") { Row() }",
		"#if os(Linux)\n#elseif DEBUG\n#else\n#endif":    "#if os(Linux)\n#elseif DEBUG\n#else\n#endif",
		"if #available(macOS 13, *) { f(#file, #line) }": "if #available(macOS 13, *) { f(#file, #line) }",
		`let r = #"a "b" #c"#; let s = ##"x"##`:          `let r = #"a "b" _c"#; let s = ##"x"##`,
		"#selector(tap) + #keyPath(A.b) + a#b + #1":      "#selector(tap) + #keyPath(A.b) + a#b + #1",
		// Swift 6's trailing commas, sending and suppressed conformances.
		"init(\n    routes: Int,\n    name: String, // last\n) {}":   "init(\n    routes: Int,\n    name: String  // last\n) {}",
		"struct G<A, B,> {}; f(a, b,); let xs = [1, 2,]":             "struct G<A, B > {}; f(a, b ); let xs = [1, 2,]",
		"func handle(reader: consuming sending Reader) -> sending T": "func handle(reader: consuming         Reader) ->         T",
		"struct Reader: ~Copyable, ~Escapable {}; let sending = 1":   "struct Reader:  Copyable,  Escapable {}; let sending = 1",
	} {
		if got := string(prepare([]byte(src))); got != want {
			t.Errorf("prepare(%q) = %q, want %q", src, got, want)
		}
	}
	src := []byte("#expect(a)\n")
	if prepare(src); string(src) != "#expect(a)\n" {
		t.Error("prepare wrote to its input")
	}
}

// TestMacrosInTests: a test file whose functions hold Swift Testing's
// macros parses whole, without an error: its definitions are whole, none
// broken, and the test function shows its signature.
func TestMacrosInTests(t *testing.T) {
	src := "import Testing\n\nextension AllTests.BuildTests {\n    @Test func query() async throws {\n" +
		"        #expect(res.status == .ok)\n        let b = try #require(builds.first)\n" +
		"        #expect {\n            try b.save()\n        } throws: { _ in true }\n    }\n\n" +
		"    @Test func delete() throws {\n        #expect(try Build.query().count() == 0)\n    }\n}\n"
	tree, err := sitter.ParseCtx(context.Background(), prepare([]byte(src)), Lang.Grammar())
	if err != nil {
		t.Fatal(err)
	}
	if Lang.Broken(tree) {
		t.Errorf("the prepared text does not parse: %s", tree.String())
	}
	got := defsOf(t, "Tests/AppTests/BuildTests.swift", src)
	var names []string
	for _, d := range got {
		names = append(names, d.Name+": "+d.Text)
	}
	if want := []string{"query: @Test func query() async throws", "delete: @Test func delete() throws"}; !cmp.Equal(names, want) {
		t.Errorf("definitions %q, want %q", names, want)
	}
}

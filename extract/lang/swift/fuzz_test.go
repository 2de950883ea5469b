package swift

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzSwift(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "Sources/App/Order.swift", []string{
		"import Vapor\n\n/// An order.\n@available(macOS 13, *)\nfinal class Order: Model, Content {\n    static let schema = \"orders\"\n" +
			"    @ID(key: .id) var id: UUID?\n    @Field(key: \"total_cents\")\n    var totalCents: Int, tax: Int\n" +
			"    var isPaid: Bool { totalCents > 0 }\n    init() {}\n    func cancel(reason: String) throws -> Order { self }\n}\n",
		"enum OrderError: Error {\n    case notFound(id: UUID), gone\n    indirect case wrapped(OrderError)\n}\n" +
			"protocol Store { associatedtype Row; var n: Int { get }; func get() -> Row }\n" +
			"extension Order: Store where Row == Int {\n    static let max = 5\n    var summary: String { \"\\(totalCents)\" }\n}\n",
		"func routes(_ app: Application) throws {\n    app.group(M()) { $0.get(\"x\", use: h) }\n    let api = app.grouped(\"api\")\n    api.get(\"orders\", \":id\") { req in\n" +
			"        try await Order.find(req.parameters.get(\"id\"), on: req.db)\n    }\n    try api.register(collection: OrderController())\n}\n",
		"let sql = \"\"\"\n    select '}' from t\n    \"\"\"\n/* a /* nested */ } */\nactor Counter { var n = 0 }\ntypealias ID = UUID\n",
		"struct A {\n  func m( {\n  let x = \n}\nstruct B { func n() {} }\n}}\n{{\n#if DEBUG\nfunc d() {}\n#endif\n",
		"@Test func q() throws {\n    #expect(a == #\"b\"#)\n    #expect { try f() } throws: { _ in true }\n    _ = #require(x, #file)\n}\n",
	}, commented, routed, prepared)
}

// prepared: the text the grammar parses differs from the file's only in
// macros' # signs, spelled _.
func prepared(t *testing.T, _ *extract.Parser, src []byte) {
	text := prepare(src)
	if len(text) != len(src) {
		t.Fatalf("prepare changed the length: %d, not %d", len(text), len(src))
	}
	for i := range src {
		if text[i] != src[i] && (src[i] != '#' || text[i] != '_') {
			t.Fatalf("prepare changed byte %d: %q to %q", i, src[i], text[i])
		}
	}
}

// routed: reading an input's routes does not fail, and each route lies
// in the file.
func routed(t *testing.T, p *extract.Parser, src []byte) {
	routes, _, err := p.Routes(context.Background(), Lang, "Sources/App/routes.swift", src)
	if err != nil {
		return
	}
	lines := bytes.Count(src, []byte("\n")) + 1
	for _, r := range routes {
		if r.StartLine < 1 || r.EndLine < r.StartLine || r.EndLine > lines || !strings.HasPrefix(r.Route.Pattern, "/") {
			t.Fatalf("route %s at %d-%d in %d lines", r.Route, r.StartLine, r.EndLine, lines)
		}
	}
}

// commented: text in a block comment above a struct, or in a string
// inside it, defines nothing and ends nothing. (A NUL byte, which no
// Swift source holds, ends the grammar's input wherever it stands.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.IndexByte(src, 0) >= 0 {
		return
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	quoted := strings.NewReplacer("\\", `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`).Replace(string(src))
	swift := "/*\n" + text + "\n*/\n@available(macOS 13, *)\nstruct Fixed {\n    /*\n" + text + "\n    */\n    let id: Int\n" +
		"    @Field(key: \"" + quoted + "\")\n    var note: String\n}\n"
	langtest.OnlyDefinition(t, p, Lang, "Sources/App/Fixed.swift", swift, "Fixed", "id", "note")
}

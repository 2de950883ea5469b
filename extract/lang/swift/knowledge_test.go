package swift

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestExternalImports(t *testing.T) {
	lines := []string{"import Foundation", "import Vapor", "@preconcurrency import NIOCore", "import struct FluentKit.FieldKey",
		"@testable import App", "import Vapor", "import XCTest", "let importance = 1"}
	want := []string{"Vapor", "NIOCore", "FluentKit"}
	if diff := cmp.Diff(want, externalImports(lines)); diff != "" {
		t.Error(diff)
	}
}

func TestSwiftTests(t *testing.T) {
	tests := []string{"Tests/AppTests/OrderTests.swift", "Tests/AppTests/Models/PaymentTest.swift", "Tests/AppTests/RoutesTests.swift",
		"Tests/OtherTests/OrderTests.swift", "Tests/CLITests/InvoiceTests.swift", "Tests/AppTests/Fixtures.swift"}
	for _, tc := range []struct {
		source          string
		named, package_ []string
	}{
		{"Sources/App/Models/Order.swift", []string{"Tests/AppTests/OrderTests.swift"},
			[]string{"Tests/AppTests/OrderTests.swift", "Tests/AppTests/Models/PaymentTest.swift", "Tests/AppTests/RoutesTests.swift", "Tests/AppTests/Fixtures.swift"}},
		{"Sources/App/Payment.swift", []string{"Tests/AppTests/Models/PaymentTest.swift"},
			[]string{"Tests/AppTests/OrderTests.swift", "Tests/AppTests/Models/PaymentTest.swift", "Tests/AppTests/RoutesTests.swift", "Tests/AppTests/Fixtures.swift"}},
		{"Sources/Billing/Invoice.swift", []string{"Tests/CLITests/InvoiceTests.swift"}, nil},
		{"Sources/App/Order.rb", nil, nil},
	} {
		m := swiftTests(tc.source, tests)
		if diff := cmp.Diff(tc.named, m.Named); diff != "" {
			t.Errorf("%s named: %s", tc.source, diff)
		}
		if diff := cmp.Diff(tc.package_, m.Package); diff != "" {
			t.Errorf("%s package: %s", tc.source, diff)
		}
	}
}

func TestTestNames(t *testing.T) {
	src := `import XCTest
@testable import App

final class OrderTests: XCTestCase {
    override func setUp() async throws {}

    func testCancel() async throws {
        XCTAssertTrue(true)
    }

    @MainActor
    func testRefund() throws {}

    func helper() {}
}

@Suite struct PaymentTests {
    @Test func charges() async {}

    @Test("Declines a stolen card", .tags(.payments))
    func declines() {}
}
`
	want := []string{"testCancel", "testRefund", "charges", "declines"}
	if diff := cmp.Diff(want, testNames([]byte(src))); diff != "" {
		t.Error(diff)
	}
}

func TestDeclares(t *testing.T) {
	if !declares("    func create(req: Request) async throws -> Order {", "create") || !declares("func list<T>(", "list") ||
		declares("func listAll(", "list") {
		t.Error("declares does not read func name( and func name<")
	}
}

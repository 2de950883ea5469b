package csharp

import (
	"reflect"
	"strings"
	"testing"
)

const usingSrc = `// Orders.
using System;
using System.Collections.Generic;
global using Microsoft.EntityFrameworkCore;
using static System.Math;
using MediatR;
using Json = Newtonsoft.Json.JsonConvert;
using Money = Shop.Billing.Money;
using Shop.Domain;

namespace Shop.Orders;

public class Order
{
    public void M() { using var x = Open(); }
}
`

// Only a using alias names a type; the others bring in namespaces. A file
// without a namespace cannot tell its project's aliases from others'.
func TestImportNames(t *testing.T) {
	if got, want := importNames([]byte(usingSrc)), "JsonConvert\tNewtonsoft.Json\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	global := "using Order = eShop.Ordering.API.Application.Queries.Order;\n\npublic static class OrdersApi {}\n"
	if got := importNames([]byte(global)); got != "" {
		t.Errorf("no namespace: got %q", got)
	}
}

func TestExternalImports(t *testing.T) {
	want := []string{"Microsoft.EntityFrameworkCore", "MediatR", "Newtonsoft.Json"}
	if got := externalImports(strings.Split(usingSrc, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCSharpTests(t *testing.T) {
	tests := []string{
		"tests/Shop.Tests/Orders/OrderTests.cs",
		"tests/Shop.IntegrationTests/Orders/OrderIntegrationTests.cs",
		"tests/Shop.Tests/Billing/OrderTests.cs",
		"tests/Shop.Tests/Orders/OrderServiceTests.cs",
		"tests/Shop.Tests/Orders/order_test.py",
	}
	want := tests[:2]
	if m := csharpTests("src/Shop/Orders/Order.cs", tests); !reflect.DeepEqual(m.Named, want) {
		t.Errorf("got %+v, want %q", m, want)
	}
	if m := csharpTests("src/Shop/Services/OrderService.cs", tests); !reflect.DeepEqual(m.Named, tests[3:4]) {
		t.Errorf("the only test named after it, elsewhere: got %+v", m)
	}
	if m := csharpTests("src/Shop/Lines/Order.cs", tests); m.Named != nil {
		t.Errorf("two tests named after it, neither beside it: got %+v", m)
	}
	pkg := []string{"tests/Ordering.UnitTests/Domain/OrderAggregateTest.cs"}
	if m := csharpTests("src/Ordering.Domain/AggregatesModel/OrderAggregate/Order.cs", append(tests, pkg...)); m.Named != nil || !reflect.DeepEqual(m.Package, pkg) {
		t.Errorf("a test named after the directory: got %+v", m)
	}
	if m := csharpTests("Order.py", tests); m.Named != nil {
		t.Errorf("a Python file: %+v", m)
	}
}

func TestTestNames(t *testing.T) {
	src := []byte(`public class OrderTests
{
    [Fact]
    public async Task Places_an_order() {}

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void Rejects(int n) {}

    [Test, Category("slow")]
    public void Cancels() {}

    [TestCase("a", ExpectedResult = 1)]
    public int Counts(string s) => 1;

    [TestMethod]
    public void Refunds() {}

    [TestFixture]
    public class Nested {}

    private void Helper() {}
}
`)
	want := []string{"Places_an_order", "Rejects", "Cancels", "Counts", "Refunds"}
	if got := Lang.TestNames(src); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDeclares(t *testing.T) {
	for line, want := range map[string]bool{
		"public async Task<IActionResult> Create(":   true,
		"public Order Create<T>(":                    true,
		"private static int? Create (":               true,
		"    return Create(":                         false,
		"var o = await _svc.Create(":                 false,
		"var o = new Create(":                        false,
		"public IActionResult CreateAll(":            false,
		"public IActionResult Get() => this.Create(": false,
	} {
		if got := Lang.Declares(line, "Create"); got != want {
			t.Errorf("declares(%q) = %v, want %v", line, got, want)
		}
	}
}

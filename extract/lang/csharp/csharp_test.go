package csharp

import (
	"context"
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

func TestCSharpDefinitions(t *testing.T) {
	src := `using System;
using Microsoft.EntityFrameworkCore;

namespace Shop.Orders
{
    /// <summary>An order.</summary>
    public partial class Order : BaseEntity, IComparable<Order>
    {
        public const int MaxItems = 10;
        private static readonly string Prefix = "ord_";
        private long _totalCents;

        public Order(long total)
        {
            _totalCents = total;
        }

        [Obsolete]
        public async Task<List<T>> ItemsAsync<T>(int n,
            bool all) where T : class
        {
            return null;
        }

        private decimal Total() => _totalCents / 100m;

        public enum Status
        {
            Open = 1,
            Done,
        }
    }

    interface IOrderRepository : IRepository<Order>
    {
        Task<Order?> FindAsync(Guid id);
        int Count { get; }
    }

    public record Money(long Cents, string Currency)
    {
        public static Money Zero() => new(0, "EUR");
    }

    public readonly record struct Point(int X, int Y);

    internal struct Pair { public int A; }

    public delegate void OrderPlaced(Order order);
}
`
	want := []def{
		{"Order", "", extract.KindType, "Class", true, 6, 32, "/// <summary>An order.</summary>\npublic partial class Order : BaseEntity, IComparable<Order>\n{\n    public const int MaxItems = 10;\n    private static readonly string Prefix = \"ord_\";\n    private long _totalCents;\n\n    public Order(long total)\n    { ... }\n\n    [Obsolete]\n    public async Task<List<T>> ItemsAsync<T>(int n,\n        bool all) where T : class\n    { ... }\n\n    private decimal Total() => _totalCents / 100m;\n\n    public enum Status\n    {\n        Open = 1,\n        Done,\n    }\n}"},
		{"MaxItems", "Order", extract.KindConstant, "Constant", true, 9, 9, "public const int MaxItems = 10;"},
		{"Prefix", "Order", extract.KindConstant, "Constant", false, 10, 10, "private static readonly string Prefix = \"ord_\";"},
		{"ItemsAsync", "Order", extract.KindMethod, "Method Signature", true, 18, 20, "[Obsolete]\npublic async Task<List<T>> ItemsAsync<T>(int n,\n    bool all) where T : class"},
		{"Total", "Order", extract.KindMethod, "Method Signature", false, 25, 25, "private decimal Total()"},
		{"Status", "Order", extract.KindEnum, "Enum", true, 27, 31, "public enum Status\n{\n    Open = 1,\n    Done,\n}"},
		{"IOrderRepository", "", extract.KindInterface, "Interface", true, 34, 38, "interface IOrderRepository : IRepository<Order>\n{\n    Task<Order?> FindAsync(Guid id);\n    int Count { get; }\n}"},
		{"FindAsync", "IOrderRepository", extract.KindMethod, "Method Signature", true, 36, 36, "Task<Order?> FindAsync(Guid id);"},
		{"Money", "", extract.KindType, "Record", true, 40, 43, "public record Money(long Cents, string Currency)\n{\n    public static Money Zero() => new(0, \"EUR\");\n}"},
		{"Zero", "Money", extract.KindMethod, "Method Signature", true, 42, 42, "public static Money Zero()"},
		{"Point", "", extract.KindType, "Record", true, 45, 45, "public readonly record struct Point(int X, int Y);"},
		{"Pair", "", extract.KindType, "Struct", true, 47, 47, "internal struct Pair { public int A; }"},
		{"OrderPlaced", "", extract.KindType, "Delegate", true, 49, 49, "public delegate void OrderPlaced(Order order);"},
	}
	if diff := cmp.Diff(want, defsOf(t, "src/Shop/Orders/Order.cs", src)); diff != "" {
		t.Error(diff)
	}
}

// A file-scoped namespace holds the declarations after it; a program's
// top-level statements define their local functions only.
func TestFileScopedNamespaceAndTopLevelStatements(t *testing.T) {
	src := `namespace Shop.Api;

[ApiController]
public class OrdersController : ControllerBase
{
    [HttpGet("{id}")]
    public IActionResult Get(int id) => Ok();
}
`
	want := []def{
		{"OrdersController", "", extract.KindType, "Class", true, 3, 8, "[ApiController]\npublic class OrdersController : ControllerBase\n{\n    [HttpGet(\"{id}\")]\n    public IActionResult Get(int id) => Ok();\n}"},
		{"Get", "OrdersController", extract.KindMethod, "Method Signature", true, 6, 7, "[HttpGet(\"{id}\")]\npublic IActionResult Get(int id)"},
	}
	if diff := cmp.Diff(want, defsOf(t, "Api/OrdersController.cs", src)); diff != "" {
		t.Error(diff)
	}
	program := `var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/health", () => Healthy());
app.Run();

static string Healthy()
{
    int Inner() => 1;
    return "ok";
}

public partial class Program { }
`
	want = []def{
		{"Healthy", "", extract.KindFunction, "Function Signature", true, 6, 6, "static string Healthy()"},
		{"Program", "", extract.KindType, "Class", true, 12, 12, "public partial class Program { }"},
	}
	if diff := cmp.Diff(want, defsOf(t, "Program.cs", program)); diff != "" {
		t.Error(diff)
	}
}

// Members: a positional record's parameters, fields (by their first
// name), properties, events, constructors, methods, nested types and enum
// members, each from its first attribute or comment; operators, indexers
// and destructors are none. A field's type and the names it is written as
// come with it.
func TestMembers(t *testing.T) {
	src := `[Table("orders")]
public class Order
{
    [Key]
    public Guid Id { get; set; }

    // The total, in cents.
    [Column("total_cents")]
    [JsonPropertyName("totalCents")]
    private long _totalCents, _taxCents;

    public List<OrderLine> Lines { get; } = new();

    public Customer? Customer { get; set; }

    public event EventHandler<Order> Changed;

    public Order() {}

    public decimal Total() => _totalCents;

    public static Order operator +(Order a, Order b) => a;

    public int this[int i] => i;

    public enum Status { Open, Done }
}

public record Placed([property: JsonPropertyName("order_id")] Guid OrderId, IReadOnlyList<Item> Items);
`
	got := langtest.Summaries(t, Lang, "Order.cs", src)
	want := []string{
		"schema Entity Order 1-27 [Id@4-5 _totalCents@7-10 Lines@12:OrderLine Customer@14:Customer Changed@16:Order Order@18() Total@20() Status@26]",
		"method Method Signature Total 20-20 []",
		"enum Enum Status 26-26 [Open@26 Done@26]",
		"type Record Placed 29-29 [OrderId@29 Items@29:Item]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	var wire []string
	for _, d := range langtest.Definitions(t, Lang, "Order.cs", src) {
		for _, m := range d.Members {
			if len(m.Serialized) > 0 {
				wire = append(wire, m.Name+"="+strings.Join(m.Serialized, ","))
			}
		}
	}
	if diff := cmp.Diff([]string{"_totalCents=total_cents,totalCents", "OrderId=order_id"}, wire); diff != "" {
		t.Error(diff)
	}
}

// Only declarations at the top, in namespaces and in types so declared are
// definitions: not a local function of a method, a lambda's, or a class
// declared in a method; an instance field or a property is a member, not
// a definition.
func TestScope(t *testing.T) {
	src := `namespace A.B
{
    class Outer
    {
        private readonly Func<int> _f = () => 1;
        public string Name { get; set; }
        void Method()
        {
            int Local() => 1;
            Action a = delegate { };
        }
        static class Nested
        {
            internal const string Name = "n";
            interface IDeeper { void Go(); }
        }
    }
}
`
	var got []string
	for _, d := range defsOf(t, "Outer.cs", src) {
		got = append(got, fmt.Sprintf("%s|%s|%d-%d", d.Container, d.Name, d.Start, d.End))
	}
	want := []string{"|Outer|3-17", "Outer|Method|7-7", "Outer|Nested|12-16", "Nested|Name|14-14", "Nested|IDeeper|15-15", "IDeeper|Go|15-15"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// Entity Framework Core entities are schemas, named also by their table;
// a class its file's context holds a DbSet of is one too; a context is a
// class titled so; a class deriving from an exception is an error; a
// type's bases are named without their type arguments.
func TestSchemasAndErrors(t *testing.T) {
	src := `[Table("order_items", Schema = "shop")]
public class OrderItem {}

[PrimaryKey(nameof(OrderId), nameof(Sku))]
public class Line {}

public class Customer {}

public class Note {}

public class ShopContext : IdentityDbContext<User>
{
    public DbSet<Customer> Customers => Set<Customer>();
}

public class OrderNotFoundException : Shop.Errors.NotFoundException {}

public class Quota : Exceptional, IDisposable {}
`
	got := map[string]string{}
	for _, d := range langtest.Definitions(t, Lang, "Models.cs", src) {
		got[d.Name] = fmt.Sprintf("%s %s %v %v", d.Kind, d.Title, d.Aliases, d.Bases)
	}
	want := map[string]string{
		"OrderItem":              "schema Entity [order_items] []",
		"Line":                   "schema Entity [] []",
		"Customer":               "schema Entity [] []",
		"Note":                   "type Class [] []",
		"ShopContext":            "type DbContext [] [IdentityDbContext]",
		"OrderNotFoundException": "error Error [] [NotFoundException]",
		"Quota":                  "type Class [] [Exceptional IDisposable]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestMatchersAreTheQueries: on every C# file of the fixtures, of a
// generated repository and of hard cases, the matcher finds what
// csharp.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "All.cs", Data: []byte("namespace N;\nclass A<T> : B where T : class {\n  const int X = 1, Y = 2;\n  int z;\n" +
			"  A() {}\n  R M<R>(T t) { int L() => 1; return default; }\n  enum E { P, Q = 2 }\n" +
			"  interface I { int K { get; } void F(); }\n  record R(int A) { static void S() {} }\n  struct S { public static readonly S Zero; }\n" +
			"  delegate void D(int x);\n  event System.Action Changed;\n  object o = new { V = 1 };\n}\nstatic void Top() {}\n")},
		langtest.File{Name: "Broken.cs", Data: []byte("class A {\n  void M( {\n  int x = ;\n}\nclass B { void N() {} }\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 15 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBrokenDefinitions: a definition holding a parse error is never
// shown; the declarations recovered whole around it are, in a block
// namespace or a file-scoped one.
func TestBrokenDefinitions(t *testing.T) {
	for _, src := range []string{
		"namespace Shop\n{\n    public class A\n    {\n        public void M( {\n        int x = ;\n    }\n\n    public class B\n    {\n        public int N() => 1;\n    }\n}\n",
		"namespace Shop;\n\npublic class A\n{\n    public void M( {\n    int x = ;\n}\n\npublic class B\n{\n    public int N() => 1;\n}\n",
	} {
		var got []string
		for _, d := range defsOf(t, "x.cs", src) {
			got = append(got, d.Name+":"+d.Text)
		}
		want := []string{"A:", "B:public class B\n{\n    public int N() => 1;\n}", "N:public int N()"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: %s", src, diff)
		}
	}
}

// TestFocus: a search parses only the statements that declare its names,
// with the attributes and doc comment above them; a statement after a
// broken one is still found, by a parse that leaves the broken one out.
func TestFocus(t *testing.T) {
	src := "using System;\n\nnamespace Shop;\n\npublic class Broken\n{\n    public void M() { int x = ; }\n}\n\n" +
		"/// <summary>Found.</summary>\n[Table(\"found\")]\npublic class Found\n{\n    const string Sql = @\"\nselect \"\"x\"\" from t where a = '}'\n\";\n}\n\n" +
		"[Fact] public class Other { }\n" + strings.Repeat("\npublic class Filler\n{\n    string s = \"}{\";\n}\n", 10)
	spans, ok := extract.Focus(Lang, []byte(src), func(w []byte) bool { return string(w) == "Found" })
	if !ok || len(spans) != 1 || src[spans[0].Start:spans[0].End] != src[strings.Index(src, "/// <summary>"):strings.Index(src, "[Fact]")] {
		t.Fatalf("spans %v: want the class Found with its doc comment and attribute", spans)
	}
	p := extract.NewParser()
	defer p.Close()
	ex, err := p.DefinitionsIn(context.Background(), Lang, "Found.cs", []byte(src), spans, nil)
	defs, whole := ex.Defs, ex.Whole
	if err != nil || whole || len(defs) != 2 || defs[0].Name != "Found" || defs[0].Broken || defs[0].StartLine != 10 {
		t.Errorf("focused parse: whole %v, %v, %+v", whole, err, defs)
	}
	if spans, ok := extract.Focus(Lang, []byte("const string S = @\"never closed\n\npublic class A {}\n"), func([]byte) bool { return true }); ok {
		t.Errorf("the lexer vouched for a split (%v) of an unclosed verbatim string", spans)
	}
}

// A definition's namespace is that of the namespace blocks around it, or
// the file's file-scoped one, which a focused parse of its statement alone
// reads as well.
func TestNamespaces(t *testing.T) {
	block := "namespace Shop.Api\n{\n    namespace Orders\n    {\n        public class Order { public void Cancel() {} }\n    }\n}\n\nclass Outside {}\n"
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "Order.cs", block) {
		got = append(got, d.QualifiedName()+"@"+d.Namespace)
	}
	if diff := cmp.Diff([]string{"Order@Shop.Api.Orders", "Order.Cancel@Shop.Api.Orders", "Outside@"}, got); diff != "" {
		t.Error(diff)
	}
	scoped := "using System;\n\nnamespace Shop.Api.Orders;\n\npublic class Order\n{\n}\n" + strings.Repeat("\npublic class Filler\n{\n}\n", 10)
	spans, ok := extract.Focus(Lang, []byte(scoped), func(w []byte) bool { return string(w) == "Order" })
	p := extract.NewParser()
	defer p.Close()
	ex, err := p.DefinitionsIn(context.Background(), Lang, "Order.cs", []byte(scoped), spans, nil)
	defs, whole := ex.Defs, ex.Whole
	if !ok || whole || err != nil || len(defs) != 1 || defs[0].Namespace != "Shop.Api.Orders" {
		t.Errorf("focused parse (%v, whole %v, %v): %+v", ok, whole, err, defs)
	}
}

// An empty collection expression, which the grammar reads as an element
// access missing its index, breaks nothing; a real error still does.
func TestCollectionExpressions(t *testing.T) {
	src := "public class Basket\n{\n    public List<Item> Items { get; set; } = [];\n    public int[] Ids = [1, 2];\n" +
		"    public List<int> Empty() { return [ ]; }\n}\n\npublic class Broken\n{\n    public int[] X = [;\n}\n"
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "Basket.cs", src) {
		got = append(got, fmt.Sprintf("%s broken=%v", d.QualifiedName(), d.Broken))
	}
	if diff := cmp.Diff([]string{"Basket broken=false", "Basket.Empty broken=false", "Broken broken=true"}, got); diff != "" {
		t.Error(diff)
	}
	routes := "app.MapGet(\"/ids\", () => new List<int>());\napp.MapGet(\"/none\", () => { int[] x = []; return x; });\n"
	if diff := cmp.Diff([]string{"GET /ids", "GET /none"}, routeNames(t, routes)); diff != "" {
		t.Error(diff)
	}
}

func routeNames(t *testing.T, src string) []string {
	ds, _ := langtest.Routes(t, Lang, "Program.cs", src)
	var out []string
	for _, d := range ds {
		out = append(out, d.Name)
	}
	return out
}

// TestFuncBodiesLeftOut: a parse for definitions that leaves method,
// constructor and operator bodies out finds, in every C# fixture and in a
// file of every kind of brace, what a parse of everything finds.
func TestFuncBodiesLeftOut(t *testing.T) {
	braces := langtest.File{Name: "Braces.cs", Data: []byte("namespace Shop.Orders\n{\n    /// <summary>A {brace} in a comment.</summary>\n" +
		"    [Route(\"api/[controller]/{id}\")]\n    public class OrdersController<T> : ControllerBase where T : class, new()\n    {\n" +
		"        private const string Open = \"{\";\n        private const char C = '{';\n        private static readonly string Block = @\"\n{\n\"\" }\";\n" +
		"        public int Count { get; set; } = 0;\n        public string Name { get => name; set { name = value; } }\n" +
		"        public int this[int i] { get { return i; } }\n        public event EventHandler Changed { add { } remove { } }\n" +
		"        private readonly Func<int, int> twice = x => { return x * 2; };\n        public OrdersController(int a) : base() { Count = a; }\n" +
		"        [HttpGet(\"{id}\")] public async Task<ActionResult> Get(int id) { if (id > 0) { return Ok(); } return NotFound(); }\n" +
		"        public T Make<U>() where U : struct { return new T(); }\n        public static Money operator +(Money a, Money b) { return a; }\n" +
		"        public int Total => Lines.Sum(l => { return l.Qty; });\n        public record Line(int Qty) { public int Double() { return Qty * 2; } }\n" +
		"        public enum Status { Open = 1, Shut }\n        private interface IStore { void Save(); }\n" +
		"        void Local() { var s = $\"{Count} {{x}}\"; int Inner() { return 1; } }\n    }\n" +
		"    // Handles orders where the user is admin\n    public class Admin : ControllerBase\n    { public int Count { get; set; } public void Get(int id) { } }\n" +
		"#region Types where admins act\n    [Description(\"Amount (in cents\")] public record Money(long Cents) { public long Plus() { return 1; } }\n" +
		"    [Obsolete(\"use a < b\")] public class Svc(ILogger log) { public void Run() { } }\n#endregion\n}\n")}
	defs, cut := langtest.CheckFuncBodies(t, langs, append(langtest.Sources(t), braces))
	if defs < 50 || cut < 5 {
		t.Fatalf("only %d definitions compared, %d files cut", defs, cut)
	}
	if bodies, ok := funcBodies(braces.Data); !ok || len(bodies) < 6 {
		t.Errorf("Braces.cs: %d bodies found, ok %v", len(bodies), ok)
	}
}

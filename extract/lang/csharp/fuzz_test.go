package csharp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzCSharp(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "Order.cs", []string{
		"using System;\n\nnamespace Shop\n{\n    /// <summary>An order.</summary>\n    [Table(\"orders\")]\n    public class Order : Base, IComparable<Order>\n    {\n" +
			"        public const int Max = 10;\n        [Key] public Guid Id { get; set; }\n        // total\n        private long _total, _tax;\n" +
			"        public Order(long t) { _total = t; }\n        [Obsolete]\n        public async Task<List<T>> Items<T>(int n) where T : class { return null; }\n    }\n}\n",
		"namespace Shop;\n\npublic interface IRepo<T>\n{\n    T Find(long id);\n    int Count { get; }\n}\n" +
			"public enum Status { Open = 1, Done }\npublic record Money(long Cents, string Currency);\npublic record struct P(int X);\n" +
			"public delegate void D(object o);\nclass E : Exception {}\n",
		"[ApiController]\n[Route(\"api/[controller]\")]\npublic class OrdersController : ControllerBase\n{\n    const string Sql = @\"\nselect \"\"x\"\"\n\";\n" +
			"    static readonly string Raw = \"\"\"\n        {}\n        \"\"\";\n    [HttpGet(\"{id}\")] public IActionResult Get(int id) => Ok($\"{id}\");\n}\n",
		"var app = WebApplication.Create();\napp.MapGet(\"/x\", () => 1);\nstatic int F() => 1;\nclass P { int this[int i] => i; ~P() {} }\n",
		"class A {\n  void M( {\n  int x = ;\n}\nclass B { void N() {} }\n}}\n{{\n/* class Fake {} */\n",
	}, commented)
}

// commented: text in a comment above a class, or in a verbatim string
// inside it, defines nothing and ends nothing. (A NUL byte, which no C#
// source holds, ends the grammar's input wherever it stands.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.IndexByte(src, 0) >= 0 {
		return
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	quoted := strings.ReplaceAll(string(src), `"`, `""`)
	cs := "/*\n" + text + "\n*/\n[Table(@\"" + quoted + "\")]\npublic class Fixed\n{\n    /*\n" + text + "\n    */\n    public long Id { get; set; }\n" +
		"    [Column(@\"" + quoted + "\")]\n    public string Note { get; set; }\n}\n"
	langtest.OnlyDefinition(t, p, Lang, "Fixed.cs", cs, "Fixed", "Id", "Note")
}

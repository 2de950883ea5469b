package artifact

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// TestTrimToNamed: a class keeps its declaring line and the line that
// declares each member the spec names (past its decorators), parameters
// and their decorators joined onto it, with one note for the rest.
func TestTrimToNamed(t *testing.T) {
	src := `export class DocsResolver {
  constructor(private readonly docs: DocsService) {}

  @Query(() => Doc, { description: 'one doc' })
  async doc(@Args('id') id: string) { ... }

  @Mutation(() => Doc, {
    description: 'Create a doc',
  })
  async createDoc(
    @GqlUser() user: User,
    @Args({
      name: 'args',
      type: () => CreateDocArgs,
    })
    args: CreateDocArgs,
  ) { ... }

  // Deletes a doc.
  async deleteDoc(id: string) { ... }
}`
	var lines []extract.Line
	for i, l := range strings.Split(src, "\n") {
		lines = append(lines, extract.Line{Row: i + 1, Text: l})
	}
	a := &Artifact{Kind: extract.KindType, Lang: lang.ByName("typescript"), Lines: lines, StartLine: 1, EndLine: len(lines),
		Members: []extract.Member{
			{Name: "constructor", Start: 2, End: 2, Method: true},
			{Name: "doc", Start: 4, End: 5, Method: true},
			{Name: "createDoc", Start: 7, End: 17, Method: true},
			{Name: "deleteDoc", Start: 19, End: 20, Method: true},
		}}
	if !TrimToNamed(a, map[string]bool{"createDoc": true}) {
		t.Fatal("not trimmed")
	}
	want := `export class DocsResolver {
  async createDoc(@GqlUser() user: User, @Args({ name: 'args', type: () => CreateDocArgs, }) args: CreateDocArgs) { ... }
  // ... 18 more lines omitted
}`
	if got := a.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if TrimToNamed(a, map[string]bool{"missing": true}) {
		t.Error("trimmed for a name it has no member of")
	}
}

// TestTrimToNamedKeepsEnd: a Ruby class cut to the members the spec
// names keeps the end that closes it.
func TestTrimToNamedKeepsEnd(t *testing.T) {
	src := "class Order < ApplicationRecord\n  belongs_to :customer\n  has_many :line_items\n  has_one :shipment\n\n" +
		"  def cancel! ... end\n\n  def total ... end\nend"
	var lines []extract.Line
	for i, l := range strings.Split(src, "\n") {
		lines = append(lines, extract.Line{Row: i + 1, Text: l})
	}
	a := &Artifact{Kind: extract.KindSchema, Lang: lang.ByName("ruby"), Lines: lines, StartLine: 1, EndLine: len(lines),
		Members: []extract.Member{
			{Name: "customer", Start: 2, End: 2}, {Name: "line_items", Start: 3, End: 3}, {Name: "shipment", Start: 4, End: 4},
			{Name: "cancel", Start: 6, End: 6, Method: true}, {Name: "total", Start: 8, End: 8, Method: true},
		}}
	if !TrimToNamed(a, map[string]bool{"line_items": true, "cancel": true}) {
		t.Fatal("not trimmed")
	}
	want := "class Order < ApplicationRecord\n  has_many :line_items\n  def cancel! ... end\n  # ... 5 more lines omitted\nend"
	if got := a.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestTrimSignature: a signature's lines are joined onto its first, and
// end where its brackets close; a comment opening the body stays out,
// while each overload's signature is joined on.
func TestTrimSignature(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"body comment", "def bulk_update(self, items: list[Item]) -> Out:\n    # consolidate items first", "def bulk_update(self, items: list[Item]) -> Out:"},
		{"parameters", "def run(\n    self,\n    spec,\n    budget=200,\n):", "def run(self, spec, budget=200):"},
		{"overloads", "export function f(id: string): void;\nexport function f(id: string, tx?: unknown): void", "export function f(id: string): void;\nexport function f(id: string, tx?: unknown): void"},
		{"overload stubs", "def f(  # type: ignore\n    x: int,\n) -> int:\n    # overlaps\n\n\n@overload\ndef f(x: str) -> str:\n\n\ndef f(x):\n    # the implementation\n    f(x)",
			"def f(x: int) -> int:\ndef f(x: str) -> str:\ndef f(x):"},
	} {
		var lines []extract.Line
		for i, l := range strings.Split(c.src, "\n") {
			lines = append(lines, extract.Line{Row: i + 1, Text: l})
		}
		name := "f"
		if !strings.HasPrefix(c.name, "overload") {
			name = "run"
		}
		a := &Artifact{Kind: extract.KindFunction, Lang: lang.ByName("python"), Lines: lines, defs: []*extract.Definition{{Name: name}}}
		if !TrimSignature(a) || a.Text() != c.want {
			t.Errorf("%s: got %q, want %q", c.name, a.Text(), c.want)
		}
	}
}

// TestTrimToNamedJoinsBases: a class whose bases run over several lines
// keeps them on its declaring line, and the brace below it that opens its
// body (PSR-12's class { on a line of its own); a table's first line,
// which opens its columns, stays as it is.
func TestTrimToNamedJoinsBases(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"class", "class Page(\n    Mixin,\n    Model,\n):\n    title = 1\n    slug = 2\n    depth = 3\n    path = 4\n    owner = 5", "class Page(Mixin, Model):"},
		{"brace", "class Page extends Model\n{\n    title = 1\n    slug = 2\n    depth = 3\n    path = 4\n    owner = 5\n}", "class Page extends Model {"},
		{"table", "CREATE TABLE pages (\n    title TEXT,\n    slug TEXT,\n    depth INT,\n    path TEXT,\n    owner INT\n);", "CREATE TABLE pages ("},
	} {
		var lines []extract.Line
		for i, l := range strings.Split(c.src, "\n") {
			lines = append(lines, extract.Line{Row: i + 1, Text: l})
		}
		var members []extract.Member
		for i, l := range lines {
			if f := strings.Fields(l.Text); i > 0 && len(f) > 1 && f[0] != "):" && f[0] != "{" {
				members = append(members, extract.Member{Name: f[0], Start: l.Row, End: l.Row})
			}
		}
		a := &Artifact{Kind: extract.KindSchema, Lang: lang.ByName("python"), Lines: lines, Members: members}
		if !TrimToNamed(a, map[string]bool{"slug": true}) || a.Lines[0].Text != c.want {
			t.Errorf("%s: declaring line %q, want %q", c.name, a.Lines[0].Text, c.want)
		}
	}
}

// TestTrimKeepsSerializedNames: a field the spec names by the name it is
// serialized as stays when its type is trimmed.
func TestTrimKeepsSerializedNames(t *testing.T) {
	src := "type Budget struct {\n\tNodes string `json:\"maxNodes\"`\n\tReasons []string `json:\"reasons\"`\n\tSchedule string `json:\"schedule\"`\n\tDuration string `json:\"duration\"`\n\tWindow string `json:\"window\"`\n}"
	var lines []extract.Line
	var members []extract.Member
	for i, l := range strings.Split(src, "\n") {
		lines = append(lines, extract.Line{Row: i + 1, Text: l})
		if f := strings.Fields(l); i > 0 && len(f) == 3 {
			members = append(members, extract.Member{Name: f[0], Start: i + 1, End: i + 1,
				Serialized: []string{strings.Trim(strings.TrimPrefix(f[2], "`json:"), "\"`")}})
		}
	}
	for name, trim := range map[string]func(a *Artifact) bool{
		"fields": func(a *Artifact) bool { return TrimFields(a, map[string]bool{"maxNodes": true}, false) },
		"named":  func(a *Artifact) bool { return TrimToNamed(a, map[string]bool{"maxNodes": true}) },
	} {
		a := &Artifact{Kind: extract.KindSchema, Lang: lang.ByName("go"), Lines: append([]extract.Line(nil), lines...), Members: members}
		if !trim(a) || !strings.Contains(a.Text(), "Nodes string") || strings.Contains(a.Text(), "Reasons") {
			t.Errorf("%s: got\n%s", name, a.Text())
		}
	}
}

// TestTrimToDeclarationKeepsTheNamingLine: a type cut to its declaration
// keeps the line that names it, past attributes and a macro's opening,
// not its first line of code.
func TestTrimToDeclarationKeepsTheNamingLine(t *testing.T) {
	for _, c := range []struct {
		name, src string
		decl      int
		want      string
	}{
		{"attributes", "#[derive(Debug, Clone)]\n#[serde(rename_all = \"camelCase\")]\npub struct Order {\n    pub id: u64,\n    pub total: u64,\n}", 3,
			"pub struct Order { // ... 3 more lines omitted"},
		{"diesel", "diesel::table! {\n    use diesel::sql_types::*;\n\n    timelines (tenant_id) {\n        tenant_id -> Varchar,\n        generation -> Int4,\n    }\n}", 4,
			"    timelines (tenant_id) { // ... 4 more lines omitted"},
		{"plain", "pub struct Order {\n    pub id: u64,\n    pub total: u64,\n}", 1, "pub struct Order { // ... 3 more lines omitted"},
	} {
		var lines []extract.Line
		for i, l := range strings.Split(c.src, "\n") {
			lines = append(lines, extract.Line{Row: i + 1, Text: l})
		}
		a := &Artifact{Kind: extract.KindSchema, Lang: lang.ByName("rust"), Lines: lines, defs: []*extract.Definition{{Name: "x", DeclLine: c.decl}}}
		if !TrimToDeclaration(a) || a.Text() != c.want {
			t.Errorf("%s: got %q, want %q", c.name, a.Text(), c.want)
		}
	}
}

// TestSignatureJoins: a signature whose type parameters open its first
// line (`async query<`) is joined through them to its parameters; a
// class whose base's type arguments run over lines keeps them to the line
// that closes them; a primary constructor's parameter under its own
// attribute, and a base list on the line after the parameters, stay.
func TestSignatureJoins(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
		kind            extract.Kind
	}{
		{"type parameters", "  async query<\n    TData = unknown,\n    TError = Error,\n  >(\n    options: QueryOptions<TData, TError>,\n  ): Promise<TData> {\n    return run(options)\n  }",
			"async query<TData = unknown, TError = Error>(options: QueryOptions<TData, TError>): Promise<TData>", extract.KindMethod},
		{"generic bases", "class Share extends IdModel<\n  InferAttributes<Share>,\n  Partial<InferCreationAttributes<Share>>\n> {\n  id: string;\n}",
			"class Share extends IdModel<InferAttributes<Share>, Partial<InferCreationAttributes<Share>>>", extract.KindType},
		{"annotation on the declaring line", "@Override public String toString() {\n    return name;\n}",
			"@Override public String toString()", extract.KindMethod},
		{"decorator with options over lines", "@ApiOperation({\n  summary: 'Get the latest',\n})\nasync latest(@Param('slug') slug: string) {\n  return slug;\n}",
			"async latest(@Param('slug') slug: string)", extract.KindMethod},
		{"attributed parameters", "public class DeleteCommand(\n    IRepository repository,\n    [FromKeyedServices(\"x\")] IFusionCache cache)\n    : IDeleteCommand\n{\n    public Task DeleteAsync() { }\n}",
			`public class DeleteCommand(IRepository repository, [FromKeyedServices("x")] IFusionCache cache) : IDeleteCommand`, extract.KindType},
	} {
		var lines []extract.Line
		for i, l := range strings.Split(c.src, "\n") {
			lines = append(lines, extract.Line{Row: i + 1, Text: l})
		}
		if got := Signature(c.kind, lines, 1); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestCutLineComment(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"def run_in_background(  # type: ignore[misc]", "def run_in_background("},
		{"fn f<'a>(x: &'a str, // the input", "fn f<'a>(x: &'a str,"},
		{"#[cfg(test)] fn f(", "#[cfg(test)] fn f("},
		{"fn f(#[allow(unused)] x: u32,", "fn f(#[allow(unused)] x: u32,"},
		{`def fetch(url="http://x/#top", # the page`, `def fetch(url="http://x/#top",`},
		{"func f(a int) { // starts", "func f(a int) {"},
		{"x = 'it''s' # quoted", "x = 'it''s'"},
		{"file: String = #fileID, line: UInt = #line,", "file: String = #fileID, line: UInt = #line,"},
		{"func f(_ s: Selector = #selector(tap), // the action", "func f(_ s: Selector = #selector(tap),"},
	} {
		if got := cutLineComment(tc.in); got != tc.want {
			t.Errorf("cutLineComment(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDropTrailingCommas: a comma before a call's or a signature's ")"
// goes; a one-element tuple's stays, as do those inside strings.
func TestDropTrailingCommas(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"def run(a, b,)", "def run(a, b)"},
		{`__table_args__ = (UniqueConstraint("name", "project_id"),)`, `__table_args__ = (UniqueConstraint("name", "project_id"),)`},
		{"c20 = relationship(\"Other\", backref=\"order\",)", "c20 = relationship(\"Other\", backref=\"order\")"},
		{`x = f((a,), ",)",)`, `x = f((a,), ",)")`},
		{"fn f<T>(x: T,) -> Vec<(u8,)>", "fn f<T>(x: T) -> Vec<(u8,)>"},
		{"fn pair(&self,) -> (u32,)", "fn pair(&self) -> (u32,)"},
		{"if s in (A,): return (x,)", "if s in (A,): return (x,)"},
		{"fn get<'a>(x: &'a str, y: u8,) -> &'a str", "fn get<'a>(x: &'a str, y: u8) -> &'a str"},
		{"let c = f('x', y,)", "let c = f('x', y)"},
	} {
		if got := dropTrailingCommas(tc.in); got != tc.want {
			t.Errorf("dropTrailingCommas(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestTrimToNamedFoldedRoutes: a route folded into its controller keeps,
// trimmed, the handler's declaring line and the decorator that maps its
// path; never a line of another decorator's options.
func TestTrimToNamedFoldedRoutes(t *testing.T) {
	src := `export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Get(':slug')
  @ApiOperation({
    summary: 'Get the latest docs by slug',
  })
  async latest(@Param('slug') slug: string) { ... }

  async other() { ... }
}`
	var lines []extract.Line
	for i, l := range strings.Split(src, "\n") {
		lines = append(lines, extract.Line{Row: i + 1, Text: l})
	}
	class := &extract.Definition{Name: "DocsController", Kind: extract.KindType, StartLine: 1, EndLine: 11}
	route := &extract.Definition{Name: "GET /docs/:slug", Kind: extract.KindRoute, StartLine: 4, EndLine: 8,
		Route: &extract.Route{Method: "GET", Pattern: "/docs/:slug", Handler: "latest"}}
	a := &Artifact{Kind: extract.KindType, Lang: lang.ByName("typescript"), Lines: lines, StartLine: 1, EndLine: len(lines),
		Members: []extract.Member{
			{Name: "constructor", Start: 2, End: 2, Method: true},
			{Name: "latest", Start: 4, End: 8, Method: true},
			{Name: "other", Start: 10, End: 10, Method: true},
		}, defs: []*extract.Definition{class, route}}
	if !TrimToNamed(a, map[string]bool{"DocsController": true}) {
		t.Fatal("not trimmed")
	}
	want := `export class DocsController {
  @Get(':slug')
  async latest(@Param('slug') slug: string) { ... }
  // ... 7 more lines omitted
}`
	if got := a.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

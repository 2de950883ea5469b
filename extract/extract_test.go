package extract

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestQueriesCompile(t *testing.T) {
	for _, l := range Languages() {
		if _, err := l.Query(); err != nil {
			t.Errorf("%s: %v", l.Name, err)
		}
	}
}

func TestForPath(t *testing.T) {
	for name, want := range map[string]string{
		"a.go": "go", "x/y.py": "python", "t.ts": "typescript", "t.d.ts": "typescript", "c.tsx": "tsx",
		"j.js": "javascript", "j.jsx": "jsx", "m.mjs": "javascript", "README.md": "", "a.sql": "sql", "s.prisma": "prisma", "x.gql": "graphql", "o.proto": "protobuf", "a.txt": "",
	} {
		got := ""
		if l := ForPath(name); l != nil {
			got = l.Name
		}
		if got != want {
			t.Errorf("ForPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// def is the part of a Definition a test states.
type def struct {
	Name, Container string
	Kind            Kind
	Title           string
	Exported        bool
	Start, End      int
	Text            string
}

func defsOf(t *testing.T, file, src string) []def {
	t.Helper()
	p := NewParser()
	defer p.Close()
	ds, err := p.Definitions(context.Background(), ForPath(file), file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var out []def
	for _, d := range ds {
		out = append(out, def{d.Name, d.Container, d.Kind, d.Title, d.Exported, d.StartLine, d.EndLine, d.Text()})
	}
	return out
}

func TestGoDefinitions(t *testing.T) {
	src := `package x

// Status is a state.
type Status int

const (
	Open Status = iota
	Done
)

type (
	Reader interface{ Read() error }
	pair   struct{ a, b int }
)

var ErrGone = errors.New("gone")

var handlers = map[string]func(){
	"a": func() { println("a") },
}

// Do does it.
func (s *Server[T]) Do(ctx context.Context,
	n int) (int, error) {
	return 0, nil
}

func helper() {}
`
	want := []def{
		{"Status", "", KindEnum, "Enum", true, 3, 9, "// Status is a state.\ntype Status int\n\nconst (\n\tOpen Status = iota\n\tDone\n)"},
		{"Open", "", KindEnum, "Enum", true, 6, 9, "const (\n\tOpen Status = iota\n\tDone\n)"},
		{"Done", "", KindEnum, "Enum", true, 6, 9, "const (\n\tOpen Status = iota\n\tDone\n)"},
		{"Reader", "", KindInterface, "Interface", true, 12, 12, "Reader interface{ Read() error }"},
		{"pair", "", KindType, "Type", false, 13, 13, "pair   struct{ a, b int }"},
		{"ErrGone", "", KindError, "Error", true, 16, 16, `var ErrGone = errors.New("gone")`},
		{"handlers", "", KindConstant, "Variable", false, 18, 20, "var handlers = map[string]func(){\n\t\"a\": func() { ... },\n}"},
		{"Do", "Server", KindMethod, "Method Signature", true, 22, 24, "// Do does it.\nfunc (s *Server[T]) Do(ctx context.Context,\n\tn int) (int, error)"},
		{"helper", "", KindFunction, "Function Signature", false, 28, 28, "func helper()"},
	}
	if diff := cmp.Diff(want, defsOf(t, "x.go", src)); diff != "" {
		t.Error(diff)
	}
}

func TestPythonDefinitions(t *testing.T) {
	src := `import enum

MAX_TAGS = 10
_cache: dict = {}


class Color(enum.Enum):
    RED = 1


@dataclass
class Item(Base):
    """An item."""

    id: int
    name: str = "x"

    @validator("name")
    def check(cls, v):
        return v

    async def _load(self) -> None:
        pass


def top(a, *, b: int = 2) -> str:
    """Doc."""
    return "x"
`
	want := []def{
		{"MAX_TAGS", "", KindConstant, "Constant", true, 3, 3, "MAX_TAGS = 10"},
		{"_cache", "", KindConstant, "Variable", false, 4, 4, "_cache: dict = {}"},
		{"Color", "", KindEnum, "Enum", true, 7, 8, "class Color(enum.Enum):\n    RED = 1"},
		{"Item", "", KindType, "Class", true, 11, 22, "@dataclass\nclass Item(Base):\n    \"\"\"An item.\"\"\"\n\n    id: int\n    name: str = \"x\"\n\n    @validator(\"name\")\n    def check(cls, v): ...\n\n    async def _load(self) -> None: ..."},
		{"check", "Item", KindMethod, "Method Signature", true, 18, 19, "@validator(\"name\")\ndef check(cls, v):"},
		{"_load", "Item", KindMethod, "Method Signature", false, 22, 22, "async def _load(self) -> None:"},
		{"top", "", KindFunction, "Function Signature", true, 26, 26, "def top(a, *, b: int = 2) -> str:"},
	}
	if diff := cmp.Diff(want, defsOf(t, "x.py", src)); diff != "" {
		t.Error(diff)
	}
}

func TestTypeScriptDefinitions(t *testing.T) {
	src := `/** A request. */
export interface OrderRequest {
  ticker: string;
}
export type Side = "buy" | "sell";
enum Status { Open = "open" }
export const handler = async (req: Request): Promise<Response> => {
  return new Response();
};
export const schema = z.object({ a: z.string().refine((s) => { return s.length > 0; }) });
export default class Client extends Base {
  private n = 0;
  async send(path: string): Promise<void> {
    await fetch(path);
  }
}
class HttpError extends Error {}
`
	want := []def{
		{"OrderRequest", "", KindInterface, "Interface", true, 1, 4, "/** A request. */\nexport interface OrderRequest {\n  ticker: string;\n}"},
		{"Side", "", KindEnum, "Enum", true, 5, 5, `export type Side = "buy" | "sell";`},
		{"Status", "", KindEnum, "Enum", false, 6, 6, `enum Status { Open = "open" }`},
		{"handler", "", KindFunction, "Function Signature", true, 7, 7, "export const handler = async (req: Request): Promise<Response> =>"},
		{"schema", "", KindSchema, "Schema", true, 10, 10, "export const schema = z.object({ a: z.string().refine((s) => { ... }) });"},
		{"Client", "", KindType, "Class", true, 11, 16, "export default class Client extends Base {\n  private n = 0;\n  async send(path: string): Promise<void> { ... }\n}"},
		{"send", "Client", KindMethod, "Method Signature", true, 13, 13, "async send(path: string): Promise<void>"},
		{"HttpError", "", KindError, "Error", false, 17, 17, "class HttpError extends Error {}"},
	}
	if diff := cmp.Diff(want, defsOf(t, "x.ts", src)); diff != "" {
		t.Error(diff)
	}
}

func TestJavaScriptAndTSX(t *testing.T) {
	js := defsOf(t, "x.jsx", "export function App() {\n  return <div/>;\n}\nmodule.exports = {};\n")
	if len(js) != 1 || js[0].Text != "export function App()" {
		t.Errorf("jsx: %+v", js)
	}
	tsx := defsOf(t, "x.tsx", "export const Card = ({ title }: Props) => <h1>{title}</h1>;\n")
	if len(tsx) != 1 || tsx[0].Kind != KindFunction || tsx[0].Text != "export const Card = ({ title }: Props) =>" {
		t.Errorf("tsx: %+v", tsx)
	}
}

func TestMembers(t *testing.T) {
	p := NewParser()
	defer p.Close()
	src := "type Order struct {\n\t// ID is the key.\n\tID int\n\tName string\n}\n"
	ds, err := p.Definitions(context.Background(), ForPath("a.go"), "a.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Member{{Name: "ID", Start: 2, End: 3}, {Name: "Name", Start: 4, End: 4}}
	if diff := cmp.Diff(want, ds[0].Members); diff != "" {
		t.Error(diff)
	}
}

func TestBrokenDefinitionsAreSkipped(t *testing.T) {
	// tree-sitter recovers from syntax errors, sometimes by swallowing the
	// next definition; a snippet holding a parse error is never shown.
	got := defsOf(t, "x.go", "package x\n\nfunc A( {\n\nfunc B() int { return 1 }\n\nfunc C() {}\n")
	names := []string{}
	for _, d := range got {
		names = append(names, d.Name+":"+d.Text)
	}
	if diff := cmp.Diff([]string{"A:", "C:func C()"}, names); diff != "" {
		t.Error(diff)
	}
}

func TestMoreDeclarationForms(t *testing.T) {
	ts := `export function over(a: string): string;
export function over(a: number): number;

export function over(a: any): any { return a; }
export declare function dec(a: string): void;
declare const VERSION: string;
export namespace Billing {
  export interface Invoice { id: string }
}
export const makeConfig = (env: string) => ({ env, token: process.env.TOKEN });
function outer() { function inner() {} const local = 1; }
`
	var got []string
	for _, d := range defsOf(t, "x.ts", ts) {
		got = append(got, fmt.Sprintf("%s|%s|%d-%d|%s", d.Container, d.Name, d.Start, d.End, d.Text))
	}
	want := []string{
		"|over|1-4|export function over(a: string): string;\nexport function over(a: number): number;\n\nexport function over(a: any): any",
		"|dec|5-5|export declare function dec(a: string): void;",
		"|VERSION|6-6|declare const VERSION: string;",
		"Billing|Invoice|8-8|export interface Invoice { id: string }",
		"|makeConfig|10-10|export const makeConfig = (env: string) =>",
		"|outer|11-11|function outer()",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("typescript: %s", diff)
	}

	py := `import typing
try:
    import orjson
    def fast_dumps(x) -> bytes:
        return orjson.dumps(x)
except ImportError:
    fast_dumps = None
if typing.TYPE_CHECKING:
    from a import B

@typing.overload
def parse(x: int) -> int: ...
@typing.overload
def parse(x: str) -> str: ...
def parse(x):
    def helper():
        pass
    local = 1
    return x
`
	got = nil
	for _, d := range defsOf(t, "x.py", py) {
		got = append(got, fmt.Sprintf("%s|%d-%d|%s", d.Name, d.Start, d.End, d.Text))
	}
	want = []string{
		"fast_dumps|4-4|def fast_dumps(x) -> bytes:",
		"fast_dumps|7-7|fast_dumps = None",
		"parse|11-15|@typing.overload\ndef parse(x: int) -> int:\n@typing.overload\ndef parse(x: str) -> str:\ndef parse(x):",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("python: %s", diff)
	}

	js := "module.exports.makeLegacy = function (a) { return a; };\nexports.VERSION = \"1\";\nthis.x = 1;\n"
	got = nil
	for _, d := range defsOf(t, "x.js", js) {
		got = append(got, d.Name+"|"+d.Text)
	}
	if diff := cmp.Diff([]string{"makeLegacy|module.exports.makeLegacy = function (a)", `VERSION|exports.VERSION = "1";`}, got); diff != "" {
		t.Errorf("commonjs: %s", diff)
	}
}

func TestEnumsAndErrorTypes(t *testing.T) {
	ts := defsOf(t, "x.ts", "export type Side = \"buy\" | \"sell\";\nexport type Mixed = \"a\" | number;\n")
	if ts[0].Kind != KindEnum || ts[1].Kind != KindType {
		t.Errorf("literal unions: %+v", ts)
	}
	goDefs := defsOf(t, "x.go", "package x\n\ntype NotFound struct{ ID int }\n\nfunc (e *NotFound) Error() string { return \"\" }\n\ntype Plain struct{}\n")
	if goDefs[0].Kind != KindError || goDefs[0].Title != "Error" || goDefs[2].Kind != KindType {
		t.Errorf("go error types: %+v", goDefs)
	}
}

// TestTrailingCommentIsNoDocComment: a comment ending a line of code
// speaks of that line, not of the definition below it.
func TestTrailingCommentIsNoDocComment(t *testing.T) {
	for file, src := range map[string]string{
		"a.go": "package a\n\nvar tries = 5 // minutes\nfunc After() {}\n",
		"a.py": "tries = 5  # minutes\nwait_seconds = 1\n",
		"a.ts": "type A = () => unknown; // any function\ntype B = A | string;\n",
	} {
		defs := defsOf(t, file, src)
		last := defs[len(defs)-1]
		if strings.Contains(last.Text, "minutes") || strings.Contains(last.Text, "any function") || last.Start != last.End {
			t.Errorf("%s: %s took the comment of the line above: %q (lines %d-%d)", file, last.Name, last.Text, last.Start, last.End)
		}
	}
}

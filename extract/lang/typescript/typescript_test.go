package typescript

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{TypeScript, TSX, JavaScript, JSX}

// def is the part of a Definition a test states.
type def langtest.Def

func defsOf(t *testing.T, file, src string) []def { return langtest.DefsIn[def](t, langs, file, src) }

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
		{"OrderRequest", "", extract.KindInterface, "Interface", true, 1, 4, "/** A request. */\nexport interface OrderRequest {\n  ticker: string;\n}"},
		{"Side", "", extract.KindEnum, "Enum", true, 5, 5, `export type Side = "buy" | "sell";`},
		{"Status", "", extract.KindEnum, "Enum", false, 6, 6, `enum Status { Open = "open" }`},
		{"handler", "", extract.KindFunction, "Function Signature", true, 7, 7, "export const handler = async (req: Request): Promise<Response> =>"},
		{"schema", "", extract.KindSchema, "Schema", true, 10, 10, "export const schema = z.object({ a: z.string().refine((s) => { ... }) });"},
		{"Client", "", extract.KindType, "Class", true, 11, 16, "export default class Client extends Base {\n  private n = 0;\n  async send(path: string): Promise<void> { ... }\n}"},
		{"send", "Client", extract.KindMethod, "Method Signature", true, 13, 13, "async send(path: string): Promise<void>"},
		{"HttpError", "", extract.KindError, "Error", false, 17, 17, "class HttpError extends Error {}"},
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
	if len(tsx) != 1 || tsx[0].Kind != extract.KindFunction || tsx[0].Text != "export const Card = ({ title }: Props) =>" {
		t.Errorf("tsx: %+v", tsx)
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

	js := "module.exports.makeLegacy = function (a) { return a; };\nexports.VERSION = \"1\";\nthis.x = 1;\n"
	got = nil
	for _, d := range defsOf(t, "x.js", js) {
		got = append(got, d.Name+"|"+d.Text)
	}
	if diff := cmp.Diff([]string{"makeLegacy|module.exports.makeLegacy = function (a)", `VERSION|exports.VERSION = "1";`}, got); diff != "" {
		t.Errorf("commonjs: %s", diff)
	}
}

func TestLiteralUnions(t *testing.T) {
	ts := defsOf(t, "x.ts", "export type Side = \"buy\" | \"sell\";\nexport type Mixed = \"a\" | number;\n")
	if ts[0].Kind != extract.KindEnum || ts[1].Kind != extract.KindType {
		t.Errorf("literal unions: %+v", ts)
	}
}

// TestMatchersAreTheQueries: on every TypeScript and JavaScript file of
// the fixtures, of a generated repository and of hard cases, each
// language's matcher finds what its query (typescript.scm, javascript.scm)
// finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.ts", Data: []byte("export function f(): void {}\nfunction* g() {}\ndeclare function h(x: number): string;\nexport abstract class A { abstract m(): void; n() {} #p() {} }\n" +
			"interface I { x: number }\ntype U = 'a' | 'b';\nenum E { X }\nconst v = 1, [w] = [2];\nmodule.exports.q = 1;\nexports.r = () => 1;\n" +
			"const s = defineSchema({ t: defineTable({}), u: 1 });\nnamespace N { export const k = 1 }\nclass C { static m() {} get g() { return 1 } }\n")},
		langtest.File{Name: "all.tsx", Data: []byte("export const C = () => <div onClick={() => { const inner = 1 }}>{x}</div>;\nexport default function Page() { return <p/> }\n")},
		langtest.File{Name: "all.js", Data: []byte("function f() {}\nclass A { m() {} }\nconst x = { a: call(), b: 1 };\nmodule.exports.y = 2;\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 150 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestBasesWithoutTypeArgs: a class or interface extends the type named
// before its type arguments, not the arguments; a type alias has the
// types it intersects as bases.
func TestBasesWithoutTypeArgs(t *testing.T) {
	src := "class Model<TAttrs extends object = any, TCreation = TAttrs> extends SequelizeModel<TAttrs, TCreation> {\n  x = 1;\n}\n" +
		"class Share extends IdModel<Attrs<Share>, Partial<Creation<Share>>> implements Searchable {\n  y = 2;\n}\n" +
		"interface Store extends Reader<Item>, Writer<Map<string, Item>> {\n  z: number;\n}\n" +
		"type Req = Request & (Audited<User> & { user: User }) & ns.Traced;\n"
	got := map[string][]string{}
	for _, d := range langtest.Definitions(t, TypeScript, "m.ts", src) {
		if d.Container == "" {
			got[d.Name] = d.Bases
		}
	}
	want := map[string][]string{"Model": {"SequelizeModel"}, "Share": {"IdModel"}, "Store": {"Reader", "Writer"}, "Req": {"Request", "Audited", "Traced"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// A decorator belongs to the member below it: it is no member of its own,
// and the member starts at its first decorator. The method's Extent is
// its body's last line.
func TestDecoratedMembers(t *testing.T) {
	src := `@Controller('docs')
export class DocsController {
  @Get(':slug')
  @ApiResponse({
    status: 200,
  })
  async getLatest(@Param('slug') slug: string) {
    return slug;
  }
}
`
	ds := langtest.Definitions(t, TypeScript, "docs.controller.ts", src)
	got := langtest.Summarize(ds)
	want := []string{"type Class DocsController 1-10 [getLatest@3-9()]", "method Method Signature getLatest 7-7 []"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	if ds[1].Extent != 9 {
		t.Errorf("getLatest's extent: %d, want 9", ds[1].Extent)
	}
}

// TestTypeScriptValues: a constant records the string it is set to (an
// object's string values, through `as const`, not an array's items); an
// enum each member's value; a union of literal types each literal; a
// template string with a substitution none.
func TestTypeScriptValues(t *testing.T) {
	src := "export const HEADER = \"x-retry-after\";\n" +
		"export const LABELS = { team: \"platform\", tiers: [\"gold\"] } as const;\n" +
		"const greeting = `hello ${name}`;\n" +
		"const plain = `plain`;\n" +
		"export enum CheckState { Retry = \"Retry\", Ready = 'Ready', Other }\n" +
		"export type Phase = \"pending\" | \"done\";\n" +
		"export const handler = () => \"value\";\n"
	want := []string{
		"HEADER: x-retry-after",
		"LABELS: platform (part)",
		"plain: plain",
		"CheckState: Retry (member Retry)",
		"CheckState: Ready (member Ready)",
		"Phase: pending (part)",
		"Phase: done (part)",
	}
	if diff := cmp.Diff(want, langtest.Values(t, TypeScript, "x.ts", src)); diff != "" {
		t.Error(diff)
	}
}

package testrepo

import (
	"fmt"
	"go/format"
	"math/rand"
	"strings"
)

// Generated is a synthetic repository for benchmarks: files by path, and a
// spec naming Named definitions spread across it.
type Generated struct {
	Files map[string]string
	Spec  string
	Named []string
}

// Generate returns a deterministic repository of n source files, a mix of
// Go (50%), TypeScript (30%) and Python (20%) with realistic definitions:
// structs with tags, interfaces, methods, classes, enums and constants,
// and bodies that mention other files' names the way real code does. The
// spec names `names` definitions from across the tree plus two that
// exist nowhere.
func Generate(n, names int) *Generated {
	rng := rand.New(rand.NewSource(int64(n)*7919 + int64(names)))
	g := &Generated{Files: map[string]string{}}
	var defs []string
	for i := 0; i < n; i++ {
		// About fifteen files a directory, as in real code bases.
		dir := fmt.Sprintf("svc%02d/mod%03d", i%17, (i/17)%max(1, n/(17*15)))
		switch {
		case i%10 < 5:
			p, d := goFile(rng, i)
			g.Files[dir+"/"+p] = d
		case i%10 < 8:
			p, d := tsFile(rng, i)
			g.Files["web/"+dir+"/"+p] = d
		default:
			p, d := pyFile(rng, i)
			g.Files["py/"+dir+"/"+p] = d
		}
		defs = append(defs, entity(i))
	}
	g.Files[".gitignore"] = "node_modules/\n*.log\n"
	step := max(1, n/max(1, names))
	var spec strings.Builder
	spec.WriteString("# Spec: synthetic change\n\n")
	for k := 0; k < names && k*step < n; k++ {
		i := k * step
		name := defs[i]
		g.Named = append(g.Named, name)
		switch k % 4 {
		case 0:
			fmt.Fprintf(&spec, "We extend `%s` with a `priority` field.\n", name)
		case 1:
			fmt.Fprintf(&spec, "`%sService.handle%s` keeps its signature.\n", name, name)
		case 2:
			fmt.Fprintf(&spec, "The `%sStatus` enum gains a value, checked by validate%s().\n", name, name)
		default:
			fmt.Fprintf(&spec, "MAX_%s_RETRIES stays; the `%s` type is read by `load%s`.\n", strings.ToUpper(name), name, name)
		}
	}
	spec.WriteString("\nThe new `CostTracker` and `BudgetLedger` types record spend.\n")
	g.Spec = spec.String()
	return g
}

func entity(i int) string {
	nouns := []string{"Order", "Invoice", "Account", "Ledger", "Payment", "Shipment", "Customer", "Product", "Coupon", "Refund"}
	return fmt.Sprintf("%s%d", nouns[i%len(nouns)], i)
}

func body(rng *rand.Rand, lines int, indent string) string {
	var b strings.Builder
	for k := 0; k < lines; k++ {
		fmt.Fprintf(&b, "%sx%d := compute(%d, %q) // step %d uses %s\n", indent, k, rng.Intn(1000), "value", k, entity(rng.Intn(5000)))
	}
	return b.String()
}

func goFile(rng *rand.Rand, i int) (string, string) {
	return strings.ToLower(entity(i)) + ".go", fmt.Sprintf("package mod%d\n\n%s", i%211, goImports) + goDecls(rng, i)
}

const goImports = "import (\n\t\"context\"\n\t\"errors\"\n)\n\n"

// goDecls are the declarations of entity i in Go.
func goDecls(rng *rand.Rand, i int) string {
	e := entity(i)
	var b strings.Builder
	fmt.Fprintf(&b, "// MAX_%s_RETRIES bounds retries.\nconst MAX_%s_RETRIES = %d\n\n", strings.ToUpper(e), strings.ToUpper(e), rng.Intn(9)+1)
	fmt.Fprintf(&b, "// %sStatus is the lifecycle of a %s.\ntype %sStatus string\n\nconst (\n", e, e, e)
	for _, s := range []string{"Pending", "Active", "Closed"} {
		fmt.Fprintf(&b, "\t%sStatus%s %sStatus = %q\n", e, s, e, strings.ToLower(s))
	}
	fmt.Fprintf(&b, ")\n\nvar Err%sNotFound = errors.New(\"%s not found\")\n\n", e, strings.ToLower(e))
	fmt.Fprintf(&b, "// %s is a stored record.\ntype %s struct {\n", e, e)
	for f := 0; f < 6+rng.Intn(10); f++ {
		fmt.Fprintf(&b, "\tField%d string `db:\"field_%d\" json:\"field_%d\"`\n", f, f, f)
	}
	fmt.Fprintf(&b, "}\n\n// %sService serves %s records.\ntype %sService interface {\n\tGet(ctx context.Context, id int64) (*%s, error)\n}\n\n", e, e, e, e)
	fmt.Fprintf(&b, "type %sHandler struct{ svc %sService }\n\n", e, e)
	fmt.Fprintf(&b, "func (h *%sHandler) handle%s(ctx context.Context, id int64) error {\n%s\treturn nil\n}\n\n", e, e, body(rng, 5+rng.Intn(20), "\t"))
	fmt.Fprintf(&b, "func load%s(ctx context.Context, id int64) (*%s, error) {\n%s\treturn nil, nil\n}\n\n", e, e, body(rng, 5+rng.Intn(30), "\t"))
	fmt.Fprintf(&b, "func validate%s(r *%s) error {\n%s\treturn nil\n}\n", e, e, body(rng, 3+rng.Intn(10), "\t"))
	return b.String()
}

func tsFile(rng *rand.Rand, i int) (string, string) {
	return strings.ToLower(entity(i)) + ".ts", tsImports + tsDecls(rng, i)
}

const tsImports = "import { compute } from \"../lib\";\n\n"

// tsDecls are the declarations of entity i in TypeScript.
func tsDecls(rng *rand.Rand, i int) string {
	e := entity(i)
	var b strings.Builder
	fmt.Fprintf(&b, "export const MAX_%s_RETRIES = %d;\n\n", strings.ToUpper(e), rng.Intn(9)+1)
	fmt.Fprintf(&b, "export enum %sStatus {\n  Pending = \"pending\",\n  Active = \"active\",\n}\n\n", e)
	fmt.Fprintf(&b, "export interface %s {\n", e)
	for f := 0; f < 6+rng.Intn(10); f++ {
		fmt.Fprintf(&b, "  field%d: string;\n", f)
	}
	fmt.Fprintf(&b, "}\n\nexport class %sService {\n  constructor(private base: string) {}\n\n  async handle%s(id: string): Promise<%s> {\n%s    return {} as %s;\n  }\n}\n\n", e, e, e, strings.ReplaceAll(body(rng, 5+rng.Intn(15), "    "), ":=", "="), e)
	fmt.Fprintf(&b, "export async function load%s(id: string): Promise<%s | null> {\n%s  return null;\n}\n\n", e, e, strings.ReplaceAll(body(rng, 5+rng.Intn(25), "  "), ":=", "="))
	fmt.Fprintf(&b, "export const validate%s = (r: %s): boolean => {\n  return true;\n};\n", e, e)
	return b.String()
}

func pyFile(rng *rand.Rand, i int) (string, string) {
	return strings.ToLower(entity(i)) + ".py", pyImports + pyDecls(rng, i)
}

const pyImports = "import enum\nfrom pydantic import BaseModel\n\n"

// pyDecls are the declarations of entity i in Python.
func pyDecls(rng *rand.Rand, i int) string {
	e := entity(i)
	var b strings.Builder
	fmt.Fprintf(&b, "MAX_%s_RETRIES = %d\n\n\n", strings.ToUpper(e), rng.Intn(9)+1)
	fmt.Fprintf(&b, "class %sStatus(str, enum.Enum):\n    pending = \"pending\"\n    active = \"active\"\n\n\n", e)
	fmt.Fprintf(&b, "class %s(BaseModel):\n", e)
	for f := 0; f < 6+rng.Intn(10); f++ {
		fmt.Fprintf(&b, "    field_%d: str\n", f)
	}
	fmt.Fprintf(&b, "\n\nclass %sService:\n    def handle%s(self, id: int) -> %s:\n%s        return None\n\n\n", e, e, e, strings.ReplaceAll(body(rng, 5+rng.Intn(15), "        "), ":=", "="))
	fmt.Fprintf(&b, "def load%s(id: int) -> %s | None:\n%s    return None\n\n\n", e, e, strings.ReplaceAll(body(rng, 5+rng.Intn(25), "    "), ":=", "="))
	fmt.Fprintf(&b, "def validate%s(r: %s) -> bool:\n    return True\n", e, e)
	return b.String()
}

// Source returns one deterministic source file of at least lines lines
// in the language of ext (".go", ".ts" or ".py"), for benchmarks of
// what runs on a whole file: one import block, then the declarations of
// entity after entity, each as Generate writes them.
func Source(ext string, lines int) string {
	rng := rand.New(rand.NewSource(int64(lines)))
	var b strings.Builder
	var decls func(*rand.Rand, int) string
	switch ext {
	case ".go":
		b.WriteString("package shop\n\n" + goImports)
		decls = goDecls
	case ".ts":
		b.WriteString(tsImports)
		decls = tsDecls
	case ".py":
		b.WriteString(pyImports)
		decls = func(rng *rand.Rand, i int) string {
			// Generate's Python keeps the bodies' "//" comments; a
			// whole file to lex should be Python throughout.
			return strings.ReplaceAll(pyDecls(rng, i), ") // step", ")  # step")
		}
	default:
		panic("testrepo.Source: no generator for " + ext)
	}
	sep := "\n"
	if ext == ".py" {
		sep = "\n\n"
	}
	for i := 0; strings.Count(b.String(), "\n") < lines; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(decls(rng, i))
	}
	if ext == ".go" {
		// In gofmt's layout, as Go code is.
		out, err := format.Source([]byte(b.String()))
		if err != nil {
			panic("testrepo.Source: " + err.Error())
		}
		return string(out)
	}
	return b.String()
}

package extract

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

func matchStrings(ms []RawMatch) []string {
	node := func(n *sitter.Node) string {
		if n == nil {
			return "-"
		}
		return fmt.Sprintf("%s@%d-%d", n.Type(), n.StartByte(), n.EndByte())
	}
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s def=%s name=%s recv=%s", m.Kind, node(m.Def), node(m.Name), node(m.Receiver)))
	}
	return out
}

// checkMatchers runs a language's Matcher and its query over one file and
// requires the same matches in the same order.
func checkMatchers(t *testing.T, p *Parser, name string, src []byte) int {
	t.Helper()
	lang := ForPath(name)
	if lang == nil || lang.Matches == nil {
		return 0
	}
	tree, err := p.parse(context.Background(), lang, name, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer tree.Close()
	want, err := queryMatches(lang, tree.RootNode())
	if err != nil {
		t.Fatal(err)
	}
	got := lang.Matches(tree.RootNode())
	if a, b := strings.Join(matchStrings(got), "\n"), strings.Join(matchStrings(want), "\n"); a != b {
		t.Errorf("%s: the Matcher and the query disagree:\nmatcher:\n%s\nquery:\n%s", name, a, b)
	}
	return len(want)
}

// TestMatchersAreTheQueries: on every source file of the fixtures, of a
// generated repository and of hard cases, each language's Matcher finds
// what its query in queries/*.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	p := NewParser()
	defer p.Close()
	n := 0
	files, _ := filepath.Glob("../fixtures/*.txtar")
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			n += checkMatchers(t, p, file.Name, file.Data)
		}
	}
	g := testrepo.Generate(120, 20)
	for _, name := range testrepo.Names(g.Files) {
		n += checkMatchers(t, p, name, []byte(g.Files[name]))
	}
	for name, src := range map[string]string{
		"multi.go":  "package a\n\nconst a, b, c = 1, 2, 3\n\nvar (\n\tx, y int\n\tz = 1\n)\n\ntype (\n\tA = int\n\tB struct{}\n)\n\nfunc (r *B) M() {}\nfunc F[T any]() {}\n",
		"broken.go": "package a\n\nfunc (\ntype T struct {\nconst C = \n",
		"all.ts": "export function f(): void {}\nfunction* g() {}\ndeclare function h(x: number): string;\nexport abstract class A { abstract m(): void; n() {} #p() {} }\n" +
			"interface I { x: number }\ntype U = 'a' | 'b';\nenum E { X }\nconst v = 1, [w] = [2];\nmodule.exports.q = 1;\nexports.r = () => 1;\n" +
			"const s = defineSchema({ t: defineTable({}), u: 1 });\nnamespace N { export const k = 1 }\nclass C { static m() {} get g() { return 1 } }\n",
		"all.tsx": "export const C = () => <div onClick={() => { const inner = 1 }}>{x}</div>;\nexport default function Page() { return <p/> }\n",
		"all.js":  "function f() {}\nclass A { m() {} }\nconst x = { a: call(), b: 1 };\nmodule.exports.y = 2;\n",
		"all.py":  "def f(): pass\nclass A:\n    x = 1\n    def m(self): pass\na = b = 1\nif True:\n    c = 2\n(d, e) = 1, 2\nf.g = 3\n",
	} {
		n += checkMatchers(t, p, name, []byte(src))
	}
	if n < 500 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// queryMatches runs the language's query: the reference the matchers are
// tested against.
func queryMatches(lang *Language, root *sitter.Node) ([]RawMatch, error) {
	q, err := lang.Query()
	if err != nil {
		return nil, err
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q, root)
	var out []RawMatch
	for {
		qm, ok := qc.NextMatch()
		if !ok {
			return out, nil
		}
		var m RawMatch
		for _, c := range qm.Captures {
			cn := q.CaptureNameForId(c.Index)
			switch {
			case cn == "name":
				m.Name = c.Node
			case cn == "receiver":
				m.Receiver = c.Node
			case strings.HasPrefix(cn, "definition."):
				m.Def = c.Node
				m.Kind = strings.TrimPrefix(cn, "definition.")
			}
		}
		if m.Name != nil && m.Def != nil {
			out = append(out, m)
		}
	}
}

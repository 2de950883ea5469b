package extract_test

import (
	"context"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestNamedChildrenByCursor requires NamedChildren to list the same nodes,
// the very same pointers, as asking for each named child by its index, and
// the siblings listed with a cursor to be those tree-sitter says come
// before each node, on every node of every fixture file.
func TestNamedChildrenByCursor(t *testing.T) {
	p := extract.NewParser()
	defer p.Close()
	srcs := map[string][]byte{}
	files, _ := filepath.Glob("../fixtures/*.txtar")
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			srcs[f+":"+file.Name] = file.Data
		}
	}
	g := testrepo.Generate(60, 10)
	for _, name := range testrepo.Names(g.Files) {
		srcs[name] = []byte(g.Files[name])
	}
	large := 0
	for name, src := range srcs {
		l := lang.ForPath(name[len(filepath.Dir(name))+1:])
		if l == nil || l.Grammar == nil {
			continue
		}
		tree, err := p.Parse(context.Background(), l, name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var visit func(n *sitter.Node)
		visit = func(n *sitter.Node) {
			var want []*sitter.Node
			for i := 0; i < int(n.NamedChildCount()); i++ {
				if c := n.NamedChild(i); !extract.IsComment(c) {
					want = append(want, c)
				}
			}
			got := extract.NamedChildren(n)
			if len(want) >= 8 {
				large++
			}
			if len(got) != len(want) {
				t.Fatalf("%s: %s at %v: %d named children, want %d", name, n.Type(), n.StartPoint(), len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s: %s at %v: child %d is %s, want %s", name, n.Type(), n.StartPoint(), i, got[i].Type(), want[i].Type())
				}
			}
			before := extract.SiblingsBefore(got)
			for _, c := range got {
				if p := extract.PrevOf(c, before); p != c.PrevNamedSibling() {
					t.Fatalf("%s: %s at %v: the sibling before is %v, want %v", name, c.Type(), c.StartPoint(), p, c.PrevNamedSibling())
				}
			}
			for i := 0; i < int(n.ChildCount()); i++ {
				visit(n.Child(i))
			}
		}
		visit(tree.RootNode())
		tree.Close()
	}
	if large == 0 {
		t.Fatal("no node has eight named children: the cursor is not tested")
	}
}

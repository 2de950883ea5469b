package search

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestFilesDefining: the files whose search keeps a definition of a
// wanted name are counted, once each, and a file that only uses the name
// is neither parsed nor counted.
func TestFilesDefining(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"go.mod":          "module shop\n",
		"shop/widget.go":  "package shop\n\n// Widget is sold.\ntype Widget struct {\n\tName string\n}\n",
		"admin/widget.go": "package admin\n\n// Widget is shown.\ntype Widget struct{}\n\nfunc NewWidget() *Widget { return &Widget{} }\n",
		"shop/sell.go":    "package shop\n\nfunc sell(w Widget) string {\n\treturn w.Name\n}\n",
	})
	ix := searched(t, dir, spec.Parse("spec.md", []byte("Sell the `Widget`.\n")).Refs)
	if s := ix.Stats; s.FilesDefining != 2 || s.FilesParsed != 2 || s.PerDefining() != "1.00" {
		t.Errorf("%d files parsed, %d defining (%s per defining file), want 2 and 2", s.FilesParsed, s.FilesDefining, s.PerDefining())
	}
}

// TestRunKeepsExtractionsWithoutCache: a run without a cache keeps what it
// parsed by content for its own later searches (another pass, a search by
// meaning, a file of the same content), and writes nothing.
func TestRunKeepsExtractionsWithoutCache(t *testing.T) {
	src := "package shop\n\n// Widget is sold.\ntype Widget struct {\n\tName string\n}\n"
	dir := testrepo.New(t, map[string]string{"go.mod": "module shop\n", "shop/widget.go": src})
	ix := searched(t, dir, spec.Parse("spec.md", []byte("Sell the `Widget`.\n")).Refs)
	if len(ix.extracts.Entries) == 0 {
		t.Fatal("the run kept no extraction of shop/widget.go")
	}
	key := cache.BlobKey(ix.Class("shop/widget.go").Lang, []byte(src))
	defs := ix.FindPattern(context.Background(), dir, regexp.MustCompile("Widget"), []string{"shop/widget.go"}, 5)
	if len(defs) != 1 || defs[0].Name != "Widget" {
		t.Errorf("a search by meaning found %v, want Widget", defs)
	}
	if e := ix.extracts.Get(key); e == nil || !e.HasDefs {
		t.Errorf("the whole parse of a search by meaning is not kept: %+v", e)
	}
	if _, err := os.Stat(filepath.Join(dir, ".appendix")); !os.IsNotExist(err) {
		t.Errorf("a run without a cache wrote .appendix (%v)", err)
	}
}

// searched runs a search of the repository at dir for refs, without a
// cache.
func searched(t *testing.T, dir string, refs []spec.Ref) *Index {
	t.Helper()
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Run(context.Background(), repo, refs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

package search

import (
	"context"
	"slices"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestLaterPassAddsNoDuplicate: a definition a later pass finds again (a
// type kept for a member named like the type searched for) stays one
// candidate: two of one place would tie, and make the choice a guess.
func TestLaterPassAddsNoDuplicate(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"api/machineset.go": "package api\n\n// MachineSet is a set.\ntype MachineSet struct {\n\tObjectMeta ObjectMeta\n}\n\n// ObjectMeta is metadata.\ntype ObjectMeta struct {\n\tName string\n}\n",
	})
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix, err := Run(ctx, repo, []spec.Ref{{Name: "MachineSet"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Find(ctx, dir, map[string]scan.Want{"ObjectMeta": scan.WantType}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(ix.Defs["MachineSet"]); n != 1 {
		t.Errorf("MachineSet is held %d times, want once", n)
	}
	if n := len(ix.Defs["ObjectMeta"]); n != 1 {
		t.Errorf("ObjectMeta is held %d times, want once", n)
	}
}

// TestDeclaredAnyWord: which files declare a word is answered for the
// words of the spec's names and for any other word asked of, each file
// once, in walk order; a name that is no word declares nowhere.
func TestDeclaredAnyWord(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"a/order.go":   "package a\n\n// Order is one.\ntype Order struct {\n\tInvoice Invoice\n}\n",
		"b/invoice.go": "package b\n\n// Invoice bills.\ntype Invoice struct {\n\tTotal int\n}\n\nvar Order = 1\n",
	})
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Run(context.Background(), repo, []spec.Ref{{Name: "Order.total"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"Order", []string{"a/order.go", "b/invoice.go"}},
		{"Invoice", []string{"b/invoice.go"}}, // not a word of the spec's
		{"Order.total", []string{}},
	} {
		if got := ix.Declared(tc.name); len(got) != len(tc.want) || len(got) > 0 && !slices.Equal(got, tc.want) {
			t.Errorf("Declared(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := ix.Declared("Total"); len(got) != 0 {
		t.Errorf("Declared(Total) = %q: a member, not a declaration", got)
	}
	if got := ix.DeclaredOrMember("Total"); !slices.Equal(got, []string{"b/invoice.go"}) {
		t.Errorf("DeclaredOrMember(Total) = %q", got)
	}
}

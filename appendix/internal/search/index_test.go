package search

import (
	"context"
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

package hooks

import (
	"context"
	"os"
	"path/filepath"
	"time"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/governs"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
)

// governBudget is the line budget of the appendix each spec is resolved
// with to find the files it governs: large, so that the budget leaves
// out no definition.
const governBudget = 5000

// governing is a spec that governs a file: the spec, relative to the
// root, and its artifacts defined in the file.
type governing struct {
	spec      string
	artifacts []inventory.Artifact
}

// governors resolves every spec under .adversarial-spec/specs with the
// appendix pipeline and returns those whose resolved definitions live in
// file (slash-separated, relative to the root), and how many specs name
// it. It stops at ctx's deadline with ctx's error.
func governors(ctx context.Context, root, file string) ([]governing, error) {
	specs := governs.LiveSpecs(root)
	if len(specs) == 0 {
		return nil, nil
	}
	repo, err := gitinfo.Open(root)
	if err != nil {
		return nil, err
	}
	var out []governing
	for _, s := range specs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(s)))
		if err != nil {
			continue
		}
		sp := spec.Parse(s, src)
		if dir := filepath.ToSlash(filepath.Dir(s)); dir != "." {
			sp.Rebase(dir)
		}
		res, err := appendix.Build(ctx, repo, sp, appendix.Config{Round: 2, Budget: governBudget, Now: time.Unix(0, 0).UTC()})
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			continue
		}
		g := governing{spec: s}
		for _, a := range res.Record.Artifacts {
			if a.Path == file && a.StartLine > 0 {
				g.artifacts = append(g.artifacts, a)
			}
		}
		if len(g.artifacts) > 0 {
			out = append(out, g)
		}
	}
	return out, nil
}

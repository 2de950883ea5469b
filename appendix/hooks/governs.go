package hooks

import (
	"context"
	"path/filepath"
	"slices"

	"github.com/appendix-dev/appendix/appendix/governs"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
)

// governing is a spec that governs a file: the spec, relative to the
// root, and its definitions in the file, each with the label the debate
// saw it under ("" for none).
type governing struct {
	spec   string
	defs   []governs.Definition
	labels []string
}

// governors returns the live specs under .adversarial-spec/specs whose
// resolved references are defined in file (slash-separated, relative to
// the root), from the reverse index governs keeps cached, whether file is
// a shared hub, and how many specs were resolved rather than read from
// the cache. It stops at ctx's deadline with ctx's error.
func governors(ctx context.Context, root, file string) (gs []governing, hub bool, resolved int, err error) {
	if len(governs.LiveSpecs(root)) == 0 {
		return nil, false, 0, nil
	}
	repo, err := gitinfo.Open(root)
	if err != nil {
		return nil, false, 0, err
	}
	rep, err := governs.Of(ctx, repo, []string{file}, governs.Options{})
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, 0, ctx.Err()
		}
		return nil, false, 0, err
	}
	f := rep.Files[0]
	for _, s := range f.Specs {
		g := governing{spec: s.Path, defs: s.Definitions}
		arts := roundArtifacts(root, s.Path)
		for _, d := range s.Definitions {
			g.labels = append(g.labels, label(arts, file, d.Symbol))
		}
		gs = append(gs, g)
	}
	return gs, f.Hub, rep.Resolved, nil
}

// roundArtifacts returns the artifacts of the last round the debate saw
// of spec (relative to the root): those of the active adversarial-spec
// session's last round when the session is this spec's; none otherwise,
// for a label from another spec's appendix would name what no reviewer
// of this one saw.
func roundArtifacts(root, spec string) []inventory.Artifact {
	st, _, err := inventory.Locate(root, ".appendix/inventory.json", filepath.Join(root, filepath.FromSlash(spec)))
	if err != nil || !st.Session() {
		return nil
	}
	inv, err := st.Load()
	if err != nil || len(inv.Rounds) == 0 {
		return nil
	}
	return inv.Rounds[len(inv.Rounds)-1].Artifacts
}

// label is the label of the artifact that showed symbol of file, or "".
func label(arts []inventory.Artifact, file, symbol string) string {
	for _, a := range arts {
		if a.Repo == "" && a.Path == file && slices.Contains(a.Symbols, symbol) {
			return a.Label
		}
	}
	return ""
}

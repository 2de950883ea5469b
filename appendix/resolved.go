package appendix

import (
	"context"
	"fmt"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
)

// Resolved is a spec's reference resolved to the definition it names.
type Resolved struct {
	Ref       string // the name as the spec writes it
	SpecLine  int    // the spec's line that first names it
	Path      string // the file that defines it
	Symbol    string // the definition's name, Type.method for a member
	Kind      string
	StartLine int
	EndLine   int // the definition's last line, body included
}

// BuildID identifies the running binary: what a cache of resolutions is
// valid for.
func BuildID() string { return buildID() }

// Resolve resolves each spec's references in repo as an appendix of any
// round would (no round's selection, no budget) and returns, spec by
// spec, the definitions they resolve to, in the specs' order. One
// extraction cache serves every spec, unless noCache; not saving it is a
// warning.
func Resolve(ctx context.Context, repo *gitinfo.Repo, specs []*spec.Spec, noCache bool) ([][]Resolved, []Warning, error) {
	cfg := Config{NoCache: noCache}
	if !noCache {
		cfg.Cache = cache.Load(repo.Root, buildID())
	}
	out := make([][]Resolved, len(specs))
	for i, sp := range specs {
		p, err := openPart(Repository{Repo: repo})
		if err != nil {
			return nil, nil, err
		}
		p.sp = sp
		p.at = p.stamp().At(repo.Scope)
		if err := p.find(ctx, cfg); err != nil {
			return nil, nil, err
		}
		for _, m := range p.matches {
			d := m.Def
			if d == nil {
				continue
			}
			r := Resolved{Ref: m.Ref.Name, SpecLine: m.Ref.Line, Path: d.Path, Symbol: d.Name, Kind: string(d.Kind),
				StartLine: d.StartLine, EndLine: max(d.EndLine, d.Extent)}
			if d.Container != "" {
				r.Symbol = d.Container + "." + d.Name
			}
			out[i] = append(out[i], r)
		}
	}
	ws := cacheWarnings(cfg.Cache)
	if err := cfg.Cache.Save(); err != nil {
		ws = append(ws, Warning{Kind: WarnCache, Msg: fmt.Sprintf("extraction cache not saved: %v", err)})
	}
	return out, ws, nil
}

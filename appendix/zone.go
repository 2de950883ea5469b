package appendix

import (
	"context"
	"sort"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/render"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/gitinfo"
)

// unlimited is a budget nothing exceeds.
const unlimited = 1 << 20

// Zone is everything a spec names, resolved in full: no line budget and no
// round policy apply. Audits and briefings start from it.
type Zone struct {
	Spec  *spec.Spec
	Doc   *render.Document // every artifact and gap, labeled
	Index *search.Index    // the search that found them, for searches by meaning
	cache *cache.Cache     // the extraction cache the search and later searches use
	// Warnings are what building the zone found: the repository's, what
	// loading the extraction cache found damaged, and the files' that
	// could not be read or are shown with their bytes replaced.
	Warnings []Warning
}

// ZoneOptions are what a blast zone is built with.
type ZoneOptions struct {
	Now     time.Time // the extraction timestamp; zero: now
	NoCache bool      // neither read nor write the extraction cache
}

// BlastZone resolves every reference of a spec, as Round 2 would with no
// line budget.
func BlastZone(ctx context.Context, repo *gitinfo.Repo, sp *spec.Spec, opt ZoneOptions) (*Zone, error) {
	var ca *cache.Cache
	if !opt.NoCache {
		ca = cache.Load(repo.Root, buildID())
	}
	res, ix, err := build(ctx, repo, sp, Config{Round: 2, Budget: unlimited, Now: opt.Now, Cache: ca, NoCache: opt.NoCache})
	if err != nil {
		return nil, err
	}
	return &Zone{Spec: sp, Doc: res.Doc, Index: ix, cache: ca, Warnings: append(cacheWarnings(ca), res.Warnings...)}, nil
}

// RecentCommits is repo.RecentCommits through the zone's extraction
// cache (see cache.RecentCommits); SaveCache keeps what it found.
func (z *Zone) RecentCommits(repo *gitinfo.Repo, paths []string, n int) ([]gitinfo.Commit, error) {
	return cache.RecentCommits(repo, z.cache, paths, n)
}

// SaveCache writes what the searches by meaning run on the zone's index
// parsed since it was built, so that the next run reads it from the cache.
func (z *Zone) SaveCache() error { return z.cache.Save() }

// Files lists the files of the zone's artifacts, architecture excerpts
// aside, once each and sorted.
func (z *Zone) Files() []string {
	seen := map[string]bool{}
	var out []string
	for _, a := range z.Doc.Artifacts {
		if a.Path != "" && a.Kind != extract.KindArchitecture && !seen[a.Path] {
			seen[a.Path] = true
			out = append(out, a.Path)
		}
	}
	sort.Strings(out)
	return out
}

package audit

import (
	"context"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
)

// Repo is one repository of an audit that spans several: its name, and
// its part of the spec's blast zone (nil for an audit without a spec).
type Repo struct {
	Name string
	Repo *gitinfo.Repo
	Zone *appendix.Zone
}

// AuditRepos is AuditReplacing over several repositories, each audited on
// its own and the findings put together: the first repository's commit is
// the inventory's, every one's is in Repos; each blast-zone entry is
// written after its repository's name ("server: x.go"); a source is as
// good as the best repository's, its path and summary say whose each part
// is, and its tokens are all of theirs; a source a repository misses is a
// gap naming it, one gap without a name when every repository misses it
// alike. prev's blast-zone entries written after a
// repository's name are that one's; the others may be any one's.
func AuditRepos(ctx context.Context, repos []Repo, now string, prev *inventory.Inventory) (*inventory.Inventory, map[string]inventory.Source, error) {
	inv := &inventory.Inventory{SchemaVersion: inventory.SchemaVersion, AuditTimestamp: now, BlastZone: []string{},
		Sources: map[string]inventory.Source{}, GapsNoted: []string{}}
	found := make([]map[string]inventory.Source, len(repos))
	names := make([]string, len(repos))
	for i, r := range repos {
		names[i] = r.Name
	}
	for i, r := range repos {
		var was *inventory.Inventory
		if prev != nil {
			was = prev.Of(names, r.Name)
		}
		one, all, err := AuditReplacing(ctx, r.Repo, r.Zone, now, was)
		if err != nil {
			return nil, nil, err
		}
		if i == 0 {
			inv.GitHash = one.GitHash
		}
		inv.Repos = append(inv.Repos, inventory.Repo{Name: r.Name, GitHash: one.GitHash})
		for _, p := range one.BlastZone {
			inv.BlastZone = append(inv.BlastZone, r.Name+": "+p)
		}
		found[i] = all
	}
	rank := []inventory.Status{inventory.Available, inventory.Partial, inventory.NotAvailable, inventory.NotApplicable}
	all := map[string]inventory.Source{}
	for _, sd := range sourceDefs {
		var merged inventory.Source
		for i := range repos {
			if s := found[i][sd.id]; i == 0 || slices.Index(rank, s.Status) < slices.Index(rank, merged.Status) {
				merged.Status = s.Status
			}
		}
		var paths, summaries, missing []string
		same := true
		for i, r := range repos {
			s := found[i][sd.id]
			if s.Path != "" {
				paths = append(paths, r.Name+": "+s.Path)
			}
			// What a source found is said of the repositories it was found
			// in; what it misses, in the gaps.
			if s.Status == merged.Status || merged.Status == inventory.Available && s.Status == inventory.Partial {
				summaries = append(summaries, r.Name+": "+s.Summary)
			}
			same = same && s.Summary == found[0][sd.id].Summary && s.Path == ""
			merged.EstTokens += s.EstTokens
			if s.Status == inventory.NotAvailable {
				missing = append(missing, sd.name+": "+r.Name+": "+s.Summary)
			}
		}
		merged.Path = strings.Join(paths, "; ")
		merged.Summary = strings.Join(summaries, "; ")
		if same {
			merged.Summary = found[0][sd.id].Summary
		}
		if same && len(missing) == len(repos) {
			missing = []string{sd.name + ": " + merged.Summary}
		}
		inv.GapsNoted = append(inv.GapsNoted, missing...)
		all[sd.id] = merged
		if merged.Status == inventory.Available || merged.Status == inventory.Partial {
			inv.Sources[sd.id] = merged
			inv.TotalAvailableTokens += merged.EstTokens
		}
	}
	return inv, all, nil
}

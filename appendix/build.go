package appendix

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/testfiles"

	"github.com/appendix-dev/appendix/appendix/internal/architecture"

	"github.com/appendix-dev/appendix/appendix/internal/rounds"

	"github.com/appendix-dev/appendix/appendix/internal/budget"

	"github.com/appendix-dev/appendix/appendix/internal/render"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"

	"github.com/appendix-dev/appendix/appendix/internal/resolve"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/cache"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
)

// Config is what one appendix is built from, besides the spec.
type Config struct {
	Round        int
	Budget       int
	Need         []string          // --need: names a later round must check against code
	History      []inventory.Round // what earlier rounds showed
	AuditGaps    []string          // the inventory's gaps_noted
	NoCache      bool              // do not read or write the extraction cache
	Cache        *cache.Cache      // a cache already loaded (benchmarks), else one is loaded
	Now          time.Time
	ContextFiles []artifact.ContextFile // files passed to the debate with --context
	Bodies       []string               // --body: functions and methods to show whole, body included
	// Shuffle and BeforeFile are test hooks (see search.Options): a walk
	// order permuted, a file whose search panics.
	Shuffle    func([]gitinfo.File)
	BeforeFile func(path string)
}

// Result is a built appendix and what building it found.
type Result struct {
	Doc        *render.Document
	Unresolved []Gap
	Dropped    []Dropped
	External   []Gap // qualified names from outside the repository (context.Context)
	Warnings   []Warning
	Stats      search.Stats
	// Redactions counts the secret literals replaced in snippets.
	Redactions int
	// Skipped says why the round policy shows no appendix at all.
	Skipped string
	// Record is this round, for the inventory's history.
	Record inventory.Round
}

// Dropped is an artifact the budget left out.
type Dropped struct {
	Ref    string `json:"ref"`
	Reason string `json:"reason"`
}

// Build finds, resolves, extracts and budgets the artifacts a spec names.
func Build(ctx context.Context, repo *gitinfo.Repo, sp *spec.Spec, cfg Config) (*Result, error) {
	res, _, err := build(ctx, repo, sp, cfg)
	return res, err
}

func build(ctx context.Context, repo *gitinfo.Repo, sp *spec.Spec, cfg Config) (res *Result, ix *search.Index, err error) {
	if _, err := BodyRound(cfg.Round); err != nil && len(cfg.Bodies) > 0 {
		return nil, nil, err
	}
	bodies, err := bodyRefs(cfg.Bodies, sp.Refs)
	if err != nil {
		return nil, nil, err
	}
	head, err := repo.Head()
	var headErr *gitinfo.HeadError
	if err != nil && !errors.As(err, &headErr) {
		return nil, nil, err
	}
	doc := &render.Document{Round: cfg.Round, Budget: cfg.Budget, ExtractedAt: cfg.Now, Git: repo.Git(), Head: head, AuditGaps: cfg.AuditGaps}
	switch {
	case repo.Warning != "":
		doc.Unreadable = "a repository go-git cannot read"
	case headErr != nil && headErr.Hash == "":
		doc.Unreadable = "HEAD cannot be read"
	case headErr != nil:
		doc.Unreadable = "HEAD's commit cannot be read"
	}
	refs, skipped := rounds.SelectRefs(sp.Refs, cfg.Round, cfg.History, cfg.Need)
	if skipped != "" && len(bodies) == 0 { // a body asked for is shown whatever the spec's names are
		res = &Result{Doc: doc, Skipped: skipped, Unresolved: []Gap{}, External: []Gap{}}
		res.Record = rounds.Record(doc, sp.Refs, repo.Root, cfg.Round)
		return res, ix, nil
	}
	full := sp
	sel := *sp
	sel.Refs = slices.Concat(refs, bodies) // the bodies last: bodyResults finds them there
	sp = &sel
	ca := cfg.Cache
	if ca == nil && !cfg.NoCache {
		ca = cache.Load(repo.Root, buildID())
		ca.Run++
	}
	ix, err = search.Run(ctx, repo, sp.Refs, search.Options{Cache: ca, Shuffle: cfg.Shuffle, BeforeFile: cfg.BeforeFile})
	if err != nil {
		return nil, nil, err
	}
	defer func() {
		if err := ca.Save(); err != nil && res != nil {
			res.Warnings = append(res.Warnings, Warning{Kind: WarnCache, Msg: fmt.Sprintf("extraction cache not saved: %v", err)})
		}
	}()
	t0 := time.Now()
	if err := ix.FindUnqualified(ctx, repo.Root); err != nil {
		return nil, nil, err
	}
	ix.FindLocations(ctx, sp.Refs)
	if err := ix.FindBases(ctx, repo.Root, sp.Refs); err != nil {
		return nil, nil, err
	}
	if err := ix.FindChains(ctx, repo.Root, sp.Refs); err != nil {
		return nil, nil, err
	}
	res = &Result{Doc: doc, Warnings: append([]Warning{}, ix.Warnings...)}
	if cfg.Cache == nil {
		res.Warnings = append(res.Warnings, cacheWarnings(ca)...)
	}
	if w := ix.NotParsedWarning(); w != nil {
		res.Warnings = append(res.Warnings, *w)
	}

	matches, unresolved, external := resolve.Refs(sp, ix, doc.At(repo.Scope))
	bodyArts, bodyWarns, err := bodyResults(sp.Refs, cfg.Bodies, &matches, &unresolved, &external, repo.Root, doc.At(repo.Scope), cfg.Need)
	if err != nil {
		return nil, nil, err
	}
	res.Warnings = append(res.Warnings, bodyWarns...)
	res.External = append([]Gap{}, external...)
	doc.Gaps = append(doc.Gaps, unresolved...)
	sort.SliceStable(doc.Gaps, func(i, j int) bool { return doc.Gaps[i].SpecLine < doc.Gaps[j].SpecLine })
	doc.Submodules = append([]string{}, repo.Submodules...)
	doc.SubmoduleGaps = submoduleGaps(doc.Gaps, repo.Submodules)

	if err := resolve.HandlerNotes(ctx, ix, repo.Root, matches); err != nil {
		return nil, nil, err
	}
	words := resolve.HeldWords(sp.Words, matches)
	bodyArts, arts := artifact.FoldIntoBodies(bodyArts, artifact.Build(matches, words))
	arts = append(bodyArts, arts...)
	artifact.MarkContextFiles(arts, repo.Root, cfg.ContextFiles, words)
	// Redacted, and made valid UTF-8, before anything hashes or stores
	// the text: the round history compares what was shown.
	res.Redactions = artifact.Redact(arts)
	notUTF8 := artifact.FixUTF8(arts)
	need := map[string]bool{}
	for _, n := range cfg.Need {
		need[n] = true
	}
	arts = rounds.ApplyHistory(doc, arts, repo.Root, cfg.Round, cfg.History, need)
	artifact.Prioritize(arts)
	arts = append(architecture.Artifacts(repo.Root, cfg.Round, sp, arts), arts...)
	if testfiles.WordsRe.Match(spec.ProseOnly(sp.Src)) {
		switch t := testfiles.Artifact(ix, repo.Root, arts); {
		case t == nil:
		case len(t.Lines) == 0:
			doc.Gaps = append(doc.Gaps, Gap{Ref: "tests", Kind: GapNoTests, Hint: "the spec discusses testing; no test file covers " + t.SelectedBy[0].Reason + " (by name or import)"})
		default:
			arts = append(arts, t) // last: the first to go when the budget is tight
		}
	}
	doc.Artifacts = arts
	res.Redactions += artifact.Redact(arts) // the architecture and test artifacts
	notUTF8 = append(notUTF8, artifact.FixUTF8(arts)...)
	res.Unresolved = doc.Gaps

	var paths []string
	seen := map[string]bool{}
	for _, a := range arts {
		if a.Path != "" && !seen[a.Path] {
			seen[a.Path] = true
			paths = append(paths, a.Path)
		}
	}
	sort.Strings(paths)
	if headErr == nil {
		if doc.Dirty, err = cache.DirtyPaths(repo, ca, head, paths); err != nil {
			res.Warnings = append(res.Warnings, Warning{Kind: WarnDirtyCheck, Msg: fmt.Sprintf("uncommitted-change check skipped: %v", err)})
		}
	}

	resolveTime := time.Since(t0)
	t1 := time.Now()
	rivals, redacted := artifact.RivalEntries(matches)
	res.Redactions += redacted
	notUTF8 = append(notUTF8, artifact.FixEntriesUTF8(rivals)...)
	for _, p := range slices.Compact(slices.Sorted(slices.Values(notUTF8))) {
		res.Warnings = append(res.Warnings, NotUTF8(p))
	}
	for _, s := range budget.Fit(doc, words, rivals) {
		res.Dropped = append(res.Dropped, Dropped{Ref: s.Ref, Reason: "budget"})
	}
	if repo.IndexWarning != "" {
		res.Warnings = append(res.Warnings, Warning{Kind: WarnIndex, Msg: repo.IndexWarning})
	}
	res.Warnings = append(res.Warnings, repositoryWarnings(repo, headErr)...)
	if repo.Warning == "" && !repo.Git() {
		res.Warnings = append(res.Warnings, Warning{Kind: WarnNotGit, Path: repo.Root,
			Msg: "is not in a git repository: searched every file under it, with no provenance"})
	}
	doc.Label()
	sort.SliceStable(res.Warnings, func(i, j int) bool { return res.Warnings[i].String() < res.Warnings[j].String() })
	res.Stats = ix.Stats
	res.Stats.Resolve, res.Stats.Render = resolveTime, time.Since(t1)
	res.Record = rounds.Record(doc, full.Refs, repo.Root, cfg.Round)
	return res, ix, nil
}

// cacheWarnings says which cache files loading found damaged, and so
// rebuilt.
func cacheWarnings(ca *cache.Cache) []Warning {
	var ws []Warning
	if ca != nil {
		for _, d := range ca.Damage {
			ws = append(ws, Warning{Kind: WarnCache, Path: d.File, Msg: d.Problem + ": discarded and rebuilt"})
		}
	}
	return ws
}

// NotUTF8 is the warning for a file shown whose content is not valid UTF-8.
func NotUTF8(path string) Warning {
	return Warning{Kind: WarnFile, Path: path, Msg: "content is not valid UTF-8: shown with U+FFFD for the bytes that are not"}
}

// RepositoryWarnings are the warnings about the repository's git data
// that every command gives: an object directory listed as an alternate
// that is not there, HEAD at a commit that cannot be read, a repository
// go-git cannot read at all.
func RepositoryWarnings(repo *gitinfo.Repo) []Warning {
	var headErr *gitinfo.HeadError
	_, err := repo.Head()
	errors.As(err, &headErr)
	return repositoryWarnings(repo, headErr)
}

func repositoryWarnings(repo *gitinfo.Repo, headErr *gitinfo.HeadError) []Warning {
	var out []Warning
	for _, w := range repo.ObjectWarnings {
		out = append(out, Warning{Kind: WarnRepository, Msg: w})
	}
	if headErr != nil {
		out = append(out, Warning{Kind: WarnRepository, Msg: headErr.Error() + ": no provenance, uncommitted changes not checked"})
	}
	if repo.Warning != "" {
		out = append(out, Warning{Kind: WarnRepository, Msg: repo.Warning})
	}
	return out
}

// submoduleGaps says which nested repositories were not entered: a gap a
// reference points into says so, naming the repository, and the
// repositories so named are returned: the markdown names the others in a
// note, so that no reader takes their absence from the appendix for
// absence from the code.
func submoduleGaps(gaps []Gap, subs []string) map[string]bool {
	named := map[string]bool{}
	for i, g := range gaps {
		for _, s := range subs {
			if g.Ref == s || strings.HasPrefix(g.Ref, s+"/") {
				gaps[i].Hint = fmt.Sprintf("inside git submodule %s, which is not entered", naming.Code(s))
				gaps[i].Kind = GapNotSearched
				named[s] = true
			}
		}
	}
	return named
}

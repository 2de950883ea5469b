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

func build(ctx context.Context, repo *gitinfo.Repo, sp *spec.Spec, cfg Config) (*Result, *search.Index, error) {
	res, parts, err := buildParts(ctx, []Repository{{Repo: repo}}, sp, cfg)
	if err != nil {
		return nil, nil, err
	}
	return res, parts[0].ix, nil
}

// Repository is one repository an appendix is built from, with the name
// a spec's references qualify its paths with; the name is "" when the
// appendix has one repository only.
type Repository struct {
	Name string
	Repo *gitinfo.Repo
}

// part is what one repository gives an appendix: what searching it
// found, and the artifacts built from that.
type part struct {
	Repository
	head    *gitinfo.Head
	headErr *gitinfo.HeadError
	sp      *spec.Spec // the references searched in this repository
	at      string     // what was searched, for "no definition in X"
	ca      *cache.Cache
	ix      *search.Index
	resolve time.Duration // what find took after the search

	matches              []resolve.Match
	unresolved, external []Gap
	asked                []string    // the --body names searched here, as asked
	bodies               []shownBody // the bodies shown from here
	words                map[string]bool
	warnings             []Warning
	// notes are what the artifact of a name other repositories define too
	// says of them.
	notes map[refKey]string
}

// own marks what the part found as its repository's, when an appendix
// spans several: a warning's file, or its message, after the name.
func (p *part) own(ws []Warning) []Warning {
	if p.Name == "" {
		return ws
	}
	for i := range ws {
		if ws[i].Path != "" {
			ws[i].Path = p.Name + ": " + ws[i].Path
		} else {
			ws[i].Msg = p.Name + ": " + ws[i].Msg
		}
	}
	return ws
}

// openPart reads a repository's HEAD.
func openPart(r Repository) (*part, error) {
	p := &part{Repository: r}
	head, err := r.Repo.Head()
	if err != nil && !errors.As(err, &p.headErr) {
		return nil, err
	}
	p.head = head
	return p, nil
}

// stamp is the repository's provenance.
func (p *part) stamp() render.Stamp {
	s := render.Stamp{Name: p.Name, Git: p.Repo.Git(), Head: p.head}
	switch {
	case p.Repo.Warning != "":
		s.Unreadable = "a repository go-git cannot read"
	case p.headErr != nil && p.headErr.Hash == "":
		s.Unreadable = "HEAD cannot be read"
	case p.headErr != nil:
		s.Unreadable = "HEAD's commit cannot be read"
	}
	return s
}

// find searches the repository for the part's references and resolves
// them.
func (p *part) find(ctx context.Context, cfg Config) error {
	p.ca = cfg.Cache
	if p.ca == nil && !cfg.NoCache {
		p.ca = cache.Load(p.Repo.Root, buildID())
	}
	ix, err := search.Run(ctx, p.Repo, p.sp.Refs, search.Options{Cache: p.ca, Shuffle: cfg.Shuffle, BeforeFile: cfg.BeforeFile})
	if err != nil {
		return err
	}
	p.ix = ix
	t0 := time.Now()
	defer func() { p.resolve = time.Since(t0) }()
	if err := ix.FindUnqualified(ctx, p.Repo.Root); err != nil {
		return err
	}
	ix.FindLocations(ctx, p.sp.Refs)
	if err := ix.FindBases(ctx, p.Repo.Root, p.sp.Refs); err != nil {
		return err
	}
	if err := ix.FindChains(ctx, p.Repo.Root, p.sp.Refs); err != nil {
		return err
	}
	if err := ix.FindGenerated(ctx, p.Repo.Root, p.sp.Refs); err != nil {
		return err
	}
	p.warnings = append([]Warning{}, ix.Warnings...)
	if cfg.Cache == nil {
		p.warnings = append(p.warnings, cacheWarnings(p.ca)...)
	}
	if w := ix.NotParsedWarning(); w != nil {
		p.warnings = append(p.warnings, *w)
	}
	p.matches, p.unresolved, p.external = resolve.Refs(p.sp, ix, p.at)
	bodies, bodyWarns, err := bodyResults(p.sp.Refs, p.asked, &p.matches, &p.unresolved, &p.external, p.Repo.Root, p.at, cfg.Need, p.Name != "")
	if err != nil {
		return err
	}
	p.bodies = bodies
	p.warnings = append(p.warnings, bodyWarns...)
	return nil
}

// artifacts builds the artifacts of the part's matches, its bodies first,
// redacted, with the labels earlier rounds gave them.
func (p *part) artifacts(ctx context.Context, doc *render.Document, cfg Config, need map[string]bool) (arts []*artifact.Artifact, redactions int, notUTF8 []string, err error) {
	if err := resolve.HandlerNotes(ctx, p.ix, p.Repo.Root, p.matches); err != nil {
		return nil, 0, nil, err
	}
	p.words = resolve.HeldWords(p.sp.Words, p.matches)
	var shown []*artifact.Artifact
	for _, b := range p.bodies {
		shown = append(shown, b.art)
	}
	bodyArts, arts := artifact.FoldIntoBodies(shown, artifact.Build(p.matches, p.words))
	arts = append(bodyArts, arts...)
	for _, a := range arts {
		a.Repo = p.Name
		for _, s := range a.SelectedBy {
			if n := p.notes[refKey{s.Ref, s.SpecLine}]; n != "" && !slices.Contains(a.Notes, n) {
				a.Notes = append(a.Notes, n)
			}
		}
	}
	artifact.MarkContextFiles(arts, p.Repo.Root, cfg.ContextFiles, p.words)
	// Redacted, and made valid UTF-8, before anything hashes or stores
	// the text: the round history compares what was shown.
	redactions = artifact.Redact(arts)
	notUTF8 = artifact.FixUTF8(arts)
	if p.Name != "" {
		for i := range notUTF8 {
			notUTF8[i] = p.Name + ": " + notUTF8[i]
		}
	}
	return rounds.ApplyHistory(doc, arts, p.Repo.Root, cfg.Round, cfg.History, need), redactions, notUTF8, nil
}

// buildParts builds one appendix from the repositories given.
func buildParts(ctx context.Context, repos []Repository, sp *spec.Spec, cfg Config) (res *Result, parts []*part, err error) {
	if _, err := BodyRound(cfg.Round); err != nil && len(cfg.Bodies) > 0 {
		return nil, nil, err
	}
	for _, r := range repos {
		p, err := openPart(r)
		if err != nil {
			return nil, nil, err
		}
		parts = append(parts, p)
	}
	var bodies []spec.Ref
	if parts[0].Name == "" {
		bodies, err = bodyRefs(cfg.Bodies, sp.Refs)
		parts[0].asked = cfg.Bodies
	} else {
		var asked [][]string
		bodies, asked, err = bodyRefsRepos(cfg.Bodies, sp.Refs, parts)
		for i, p := range parts {
			p.asked = asked[i]
		}
	}
	if err != nil {
		return nil, nil, err
	}
	first := parts[0].stamp()
	doc := &render.Document{Round: cfg.Round, Budget: cfg.Budget, ExtractedAt: cfg.Now, Git: first.Git, Head: first.Head, AuditGaps: cfg.AuditGaps, Unreadable: first.Unreadable}
	named := parts[0].Name != ""
	if named {
		for _, p := range parts {
			doc.Repos = append(doc.Repos, p.stamp())
		}
	}
	roots := map[string]string{}
	for _, p := range parts {
		roots[p.Name] = p.Repo.Root
	}
	refs, skipped := rounds.SelectRefs(sp.Refs, cfg.Round, cfg.History, cfg.Need)
	if skipped != "" && len(bodies) == 0 { // a body asked for is shown whatever the spec's names are
		res = &Result{Doc: doc, Skipped: skipped, Unresolved: []Gap{}, External: []Gap{}}
		res.Record = rounds.Record(doc, sp.Refs, roots, cfg.Round)
		return res, parts, nil
	}
	full := sp
	sel := *sp
	sel.Refs = slices.Concat(refs, bodies) // the bodies last: bodyResults finds them there
	sp = &sel
	var qual map[refKey]string
	if named {
		qual = qualifiedRefs(parts, sp)
	}
	for _, p := range parts {
		if !named {
			p.sp = sp
		}
		p.at = p.stamp().At(p.Repo.Scope)
	}
	defer func() {
		for _, p := range parts {
			if p.ix == nil {
				continue
			}
			if err := p.ca.Save(); err != nil && res != nil {
				res.Warnings = append(res.Warnings, p.own([]Warning{{Kind: WarnCache, Msg: fmt.Sprintf("extraction cache not saved: %v", err)}})...)
			}
		}
	}()
	var resolveTime time.Duration
	for _, p := range parts {
		if err := p.find(ctx, cfg); err != nil {
			return nil, nil, err
		}
		resolveTime += p.resolve
	}
	t0 := time.Now()
	res = &Result{Doc: doc}
	unresolved, external := parts[0].unresolved, parts[0].external
	if named {
		// Each repository's gaps inside its submodules say so before
		// the gaps of all are merged.
		doc.SubmoduleGaps = map[string]bool{}
		for _, p := range parts {
			for s := range submoduleGaps(p.unresolved, p.Repo.Submodules) {
				doc.SubmoduleGaps[p.Name+": "+s] = true
			}
		}
		votes := partVotes(parts, qual)
		unresolved, external = mergeParts(parts, qual, votes)
		if err := settleBodies(parts, cfg.Bodies, votes); err != nil {
			return nil, nil, err
		}
	}
	for _, p := range parts {
		res.Warnings = append(res.Warnings, p.own(p.warnings)...)
	}
	res.External = append([]Gap{}, external...)
	doc.Gaps = append(doc.Gaps, unresolved...)
	sort.SliceStable(doc.Gaps, func(i, j int) bool { return doc.Gaps[i].SpecLine < doc.Gaps[j].SpecLine })
	doc.Submodules = []string{}
	for _, p := range parts {
		subs := p.Repo.Submodules
		if named {
			subs = nil
			for _, s := range p.Repo.Submodules {
				subs = append(subs, p.Name+": "+s)
			}
		}
		doc.Submodules = append(doc.Submodules, subs...)
	}
	if !named {
		doc.SubmoduleGaps = submoduleGaps(doc.Gaps, doc.Submodules)
	}

	need := map[string]bool{}
	for _, n := range cfg.Need {
		need[n] = true
	}
	words := map[string]bool{}
	var arts []*artifact.Artifact
	var notUTF8 []string
	for _, p := range parts {
		partArts, redactions, bad, err := p.artifacts(ctx, doc, cfg, need)
		if err != nil {
			return nil, nil, err
		}
		arts = append(arts, partArts...)
		res.Redactions += redactions
		notUTF8 = append(notUTF8, bad...)
		for w := range p.words {
			words[w] = true
		}
	}
	artifact.Prioritize(arts)
	archArts := architecture.Artifacts(parts[0].Repo.Root, cfg.Round, sp, arts)
	for _, a := range archArts {
		a.Repo = parts[0].Name
	}
	arts = append(archArts, arts...)
	if testfiles.WordsRe.Match(spec.ProseOnly(sp.Src)) {
		var tests []*artifact.Artifact
		for _, p := range parts {
			switch t := testfiles.Artifact(p.ix, p.Repo.Root, p.of(arts)); {
			case t == nil:
			case len(t.Lines) == 0:
				hint := "the spec discusses testing; no test file covers " + t.SelectedBy[0].Reason + " (by name or import)"
				if named {
					hint = "in " + naming.Code(p.Name) + ": " + hint
				}
				doc.Gaps = append(doc.Gaps, Gap{Ref: artifact.TestsRef, Kind: GapNoTests, Hint: hint})
			default:
				t.Repo = p.Name
				if named {
					for i := range t.SelectedBy {
						t.SelectedBy[i].Ref = p.Name + ": " + t.SelectedBy[i].Ref
					}
				}
				tests = append(tests, t)
			}
		}
		arts = append(arts, tests...) // last: the first to go when the budget is tight
	}
	if fo := filesOnly(parts, arts, named); len(fo) > 0 {
		doc.Gaps = append(doc.Gaps, fo...)
		resolve.SortGaps(doc.Gaps)
	}
	doc.Artifacts = arts
	res.Redactions += artifact.Redact(arts) // the architecture and test artifacts
	notUTF8 = append(notUTF8, artifact.FixUTF8(arts)...)
	res.Unresolved = doc.Gaps

	for _, p := range parts {
		var paths []string
		seen := map[string]bool{}
		for _, a := range p.of(arts) {
			if a.Path != "" && !seen[a.Path] {
				seen[a.Path] = true
				paths = append(paths, a.Path)
			}
		}
		sort.Strings(paths)
		if p.headErr == nil {
			dirty, err := cache.DirtyPaths(p.Repo, p.ca, p.head, paths)
			if err != nil {
				res.Warnings = append(res.Warnings, p.own([]Warning{{Kind: WarnDirtyCheck, Msg: fmt.Sprintf("uncommitted-change check skipped: %v", err)}})...)
			}
			for _, f := range dirty {
				doc.Dirty = append(doc.Dirty, (&artifact.Artifact{Repo: p.Name, Path: f}).Where())
			}
		}
	}

	resolveTime += time.Since(t0)
	t1 := time.Now()
	var rivals []artifact.Entry
	for _, p := range parts {
		r, redacted := artifact.RivalEntries(p.matches)
		for i := range r {
			r[i].Repo = p.Name
		}
		rivals = append(rivals, r...)
		res.Redactions += redacted
	}
	modules := func() []artifact.Entry {
		var out []artifact.Entry
		// The definitions of the modules the spec names, then the uses
		// of what it names.
		for _, entries := range []func(*part, context.Context) ([]artifact.Entry, int){(*part).moduleEntries, (*part).useEntries} {
			for _, p := range parts {
				m, redacted := entries(p, ctx)
				for i := range m {
					m[i].Repo = p.Name
				}
				out = append(out, m...)
				res.Redactions += redacted
			}
		}
		for _, f := range artifact.FixEntriesUTF8(out) {
			if !slices.Contains(notUTF8, f) {
				notUTF8 = append(notUTF8, f)
				res.Warnings = append(res.Warnings, NotUTF8(f))
			}
		}
		return out
	}
	notUTF8 = append(notUTF8, artifact.FixEntriesUTF8(rivals)...)
	for _, p := range slices.Compact(slices.Sorted(slices.Values(notUTF8))) {
		res.Warnings = append(res.Warnings, NotUTF8(p))
	}
	for _, s := range budget.Fit(doc, words, rivals, modules) {
		res.Dropped = append(res.Dropped, Dropped{Ref: s.Ref, Reason: "budget"})
	}
	for _, p := range parts {
		repo := p.Repo
		var ws []Warning
		if repo.IndexWarning != "" {
			ws = append(ws, Warning{Kind: WarnIndex, Msg: repo.IndexWarning})
		}
		ws = append(ws, repositoryWarnings(repo, p.headErr)...)
		if repo.Warning == "" && !repo.Git() {
			ws = append(ws, Warning{Kind: WarnNotGit, Path: repo.Root,
				Msg: "is not in a git repository: searched every file under it, with no provenance"})
		}
		res.Warnings = append(res.Warnings, p.own(ws)...)
	}
	doc.Label()
	sort.SliceStable(res.Warnings, func(i, j int) bool { return res.Warnings[i].String() < res.Warnings[j].String() })
	res.Stats = parts[0].ix.Stats
	for _, p := range parts[1:] {
		s := p.ix.Stats
		res.Stats.FilesWalked += s.FilesWalked
		res.Stats.FilesSearched += s.FilesSearched
		res.Stats.BytesSearched += s.BytesSearched
		res.Stats.FilesParsed += s.FilesParsed
		res.Stats.FilesDefining += s.FilesDefining
		res.Stats.Definitions += s.Definitions
		res.Stats.Routes += s.Routes
		res.Stats.CacheHits += s.CacheHits
		res.Stats.ScanHits += s.ScanHits
		res.Stats.Walk += s.Walk
		res.Stats.Search += s.Search
	}
	res.Stats.Resolve, res.Stats.Render = resolveTime, time.Since(t1)
	res.Record = rounds.Record(doc, full.Refs, roots, cfg.Round)
	return res, parts, nil
}

// cacheWarnings says which cache files loading found damaged, and so
// rebuilt.
func cacheWarnings(ca *cache.Cache) []Warning {
	var ws []Warning
	if ca != nil {
		for _, d := range ca.Damages() {
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

// of is the artifacts of the part's repository among arts.
func (p *part) of(arts []*artifact.Artifact) []*artifact.Artifact {
	var out []*artifact.Artifact
	for _, a := range arts {
		if a.Repo == p.Name {
			out = append(out, a)
		}
	}
	return out
}

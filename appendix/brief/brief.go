package brief

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/extract/lang"

	"github.com/appendix-dev/appendix/appendix/audit"

	"github.com/appendix-dev/appendix/appendix"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/render"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/redact"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/literals"
	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/internal/lock"
	"github.com/appendix-dev/appendix/inventory"
)

// Token budgets of a briefing: the shared base, and the lines one item
// shows before it is cut.
const (
	baseMinTokens = 600
	BaseMaxTokens = 1000
	maxItemLines  = 14
)

// briefItem is one piece of a supplement: a snippet or a list, with where
// it comes from.
type briefItem struct {
	kind  string
	title string // "Authorize (orders/orders.go, lines 6-7)"
	text  string
	fence string // code fence tag, "" for plain markdown
	path  string // the file the text comes from, when there is one
	file  string // the document an excerpt comes from, for warnings only (redaction takes excerpts of documents as from no file)
	// repo is the repository's name, when the briefings span several:
	// the title says it too.
	repo string
	// redacted counts the secret literals replaced in text, and raw is the
	// text's lines before (set when redacted is): what a cut of the item
	// hides is not counted.
	redacted int
	raw      []string
}

// render writes the item: its title, through naming.Inline, and its text
// as lines or in a fence, valid UTF-8 whatever its file holds.
func (it briefItem) render() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n", naming.Inline(it.title))
	if it.fence == "" {
		b.WriteString(naming.ValidUTF8(it.text) + "\n")
	} else {
		fence := "```"
		for strings.Contains(it.text, fence) {
			fence += "`"
		}
		fmt.Fprintf(&b, "%s%s\n%s\n%s\n", fence, it.fence, naming.ValidUTF8(it.text), fence)
	}
	return b.String()
}

func tokens(s string) int { return (len(s) + 3) / 4 }

// briefer gathers what the briefings draw from: the spec's resolution
// (its blast zone), the audit, and searches by meaning.
type briefer struct {
	name    string // the repository's, when the briefings span several
	ctx     context.Context
	repo    *gitinfo.Repo
	spec    *spec.Spec
	doc     *render.Document // every artifact the spec resolves to
	ix      *search.Index
	history func(paths []string, n int) ([]gitinfo.Commit, error) // the zone's RecentCommits
	specDir string                                                // see Input
	session *inventory.Inventory                                  // see Input
	notes   map[string]string                                     // see Input
	zone    []zoneFile                                            // the blast zone
	blast   []string                                              // its files, directories aside
	files   []string                                              // every walked file
	walked  map[string]bool
	sources map[string]inventory.Source
	items   map[string][]briefItem
	// gaps are what collecting a kind found missing, by kind.
	gaps map[string][]string
	// zoneGaps are what the blast zone misses, for every briefing.
	zoneGaps      []string
	specSentences []string
	manifestCache *manifestData
	resolved      map[string][]string // resolvePath's answers
	// What several kinds of one run compute alike, each once: the files'
	// classes, the blast zone's directories' files, the source files.
	classes   map[string]search.Class
	classMu   sync.Mutex // classes is shared with the lanes
	blastDirs []string
	srcFiles  []string
	srcOnce   sync.Once
	// wanted are the kinds some briefing of the run shows, and lane the
	// kinds collected beside the rest (see startLanes).
	wanted map[string]bool
	lane   map[string]*laneItems
	// redactions are the redacted texts by the text and its file, and
	// artRedactions what artifactRedactions found for each artifact.
	redactions    map[redactKey]redaction
	artRedactions map[*artifact.Artifact]redaction
	read          map[string][]string // the files' lines, by b.lines
	memoMu        sync.Mutex          // guards read, redactions and artRedactions, shared with the lanes
}

// Input is what a run briefs from.
type Input struct {
	Zone *appendix.Zone
	// SpecDir is the spec's directory in the repository, slash-separated
	// ("." for the root); "" when the spec is not in the repository (or
	// came on standard input). The spec's own test pseudocode and target
	// architecture are read there and nowhere else.
	SpecDir string
	// Session is the inventory of the active adversarial-spec session
	// when the session is this spec's; nil otherwise.
	Session *inventory.Inventory
	// Notes are the orchestrator's notes by adversary code, "*" for
	// every adversary (see ReadNotes).
	Notes map[string]string
	// Src is the spec as written, when Zone's spec reads it otherwise (a
	// name written after a repository's name is read without it); nil
	// for Zone's.
	Src []byte
}

// Briefing is one adversary's briefing.
type Briefing struct {
	Profile    Profile
	Text       []byte
	Base       int
	Supplement int
	Spec       int
	Gaps       []string
	Redactions int // secret literals replaced in its snippets
	// NotUTF8 are the files whose snippets are shown with U+FFFD for
	// bytes that are not valid UTF-8.
	NotUTF8 []string
}

// Brief builds one briefing per profile, from the spec's blast zone.
func Brief(ctx context.Context, repo *gitinfo.Repo, in Input, profiles []Profile, now time.Time) ([]Briefing, *gitinfo.Head, error) {
	out, heads, err := brief(ctx, []Part{{Repo: repo, Zone: in.Zone}}, in, profiles, now)
	if err != nil {
		return nil, nil, err
	}
	return out, heads[0].Head, nil
}

// BriefRepos is Brief for a spec that spans several repositories, each a
// named part of in.Zone (see appendix.BlastZoneRepos): each repository's
// blast zone, findings and gaps are its own, and say whose they are; a
// gap all of them have alike is said once. The spec's own files
// (in.SpecDir) are the first repository's; the session's blast-zone
// entries written after a repository's name are that one's.
func BriefRepos(ctx context.Context, parts []Part, in Input, profiles []Profile, now time.Time) ([]Briefing, []Head, error) {
	return brief(ctx, parts, in, profiles, now)
}

// Part is one repository a briefing draws from, with its part of the
// spec's blast zone; its name is "" when the briefing has one repository
// only.
type Part struct {
	Name string
	Repo *gitinfo.Repo
	Zone *appendix.Zone
}

// Head is a repository's HEAD, with its name (see Part).
type Head struct {
	Name string
	Head *gitinfo.Head
}

// brief builds one briefing per profile, from the repositories' parts of
// the spec's blast zone.
func brief(ctx context.Context, parts []Part, in Input, profiles []Profile, now time.Time) ([]Briefing, []Head, error) {
	var bs []*briefer
	bases := make([][]briefItem, len(parts)) // (each written by its own goroutine)
	var baseDone []chan struct{}
	var heads []Head
	var names []string
	for _, pt := range parts {
		names = append(names, pt.Name)
	}
	wanted := map[string]bool{}
	var order []string // the kinds wanted, in the order first wanted
	for _, p := range profiles {
		for _, k := range p.Supplement {
			if !slices.Contains(p.DoNotInject, k) && !wanted[k] {
				wanted[k] = true
				order = append(order, k)
			}
		}
	}
	for i, pt := range parts {
		pin := in
		if pt.Name != "" {
			if in.Session != nil {
				pin.Session = in.Session.Of(names, pt.Name)
			}
			if i > 0 {
				pin.SpecDir = "" // the spec is in the first
			}
		}
		b, err := newBriefer(ctx, pt, pin, now)
		if err != nil {
			return nil, nil, err
		}
		b.name = pt.Name
		b.wanted = wanted
		// The base (its commits are a walk of the history, long when no
		// cache holds them) on a goroutine of its own, and the lanes.
		done := make(chan struct{})
		baseDone = append(baseDone, done)
		go func() {
			defer close(done)
			items := b.ours(b.base())
			b.redact(items)
			bases[i] = items
		}()
		b.startLanes()
		bs = append(bs, b)
		heads = append(heads, Head{Name: pt.Name, Head: pt.Zone.Doc.Head})
	}
	// The kinds the lanes do not collect, while they do: a kind's items
	// are the same whenever it is collected.
	for _, b := range bs {
		for _, k := range order {
			if b.lane[k] == nil {
				b.collect(k)
			}
		}
	}
	for _, done := range baseDone {
		<-done
	}
	// Each repository's most telling base item, in turn, then the next.
	var base []briefItem
	for i := 0; slices.ContainsFunc(bases, func(items []briefItem) bool { return i < len(items) }); i++ {
		for _, items := range bases {
			if i < len(items) {
				base = append(base, items[i])
			}
		}
	}
	src := in.Src
	if src == nil {
		src = in.Zone.Spec.Src
	}
	specTokens := tokens(string(src))
	var out []Briefing
	for _, p := range profiles {
		out = append(out, briefing(bs, p, base, specTokens, src, in.Zone.Doc, heads))
	}
	return out, heads, nil
}

// newBriefer gathers what one repository's part of the briefings draws
// from.
func newBriefer(ctx context.Context, pt Part, in Input, now time.Time) (*briefer, error) {
	zone, repo := pt.Zone, pt.Repo
	b := &briefer{ctx: ctx, repo: repo, spec: zone.Spec, doc: zone.Doc, ix: zone.Index, specDir: in.SpecDir, session: in.Session, notes: in.Notes,
		items: map[string][]briefItem{}, gaps: map[string][]string{}, walked: map[string]bool{}, resolved: map[string][]string{}, classes: map[string]search.Class{},
		redactions: map[redactKey]redaction{}, artRedactions: map[*artifact.Artifact]redaction{}, read: map[string][]string{},
		history: func(paths []string, n int) ([]gitinfo.Commit, error) { return zone.RecentCommits(repo, paths, n) }}
	for _, f := range b.ix.Files {
		b.files = append(b.files, f.Path)
		b.walked[f.Path] = true
	}
	// The audit's sources the briefings tell, in the files the zone's
	// search walked: one walk a run.
	b.sources = audit.Sources(repo, b.ix.Files, slices.Sorted(maps.Keys(auditSourceFor)))
	b.zone, b.zoneGaps = b.blastZone()
	for _, z := range b.zone {
		if !strings.HasSuffix(z.path, "/") {
			b.blast = append(b.blast, z.path)
		}
	}
	// The blast-zone dependent sources, from this spec's zone.
	for _, id := range []string{"error_handling", "auth"} {
		if src, ok := audit.InBlast(repo, b.blast, id); ok {
			b.sources[id] = src
		}
	}
	return b, nil
}

// specFile returns the file of that name in the spec's own directory,
// or "": never another spec's. It may be on disk only (.adversarial-spec
// may be ignored by git).
func (b *briefer) specFile(name string) string {
	if b.specDir == "" {
		return ""
	}
	p, ok := b.existing(path.Join(b.specDir, name))
	if !ok || strings.HasSuffix(p, "/") {
		return ""
	}
	return p
}

// targetArchitecture is the spec's target-architecture.md, or "".
func (b *briefer) targetArchitecture() string { return b.specFile("target-architecture.md") }

// RefSpecTokens is the size of spec the budgets are set for: a longer
// spec scales them in proportion, within twice the spec.
const RefSpecTokens = 4000

// budgetScale is how much a spec's size scales the budgets: 1 up to
// RefSpecTokens.
func budgetScale(specTokens int) float64 { return max(1, float64(specTokens)/RefSpecTokens) }

// briefing assembles one adversary's briefing within its budgets: base up
// to 1,000 tokens and the supplement as the profile says, both scaled
// with the spec, then the test pseudocode the profile asks for as far as
// twice the spec allows; no more added context than twice the spec.
func briefing(bs []*briefer, p Profile, base []briefItem, specTokens int, src []byte, doc *render.Document, heads []Head) Briefing {
	dont := map[string]bool{}
	for _, k := range p.DoNotInject {
		dont[k] = true
	}
	b := bs[0]
	// The orchestrator's notes first: they say what in this spec to attack.
	sup := b.noteItems(p)
	var gaps []string
	for _, kind := range p.Supplement {
		if dont[kind] {
			continue
		}
		var items []briefItem
		each := make([][]string, len(bs))
		for i, b := range bs {
			items = append(items, b.ours(b.collect(kind))...)
			each[i] = b.gaps[kind]
		}
		gaps = append(gaps, eachGaps(bs, each)...)
		if len(items) == 0 {
			if g := b.gapFor(kind, p); g != "" {
				gaps = append(gaps, g)
			}
			continue
		}
		sup = append(sup, items...)
	}
	zoneGaps := make([][]string, len(bs))
	auditGaps := make([][]string, len(bs))
	for i, b := range bs {
		zoneGaps[i], auditGaps[i] = b.zoneGaps, b.auditGaps(p)
	}
	gaps = append(gaps, eachGaps(bs, zoneGaps)...)
	gaps = append(gaps, eachGaps(bs, auditGaps)...)
	gaps = dedupe(gaps)

	// A persona that gets a document whole gets no excerpt of it.
	var whole []string
	for _, it := range sup {
		if it.kind == supTarget && it.file != "" {
			whole = append(whole, it.file)
		}
	}
	base = slices.DeleteFunc(slices.Clone(base), func(it briefItem) bool { return it.file != "" && slices.Contains(whole, it.file) })

	scale := budgetScale(specTokens)
	limit := 2 * specTokens // added context never more than twice the spec
	baseItems, baseLeft := fitItems(base, min(int(BaseMaxTokens*scale), max(limit/2, 0)))
	baseT := sumTokens(baseItems)
	room := max(limit-baseT, 0)
	// One item once, under the first kind that brought it, and none the
	// base shows already.
	seenTitle := map[string]bool{}
	seenText := map[string]bool{}
	for _, it := range baseItems {
		seenText[it.text] = true
	}
	sup = slices.DeleteFunc(sup, func(it briefItem) bool {
		dup := seenTitle[it.title] || seenText[it.text]
		seenTitle[it.title] = true
		return dup
	})
	supItems, supLeft := fitItems(sup, min(int(float64(p.Budget)*scale), room))
	tpItems, tpLeft := b.fitTestsPseudo(p.TestsPseudo, room-sumTokens(supItems))
	supItems = append(supItems, tpItems...)
	supT := sumTokens(supItems)
	gaps = append(append(append(baseLeft, supLeft...), tpLeft...), gaps...)

	var w bytes.Buffer
	fmt.Fprintf(&w, "## ADVERSARY BRIEFING: %s (%s)\n\n", p.Code, p.Name)
	w.WriteString("> This briefing contains codebase context extracted for your review.\n")
	w.WriteString("> Use it to validate the spec's claims against what actually exists.\n")
	commit, branch := commitBranch(heads[0].Head)
	if heads[0].Name != "" {
		commits, branches := make([]string, len(heads)), make([]string, len(heads))
		for i, h := range heads {
			c, br := commitBranch(h.Head)
			commits[i], branches[i] = h.Name+" "+c, h.Name+" "+br
		}
		commit, branch = strings.Join(commits, ", "), strings.Join(branches, ", ")
	}
	fmt.Fprintf(&w, "> Extraction: %s | Git: %s | Branch: %s\n\n", doc.ExtractedAt.UTC().Format(time.RFC3339), commit, branch)
	w.WriteString("### Base Context\n\n")
	writeItems(&w, baseItems, "No base context: no architecture docs and no files named by the spec.")
	w.WriteString("### Your Specific Context\n\n")
	writeItems(&w, supItems, "Nothing in the repository matches what this persona examines.")
	w.WriteString("### Known Gaps\n\n")
	if len(gaps) == 0 {
		w.WriteString("None noted.\n\n")
	} else {
		for _, g := range gaps {
			w.WriteString("- " + naming.Inline(g) + "\n")
		}
		w.WriteString("\n")
	}
	w.WriteString("---\n\n## SPECIFICATION TO REVIEW\n\n")
	w.Write(src)
	var notUTF8 []string
	for _, it := range append(baseItems[:len(baseItems):len(baseItems)], supItems...) {
		file := cmp.Or(it.path, it.file)
		if file != "" && it.repo != "" {
			file = it.repo + ": " + file
		}
		if file != "" && !utf8.ValidString(it.text) && !slices.Contains(notUTF8, file) {
			notUTF8 = append(notUTF8, file)
		}
	}
	return Briefing{Profile: p, Text: w.Bytes(), Base: baseT, Supplement: supT, Spec: specTokens, Gaps: gaps, Redactions: redactedIn(baseItems) + redactedIn(supItems),
		NotUTF8: notUTF8}
}

// ours marks items as the briefer's repository's, when the briefings span
// several: its name before each title. The items are copies: a kind's
// items are collected once and shown to every adversary.
func (b *briefer) ours(items []briefItem) []briefItem {
	if b.name == "" {
		return items
	}
	out := slices.Clone(items)
	for i := range out {
		out[i].title = b.name + ": " + out[i].title
		out[i].repo = b.name
	}
	return out
}

// eachGaps puts together the gaps each briefer found, in their order: a
// gap every one of them found alike is said once, as it is; any other
// after the name of the repository whose it is.
func eachGaps(bs []*briefer, each [][]string) []string {
	if len(bs) == 1 {
		return each[0]
	}
	var out []string
	for i, gs := range each {
		for _, g := range gs {
			if !slices.ContainsFunc(each, func(o []string) bool { return !slices.Contains(o, g) }) {
				if !slices.Contains(out, g) {
					out = append(out, g)
				}
				continue
			}
			out = append(out, bs[i].name+": "+g)
		}
	}
	return out
}

// commitBranch is a HEAD's short commit and its branch, "none" for each
// outside git or with no commits.
func commitBranch(head *gitinfo.Head) (commit, branch string) {
	commit, branch = "none", "none"
	if head != nil && head.Short != "" {
		commit, branch = head.Short, head.Branch
		if head.Detached {
			branch = "detached"
		}
	}
	return commit, branch
}

func writeItems(w *bytes.Buffer, items []briefItem, none string) {
	if len(items) == 0 {
		w.WriteString(none + "\n\n")
		return
	}
	for _, it := range items {
		w.WriteString(it.render() + "\n")
	}
}

func sumTokens(items []briefItem) int {
	n := 0
	for _, it := range items {
		n += tokens(it.render())
	}
	return n
}

// fitItems keeps items in order while they fit the budget; an item that
// does not fit is cut to fewer lines ("... N more lines") when a useful
// part fits, else left out. Each cut or left out is named in left, a
// Known Gaps line: nothing goes silently.
func fitItems(items []briefItem, budget int) (out []briefItem, left []string) {
	used := 0
	for _, it := range items {
		t := tokens(it.render())
		if used+t <= budget {
			out = append(out, it)
			used += t
			continue
		}
		least := 3 // lines of code worth showing; one line of a list is
		if it.fence == "" {
			least = 1
		}
		if cut, n, total, ok := cutItem(it, least, budget-used); ok {
			out = append(out, cut)
			used += tokens(cut.render())
			left = append(left, fmt.Sprintf("cut for the budget: %s, %d of %d lines shown.", it.title, n, total))
		} else {
			left = append(left, fmt.Sprintf("left out for the budget: %s.", it.title))
		}
	}
	return out, left
}

// cutItem is it cut to its first n lines, the most of at least least and
// fewer than all that fit room tokens, with a line saying how many more
// there are. A cut's cost never falls as n grows (each line kept adds at
// least its newline; the count line loses at most one byte, a digit or a
// plural "s", never both at once), so the largest n that fits is found by
// bisection.
func cutItem(it briefItem, least, room int) (cut briefItem, n, total int, ok bool) {
	ends := lineEnds(it.text)
	total = len(ends)
	at := func(n int) briefItem {
		c := it
		c.text = it.text[:ends[n-1]] + fmt.Sprintf("\n... %d more %s", total-n, naming.Plural(total-n, "line", "lines"))
		return c
	}
	fits := func(n int) bool { return tokens(at(n).render()) <= room }
	lo, hi := least, total-1 // the answer is in [lo, hi], if any n fits
	if lo > hi || !fits(lo) {
		return briefItem{}, 0, total, false
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	cut = at(lo)
	if it.redacted > 0 && len(it.raw) == total {
		cut.redacted = redactedCount(it.path, it.raw[:lo])
	}
	return cut, lo, total, true
}

// lineEnds is the offset where each line of s ends, its newline excluded:
// s[:lineEnds(s)[n-1]] is s's first n lines.
func lineEnds(s string) []int {
	var ends []int
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			ends = append(ends, i)
		}
	}
	return append(ends, len(s))
}

func dedupe(ss []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// BundleFile is the bundle's index, BriefingBundleV1, in the output
// directory. Its lock (BundleFile with lock.Suffix) is held while a bundle
// is written: a reader holding it shared sees one bundle whole.
const BundleFile = "briefings.json"

// Write writes each briefing and BriefingBundleV1 into dir, each file
// atomically and the whole under the bundle's lock, the index last, and
// returns one summary line per adversary. Runs writing into one directory
// at once take turns, so the files left are one run's.
func Write(dir string, bs []Briefing, head *gitinfo.Head, now time.Time) ([]string, error) {
	return WriteRepos(dir, bs, []Head{{Head: head}}, now)
}

// WriteRepos is Write for briefings drawn from the repositories whose
// HEADs are given, the first's commit the bundle's.
func WriteRepos(dir string, bs []Briefing, heads []Head, now time.Time) ([]string, error) {
	head := heads[0].Head
	l, err := lock.Exclusive(filepath.Join(dir, BundleFile))
	if err != nil {
		return nil, err
	}
	defer l.Unlock()
	type entry struct {
		BaseTokens       int      `json:"base_tokens"`
		SupplementTokens int      `json:"supplement_tokens"`
		SpecTokens       int      `json:"spec_tokens"`
		TotalTokens      int      `json:"total_tokens"`
		Gaps             []string `json:"gaps"`
		Redactions       int      `json:"redactions"`
		File             string   `json:"file"`
		SHA256           string   `json:"sha256"`
	}
	type repoEntry struct {
		Name    string `json:"name"`
		GitHash string `json:"git_hash"`
	}
	bundle := struct {
		SchemaVersion int    `json:"schema_version"`
		GeneratedAt   string `json:"generated_at"`
		GitHash       string `json:"git_hash"`
		// Repos are the repositories, when the briefings span several;
		// GitHash is then the first's.
		Repos       []repoEntry      `json:"repos,omitempty"`
		Adversaries map[string]entry `json:"adversaries"`
	}{SchemaVersion: 1, GeneratedAt: now.UTC().Format(time.RFC3339), GitHash: "none", Adversaries: map[string]entry{}}
	commit := func(h *gitinfo.Head) string {
		if h != nil && h.Commit != "" {
			return h.Commit
		}
		return "none"
	}
	bundle.GitHash = commit(head)
	for _, h := range heads {
		if h.Name != "" {
			bundle.Repos = append(bundle.Repos, repoEntry{Name: h.Name, GitHash: commit(h.Head)})
		}
	}
	atomic.RemoveStale(dir, "briefing-*.md", "briefings.json")
	var lines []string
	written := map[string]bool{}
	for _, br := range bs {
		name := "briefing-" + br.Profile.Code + ".md"
		if err := atomic.WriteFile(filepath.Join(dir, name), br.Text, 0o644); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, name), err)
		}
		written[name] = true
		sum := sha256.Sum256(br.Text)
		h := hex.EncodeToString(sum[:])
		total := br.Base + br.Supplement + br.Spec
		bundle.Adversaries[br.Profile.Name] = entry{br.Base, br.Supplement, br.Spec, total, append([]string{}, br.Gaps...), br.Redactions, name, h}
		lines = append(lines, fmt.Sprintf("%-4s %-30s base %5s  supplement %5s  spec %6s  total %6s  sha256 %s",
			br.Profile.Code, br.Profile.Name, naming.Thousands(br.Base), naming.Thousands(br.Supplement), naming.Thousands(br.Spec), naming.Thousands(total), h))
	}
	// The briefings of an earlier bundle for other adversaries go: the
	// index names every briefing beside it.
	old, _ := filepath.Glob(filepath.Join(dir, "briefing-*.md"))
	for _, p := range old {
		if !written[filepath.Base(p)] {
			if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
		}
	}
	js, err := json.MarshalIndent(bundle, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := atomic.WriteFile(filepath.Join(dir, BundleFile), append(js, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, BundleFile), err)
	}
	return lines, nil
}

// readLines returns a file's lines, or nil.
func readLines(root, rel string) []string {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil || len(b) > scan.MaxFileSize {
		return nil
	}
	return fileLines(b)
}

// fileLines splits a file's content into lines.
func fileLines(b []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64*1024), scan.MaxFileSize)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// grepLines returns "path:line: code" items for the lines in files that
// match re, at most max; with code set, only what is code on the line is
// matched: comments and the text of strings (a docstring, a prompt) are
// no code. A line met in several places is one item naming them all.
func (b *briefer) grepLines(files []string, re *regexp.Regexp, max int, code bool) []string {
	return b.grepAll(files, []grepQuery{{re: re, max: max, code: code}})[0]
}

// grepQuery is one search of grepAll: grepLines' re, max and code, and
// how many of the files it reads (0: all).
type grepQuery struct {
	re    *regexp.Regexp
	max   int
	code  bool
	files int
}

// grepAll is grepLines for several searches of the same files in one
// pass: each file is read, split and stripped to its code once, for the
// searches that are not full yet and read it (a search may read the
// first files only). Each search's answer is what grepLines gives for it
// alone, of its files. The answers are kept in the cache while the files
// keep their stat data: a warm brief reads none of them again.
func (b *briefer) grepAll(files []string, qs []grepQuery) [][]string {
	var searches strings.Builder
	for _, q := range qs {
		fmt.Fprintf(&searches, "%s\x00%d %t %d\x00", q.re, q.max, q.code, q.files)
	}
	files = dedupe(files)
	key := b.ix.FilesPrint("grep\x00"+searches.String(), files)
	if key != "" {
		if lists, ok := b.ix.Kept(key, len(qs)); ok {
			return lists
		}
	}
	out := b.grepFiles(files, qs)
	if key != "" {
		b.ix.Keep(key, out)
	}
	return out
}

// grepFiles is grepAll, reading the files (deduplicated by grepAll).
func (b *briefer) grepFiles(files []string, qs []grepQuery) [][]string {
	type state struct {
		req    *literals.Required
		open   bool // reading this file
		order  []string
		places map[string][]string
	}
	st := make([]state, len(qs))
	for i, q := range qs {
		st[i] = state{req: literals.Of(q.re), places: map[string][]string{}}
	}
	for at, f := range files {
		open := false
		for i, q := range qs {
			st[i].open = len(st[i].order) < q.max && (q.files == 0 || at < q.files)
			open = open || st[i].open
		}
		if !open {
			break // (the places of the lines shown are those of the files read)
		}
		l := lang.ForPath(f)
		if l == nil || b.class(f).Secret {
			continue
		}
		src, err := os.ReadFile(filepath.Join(b.repo.Root, filepath.FromSlash(f)))
		if err != nil || len(src) > scan.MaxFileSize {
			continue
		}
		// The lines each search may match on; what is code on a line is
		// worked out from the file's start as far as the last of them.
		mays := make([]map[int]bool, len(qs))
		last := -1                        // the last line a search for code may match on, len(lines) for any
		searched := literals.NewText(src) // lowercased once for the searches that fold case
		for i, q := range qs {
			if !st[i].open {
				continue
			}
			mays[i] = st[i].req.LinesOf(searched)
			switch {
			case mays[i] != nil && len(mays[i]) == 0:
				st[i].open = false
			case q.code && mays[i] == nil:
				last = len(src)
			case q.code:
				for n := range mays[i] {
					last = max(last, n)
				}
			}
		}
		var lines, code []string
		for i, q := range qs {
			s := &st[i]
			if !s.open {
				continue
			}
			may := mays[i]
			if lines == nil {
				lines = fileLines(src)
			}
			text := lines
			if q.code {
				if code == nil {
					code = codeOnly(l, lines[:min(last+1, len(lines))])
				}
				text = code
			}
			for n, line := range lines {
				if may != nil && !may[n] || len(line) >= 300 || !q.re.MatchString(text[n]) {
					continue
				}
				t := strings.TrimSpace(line)
				if _, ok := s.places[t]; !ok {
					if len(s.order) >= q.max {
						continue
					}
					s.order = append(s.order, t)
				}
				s.places[t] = append(s.places[t], fmt.Sprintf("%s:%d", f, n+1))
			}
		}
	}
	out := make([][]string, len(qs))
	for i := range qs {
		out[i] = grepItems(st[i].order, st[i].places)
	}
	return out
}

// grepItems writes the lines a search found, in order, each with the
// places it was met.
func grepItems(order []string, places map[string][]string) []string {
	out := make([]string, len(order))
	for i, t := range order {
		first := places[t][0]
		out[i] = fmt.Sprintf("%s: %s", naming.Code(first), naming.Code(t))
		if more := places[t][1:]; len(more) > 0 {
			// Another line of the same file is written ":N".
			file := first[:strings.LastIndexByte(first, ':')]
			for j, p := range more {
				if strings.HasPrefix(p, file+":") {
					more[j] = p[len(file):]
				}
			}
			out[i] = fmt.Sprintf("%s (also %s): %s", naming.Code(first), naming.PathList(more, 3), naming.Code(t))
		}
	}
	return out
}

// redactItems redacts briefing items in place (they are built per run and
// own their text), noting the count on each.
func redactItems(items []briefItem) int {
	n := 0
	for i := range items {
		var lines []extract.Line
		for _, t := range strings.Split(items[i].text, "\n") {
			lines = append(lines, extract.Line{Text: t})
		}
		raw := strings.Split(items[i].text, "\n")
		if c := redact.Lines(items[i].path, lines); c > 0 {
			texts := make([]string, len(lines))
			for j, l := range lines {
				texts[j] = l.Text
			}
			items[i].text = strings.Join(texts, "\n")
			items[i].redacted, items[i].raw = c, raw
			n += c
		}
	}
	return n
}

// redactKey is a text to redact and the file it comes from.
type redactKey struct{ path, text string }

// redaction is a text as redacted, the number of secrets replaced, and
// its lines before (set when n is).
type redaction struct {
	text string
	n    int
	raw  []string
}

// redact is redactItems, each text redacted once a run: an item shown
// under several kinds or to several adversaries is redacted alike each
// time.
func (b *briefer) redact(items []briefItem) {
	for i := range items {
		k := redactKey{items[i].path, items[i].text}
		b.memoMu.Lock()
		r, ok := b.redactions[k]
		b.memoMu.Unlock()
		if !ok {
			one := []briefItem{{path: k.path, text: k.text}}
			redactItems(one)
			r = redaction{one[0].text, one[0].redacted, one[0].raw}
			b.memoMu.Lock()
			b.redactions[k] = r
			b.memoMu.Unlock()
		}
		if r.n > 0 {
			items[i].text, items[i].redacted, items[i].raw = r.text, r.n, r.raw
		}
	}
}

// redactedCount is how many secrets redaction replaces in lines.
func redactedCount(file string, lines []string) int {
	ls := make([]extract.Line, len(lines))
	for i, t := range lines {
		ls[i].Text = t
	}
	return redact.Lines(file, ls)
}

func redactedIn(items []briefItem) int {
	n := 0
	for _, it := range items {
		n += it.redacted
	}
	return n
}

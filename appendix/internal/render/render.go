package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/gitinfo"
)

// Document is an appendix ready to render.
type Document struct {
	Round       int
	Budget      int
	ExtractedAt time.Time
	Git         bool
	Head        *gitinfo.Head
	Dirty       []string // files shown that have uncommitted changes
	Artifacts   []*artifact.Artifact
	Gaps        []resolve.Gap
	gapsFolded  bool // gaps listed one line per kind, not one line each
	hideGaps    bool // not even the folded list fits the budget
	// DroppedCount is how many references lost their artifact to the
	// budget, and Dropped names them.
	DroppedCount int
	Dropped      []string
	// Unreadable says why a work tree in git has no provenance ("a
	// repository go-git cannot read"), or is "".
	Unreadable string
	// Reused are earlier rounds' artifacts named in one line each.
	Reused []Reuse
	// Submodules are the nested repositories not entered, and
	// SubmoduleGaps those a gap names: the note names the others, and all
	// when the gaps are listed one line per kind.
	Submodules    []string
	SubmoduleGaps map[string]bool
	// AuditGaps are the inventory's gaps_noted.
	AuditGaps []string
	NextLabel int // first free label number, after earlier rounds' labels
	// Repos are the repositories' stamps, when an appendix spans several:
	// the header has one each. Git, Head and Unreadable are the first's.
	Repos []Stamp
}

// Stamp is one repository's provenance: its name, when an appendix spans
// several, and what git says of its state.
type Stamp struct {
	Name string
	Git  bool
	Head *gitinfo.Head
	// Unreadable says why a work tree in git has no provenance, or is "".
	Unreadable string
}

// stamp is the document's own repository's provenance.
func (d *Document) stamp() Stamp {
	return Stamp{Git: d.Git, Head: d.Head, Unreadable: d.Unreadable}
}

// Provenance is the "Git: ..." part of the header: one stamp for each
// repository, after its name, when an appendix spans several.
func (d *Document) Provenance() string {
	if len(d.Repos) == 0 {
		return d.stamp().Provenance()
	}
	parts := make([]string, len(d.Repos))
	for i, s := range d.Repos {
		parts[i] = naming.Inline(s.Name) + ": " + s.Provenance()
	}
	return strings.Join(parts, " | ")
}

// Provenance is the "Git: ..." stamp of one repository.
func (s Stamp) Provenance() string {
	switch {
	case s.Unreadable != "":
		return "Git: none (" + s.Unreadable + ")"
	case !s.Git || s.Head == nil:
		return "Git: none (not a git repository)"
	case s.Head.Commit == "":
		return fmt.Sprintf("Git: none (no commits yet, branch: %s)", naming.Inline(s.Head.Branch))
	case s.Head.Detached:
		return fmt.Sprintf("Git: %s (branch: detached)", s.Head.Short)
	}
	return fmt.Sprintf("Git: %s (branch: %s)", s.Head.Short, naming.Inline(s.Head.Branch))
}

// At names what was searched, for "no definition in X".
func (d *Document) At(scope string) string {
	return d.stamp().At(scope)
}

// At names what was searched in one repository, for "no definition in X".
func (s Stamp) At(scope string) string {
	where := "the repository"
	switch {
	case s.Name != "" && scope != "":
		where = naming.Code(s.Name + ": " + scope + "/")
	case s.Name != "":
		where = naming.Code(s.Name)
	case scope != "":
		where = naming.Code(scope + "/")
	}
	if s.Git && s.Head != nil && s.Head.Short != "" {
		return where + " at " + s.Head.Short
	}
	return where + " (working tree)"
}

// Label numbers the artifacts in their current order, A1..An. An artifact
// an earlier round showed keeps its label; new ones number on after the
// earlier rounds' labels.
func (d *Document) Label() {
	next := max(d.NextLabel, 1)
	taken := map[string]bool{}
	for _, a := range d.Artifacts {
		if a.KeepLabel {
			taken[a.Label] = true
		}
	}
	for _, a := range d.Artifacts {
		if a.KeepLabel {
			continue
		}
		for taken["A"+strconv.Itoa(next)] {
			next++
		}
		a.Label = "A" + strconv.Itoa(next)
		next++
	}
	artifact.NoteAltered(d.Artifacts)
}

// Lines is the markdown's line count: the frame's lines and each
// artifact's, as they stand. Nothing is rendered but the gap lists and one
// artifact at a time.
func (d *Document) Lines() int {
	n := d.FrameLines()
	for _, a := range d.Artifacts {
		n += ArtifactLines(a)
	}
	return n
}

// headerLines is the header's fixed part: the rule, the heading, two
// lines of guidance, the timestamp and provenance, the token count.
const headerLines = 8

// FrameLines is the lines of everything but the artifacts: the header and
// its notes (references left out, uncommitted changes in shown files,
// reused artifacts) and the gap lists.
func (d *Document) FrameLines() int {
	n := headerLines + len(d.ShownDirty())
	if d.DroppedCount > 0 || d.hideGaps && len(d.Gaps)+len(d.AuditGaps) > 0 {
		n++
	}
	if len(d.Reused) > 0 {
		n += 1 + len(d.Reused)
	}
	var b strings.Builder
	d.writeGaps(&b)
	return n + strings.Count(b.String(), "\n")
}

// ArtifactLines is the lines one artifact takes in the markdown, in the
// variant it stands in: full, cut to the members the spec names, or cut
// to its signature.
func ArtifactLines(a *artifact.Artifact) int {
	var b strings.Builder
	writeArtifact(&b, a)
	return strings.Count(b.String(), "\n")
}

// Markdown renders the appendix, from its "---" line to the end: valid
// UTF-8 whatever the files shown hold.
func (d *Document) Markdown() string {
	d.Label()
	var b strings.Builder
	d.writeHeader(&b)
	for _, a := range d.Artifacts {
		writeArtifact(&b, a)
	}
	d.writeGaps(&b)
	return naming.ValidUTF8(b.String())
}

// writeHeader writes the header: headerLines lines and the notes
// FrameLines counts.
func (d *Document) writeHeader(b *strings.Builder) {
	fmt.Fprintf(b, "---\n\n## APPENDIX: Codebase Context (Round %d)\n\n", d.Round)
	b.WriteString("> This appendix contains real code artifacts extracted from the codebase.\n")
	b.WriteString("> Use these to validate the spec's claims against what actually exists.\n")
	fmt.Fprintf(b, "> Extraction timestamp: %s | %s\n", d.ExtractedAt.UTC().Format(time.RFC3339), d.Provenance())
	total, parts := 0, make([]string, 0, len(d.Artifacts))
	for _, a := range d.Artifacts {
		t := a.Tokens()
		total += t
		parts = append(parts, fmt.Sprintf("%s: %s", a.Label, naming.Thousands(t)))
	}
	if len(parts) > 0 {
		fmt.Fprintf(b, "> Context tokens: ~%s (%s)\n", naming.Thousands(total), strings.Join(parts, ", "))
	} else if len(d.Reused) > 0 {
		b.WriteString("> Context tokens: ~0 (every artifact is reused from an earlier round)\n")
	} else if d.DroppedCount == 0 {
		b.WriteString("> Context tokens: ~0 (no code artifact named by the spec was found)\n")
	} else {
		b.WriteString("> Context tokens: ~0\n")
	}
	var left []string
	if d.DroppedCount > 0 {
		names := make([]string, len(d.Dropped))
		for i, r := range d.Dropped {
			names[i] = artifact.DroppedName(r)
		}
		left = append(left, fmt.Sprintf("%s (%d %s; listed in --format json)", strings.Join(names, ", "),
			d.DroppedCount, naming.Plural(d.DroppedCount, "reference", "references")))
	}
	if d.hideGaps && len(d.Gaps) > 0 {
		// (Said, not dropped silently: stderr points to the section.)
		left = append(left, fmt.Sprintf("the Context Gaps (%d %s; listed in --format json)", len(d.Gaps), naming.Plural(len(d.Gaps), "reference", "references")))
	}
	if d.hideGaps && len(d.AuditGaps) > 0 {
		left = append(left, fmt.Sprintf("the readiness audit's gaps (%d; in the inventory)", len(d.AuditGaps)))
	}
	if len(left) > 0 {
		fmt.Fprintf(b, "> Left out to fit the %d-line budget: %s.\n", d.Budget, strings.Join(left, "; "))
	}
	for _, f := range d.ShownDirty() {
		fmt.Fprintf(b, "> WARNING: Uncommitted changes exist in %s. Extracted content may not match working state.\n", naming.Inline(f))
	}
	if len(d.Reused) > 0 {
		b.WriteByte('\n')
		for _, r := range d.Reused {
			fmt.Fprintf(b, "%s (reused from Round %d, no relevant changes)\n", r.Label, r.Round)
		}
	}
}

// writeArtifact writes one artifact's section. Every text put on one line
// (a title, a path, a note) goes through naming.Inline: nothing it holds
// can end the line.
func writeArtifact(b *strings.Builder, a *artifact.Artifact) {
	switch a.Kind {
	case extract.KindTestFiles:
		if a.Repo != "" {
			fmt.Fprintf(b, "\n### %s. %s (names only): %s\n\n", a.Label, naming.Inline(a.Title), naming.Inline(a.Repo))
			break
		}
		fmt.Fprintf(b, "\n### %s. %s (names only)\n\n", a.Label, naming.Inline(a.Title))
	case extract.KindIndex:
		fmt.Fprintf(b, "\n### %s. %s: %s\n\n", a.Label, naming.Inline(a.Title), a.IndexNote())
	default:
		title := naming.Inline(a.Title)
		if o := a.Owner(); o != "" {
			// A method or constant is its owner's; a type is nested in it.
			of := " of "
			if a.Kind != extract.KindFunction && a.Kind != extract.KindMethod && a.Kind != extract.KindConstant {
				of = " in "
			}
			title += of + naming.Code(o)
		}
		fmt.Fprintf(b, "\n### %s. %s: %s (%s)\n\n", a.Label, title, naming.Inline(a.Where()), a.LineRange())
	}
	for _, n := range a.Notes {
		fmt.Fprintf(b, "> %s\n", naming.Inline(n))
	}
	if len(a.Notes) > 0 {
		b.WriteByte('\n')
	}
	if a.ContextFile != "" {
		b.WriteString(naming.Inline(a.Pointer()) + "\n")
		if a.PointerOnly {
			return
		}
		b.WriteByte('\n')
	}
	fence := "```"
	for strings.Contains(a.Text(), fence) {
		fence += "`"
	}
	fmt.Fprintf(b, "%s%s\n%s\n%s\n", fence, a.Lang.Fence, a.Text(), fence)
}

// writeGaps writes the gap lists, each line's texts through naming.Inline
// and its names as code spans (naming.Code).
func (d *Document) writeGaps(b *strings.Builder) {
	subs := d.Submodules
	if !d.gapsFolded {
		subs = nil
		for _, s := range d.Submodules {
			if !d.SubmoduleGaps[s] {
				subs = append(subs, s)
			}
		}
	}
	if (len(d.Gaps) > 0 || len(subs) > 0) && !d.hideGaps {
		b.WriteString("\n### Context Gaps\n\n")
		if d.gapsFolded {
			writeFoldedGaps(b, d.Gaps)
			if len(d.Repos) > 0 && len(d.Gaps) > 0 {
				// The folded lines drop each gap's hint, which named them.
				ats := make([]string, len(d.Repos))
				for i, s := range d.Repos {
					ats[i] = s.At("")
				}
				fmt.Fprintf(b, "- Searched: %s (a reference qualified by a repository's name, in that one only)\n", strings.Join(ats, ", "))
			}
		}
		for _, g := range d.Gaps {
			if d.gapsFolded {
				break
			}
			if g.SpecLine == 0 {
				fmt.Fprintf(b, "- %s: %s\n", naming.Inline(naming.Capitalize(g.Ref)), naming.Inline(g.Hint)) // "Tests: ..."
				continue
			}
			fmt.Fprintf(b, "- %s (spec line %d): %s\n", naming.Code(g.Shown()), g.SpecLine, naming.Inline(g.Hint))
		}
		for i, s := range subs {
			if i == maxSubmoduleGaps && len(subs) > maxSubmoduleGaps+1 {
				fmt.Fprintf(b, "- ... and %d more submodules, not entered (listed in --format json)\n", len(subs)-i)
				break
			}
			fmt.Fprintf(b, "- %s: git submodule (a nested repository), not entered: nothing inside it is searched\n", naming.Code(s))
		}
	}
	if len(d.AuditGaps) > 0 && !d.hideGaps {
		b.WriteString("\n### Context Gaps (from audit)\n\n")
		for _, g := range d.AuditGaps {
			fmt.Fprintf(b, "- %s\n", naming.Inline(g))
		}
	}
}

// gapKindLines say, for a folded gap list, what each kind of gap claims.
var gapKindLines = map[resolve.GapKind]string{
	resolve.GapAbsent:       "no definition found",
	resolve.GapNew:          "new in this spec, not in the code yet",
	resolve.GapNoMember:     "the type exists and declares no such member",
	resolve.GapPathMissing:  "no file or directory at the path",
	resolve.GapRouteMissing: "no route registration found",
	resolve.GapOtherMethod:  "the path is registered for other methods only",
	resolve.GapUnparsed:     "in code this tool does not parse (a syntax error, generated code, a language, SQL or a router it does not read)",
	resolve.GapNoTests:      "no test file covers the code shown",
	resolve.GapNotSearched:  "inside a git submodule, not searched",
	resolve.GapDrift:        "not where the spec places it",
	resolve.GapNested:       "declared only inside another definition",
	resolve.GapFileOnly:     "a file that exists, nothing from it shown",
	resolve.GapAmbiguous:    "not resolved to one definition: defined in several places the spec does not choose between, or a member or variable the search does not follow to its type",
	resolve.GapKey:          "a string key or value in the code, not a declared name",
}

// writeFoldedGaps lists the gaps one line per kind, in the order the kinds
// first occur: every name stays, with its spec line.
func writeFoldedGaps(b *strings.Builder, gaps []resolve.Gap) {
	var kinds []resolve.GapKind
	byKind := map[resolve.GapKind][]string{}
	for _, g := range gaps {
		kind := g.Kind
		if g.Proposed {
			kind = resolve.GapNew // a member the spec adds to a type that exists: new, not missing
		}
		if _, ok := byKind[kind]; !ok {
			kinds = append(kinds, kind)
		}
		name := naming.Code(g.Shown())
		if g.SpecLine > 0 {
			name += fmt.Sprintf(" (%d)", g.SpecLine)
		}
		byKind[kind] = append(byKind[kind], name)
	}
	for _, k := range kinds {
		what := gapKindLines[k]
		if what == "" {
			what = string(k)
		}
		fmt.Fprintf(b, "- %s: %s\n", naming.Capitalize(what), strings.Join(byKind[k], ", "))
	}
}

// ShownDirty lists the dirty files that an artifact still shows; with
// several repositories, each after its repository's name, as the
// artifacts name them.
func (d *Document) ShownDirty() []string {
	var out []string
	for _, f := range d.Dirty {
		for _, a := range d.Artifacts {
			if a.Where() == f {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// Reuse is an artifact an earlier round showed whose file has not changed:
// it is named in one line, not shown again.
type Reuse struct {
	Label    string   `json:"label"`
	Round    int      `json:"round"`
	Repo     string   `json:"repo,omitempty"` // the repository's name, when an appendix spans several
	Path     string   `json:"path"`
	Symbols  []string `json:"symbols"`
	Body     bool     `json:"body,omitempty"` // a body shown whole (--body)
	TextHash string
}

// maxSubmoduleGaps is how many submodules the markdown names one by one.
const maxSubmoduleGaps = 5

// CapGaps folds the gap list to one line per kind when one line each
// would take more than a quarter of the budget: the gaps can never crowd
// out the artifacts, and every name stays.
func (d *Document) CapGaps() {
	d.gapsFolded = len(d.Gaps) > max(1, d.Budget/4-3)
}

// FoldGaps lists the gaps one line per kind, to free lines for artifacts.
// It reports whether that changed anything.
func (d *Document) FoldGaps() bool {
	kinds := map[resolve.GapKind]bool{}
	for _, g := range d.Gaps {
		kinds[g.Kind] = true
	}
	if d.gapsFolded || len(kinds) == len(d.Gaps) {
		return false
	}
	d.gapsFolded = true
	return true
}

// SetAside takes the gaps of kind k out of the list, for GiveBack: what
// they say is worth a line only when the artifacts leave one.
func (d *Document) SetAside(k resolve.GapKind) []resolve.Gap {
	var aside, kept []resolve.Gap
	for _, g := range d.Gaps {
		if g.Kind == k {
			aside = append(aside, g)
		} else {
			kept = append(kept, g)
		}
	}
	if len(aside) > 0 {
		d.Gaps = kept
	}
	return aside
}

// GiveBack lists gaps set aside again, in spec order, when the document
// stays within its budget with them.
func (d *Document) GiveBack(gs []resolve.Gap) {
	if len(gs) == 0 || d.hideGaps {
		return
	}
	before := d.Gaps
	d.Gaps = append(slices.Clone(before), gs...)
	resolve.SortGaps(d.Gaps)
	if d.Lines() > d.Budget {
		d.Gaps = before
	}
}

// HideGaps leaves the gap list out of the markdown, for a budget that
// cannot hold even its count; JSON and stderr still carry every gap.
func (d *Document) HideGaps() { d.hideGaps = true }

// GapsShown reports whether the markdown lists the gaps: not when even
// their folded list did not fit the budget.
func (d *Document) GapsShown() bool { return !d.hideGaps }

package budget

import (
	"slices"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/render"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/extract"
)

// Fit makes the rendered appendix fit doc.Budget lines. A body asked for
// with --body, first in priority, is cut to half the budget whatever room
// is left, and no trim below touches it. With the artifacts already in
// priority order, it drops the architecture excerpt first (the
// types and signatures tell the story), then trims signatures to their
// declaring lines, then cuts types to the members the spec mentions,
// enums to the values it names, and last types to their declaring line,
// lowest priority first; then it folds the gap list to one line per kind.
// Only then do artifacts give way, and not to nothing: an artifact of one
// line joins the signature index (one line per definition, with its path
// and line) first, since its index line says as much; one artifact that
// would take more than half the room is cut to its head; and then the
// lowest-priority artifacts join the index. The index itself gives up
// lines only when even it does not fit. Last, lines left over go back to
// the trimmed artifacts, highest priority first, then to indexed artifacts
// shown again, then to index lines for the named definitions a trim cut
// out of a shown artifact and for the other definitions of names whose
// chosen one is shown. A dropped test-file list comes back before any
// trim is undone, other dropped artifacts after the indexed ones; but a
// central artifact still cut to its declaring line takes the list's lines
// when that gives it its text back (see displaceTests). A gap that says
// only that a file the spec names exists comes back after all of that,
// when its line is still free, and then the definitions of modules the
// spec names (more) take what is left.
// Every decision reads the line cost render reports
// for the artifact in its new variant; nothing is rendered whole. It
// returns the references left out altogether.
//
// more, when set, gives the index entries that come after the rivals (the
// definitions of modules the spec names), asked for only when lines are
// left for them: they are costly to find.
func Fit(doc *render.Document, words map[string]bool, rivals []artifact.Entry, more func() []artifact.Entry) []artifact.Selection {
	aside := doc.SetAside(resolve.GapFileOnly)
	doc.CapGaps()
	for _, a := range doc.Artifacts {
		a.Snapshot()
	}
	s := newSheet(doc)
	dropped := s.shrink(words, rivals)
	back := s.restore()
	dropped = append(dropped, s.displaceTests()...)
	s.fill(rivals)
	doc.GiveBack(aside)
	s.frame = doc.FrameLines()
	s.fillMore(more)
	return slices.DeleteFunc(dropped, func(sel artifact.Selection) bool { return slices.Contains(back, sel) })
}

// shrink gives way, step by step in the order Fit describes, until the
// document fits, and returns the references of the artifacts dropped.
func (s *sheet) shrink(words map[string]bool, rivals []artifact.Entry) []artifact.Selection {
	doc := s.doc
	var dropped []artifact.Selection
	// A body asked for takes at most half the budget: past that it is cut
	// to its head, the lines that name the spec's names and its last line.
	// The notes the cut adds take lines too, so it is cut again, shorter,
	// until it fits.
	for _, a := range doc.Artifacts {
		for n := len(a.Lines) - (s.cost[a] - doc.Budget/2); a.Body && s.cost[a] > doc.Budget/2; n-- {
			if !s.apply(a, func(a *artifact.Artifact) bool { return artifact.CutBody(a, n) }) {
				break
			}
		}
	}
	// The other implementations of a central method (each driver's
	// Executor.JobGetStuck) rank with its artifact, not after every other.
	for i, a := range doc.Artifacts {
		if a.Salience < centralSalience {
			continue
		}
		for _, e := range rivals {
			if e.Parallel() && slices.ContainsFunc(a.SelectedBy, func(sel artifact.Selection) bool { return sel.Ref == e.Ref }) && !s.shown(e) {
				s.addEntries(artifact.Ranked([]artifact.Entry{e}, i))
			}
		}
	}
	if s.fits() {
		return dropped
	}
	for i := len(doc.Artifacts) - 1; i >= 0 && !s.fits(); i-- {
		if a := doc.Artifacts[i]; a.Kind == extract.KindArchitecture {
			dropped = append(dropped, s.drop(i)...)
		}
	}
	if s.fits() {
		return dropped
	}
	trims := []func(a *artifact.Artifact) bool{
		artifact.TrimSignature,
		func(a *artifact.Artifact) bool { return artifact.TrimFields(a, words, false) },
		// Enums keep every value while anything else can give way.
		func(a *artifact.Artifact) bool { return artifact.TrimFields(a, words, true) },
		// Then a type keeps only its declaring line and the members the
		// spec names, one line each.
		func(a *artifact.Artifact) bool { return artifact.TrimToNamed(a, words) },
		// Last, a type keeps only its declaring line: one line where
		// the spec can still see it exists, rather than no line at all.
		artifact.TrimToDeclaration,
	}
	for _, trim := range trims {
		for i := len(doc.Artifacts) - 1; i >= 0; i-- {
			if !doc.Artifacts[i].Body && s.apply(doc.Artifacts[i], trim) && s.fits() {
				return dropped
			}
		}
	}
	// The gaps give way before any artifact does: one line per kind,
	// every name kept.
	if doc.FoldGaps() {
		s.frame = doc.FrameLines()
	}
	// An artifact of one line says no more than its index line.
	for i := len(doc.Artifacts) - 1; i >= 0 && !s.fits(); i-- {
		if a := doc.Artifacts[i]; indexable(a) && len(a.Lines) == 1 && len(a.Notes) == 0 {
			s.demote(i)
		}
	}
	// No artifact takes more than half the room: one that would is cut to
	// its head, so that the others are not all moved to the index for it.
	for _, a := range doc.Artifacts {
		if s.fits() {
			break
		}
		half := (doc.Budget - s.frame) / 2
		if over := s.cost[a] - half; over > 0 && a.Kind != extract.KindIndex && !a.Body {
			s.apply(a, func(a *artifact.Artifact) bool { return artifact.CutLines(a, len(a.Lines)-over-1) })
		}
	}
	for !s.fits() {
		i := len(doc.Artifacts) - 1
		if i >= 0 && doc.Artifacts[i] == s.index {
			i--
		}
		if i < 0 {
			break
		}
		if indexable(doc.Artifacts[i]) {
			s.demote(i)
		} else {
			dropped = append(dropped, s.drop(i)...)
		}
	}
	for s.index != nil && len(s.index.Entries()) > 0 && !s.fits() {
		e := s.index.DropEntry()
		s.remeasure(s.index)
		dropped = append(dropped, artifact.Selection{Ref: e.Ref, SpecLine: e.SpecLine})
		doc.DroppedCount++
		doc.Dropped = append(doc.Dropped, e.Ref)
		if len(s.index.Entries()) == 0 {
			s.dropIndex()
		}
		s.frame = doc.FrameLines()
	}
	for len(doc.Artifacts) > 0 && !s.fits() {
		dropped = append(dropped, s.drop(len(doc.Artifacts)-1)...)
	}
	if !s.fits() {
		doc.HideGaps() // the gaps stay in JSON and on stderr
	}
	return dropped
}

// centralSalience is the salience from which an artifact's parallel
// implementations rank with it.
const centralSalience = 1

// indexable reports an artifact whose definitions the index can list: a
// definition found only in a test file, shown last for a name the code
// does not define, gives way altogether, unless it is a type of a library
// for writing tests (`Fixture` of a test-utils crate): a helper function
// there is often a stand-in for an option or a type of the code
// (`queryKey()` for the `queryKey` option), its types seldom.
func indexable(a *artifact.Artifact) bool {
	switch a.Kind {
	case extract.KindArchitecture, extract.KindTestFiles, extract.KindIndex:
		return false
	}
	if scan.TestFile(a.Path) && !(scan.TestLibrary(a.Path) && naming.TypeKind(a.Kind)) {
		return false
	}
	return a.ContextFile == "" && !a.Body && len(artifact.IndexEntries(a, "")) > 0
}

// sheet keeps the document's line count as the frame's lines plus each
// artifact's, updated from one artifact's cost at a time.
type sheet struct {
	doc   *render.Document
	frame int                        // lines outside the artifacts
	arts  int                        // lines of the artifacts, as they stand
	cost  map[*artifact.Artifact]int // each artifact's lines, as they stand
	index *artifact.Artifact         // the signature index, once it holds a line
	// demoted are the artifacts moved to the index, in the order they
	// were: the last is the most important.
	demoted []demotion
	// dropped are the artifacts left out, in the order they were; order
	// is each artifact's place in the priority order.
	dropped []*artifact.Artifact
	order   map[*artifact.Artifact]int
}

// demotion is an artifact moved to the index and the lines that stand for it.
type demotion struct {
	a       *artifact.Artifact
	entries []artifact.Entry
}

func newSheet(doc *render.Document) *sheet {
	s := &sheet{doc: doc, frame: doc.FrameLines(), cost: map[*artifact.Artifact]int{}, order: map[*artifact.Artifact]int{}}
	for i, a := range doc.Artifacts {
		s.order[a] = i
		c := render.ArtifactLines(a)
		s.cost[a] = c
		s.arts += c
	}
	return s
}

func (s *sheet) lines() int { return s.frame + s.arts }

func (s *sheet) fits() bool { return s.lines() <= s.doc.Budget }

// remeasure takes an artifact's cost again after it changed.
func (s *sheet) remeasure(a *artifact.Artifact) {
	c := render.ArtifactLines(a)
	s.arts += c - s.cost[a]
	s.cost[a] = c
}

// apply trims one artifact and reports whether the trim changed it.
func (s *sheet) apply(a *artifact.Artifact, trim func(*artifact.Artifact) bool) bool {
	if !trim(a) {
		return false
	}
	s.remeasure(a)
	return true
}

// drop removes the artifact at i; the frame changes with it (the count of
// references left out, the uncommitted-change notes of shown files).
func (s *sheet) drop(i int) []artifact.Selection {
	doc := s.doc
	a := s.remove(i)
	if a == s.index {
		s.index = nil
	}
	doc.DroppedCount += len(a.SelectedBy)
	for _, sel := range a.SelectedBy {
		doc.Dropped = append(doc.Dropped, sel.Ref)
	}
	s.frame = doc.FrameLines()
	if a.Kind != extract.KindIndex {
		s.dropped = append(s.dropped, a)
	}
	return a.SelectedBy
}

// undrop brings the dropped artifacts that only accepts back, most
// important first, as they were trimmed, at their place in the priority
// order, while they fit, and returns the references they stand for.
func (s *sheet) undrop(only func(*artifact.Artifact) bool) []artifact.Selection {
	var back []artifact.Selection
	slices.SortStableFunc(s.dropped, func(a, b *artifact.Artifact) int { return s.order[a] - s.order[b] })
	kept := s.dropped[:0]
	for _, a := range s.dropped {
		if !only(a) {
			kept = append(kept, a)
			continue
		}
		at := len(s.doc.Artifacts)
		for i, o := range s.doc.Artifacts {
			if o == s.index || s.order[o] > s.order[a] {
				at = i
				break
			}
		}
		s.doc.Artifacts = slices.Insert(s.doc.Artifacts, at, a)
		s.cost[a] = 0
		s.remeasure(a)
		listed, count := slices.Clone(s.doc.Dropped), s.doc.DroppedCount
		s.unlist(a)
		if !s.fits() {
			s.doc.Dropped, s.doc.DroppedCount = listed, count
			s.frame = s.doc.FrameLines()
			s.remove(slices.Index(s.doc.Artifacts, a))
			kept = append(kept, a)
			continue
		}
		back = append(back, a.SelectedBy...)
	}
	s.dropped = kept
	return back
}

// unlist takes a's references off the document's list of those left out.
func (s *sheet) unlist(a *artifact.Artifact) {
	doc := s.doc
	doc.DroppedCount -= len(a.SelectedBy)
	for _, sel := range a.SelectedBy {
		if i := slices.Index(doc.Dropped, sel.Ref); i >= 0 {
			doc.Dropped = slices.Delete(doc.Dropped, i, i+1)
		}
	}
	s.frame = doc.FrameLines()
}

// remove takes the artifact at i out of the document and the sheet.
func (s *sheet) remove(i int) *artifact.Artifact {
	doc := s.doc
	a := doc.Artifacts[i]
	doc.Artifacts = append(doc.Artifacts[:i:i], doc.Artifacts[i+1:]...)
	s.arts -= s.cost[a]
	delete(s.cost, a)
	return a
}

// dropIndex removes the index once it lists nothing.
func (s *sheet) dropIndex() {
	if i := slices.Index(s.doc.Artifacts, s.index); i >= 0 {
		s.remove(i)
	}
	s.index = nil
}

// addEntries lists entries in the index, which joins the document, last,
// with its first line. It reports how many were new.
func (s *sheet) addEntries(es []artifact.Entry) int {
	if s.index == nil {
		s.index = artifact.NewIndex()
		s.doc.Artifacts = append(s.doc.Artifacts, s.index)
		s.cost[s.index] = 0
	}
	n := s.index.AddEntries(es)
	s.remeasure(s.index)
	return n
}

// demote moves the artifact at i to the index: one line per definition it
// holds, ranked by its place in the priority order.
func (s *sheet) demote(i int) {
	a := s.remove(i)
	es := artifact.Ranked(artifact.IndexEntries(a, artifact.ReasonBudget), i)
	s.addEntries(es)
	s.demoted = append(s.demoted, demotion{a, es})
	s.frame = s.doc.FrameLines()
}

// restore brings back, while the budget has room, first the list of test
// files left out (the spec's testing strategy is checked against it; no
// lines go to a longer variant of another artifact while it is out), then
// gives trimmed artifacts back their full text, highest priority first:
// the trims ran lowest priority first and could not know how much later
// trims and drops would free. Then artifacts moved to the index come
// back, most important first, as they were trimmed, while they fit, and
// last any other artifact left out (a definition found only in a test
// file). It returns the references of the artifacts brought back.
func (s *sheet) restore() []artifact.Selection {
	s.frame = s.doc.FrameLines() // the gap lists may have been hidden
	back := s.undrop(func(a *artifact.Artifact) bool { return a.Kind == extract.KindTestFiles })
	s.untrim()
	for len(s.demoted) > 0 {
		d := s.demoted[len(s.demoted)-1]
		if s.index == nil || !s.index.HasEntries(d.entries) {
			break // its lines gave way too: the reference is left out
		}
		// Back before the index, which stays last.
		s.doc.Artifacts = slices.Insert(s.doc.Artifacts, len(s.doc.Artifacts)-1, d.a)
		s.cost[d.a] = 0
		s.remeasure(d.a)
		s.index.RemoveEntries(d.entries)
		s.remeasure(s.index)
		if len(s.index.Entries()) == 0 {
			s.dropIndex()
		}
		s.frame = s.doc.FrameLines()
		if !s.fits() {
			s.remove(slices.Index(s.doc.Artifacts, d.a))
			s.addEntries(d.entries)
			s.frame = s.doc.FrameLines()
			break
		}
		s.demoted = s.demoted[:len(s.demoted)-1]
	}
	s.untrim()
	return append(back, s.undrop(func(*artifact.Artifact) bool { return true })...)
}

// displaceTests gives a central artifact (of salience centralSalience or
// more, not in a test file) still cut to its declaring line its full text
// when dropping a test-file list ranked below it makes the room, and the
// artifact gains at least half the lines the list gives up: the
// definition the spec is about comes before the names of the tests around
// it. The lines left over go back to the other trims. It returns the
// references of the list, if dropped.
func (s *sheet) displaceTests() []artifact.Selection {
	ti := slices.IndexFunc(s.doc.Artifacts, func(a *artifact.Artifact) bool { return a.Kind == extract.KindTestFiles })
	for i := 0; i < ti; i++ {
		a := s.doc.Artifacts[i]
		if a.Salience < centralSalience || a.Truncated != "declaration" || scan.TestFile(a.Path) {
			continue
		}
		before := s.cost[a]
		undo, ok := a.Untrim()
		if !ok {
			continue
		}
		s.remeasure(a)
		if s.fits() {
			continue
		}
		if 2*(s.cost[a]-before) < s.cost[s.doc.Artifacts[ti]] {
			undo() // a few lines more are not worth the list
			s.remeasure(a)
			continue
		}
		dropped := s.drop(ti)
		if s.fits() {
			s.untrim()
			return dropped
		}
		undo()
		s.remeasure(a)
		s.undrop(func(a *artifact.Artifact) bool { return a.Kind == extract.KindTestFiles })
		return nil
	}
	return nil
}

// fill spends lines left over on index lines: first the definitions a
// trim cut out of the artifact that holds them, then the other
// definitions of names whose chosen one is shown. Each costs one line;
// the index's first costs its frame too.
func (s *sheet) fill(rivals []artifact.Entry) {
	var es []artifact.Entry
	for i, a := range s.doc.Artifacts {
		es = append(es, artifact.Ranked(artifact.CutEntries(a), i)...)
	}
	es = append(es, artifact.Ranked(rivals, len(s.doc.Artifacts))...)
	s.fillWith(es)
}

// fillMore adds the entries more gives, while they fit, asking for them
// only when one can: an entry of its own group takes a line and the
// group's heading, and an index not there yet its frame too.
func (s *sheet) fillMore(more func() []artifact.Entry) {
	need := 2
	if s.index == nil {
		need = 7
	}
	if more != nil && s.doc.Budget-s.lines() >= need {
		s.fillWith(artifact.Ranked(more(), len(s.doc.Artifacts)))
	}
}

// fillWith adds each entry to the index while it fits.
func (s *sheet) fillWith(es []artifact.Entry) {
	for _, e := range es {
		if s.shown(e) {
			continue
		}
		had := s.index != nil
		if s.addEntries([]artifact.Entry{e}) == 0 {
			continue
		}
		if !s.fits() {
			s.index.RemoveEntries([]artifact.Entry{e})
			s.remeasure(s.index)
			if !had {
				s.dropIndex()
			}
		}
	}
}

// shown reports an entry whose declaring line an artifact shows.
func (s *sheet) shown(e artifact.Entry) bool {
	for _, a := range s.doc.Artifacts {
		if a.Repo != e.Repo || a.Path != e.Path || a.Kind == extract.KindIndex || e.Line < a.StartLine || e.Line > a.EndLine {
			continue
		}
		for _, l := range a.Lines {
			if l.Row == e.Line {
				return true
			}
		}
	}
	return false
}

// untrim gives trimmed artifacts back their full text, highest priority
// first, where it fits.
func (s *sheet) untrim() {
	for _, a := range s.doc.Artifacts {
		undo, ok := a.Untrim()
		if !ok {
			continue
		}
		s.remeasure(a)
		if !s.fits() {
			undo()
			s.remeasure(a)
		}
	}
}

package budget

import (
	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/render"
	"github.com/appendix-dev/appendix/extract"
)

// Fit makes the rendered appendix fit doc.Budget lines. With the artifacts
// already in priority order, it drops the architecture excerpt first (the
// types and signatures tell the story), then trims signatures to their
// declaring lines, then cuts types to the members the spec mentions,
// enums to the values it names, and last types to their declaring line,
// lowest priority first; then it
// folds the gap list to one line per kind; only then does it drop the
// lowest-priority artifacts. Every decision reads the
// line cost render reports for the artifact in its new variant; nothing
// is rendered whole. It returns the dropped artifacts.
func Fit(doc *render.Document, words map[string]bool) []*artifact.Artifact {
	doc.CapGaps()
	for _, a := range doc.Artifacts {
		a.Snapshot()
	}
	s := newSheet(doc)
	var dropped []*artifact.Artifact
	defer s.restore()
	if s.fits() {
		return dropped
	}
	for i := len(doc.Artifacts) - 1; i >= 0 && !s.fits(); i-- {
		if a := doc.Artifacts[i]; a.Kind == extract.KindArchitecture {
			dropped = append(dropped, s.drop(i))
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
		// Last, a type keeps only its declaring line: one line where
		// the spec can still see it exists, rather than no line at all.
		artifact.TrimToDeclaration,
	}
	for _, trim := range trims {
		for i := len(doc.Artifacts) - 1; i >= 0; i-- {
			if s.apply(doc.Artifacts[i], trim) && s.fits() {
				return dropped
			}
		}
	}
	// The gaps give way before any artifact does: one line per kind,
	// every name kept.
	if doc.FoldGaps() {
		s.frame = doc.FrameLines()
	}
	// No artifact takes more than half the room: one that would is cut to
	// its head, so that the others are not all dropped for it.
	for _, a := range doc.Artifacts {
		if s.fits() {
			break
		}
		half := (doc.Budget - s.frame) / 2
		if over := s.cost[a] - half; over > 0 {
			s.apply(a, func(a *artifact.Artifact) bool { return artifact.CutLines(a, len(a.Lines)-over-1) })
		}
	}
	for len(doc.Artifacts) > 0 && !s.fits() {
		dropped = append(dropped, s.drop(len(doc.Artifacts)-1))
	}
	if !s.fits() {
		doc.HideGaps() // the gaps stay in JSON and on stderr
	}
	return dropped
}

// sheet keeps the document's line count as the frame's lines plus each
// artifact's, updated from one artifact's cost at a time.
type sheet struct {
	doc   *render.Document
	frame int                        // lines outside the artifacts
	arts  int                        // lines of the artifacts, as they stand
	cost  map[*artifact.Artifact]int // each artifact's lines, as they stand
}

func newSheet(doc *render.Document) *sheet {
	s := &sheet{doc: doc, frame: doc.FrameLines(), cost: map[*artifact.Artifact]int{}}
	for _, a := range doc.Artifacts {
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
func (s *sheet) drop(i int) *artifact.Artifact {
	doc := s.doc
	a := doc.Artifacts[i]
	doc.DroppedCount += len(a.SelectedBy)
	for _, sel := range a.SelectedBy {
		doc.Dropped = append(doc.Dropped, sel.Ref)
	}
	doc.Artifacts = append(doc.Artifacts[:i:i], doc.Artifacts[i+1:]...)
	s.arts -= s.cost[a]
	delete(s.cost, a)
	s.frame = doc.FrameLines()
	return a
}

// restore gives trimmed artifacts back their full text, highest priority
// first, wherever the budget still has room: the trims ran lowest priority
// first and could not know how much later trims and drops would free.
func (s *sheet) restore() {
	s.frame = s.doc.FrameLines() // the gap lists may have been hidden
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

package budget

import (
	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/render"
	"github.com/appendix-dev/appendix/extract"
)

// Fit makes the rendered appendix fit doc.Budget lines, as protocol
// section 5 orders it: with artifacts already in priority order, trim
// signatures to their first line, then cut types to the fields the spec
// mentions, lowest priority first, then drop the lowest-priority artifacts.
// It returns the dropped artifacts.
func Fit(doc *render.Document, words map[string]bool) []*artifact.Artifact {
	doc.CapGaps()
	for _, a := range doc.Artifacts {
		a.Snapshot()
	}
	var dropped []*artifact.Artifact
	defer func() { restore(doc) }()
	if doc.Lines() <= doc.Budget {
		return dropped
	}
	// The architecture excerpt is the first thing to go (protocol section
	// 5, step 4; the types and signatures tell the story).
	for i := len(doc.Artifacts) - 1; i >= 0 && doc.Lines() > doc.Budget; i-- {
		if a := doc.Artifacts[i]; a.Kind == extract.KindArchitecture {
			dropped = append(dropped, a)
			doc.DroppedCount += len(a.SelectedBy)
			doc.Artifacts = append(doc.Artifacts[:i:i], doc.Artifacts[i+1:]...)
		}
	}
	if doc.Lines() <= doc.Budget {
		return dropped
	}
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if artifact.TrimSignature(doc.Artifacts[i]) && doc.Lines() <= doc.Budget {
			return dropped
		}
	}
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if artifact.TrimFields(doc.Artifacts[i], words, false) && doc.Lines() <= doc.Budget {
			return dropped
		}
	}
	// Enums keep every value while anything else can give way; before an
	// enum is dropped, it is cut to the values the spec names.
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if artifact.TrimFields(doc.Artifacts[i], words, true) && doc.Lines() <= doc.Budget {
			return dropped
		}
	}
	for len(doc.Artifacts) > 0 && doc.Lines() > doc.Budget {
		n := len(doc.Artifacts) - 1
		dropped = append(dropped, doc.Artifacts[n])
		doc.DroppedCount += len(doc.Artifacts[n].SelectedBy)
		doc.Artifacts = doc.Artifacts[:n]
	}
	if doc.Lines() > doc.Budget {
		doc.HideGaps() // the gaps stay in JSON and on stderr
	}
	return dropped
}

// restore gives trimmed artifacts back their full text, highest priority
// first, wherever the budget still has room: the trims ran lowest priority
// first and could not know how much later trims and drops would free.
func restore(doc *render.Document) {
	for _, a := range doc.Artifacts {
		if undo, ok := a.Untrim(); ok && doc.Lines() > doc.Budget {
			undo()
		}
	}
}

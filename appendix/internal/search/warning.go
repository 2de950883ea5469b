package search

import "github.com/appendix-dev/appendix/appendix/internal/naming"

// WarningKind names what a warning is about.
type WarningKind string

// The kinds of warning: what was not read, and so what the appendix may
// lack.
const (
	WarnFile       WarningKind = "file"        // a file that could not be read or extracted
	WarnCache      WarningKind = "cache"       // the extraction cache could not be written, or was damaged and rebuilt
	WarnDirtyCheck WarningKind = "dirty-check" // uncommitted changes could not be checked
	WarnIndex      WarningKind = "index"       // git's index could not be read
	WarnRepository WarningKind = "repository"  // git information is missing although there is a .git
	WarnNotGit     WarningKind = "not-git"     // the directory is in no git repository
	WarnInventory  WarningKind = "inventory"   // the inventory or round history could not be used
	WarnNotParsed  WarningKind = "not-parsed"  // source files no parser reads: their names are found by text only
)

// Warning is a finding that does not stop the run: one line on stderr.
type Warning struct {
	Kind WarningKind `json:"kind"`
	Path string      `json:"path,omitempty"` // the file it is about, when one
	Msg  string      `json:"message"`
}

// String is the warning's line: the path first, when it has one, each
// through naming.Inline, so that neither can end the line.
func (w Warning) String() string {
	if w.Path != "" {
		return naming.Inline(w.Path) + ": " + naming.Inline(w.Msg)
	}
	return naming.Inline(w.Msg)
}

func fileWarning(path, msg string) *Warning { return &Warning{Kind: WarnFile, Path: path, Msg: msg} }

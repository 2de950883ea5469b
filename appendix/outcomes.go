package appendix

import (
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/search"
)

// Warning is a finding that does not stop the run.
type Warning = search.Warning

// The kinds of warning.
const (
	WarnFile       = search.WarnFile
	WarnCache      = search.WarnCache
	WarnDirtyCheck = search.WarnDirtyCheck
	WarnIndex      = search.WarnIndex
	WarnRepository = search.WarnRepository
	WarnNotGit     = search.WarnNotGit
	WarnInventory  = search.WarnInventory
	WarnNotParsed  = search.WarnNotParsed
	// WarnBody is a body asked for with --body that the appendix leaves
	// out: a test's.
	WarnBody search.WarningKind = "body"
)

// Gap is a reference the appendix shows no definition for, with what the
// gap claims (Kind) and how that was established (Hint).
type Gap = resolve.Gap

// GapKind says what a gap claims: see the constants.
type GapKind = resolve.GapKind

// The kinds of gap.
const (
	GapAbsent       = resolve.GapAbsent
	GapNew          = resolve.GapNew
	GapNoMember     = resolve.GapNoMember
	GapPathMissing  = resolve.GapPathMissing
	GapRouteMissing = resolve.GapRouteMissing
	GapOtherMethod  = resolve.GapOtherMethod
	GapUnparsed     = resolve.GapUnparsed
	GapExternal     = resolve.GapExternal
	GapNoTests      = resolve.GapNoTests
	GapNotSearched  = resolve.GapNotSearched
	GapKey          = resolve.GapKey
	GapFileOnly     = resolve.GapFileOnly
)

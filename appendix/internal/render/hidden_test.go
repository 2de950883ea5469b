package render

import (
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/resolve"
)

// TestHiddenGapsSaid: when the budget hides the gap list, the header's
// "Left out" line says so, for the spec's gaps and the readiness audit's,
// and counts that line in the frame.
func TestHiddenGapsSaid(t *testing.T) {
	d := &Document{Round: 2, Budget: 12, ExtractedAt: time.Unix(0, 0),
		Gaps:      []resolve.Gap{{Ref: "A", SpecLine: 3, Kind: resolve.GapAbsent}, {Ref: "B", SpecLine: 4, Kind: resolve.GapAbsent}},
		AuditGaps: []string{"no schema file"}}
	before := d.FrameLines()
	d.HideGaps()
	md := d.Markdown()
	if want := "> Left out to fit the 12-line budget: the Context Gaps (2 references; listed in --format json); the readiness audit's gaps (1; in the inventory).\n"; !strings.Contains(md, want) {
		t.Errorf("markdown lacks %q:\n%s", want, md)
	}
	if strings.Contains(md, "### Context Gaps") {
		t.Errorf("hidden gaps listed:\n%s", md)
	}
	if got := d.FrameLines(); got != headerLines+1 || got >= before {
		t.Errorf("frame with the gaps hidden = %d lines, want the header's %d and the Left out line (shown: %d)", got, headerLines, before)
	}
}

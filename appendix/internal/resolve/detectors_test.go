package resolve

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang"
)

// TestRouteDetectorsNameEveryFramework: a missing route says which
// frameworks were looked for, every registered language's.
func TestRouteDetectorsNameEveryFramework(t *testing.T) {
	for _, l := range lang.All {
		for _, fw := range l.RouteFrameworks {
			if !strings.Contains(routeDetectors, " "+fw+",") && !strings.Contains(routeDetectors, " "+fw+" ") {
				t.Errorf("%q does not name %s's %s", routeDetectors, l.Name, fw)
			}
		}
	}
	if !strings.HasPrefix(routeDetectors, "looked for ") || !strings.HasSuffix(routeDetectors, " registrations") {
		t.Errorf("routeDetectors = %q", routeDetectors)
	}
}

package appendix

import (
	"strings"
	"testing"
)

// TestBuildIDDev: a dev build is identified by its build information and
// executable, never by the word "dev" alone, which every rebuild shares.
func TestBuildIDDev(t *testing.T) {
	if Version != "dev" {
		t.Skip("a release build is identified by its version")
	}
	id := buildID()
	if id == "dev" || !strings.HasPrefix(id, "dev-") || len(id) != len("dev-")+16 {
		t.Fatalf("buildID() = %q, want dev- and 16 hex digits", id)
	}
	if buildID() != id {
		t.Fatal("buildID changes within one run")
	}
}

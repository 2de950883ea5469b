package search

import (
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// TestWantedNames: what each reference makes the search look for.
func TestWantedNames(t *testing.T) {
	refs := []spec.Ref{{Name: "config.Config"}, {Name: "Order.status"}, {Name: "Widget"}}
	got, restrict := wantedNames(refs, map[string]bool{"config": true})
	want := map[string]scan.Want{
		"config": scan.WantTop,  // a package qualifier: only a top-level declaration of that name
		"Config": scan.WantAny,  // restricted to the config package
		"Order":  scan.WantAny,  // a type whose member is named
		"status": scan.WantDecl, // the member
		"Widget": scan.WantAny,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: want %d, got %d", name, w, got[name])
		}
	}
	if r := restrict["Config"]; len(r) != 1 || r[0] != "config" {
		t.Errorf("Config restricted to %v, want [config]", r)
	}
}

package appendix

import (
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// TestWantedNames: what each reference makes the search look for.
func TestWantedNames(t *testing.T) {
	refs := []spec.Ref{{Name: "config.Config"}, {Name: "Order.status"}, {Name: "Widget"}}
	got, restrict := wantedNames(refs, map[string]bool{"config": true})
	want := map[string]want{
		"config": wantTop,  // a package qualifier: only a top-level declaration of that name
		"Config": wantAny,  // restricted to the config package
		"Order":  wantAny,  // a type whose member is named
		"status": wantDecl, // the member
		"Widget": wantAny,
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

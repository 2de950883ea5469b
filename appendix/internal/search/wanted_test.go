package search

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/gitinfo"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// TestWantedNames: what each reference makes the search look for.
func TestWantedNames(t *testing.T) {
	refs := []spec.Ref{{Name: "config.Config"}, {Name: "Order.status"}, {Name: "Widget"}}
	got, restrict := wantedNames(refs, map[string]bool{"config": true}, nil)
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

// TestReceiversAreNoNames: the object, type or module a method's own
// code names itself by qualifies a name and is none.
func TestReceiversAreNoNames(t *testing.T) {
	refs := []spec.Ref{{Name: "this.errorMessage"}, {Name: "Self.new"}, {Name: "self.store"}}
	got, _ := wantedNames(refs, nil, nil)
	for _, n := range []string{"this", "Self", "self"} {
		if _, ok := got[n]; ok {
			t.Errorf("%s is wanted", n)
		}
	}
	for _, n := range []string{"errorMessage", "new", "store"} {
		if _, ok := got[n]; !ok {
			t.Errorf("%s is not wanted", n)
		}
	}
}

// TestWantedValues: a reference may be a quoted value when spec.Valued
// says so; one written as a path only when no file or directory is there.
func TestWantedValues(t *testing.T) {
	ix := NewIndex([]gitinfo.File{{Path: "api/core/types.go", Size: 10}})
	refs := []spec.Ref{
		{Name: "Retry", Strong: true},
		{Name: "cluster.x-k8s.io/paused", IsPath: true, Strong: true},
		{Name: "api/core", IsPath: true, Strong: true},
		{Name: "json"},
		{Name: "OK", Strong: true},
		{Name: "Later", Source: spec.FromFence},
	}
	want := map[string]bool{"Retry": true, "cluster.x-k8s.io/paused": true}
	if diff := cmp.Diff(want, wantedValues(refs, ix)); diff != "" {
		t.Error(diff)
	}
}

// TestUntestedNames: a name only weak one-word references name is
// searched in no test file; one a strong reference or a dotted name also
// names is.
func TestUntestedNames(t *testing.T) {
	refs := []spec.Ref{
		{Name: "foo"},
		{Name: "syntax"}, {Name: "syntax", Strong: true},
		{Name: "check"}, {Name: "Checker.check", Strong: true},
		{Name: "Order", Strong: true},
	}
	got := untestedNames(refs)
	if !got["foo"] || got["syntax"] || got["check"] || got["Order"] || len(got) != 1 {
		t.Errorf("untested %v, want only foo", got)
	}
}

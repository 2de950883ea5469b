package rank

import (
	"slices"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

func TestVersionOrder(t *testing.T) {
	order := []string{"v1alpha1", "v1alpha2", "v1beta1", "v1beta2", "v1", "v2alpha1", "v2", "v12"}
	for i := 1; i < len(order); i++ {
		_, a, _ := parseVersion(order[i-1])
		_, b, _ := parseVersion(order[i])
		if !b.after(a) || a.after(b) {
			t.Errorf("%s should come after %s", order[i], order[i-1])
		}
	}
}

func TestVersionSignals(t *testing.T) {
	defs := func(paths ...string) []*extract.Definition {
		var out []*extract.Definition
		for _, p := range paths {
			out = append(out, &extract.Definition{Path: p})
		}
		return out
	}
	for _, c := range []struct {
		cands      []*extract.Definition
		words      string
		named      []string // the candidates whose version the spec names
		superseded []string // those a newer version supersedes
		internal   []string // the unversioned form of an API a version of which is a candidate
	}{
		{defs("api/core/v1beta1/types.go", "api/core/v1beta2/types.go", "internal/api/core/v1alpha4/types.go"), "",
			nil, []string{"api/core/v1beta1/types.go", "internal/api/core/v1alpha4/types.go"}, nil},
		// the spec's example says apiVersion: group/v1beta1
		{defs("api/core/v1beta1/types.go", "api/core/v1beta2/types.go"), "v1beta1",
			[]string{"api/core/v1beta1/types.go"}, nil, nil},
		// other engines, other families: no version outranks another
		{defs("schema/mysql/v8/schema.sql", "schema/postgresql/v12/schema.sql"), "", nil, nil, nil},
		// other files of the package
		{defs("api/v1/a.go", "api/v2/b.go"), "", nil, nil, nil},
		{defs("types/upstreamv1beta3/types.go", "types/upstreamv1beta4/types.go", "types/v1beta2/types.go"), "",
			nil, []string{"types/upstreamv1beta3/types.go"}, nil},
		// cert-manager's internal hub beside the served versions
		{defs("internal/apis/certmanager/types.go", "internal/apis/certmanager/v1alpha2/types.go", "pkg/apis/certmanager/v1/types.go"), "",
			nil, []string{"internal/apis/certmanager/v1alpha2/types.go"}, []string{"internal/apis/certmanager/types.go"}},
		// an unversioned file of another name, or alone, is no API's form
		{defs("internal/apis/certmanager/helpers.go", "pkg/apis/certmanager/v1/types.go"), "", nil, nil, nil},
		{defs("internal/apis/certmanager/types.go", "pkg/other/types.go"), "", nil, nil, nil},
	} {
		words := map[string]bool{c.words: c.words != ""}
		named, superseded, internal := versionSignals(c.cands, words)
		for _, d := range c.cands {
			if _, got := named[d]; got != slices.Contains(c.named, d.Path) {
				t.Errorf("%s: named %v, want %v", d.Path, got, !got)
			}
			if _, got := superseded[d]; got != slices.Contains(c.superseded, d.Path) {
				t.Errorf("%s: superseded %v, want %v", d.Path, got, !got)
			}
			if _, got := internal[d]; got != slices.Contains(c.internal, d.Path) {
				t.Errorf("%s: unversioned form %v, want %v", d.Path, got, !got)
			}
		}
	}
}

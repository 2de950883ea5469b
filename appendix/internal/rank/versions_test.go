package rank

import (
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

func TestNewerVersion(t *testing.T) {
	defs := func(paths ...string) []*extract.Definition {
		var out []*extract.Definition
		for _, p := range paths {
			out = append(out, &extract.Definition{Path: p})
		}
		return out
	}
	for _, c := range []struct {
		cands []*extract.Definition
		want  []string // newerVersion of each candidate
	}{
		{defs("api/core/v1beta1/types.go", "api/core/v1beta2/types.go", "internal/api/core/v1alpha4/types.go"),
			[]string{"api/core/v1beta2/types.go", "", "api/core/v1beta2/types.go"}},
		// other engines, other families: no version outranks another
		{defs("schema/mysql/v8/schema.sql", "schema/postgresql/v12/schema.sql"), []string{"", ""}},
		// other files of the package
		{defs("api/v1/a.go", "api/v2/b.go"), []string{"", ""}},
		{defs("types/upstreamv1beta3/types.go", "types/upstreamv1beta4/types.go", "types/v1beta2/types.go"),
			[]string{"types/upstreamv1beta4/types.go", "", ""}},
	} {
		for i, d := range c.cands {
			if got := newerVersion(d, c.cands); got != c.want[i] {
				t.Errorf("newerVersion(%s) = %q, want %q", d.Path, got, c.want[i])
			}
		}
	}
}

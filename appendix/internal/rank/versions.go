package rank

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// versionSegRe is a path segment that ends in an API version: v1, v12,
// v1beta2, v1alpha3, upstreamv1beta4 (the prefix names the family).
var versionSegRe = regexp.MustCompile(`^(.*?)v(\d+)(?:(alpha|beta)(\d+))?$`)

// apiVersion orders versions as API versions are released: v1alpha1 <
// v1alpha2 < v1beta1 < v1 < v2alpha1 < v2.
type apiVersion struct {
	major, stage, minor int // stage: 0 alpha, 1 beta, 2 stable
}

func (a apiVersion) after(b apiVersion) bool {
	if a.major != b.major {
		return a.major > b.major
	}
	if a.stage != b.stage {
		return a.stage > b.stage
	}
	return a.minor > b.minor
}

// parseVersion reads a version segment: its family prefix and version.
func parseVersion(seg string) (string, apiVersion, bool) {
	m := versionSegRe.FindStringSubmatch(seg)
	if m == nil {
		return "", apiVersion{}, false
	}
	v := apiVersion{stage: 2}
	v.major, _ = strconv.Atoi(m[2])
	switch m[3] {
	case "alpha":
		v.stage = 0
	case "beta":
		v.stage = 1
	}
	if m[4] != "" {
		v.minor, _ = strconv.Atoi(m[4])
	}
	return m[1], v, true
}

// versioned splits a path at its last version segment: the family (the
// segment before it, the version's prefix, and the rest of the path after
// it) and the version. core/v1beta1/cluster_types.go and
// internal/api/core/v1alpha4/cluster_types.go are one family.
func versioned(p string) (family string, v apiVersion, ok bool) {
	segs := strings.Split(p, "/")
	for i := len(segs) - 2; i >= 0; i-- {
		prefix, v, ok := parseVersion(segs[i])
		if !ok {
			continue
		}
		parent := ""
		if i > 0 {
			parent = segs[i-1]
		}
		return parent + "/" + prefix + "/" + strings.Join(segs[i+1:], "/"), v, true
	}
	return "", apiVersion{}, false
}

// newerVersion returns the path of a candidate that is d's own file in a
// newer version of its package (api/core/v1beta2/types.go for
// api/core/v1beta1/types.go), or "" when there is none.
func newerVersion(d *extract.Definition, cands []*extract.Definition) string {
	fam, v, ok := versioned(d.Path)
	if !ok {
		return ""
	}
	newest, best := "", v
	for _, o := range cands {
		if f, ov, ok := versioned(o.Path); ok && f == fam && ov.after(best) {
			newest, best = o.Path, ov
		}
	}
	return newest
}

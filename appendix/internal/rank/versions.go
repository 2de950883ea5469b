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
	major, stage, minor int    // stage: 0 alpha, 1 beta, 2 stable
	name                string // as written: v1beta1
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
	v := apiVersion{stage: 2, name: seg[len(m[1]):]}
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

// unversionedFamily is the family of a path without a version segment
// when it is an API's unversioned (internal) form:
// internal/apis/certmanager/types.go beside
// pkg/apis/certmanager/v1/types.go, whose family it shares. It is "" for
// a file at the root.
func unversionedFamily(p string) string {
	segs := strings.Split(p, "/")
	if len(segs) < 2 {
		return ""
	}
	return segs[len(segs)-2] + "//" + segs[len(segs)-1]
}

// versionSignals decides, among candidates that are the same file in
// several versions of one API package, which versions the spec means: the
// ones it names as a word (an example's `apiVersion: group/v1beta1`),
// else the newest. It returns the candidates whose version the spec names
// (with that version), those a newer version supersedes, and those that
// are the API's unversioned form of a file it also has in a version.
func versionSignals(cands []*extract.Definition, words map[string]bool) (named map[*extract.Definition]string, superseded, unversionedForm map[*extract.Definition]bool) {
	type member struct {
		d *extract.Definition
		v apiVersion
	}
	families := map[string][]member{}
	unversioned := map[string][]*extract.Definition{}
	for _, d := range cands {
		if fam, v, ok := versioned(d.Path); ok {
			families[fam] = append(families[fam], member{d, v})
		} else if fam := unversionedFamily(d.Path); fam != "" {
			unversioned[fam] = append(unversioned[fam], d)
		}
	}
	named, superseded, unversionedForm = map[*extract.Definition]string{}, map[*extract.Definition]bool{}, map[*extract.Definition]bool{}
	for fam, ds := range unversioned {
		if len(families[fam]) > 0 {
			for _, d := range ds {
				unversionedForm[d] = true // the versions the API serves come first
			}
		}
	}
	for _, ms := range families {
		newest, spoken, several := ms[0], false, false
		for _, m := range ms {
			if m.v.after(newest.v) {
				newest = m
			}
			spoken = spoken || words[m.v.name]
			several = several || m.v != ms[0].v
		}
		if !several {
			continue
		}
		for _, m := range ms {
			switch {
			case spoken && words[m.v.name]:
				named[m.d] = m.v.name
			case !spoken && newest.v.after(m.v):
				superseded[m.d] = true
			}
		}
	}
	return named, superseded, unversionedForm
}

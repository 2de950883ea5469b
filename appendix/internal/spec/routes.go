package spec

import (
	"slices"
	"strings"
)

// RouteSegs splits a route path into segments with every parameter
// spelled "{}": /items/{id}, /items/:id, /items/<int:id>, /items/[id] and
// /items/(?P<id>\d+) all give [items {}].
func RouteSegs(p string) []string {
	var out []string
	for _, s := range strings.Split(strings.Trim(p, "/"), "/") {
		switch {
		case s == "":
		case strings.HasPrefix(s, "{") || strings.HasPrefix(s, ":") || strings.HasPrefix(s, "<") ||
			strings.HasPrefix(s, "[") || strings.HasPrefix(s, "(") || s == "*" || strings.HasPrefix(s, "$"):
			out = append(out, "{}")
		default:
			out = append(out, s)
		}
	}
	return out
}

// MountPrefix reports a route given without a method whose segments begin
// another route of refs: the prefix the spec's endpoints are mounted under
// (`/api` beside `POST /api/shares.update`), not an endpoint of its own.
func MountPrefix(r *RouteRef, refs []Ref) bool {
	if r == nil || r.Method != "" {
		return false
	}
	segs := RouteSegs(r.Path)
	if len(segs) == 0 {
		return false
	}
	for i := range refs {
		o := refs[i].Route
		if o == nil {
			continue
		}
		if os := RouteSegs(o.Path); len(os) > len(segs) && slices.Equal(os[:len(segs)], segs) {
			return true
		}
	}
	return false
}

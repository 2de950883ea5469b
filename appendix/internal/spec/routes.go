package spec

import (
	"regexp"
	"slices"
	"strings"
)

// RouteSegs splits a route path into segments with every parameter
// spelled "{}": /items/{id}, /items/:id, /items/<int:id>, /items/[id] and
// /items/(?P<id>\d+) all give [items {}].
func RouteSegs(p string) []string {
	var out []string
	if strings.Contains(p, "=") {
		// google.api.http's /v1/{name=memos/*}/reactions: the segments
		// the variable's template spells, /v1/memos/{}/reactions.
		p = templateVarRe.ReplaceAllStringFunc(p, func(v string) string {
			t := templateVarRe.FindStringSubmatch(v)[1]
			return strings.NewReplacer("**", "{}", "*", "{}").Replace(t)
		})
	}
	for _, s := range strings.Split(strings.Trim(p, "/"), "/") {
		switch {
		case s == "":
		case paramSeg(s):
			out = append(out, "{}")
		default:
			out = append(out, s)
		}
	}
	return out
}

// templateVarRe is a path template's variable with a template of its own,
// google.api.http's {name=memos/*}: the template is the first group.
var templateVarRe = regexp.MustCompile(`\{\w+(?:\.\w+)*=([^{}]*)\}`)

// paramSeg reports a segment of a route path that is a parameter, in
// any framework's spelling: {id}, :id, <int:id>, [id], (?P<id>\d+), $id, *.
func paramSeg(s string) bool {
	return strings.HasPrefix(s, "{") || strings.HasPrefix(s, ":") || strings.HasPrefix(s, "<") ||
		strings.HasPrefix(s, "[") || strings.HasPrefix(s, "(") || s == "*" || strings.HasPrefix(s, "$")
}

// Params are the names of the route's path parameters written by name,
// in order: :id, {id}, {id:[0-9]+}, <id>, <int:id>, [id], [...slug].
func (r *RouteRef) Params() []string {
	var out []string
	for _, seg := range strings.Split(r.Path, "/") {
		if !paramSeg(seg) {
			continue
		}
		if m := paramRe.FindStringSubmatch(seg); m != nil {
			out = append(out, m[1]+m[2]+m[3]+m[4])
		}
	}
	return out
}

var paramRe = regexp.MustCompile(`^(?::(\w+)|\{(\w+)(?::[^}]*)?\}|<(?:\w+:)?(\w+)>|\[(?:\.\.\.)?(\w+)\])$`)

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

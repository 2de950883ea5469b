package spec

import "strings"

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

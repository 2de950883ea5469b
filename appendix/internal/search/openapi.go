package search

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// openAPIFileRe names an OpenAPI or Swagger document: the contract a
// contract-first application's routes are generated from
// (rest-villains/src/main/resources/openapi/openapi.yml).
var openAPIFileRe = regexp.MustCompile(`(?i)(?:^|/)(?:openapi|swagger)[^/]*\.(?:ya?ml|json)$`)

// openAPIPathRe is a line that opens a path of a document's paths
// (`  /api/villains/{id}:`, `"/api/villains/{id}": {`); openAPIMethodRe
// one that opens an operation under it (`    patch:`, `"get": {`).
var (
	openAPIPathRe   = regexp.MustCompile(`^\s*["']?(/[^\s"':]*)["']?\s*:`)
	openAPIMethodRe = regexp.MustCompile(`^\s*["']?(get|put|post|delete|patch|head|options)["']?\s*:`)
)

// FindOpenAPI finds, for each endpoint (a method, "" for any, and a path),
// the first OpenAPI document of the tree, tests aside, that declares its
// path with that method: where the operation opens, path:line, by
// Endpoint. A path matches as routes do, its parameters by any name, and
// a document's path may leave out the mount words the spec's starts with
// (`/api`), which the document's servers give.
func (ix *Index) FindOpenAPI(eps []spec.RouteRef) map[string]string {
	var files []string
	for _, f := range ix.Files {
		if openAPIFileRe.MatchString(f.Path) && !scan.TestFile(f.Path) {
			files = append(files, f.Path)
		}
	}
	if len(files) == 0 || len(eps) == 0 {
		return nil
	}
	out := map[string]string{}
	var buf []byte
	for _, f := range files {
		src, err := scan.ReadBounded(filepath.Join(ix.root, filepath.FromSlash(f)), &buf, -1, TextLimit)
		if err != nil {
			continue
		}
		var path []string // the segments of the path the lines are under
		pathIndent := -1
		for n, line := range strings.Split(string(src), "\n") {
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			if m := openAPIPathRe.FindStringSubmatch(line); m != nil {
				path, pathIndent = spec.RouteSegs(m[1]), indent
				continue
			}
			if pathIndent >= 0 && indent <= pathIndent && strings.TrimSpace(line) != "" && !strings.HasPrefix(strings.TrimSpace(line), "#") {
				path, pathIndent = nil, -1 // (the path's block ended)
			}
			m := openAPIMethodRe.FindStringSubmatch(line)
			if m == nil || path == nil {
				continue
			}
			method := strings.ToUpper(m[1])
			for _, ep := range eps {
				key := Endpoint(ep)
				if out[key] == "" && (ep.Method == "" || ep.Method == method) && documentPath(spec.RouteSegs(ep.Path), path) {
					out[key] = naming.At(f, n+1)
				}
			}
		}
	}
	return out
}

// Endpoint is an endpoint's key: its method, a space, its path.
func Endpoint(ep spec.RouteRef) string { return ep.Method + " " + ep.Path }

// documentPath reports a document's path (doc) that is the endpoint's
// (segs), parameters alike, or its end after mount words only.
func documentPath(segs, doc []string) bool {
	if len(doc) == 0 || len(doc) > len(segs) || !slices.Equal(segs[len(segs)-len(doc):], doc) {
		return false
	}
	return !slices.ContainsFunc(segs[:len(segs)-len(doc)], func(s string) bool { return !MountWord(s) })
}

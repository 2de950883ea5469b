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
// (`  /api/villains/{id}:`, `"/orders/{id}:cancel": {`); openAPIMethodRe
// one that opens an operation under it (`    patch:`, `"get": {`);
// openAPIServerRe a server's URL (`- url: https://x.io/api/v1`).
var (
	openAPIPathRe   = regexp.MustCompile(`^\s*(?:["'](/[^"']*)["']|(/\S*?))\s*:\s*(?:\{\s*)?(?:#.*)?$`)
	openAPIMethodRe = regexp.MustCompile(`^\s*["']?(get|put|post|delete|patch|head|options)["']?\s*:`)
	openAPIKeyRe    = regexp.MustCompile(`^["']?servers["']?\s*:`)
	openAPIServerRe = regexp.MustCompile(`^\s*-?\s*["']?url["']?\s*:\s*["']?([^"'\s,]+)`)
)

// clientDirRe is a directory of code that calls another service: an
// OpenAPI document there is that service's contract, not the code's.
var clientDirRe = regexp.MustCompile(`(?i)(?:^|/)(?:clients?|vendor|third_party)/`)

// FindOpenAPI finds, for each endpoint (a method, "" for any, and a path),
// the first OpenAPI document of the tree, tests and clients' contracts
// aside, that declares its path with that method: where the operation
// opens, path:line, by Endpoint. A path matches as routes do, its
// parameters by any name, under the path of one of the document's servers
// (`/api/v1`), or under none, or under `/api` or `/rest` where the
// document names no server.
func (ix *Index) FindOpenAPI(eps []spec.RouteRef) map[string]string {
	var files []string
	for _, f := range ix.Files {
		if openAPIFileRe.MatchString(f.Path) && !scan.TestFile(f.Path) && !clientDirRe.MatchString(f.Path) {
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
		lines := strings.Split(string(src), "\n")
		// The servers' URLs: those of the lines under the servers key,
		// not an info's contact or license URL.
		var servers [][]string
		serversIndent := -1
		for _, line := range lines {
			t := strings.TrimSpace(line)
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			switch {
			case t == "":
			case strings.HasPrefix(strings.Trim(t, `"'`), "servers") && openAPIKeyRe.MatchString(t):
				serversIndent = indent
			case serversIndent >= 0 && indent <= serversIndent && !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "]"):
				serversIndent = -1
			case serversIndent >= 0:
				if m := openAPIServerRe.FindStringSubmatch(line); m != nil {
					u := m[1]
					if i := strings.Index(u, "://"); i >= 0 {
						u = u[i+3:]
						u = u[strings.IndexByte(u+"/", '/'):]
					}
					servers = append(servers, spec.RouteSegs(u))
				}
			}
		}
		type operation struct {
			method string
			path   []string
			raw    string // a custom method's path (`/orders/{id}:cancel`), matched as written
			line   int
		}
		var ops []operation
		var path []string // the segments of the path the lines are under
		raw := ""
		pathIndent, childIndent := -1, -1
		for n, line := range lines {
			t := strings.TrimSpace(line)
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			// (A path's key starts with its slash, quoted or not: the
			// pattern need not read any other line.)
			if strings.HasPrefix(strings.TrimLeft(t, `"'`), "/") {
				if m := openAPIPathRe.FindStringSubmatch(line); m != nil {
					path, raw, pathIndent, childIndent = spec.RouteSegs(m[1]+m[2]), "", indent, -1
					if strings.Contains(m[1]+m[2], ":") {
						path, raw = nil, m[1]+m[2] // `/orders/{id}:cancel`: a custom method, which a parameter is not
					}
					continue
				}
			}
			if pathIndent < 0 {
				continue
			}
			if indent <= pathIndent {
				path, pathIndent = nil, -1 // (the path's block ended)
				continue
			}
			if childIndent < 0 {
				childIndent = indent
			}
			if m := openAPIMethodRe.FindStringSubmatch(line); m != nil && indent == childIndent && (path != nil || raw != "") {
				ops = append(ops, operation{strings.ToUpper(m[1]), path, raw, n + 1})
			}
		}
		for _, ep := range eps {
			key := Endpoint(ep)
			for _, op := range ops {
				if out[key] == "" && (ep.Method == "" || ep.Method == op.method) && (op.raw != "" && customPath(ep.Path, op.raw, servers) ||
					op.raw == "" && documentPath(spec.RouteSegs(ep.Path), op.path, servers)) {
					out[key] = naming.At(f, op.line)
				}
			}
		}
	}
	return out
}

// customPath reports an endpoint that is a custom method's path as the
// document writes it, under one of its servers' paths, or none, or `/api`.
func customPath(ep, raw string, servers [][]string) bool {
	for _, pre := range append(slices.Clone(servers), nil, []string{"api"}) {
		p := ""
		for _, s := range pre {
			p += "/" + s
		}
		if ep == p+raw {
			return true
		}
	}
	return false
}

// Endpoint is an endpoint's key: its method, a space, its path.
func Endpoint(ep spec.RouteRef) string { return ep.Method + " " + ep.Path }

// documentPath reports a document's path (doc) that is the endpoint's
// (segs), parameters alike, under one of the servers' paths, or under
// none, or under `api` or `rest` where the document names no server.
func documentPath(segs, doc []string, servers [][]string) bool {
	if len(doc) == 0 || len(doc) > len(segs) || !slices.Equal(segs[len(segs)-len(doc):], doc) {
		return false
	}
	prefix := segs[:len(segs)-len(doc)]
	if len(prefix) == 0 || slices.ContainsFunc(servers, func(s []string) bool { return slices.Equal(s, prefix) }) {
		return true
	}
	return len(servers) == 0 && !slices.ContainsFunc(prefix, func(s string) bool { return s != "api" && s != "rest" })
}

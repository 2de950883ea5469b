package typescript

import (
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// nodeBuiltins are Node's built-in modules (module.builtinModules),
// imported bare or after "node:".
var nodeBuiltins = extract.WordSet(`assert async_hooks buffer child_process cluster console constants crypto dgram
diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process punycode
querystring readline repl stream string_decoder sys test timers tls trace_events tty url util v8 vm wasi
worker_threads zlib`)

// specifierRe reads a module specifier: import ... from "m", import "m",
// export ... from "m", require("m"), import("m").
var specifierRe = regexp.MustCompile(`(?:^|[\s;])(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)`)

// externalImports lists the npm packages a file imports, with their scope
// (@scope/pkg), once each: not Node's built-in modules, relative paths or
// the path aliases of the project (@/, ~/, #).
func externalImports(lines []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range lines {
		for _, m := range specifierRe.FindAllStringSubmatch(l, -1) {
			if p := packageOf(m[1] + m[2] + m[3] + m[4]); p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// packageOf is the package a module specifier names: its first segment,
// or its first two for a scoped package; "" for a relative path, an alias
// or a built-in module.
func packageOf(spec string) string {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "@/") ||
		strings.HasPrefix(spec, "~") || strings.HasPrefix(spec, "#") || strings.HasPrefix(spec, "node:") {
		return ""
	}
	parts := strings.Split(spec, "/")
	name := parts[0]
	if strings.HasPrefix(name, "@") && len(parts) > 1 {
		name += "/" + parts[1]
	}
	if nodeBuiltins[name] {
		return ""
	}
	return name
}

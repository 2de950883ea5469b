package typescript

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/imports"
	"github.com/appendix-dev/appendix/extract/lang/internal/testpath"
)

// knowing sets on l the rules code outside extraction asks of the four
// languages, which share them (see extract.Language), and returns l.
func knowing(l *extract.Language) *extract.Language {
	l.RouteFrameworks = []string{"Express", "Koa", "Hono", "Fastify", "NestJS", "Next.js", "Remix", "Convex", "trpc-to-openapi"}
	l.Frameworks = []string{"react", "next", "express", "hono", "fastify", "zod", "prisma", "drizzle-orm", "typeorm", "mongoose",
		"convex", "vitest", "jest"}
	l.NotNames = []string{"true", "false", "null", "undefined", "string", "number", "any", "void", "object", "this",
		"JavaScript", "TypeScript"}
	l.Builtins = []string{"console", "JSON", "Promise", "Array", "Object", "Math", "Date", "Error", "TypeError", "RangeError",
		"SyntaxError", "Map", "Set", "WeakMap", "Symbol", "BigInt", "RegExp", "Number", "String", "Boolean", "Record", "Partial",
		"Required", "Readonly", "Pick", "Omit", "Exclude", "Extract", "ReturnType", "Parameters", "Awaited", "NonNullable",
		"setTimeout", "setInterval", "clearTimeout", "fetch", "require", "module", "exports", "process", "window", "document",
		"parseInt", "parseFloat", "isNaN", "structuredClone", "globalThis", "unknown", "never", "bigint", "symbol",
		// The web platform's and Node's globals.
		"AbortController", "AbortSignal", "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "Buffer", "Intl", "Reflect",
		"Proxy", "WeakSet", "WeakRef", "ArrayBuffer", "Uint8Array", "queueMicrotask", "setImmediate", "clearInterval",
		"encodeURIComponent", "decodeURIComponent", "atob", "btoa",
		// The Fetch API's and the streams' (a route handler's request and response).
		"Request", "Response", "Headers", "FormData", "Blob", "File", "ReadableStream", "WritableStream", "TransformStream",
		"crypto", "performance", "navigator", "localStorage", "sessionStorage", "WebSocket", "EventSource", "Event",
		"CustomEvent", "EventTarget", "MessageChannel", "BroadcastChannel", "DOMException", "Iterator", "AsyncIterator"}
	l.Keywords = keywords
	l.SignatureDecls = true
	l.Generated = []string{".pb.ts", "_pb.js", "_pb.d.ts", ".generated.ts", ".min.js"}
	l.SkipDirs = []string{"node_modules", "bower_components", ".yarn", ".pnpm-store", ".next", ".turbo"}
	l.Imports = imports.Names
	l.ImportedModules = imports.Modules
	l.ImportLine, l.ImportStarts = imports.PathLine, imports.PathLineStarts
	l.ExternalImports = externalImports
	l.Manifests = []string{"package.json"}
	l.TestFiles = []string{"*.test.*", "*.spec.*"}
	l.TestDirs = []string{"__tests__"}
	l.Tests = jsTests
	l.TestNames = testpath.Names(testNameRe)
	l.RouteFile = routeFile
	l.RouteWords = routeWords
	l.Declares = declares
	l.DocPrefixes = []string{"//", "/*", "*", "@"}
	l.IndexStems = []string{"index"}
	l.ValueMethods = valueMethods
	l.KeyMembers = []string{"constructor"}
	l.KeyMarkers = []string{"primaryKey", "@PrimaryGeneratedColumn", "@PrimaryColumn"}
	return l
}

var (
	keywords = extract.Keywords{
		Decl: []string{"class", "interface", "enum", "type", "const", "let", "var", "function", "async", "export", "declare",
			"abstract", "public", "private", "protected", "static", "readonly", "get", "set", "override", "module", "exports",
			"namespace"},
		Type:          []string{"type", "class", "interface", "enum", "namespace"},
		Var:           []string{"var", "let", "const"},
		Annotated:     true,
		IndentBodies:  true,
		MemberAssigns: true,
	}
	// valueMethods are the methods of arrays, maps, sets and strings.
	valueMethods = []string{"map", "filter", "reduce", "forEach", "find", "findIndex", "some", "every", "includes", "indexOf",
		"push", "pop", "shift", "unshift", "slice", "splice", "concat", "join", "sort", "flatMap", "at", "get", "set",
		"has", "delete", "clear", "keys", "values", "entries", "add", "split", "trim", "replace", "startsWith", "endsWith",
		"toLowerCase", "toUpperCase"}
	testNameRe = regexp.MustCompile(`(?m)\b(?:it|test)\(\s*['"` + "`" + `]([^'"` + "`" + `\n]{1,60})['"` + "`" + `]`)
	// testExts are the extensions of the sources and tests jsTests pairs.
	testExts = []string{".ts", ".tsx", ".js", ".jsx", ".mjs"}
)

// jsTests: foo.test.ts or foo.spec.ts beside foo.ts, or foo.ts in a
// __tests__ directory of its top-level directory or a top-level tests
// directory, in any of the extensions.
func jsTests(source string, tests []string) extract.TestMatch {
	ext := path.Ext(source)
	if !slices.Contains(testExts, ext) {
		return extract.TestMatch{}
	}
	dir, stem := path.Dir(source), strings.TrimSuffix(path.Base(source), ext)
	var m extract.TestMatch
	for _, t := range tests {
		b := path.Base(t)
		for _, te := range testExts {
			if (b == stem+".test"+te || b == stem+".spec"+te) && path.Dir(t) == dir ||
				b == stem+te && strings.Contains("/"+t, "/__tests__/") && testpath.SameTree(t, source) {
				m.Named = append(m.Named, t)
				break
			}
		}
	}
	return m
}

// nestPathRe is a path a NestJS decorator maps, which no "/" need precede:
// @Controller('access'), @Get(':id/portfolio'), @Controller({ version: '1', path: 'x' }).
var nestPathRe = regexp.MustCompile("@(?:Controller|Get|Post|Put|Patch|Delete|All|Head|Options)\\(\\s*(?:\\{[^}]*?\\bpath\\s*:\\s*)?\\[?\\s*['\"`]([^'\"`]*)['\"`]")

// routeWords are the segments of the paths a file's NestJS decorators map
// (a route's own segments, not its parameters).
func routeWords(src []byte) []string {
	if !bytes.Contains(src, []byte("@Controller(")) {
		return nil
	}
	var out []string
	for _, m := range nestPathRe.FindAllSubmatch(src, -1) {
		for _, seg := range strings.Split(string(m[1]), "/") {
			if seg != "" && !strings.ContainsAny(seg, ":{*") && !slices.Contains(out, seg) {
				out = append(out, seg)
			}
		}
	}
	return out
}

// routeFile: Next.js and Remix route files, under routes/, app/ or
// pages/api/.
func routeFile(file string) bool {
	return strings.Contains(file, "/routes/") || strings.HasPrefix(file, "routes/") || strings.Contains(file, "/app/") ||
		strings.HasPrefix(file, "app/") || strings.Contains(file, "pages/api/")
}

// declares: function name(, const name.
func declares(line, name string) bool {
	return strings.Contains(line, "function "+name+"(") || strings.Contains(line, "const "+name+" ")
}

package protobuf

import (
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/block"
)

var protoSyntax = &block.Syntax{
	Keywords: map[string]block.Kind{
		"message": {Kind: extract.KindSchema, Title: "Message"}, "enum": {Kind: extract.KindEnum, Title: "Enum"}, "service": {Kind: extract.KindInterface, Title: "Service"},
	},
	Comment: "//", BlockComments: true, SingleQuotes: true,
	Member: func(f []string) (string, string, bool) {
		switch f[0] {
		case "rpc":
			if len(f) > 1 {
				n := f[1]
				if i := strings.IndexByte(n, '('); i >= 0 {
					n = n[:i]
				}
				return n, "", true
			}
		case "message", "enum", "oneof":
			if len(f) > 1 {
				return strings.TrimRight(f[1], "{"), "", false
			}
		case "option", "reserved", "extensions":
			return "", "", false
		}
		for k, w := range f {
			if w == "=" || strings.HasPrefix(w, "=") {
				if k > 0 {
					typ := ""
					if k > 1 {
						typ = block.BaseType(f[k-2])
					}
					return f[k-1], typ, false
				}
			}
			if i := strings.IndexByte(w, '='); i > 0 { // "name=1;"
				return w[:i], "", false
			}
		}
		return "", "", false
	},
	Serialized: func(line string) []string {
		if m := jsonNameRe.FindStringSubmatch(line); m != nil {
			return []string{m[1]}
		}
		return nil
	},
}

// jsonNameRe reads a field's json_name option: [json_name = "displayName"].
var jsonNameRe = regexp.MustCompile(`\bjson_name\s*=\s*"([^"]+)"`)

// packageRe reads a file's package statement: package shop.v1;
var packageRe = regexp.MustCompile(`(?m)^\s*package\s+([A-Za-z_][\w.]*)\s*;`)

// Lang is protobuf.
var Lang = &extract.Language{Name: "protobuf", Display: "Protocol Buffers", Fence: "protobuf", Exts: []string{".proto"}, Comment: "//", Revision: "4", MaxSize: extract.SchemaFileSize,
	Scan: func(l *extract.Language, path string, src []byte) []extract.Definition {
		defs := block.Scan(protoSyntax, l, path, src)
		if m := packageRe.FindSubmatch(src); m != nil {
			for i := range defs {
				defs[i].Namespace = string(m[1]) // prometheus_copy.TimeSeries is the package's
			}
		}
		return defs
	},
	SpecWords:     []string{"proto", "protobuf", "grpc"},
	GeneratedFrom: fieldNames,
	Keywords: extract.Keywords{
		Decl: []string{"message", "service", "enum", "rpc"},
		Type: []string{"message", "service", "enum"},
		Tags: []string{`json_name = "`, `json_name="`},
		// A field's line starts with its type: "uint32 max_series = 17;".
		TypeFirst:  true,
		Statements: []string{"option", "reserved", "extensions", "syntax", "package", "import"},
	},
	DocPrefixes: []string{"//", "/*", "*"},
	RouteMarks:  []string{"google.api.http"},
	WireSchemas: true,
	// (grpc-gateway's and Connect's transcoding of an rpc to HTTP.)
	RouteFrameworks: []string{"google.api.http"},
}

func init() { Lang.TextRoutes = httpRoutes }

// rpcRe is an rpc's declaration, its name first.
var rpcRe = regexp.MustCompile(`(?m)^[ \t]*rpc[ \t]+(\w+)[ \t]*\(`)

// httpRuleRe is a binding of an HTTP rule, google.api.http's (or one of
// its additional_bindings): the method and the path template.
var httpRuleRe = regexp.MustCompile(`\b(get|put|post|delete|patch)[ \t]*:[ \t]*"([^"]+)"`)

// httpRoutes are the routes the google.api.http options of a file's rpcs
// declare (grpc-gateway's and Connect's transcoding), each shown as its
// rpc, which serves it.
func httpRoutes(path string, src []byte) []extract.Definition {
	if !strings.Contains(string(src), "google.api.http") {
		return nil
	}
	var out []extract.Definition
	text := string(src)
	for _, m := range rpcRe.FindAllStringSubmatchIndex(text, -1) {
		end := rpcEnd(text, m[1])
		body := text[m[0]:end]
		if !strings.Contains(body, "google.api.http") {
			continue
		}
		start := strings.Count(text[:m[0]], "\n") + 1
		var lines []extract.Line
		for i, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
			lines = append(lines, extract.Line{Row: start + i, Text: strings.TrimRight(l, " \t\r")})
		}
		rpc := text[m[2]:m[3]]
		for _, r := range httpRuleRe.FindAllStringSubmatch(body, -1) {
			method, pattern := strings.ToUpper(r[1]), r[2]
			out = append(out, extract.Definition{Name: method + " " + pattern, Kind: extract.KindRoute, Title: "Route", Path: path, Lang: Lang,
				Exported: true, Route: &extract.Route{Method: method, Pattern: pattern, Handler: rpc},
				StartLine: start, EndLine: start + len(lines) - 1, DeclLine: start, Lines: lines})
		}
	}
	return out
}

// rpcEnd is where the rpc declared from at ends: after the brace that
// closes its options, or its semicolon when it has none.
func rpcEnd(text string, at int) int {
	depth := 0
	for i := at; i < len(text); i++ {
		switch text[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case ';':
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(text)
}

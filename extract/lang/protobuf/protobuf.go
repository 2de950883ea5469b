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
var Lang = &extract.Language{Name: "protobuf", Display: "Protocol Buffers", Fence: "protobuf", Exts: []string{".proto"}, Comment: "//", Revision: "3", MaxSize: extract.SchemaFileSize,
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
}

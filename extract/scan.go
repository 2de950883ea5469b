package extract

import (
	"regexp"
	"strings"
	"unicode"
)

// KindSchema is a table, model, message or other data definition.
const KindSchema Kind = "schema"

var prismaMapRe = regexp.MustCompile(`^\s*@@map\(\s*"([^"]+)"`)

// blockSyntax configures the brace-block scanner for a schema language
// whose definitions are "keyword Name ... { members }": Prisma, GraphQL SDL
// and protobuf. No tree-sitter grammar for them loads in this runtime, and
// their block syntax is simple enough to scan exactly.
type blockSyntax struct {
	keywords map[string]blockKind
	comment  string // line comment
	hash     bool   // "#" also starts a comment (GraphQL)
	member   func(fields []string) (name, typ string, method bool)
	// alias, when set, matches a line inside a block that gives the block
	// another name (Prisma's @@map("users")): its first group.
	alias *regexp.Regexp
}

type blockKind struct {
	kind  Kind
	title string
}

// scanBlocks finds the top-level blocks of src. A block starts on a line
// whose first word is a keyword and whose second is the name; it ends at
// the brace that closes its first opening brace, counted outside strings
// and comments. Members are the lines at depth one that start with a name,
// or the nested blocks at that depth.
func scanBlocks(syn *blockSyntax, lang *Language, path string, src []byte) []Definition {
	lines := strings.Split(string(src), "\n")
	var defs []Definition
	for i := 0; i < len(lines); i++ {
		f := strings.Fields(stripComment(lines[i], syn))
		if len(f) < 2 {
			continue
		}
		kw := f[0]
		if kw == "extend" && len(f) >= 3 { // GraphQL "extend type X"
			kw = f[1]
			f = f[1:]
		}
		bk, ok := syn.keywords[kw]
		if !ok {
			continue
		}
		name := strings.TrimRightFunc(f[1], func(r rune) bool { return r == '{' || r == '(' || r == '@' })
		if !isIdent(name) {
			continue
		}
		end, members := closeBlock(lines, i, syn)
		if end < 0 {
			continue
		}
		d := Definition{Name: name, Kind: bk.kind, Title: bk.title, Path: path, Lang: lang, Exported: true,
			StartLine: i + 1, EndLine: end + 1, DeclLine: i + 1, Members: members}
		for r := i; syn.alias != nil && r <= end; r++ {
			if m := syn.alias.FindStringSubmatch(lines[r]); m != nil {
				d.Aliases = append(d.Aliases, m[1])
			}
		}
		start := i
		for k := i - 1; k >= 0 && i-k <= 3; k-- {
			t := strings.TrimSpace(lines[k])
			if !(strings.HasPrefix(t, syn.comment) || syn.hash && strings.HasPrefix(t, "#") || strings.HasPrefix(t, `"""`)) {
				break
			}
			start = k
		}
		if i-start > 3 {
			start = i
		}
		d.StartLine = start + 1
		for r := start; r <= end; r++ {
			d.Lines = append(d.Lines, Line{Row: r + 1, Text: strings.TrimRight(lines[r], " \t\r")})
		}
		defs = append(defs, d)
		i = end
	}
	return defs
}

// closeBlock returns the line of the brace closing the block opened at or
// after line i, and the block's members.
func closeBlock(lines []string, i int, syn *blockSyntax) (int, []Member) {
	depth, opened := 0, false
	var members []Member
	var nested *Member
	for r := i; r < len(lines); r++ {
		line := stripComment(lines[r], syn)
		depthAtStart := depth
		inStr := false
		for k := 0; k < len(line); k++ {
			c := line[k]
			switch {
			case c == '"':
				inStr = !inStr
			case inStr && c == '\\':
				k++
			case inStr:
			case c == '{':
				depth++
				opened = true
			case c == '}':
				depth--
				if opened && depth == 0 {
					return r, members
				}
			case c == ';' && !opened && r == i:
				return -1, nil // "message X;" declares nothing to show
			}
		}
		if !opened {
			if r > i+2 {
				return -1, nil
			}
			continue
		}
		if r == i || depthAtStart != 1 {
			if nested != nil && depth <= 1 {
				nested.End = r + 1
				nested = nil
			}
			continue
		}
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "@@") || strings.HasPrefix(f[0], "}") {
			continue
		}
		name, typ, method := syn.member(f)
		if !isIdent(name) {
			continue
		}
		members = append(members, Member{Name: name, Start: r + 1, End: r + 1, Type: typ, Method: method})
		if depth > 1 {
			nested = &members[len(members)-1]
		}
	}
	return -1, nil
}

// stripComment removes a line comment that is not inside a string.
func stripComment(line string, syn *blockSyntax) string {
	inStr := false
	for k := 0; k < len(line); k++ {
		switch c := line[k]; {
		case c == '"':
			inStr = !inStr
		case inStr && c == '\\':
			k++
		case !inStr && strings.HasPrefix(line[k:], syn.comment):
			return line[:k]
		case !inStr && syn.hash && c == '#':
			return line[:k]
		}
	}
	return line
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// baseType strips list and optional markers: "Order[]?" and "[Order!]!" give Order.
func baseType(t string) string {
	return strings.Trim(t, "[]?!,;")
}

var prismaSyntax = &blockSyntax{
	keywords: map[string]blockKind{
		"model": {KindSchema, "Model"}, "view": {KindSchema, "View"}, "type": {KindSchema, "Type"}, "enum": {KindEnum, "Enum"},
	},
	comment: "//",
	alias:   prismaMapRe,
	member: func(f []string) (string, string, bool) {
		if len(f) > 1 {
			return f[0], baseType(f[1]), false
		}
		return f[0], "", false
	},
}

var graphqlSyntax = &blockSyntax{
	keywords: map[string]blockKind{
		"type": {KindSchema, "Type"}, "input": {KindSchema, "Input"}, "interface": {KindInterface, "Interface"},
		"enum": {KindEnum, "Enum"},
	},
	comment: "#", hash: true,
	member: func(f []string) (string, string, bool) {
		joined := strings.Join(f, " ")
		name := joined
		if i := strings.IndexAny(joined, "(:"); i >= 0 {
			name = joined[:i]
		}
		name = strings.TrimSpace(name)
		typ := ""
		if i := strings.LastIndexByte(joined, ':'); i >= 0 {
			if t := strings.Fields(joined[i+1:]); len(t) > 0 {
				typ = baseType(t[0])
			}
		}
		return name, typ, false // a field with arguments is still a field
	},
}

var protoSyntax = &blockSyntax{
	keywords: map[string]blockKind{
		"message": {KindSchema, "Message"}, "enum": {KindEnum, "Enum"}, "service": {KindInterface, "Service"},
	},
	comment: "//",
	member: func(f []string) (string, string, bool) {
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
						typ = baseType(f[k-2])
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
}

var prismaLang = &Language{Name: "prisma", Fence: "prisma", Exts: []string{".prisma"}, Comment: "//",
	Scan: func(l *Language, path string, src []byte) []Definition { return scanBlocks(prismaSyntax, l, path, src) }}

var graphqlLang = &Language{Name: "graphql", Fence: "graphql", Exts: []string{".graphql", ".gql", ".graphqls"}, Comment: "#",
	Scan: func(l *Language, path string, src []byte) []Definition {
		return scanBlocks(graphqlSyntax, l, path, src)
	}}

var protoLang = &Language{Name: "protobuf", Fence: "protobuf", Exts: []string{".proto"}, Comment: "//",
	Scan: func(l *Language, path string, src []byte) []Definition { return scanBlocks(protoSyntax, l, path, src) }}

package block

import (
	"bytes"
	"regexp"
	"strings"
	"unicode"

	"github.com/appendix-dev/appendix/extract"
)

// Syntax configures the brace-block scanner for a schema language whose
// definitions are "keyword Name ... { members }": Prisma, GraphQL SDL and
// protobuf. No tree-sitter grammar for them loads in this runtime, and
// their block syntax is simple enough to scan exactly.
type Syntax struct {
	Keywords map[string]Kind // what each block keyword defines
	Comment  string          // line comment
	Hash     bool            // "#" also starts a comment (GraphQL)
	// BlockComments: /* ... */ comments (protobuf). BlockStrings: """
	// ... """ strings, which may span lines (GraphQL descriptions).
	// SingleQuotes: '...' is a string too (protobuf). What these hold
	// is no structure: no keyword, brace or member.
	BlockComments, BlockStrings, SingleQuotes bool
	// Member reads a member line, split into fields: its name, the type it
	// refers to (for relations) and whether it is a method.
	Member func(fields []string) (name, typ string, method bool)
	// Serialized, when set, reads the names a member line declares the
	// member is serialized as (protobuf's json_name option).
	Serialized func(line string) []string
	// Alias, when set, matches a line inside a block that gives the block
	// another name (Prisma's @@map("users")): its first group.
	Alias *regexp.Regexp
}

// Kind is the kind and heading word of the definitions a keyword starts.
type Kind struct {
	Kind  extract.Kind
	Title string
}

// Scan finds the top-level blocks of src. A block starts on a line
// whose first word is a keyword and whose second is the name; it ends at
// the brace that closes its first opening brace, counted outside strings
// and comments. Members are the lines at depth one that start with a name,
// or the nested blocks at that depth.
func Scan(syn *Syntax, lang *extract.Language, path string, src []byte) []extract.Definition {
	lines := strings.Split(string(src), "\n")
	code := lines // the lines with what hides structure blanked out
	if syn.BlockComments || syn.BlockStrings || syn.SingleQuotes {
		code = strings.Split(string(mask(syn, src)), "\n")
	}
	var defs []extract.Definition
	for i := 0; i < len(code); i++ {
		f := strings.Fields(stripComment(code[i], syn))
		if len(f) < 2 {
			continue
		}
		kw := f[0]
		if kw == "extend" && len(f) >= 3 { // GraphQL "extend type X"
			kw = f[1]
			f = f[1:]
		}
		bk, ok := syn.Keywords[kw]
		if !ok {
			continue
		}
		name := strings.TrimRightFunc(f[1], func(r rune) bool { return r == '{' || r == '(' || r == '@' })
		if !isIdent(name) {
			continue
		}
		end, members := closeBlock(code, i, syn)
		if end < 0 {
			continue
		}
		d := extract.Definition{Name: name, Kind: bk.Kind, Title: bk.Title, Path: path, Lang: lang, Exported: true,
			StartLine: i + 1, EndLine: end + 1, DeclLine: i + 1, Members: members}
		for r := i; syn.Alias != nil && r <= end; r++ {
			if m := syn.Alias.FindStringSubmatch(lines[r]); m != nil {
				d.Aliases = append(d.Aliases, m[1])
			}
		}
		start := i
		for k := i - 1; k >= 0 && i-k <= 3; k-- {
			t := strings.TrimSpace(lines[k])
			if !(strings.HasPrefix(t, syn.Comment) || syn.Hash && strings.HasPrefix(t, "#") || strings.HasPrefix(t, `"""`)) {
				break
			}
			start = k
		}
		if i-start > 3 {
			start = i
		}
		d.StartLine = start + 1
		for r := start; r <= end; r++ {
			d.Lines = append(d.Lines, extract.Line{Row: r + 1, Text: strings.TrimRight(lines[r], " \t\r")})
		}
		defs = append(defs, d)
		i = end
	}
	return defs
}

// closeBlock returns the line of the brace closing the block opened at or
// after line i, and the block's members.
func closeBlock(lines []string, i int, syn *Syntax) (int, []extract.Member) {
	depth, opened := 0, false
	var members []extract.Member
	var nested *extract.Member
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
		name, typ, method := syn.Member(f)
		if !isIdent(name) {
			continue
		}
		m := extract.Member{Name: name, Start: r + 1, End: r + 1, Type: typ, Method: method}
		if syn.Serialized != nil {
			m.Serialized = syn.Serialized(line)
		}
		members = append(members, m)
		if depth > 1 {
			nested = &members[len(members)-1]
		}
	}
	return -1, nil
}

// mask returns src with block comments, block strings and single-quoted
// strings, as the syntax has them, turned into spaces; newlines stay, so
// every line keeps its number. Line comments and double-quoted strings,
// which end with their line, are only skipped: the line scan reads them.
func mask(syn *Syntax, src []byte) []byte {
	out := bytes.Clone(src)
	blank := func(from, to int) {
		for k := from; k < to; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	// Every case below starts at one of these bytes: the others are
	// passed over without testing each case.
	var opens [256]bool
	opens['"'], opens[syn.Comment[0]] = true, true
	opens['/'] = opens['/'] || syn.BlockComments
	opens['\''] = syn.SingleQuotes
	opens['#'] = opens['#'] || syn.Hash
	for i := 0; i < len(src); {
		c := src[i]
		if !opens[c] {
			i++
			continue
		}
		switch {
		case syn.BlockStrings && bytes.HasPrefix(src[i:], []byte(`"""`)):
			end := len(src)
			for j := i + 3; j < len(src); j++ {
				k := bytes.IndexAny(src[j:], `\"`)
				if k < 0 {
					break
				}
				j += k
				if src[j] == '\\' && bytes.HasPrefix(src[j+1:], []byte(`"""`)) {
					j += 3 // \""" is a quote inside
				} else if bytes.HasPrefix(src[j:], []byte(`"""`)) {
					end = j + 3
					break
				}
			}
			blank(i, end)
			i = end
		case syn.BlockComments && bytes.HasPrefix(src[i:], []byte("/*")):
			end := len(src)
			if k := bytes.Index(src[i+2:], []byte("*/")); k >= 0 {
				end = i + 2 + k + 2
			}
			blank(i, end)
			i = end
		case c == '"' || c == '\'' && syn.SingleQuotes:
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
					j++
				}
				j++
			}
			if j < len(src) && src[j] == c {
				j++
			}
			if c == '\'' {
				blank(i, j)
			}
			i = j
		case bytes.HasPrefix(src[i:], []byte(syn.Comment)) || syn.Hash && c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		default:
			i++
		}
	}
	return out
}

// stripComment removes a line comment that is not inside a string.
func stripComment(line string, syn *Syntax) string {
	inStr := false
	for k := 0; k < len(line); k++ {
		switch c := line[k]; {
		case c == '"':
			inStr = !inStr
		case inStr && c == '\\':
			k++
		case !inStr && c == syn.Comment[0] && strings.HasPrefix(line[k:], syn.Comment):
			return line[:k]
		case !inStr && syn.Hash && c == '#':
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

// BaseType strips list and optional markers: "Order[]?" and "[Order!]!" give Order.
func BaseType(t string) string {
	return strings.Trim(t, "[]?!,;")
}

package golang

import (
	"bytes"
	_ "embed"
	"path"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/golang"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/testpath"
)

//go:embed go.scm
var goQuery string

// Lang is Go.
var Lang = &extract.Language{
	Name: "go", Display: "Go", Fence: "go", Exts: []string{".go"}, Comment: "//", Revision: "14",
	Grammar: grammar.GetLanguage, QuerySource: goQuery,
	Funcs: goFuncs, BodiesKeepNothing: true,
	Refine:     refineGo,
	Members:    membersGo,
	MemberName: goMemberName,
	Embedded:   embeddedGo,
	Field:      fieldGo,
	Routes:     goRoutes,
	// A gin or echo group passed to a function that registers its routes.
	MountMarks: []string{".Group("},
	Elide:      extract.BraceElide,
	Lex:        goLex,
	Matches:    matchGo,

	SpecWords:       []string{"go", "golang"},
	RouteFrameworks: []string{"net/http", "chi", "gin", "echo", "fiber", "gorilla/mux"},
	NotNames:        []string{"true", "false", "nil", "string", "int", "bool", "error", "any", "byte", "rune"},
	Builtins: []string{"append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len", "make", "max", "min", "new",
		"panic", "print", "println", "real", "recover", "iota", "comparable", "int8", "int16", "int32", "int64", "uint", "uint8",
		"uint16", "uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128"},
	Frameworks:      frameworks,
	Keywords:        keywords,
	Generated:       generated,
	SkipDirs:        []string{"vendor"},
	ImportLine:      importLine,
	ImportStarts:    "i",
	Imports:         importNames,
	ExternalImports: externalImports,
	Manifests:       []string{"go.mod"},
	OwnModules:      ownModules,
	RootPackage:     rootPackage,
	DeclaredBy:      declaredBy,
	TestFiles:       []string{"*_test.go"},
	Tests:           goTests,
	TestNames:       testpath.Names(testNameRe),
	DocPrefixes:     []string{"//", "/*", "*"},
	PackageDir:      true,
	ForeignMethod:   isUpper,
}

// goFuncs are the Go nodes whose body is a function body.
var goFuncs = map[string]bool{"function_declaration": true, "method_declaration": true, "func_literal": true}

func isUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

func refineGo(m *extract.Match) bool {
	d := &m.Out
	d.Exported = isUpper(d.Name)
	d.Namespace = packageApart(d.Path, m.Src)
	parent := m.Def.Parent()
	// A spec alone in its declaration is shown with its keyword.
	single := parent != nil && len(goChildren(m, parent)) == 1
	switch m.Kind {
	case "function":
		d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", m.Def
	case "method":
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Method Signature", m.Def
		d.Container = goReceiverType(m.Receiver.Content(m.Src))
	case "type":
		d.Kind, d.Title = extract.KindType, "Type"
		if t := m.Def.ChildByFieldName("type"); t != nil && t.Type() == "interface_type" {
			d.Kind, d.Title = extract.KindInterface, "Interface"
		} else if t != nil && t.Type() == "struct_type" && goSchemaTags(t.Content(m.Src)) {
			d.Kind, d.Title = extract.KindSchema, "Schema"
		}
		if m.Memo(goErrorTypesKey{}, func() any { return goErrorTypes(m.Src) }).(map[string]bool)[d.Name] {
			d.Kind, d.Title = extract.KindError, "Error"
		}
		if table := m.Memo(goTableNamesKey{}, func() any { return goTableNames(m.Src) }).(map[string]string)[d.Name]; table != "" {
			d.Aliases = append(d.Aliases, table)
			if t := m.Def.ChildByFieldName("type"); t != nil && t.Type() == "struct_type" {
				d.Kind, d.Title = extract.KindSchema, "Schema"
			}
		}
		for _, mem := range membersGo(m.Def) {
			if embeddedGo(mem) {
				// The embedded type, without the field's tag.
				typ := mem
				if t := mem.ChildByFieldName("type"); t != nil {
					typ = t
				}
				d.Bases = append(d.Bases, goReceiverType(typ.Content(m.Src)))
			}
		}
		if single {
			m.Show = parent
			// "type Status string" followed by its constants reads as one
			// enum: the state machine a spec talks about.
			if t := m.Def.ChildByFieldName("type"); t != nil && t.Type() != "struct_type" && t.Type() != "interface_type" {
				if c := goConstsOf(parent, d.Name, m.Src); c != nil {
					d.Kind, d.Title, m.ShowEnd = extract.KindEnum, "Enum", c
					d.Values = extract.MemberValues(extract.NamedChildren(c), m.Src, goSpecName, goSpecValue)
				}
			}
		}
	case "constant", "variable":
		d.Kind, d.Title = extract.KindConstant, "Constant"
		d.Values = extract.LiteralValues(m.Def.ChildByFieldName("value"), m.Src)
		if m.Kind == "variable" {
			d.Title = "Variable"
			if t := goVarType(m.Def, m.Src); t != "" {
				d.Bases = []string{t} // var Opts *configOptions: its members are configOptions'
			}
			if v := m.Def.ChildByFieldName("value"); v != nil {
				if s := v.Content(m.Src); strings.HasPrefix(s, "errors.New(") || strings.HasPrefix(s, "fmt.Errorf(") || goErrorCall.MatchString(s) {
					d.Kind, d.Title = extract.KindError, "Error"
				}
			}
		}
		decl, specs := goSpecBlock(m.Def, func(n *sitter.Node) []*sitter.Node { return goChildren(m, n) })
		if len(specs) > 1 && m.ShowEnd == nil {
			m.MemberNodes = specs // what membersGo lists for a spec of a block
		}
		switch {
		case len(specs) <= 1:
			m.Show = decl
		case m.Kind == "constant" && m.Memo(goEnumKey{decl}, func() any { return goEnumBlock(decl, specs, m.Src) }).(bool):
			d.Kind, d.Title, m.Show = extract.KindEnum, "Enum", decl
		default:
			// One name of a group: show it inside its block, which the
			// appendix trims to the names a spec mentions.
			m.Show, d.Grouped = decl, true
		}
	default:
		return false
	}
	return true
}

// goConstsOf returns the const block right after decl (blank lines and
// comments between allowed) whose first constant has the named type.
func goConstsOf(decl *sitter.Node, name string, src []byte) *sitter.Node {
	next := decl.NextNamedSibling()
	for next != nil && extract.IsComment(next) {
		next = next.NextNamedSibling()
	}
	if next == nil || next.Type() != "const_declaration" || next.StartPoint().Row > decl.EndPoint().Row+3 {
		return nil
	}
	specs := extract.NamedChildren(next)
	if len(specs) == 0 {
		return nil
	}
	if t := specs[0].ChildByFieldName("type"); t == nil || t.Content(src) != name {
		return nil
	}
	return next
}

// packageApart is the package a file's clause declares when its
// directory does not spell it: the package at a module's root (plugin.go
// of github.com/influxdata/telegraf is `package telegraf`), or one named
// apart from its directory. A command's main and a test's package are
// no namespace a spec names.
func packageApart(file string, src []byte) string {
	m := packageRe.FindSubmatch(src[:min(len(src), 8<<10)])
	if m == nil {
		return ""
	}
	name := string(m[1])
	if name == "main" || strings.HasSuffix(name, "_test") || name == path.Base(path.Dir(file)) {
		return ""
	}
	return name
}

// packageRe matches a Go file's package clause, after a byte order mark too.
var packageRe = regexp.MustCompile(`(?m)^\x{FEFF}?package[ \t]+(\w+)`)

// goSpecName is the (first) name a const spec declares.
func goSpecName(spec *sitter.Node) *sitter.Node { return spec.ChildByFieldName("name") }

// goSpecValue is the one expression a const spec is set to, or nil (a
// spec of several names has several).
func goSpecValue(spec *sitter.Node) *sitter.Node {
	if v := spec.ChildByFieldName("value"); v != nil && v.NamedChildCount() == 1 {
		return v.NamedChild(0)
	}
	return nil
}

// goTableNamesKey is the Memo key of a file's goTableNames.
type goTableNamesKey struct{}

// goTableNameRe is a TableName method that returns a literal, GORM's and
// xorm's way to name a model's table: func (Repo) TableName() string {
// return "repos" }.
var goTableNameRe = regexp.MustCompile(`(?m)^func \(\s*(?:\w+\s+)?\*?(\w+)\s*\)\s*TableName\(\)\s*string\s*\{\s*return\s+"([^"\s]+)"`)

// goTableNames maps each type of src with a TableName method returning a
// literal to that table name.
func goTableNames(src []byte) map[string]string {
	out := map[string]string{}
	if !bytes.Contains(src, []byte(") TableName()")) {
		return out
	}
	for _, m := range goTableNameRe.FindAllSubmatch(src, -1) {
		out[string(m[1])] = string(m[2])
	}
	return out
}

// goErrorTypesKey is the Memo key of a file's goErrorTypes.
type goErrorTypesKey struct{}

// goErrorTypes is the set of types with an Error() string method in
// src: the receivers of its lines "func (e *T) Error() string" (T may
// carry type parameters, "func (e T[K]) Error() string").
func goErrorTypes(src []byte) map[string]bool {
	out := map[string]bool{}
	const sig = ") Error() string"
	for rest := src; ; {
		i := bytes.Index(rest, []byte(sig))
		if i < 0 {
			return out
		}
		start := bytes.LastIndexByte(rest[:i], '\n') + 1
		line := rest[start:i]
		rest = rest[i+len(sig):]
		recv, ok := bytes.CutPrefix(line, []byte("func ("))
		if !ok {
			continue
		}
		if k := bytes.IndexByte(recv, '['); k >= 0 {
			if !bytes.HasSuffix(recv, []byte("]")) {
				continue
			}
			recv = recv[:k]
		}
		f := bytes.Fields(recv)
		if len(f) == 0 || len(f) > 2 {
			continue
		}
		name := bytes.TrimPrefix(f[len(f)-1], []byte("*"))
		if len(name) > 0 && bytes.IndexFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) < 0 {
			out[string(name)] = true
		}
	}
}

// goErrorCall matches constructors of error values: echo.NewHTTPError(...),
// status.Error(...), apperr.New...Error(...).
var goErrorCall = regexp.MustCompile(`^[\w.]*(?:New\w*Error|Errorf?|NewErr\w*)\(`)

// goSchemaTags reports a struct whose fields carry storage or wire tags.
func goSchemaTags(body string) bool {
	for _, t := range []string{`db:"`, `gorm:"`, `bun:"`, `json:"`, `bson:"`, `sql:"`} {
		if strings.Contains(body, t) {
			return true
		}
	}
	return false
}

// goReceiverType turns "(s *Server[T])" into "Server".
func goReceiverType(recv string) string {
	recv = strings.Trim(recv, "()")
	if f := strings.Fields(recv); len(f) > 0 {
		recv = f[len(f)-1]
	}
	recv = strings.TrimLeft(recv, "*")
	if i := strings.IndexByte(recv, '['); i >= 0 {
		recv = recv[:i]
	}
	return recv
}

// goVarType is the named type a var spec declares or initializes its one
// name with (`var Opts *configOptions`, `var client = &Client{...}`), or
// "" for another type (a map, a slice, a function's result).
func goVarType(spec *sitter.Node, src []byte) string {
	n := spec.ChildByFieldName("type")
	if v := spec.ChildByFieldName("value"); n == nil && v != nil && v.NamedChildCount() == 1 {
		lit := v.NamedChild(0)
		if lit.Type() == "unary_expression" && lit.NamedChildCount() == 1 {
			lit = lit.NamedChild(0)
		}
		if lit.Type() == "composite_literal" {
			n = lit.ChildByFieldName("type")
		}
	}
	for n != nil && n.Type() == "pointer_type" && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	if n == nil {
		return ""
	}
	switch n.Type() {
	case "type_identifier", "qualified_type", "generic_type":
		if t := goReceiverType(n.Content(src)); !goBuiltinTypes[t] {
			return t
		}
	}
	return ""
}

// goSpecBlock returns the declaration holding a const or var spec and all
// the specs of that declaration; children lists a node's named children.
func goSpecBlock(spec *sitter.Node, children func(*sitter.Node) []*sitter.Node) (*sitter.Node, []*sitter.Node) {
	p := spec.Parent()
	if p != nil && p.Type() == "var_spec_list" {
		return p.Parent(), children(p)
	}
	return p, children(p)
}

// goChildren is extract.NamedChildren(n), once for all the matches of a
// tree: each name of a block asks for the block's specs.
func goChildren(m *extract.Match, n *sitter.Node) []*sitter.Node {
	return m.Memo(goChildrenKey{n}, func() any { return extract.NamedChildren(n) }).([]*sitter.Node)
}

type (
	goChildrenKey struct{ n *sitter.Node }
	goEnumKey     struct{ decl *sitter.Node }
)

// goEnumBlock reports whether a const block, decl holding specs, reads as
// an enumeration: more than one spec and either iota or one declared type
// shared by all.
func goEnumBlock(decl *sitter.Node, specs []*sitter.Node, src []byte) bool {
	if len(specs) == 1 && specs[0].Type() == "var_spec_list" {
		return false
	}
	if len(specs) < 2 {
		return false
	}
	if bytes.Contains(src[decl.StartByte():decl.EndByte()], []byte("iota")) {
		return true
	}
	typ := ""
	for _, s := range specs {
		t := s.ChildByFieldName("type")
		if t == nil {
			return false
		}
		if typ == "" {
			typ = t.Content(src)
		} else if t.Content(src) != typ {
			return false
		}
	}
	return true
}

func membersGo(def *sitter.Node) []*sitter.Node {
	switch def.Type() {
	case "type_spec":
		t := def.ChildByFieldName("type")
		if t == nil {
			return nil
		}
		switch t.Type() {
		case "struct_type":
			return structFields(t)
		case "interface_type":
			return extract.NamedChildren(t)
		}
	case "const_spec", "var_spec":
		if _, specs := goSpecBlock(def, extract.NamedChildren); len(specs) > 1 {
			return specs
		}
		if t := varStruct(def); t != nil {
			return structFields(t)
		}
	case "const_declaration":
		return extract.NamedChildren(def)
	}
	return nil
}

// structFields are a struct type's fields, and the fields of each
// struct type written inline in one (`Pipeline struct { MaxTimeout int64 }`),
// which goMemberName names by the path to them.
func structFields(t *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(t) {
		if c.Type() != "field_declaration_list" {
			continue
		}
		for _, f := range extract.NamedChildren(c) {
			out = append(out, f)
			if ft := f.ChildByFieldName("type"); ft != nil && ft.Type() == "struct_type" && f.ChildByFieldName("name") != nil {
				out = append(out, structFields(ft)...)
			}
		}
	}
	return out
}

// varStruct is the struct type a variable is declared with, written
// inline: `var Config struct { ... }` or `var Config = struct { ... }{}`.
func varStruct(spec *sitter.Node) *sitter.Node {
	if spec.Type() != "var_spec" {
		return nil
	}
	t := spec.ChildByFieldName("type")
	if v := spec.ChildByFieldName("value"); t == nil && v != nil && v.NamedChildCount() == 1 {
		if lit := v.NamedChild(0); lit.Type() == "composite_literal" {
			t = lit.ChildByFieldName("type")
		}
	}
	if t == nil || t.Type() != "struct_type" {
		return nil
	}
	return t
}

// goMemberName names a field by its path from the outermost struct: a
// field of a struct written inline in the field Pipeline is
// "Pipeline.MaxTimeout", as a spec writes it after the variable's or
// type's name.
func goMemberName(n *sitter.Node, src []byte) string {
	name := extract.MemberNameOf(n, src)
	for p := n.Parent(); name != "" && p != nil && p.Type() == "field_declaration_list"; {
		st := p.Parent()
		if st == nil || st.Type() != "struct_type" {
			break
		}
		f := st.Parent()
		if f == nil || f.Type() != "field_declaration" {
			break
		}
		name = extract.MemberNameOf(f, src) + "." + name
		p = f.Parent()
	}
	return name
}

// embeddedGo reports an embedded field: a field declaration without a name.
func embeddedGo(n *sitter.Node) bool {
	switch n.Type() {
	case "field_declaration":
		return n.ChildByFieldName("name") == nil
	case "type_elem":
		// An interface's embedded interface, `Querier` in `type Store
		// interface { Querier; ... }`; not a constraint's union of types.
		c := n.NamedChild(0)
		return n.NamedChildCount() == 1 && c != nil && (c.Type() == "type_identifier" || c.Type() == "qualified_type")
	}
	return false
}

// fieldGo describes a struct field: its type by name, and the names its
// json and yaml tags serialize it as.
func fieldGo(n *sitter.Node, src []byte) (typ string, serialized []string) {
	if n.Type() != "field_declaration" {
		return "", nil
	}
	if t := n.ChildByFieldName("type"); t != nil {
		typ = goNamedType(t.Content(src))
	}
	if t := n.ChildByFieldName("tag"); t != nil {
		serialized = goTagNames(t.Content(src))
	}
	return typ, serialized
}

// goNamedType is the named type a field's type holds: "*[]pkg.T[U]" and
// "map[string]*T" give pkg.T and T; a built-in type, a function, channel
// or literal struct type gives "".
func goNamedType(t string) string {
	for {
		t = strings.TrimSpace(t)
		switch {
		case strings.HasPrefix(t, "*"):
			t = t[1:]
		case strings.HasPrefix(t, "["):
			// A slice, an array or a map's key: the element type follows
			// the bracket that closes the first.
			depth := 0
			end := strings.IndexFunc(t, func(r rune) bool {
				switch r {
				case '[':
					depth++
				case ']':
					depth--
				}
				return depth == 0
			})
			if end < 0 {
				return ""
			}
			t = t[end+1:]
		case strings.HasPrefix(t, "map["):
			t = t[len("map"):] // the key's brackets, as a slice's
		default:
			if i := strings.IndexByte(t, '['); i >= 0 {
				t = t[:i] // a generic type's arguments
			}
			if !goTypeNameRe.MatchString(t) || goBuiltinTypes[t] {
				return ""
			}
			return t
		}
	}
}

// goTypeNameRe matches a type name, qualified by its package or not.
var goTypeNameRe = regexp.MustCompile(`^(?:[A-Za-z_]\w*\.)?[A-Za-z_]\w*$`)

// goBuiltinTypes are Go's predeclared types.
var goBuiltinTypes = extract.WordSet(`any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64
	rune string uint uint8 uint16 uint32 uint64 uintptr`)

// goTagNames lists the names a struct tag serializes a field as: the name
// part of its json, yaml, mapstructure, toml, xml, bson and db keys, a
// gorm key's column and an xorm key's column name (extract.SpacedTagName)
// ("requeueAt" in json:"requeueAt,omitempty"), once each; "-" and an
// empty name serialize it under no name of its own.
func goTagNames(lit string) []string {
	tag, err := strconv.Unquote(lit)
	if err != nil {
		return nil
	}
	var out []string
	add := func(name string) {
		if name != "" && name != "-" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	for _, key := range []string{"json", "yaml", "mapstructure", "toml", "xml", "bson", "db"} {
		if v, ok := reflect.StructTag(tag).Lookup(key); ok {
			name, _, _ := strings.Cut(v, ",")
			add(name)
		}
	}
	if v, ok := reflect.StructTag(tag).Lookup("gorm"); ok {
		for _, part := range strings.Split(v, ";") {
			if name, ok := strings.CutPrefix(strings.TrimSpace(part), "column:"); ok {
				add(name)
			}
		}
	}
	if v, ok := reflect.StructTag(tag).Lookup("xorm"); ok {
		add(extract.SpacedTagName(v))
	}
	return out
}

// ownModules is the module path a go.mod declares.
// rootPackage is the name of the package at a module's root: the module
// path's last element, past a major version's (github.com/acme/shop/v2
// is shop's).
func rootPackage(module string) string {
	parts := strings.Split(module, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && majorRe.MatchString(last) {
		last = parts[len(parts)-2]
	}
	if !goTypeNameRe.MatchString(last) || strings.Contains(last, ".") {
		return ""
	}
	return last
}

func ownModules(manifest []byte) []string {
	for _, l := range strings.Split(string(manifest), "\n") {
		if m, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
			return []string{strings.Trim(strings.TrimSpace(m), `"`)}
		}
	}
	return nil
}

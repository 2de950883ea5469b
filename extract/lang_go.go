package extract

import (
	"bytes"
	_ "embed"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"
)

//go:embed queries/go.scm
var goQuery string

var goLang = &Language{
	Name: "go", Fence: "go", Exts: []string{".go"}, Comment: "//",
	grammar: golang.GetLanguage, querySrc: goQuery,
	funcs:   goFuncs,
	refine:  refineGo,
	members: membersGo,
	routes:  goRoutes,
	elide:   braceElide,
	lex:     goLex,
	matches: matchGo,
}

// goFuncs are the Go nodes whose body is a function body.
var goFuncs = map[string]bool{"function_declaration": true, "method_declaration": true, "func_literal": true}

func isUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

func refineGo(m *match) bool {
	d := &m.out
	d.Exported = isUpper(d.Name)
	parent := m.def.Parent()
	// A spec alone in its declaration is shown with its keyword.
	single := parent != nil && len(namedChildren(parent)) == 1
	switch m.kind {
	case "function":
		d.Kind, d.Title, m.ownFunc = KindFunction, "Function Signature", m.def
	case "method":
		d.Kind, d.Title, m.ownFunc = KindMethod, "Method Signature", m.def
		d.Container = goReceiverType(m.receiver.Content(m.src))
	case "type":
		d.Kind, d.Title = KindType, "Type"
		if t := m.def.ChildByFieldName("type"); t != nil && t.Type() == "interface_type" {
			d.Kind, d.Title = KindInterface, "Interface"
		} else if t != nil && t.Type() == "struct_type" && goSchemaTags(t.Content(m.src)) {
			d.Kind, d.Title = KindSchema, "Schema"
		}
		if goErrorType(d.Name, m.src) {
			d.Kind, d.Title = KindError, "Error"
		}
		for _, mem := range membersGo(m.def) {
			if isEmbedded(mem) {
				d.Bases = append(d.Bases, goReceiverType(mem.Content(m.src)))
			}
		}
		if single {
			m.show = parent
			// "type Status string" followed by its constants reads as one
			// enum: the state machine a spec talks about.
			if t := m.def.ChildByFieldName("type"); t != nil && t.Type() != "struct_type" && t.Type() != "interface_type" {
				if c := goConstsOf(parent, d.Name, m.src); c != nil {
					d.Kind, d.Title, m.showEnd = KindEnum, "Enum", c
				}
			}
		}
	case "constant", "variable":
		d.Kind, d.Title = KindConstant, "Constant"
		if m.kind == "variable" {
			d.Title = "Variable"
			if v := m.def.ChildByFieldName("value"); v != nil {
				if s := v.Content(m.src); strings.HasPrefix(s, "errors.New(") || strings.HasPrefix(s, "fmt.Errorf(") || goErrorCall.MatchString(s) {
					d.Kind, d.Title = KindError, "Error"
				}
			}
		}
		decl, specs := goSpecBlock(m.def)
		switch {
		case len(specs) <= 1:
			m.show = decl
		case m.kind == "constant" && goEnumBlock(decl, m.src):
			d.Kind, d.Title, m.show = KindEnum, "Enum", decl
		default:
			// One name of a group: show it inside its block, which the
			// appendix trims to the names a spec mentions.
			m.show, d.Grouped = decl, true
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
	for next != nil && next.Type() == "comment" {
		next = next.NextNamedSibling()
	}
	if next == nil || next.Type() != "const_declaration" || next.StartPoint().Row > decl.EndPoint().Row+3 {
		return nil
	}
	specs := namedChildren(next)
	if len(specs) == 0 {
		return nil
	}
	if t := specs[0].ChildByFieldName("type"); t == nil || t.Content(src) != name {
		return nil
	}
	return next
}

// goErrorType reports a type with an Error() string method in its file.
func goErrorType(name string, src []byte) bool {
	if !bytes.Contains(src, []byte(") Error() string")) {
		return false
	}
	re := regexp.MustCompile(`(?m)^func \(\w*\s*\*?` + regexp.QuoteMeta(name) + `(?:\[[^\]]*\])?\) Error\(\) string`)
	return re.Match(src)
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

// goSpecBlock returns the declaration holding a const or var spec and all
// the specs of that declaration.
func goSpecBlock(spec *sitter.Node) (*sitter.Node, []*sitter.Node) {
	p := spec.Parent()
	if p != nil && p.Type() == "var_spec_list" {
		return p.Parent(), namedChildren(p)
	}
	return p, namedChildren(p)
}

// goEnumBlock reports whether a const block reads as an enumeration: more
// than one spec and either iota or one declared type shared by all.
func goEnumBlock(decl *sitter.Node, src []byte) bool {
	specs := namedChildren(decl)
	if len(specs) == 1 && specs[0].Type() == "var_spec_list" {
		return false
	}
	if len(specs) < 2 {
		return false
	}
	if strings.Contains(decl.Content(src), "iota") {
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
			for _, c := range namedChildren(t) {
				if c.Type() == "field_declaration_list" {
					return namedChildren(c)
				}
			}
		case "interface_type":
			return namedChildren(t)
		}
	case "const_spec", "var_spec":
		if _, specs := goSpecBlock(def); len(specs) > 1 {
			return specs
		}
	case "const_declaration":
		return namedChildren(def)
	}
	return nil
}

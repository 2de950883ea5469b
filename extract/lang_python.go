package extract

import (
	_ "embed"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/python"
)

//go:embed queries/python.scm
var pythonQuery string

var pythonLang = &Language{
	Name: "python", Fence: "python", Exts: []string{".py", ".pyi"}, Comment: "#",
	grammar: python.GetLanguage, querySrc: pythonQuery,
	funcs:   map[string]bool{"function_definition": true},
	refine:  refinePython,
	members: membersPython,
	elide:   pythonElide,
}

// pythonElide cuts a block from the colon that opens it: "def f(x): ...".
func pythonElide(body *sitter.Node) (uint32, string) {
	if p := body.PrevSibling(); p != nil && p.Type() == ":" {
		return p.EndByte(), " ..."
	}
	return body.StartByte(), "..."
}

func decorated(n *sitter.Node) *sitter.Node {
	if p := n.Parent(); p != nil && p.Type() == "decorated_definition" {
		return p
	}
	return n
}

func refinePython(m *match) bool {
	d := &m.out
	d.Exported = !strings.HasPrefix(d.Name, "_") || strings.HasSuffix(d.Name, "__")
	switch m.kind {
	case "function":
		d.Kind, d.Title, m.ownFunc, m.show = KindFunction, "Function Signature", m.def, decorated(m.def)
	case "method":
		d.Kind, d.Title, m.ownFunc, m.show = KindMethod, "Method Signature", m.def, decorated(m.def)
		for p := m.def.Parent(); p != nil; p = p.Parent() {
			if p.Type() == "class_definition" {
				if n := p.ChildByFieldName("name"); n != nil {
					d.Container = n.Content(m.src)
				}
				break
			}
		}
	case "class":
		d.Kind, d.Title, m.show = KindType, "Class", decorated(m.def)
		bases := ""
		if s := m.def.ChildByFieldName("superclasses"); s != nil {
			bases = s.Content(m.src)
		}
		switch {
		case containsWord(bases, "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"):
			d.Kind, d.Title = KindEnum, "Enum"
		case containsWord(bases, "Protocol", "ABC"):
			d.Kind, d.Title = KindInterface, "Interface"
		case containsWord(bases, "Exception", "Error") || strings.HasSuffix(d.Name, "Error"):
			d.Kind, d.Title = KindError, "Error"
		}
	case "variable":
		d.Kind, d.Title, m.show = KindConstant, "Variable", m.def.Parent()
		if strings.ToUpper(d.Name) == d.Name {
			d.Title = "Constant"
		}
	default:
		return false
	}
	return true
}

// containsWord reports whether s names one of words as a whole identifier
// (possibly dotted: "enum.Enum").
func containsWord(s string, words ...string) bool {
	f := strings.FieldsFunc(s, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	})
	for _, w := range f {
		for _, x := range words {
			if w == x {
				return true
			}
		}
	}
	return false
}

func membersPython(def *sitter.Node) []*sitter.Node {
	if def.Type() != "class_definition" {
		return nil
	}
	var out []*sitter.Node
	for _, c := range namedChildren(def.ChildByFieldName("body")) {
		if c.Type() == "expression_statement" && c.NamedChildCount() > 0 && c.NamedChild(0).Type() == "string" {
			continue // docstring: part of the header
		}
		out = append(out, c)
	}
	return out
}

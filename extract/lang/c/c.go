package c

import (
	_ "embed"

	grammar "github.com/smacker/go-tree-sitter/c"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
)

//go:embed c.scm
var cQuery string

func init() { clike.C = Lang }

// Lang is C. Headers (.h) are read by the C++ grammar, which reads C's
// declarations as well; their definitions that use nothing of C++'s are
// C's (see extract/lang/cpp).
var Lang = knowing(&extract.Language{
	Name: "c", Display: "C", Fence: "c", Exts: []string{".c"}, Comment: "//", Revision: "5",
	Grammar: grammar.GetLanguage, QuerySource: cQuery,
	Funcs: clike.Funcs, BodiesKeepNothing: true,
	Bodies:     clike.Bodies,
	Refine:     refineC,
	Members:    clike.Members,
	MoreNames:  clike.MoreNames,
	Expanded:   clike.Expanded,
	MemberName: clike.MemberName,
	Field:      clike.Field,
	Misread:    clike.Misread,
	Prepare:    clike.Mask,
	Elide:      extract.BraceElide,
	Routes:     cRoutes,
	Lex:        cLex,
	Matches:    clike.Matcher(clike.CPatterns),
})

func refineC(m *extract.Match) bool {
	d := &m.Out
	switch m.Kind {
	case "function":
		decl := clike.Declaring(m.Def)
		if decl == nil || !clike.FileScope(decl) {
			return false
		}
		switch decl.Type() {
		case "function_definition":
			if decl.ChildByFieldName("type") == nil {
				return false // a macro's call read as a function: TEST(name) { ... }
			}
			m.OwnFunc = decl
		case "declaration":
		default:
			return false
		}
		m.Def, m.Show = decl, decl
		d.Kind, d.Title = extract.KindFunction, "Function Signature"
		d.Exported = !clike.Has(decl, "static")
	case "struct", "union", "enum":
		show, ok := clike.Holder(m.Def)
		if !ok || !clike.FileScope(show) {
			return false
		}
		clike.ShowType(m, show)
		d.Exported = clike.Header(d.Path)
	case "type":
		decl := clike.DeclarationOf(m.Def, "type_definition")
		if decl == nil || !clike.FileScope(decl) {
			return false
		}
		m.Def, m.Show = decl, decl
		clike.Typedef(d, decl, m.Name, m.Src)
		d.Exported = clike.Header(d.Path)
	case "macro":
		if !clike.FileScope(m.Def) || clike.Guard(m.Def, d.Name, m.Src) {
			return false
		}
		d.Kind, d.Title = extract.KindConstant, "Macro"
		if m.Def.Type() == "preproc_function_def" {
			d.Kind = extract.KindFunction
		}
		d.Exported = clike.Header(d.Path)
	case "entry":
		stmt := clike.Entry(m)
		if stmt == nil {
			return false
		}
		clike.ShowEntry(m, stmt)
	case "variable":
		decl := clike.DeclarationOf(m.Def, "declaration")
		if decl == nil || !clike.FileScope(decl) {
			return false
		}
		m.Def, m.Show = decl, decl
		d.Kind, d.Title = extract.KindConstant, "Variable"
		if clike.Constant(decl, m.Name) {
			d.Title = "Constant"
		}
		d.Exported = !clike.Has(decl, "static")
		d.Bases = clike.Holds(decl, m.Src)
	default:
		return false
	}
	return true
}

package python

import (
	_ "embed"
	"path"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/python"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/imports"
	"github.com/appendix-dev/appendix/extract/lang/internal/testpath"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed python.scm
var pythonQuery string

// Lang is Python.
var Lang = &extract.Language{
	Name: "python", Display: "Python", Fence: "python", Exts: []string{".py", ".pyi"}, Comment: "#", Revision: "3",
	Grammar: grammar.GetLanguage, QuerySource: pythonQuery,
	Funcs:   map[string]bool{"function_definition": true},
	Bodies:  map[string]bool{"class_definition": true}, // a class's members and methods
	Refine:  refinePython,
	Members: membersPython,
	Routes:  pyRoutes,
	Elide:   pythonElide,
	Lex:     pythonLex,
	Matches: matchPython,

	SpecWords:       specWords,
	RouteFrameworks: []string{"FastAPI", "Flask", "Django"},
	NotNames:        notNames,
	Builtins:        builtins,
	EmptyBases:      []string{"ABC", "object", "Generic", "Protocol"},
	Frameworks:      frameworks,
	Keywords:        keywords,
	Generated:       []string{"_pb2.py", "_pb2_grpc.py"},
	SkipDirs:        []string{".venv", "venv", "__pycache__", "site-packages", ".mypy_cache", ".tox"},
	Imports:         imports.Names,
	ImportedModules: imports.Modules,
	ImportLine:      imports.Keyword,
	ExternalImports: externalImports,
	Manifests:       []string{"pyproject.toml", "requirements*.txt", "Pipfile"},
	DeclaredBy:      declaredBy,
	RootModules:     true,
	TestFiles:       []string{"test_*.py", "*_test.py", "conftest.py"},
	TestDirs:        []string{"tests"},
	Tests:           pyTests,
	TestNames:       testpath.Names(testNameRe),
	RouteFile:       routeFile,
	Declares:        declares,
	DocPrefixes:     []string{"#", "@"},
	IndexStems:      []string{"__init__"},
	ModelFiles:      []string{"models.py"},
	AppTables:       true,
	ValueMethods:    valueMethods,
	KeyMembers:      keyMembers,
	KeyMarkers:      []string{"primary_key"},
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

// pyTopLevel reports whether n sits at module level: only blocks of if,
// try, with and the like (no function or class) stand between it and the
// module.
func pyTopLevel(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "module":
			return true
		case "decorated_definition", "block", "if_statement", "elif_clause", "else_clause", "try_statement",
			"except_clause", "finally_clause", "with_statement", "expression_statement":
			continue
		default:
			return false
		}
	}
	return false
}

// pyClassOf returns the module-level class whose body holds def directly.
func pyClassOf(def *sitter.Node) *sitter.Node {
	p := decorated(def).Parent()
	if p == nil || p.Type() != "block" {
		return nil
	}
	if c := p.Parent(); c != nil && c.Type() == "class_definition" && pyTopLevel(c) {
		return c
	}
	return nil
}

func refinePython(m *extract.Match) bool {
	d := &m.Out
	d.Exported = !strings.HasPrefix(d.Name, "_") || strings.HasSuffix(d.Name, "__")
	switch m.Kind {
	case "function":
		m.OwnFunc, m.Show = m.Def, decorated(m.Def)
		if cls := pyClassOf(m.Def); cls != nil {
			d.Kind, d.Title = extract.KindMethod, "Method Signature"
			if n := cls.ChildByFieldName("name"); n != nil {
				d.Container = n.Content(m.Src)
			}
		} else if pyTopLevel(m.Def) {
			d.Kind, d.Title = extract.KindFunction, "Function Signature"
		} else {
			return false
		}
	case "class":
		if !pyTopLevel(m.Def) {
			return false
		}
		d.Kind, d.Title, m.Show = extract.KindType, "Class", decorated(m.Def)
		bases := ""
		if s := m.Def.ChildByFieldName("superclasses"); s != nil {
			bases = s.Content(m.Src)
		}
		switch {
		case words.Contains(bases, "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "TextChoices", "IntegerChoices", "Choices"):
			d.Kind, d.Title = extract.KindEnum, "Enum"
		case words.Contains(bases, "Protocol", "ABC"):
			d.Kind, d.Title = extract.KindInterface, "Interface"
		case words.Contains(bases, "Exception", "Error") || strings.HasSuffix(d.Name, "Error"):
			d.Kind, d.Title = extract.KindError, "Error"
		default:
			if title := pySchemaTitle(bases, m.Def, m.Src); title != "" {
				d.Kind, d.Title = extract.KindSchema, title
			}
		}
		d.Bases = words.Identifiers(bases)
		d.Values = pyClassValues(m.Def, m.Src, d.Kind == extract.KindEnum)
		if d.Kind == extract.KindSchema {
			d.Aliases = pyTableNames(d.Name, m.Def, m.Src, m.Out.Path)
		}
	case "variable":
		m.Show = m.Def.Parent()
		if !pyTopLevel(m.Show) {
			return false
		}
		d.Kind, d.Title = extract.KindConstant, "Variable"
		if strings.ToUpper(d.Name) == d.Name {
			d.Title = "Constant"
		}
		d.Bases = madeFrom(m.Def.ChildByFieldName("right"), m.Src)
		d.Values = extract.LiteralValues(m.Def.ChildByFieldName("right"), m.Src)
	default:
		return false
	}
	return true
}

// pyClassValues are the string values of a class's members: every member
// of an enum (RETRY = "Retry"; a Django choice's value, PENDING =
// "pending", _("Pending")), the constants (by their SCREAMING_CASE names)
// of any other class.
func pyClassValues(cls *sitter.Node, src []byte, enum bool) []extract.Value {
	assignment := func(stmt *sitter.Node) *sitter.Node {
		if stmt.Type() != "expression_statement" || stmt.NamedChildCount() != 1 || stmt.NamedChild(0).Type() != "assignment" {
			return nil
		}
		a := stmt.NamedChild(0)
		if l := a.ChildByFieldName("left"); l == nil || l.Type() != "identifier" || !enum && strings.ToUpper(l.Content(src)) != l.Content(src) {
			return nil
		}
		return a
	}
	name := func(stmt *sitter.Node) *sitter.Node {
		if a := assignment(stmt); a != nil {
			return a.ChildByFieldName("left")
		}
		return nil
	}
	value := func(stmt *sitter.Node) *sitter.Node {
		a := assignment(stmt)
		if a == nil {
			return nil
		}
		v := a.ChildByFieldName("right")
		if v != nil && enum && v.Type() == "expression_list" && v.NamedChildCount() > 0 {
			v = v.NamedChild(0)
		}
		return v
	}
	return extract.MemberValues(membersPython(cls), src, name, value)
}

// madeFrom is the class a variable's value is an instance of, when the
// value is a call of a capitalised name (a class, by convention):
// Tracker(), metrics.Tracker(limit=3).
func madeFrom(value *sitter.Node, src []byte) []string {
	if value == nil || value.Type() != "call" {
		return nil
	}
	fn := value.ChildByFieldName("function")
	if fn != nil && fn.Type() == "attribute" {
		fn = fn.ChildByFieldName("attribute")
	}
	if fn == nil || fn.Type() != "identifier" {
		return nil
	}
	if name := fn.Content(src); name[0] >= 'A' && name[0] <= 'Z' {
		return []string{name}
	}
	return nil
}

// pySchemaTitle recognises data models: Django models, SQLModel tables,
// SQLAlchemy declarative models, pydantic models and settings.
func pySchemaTitle(bases string, cls *sitter.Node, src []byte) string {
	body := ""
	if b := cls.ChildByFieldName("body"); b != nil {
		body = b.Content(src)
	}
	switch {
	case strings.Contains(bases, "table=True"):
		return "Table"
	case strings.Contains(body, "__tablename__") || strings.Contains(body, "Mapped[") || strings.Contains(body, "= Column("):
		return "Table"
	case words.Contains(bases, "Model") && (strings.Contains(bases, "models.Model") || strings.Contains(body, "models.")):
		return "Model"
	case strings.Contains(body, "= models.") && strings.Contains(string(src), "django"):
		// Django fields on a class whose base is the project's own
		// (abstract) model: class Order(TimeStampedModel).
		return "Model"
	case words.Contains(bases, "BaseSettings"):
		return "Settings"
	case words.Contains(bases, "BaseModel", "SQLModel", "RootModel"):
		return "Model"
	}
	return ""
}

var (
	pyDBTableRe   = regexp.MustCompile(`(?m)^\s+db_table\s*=\s*["']([^"']+)["']`)
	pyTablenameRe = regexp.MustCompile(`(?m)^\s+__tablename__\s*=\s*["']([^"']+)["']`)
)

// pyTableNames are the table names of a model: Django's Meta.db_table or
// its default <app>_<model>, SQLAlchemy's __tablename__.
func pyTableNames(name string, cls *sitter.Node, src []byte, file string) []string {
	body := cls.Content(src)
	if m := pyTablenameRe.FindStringSubmatch(body); m != nil {
		return []string{m[1]}
	}
	if m := pyDBTableRe.FindStringSubmatch(body); m != nil {
		return []string{m[1]}
	}
	if strings.Contains(string(src), "django") {
		// Django's default: the app's directory and the model, lowercased.
		dir := path.Dir(file)
		if path.Base(dir) == "models" {
			dir = path.Dir(dir)
		}
		if app := path.Base(dir); app != "." && app != "/" {
			return []string{strings.ToLower(app + "_" + name)}
		}
	}
	return nil
}

func membersPython(def *sitter.Node) []*sitter.Node {
	if def.Type() != "class_definition" {
		return nil
	}
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		if c.Type() == "expression_statement" && c.NamedChildCount() > 0 && c.NamedChild(0).Type() == "string" {
			continue // docstring: part of the header
		}
		out = append(out, c)
	}
	return out
}

package cpp

import (
	_ "embed"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/cpp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed cpp.scm
var cppQuery string

// Lang is C++. It reads headers (.h) too, C's among them: its grammar
// reads C's declarations, and a definition in a .h file that uses nothing
// of C++'s (no class, namespace, template, reference, qualified name...)
// is C's.
var Lang = knowing(&extract.Language{
	Name: "cpp", Display: "C++", Fence: "cpp", Exts: []string{".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx", ".h++", ".ipp", ".tpp", ".inl"},
	MemberSeps: []string{"::"},
	Comment:    "//", Revision: "7",
	Grammar: grammar.GetLanguage, QuerySource: cppQuery,
	Funcs: clike.Funcs, BodiesKeepNothing: true,
	Bodies:     clike.Bodies,
	Refine:     refineCpp,
	Members:    clike.Members,
	MoreNames:  clike.MoreNames,
	Expanded:   clike.Expanded,
	MemberName: clike.MemberName,
	Field:      clike.Field,
	Misread:    clike.Misread,
	Prepare:    clike.Mask,
	Elide:      extract.BraceElide,
	Routes:     cppRoutes,
	Lex:        cppLex,
	Matches:    clike.Matcher(patterns),
})

// patterns are cpp.scm's patterns, in its order: C's, then C++'s.
var patterns = append(append([]clike.Pattern{}, clike.CPatterns...),
	clike.Pattern{Node: "function_declarator", Field: "declarator", Child: "field_identifier", Kind: "method"},
	clike.Pattern{Node: "function_declarator", Field: "declarator", Child: "qualified_identifier", Kind: "qualified"},
	clike.Pattern{Node: "class_specifier", Field: "name", Child: "type_identifier", Kind: "class", Body: "field_declaration_list"},
	clike.Pattern{Node: "class_specifier", Field: "name", Child: "qualified_identifier", Kind: "nested", Body: "field_declaration_list"},
	clike.Pattern{Node: "struct_specifier", Field: "name", Child: "qualified_identifier", Kind: "nested", Body: "field_declaration_list"},
	clike.Pattern{Node: "alias_declaration", Field: "name", Child: "type_identifier", Kind: "alias"},
	clike.Pattern{Node: "field_declaration", Field: "declarator", Child: "field_identifier", Kind: "field"},
)

// where is what encloses a declaration: the class whose body holds it
// (the innermost), the namespaces around it and the classes around it
// (which qualify it as namespaces do: Order::Status::kPaid), whether it is
// visible outside its file or class.
type where struct {
	container string
	namespace []string
	classes   []string
	exported  bool
}

// qualifiers are the namespaces and classes around a declaration, dotted.
func (w *where) qualifiers() string {
	return strings.Join(append(append([]string{}, w.namespace...), w.classes...), ".")
}

// scope reports whether decl is declared at file scope, in a namespace,
// or in the body of a class so declared (through preprocessor
// conditionals, extern "C" blocks and templates), and where: its
// namespaces are those the file's text opens around it. A declaration in
// a function's body, or in a class declared there, is none.
func scope(m *extract.Match, decl *sitter.Node) (w where, ok bool) {
	src := m.Src
	names, anonymous := namespacesAt(m, int(decl.StartByte()))
	w.namespace, w.exported = names, !anonymous // an anonymous namespace's are the file's own
	for n, p := decl, decl.Parent(); p != nil; n, p = p, p.Parent() {
		switch p.Type() {
		case "translation_unit":
			return w, true
		case "ERROR":
			return w, p.Parent() == nil || p.Parent().Type() == "translation_unit"
		case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef", "linkage_specification",
			"declaration_list", "template_declaration", "field_declaration", "class_specifier", "struct_specifier", "union_specifier":
		case "namespace_definition":
		case "field_declaration_list":
			class := p.Parent()
			if class == nil || class.Type() != "class_specifier" && class.Type() != "struct_specifier" && class.Type() != "union_specifier" {
				return w, false
			}
			nm := class.ChildByFieldName("name")
			if nm == nil {
				return w, false // an anonymous struct's member: a member of what holds it
			}
			outer, name := qualifiedName(nm, src)
			if w.container == "" {
				w.container = name
				w.exported = w.exported && public(m, n, p, class)
			}
			w.classes = append(append(outer, name), w.classes...)
		default:
			return w, false
		}
	}
	return w, false
}

// public reports a member visible outside its class: under a public:
// section, or a struct's or union's before any section. The sections of a
// class body are read once for all its members, with a cursor: tree-sitter
// finds a node's previous sibling by walking its parent's children from
// the first, which for each field of a struct of hundreds is the square of
// its size.
func public(m *extract.Match, member, list, class *sitter.Node) bool {
	visible := m.Memo(sectionsKey{list}, func() any { return sections(list, class) }).(map[*sitter.Node]bool)
	return visible[member]
}

// sectionsKey is the memo key of a class body's sections.
type sectionsKey struct{ list *sitter.Node }

// sections maps each child of a class body to whether its section is
// public.
func sections(list, class *sitter.Node) map[*sitter.Node]bool {
	out := map[*sitter.Node]bool{}
	visible := class.Type() != "class_specifier"
	cur := sitter.NewTreeCursor(list)
	defer cur.Close()
	for ok := cur.GoToFirstChild(); ok; ok = cur.GoToNextSibling() {
		c := cur.CurrentNode()
		if c.Type() == "access_specifier" {
			visible = c.ChildCount() > 0 && c.Child(0).Type() == "public"
			continue
		}
		out[c] = visible
	}
	return out
}

func refineCpp(m *extract.Match) bool {
	d := &m.Out
	var decl *sitter.Node
	switch m.Kind {
	case "function", "method", "qualified":
		decl = clike.Declaring(m.Def)
		if decl == nil || decl.Type() != "function_definition" && decl.Type() != "declaration" && decl.Type() != "field_declaration" {
			return false
		}
	case "nested":
		if !nested(m) {
			return false
		}
		decl = m.Def
	case "class", "struct", "union", "enum":
		decl = m.Def
	case "type":
		if decl = clike.DeclarationOf(m.Def, "type_definition"); decl == nil {
			return false
		}
	case "variable":
		if decl = clike.DeclarationOf(m.Def, "declaration"); decl == nil {
			return false
		}
	case "entry":
		if decl = clike.Entry(m); decl == nil {
			return false
		}
	default:
		decl = m.Def
	}
	w, ok := scope(m, decl)
	if !ok {
		return false
	}
	if m.Kind == "class" || m.Kind == "struct" {
		outer(m, &w)
	}
	d.Container, d.Namespace, d.Exported = w.container, w.qualifiers(), w.exported
	switch m.Kind {
	case "function", "method", "qualified":
		if !function(m, decl, &w) {
			return false
		}
	case "class", "struct", "union", "enum":
		show, ok := clike.Holder(m.Def)
		if !ok {
			return false
		}
		clike.ShowType(m, show)
		if m.Kind == "class" || m.Kind == "struct" {
			d.Bases = bases(m.Def, m.Src)
			if errorBase(d.Bases) {
				d.Kind, d.Title = extract.KindError, "Error"
			}
		}
		if enumClass(m.Def) {
			d.Title = "Enum Class"
		}
	case "type":
		m.Def, m.Show = decl, clike.Templated(decl)
		clike.Typedef(d, decl, m.Name, m.Src)
	case "alias":
		m.Show = clike.Templated(decl)
		d.Kind, d.Title = extract.KindType, "Type"
	case "entry":
		if w.container != "" {
			return false
		}
		clike.ShowEntry(m, decl)
	case "macro":
		if w.container != "" || len(w.namespace) > 0 || !clike.FileScope(decl) || clike.Guard(decl, d.Name, m.Src) {
			return false
		}
		d.Container, d.Namespace = "", ""
		d.Kind, d.Title = extract.KindConstant, "Macro"
		if decl.Type() == "preproc_function_def" {
			d.Kind = extract.KindFunction
		}
	case "variable", "field":
		m.Def, m.Show = decl, decl
		static := clike.Has(decl, "static")
		constant := clike.Constant(decl, m.Name)
		switch {
		case w.container != "" && !(static && constant):
			return false // a field: a member of its class
		case w.container == "" && static:
			d.Exported = false
		}
		d.Kind, d.Title = extract.KindConstant, "Variable"
		if constant {
			d.Title = "Constant"
		}
		d.Bases = clike.Holds(decl, m.Src)
	default:
		return false
	}
	if clike.C != nil && clike.Header(d.Path) && strings.HasSuffix(d.Path, ".h") && w.container == "" && len(w.namespace) == 0 && !cpp(m.Show) {
		d.Lang = clike.C // C's, in a header C and C++ share
	}
	return true
}

// function describes a function or method: decl is its definition or
// declaration. A function defined out of its class (void Order::cancel()
// { ... }) is the class's method; one qualified by a namespace
// (int shop::total()) is the namespace's. A name in capitals qualifies a
// class; one in lower case a namespace, but a class that itself names.
func function(m *extract.Match, decl *sitter.Node, w *where) bool {
	d := &m.Out
	if m.Kind == "qualified" {
		var segs []string
		q := m.Name
		for q != nil && q.Type() == "qualified_identifier" {
			if s := q.ChildByFieldName("scope"); s != nil {
				segs = append(segs, scopeName(s, m.Src))
			}
			q = q.ChildByFieldName("name")
		}
		if q == nil || q.Type() != "identifier" || q.EndByte() == q.StartByte() || w.container != "" {
			return false // a destructor, an operator, a template's specialization; a name the parser made up
		}
		m.Name, d.Name = q, q.Content(m.Src)
		if n := len(segs); n > 0 {
			last := segs[n-1]
			if last != "" && (last[0] >= 'A' && last[0] <= 'Z' || last == d.Name) {
				w.container, segs = last, segs[:n-1]
			}
			w.namespace = append(w.namespace, segs...)
		}
		if w.container != "" {
			w.classes = []string{w.container}
		}
		d.Container, d.Namespace = w.container, w.qualifiers()
	}
	if m.Kind == "method" && w.container == "" {
		return false
	}
	if decl.Type() == "function_definition" {
		if decl.ChildByFieldName("type") == nil && w.container == "" && m.Kind != "qualified" {
			return suite(m, decl) // a macro's call read as a function: TEST(Suite, Name) { ... }
		}
		m.OwnFunc = decl
	}
	if clike.Has(decl, "friend") || decl.Parent() != nil && decl.Parent().Type() == "friend_declaration" {
		return false
	}
	if w.container != "" && d.Name == w.container {
		return false // a constructor: a member of its class, which a spec names by the class
	}
	m.Def, m.Show = decl, clike.Templated(decl)
	d.Kind, d.Title = extract.KindFunction, "Function Signature"
	if w.container != "" {
		d.Kind, d.Title = extract.KindMethod, "Method Signature"
	} else if clike.Has(decl, "static") {
		d.Exported = false
	}
	return true
}

// testMacros are GoogleTest's macros that define a test of a suite:
// TEST(Suite, Name) { ... }.
var testMacros = extract.WordSet("TEST TEST_F TEST_P TYPED_TEST TYPED_TEST_P")

// suite describes a GoogleTest test, which the grammar reads as a
// function named after the macro: a definition of its suite (a spec
// writes "OrderTest gains a case"), shown by its TEST line. Any other
// macro's call read as a function defines nothing.
func suite(m *extract.Match, decl *sitter.Node) bool {
	d := &m.Out
	if !testMacros[d.Name] {
		return false
	}
	params := extract.NamedChildren(m.Def.ChildByFieldName("parameters"))
	if len(params) != 2 {
		return false
	}
	name := params[0].ChildByFieldName("type")
	if name == nil || name.Type() != "type_identifier" {
		return false
	}
	m.Name, d.Name = name, name.Content(m.Src)
	m.Def, m.Show, m.OwnFunc = decl, decl, decl
	d.Kind, d.Title, d.Exported = extract.KindFunction, "Test", true
	if test := params[1].ChildByFieldName("type"); test != nil && test.Type() == "type_identifier" {
		// The test's own name is the suite's member: TEST(Set, Unanchored)
		// is Set.Unanchored.
		line := int(decl.StartPoint().Row) + 1
		d.Members = []extract.Member{{Name: test.Content(m.Src), Start: line, End: line, Decl: line, Method: true}}
	}
	return true
}

// nested reads a class defined out of the class that declares it
// (class RE2::Set { ... }) as a class of its own name, Set, and gives it
// the kind its specifier says; outer then qualifies it.
func nested(m *extract.Match) bool {
	q := m.Name
	for q.Type() == "qualified_identifier" {
		if q = q.ChildByFieldName("name"); q == nil {
			return false
		}
	}
	if q.Type() != "type_identifier" {
		return false // a template's specialization: Outer::Inner<int>
	}
	m.Name, m.Out.Name = q, q.Content(m.Src)
	m.Kind = "class"
	if m.Def.Type() == "struct_specifier" {
		m.Kind = "struct"
	}
	return true
}

// outer qualifies a class defined out of its class by the names before
// its own (RE2 of class RE2::Set): a name in capitals is a class, which
// holds it, one in lower case a namespace, as for a function defined out
// of its class.
func outer(m *extract.Match, w *where) {
	nm := m.Def.ChildByFieldName("name")
	if nm == nil || nm.Type() != "qualified_identifier" {
		return
	}
	segs, _ := qualifiedName(nm, m.Src)
	if n := len(segs); n > 0 {
		if last := segs[n-1]; last != "" && last[0] >= 'A' && last[0] <= 'Z' {
			w.container, w.classes, segs = last, append(w.classes, last), segs[:n-1]
		}
		w.namespace = append(w.namespace, segs...)
	}
}

// qualifiedName splits a class's name into the names that qualify it and
// its own: RE2::Set gives [RE2], Set; a plain name has no qualifiers.
func qualifiedName(nm *sitter.Node, src []byte) (outer []string, name string) {
	q := nm
	for q != nil && q.Type() == "qualified_identifier" {
		if s := q.ChildByFieldName("scope"); s != nil {
			outer = append(outer, scopeName(s, src))
		}
		q = q.ChildByFieldName("name")
	}
	if q == nil {
		return outer, nm.Content(src)
	}
	return outer, q.Content(src)
}

// scopeName is the name a qualified name's scope spells: Order of
// Order<T>::.
func scopeName(s *sitter.Node, src []byte) string {
	if s.Type() == "template_type" {
		if nm := s.ChildByFieldName("name"); nm != nil {
			return nm.Content(src)
		}
	}
	return s.Content(src)
}

// bases lists the classes a class derives from, by their last names,
// without template arguments: public std::runtime_error, Base<T> gives
// runtime_error, Base.
func bases(spec *sitter.Node, src []byte) []string {
	for _, ch := range extract.NamedChildren(spec) {
		if ch.Type() == "base_class_clause" {
			s := words.WithoutTypeArgs(ch.Content(src))
			s = strings.NewReplacer("::", ".", "public", "", "private", "", "protected", "", "virtual", "").Replace(strings.TrimPrefix(s, ":"))
			return words.Identifiers(s)
		}
	}
	return nil
}

// errorBase reports bases naming an exception: std::exception, one of the
// standard library's errors, or a class named ...Exception or ...Error.
func errorBase(bases []string) bool {
	for _, b := range bases {
		if stdErrors[b] || strings.HasSuffix(b, "Exception") || strings.HasSuffix(b, "Error") || strings.HasSuffix(b, "_error") {
			return true
		}
	}
	return false
}

// stdErrors are the standard library's exception classes.
var stdErrors = extract.WordSet("exception runtime_error logic_error invalid_argument out_of_range domain_error length_error " +
	"overflow_error underflow_error range_error system_error bad_alloc")

// enumClass reports a scoped enum: enum class, enum struct.
func enumClass(spec *sitter.Node) bool {
	if spec.Type() != "enum_specifier" {
		return false
	}
	for i := 0; i < int(spec.ChildCount()); i++ {
		if t := spec.Child(i).Type(); t == "class" || t == "struct" {
			return true
		}
	}
	return false
}

// cppOnly are the node types of what C does not have.
var cppOnly = map[string]bool{"class_specifier": true, "namespace_definition": true, "template_declaration": true,
	"template_type": true, "template_function": true, "template_argument_list": true, "qualified_identifier": true,
	"reference_declarator": true, "access_specifier": true, "alias_declaration": true, "using_declaration": true,
	"operator_name": true, "destructor_name": true, "field_initializer_list": true, "lambda_expression": true,
	"new_expression": true, "delete_expression": true, "throw_statement": true, "try_statement": true, "nullptr": true,
	"this": true, "virtual": true, "explicit_function_specifier": true, "placeholder_type_specifier": true,
	"trailing_return_type": true, "noexcept": true, "static_assert_declaration": true, "optional_parameter_declaration": true,
	"rvalue_reference_declarator": true, "abstract_reference_declarator": true, "base_class_clause": true}

// cpp reports a node that uses what C does not have, or holds one.
func cpp(n *sitter.Node) bool {
	found := false
	extract.Walk(n, func(x *sitter.Node) {
		found = found || cppOnly[x.Type()] || x.Type() == "enum_specifier" && enumClass(x)
	})
	return found
}

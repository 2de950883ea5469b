package kotlin

import (
	_ "embed"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/kotlin"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/jvm"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed kotlin.scm
var kotlinQuery string

// Lang is Kotlin.
var Lang = newLang(prepareKotlin)

// newLang is Kotlin, its grammar parsing the text prepare gives for a
// file's.
func newLang(prepare func([]byte) []byte) *extract.Language {
	return knowing(&extract.Language{
		Name: "kotlin", Fence: "kotlin", Exts: []string{".kt"}, Comment: "//", Revision: "11",
		MemberSeps: []string{"::"},
		Grammar:    grammar.GetLanguage, QuerySource: kotlinQuery, Prepare: prepare,
		Funcs: kotlinFuncs, BodiesKeepNothing: true,
		Body:    bodyKotlin,
		Refine:  refineKotlin,
		Members: membersKotlin,
		Member:  memberKotlin,
		Field:   fieldKotlin,
		Elide:   elideKotlin,
		Routes:  kotlinRoutes, MountMarks: []string{"route("}, // Ktor's route("/x") { orderRoutes() }
		Lex:     kotlinLex,
		Matches: matchKotlin,
	})
}

// kotlinFuncs are the Kotlin nodes whose body is a function body: a
// lambda is its own body.
var kotlinFuncs = map[string]bool{"function_declaration": true, "getter": true, "setter": true,
	"anonymous_function": true, "lambda_literal": true}

// bodyKotlin: a function's function_body, cut like a block when it opens
// with a brace or, "= expression", spans lines (= transaction { ... });
// one line of expression is kept, part of what the function is. A lambda
// is its own body, a block.
func bodyKotlin(fn *sitter.Node) (*sitter.Node, bool) {
	if fn.Type() == "lambda_literal" {
		return fn, true
	}
	body := childOf(fn, "function_body")
	if body == nil {
		return nil, false
	}
	return body, body.ChildCount() > 0 && body.Child(0).Type() == "{" || body.EndPoint().Row > body.StartPoint().Row
}

// elideKotlin cuts a body from its brace, or from the "=" of an
// expression body, which "= ..." replaces.
func elideKotlin(body *sitter.Node) (uint32, string) {
	if body.ChildCount() > 0 && body.Child(0).Type() == "=" {
		return body.StartByte(), "= ..."
	}
	return extract.BraceElide(body)
}

// scope reports whether a declaration is one of the file's: at the top of
// the file, or in the body of a class, interface or object so declared. A
// declaration in a function, a lambda, an object expression or an enum
// entry's body is none. container names the innermost class or object
// whose body holds it (a companion object's body is its class's), and
// object says that the body right around it is an object's, named or
// companion. broken, when set, holds the parse error that leaves unknown
// where a declaration tree-sitter recovered stood: an error around it, or
// the statement at whose top it was recovered.
func scope(n *sitter.Node, src []byte) (container string, object bool, broken *sitter.Node, ok bool) {
	innermost := true
	for cur, p := n, n.Parent(); p != nil; cur, p = p, p.Parent() {
		switch p.Type() {
		case "source_file":
			if broken == nil && cur.StartPoint().Column > 0 && p.HasError() {
				// A declaration at the top of a statement that does not
				// parse, yet not in the first column where statements
				// start: a piece of the one the error broke.
				broken = p
			}
			return container, object, broken, true
		case "ERROR":
			if broken == nil {
				broken = p
			}
		case "class_body", "enum_class_body":
			owner := p.Parent()
			if owner == nil {
				return "", false, nil, false
			}
			switch owner.Type() {
			case "class_declaration", "object_declaration":
				if nm := childOf(owner, "type_identifier"); nm != nil && container == "" {
					container = nm.Content(src)
				}
			case "companion_object":
			default:
				return "", false, nil, false // an object expression's, an enum entry's
			}
			if innermost {
				object = owner.Type() != "class_declaration"
			}
			innermost = false
			cur, p = p, owner
		default:
			return "", false, nil, false
		}
	}
	return "", false, nil, false
}

// modifierWords lists the keywords among a declaration's modifiers
// (private, data, sealed, const, override...), not its annotations.
func modifierWords(def *sitter.Node, src []byte) []string {
	var out []string
	for _, c := range extract.NamedChildren(childOf(def, "modifiers")) {
		if strings.HasSuffix(c.Type(), "_modifier") {
			out = append(out, c.Content(src))
		}
	}
	return out
}

// hasModifier reports a keyword among a declaration's modifiers.
func hasModifier(def *sitter.Node, src []byte, word string) bool {
	for _, w := range modifierWords(def, src) {
		if w == word {
			return true
		}
	}
	return false
}

// annotationsOf lists a declaration's annotations, in source order.
func annotationsOf(def *sitter.Node, src []byte) []jvm.Annotation {
	var out []jvm.Annotation
	for _, c := range extract.NamedChildren(childOf(def, "modifiers")) {
		if c.Type() != "annotation" {
			continue
		}
		t := childOf(c, "user_type")
		if ci := childOf(c, "constructor_invocation"); ci != nil {
			t = childOf(ci, "user_type")
		}
		if name := typeName(t, src); name != "" {
			out = append(out, jvm.Annotation{Name: name, Node: c})
		}
	}
	return out
}

// typeName is the simple name of a type node, without its qualifiers,
// type arguments or nullability: Order of com.x.Order, List<Order>?
// gives List.
func typeName(t *sitter.Node, src []byte) string {
	for t != nil {
		switch t.Type() {
		case "user_type":
			ids := childrenOf(t, "type_identifier")
			if len(ids) == 0 {
				return ""
			}
			return ids[len(ids)-1].Content(src)
		case "nullable_type", "constructor_invocation", "explicit_delegation", "delegation_specifier", "type_projection", "parenthesized_type":
			t = firstNamed(t)
		case "type_identifier":
			return t.Content(src)
		default:
			return ""
		}
	}
	return ""
}

// firstNamed is the first named child of n that is no comment, or nil.
func firstNamed(n *sitter.Node) *sitter.Node {
	if kids := extract.NamedChildren(n); len(kids) > 0 {
		return kids[0]
	}
	return nil
}

// arguments lists an annotation's or a call's value arguments, each with
// its name ("" for a positional one) and its value.
func arguments(call *sitter.Node) (names []*sitter.Node, values []*sitter.Node) {
	args := childOf(call, "value_arguments")
	if args == nil {
		if ci := childOf(call, "constructor_invocation"); ci != nil {
			args = childOf(ci, "value_arguments")
		} else if cs := childOf(call, "call_suffix"); cs != nil {
			args = childOf(cs, "value_arguments")
		}
	}
	for _, a := range childrenOf(args, "value_argument") {
		kids := extract.NamedChildren(a)
		if len(kids) == 0 {
			continue
		}
		var name *sitter.Node
		for i := 0; i < int(a.ChildCount()); i++ {
			if a.Child(i).Type() == "=" && kids[0].Type() == "simple_identifier" && len(kids) > 1 {
				name = kids[0]
				break
			}
		}
		names, values = append(names, name), append(values, kids[len(kids)-1])
	}
	return names, values
}

// argument returns the argument named key of an annotation or call, or
// (for key "value") its first positional one; nil when it has none.
func argument(call *sitter.Node, key string, src []byte) *sitter.Node {
	names, values := arguments(call)
	for i, v := range values {
		if names[i] == nil && key == "value" && i == 0 || names[i] != nil && names[i].Content(src) == key {
			return v
		}
	}
	return nil
}

// plainString returns the text of a string literal without interpolation
// or escapes: "orders", not "$base/orders".
func plainString(n *sitter.Node, src []byte) (string, bool) {
	if n == nil || n.Type() != "string_literal" {
		return "", false
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if n.NamedChild(i).Type() != "string_content" {
			return "", false
		}
	}
	s := n.Content(src)
	if strings.HasPrefix(s, `"""`) {
		return strings.TrimSuffix(strings.TrimPrefix(s, `"""`), `"""`), len(s) >= 6
	}
	return strings.TrimSuffix(strings.TrimPrefix(s, `"`), `"`), len(s) >= 2
}

// exposedTables are the base classes of an Exposed (or Ktorm) table
// object: object Users : IntIdTable("users").
var exposedTables = map[string]bool{"Table": true, "IdTable": true, "IntIdTable": true, "LongIdTable": true,
	"UUIDTable": true, "UIntIdTable": true, "ULongIdTable": true, "CompositeIdTable": true}

func refineKotlin(m *extract.Match) bool {
	d := &m.Out
	container, object, broken, ok := scope(m.Def, m.Src)
	if !ok {
		return false
	}
	if broken != nil {
		m.Show = broken // reported where it is, never shown
	}
	d.Container = container
	d.Exported = !hasModifier(m.Def, m.Src, "private")
	if ok := refineKind(m, container, object); !ok {
		return false
	}
	if pkg := filePackage(m.Src[:min(len(m.Src), 8192)]); pkg != "" {
		// Its qualified name, which a directory may not spell: Kotlin's
		// files of com.example.shop.money often lie in money/.
		q := pkg + "." + d.Name
		if container != "" {
			q = pkg + "." + container + "." + d.Name
		}
		d.Aliases = append(d.Aliases, q)
	}
	return true
}

// refineKind sets what a definition is, by the kind of its match; false
// for one that is no definition.
func refineKind(m *extract.Match, container string, object bool) bool {
	d := &m.Out
	switch m.Kind {
	case "function":
		m.OwnFunc = m.Def
		d.Kind, d.Title = extract.KindMethod, "Method Signature"
		if container == "" {
			// An extension function is its receiver's in prose:
			// String.slugify.
			d.Kind, d.Title, d.Container = extract.KindFunction, "Function Signature", receiverName(m.Def, m.Src)
		} else if r := receiverName(m.Def, m.Src); r != "" {
			// A member extension, `fun SessionizeData.toConference()` in
			// a service class, is called on its receiver:
			// SessionizeData.toConference. (The class lists it among its
			// members.)
			d.Container = r
		}
	case "property":
		if container != "" && (!object || tableObject(m.Def.Parent().Parent(), m.Src)) {
			return false // a property of a class, an interface or a table: one of its members
		}
		d.Kind, d.Title = extract.KindConstant, "Variable"
		if hasModifier(m.Def, m.Src, "const") || upperName(d.Name) {
			d.Title = "Constant"
		}
		if v := propertyValue(m.Def); v != nil {
			if s, ok := plainString(v, m.Src); ok && !strings.ContainsAny(s, "\\\n") {
				d.Values = []extract.Value{{Text: s}}
			}
		}
	case "class", "object":
		refineType(m)
	case "companion":
		d.Kind, d.Title = extract.KindType, "Companion Object"
	case "alias":
		d.Kind, d.Title = extract.KindType, "Type Alias"

	default:
		return false
	}
	return true
}

// refineType sets the kind and title of a class, interface or object:
// JPA entities and Exposed tables are schemas, named also by their
// table; a type extending an exception or error is an error.
func refineType(m *extract.Match) {
	d := &m.Out
	d.Kind, d.Title = extract.KindType, "Class"
	mods := modifierWords(m.Def, m.Src)
	switch {
	case m.Kind == "object":
		d.Title = "Object"
	case hasChild(m.Def, "interface"):
		d.Kind, d.Title = extract.KindInterface, "Interface"
	case hasChild(m.Def, "enum"):
		d.Kind, d.Title = extract.KindEnum, "Enum"
	case words.Contains(strings.Join(mods, " "), "annotation"):
		d.Title = "Annotation"
	case words.Contains(strings.Join(mods, " "), "data"):
		d.Title = "Data Class"
	case words.Contains(strings.Join(mods, " "), "sealed"):
		d.Title = "Sealed Class"
	case words.Contains(strings.Join(mods, " "), "value"):
		d.Title = "Value Class"
	}
	for _, a := range annotationsOf(m.Def, m.Src) {
		if title, ok := jvm.SchemaTitles[a.Name]; ok && d.Kind == extract.KindType && d.Title != "Annotation" {
			d.Kind, d.Title = extract.KindSchema, title
		}
		if a.Name == "Entity" && len(d.Aliases) == 0 {
			if s, ok := plainString(argument(a.Node, "tableName", m.Src), m.Src); ok && s != "" {
				d.Aliases = []string{s} // Room's @Entity(tableName = "news_resources")
			}
		}
		if (a.Name == "Table" || a.Name == "Document") && len(d.Aliases) == 0 {
			for _, key := range []string{"name", "collection", "value"} {
				if s, ok := plainString(argument(a.Node, key, m.Src), m.Src); ok && s != "" {
					d.Aliases = []string{s}
					break
				}
			}
		}
	}
	for _, s := range childrenOf(m.Def, "delegation_specifier") {
		if base := typeName(s, m.Src); base != "" {
			d.Bases = append(d.Bases, base)
		}
	}
	if tableObject(m.Def, m.Src) {
		d.Kind, d.Title = extract.KindSchema, "Table"
		for _, s := range childrenOf(m.Def, "delegation_specifier") {
			ci := childOf(s, "constructor_invocation")
			for _, key := range []string{"name", "value"} {
				if s, ok := plainString(argument(ci, key, m.Src), m.Src); ok && s != "" && len(d.Aliases) == 0 {
					d.Aliases = []string{s}
				}
			}
		}
	}
	if errorBase(d.Bases) && d.Kind != extract.KindInterface && d.Kind != extract.KindEnum {
		d.Kind, d.Title = extract.KindError, "Error"
	}
}

// tableObject reports an Exposed table: an object or class extending one
// of exposedTables.
func tableObject(n *sitter.Node, src []byte) bool {
	if n == nil {
		return false
	}
	for _, s := range childrenOf(n, "delegation_specifier") {
		if childOf(s, "constructor_invocation") != nil && exposedTables[typeName(s, src)] {
			return true
		}
	}
	return false
}

// hasChild reports an unnamed child (a keyword) of the given type.
func hasChild(n *sitter.Node, typ string) bool {
	for i := 0; i < int(n.ChildCount()); i++ {
		if c := n.Child(i); !c.IsNamed() && c.Type() == typ {
			return true
		}
	}
	return false
}

// errorBase reports supertypes naming an exception or error: Exception(),
// RuntimeException(msg), ApiError.
func errorBase(bases []string) bool {
	for _, n := range bases {
		if strings.HasSuffix(n, "Exception") || strings.HasSuffix(n, "Error") || n == "Throwable" {
			return true
		}
	}
	return false
}

// receiverName is the type an extension function extends (String of
// fun String.slugify(), Route of fun Route.orders()), or "".
func receiverName(fn *sitter.Node, src []byte) string {
	for i := 0; i < int(fn.ChildCount()); i++ {
		c := fn.Child(i)
		switch c.Type() {
		case "simple_identifier", "function_value_parameters":
			return "" // the name, or the parameters: no receiver before them
		case "user_type", "nullable_type", "parenthesized_type":
			return typeName(c, src)
		}
	}
	return ""
}

// upperName reports a name in SCREAMING_SNAKE_CASE: MAX_ITEMS.
func upperName(s string) bool {
	return strings.ToUpper(s) == s && strings.ToLower(s) != s
}

// propertyValue is the expression a property is set to, or nil: what
// follows its "=".
func propertyValue(p *sitter.Node) *sitter.Node {
	for i := 0; i+1 < int(p.ChildCount()); i++ {
		if p.Child(i).Type() == "=" {
			for j := i + 1; j < int(p.ChildCount()); j++ {
				if c := p.Child(j); c.IsNamed() && !extract.IsComment(c) {
					return c
				}
			}
		}
	}
	return nil
}

// membersKotlin lists the members of a class, interface, enum or object:
// the properties its primary constructor declares (val, var; a plain
// parameter is none), and the enum entries, properties, functions,
// secondary constructors, initializer blocks (the member `init`) and
// nested types of its body, those of its companion object too. A
// property's accessors name nothing.
func membersKotlin(def *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	switch def.Type() {
	case "class_declaration":
		for _, p := range childrenOf(childOf(def, "primary_constructor"), "class_parameter") {
			if childOf(p, "binding_pattern_kind") != nil && named(p) {
				out = append(out, p)
			}
		}
	case "object_declaration", "companion_object":
	default:
		return nil
	}
	body := childOf(def, "class_body")
	if body == nil {
		body = childOf(def, "enum_class_body")
	}
	for _, c := range extract.NamedChildren(body) {
		switch c.Type() {
		case "companion_object":
			out = append(out, membersKotlin(c)...)
		case "enum_entry", "property_declaration", "function_declaration", "class_declaration", "object_declaration", "secondary_constructor",
			"anonymous_initializer":
			if named(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// fieldKotlin gives a property the names it is stored or serialized as
// (see jvm.StoredNames).
func fieldKotlin(n *sitter.Node, src []byte) (typ string, serialized []string) {
	if n.Type() != "class_parameter" && n.Type() != "property_declaration" {
		return "", nil
	}
	return "", jvm.StoredAs(annotationsOf(n, src), func(a *sitter.Node, key string) (string, bool) {
		return plainString(argument(a, key, src), src)
	})
}

// named reports a member node whose name is spelled (error recovery can
// leave one empty).
func named(n *sitter.Node) bool {
	nm := memberNameNode(n)
	return n.Type() == "secondary_constructor" || n.Type() == "anonymous_initializer" || nm != nil && nm.EndByte() > nm.StartByte()
}

// memberNameNode is the node that names a member, or nil.
func memberNameNode(n *sitter.Node) *sitter.Node {
	switch n.Type() {
	case "class_parameter", "enum_entry", "function_declaration":
		return childOf(n, "simple_identifier")
	case "property_declaration":
		v := childOf(n, "variable_declaration")
		if v == nil {
			v = childOf(childOf(n, "multi_variable_declaration"), "variable_declaration")
		}
		return childOf(v, "simple_identifier")
	case "class_declaration", "object_declaration", "companion_object":
		return childOf(n, "type_identifier")
	}
	return nil
}

// memberKotlin names a member: its name, "constructor" for a secondary
// constructor, "init" for an initializer block; functions, constructors
// and initializers are methods. A property ends with its accessors, which
// the grammar puts after it.
func memberKotlin(n *sitter.Node, src []byte) (string, bool, *sitter.Node) {
	switch n.Type() {
	case "secondary_constructor":
		return "constructor", true, nil
	case "anonymous_initializer":
		return "init", true, nil
	}
	name := ""
	if nm := memberNameNode(n); nm != nil {
		name = nm.Content(src)
	}
	var last *sitter.Node
	if n.Type() == "property_declaration" {
		for s := n.NextNamedSibling(); s != nil && (s.Type() == "getter" || s.Type() == "setter"); s = s.NextNamedSibling() {
			last = s
		}
	}
	return name, n.Type() == "function_declaration", last
}

package swift

import (
	_ "embed"
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/swift"

	"github.com/appendix-dev/appendix/extract"
)

//go:embed swift.scm
var swiftQuery string

// Lang is Swift.
var Lang = knowing(&extract.Language{
	Name: "swift", Display: "Swift", Fence: "swift", Exts: []string{".swift"}, Comment: "//", Revision: "6",
	Grammar: grammar.GetLanguage, QuerySource: swiftQuery, Prepare: prepare,
	// (An enum's raw type and the protocols the compiler derives or that
	// mark a type add no member a spec names on it: a case, a field.)
	EmptyBases: []string{"String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
		"Double", "Float", "Bool", "Character", "Codable", "Decodable", "Encodable", "CaseIterable", "Equatable", "Hashable",
		"Comparable", "Sendable", "Error", "RawRepresentable"},
	Funcs: swiftFuncs, BodiesKeepNothing: true,
	Bodies:     map[string]bool{"class_declaration": true, "protocol_declaration": true}, // extensions too
	Body:       body,
	Refine:     refineSwift,
	Members:    membersSwift,
	MemberName: memberName,
	Field:      field,
	Misread:    misread,
	Elide:      elide,
	Routes:     vaporRoutes,
	Lex:        swiftLex,
	Matches:    matchSwift,
})

// swiftFuncs are the Swift nodes that hold a body to cut: functions,
// initializers, deinitializers, subscripts, closures, and properties with
// accessors or observers.
var swiftFuncs = map[string]bool{"function_declaration": true, "init_declaration": true, "deinit_declaration": true,
	"subscript_declaration": true, "lambda_literal": true, "property_declaration": true}

// body is the block a node of swiftFuncs holds: a function's body, a
// closure itself, a computed property's or subscript's accessors, a
// stored property's willSet and didSet. Every one is a block.
func body(n *sitter.Node) (*sitter.Node, bool) {
	var b *sitter.Node
	switch n.Type() {
	case "lambda_literal":
		b = n
	case "property_declaration", "subscript_declaration":
		b = n.ChildByFieldName("computed_value")
		for _, c := range extract.NamedChildren(n) {
			if b == nil && (c.Type() == "computed_property" || c.Type() == "willset_didset_block") {
				b = c
			}
		}
	default:
		b = n.ChildByFieldName("body")
	}
	return b, b != nil
}

// elide cuts a closure after its signature's "in" ({ req in ... }), any
// other body at its brace.
func elide(b *sitter.Node) (uint32, string) {
	if b.Type() == "lambda_literal" {
		for i := 0; i < int(b.ChildCount()); i++ {
			if c := b.Child(i); c.Type() == "in" {
				return c.EndByte(), " ... }"
			}
		}
	}
	return extract.BraceElide(b)
}

// misread reports the errors the grammar makes of Swift it predates in a
// declaration's signature (an error inside a body the snippet cuts is
// none: see extract's brokenShown): typed throws, throws(E), which it
// reads as throws and an error; the let it misses in nonisolated(unsafe)
// var x, which it reads as a declaration of unsafe (see bogus).
func misread(n, _ *sitter.Node) bool {
	if n.IsMissing() {
		// (The parent of a node of no width may be the node before it:
		// the modifiers' nonisolated.)
		p := n.Parent()
		for p != nil && (p.Type() == "member_modifier" || p.Type() == "modifiers" || p.Type() == "value_binding_pattern") {
			p = p.Parent()
		}
		return n.Type() == "let" && bogus(p)
	}
	if !n.IsError() {
		return false
	}
	for _, c := range extract.NamedChildren(n) {
		if bogus(c) {
			return true
		}
	}
	// Typed throws: the throws inside the error, or before it (past the
	// other errors and the parenthesis the grammar left), or ending the
	// declaration before it (a protocol's requirement).
	for c := n; c != nil; c = c.PrevSibling() {
		switch {
		case c.Type() == "throws":
			return true
		case c.IsError():
			for i := 0; i < int(c.ChildCount()); i++ {
				if c.Child(i).Type() == "throws" {
					return true
				}
			}
		case c.IsNamed():
			return c.ChildCount() > 0 && c.Child(int(c.ChildCount())-1).Type() == "throws"
		}
	}
	return false
}

// bogus reports the property declaration the grammar makes of the
// nonisolated(unsafe) before a property: nonisolated, and a let it
// misses before (unsafe).
func bogus(n *sitter.Node) bool {
	if n == nil || n.Type() != "property_declaration" {
		return false
	}
	nonisolated, missing := false, false
	for _, c := range extract.NamedChildren(n) {
		switch c.Type() {
		case "modifiers":
			for _, m := range extract.NamedChildren(c) {
				nonisolated = nonisolated || m.Type() == "member_modifier" && m.ChildCount() == 1 && m.Child(0).Type() == "nonisolated"
			}
		case "value_binding_pattern":
			k := c.ChildByFieldName("mutability")
			missing = k != nil && k.IsMissing()
		}
	}
	return nonisolated && missing
}

// typeKinds are the keywords of a class_declaration that declare a type,
// with the kind and title each gives it; an extension declares none.
var typeKinds = map[string]struct {
	kind  extract.Kind
	title string
}{
	"class":  {extract.KindType, "Class"},
	"struct": {extract.KindType, "Struct"},
	"actor":  {extract.KindType, "Actor"},
	"enum":   {extract.KindEnum, "Enum"},
}

func refineSwift(m *extract.Match) bool {
	d := &m.Out
	owner, ok := scope(m.Def)
	if !ok {
		return false
	}
	if owner != nil {
		path := typePath(owner, m.Src)
		d.Container, d.Namespace = path[len(path)-1], strings.Join(path[:len(path)-1], ".")
	}
	d.Exported = !hasModifier(m.Def, m.Src, "private", "fileprivate")
	switch m.Kind {
	case "class":
		k, ok := typeKinds[declKind(m.Def)]
		if !ok {
			return false // an extension: its members are the type's
		}
		d.Kind, d.Title = k.kind, k.title
		d.Bases = bases(m.Def, m.Src)
		switch {
		case errorType(d.Name, d.Bases, m.Src):
			d.Kind, d.Title = extract.KindError, "Error"
		case slices.Contains(d.Bases, "Model") && d.Kind == extract.KindType:
			// A Fluent model: its table is its static schema.
			d.Kind, d.Title = extract.KindSchema, "Model"
			if s := schemaName(m.Def, m.Src); s != "" {
				d.Aliases = []string{s}
			}
		}
	case "protocol":
		d.Kind, d.Title = extract.KindInterface, "Protocol"
		d.Bases = bases(m.Def, m.Src)
	case "function":
		d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", m.Def
		if owner != nil {
			d.Kind, d.Title = extract.KindMethod, "Method Signature"
		}
	case "init":
		if owner == nil {
			return false
		}
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Initializer", m.Def
	case "typealias":
		d.Kind, d.Title = extract.KindType, "Type Alias"
	case "property":
		if bogus(m.Def) {
			return false
		}
		return refineProperty(m, owner)
	default:
		return false
	}
	return true
}

// refineProperty: a property at the top of a file is a constant (let) or
// a variable; one of a type (static, or class) is too. Any other property
// of a type's body is one of its members only; one an extension adds is
// the extended type's, and has no other place: its own definition,
// shown by its signature.
func refineProperty(m *extract.Match, owner *sitter.Node) bool {
	d := &m.Out
	title := "Variable"
	if mutability(m.Def, m.Src) == "let" {
		title = "Constant"
	}
	switch {
	case owner == nil, hasModifier(m.Def, m.Src, "static", "class"):
		d.Kind, d.Title = extract.KindConstant, title
	case declKind(owner) == "extension":
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Property", m.Def
	default:
		return false
	}
	return true
}

// scope reports whether a matched declaration is one of the file's: at the
// top of the file, or in the body of a type, protocol or extension so
// declared, which it returns as its owner (nil at the top). One inside a
// function, an accessor or a closure is none.
func scope(n *sitter.Node) (owner *sitter.Node, ok bool) {
	p := n.Parent()
	if p == nil {
		return nil, false
	}
	switch p.Type() {
	case "source_file":
		return nil, true
	case "ERROR":
		// A file that does not parse: the declarations tree-sitter
		// recovered whole at its top are its own (one holding an error is
		// reported broken).
		return nil, p.Parent() == nil || p.Parent().Type() == "source_file"
	case "class_body", "enum_class_body", "protocol_body":
		decl := p.Parent()
		if decl == nil || decl.Type() != "class_declaration" && decl.Type() != "protocol_declaration" {
			return nil, false
		}
		if _, ok := scope(decl); !ok {
			return nil, false
		}
		return decl, true
	}
	return nil, false
}

// declKind is the keyword of a class_declaration: class, struct, enum,
// actor or extension.
func declKind(n *sitter.Node) string {
	if k := n.ChildByFieldName("declaration_kind"); k != nil {
		return k.Type()
	}
	return ""
}

// typePath names the type whose body holds a member, with the types it
// is nested in: [Order] of a type's or protocol's body, [HomeIndex Model]
// of extension HomeIndex.Model and of struct Model in extension
// HomeIndex. The last is the member's container, the others its
// namespace (HomeIndex.Model.query is the query of that Model).
func typePath(owner *sitter.Node, src []byte) []string {
	var path []string
	if nm := owner.ChildByFieldName("name"); nm != nil && nm.Type() == "user_type" {
		for _, c := range extract.NamedChildren(nm) {
			if c.Type() == "type_identifier" {
				path = append(path, c.Content(src))
			}
		}
	} else if nm != nil {
		path = []string{nm.Content(src)}
	}
	if len(path) == 0 {
		path = []string{""}
	}
	if outer, ok := scope(owner); ok && outer != nil {
		path = append(typePath(outer, src), path...)
	}
	return path
}

// lastTypeIdentifier is the last name of a user_type: Status of
// Order.Status, Array of Array<Int>.
func lastTypeIdentifier(t *sitter.Node, src []byte) string {
	name := ""
	for _, c := range extract.NamedChildren(t) {
		if c.Type() == "type_identifier" {
			name = c.Content(src)
		}
	}
	return name
}

// modifierWords lists the keywords among a declaration's modifiers
// (public, static, final, private(set)'s private), without its attributes.
func modifierWords(def *sitter.Node, src []byte) []string {
	var out []string
	for _, c := range extract.NamedChildren(def) {
		if c.Type() != "modifiers" {
			continue
		}
		for _, mod := range extract.NamedChildren(c) {
			if mod.Type() == "attribute" {
				continue
			}
			w := mod.Content(src)
			if i := strings.IndexByte(w, '('); i >= 0 {
				w = w[:i] // private(set): private
			}
			out = append(out, strings.TrimSpace(w))
		}
	}
	return out
}

// hasModifier reports one of the keywords among a declaration's modifiers.
func hasModifier(def *sitter.Node, src []byte, words ...string) bool {
	for _, w := range modifierWords(def, src) {
		if slices.Contains(words, w) {
			return true
		}
	}
	return false
}

// mutability is let or var: how a property declaration binds.
func mutability(def *sitter.Node, src []byte) string {
	for _, c := range extract.NamedChildren(def) {
		if c.Type() == "value_binding_pattern" {
			if k := c.ChildByFieldName("mutability"); k != nil {
				return k.Content(src)
			}
		}
	}
	return ""
}

// bases lists the types a declaration inherits from or conforms to, by
// their last names and without type arguments: Model, Content of
// final class Order: Model, Content; AbortError of Vapor.AbortError.
func bases(def *sitter.Node, src []byte) []string {
	var out []string
	for _, c := range extract.NamedChildren(def) {
		if c.Type() != "inheritance_specifier" {
			continue
		}
		if t := c.ChildByFieldName("inherits_from"); t != nil && t.Type() == "user_type" {
			if n := lastTypeIdentifier(t, src); n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// errorType reports an error type: it conforms to Error or to a protocol
// named like one (Vapor's AbortError, Foundation's LocalizedError), here
// or in an extension of its file.
func errorType(name string, bases []string, src []byte) bool {
	for _, b := range bases {
		if strings.HasSuffix(b, "Error") {
			return true
		}
	}
	if !strings.Contains(string(src), "extension "+name) {
		return false
	}
	re := regexp.MustCompile(`(?m)^[ \t]*(?:(?:public|internal|fileprivate|private)\s+)?extension\s+` + regexp.QuoteMeta(name) +
		`\s*:[^{]*\b\w*Error\b`)
	return re.Match(src)
}

// schemaName is the table a Fluent model declares: the string its
// static schema holds (static let schema = "orders").
func schemaName(def *sitter.Node, src []byte) string {
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		if c.Type() != "property_declaration" || !hasModifier(c, src, "static") {
			continue
		}
		names := boundNames(c)
		if len(names) != 1 || names[0].Content(src) != "schema" {
			continue
		}
		if s, ok := stringValue(c.ChildByFieldName("value"), src); ok {
			return s
		}
	}
	return ""
}

// stringValue is the text of a one-line string literal without
// interpolation.
func stringValue(n *sitter.Node, src []byte) (string, bool) {
	if n == nil || n.Type() != "line_string_literal" {
		return "", false
	}
	var b strings.Builder
	for _, c := range extract.NamedChildren(n) {
		if c.Type() != "line_str_text" {
			return "", false // an interpolation or an escape
		}
		b.WriteString(c.Content(src))
	}
	return b.String(), true
}

// bodyKinds are the bodies of the declarations that hold members.
var bodyKinds = map[string]bool{"class_body": true, "enum_class_body": true, "protocol_body": true}

// membersSwift lists the members of a type, protocol or extension:
// properties, methods, initializers, enum cases, nested types, type
// aliases and associated types. A declaration of several names (let a, b;
// case a, b) is a member for each: its node for the first, the name for
// the others. Subscripts, deinitializers and operators name nothing a
// spec writes, and stay with the type's structure.
func membersSwift(def *sitter.Node) []*sitter.Node {
	b := def.ChildByFieldName("body")
	if b == nil || !bodyKinds[b.Type()] {
		return nil
	}
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(b) {
		switch c.Type() {
		case "property_declaration":
			names := boundNames(c)
			if len(names) > 0 && !bogus(c) {
				out = append(append(out, c), names[1:]...)
			}
		case "enum_entry":
			names := extract.FieldChildren(c, "name", "simple_identifier")
			if len(names) > 0 {
				out = append(append(out, c), names[1:]...)
			}
		case "function_declaration", "protocol_function_declaration", "init_declaration", "class_declaration",
			"protocol_declaration", "typealias_declaration", "associatedtype_declaration", "protocol_property_declaration":
			out = append(out, c)
		}
	}
	return out
}

// memberName names a member membersSwift listed: a property by its first
// name, an initializer init, any other declaration by its name; "" for an
// operator, which has none a spec writes.
func memberName(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "simple_identifier":
		return n.Content(src)
	case "property_declaration":
		if names := boundNames(n); len(names) > 0 {
			return names[0].Content(src)
		}
		return ""
	case "protocol_property_declaration":
		if p := n.ChildByFieldName("name"); p != nil {
			if nm := p.ChildByFieldName("bound_identifier"); nm != nil {
				return nm.Content(src)
			}
		}
		return ""
	case "init_declaration":
		return "init"
	}
	nm := n.ChildByFieldName("name")
	if nm == nil || !nm.IsNamed() {
		return ""
	}
	if nm.Type() == "user_type" {
		return lastTypeIdentifier(nm, src)
	}
	return nm.Content(src)
}

// builtinTypes are the standard library's and Foundation's types a
// property holds that name no type of the project.
var builtinTypes = []string{"String", "Substring", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
	"UInt64", "Double", "Float", "Bool", "Character", "Decimal", "Date", "Data", "UUID", "URL", "TimeInterval", "Any", "AnyObject",
	"Void", "Never", "Optional", "Array", "Dictionary", "Set", "Result"}

// field describes a property: the type it holds by name (Item of [Item],
// Item? or [String: Item]; "" for a built-in type), and the names it is
// stored or written as: a Fluent property wrapper's key
// (@Field(key: "total_cents")), a CodingKeys case's raw value.
func field(n *sitter.Node, src []byte) (typ string, serialized []string) {
	if n.Type() != "property_declaration" {
		return "", nil
	}
	for _, c := range extract.NamedChildren(n) {
		if c.Type() == "type_annotation" {
			if typ = namedType(c.ChildByFieldName("name"), src); slices.Contains(builtinTypes, typ) {
				typ = ""
			}
			break
		}
	}
	for _, c := range extract.NamedChildren(n) {
		if c.Type() != "modifiers" {
			continue
		}
		for _, a := range extract.NamedChildren(c) {
			if a.Type() == "attribute" {
				if k, ok := wrapperKey(a, src); ok {
					serialized = append(serialized, k)
				}
			}
		}
	}
	if names := boundNames(n); len(names) > 0 {
		if k, ok := codingKey(n.Parent(), names[0].Content(src), src); ok {
			serialized = append(serialized, k)
		}
	}
	return typ, serialized
}

// namedType is the type a type node holds by name: the element of an
// array, an optional or a dictionary's value, the last name of a
// qualified one.
func namedType(t *sitter.Node, src []byte) string {
	for t != nil {
		switch t.Type() {
		case "user_type":
			return lastTypeIdentifier(t, src)
		case "optional_type":
			t = t.ChildByFieldName("wrapped")
		case "array_type", "dictionary_type":
			var last *sitter.Node // the element, or a dictionary's value
			for i := 0; i < int(t.ChildCount()); i++ {
				if t.FieldNameForChild(i) == "name" {
					last = t.Child(i)
				}
			}
			t = last
		default:
			return ""
		}
	}
	return ""
}

// wrapperKey is the column a Fluent property wrapper stores a property
// as: @Field(key: "name"), @Parent(key: "user_id"), @ID(key: .id),
// @ID(custom: "code"), @Timestamp(key: "created_at", on: .create).
func wrapperKey(a *sitter.Node, src []byte) (string, bool) {
	kids := extract.NamedChildren(a)
	for i := 0; i+1 < len(kids); i++ {
		label := kids[i]
		if label.Type() != "simple_identifier" || label.Content(src) != "key" && label.Content(src) != "custom" {
			continue
		}
		v := kids[i+1]
		if s, ok := stringValue(v, src); ok {
			return s, true
		}
		if v.Type() == "prefix_expression" {
			if t := v.ChildByFieldName("target"); t != nil && t.Type() == "simple_identifier" {
				return t.Content(src), true // .id: FieldKey.id
			}
		}
	}
	return "", false
}

// codingKey is the raw value of the case named name of a CodingKeys enum
// in a type's body: the key Codable writes the property as.
func codingKey(body *sitter.Node, name string, src []byte) (string, bool) {
	if body == nil || !bodyKinds[body.Type()] {
		return "", false
	}
	for _, c := range extract.NamedChildren(body) {
		if c.Type() != "class_declaration" || declKind(c) != "enum" {
			continue
		}
		if nm := c.ChildByFieldName("name"); nm == nil || nm.Content(src) != "CodingKeys" {
			continue
		}
		for _, e := range extract.NamedChildren(c.ChildByFieldName("body")) {
			if e.Type() != "enum_entry" {
				continue
			}
			if nm := e.ChildByFieldName("name"); nm != nil && nm.Content(src) == name {
				return stringValue(e.ChildByFieldName("raw_value"), src)
			}
		}
	}
	return "", false
}

package php

import (
	_ "embed"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/php"

	"github.com/appendix-dev/appendix/extract"
)

//go:embed php.scm
var phpQuery string

// Lang is PHP.
var Lang = knowing(&extract.Language{
	Name: "php", Display: "PHP", Fence: "php", Exts: []string{".php"}, Comment: "//", Revision: "10",
	MemberSeps: []string{"::"},
	Grammar:    grammar.GetLanguage, QuerySource: phpQuery,
	Funcs:       phpFuncs,
	CallsDefine: true, // a migration's Schema::create in up()
	Refine:      refinePHP,
	KeyReaders:  []string{"config", "env"},
	Members:     membersPHP,
	MemberName:  memberName,
	Embedded:    func(n *sitter.Node) bool { return n.Type() == "use_declaration" },
	Field:       field,
	Elide:       extract.BraceElide,
	Routes:      phpRoutes,
	RouteMarks:  []string{"Route", "$router"}, // Route::get, #[Route], @Route; Lumen's $router->get
	Lex:         phpLex,
	Matches:     matchPHP,
})

// phpFuncs are the PHP nodes whose body is a function body.
// A closure is none: a migration's table shows the columns its closure
// declares, and a route the closure that handles it.
var phpFuncs = map[string]bool{"method_declaration": true, "function_definition": true}

// typeDecls are the declarations of a class-like type, which hold members.
var typeDecls = map[string]bool{"class_declaration": true, "interface_declaration": true, "trait_declaration": true,
	"enum_declaration": true}

// blockParents are the statements whose block may hold a file's own
// declarations: a braced namespace, and the if that guards a declaration
// (if (!function_exists('helper')) { function helper() {} }).
var blockParents = map[string]bool{"namespace_definition": true, "if_statement": true, "else_clause": true,
	"else_if_clause": true}

// scope reports whether n is declared at the top of its file (in a
// namespace, or in the block of an if there), or in the body of a
// class-like type so declared, and returns that type. A declaration inside
// a function, a method or an anonymous class is none.
func scope(n *sitter.Node) (owner *sitter.Node, ok bool) {
	for c, p := n, n.Parent(); p != nil; c, p = p, p.Parent() {
		switch t := p.Type(); {
		case t == "program":
			// An indented statement at the top of a file that does not
			// parse is what tree-sitter recovered out of a broken one
			// that held it (an enum's constant, which the grammar does
			// not read): none of the file's own.
			return owner, c.StartPoint().Column == 0 || !p.HasError()
		case t == "ERROR":
			// A file that does not parse: the declarations tree-sitter
			// recovered whole at its top are its own (one holding an
			// error is reported broken).
			return owner, p.Parent() == nil || p.Parent().Type() == "program"
		case t == "declaration_list" || t == "enum_declaration_list":
			gp := p.Parent()
			if owner != nil || gp == nil || !typeDecls[gp.Type()] {
				return nil, false
			}
			owner, c, p = gp, p, gp
		case t == "compound_statement" || t == "colon_block":
			if gp := p.Parent(); gp == nil || !blockParents[gp.Type()] {
				return nil, false
			}
		case blockParents[t]:
		default:
			return nil, false
		}
	}
	return nil, false
}

// topStatement is the statement at the top of the file (or of a braced
// namespace) that holds n.
func topStatement(n *sitter.Node) *sitter.Node {
	for p := n.Parent(); p != nil; n, p = p, p.Parent() {
		if p.Type() == "program" || p.Type() == "compound_statement" && p.Parent() != nil && p.Parent().Type() == "namespace_definition" {
			return n
		}
	}
	return n
}

// namespaceOf is the namespace a declaration is in, dotted (App.Models):
// the braced namespace around it, or the last namespace statement before
// its statement; "" for the global one.
func namespaceOf(n *sitter.Node, src []byte) string {
	top := topStatement(n)
	ns := top.Parent()
	if ns == nil || ns.Type() != "compound_statement" {
		for ns = top.PrevNamedSibling(); ns != nil && (ns.Type() != "namespace_definition" || ns.ChildByFieldName("body") != nil); ns = ns.PrevNamedSibling() {
		}
	} else {
		ns = ns.Parent()
	}
	if ns == nil {
		return ""
	}
	if nm := ns.ChildByFieldName("name"); nm != nil {
		return strings.ReplaceAll(nm.Content(src), `\`, ".")
	}
	return ""
}

// hasModifier reports a modifier among a declaration's children: a
// visibility (private), static, abstract, final, readonly.
func hasModifier(def *sitter.Node, word string, src []byte) bool {
	for i := 0; i < int(def.NamedChildCount()); i++ {
		if c := def.NamedChild(i); strings.HasSuffix(c.Type(), "_modifier") && c.Content(src) == word {
			return true
		}
	}
	return false
}

func refinePHP(m *extract.Match) bool {
	d := &m.Out
	switch m.Kind {
	case "call":
		return defineCall(m)
	case "static_call":
		return schemaCall(m)
	case "column":
		return addedColumn(m)
	case "setting":
		return setting(m)
	}
	owner, ok := scope(m.Def)
	if !ok {
		return false
	}
	d.Exported = !hasModifier(m.Def, "private", m.Src)
	d.Namespace = namespaceOf(m.Def, m.Src)
	if owner != nil {
		if nm := owner.ChildByFieldName("name"); nm != nil {
			d.Container = nm.Content(m.Src)
		}
	}
	switch m.Kind {
	case "method":
		if owner == nil {
			return false
		}
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Method Signature", m.Def
	case "function":
		d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", m.Def
	case "constant":
		d.Kind, d.Title = extract.KindConstant, "Constant"
		d.Values = extract.LiteralValues(constValue(m.Name.Parent()), m.Src)
	case "class":
		d.Kind, d.Title = extract.KindType, "Class"
		super := baseNames(m.Def, "base_clause", m.Src)
		d.Bases = append(append(super, baseNames(m.Def, "class_interface_clause", m.Src)...), traitsUsed(m.Def, m.Src)...)
		switch {
		case errorBase(super):
			d.Kind, d.Title = extract.KindError, "Error"
		case model(m.Def, super, m.Src):
			// Its table is its $table; by default the class in snake
			// case, plural (OrderItem: order_items), the table name a
			// model's name folds to anyway.
			d.Kind, d.Title = extract.KindSchema, "Model"
			if s, ok := stringText(property(m.Def, "table", m.Src), m.Src); ok && s != "" {
				d.Aliases = []string{s}
			}
		case entity(m.Def, m.Src):
			d.Kind, d.Title = extract.KindSchema, "Entity"
			if t := entityTable(m.Def, m.Src); t != "" {
				d.Aliases = []string{t}
			}
		}
		d.Values = memberValues(m.Def, m.Src)
	case "interface":
		d.Kind, d.Title = extract.KindInterface, "Interface"
		d.Bases = baseNames(m.Def, "base_clause", m.Src)
		d.Values = memberValues(m.Def, m.Src)
	case "trait":
		d.Kind, d.Title = extract.KindInterface, "Trait"
		d.Bases = traitsUsed(m.Def, m.Src)
	case "enum":
		d.Kind, d.Title = extract.KindEnum, "Enum"
		d.Bases = append(baseNames(m.Def, "class_interface_clause", m.Src), traitsUsed(m.Def, m.Src)...)
		d.Values = memberValues(m.Def, m.Src)
	default:
		return false
	}
	return true
}

// constValue is the value of a const element (NAME = value), or nil.
func constValue(el *sitter.Node) *sitter.Node {
	if el == nil || el.Type() != "const_element" || el.NamedChildCount() < 2 {
		return nil
	}
	return el.NamedChild(int(el.NamedChildCount()) - 1)
}

// memberValues are the string values of a type's constants and enum
// cases, each as its member's.
func memberValues(def *sitter.Node, src []byte) []extract.Value {
	var els []*sitter.Node
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		switch c.Type() {
		case "const_declaration":
			els = append(els, extract.NamedChildren(c)...)
		case "enum_case":
			els = append(els, c)
		}
	}
	return extract.MemberValues(els, src, func(n *sitter.Node) *sitter.Node {
		if n.Type() == "enum_case" {
			return n.ChildByFieldName("name")
		}
		if n.Type() == "const_element" && n.NamedChildCount() > 0 {
			return n.NamedChild(0)
		}
		return nil
	}, func(n *sitter.Node) *sitter.Node {
		if n.Type() == "enum_case" {
			return n.ChildByFieldName("value")
		}
		return constValue(n)
	})
}

// defineCall reads define('NAME', value) at the top of a file: the
// constant NAME.
func defineCall(m *extract.Match) bool {
	if m.Name.Content(m.Src) != "define" {
		return false
	}
	if _, ok := scope(m.Def); !ok {
		return false
	}
	args := callArgs(m.Name.Parent())
	if len(args) < 2 {
		return false
	}
	name := stringContent(args[0])
	if name == nil {
		return false
	}
	d := &m.Out
	m.Name, d.Name = name, name.Content(m.Src)
	d.Kind, d.Title, d.Exported = extract.KindConstant, "Constant", true
	d.Namespace = ""
	d.Values = extract.LiteralValues(args[1], m.Src)
	return true
}

// callArgs are the expressions a call passes, in order (a named
// argument's value too).
func callArgs(call *sitter.Node) []*sitter.Node {
	if call == nil {
		return nil
	}
	var out []*sitter.Node
	for _, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		if a.Type() != "argument" {
			continue
		}
		kids := extract.NamedChildren(a)
		if len(kids) == 0 {
			continue
		}
		out = append(out, kids[len(kids)-1])
	}
	return out
}

// namedArg is a call's or attribute's argument named key (name: value),
// or nil.
func namedArg(args *sitter.Node, key string, src []byte) *sitter.Node {
	for _, a := range extract.NamedChildren(args) {
		if nm := a.ChildByFieldName("name"); a.Type() == "argument" && nm != nil && nm.Content(src) == key {
			kids := extract.NamedChildren(a)
			return kids[len(kids)-1]
		}
	}
	return nil
}

// stringContent is the text node of a string literal without
// interpolation ('users', "users"), or nil.
func stringContent(n *sitter.Node) *sitter.Node {
	if n == nil || n.Type() != "string" && n.Type() != "encapsed_string" {
		return nil
	}
	kids := extract.NamedChildren(n)
	if len(kids) != 1 || kids[0].Type() != "string_content" {
		return nil
	}
	return kids[0]
}

// stringText is the text of a string literal without interpolation.
func stringText(n *sitter.Node, src []byte) (string, bool) {
	if c := stringContent(n); c != nil {
		return c.Content(src), true
	}
	if n != nil && (n.Type() == "string" || n.Type() == "encapsed_string") && n.NamedChildCount() == 0 {
		return "", true // ''
	}
	return "", false
}

// baseNames are the simple names of the types a declaration's clause
// (base_clause: extends, class_interface_clause: implements) names:
// \App\Models\Base is Base.
func baseNames(def *sitter.Node, clause string, src []byte) []string {
	var out []string
	for _, c := range extract.NamedChildren(def) {
		if c.Type() != clause {
			continue
		}
		for _, n := range extract.NamedChildren(c) {
			out = append(out, simpleName(n.Content(src)))
		}
	}
	return out
}

// simpleName is a qualified name's last part: Base of \App\Models\Base.
func simpleName(q string) string {
	return q[strings.LastIndexByte(q, '\\')+1:]
}

// traitsUsed are the traits a type's body uses (use HasFactory,
// Notifiable;): their members are the type's.
func traitsUsed(def *sitter.Node, src []byte) []string {
	var out []string
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		if c.Type() != "use_declaration" {
			continue
		}
		for _, n := range extract.NamedChildren(c) {
			if n.Type() == "name" || n.Type() == "qualified_name" {
				out = append(out, simpleName(n.Content(src)))
			}
		}
	}
	return out
}

// errorBase reports a superclass naming an exception or error: extends
// \Exception, extends RuntimeException, extends ApiError.
func errorBase(super []string) bool {
	for _, n := range super {
		if strings.HasSuffix(n, "Exception") || strings.HasSuffix(n, "Error") || n == "Throwable" {
			return true
		}
	}
	return false
}

// modelBases are the classes an Eloquent model extends: Model, the
// authenticatable user, pivots.
var modelBases = map[string]bool{"Model": true, "Authenticatable": true, "Pivot": true, "MorphPivot": true, "User": true}

// model reports an Eloquent model: a class extending Model (or the
// authenticatable User, a pivot, an application's BaseModel), or one that
// names its table.
func model(def *sitter.Node, super []string, src []byte) bool {
	for _, b := range super {
		if modelBases[b] && (b != "User" || strings.Contains(string(src), `Illuminate\Foundation\Auth\User`)) || strings.HasSuffix(b, "Model") {
			return true
		}
	}
	return property(def, "table", src) != nil
}

// property returns the initial value of a type's property (protected
// $table = 'orders'), or nil.
func property(def *sitter.Node, name string, src []byte) *sitter.Node {
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		if c.Type() != "property_declaration" {
			continue
		}
		for _, el := range extract.NamedChildren(c) {
			if el.Type() == "property_element" && propertyName(el, src) == name {
				return initializer(el)
			}
		}
	}
	return nil
}

// propertyName is the name of a property element, without its $.
func propertyName(el *sitter.Node, src []byte) string {
	for _, c := range extract.NamedChildren(el) {
		if c.Type() == "variable_name" {
			return strings.TrimPrefix(c.Content(src), "$")
		}
	}
	return ""
}

// entity reports a Doctrine entity: #[ORM\Entity] or @ORM\Entity in its
// doc comment.
func entity(def *sitter.Node, src []byte) bool {
	for _, a := range attributes(def, src) {
		if a.name == "Entity" {
			return true
		}
	}
	return strings.Contains(docText(def, src), "@ORM\\Entity")
}

// entityTable is the table a Doctrine entity names: #[ORM\Table(name:
// 'products')] or @ORM\Table(name="products"); "" for none.
func entityTable(def *sitter.Node, src []byte) string {
	for _, a := range attributes(def, src) {
		if a.name != "Table" {
			continue
		}
		if s, ok := stringText(namedArg(a.node.ChildByFieldName("parameters"), "name", src), src); ok {
			return s
		}
	}
	doc := docText(def, src)
	if i := strings.Index(doc, "@ORM\\Table("); i >= 0 {
		rest := doc[i:]
		if j := strings.Index(rest, `name="`); j >= 0 {
			rest = rest[j+len(`name="`):]
			if k := strings.IndexByte(rest, '"'); k > 0 {
				return rest[:k]
			}
		}
	}
	return ""
}

// attribute is one attribute of a declaration: its simple name (Route
// for #[Symfony\Component\Routing\Attribute\Route]) and its node.
type attribute struct {
	name string
	node *sitter.Node
}

// attributes lists a declaration's attributes, in source order.
func attributes(def *sitter.Node, src []byte) []attribute {
	var out []attribute
	for _, c := range extract.NamedChildren(def) {
		if c.Type() != "attribute_list" {
			continue
		}
		for _, g := range extract.NamedChildren(c) {
			for _, a := range extract.NamedChildren(g) {
				if a.Type() != "attribute" || a.NamedChildCount() == 0 {
					continue
				}
				out = append(out, attribute{simpleName(a.NamedChild(0).Content(src)), a})
			}
		}
	}
	return out
}

// docText is the doc comment right above a declaration, or "".
func docText(def *sitter.Node, src []byte) string {
	c := def.PrevNamedSibling()
	if c == nil || c.Type() != "comment" || c.EndPoint().Row+1 < def.StartPoint().Row {
		return ""
	}
	if s := c.Content(src); strings.HasPrefix(s, "/**") {
		return s
	}
	return ""
}

// membersPHP lists a type's members (its properties, constants, methods,
// enum cases and the traits it uses; a constructor's promoted properties
// after it), an Eloquent model's columns as its $fillable, $guarded,
// $hidden and $casts name them, and the columns of a table a migration
// creates.
func membersPHP(def *sitter.Node) []*sitter.Node {
	switch def.Type() {
	case "expression_statement":
		return columns(def)
	case "array_element_initializer":
		return nestedKeys(def)
	}
	if !typeDecls[def.Type()] {
		return nil
	}
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		switch c.Type() {
		case "property_declaration", "const_declaration":
			// The declaration is its first name's member (with its
			// attributes and doc comment), each name after it one of its own.
			first := true
			for _, el := range extract.NamedChildren(c) {
				if el.Type() != "property_element" && el.Type() != "const_element" {
					continue
				}
				if first {
					out = append(out, c)
				} else {
					out = append(out, el)
				}
				first = false
				out = append(out, arrayItems(el)...)
			}
		case "method_declaration":
			out = append(out, c)
			for _, p := range extract.NamedChildren(c.ChildByFieldName("parameters")) {
				if p.Type() == "property_promotion_parameter" {
					out = append(out, p)
				}
			}
		case "enum_case", "use_declaration":
			out = append(out, c)
		}
	}
	return out
}

// columnProperties are an Eloquent model's properties that list its
// columns: by value, or ($casts) by key.
var columnProperties = map[string]bool{"fillable": true, "guarded": true, "hidden": true, "visible": true, "casts": true, "dates": true}

// arrayItems returns the first string of each item of the array a
// property is set to, when the array spans lines: the columns of a
// model's $fillable = ['name', 'email'] or $casts = ['paid_at' =>
// 'datetime'] (memberName decides, by the property's name, whether they
// are members, as well as the property).
func arrayItems(el *sitter.Node) []*sitter.Node {
	init := initializer(el)
	if init == nil || init.Type() != "array_creation_expression" || init.StartPoint().Row == init.EndPoint().Row {
		return nil
	}
	var out []*sitter.Node
	for _, e := range extract.NamedChildren(init) {
		if e.Type() != "array_element_initializer" || e.NamedChildCount() == 0 {
			continue
		}
		if s := e.NamedChild(0); stringContent(s) != nil {
			out = append(out, s)
		}
	}
	return out
}

// nestedKeys are the items of the array a configuration file's key is set
// to, each under a key of its own ('webhooks' => ['max_attempts' => 3]):
// what config('firefly.webhooks.max_attempts') reads.
func nestedKeys(item *sitter.Node) []*sitter.Node {
	kids := extract.NamedChildren(item)
	if len(kids) < 2 || kids[len(kids)-1].Type() != "array_creation_expression" {
		return nil
	}
	var out []*sitter.Node
	for _, e := range extract.NamedChildren(kids[len(kids)-1]) {
		if e.Type() == "array_element_initializer" && e.NamedChildCount() > 1 && stringContent(e.NamedChild(0)) != nil {
			out = append(out, e)
		}
	}
	return out
}

// initializer is the value a property element is set to, or nil.
func initializer(el *sitter.Node) *sitter.Node {
	for _, c := range extract.NamedChildren(el) {
		if c.Type() == "property_initializer" && c.NamedChildCount() > 0 {
			return c.NamedChild(int(c.NamedChildCount()) - 1)
		}
	}
	return nil
}

// listsColumns reports a property element that lists a model's columns,
// one a line: its items are members, inside the property's.
func listsColumns(el *sitter.Node, src []byte) bool {
	return columnProperties[propertyName(el, src)] && len(arrayItems(el)) > 0
}

// memberName names a member node: a property without its $, a constant,
// a method, an enum case, a trait used, a column.
func memberName(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "property_declaration", "const_declaration":
		for _, el := range extract.NamedChildren(n) {
			if el.Type() == "property_element" || el.Type() == "const_element" {
				return memberName(el, src)
			}
		}
	case "property_element":
		return propertyName(n, src)
	case "property_promotion_parameter":
		if nm := n.ChildByFieldName("name"); nm != nil {
			return strings.TrimPrefix(nm.Content(src), "$")
		}
	case "const_element":
		if n.NamedChildCount() > 0 {
			return n.NamedChild(0).Content(src)
		}
	case "method_declaration", "enum_case":
		if nm := n.ChildByFieldName("name"); nm != nil {
			return nm.Content(src)
		}
	case "use_declaration":
		for _, c := range extract.NamedChildren(n) {
			if c.Type() == "name" || c.Type() == "qualified_name" {
				return simpleName(c.Content(src))
			}
		}
	case "array_element_initializer":
		if c := stringContent(n.NamedChild(0)); c != nil {
			return c.Content(src) // a configuration key's nested key
		}
	case "string", "encapsed_string":
		// An item of an array a property is set to: a column when the
		// property lists columns.
		el := n.Parent()
		for el != nil && el.Type() != "property_element" {
			el = el.Parent()
		}
		if el == nil || !listsColumns(el, src) {
			return ""
		}
		s, _ := stringText(n, src)
		return s
	case "expression_statement":
		first, _ := columnNames(n, src)
		return first
	case "arguments":
		// The second column a call declares (timestamps: updated_at).
		if st := n.Parent().Parent(); st != nil && st.Type() == "expression_statement" {
			_, second := columnNames(st, src)
			return second
		}
	}
	return ""
}

package csharp

import (
	"bytes"
	_ "embed"
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/csharp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed csharp.scm
var csharpQuery string

// Lang is C#.
var Lang = knowing(&extract.Language{
	Name: "csharp", Fence: "csharp", Exts: []string{".cs"}, Comment: "//", Revision: "7",
	Grammar: grammar.GetLanguage, QuerySource: csharpQuery,
	Funcs: csharpFuncs, BodiesKeepNothing: true,
	Bodies: map[string]bool{"namespace_declaration": true, "class_declaration": true, "interface_declaration": true,
		"enum_declaration": true, "struct_declaration": true, "record_declaration": true},
	Refine:     refineCSharp,
	Members:    membersCSharp,
	MemberName: memberName,
	Field:      field,
	Misread:    misread,
	Elide:      extract.BraceElide,
	Routes:     csharpRoutes,
	Lex:        csharpLex, FuncBodies: funcBodies,
	Matches: matchCSharp,
	Prepare: func(src []byte) []byte { return openExtensionBlocks(blankDirectives(src)) },
})

// extensionRe is the start of a C# 14 extension block's header, at the
// start of a line: `extension(Type type)`, `extension<T>(List<T> list)`.
var extensionRe = regexp.MustCompile(`(?m)^[ \t]*extension[ \t]*(?:<[^>\n]*>)?[ \t]*\(`)

// openExtensionBlocks blanks, for the grammar only, the header and the
// braces of each C# 14 extension block (`extension(Type type) { ... }`),
// which the grammar predates: the members it declares become the
// enclosing static class's, as code calls them (TypeExtensions.CreateDefault),
// where the grammar read them as a constructor's body and the class as
// having none of them.
func openExtensionBlocks(src []byte) []byte {
	locs := extensionRe.FindAllIndex(src, -1)
	if len(locs) == 0 {
		return src
	}
	out := src
	blank := func(from, to int) {
		if &out[0] == &src[0] {
			out = append([]byte(nil), src...)
		}
		for i := from; i < to; i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	for _, loc := range locs {
		params := extract.CloseGroup(src, loc[1]-1)
		if params < 0 {
			continue
		}
		open := params
		for open < len(src) && (src[open] == ' ' || src[open] == '\t' || src[open] == '\r' || src[open] == '\n') {
			open++
		}
		if open >= len(src) || src[open] != '{' {
			continue
		}
		end := extract.CloseGroup(src, open)
		if end < 0 {
			continue
		}
		blank(loc[0], open+1)
		blank(end-1, end)
	}
	return out
}

// blankDirectives blanks the preprocessor directives of a C# file (#if,
// #else, #endif, #region, #pragma, ...), byte for byte, for the grammar
// only: the code of every branch stays. The grammar reads a directive
// only between whole statements or members; one inside a base list, a
// parameter list or around a namespace (`class TaskHost :` then `#if
// FEATURE_APPDOMAIN`, a file that starts with `#if !NET`) broke the
// declaration around it, and what it declares went missing.
func blankDirectives(src []byte) []byte {
	if !bytes.Contains(src, []byte("#")) {
		return src
	}
	var out []byte
	for at := 0; at < len(src); {
		end := bytes.IndexByte(src[at:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += at
		}
		line := src[at:end]
		if t := bytes.TrimLeft(line, " \t"); len(t) > 1 && t[0] == '#' && directiveRe.Match(t) {
			if out == nil {
				out = append([]byte(nil), src...)
			}
			for i := at; i < end; i++ {
				if out[i] != '\r' {
					out[i] = ' '
				}
			}
		}
		at = end + 1
	}
	if out == nil {
		return src
	}
	return out
}

// directiveRe is a line of C#'s preprocessor.
var directiveRe = regexp.MustCompile(`^#\s*(?:if|elif|else|endif|region|endregion|define|undef|pragma|nullable|line|error|warning)\b`)

// csharpFuncs are the C# nodes whose body is a function body: methods,
// constructors, operators, local functions, accessors and lambdas.
var csharpFuncs = map[string]bool{"method_declaration": true, "constructor_declaration": true, "destructor_declaration": true,
	"operator_declaration": true, "conversion_operator_declaration": true, "local_function_statement": true,
	"accessor_declaration": true, "lambda_expression": true, "anonymous_method_expression": true}

// typeDecls are the declarations of a type, which hold members.
var typeDecls = map[string]bool{"class_declaration": true, "struct_declaration": true, "interface_declaration": true,
	"record_declaration": true, "enum_declaration": true}

// scope reports whether n is declared at the top of its file, in a
// namespace (block or file-scoped), or in the body of a type so declared,
// and names the type whose body holds it. A declaration inside a method,
// an accessor or a lambda is none; a local function is one only among the
// file's top-level statements.
func scope(n *sitter.Node, src []byte) (container string, ok bool) {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch t := p.Type(); {
		case t == "compilation_unit":
			return container, true
		case t == "ERROR":
			// A file that does not parse: the declarations tree-sitter
			// recovered whole at its top are its own (one holding an error
			// is reported broken).
			return container, p.Parent() == nil || p.Parent().Type() == "compilation_unit"
		case t == "declaration_list", t == "namespace_declaration", t == "global_statement":
		case typeDecls[t]:
			if nm := p.ChildByFieldName("name"); nm != nil && container == "" {
				container = nm.Content(src)
			}
		default:
			return "", false
		}
	}
	return "", false
}

// fileNamespaceRe is a file-scoped namespace declaration (after the byte
// order mark Visual Studio starts a file with).
var fileNamespaceRe = regexp.MustCompile(`(?m)^\x{FEFF}?[ \t]*namespace[ \t]+([\w.]+)[ \t]*;`)

// scopedNamespace is a file-scoped namespace statement: where it ends in
// its file, and its name.
type scopedNamespace struct {
	end  int
	name string
}

// fileNamespacesKey is the Memo key of a file's fileNamespaces.
type fileNamespacesKey struct{}

// fileNamespaces are the file-scoped namespace statements of src, in
// order: read once per file, not once per definition.
func fileNamespaces(src []byte) []scopedNamespace {
	if !bytes.Contains(src, []byte("namespace")) {
		return nil
	}
	var out []scopedNamespace
	for _, m := range fileNamespaceRe.FindAllSubmatchIndex(src, -1) {
		out = append(out, scopedNamespace{m[1], string(src[m[2]:m[3]])})
	}
	return out
}

// namespaceOf is the namespace n is declared in: those of the namespace
// blocks around it, joined (namespace A { namespace B { } } is A.B), or
// the file's file-scoped namespace, the last of files (fileNamespaces)
// that ends above n: a parse of n's statement alone does not hold it.
func namespaceOf(n *sitter.Node, src []byte, files []scopedNamespace) string {
	var segs []string
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == "namespace_declaration" {
			if nm := p.ChildByFieldName("name"); nm != nil {
				segs = append([]string{nm.Content(src)}, segs...)
			}
		}
	}
	if len(segs) > 0 {
		return strings.Join(segs, ".")
	}
	name := ""
	for _, f := range files {
		if f.end > int(n.StartByte()) {
			break
		}
		name = f.name
	}
	return name
}

// hasModifier reports a keyword among a declaration's modifiers: public,
// static, const, readonly.
func hasModifier(def *sitter.Node, word string) bool {
	for i := 0; i < int(def.NamedChildCount()); i++ {
		if c := def.NamedChild(i); c.Type() == "modifier" && c.ChildCount() > 0 && c.Child(0).Type() == word {
			return true
		}
	}
	return false
}

// exported reports a declaration visible outside its type: public,
// protected or internal; without an access modifier, a type declared at
// the top or in a namespace (internal) and an interface's member.
func exported(def *sitter.Node, container string) bool {
	switch {
	case hasModifier(def, "private"):
		return false
	case hasModifier(def, "public"), hasModifier(def, "protected"), hasModifier(def, "internal"):
		return true
	case container == "":
		return true
	}
	body := def.Parent()
	return body != nil && body.Parent() != nil && body.Parent().Type() == "interface_declaration"
}

// attribute is one attribute of a declaration: its simple name, without
// the Attribute suffix (Table for [System.ComponentModel.DataAnnotations.Schema.TableAttribute]),
// and its node.
type attribute struct {
	name string
	node *sitter.Node
}

// attributesOf lists a declaration's attributes, in source order.
func attributesOf(def *sitter.Node, src []byte) []attribute {
	var out []attribute
	for _, l := range extract.NamedChildren(def) {
		if l.Type() != "attribute_list" {
			continue
		}
		for _, a := range extract.NamedChildren(l) {
			if a.Type() != "attribute" {
				continue
			}
			if nm := a.ChildByFieldName("name"); nm != nil {
				name := nm.Content(src)
				name = name[strings.LastIndexByte(name, '.')+1:]
				if i := strings.IndexByte(name, '<'); i >= 0 {
					name = name[:i]
				}
				out = append(out, attribute{strings.TrimSuffix(name, "Attribute"), a})
			}
		}
	}
	return out
}

// arguments are an attribute's arguments: the positional ones under "",
// in order, and the named ones (Name = "x", Name: "x") by their names.
func arguments(a *sitter.Node, src []byte) (positional []*sitter.Node, named map[string]*sitter.Node) {
	named = map[string]*sitter.Node{}
	for _, c := range extract.NamedChildren(a) {
		if c.Type() != "attribute_argument_list" {
			continue
		}
		for _, arg := range extract.NamedChildren(c) {
			kids := extract.NamedChildren(arg)
			if len(kids) == 0 {
				continue
			}
			if nm := arg.ChildByFieldName("name"); nm != nil {
				named[nm.Content(src)] = kids[len(kids)-1]
			} else if len(kids) == 2 && kids[0].Type() == "identifier" {
				named[kids[0].Content(src)] = kids[1] // Name = "x" without a name field
			} else {
				positional = append(positional, kids[len(kids)-1])
			}
		}
	}
	return positional, named
}

// stringValue returns the text of a string literal without its quotes: a
// plain or verbatim one, without escapes or interpolation.
func stringValue(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch n.Type() {
	case "string_literal":
		s := n.Content(src)
		if strings.Contains(s, `\`) || len(s) < 2 {
			return "", false
		}
		return s[1 : len(s)-1], true
	case "verbatim_string_literal":
		s := n.Content(src)
		if len(s) < 3 {
			return "", false
		}
		return strings.ReplaceAll(s[2:len(s)-1], `""`, `"`), true
	}
	return "", false
}

// firstString is the first positional argument of an attribute when it is
// a string.
func firstString(a *sitter.Node, src []byte) (string, bool) {
	pos, _ := arguments(a, src)
	if len(pos) == 0 {
		return "", false
	}
	return stringValue(pos[0], src)
}

// entityAttributes are Entity Framework Core's and the data annotations'
// attributes that map a class to a table.
var entityAttributes = []string{"Table", "Keyless", "Owned", "PrimaryKey", "Index", "EntityTypeConfiguration"}

// dbContexts are the base classes of an Entity Framework Core context.
var dbContexts = []string{"DbContext", "IdentityDbContext", "IdentityUserContext", "ApiAuthorizationDbContext"}

func refineCSharp(m *extract.Match) bool {
	d := &m.Out
	container, ok := scope(m.Def, m.Src)
	if !ok {
		return false
	}
	d.Container = container
	d.Namespace = namespaceOf(m.Def, m.Src, m.Memo(fileNamespacesKey{}, func() any { return fileNamespaces(m.Src) }).([]scopedNamespace))
	d.Exported = exported(m.Def, container)
	switch m.Kind {
	case "method":
		if container == "" {
			return false
		}
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Method Signature", m.Def
	case "function":
		d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", m.Def
	case "field":
		// A constant: const, or static readonly. Other fields are members
		// of their type.
		if container == "" || !hasModifier(m.Def, "const") && !(hasModifier(m.Def, "static") && hasModifier(m.Def, "readonly")) {
			return false
		}
		d.Kind, d.Title = extract.KindConstant, "Constant"
	case "class", "record", "struct":
		d.Kind, d.Title = extract.KindType, map[string]string{"class": "Class", "record": "Record", "struct": "Struct"}[m.Kind]
		d.Bases = baseTypes(m.Def, m.Src)
		switch {
		case m.Kind != "struct" && errorBase(d.Bases):
			d.Kind, d.Title = extract.KindError, "Error"
		case words.Contains(strings.Join(d.Bases, " "), dbContexts...):
			d.Title = "DbContext"
		case entity(m.Def, d.Name, m.Src):
			d.Kind, d.Title = extract.KindSchema, "Entity"
			for _, a := range attributesOf(m.Def, m.Src) {
				if s, ok := firstString(a.node, m.Src); ok && a.name == "Table" && s != "" {
					d.Aliases = []string{s}
				}
			}
		}
	case "interface":
		d.Kind, d.Title = extract.KindInterface, "Interface"
		d.Bases = baseTypes(m.Def, m.Src)
	case "enum":
		d.Kind, d.Title = extract.KindEnum, "Enum"
	case "delegate":
		d.Kind, d.Title = extract.KindType, "Delegate"
	default:
		return false
	}
	return true
}

// entity reports a class Entity Framework Core maps to a table: one its
// attributes map ([Table("orders")], [PrimaryKey(...)], [Keyless]), or
// one its file's context holds a DbSet of.
func entity(def *sitter.Node, name string, src []byte) bool {
	for _, a := range attributesOf(def, src) {
		if words.Contains(a.name, entityAttributes...) {
			return true
		}
	}
	if !strings.Contains(string(src), "DbSet<") {
		return false
	}
	re := regexp.MustCompile(`\bDbSet<\s*(?:[\w.]+\.)?` + regexp.QuoteMeta(name) + `\s*>`)
	return re.Match(src)
}

// baseTypes lists the types a declaration's base list names, by their
// simple names and without type arguments: ": Base<T>, System.IDisposable"
// gives Base, IDisposable.
func baseTypes(def *sitter.Node, src []byte) []string {
	for _, c := range extract.NamedChildren(def) {
		if c.Type() == "base_list" {
			s := strings.TrimPrefix(strings.TrimSpace(c.Content(src)), ":")
			if i := strings.IndexByte(s, '('); i >= 0 {
				s = s[:i] // a positional record's base arguments: : Base(X)
			}
			return words.Identifiers(words.WithoutTypeArgs(s))
		}
	}
	return nil
}

// errorBase reports bases naming an exception: : Exception, : ApiException.
func errorBase(bases []string) bool {
	for _, b := range bases {
		if strings.HasSuffix(b, "Exception") {
			return true
		}
	}
	return false
}

// misread reports the error the grammar makes of C# 12's empty
// collection expression (List<Order> orders = [];, return [];): an
// element binding whose one argument is a missing identifier.
func misread(n, _ *sitter.Node) bool {
	if !n.IsMissing() || n.Type() != "identifier" {
		return false
	}
	arg := n.Parent()
	if arg == nil || arg.Type() != "argument" || arg.StartByte() != arg.EndByte() {
		return false
	}
	list := arg.Parent()
	return list != nil && list.Type() == "element_binding_expression" && list.NamedChildCount() == 1
}

// membersCSharp lists a type's members: a positional record's parameters,
// then its fields (by their first name), properties, events, constructors,
// methods and nested types; an enum's members. Operators, indexers,
// destructors and conversions name nothing a spec writes, and stay with
// the type's structure.
func membersCSharp(def *sitter.Node) []*sitter.Node {
	if !typeDecls[def.Type()] {
		return nil
	}
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(def) {
		if c.Type() == "parameter_list" {
			for _, p := range extract.NamedChildren(c) {
				if named(p) {
					out = append(out, p)
				}
			}
		}
	}
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		switch c.Type() {
		case "operator_declaration", "conversion_operator_declaration", "indexer_declaration", "destructor_declaration":
		default:
			if strings.HasSuffix(c.Type(), "_declaration") && named(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// named reports a member whose name is in the source: not one the parser
// made up, recovering from an error (interface A { A {} }).
func named(member *sitter.Node) bool {
	nm := member.ChildByFieldName("name")
	if v := declarators(member); len(v) > 0 {
		nm = v[0].ChildByFieldName("name")
	}
	return nm != nil && nm.EndByte() > nm.StartByte()
}

// memberName names a field or event declaration by its first declarator
// (its attributes and type come before it), any other member by the
// general rule.
func memberName(n *sitter.Node, src []byte) string {
	if v := declarators(n); len(v) > 0 {
		if nm := v[0].ChildByFieldName("name"); nm != nil {
			return nm.Content(src)
		}
	}
	return extract.MemberNameOf(n, src)
}

// field describes a field, property or record parameter: the type it
// holds by name (Tag of List<Tag>, Order of Order?; "" for a built-in
// type), and the names it is written as: [JsonPropertyName("x")],
// Newtonsoft's [JsonProperty("x")] and [Column("x")].
func field(n *sitter.Node, src []byte) (typ string, serialized []string) {
	t := n.ChildByFieldName("type")
	if n.Type() == "field_declaration" || n.Type() == "event_field_declaration" {
		for _, c := range extract.NamedChildren(n) {
			if c.Type() == "variable_declaration" {
				t = c.ChildByFieldName("type")
			}
		}
	} else if n.Type() != "property_declaration" && n.Type() != "parameter" {
		return "", nil
	}
	if t != nil {
		if typ = namedType(t, src); slices.Contains(builtins, typ) {
			typ = "" // Guid, DateTime: the base class library's
		}
	}
	for _, a := range attributesOf(n, src) {
		switch a.name {
		case "JsonPropertyName", "JsonProperty", "Column", "DataMember":
			s, ok := firstString(a.node, src)
			if _, named := arguments(a.node, src); !ok {
				s, ok = stringValue(named["PropertyName"], src)
				if !ok {
					s, ok = stringValue(named["Name"], src)
				}
			}
			if ok && s != "" {
				serialized = append(serialized, s)
			}
		}
	}
	return typ, serialized
}

// namedType is the type a type node holds by name: the element of an
// array, a nullable or a generic collection (the last type argument: a
// dictionary's value), the last part of a qualified name; "" for a
// built-in type.
func namedType(t *sitter.Node, src []byte) string {
	for t != nil {
		switch t.Type() {
		case "identifier":
			return t.Content(src)
		case "qualified_name":
			t = t.ChildByFieldName("name")
		case "nullable_type", "array_type", "pointer_type", "ref_type":
			kids := extract.NamedChildren(t)
			if len(kids) == 0 {
				return ""
			}
			t = kids[0]
		case "generic_name":
			var args []*sitter.Node
			for _, c := range extract.NamedChildren(t) {
				if c.Type() == "type_argument_list" {
					args = extract.NamedChildren(c)
				}
			}
			if len(args) == 0 {
				return ""
			}
			t = args[len(args)-1]
		default:
			return ""
		}
	}
	return ""
}

package java

import (
	_ "embed"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/java"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/imports"
	"github.com/appendix-dev/appendix/extract/lang/internal/jvm"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed java.scm
var javaQuery string

// Lang is Java.
var Lang = &extract.Language{
	Name: "java", Display: "Java", Fence: "java", Exts: []string{".java"}, Comment: "//", Revision: "9",
	MemberSeps: []string{"::", "#"},
	Grammar:    grammar.GetLanguage, QuerySource: javaQuery, Prepare: prepare,
	Funcs: javaFuncs, BodiesKeepNothing: true, // (javaScope keeps nothing declared in a body)
	Bodies: map[string]bool{"class_declaration": true, "interface_declaration": true, "enum_declaration": true,
		"record_declaration": true, "annotation_type_declaration": true},
	// (A marker interface: an entity's column is never Serializable's.)
	EmptyBases: []string{"Serializable", "Cloneable", "java.io.Serializable"},
	Refine:     refineJava,
	Members:    membersJava,
	Field:      fieldJava,
	// (Lombok's generated accessors are members of their class.)
	MoreNames: lombokAccessors,
	MadeOf:    accessorField,
	Routes:    javaRoutes,
	// What each framework javaRoutes reads writes in a file that maps a
	// route: Spring's @...Mapping, JAX-RS's @GET, Micronaut's
	// @Controller, WebFlux's GET("/x").
	RouteMarks: routeMarks,
	Elide:      extract.BraceElide,
	Lex:        javaLex, FuncBodies: funcBodies,
	Matches: matchJava,

	SpecWords:       []string{"java", "spring", "jpa", "hibernate", "jax-rs", "junit"},
	RouteFrameworks: []string{"Spring MVC", "Spring WebFlux", "JAX-RS", "Micronaut", "Jakarta and Quarkus WebSocket"},
	NotNames:        notNames,
	Builtins:        builtins,
	Frameworks:      frameworks,
	Keywords:        keywords,
	Generated:       []string{"_.java"},
	SkipDirs:        []string{".gradle"},
	Imports:         importNames,
	ImportedModules: importedModules,
	ImportLine:      importLine,
	ImportStarts:    importStarts,
	WildcardImports: imports.Wildcards(regexp.MustCompile(`(?m)^[ \t]*import[ \t]+([\w.]+)\.\*[ \t]*;`)),
	ExternalImports: externalImports,
	TestFiles:       []string{"*Test.java", "*Tests.java", "*TestCase.java", "*IT.java", "Test[A-Z]*.java"},
	TestDirs:        []string{"src/test"},
	Tests:           javaTests,
	TestNames:       testNames,
	Declares:        route.TypedDeclares,
	DocPrefixes:     []string{"//", "/*", "*", "@"},
	PackageDir:      true,
	KeyMarkers:      []string{"@Id", "@EmbeddedId"},
}

// javaFuncs are the Java nodes whose body is a function body.
var javaFuncs = map[string]bool{"method_declaration": true, "constructor_declaration": true,
	"compact_constructor_declaration": true, "lambda_expression": true}

// typeDecls are the declarations of a type, which hold members.
var typeDecls = map[string]bool{"class_declaration": true, "interface_declaration": true, "enum_declaration": true,
	"record_declaration": true, "annotation_type_declaration": true}

// javaScope reports whether n is declared at the top of its file or in the
// body of a type so declared, and names the type whose body holds it. A
// declaration inside a method, an anonymous class or an enum constant's
// body is none.
func javaScope(n *sitter.Node, src []byte) (container string, ok bool) {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch t := p.Type(); {
		case t == "program":
			return container, true
		case t == "class_body" || t == "interface_body" || t == "enum_body" || t == "enum_body_declarations" || t == "annotation_type_body":
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

// modifiers returns the modifiers node of a declaration, or nil.
func modifiers(def *sitter.Node) *sitter.Node {
	for i := 0; i < int(def.NamedChildCount()); i++ {
		if c := def.NamedChild(i); c.Type() == "modifiers" {
			return c
		}
	}
	return nil
}

// hasModifier reports a keyword among a declaration's modifiers: public,
// static, final.
func hasModifier(def *sitter.Node, word string) bool {
	m := modifiers(def)
	if m == nil {
		return false
	}
	for i := 0; i < int(m.ChildCount()); i++ {
		if m.Child(i).Type() == word {
			return true
		}
	}
	return false
}

// annotationsOf lists a declaration's annotations, in source order.
func annotationsOf(def *sitter.Node, src []byte) []jvm.Annotation {
	var out []jvm.Annotation
	for _, c := range extract.NamedChildren(modifiers(def)) {
		if c.Type() != "annotation" && c.Type() != "marker_annotation" {
			continue
		}
		if nm := c.ChildByFieldName("name"); nm != nil {
			name := nm.Content(src)
			out = append(out, jvm.Annotation{Name: name[strings.LastIndexByte(name, '.')+1:], Node: c})
		}
	}
	return out
}

// argument returns an annotation's argument named key ("value" is also
// the one written without a name), or nil.
func argument(a *sitter.Node, key string, src []byte) *sitter.Node {
	for _, c := range extract.NamedChildren(a.ChildByFieldName("arguments")) {
		if c.Type() == "element_value_pair" {
			if k := c.ChildByFieldName("key"); k != nil && k.Content(src) == key {
				return c.ChildByFieldName("value")
			}
		} else if key == "value" {
			return c
		}
	}
	return nil
}

// stringValue returns the text of a string literal without its quotes.
func stringValue(n *sitter.Node, src []byte) (string, bool) {
	if n == nil || n.Type() != "string_literal" {
		return "", false
	}
	s := n.Content(src)
	if strings.HasPrefix(s, `"""`) {
		return strings.TrimSuffix(strings.TrimPrefix(s, `"""`), `"""`), true
	}
	return strings.TrimSuffix(strings.TrimPrefix(s, `"`), `"`), true
}

func refineJava(m *extract.Match) bool {
	d := &m.Out
	container, ok := javaScope(m.Def, m.Src)
	if !ok {
		return false
	}
	d.Container = container
	d.Exported = !hasModifier(m.Def, "private")
	switch m.Kind {
	case "method":
		if container == "" {
			return false
		}
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Method Signature", m.Def
	case "field":
		// A constant: static final, or declared in an interface, where
		// every field is one. Other fields are members of their type.
		inInterface := m.Def.Parent() != nil && m.Def.Parent().Type() == "interface_body"
		if container == "" || m.Def.Type() != "constant_declaration" && !inInterface && !(hasModifier(m.Def, "static") && hasModifier(m.Def, "final")) {
			return false
		}
		d.Kind, d.Title = extract.KindConstant, "Constant"
	case "class":
		d.Kind, d.Title = extract.KindType, "Class"
		for _, a := range annotationsOf(m.Def, m.Src) {
			if title, ok := jvm.SchemaTitles[a.Name]; ok && d.Kind != extract.KindSchema {
				d.Kind, d.Title = extract.KindSchema, title
			}
			if a.Name == "Entity" && len(d.Aliases) == 0 {
				if s, ok := stringValue(argument(a.Node, "tableName", m.Src), m.Src); ok && s != "" {
					d.Aliases = []string{s} // Room's @Entity(tableName = "news_resources")
				}
			}
			if a.Name == "Table" || a.Name == "Document" {
				for _, key := range []string{"name", "collection", "value"} {
					if s, ok := stringValue(argument(a.Node, key, m.Src), m.Src); ok && s != "" {
						d.Aliases = []string{s}
						break
					}
				}
			}
		}
		super := ""
		if s := m.Def.ChildByFieldName("superclass"); s != nil {
			super = s.Content(m.Src)
		}
		if errorBase(super) {
			d.Kind, d.Title = extract.KindError, "Error"
		}
		d.Bases = append(typeNames(super), typeNames(childContent(m.Def, "interfaces", m.Src))...)
	case "interface":
		d.Kind, d.Title = extract.KindInterface, "Interface"
		for _, c := range extract.NamedChildren(m.Def) {
			if c.Type() == "extends_interfaces" {
				d.Bases = typeNames(c.Content(m.Src))
			}
		}
	case "enum":
		d.Kind, d.Title = extract.KindEnum, "Enum"
		d.Bases = typeNames(childContent(m.Def, "interfaces", m.Src))
	case "record":
		d.Kind, d.Title = extract.KindType, "Record"
		d.Bases = typeNames(childContent(m.Def, "interfaces", m.Src))
	case "annotation":
		d.Kind, d.Title = extract.KindType, "Annotation"
	default:
		return false
	}
	return true
}

// childContent is the text of a declaration's field, or "".
func childContent(n *sitter.Node, field string, src []byte) string {
	if c := n.ChildByFieldName(field); c != nil {
		return c.Content(src)
	}
	return ""
}

// errorBase reports a superclass clause naming an exception or error:
// extends Exception, extends RuntimeException, extends ApiError.
func errorBase(super string) bool {
	for _, n := range typeNames(super) {
		if strings.HasSuffix(n, "Exception") || strings.HasSuffix(n, "Error") || n == "Throwable" {
			return true
		}
	}
	return false
}

// typeNames lists the types a heritage clause names, by their simple
// names and without type arguments: "extends Base<T> implements
// java.io.Serializable, Comparable<Order>" gives Base, Serializable,
// Comparable.
func typeNames(clause string) []string {
	s := strings.TrimSpace(words.WithoutTypeArgs(clause))
	for _, kw := range []string{"extends", "implements"} {
		s = strings.TrimSpace(strings.TrimPrefix(s, kw))
	}
	return words.Identifiers(s)
}

// fieldJava gives a field the names it is stored or serialized as (see
// jvm.StoredNames).
func fieldJava(n *sitter.Node, src []byte) (typ string, serialized []string) {
	if n.Type() != "field_declaration" && n.Type() != "formal_parameter" {
		return "", nil
	}
	return "", jvm.StoredAs(annotationsOf(n, src), func(a *sitter.Node, key string) (string, bool) {
		return stringValue(argument(a, key, src), src)
	})
}

// membersJava lists a type's members: fields, constructors, methods,
// nested types, enum constants and a record's components. Initializer
// blocks name nothing and stay with the type's structure.
func membersJava(def *sitter.Node) []*sitter.Node {
	if !typeDecls[def.Type()] {
		return nil
	}
	var out []*sitter.Node
	if def.Type() == "record_declaration" {
		out = append(out, extract.NamedChildren(def.ChildByFieldName("parameters"))...)
	}
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		switch c.Type() {
		case "enum_body_declarations":
			for _, e := range extract.NamedChildren(c) {
				if e.Type() != "static_initializer" && e.Type() != "block" {
					out = append(out, e)
				}
			}
		case "static_initializer", "block":
		default:
			out = append(out, c)
		}
	}
	return out
}

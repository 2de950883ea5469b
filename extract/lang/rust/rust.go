package rust

import (
	_ "embed"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/rust"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed rust.scm
var rustQuery string

// Lang is Rust.
var Lang = knowing(&extract.Language{
	Name: "rust", Display: "Rust", Fence: "rust", Exts: []string{".rs"}, Comment: "//", Revision: "6",
	MemberSeps: []string{"::"},
	Grammar:    grammar.GetLanguage, QuerySource: rustQuery,
	Funcs: rustFuncs, BodiesKeepNothing: true,
	Bodies:     map[string]bool{"mod_item": true, "struct_item": true, "impl_item": true, "trait_item": true, "enum_item": true},
	Refine:     refineRust,
	Members:    membersRust,
	Field:      fieldRust,
	Attributes: map[string]bool{"attribute_item": true},
	Elide:      extract.BraceElide,
	Routes:     rustRoutes,
	Lex:        rustLex,
	Matches:    matchRust,
})

// rustFuncs are the Rust nodes whose body is a function body.
var rustFuncs = map[string]bool{"function_item": true, "closure_expression": true}

func refineRust(m *extract.Match) bool {
	d := &m.Out
	owner, module, ok := scope(m.Def, m.Src)
	if !ok || testOnly(m.Def, m.Src) {
		return false
	}
	d.Exported = public(m.Def, m.Src)
	if owner != nil {
		// An item of an impl or trait block is its type's: Order::new,
		// Store::get. A trait's items, and those of a trait's impl, are
		// as public as the trait.
		d.Container = ownerName(owner, m.Src)
		if owner.Type() == "trait_item" || owner.ChildByFieldName("trait") != nil {
			d.Exported = true
		}
	} else {
		d.Container = module // inner::helper: an item of an inline module
	}
	switch m.Kind {
	case "function":
		m.OwnFunc = m.Def
		d.Kind, d.Title = extract.KindFunction, "Function Signature"
		if owner != nil {
			d.Kind, d.Title = extract.KindMethod, "Method Signature"
		}
	case "struct", "union":
		d.Kind, d.Title = extract.KindType, "Struct"
		if m.Kind == "union" {
			d.Title = "Union"
		}
		attrs := attributeText(m.Def, m.Src)
		derived := derives(attrs)
		switch {
		case errorType(d.Name, derived, m.Src):
			d.Kind, d.Title = extract.KindError, "Error"
		case words.Contains(derived, "DeriveEntityModel"):
			d.Kind, d.Title = extract.KindSchema, "Entity"
		case words.Contains(derived, dbDerives...):
			d.Kind, d.Title = extract.KindSchema, "Schema"
		}
		if d.Kind == extract.KindSchema {
			if t := tableNameRe.FindStringSubmatch(attrs); t != nil {
				d.Aliases = []string{t[1]}
			}
		}
	case "enum":
		d.Kind, d.Title = extract.KindEnum, "Enum"
		if errorType(d.Name, derives(attributeText(m.Def, m.Src)), m.Src) {
			d.Kind, d.Title = extract.KindError, "Error"
		}
	case "trait":
		d.Kind, d.Title = extract.KindInterface, "Trait"
		if b := m.Def.ChildByFieldName("bounds"); b != nil {
			d.Bases = words.Identifiers(strings.ReplaceAll(words.WithoutTypeArgs(b.Content(m.Src)), "+", ","))
		}
	case "type":
		if owner != nil {
			return false // an impl's associated type: type Item = Order;
		}
		d.Kind, d.Title = extract.KindType, "Type"
		if t := aliased(m.Def.ChildByFieldName("type"), m.Src); t != "" {
			// `pub type Configuration = Arc<ConfigurationInner>;`: the
			// type it names, through the pointers that hand on their
			// target's members, whose members are the alias's.
			d.Bases = []string{t}
		}
	case "constant", "static":
		d.Kind, d.Title = extract.KindConstant, "Constant"
		if m.Kind == "static" {
			d.Title = "Static"
		}
	case "macro":
		d.Kind, d.Title = extract.KindFunction, "Macro"
	case "invocation":
		// diesel::table! { users (id) { id -> Int4, ... } }: the table.
		name := tableOf(m.Def, m.Name, m.Src)
		if name == nil || owner != nil {
			return false
		}
		m.Name, d.Name = name, name.Content(m.Src)
		d.Kind, d.Title, d.Exported, d.Container = extract.KindSchema, "Table", true, ""
	default:
		return false
	}
	return true
}

// dbDerives are the derives that map a struct to a table's rows: Diesel's
// and sqlx's.
var dbDerives = []string{"Queryable", "QueryableByName", "Insertable", "Selectable", "AsChangeset", "Identifiable", "FromRow"}

// tableNameRe reads the table a model maps: #[diesel(table_name = users)],
// #[table_name = "users"], #[sea_orm(table_name = "cake")].
var tableNameRe = regexp.MustCompile(`\btable_name\s*=\s*"?(?:\w+::)*([A-Za-z_][\w.]*)"?`)

// scope reports whether a matched item is one of the file's: at module
// level, in an inline module, or in an impl or trait block that is. owner
// is the impl or trait block, module the innermost inline module. An item
// in a function body, an extern block, or a #[cfg(test)] module or impl
// is none.
func scope(n *sitter.Node, src []byte) (owner *sitter.Node, module string, ok bool) {
	for {
		p := n.Parent()
		if p == nil {
			return nil, "", false
		}
		switch p.Type() {
		case "source_file":
			return owner, module, true
		case "ERROR":
			// A file that does not parse: the items tree-sitter recovered
			// whole at its top are its own (one holding an error is
			// reported broken).
			if p.Parent() == nil || p.Parent().Type() == "source_file" {
				return owner, module, true
			}
			return nil, "", false
		case "declaration_list":
			gp := p.Parent()
			if gp == nil {
				return nil, "", false
			}
			switch gp.Type() {
			case "impl_item", "trait_item":
				if owner != nil || module != "" || testOnly(gp, src) {
					return nil, "", false
				}
				owner = gp
			case "mod_item":
				if testOnly(gp, src) {
					return nil, "", false
				}
				if module == "" && owner == nil {
					if nm := gp.ChildByFieldName("name"); nm != nil {
						module = nm.Content(src)
					}
				}
			default:
				return nil, "", false
			}
			n = gp
		default:
			return nil, "", false
		}
	}
}

// attributes are the attribute items right above an item, nearest last.
func attributes(n *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for c := n.PrevNamedSibling(); c != nil && (c.Type() == "attribute_item" || extract.IsComment(c)); c = c.PrevNamedSibling() {
		if c.Type() == "attribute_item" {
			out = append([]*sitter.Node{c}, out...)
		}
	}
	return out
}

// attributeText joins the text of an item's attributes.
func attributeText(n *sitter.Node, src []byte) string {
	var b strings.Builder
	for _, a := range attributes(n) {
		b.WriteString(a.Content(src))
		b.WriteByte('\n')
	}
	return b.String()
}

// testOnlyRe is an attribute that compiles an item for tests only:
// #[cfg(test)], #[cfg(all(test, feature = "x"))], not #[cfg(not(test))].
var testOnlyRe = regexp.MustCompile(`^#\[cfg\((?:all\()?\s*test\b`)

// testOnly reports an item compiled for tests only.
func testOnly(n *sitter.Node, src []byte) bool {
	for _, a := range attributes(n) {
		if testOnlyRe.MatchString(a.Content(src)) {
			return true
		}
	}
	return false
}

// deriveRe reads the traits a #[derive(...)] attribute derives.
var deriveRe = regexp.MustCompile(`derive\(([^)]*)\)`)

// derives lists the derived traits, by their last path segment:
// "Debug Error FromRow" for #[derive(Debug, thiserror::Error, sqlx::FromRow)].
func derives(attrs string) string {
	var out []string
	for _, m := range deriveRe.FindAllStringSubmatch(attrs, -1) {
		for _, t := range strings.Split(m[1], ",") {
			t = strings.TrimSpace(t)
			if i := strings.LastIndex(t, "::"); i >= 0 {
				t = t[i+2:]
			}
			if t != "" {
				out = append(out, t)
			}
		}
	}
	return strings.Join(out, " ")
}

// errorType reports an error type: it derives thiserror's (or snafu's)
// Error, or its file implements std::error::Error for it.
func errorType(name, derived string, src []byte) bool {
	if words.Contains(derived, "Error", "Snafu") {
		return true
	}
	if !strings.Contains(string(src), "Error for "+name) {
		return false
	}
	re := regexp.MustCompile(`(?m)^\s*impl(?:<[^>]*>)?\s+(?:std::)?(?:error::)?Error\s+for\s+` + regexp.QuoteMeta(name) + `\b`)
	return re.Match(src)
}

// public reports an item visible outside its module: pub, pub(crate),
// pub(super); not pub(self).
func public(n *sitter.Node, src []byte) bool {
	for _, c := range extract.NamedChildren(n) {
		if c.Type() == "visibility_modifier" {
			return strings.ReplaceAll(c.Content(src), " ", "") != "pub(self)"
		}
	}
	return false
}

// ownerName is the type an impl block is for (impl<T> Store for
// PgStore<T> is PgStore's), or a trait's name.
func ownerName(owner *sitter.Node, src []byte) string {
	if owner.Type() == "trait_item" {
		if n := owner.ChildByFieldName("name"); n != nil {
			return n.Content(src)
		}
		return ""
	}
	return typeName(owner.ChildByFieldName("type"), src)
}

// typeName is the name of a type node: Wrapper of Wrapper<T>, Order of
// crate::models::Order or &mut Order.
func typeName(t *sitter.Node, src []byte) string {
	for t != nil {
		switch t.Type() {
		case "type_identifier", "identifier", "primitive_type":
			return t.Content(src)
		case "generic_type", "reference_type", "pointer_type":
			t = t.ChildByFieldName("type")
		case "scoped_type_identifier":
			t = t.ChildByFieldName("name")
		default:
			return ""
		}
	}
	return ""
}

// tableOf returns the table a Diesel table! invocation declares: the
// name before its key's parentheses or its columns' braces, after the
// use declarations and attributes its body may open with
// (`use diesel::sql_types::*; timelines (id) { ... }`).
func tableOf(inv, macro *sitter.Node, src []byte) *sitter.Node {
	if macro.Content(src) != "table" {
		return nil
	}
	for _, c := range extract.NamedChildren(inv) {
		if c.Type() != "token_tree" {
			continue
		}
		var name *sitter.Node
		for i := 0; i < int(c.ChildCount()); i++ {
			k := c.Child(i)
			switch t := k.Type(); {
			case t == "identifier":
				name = k
			case t == ";" || t == "::":
				name = nil // a use declaration's path
			case t == "token_tree" && name != nil && k.ChildCount() > 0 && (k.Child(0).Type() == "(" || k.Child(0).Type() == "{"):
				return name
			case t == "token_tree":
				name = nil // an attribute's brackets
			}
		}
	}
	return nil
}

func membersRust(def *sitter.Node) []*sitter.Node {
	var body *sitter.Node
	switch def.Type() {
	case "struct_item", "union_item", "enum_item", "trait_item":
		body = def.ChildByFieldName("body")
	case "macro_invocation":
		return tableColumns(def)
	}
	if body == nil || body.Type() == "ordered_field_declaration_list" {
		return nil // a tuple struct's fields have no names
	}
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(body) {
		if c.ChildByFieldName("name") != nil {
			out = append(out, c) // not an attribute, a macro call, a use
		}
	}
	return out
}

// tableColumns are the column names of a table! body: each name followed
// by "->".
func tableColumns(inv *sitter.Node) []*sitter.Node {
	var outer *sitter.Node
	for _, c := range extract.NamedChildren(inv) {
		if c.Type() == "token_tree" {
			outer = c
		}
	}
	if outer == nil {
		return nil
	}
	var cols *sitter.Node
	for _, c := range extract.NamedChildren(outer) {
		if c.Type() == "token_tree" && c.ChildCount() > 0 && c.Child(0).Type() == "{" {
			cols = c
		}
	}
	if cols == nil {
		return nil
	}
	var out []*sitter.Node
	for i := 0; i < int(cols.ChildCount())-1; i++ {
		if c := cols.Child(i); c.Type() == "identifier" && cols.Child(i+1).Type() == "->" {
			out = append(out, c)
		}
	}
	return out
}

// handsOn are the wrappers a value of which hands on its target's members
// (Deref): Arc<Inner>'s members are Inner's.
var handsOn = map[string]bool{"Arc": true, "Rc": true, "Box": true, "Cow": true}

// aliased is the type an alias's value names, through the wrappers that
// hand on their target's members (Arc<ConfigurationInner> is
// ConfigurationInner), or "": a tuple, a function type, a reference.
func aliased(t *sitter.Node, src []byte) string {
	for t != nil && t.Type() == "generic_type" {
		args := extract.NamedChildren(t.ChildByFieldName("type_arguments"))
		if !handsOn[typeName(t, src)] || len(args) != 1 {
			break
		}
		t = args[0]
	}
	if t == nil {
		return ""
	}
	switch t.Type() {
	case "type_identifier", "scoped_type_identifier", "generic_type":
		return typeName(t, src)
	}
	return ""
}

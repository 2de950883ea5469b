package typescript

import (
	_ "embed"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	jsgrammar "github.com/smacker/go-tree-sitter/javascript"
	tsxgrammar "github.com/smacker/go-tree-sitter/typescript/tsx"
	tsgrammar "github.com/smacker/go-tree-sitter/typescript/typescript"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/words"
)

//go:embed typescript.scm
var typescriptQuery string

//go:embed javascript.scm
var javascriptQuery string

// revision is the revision of the rules the four languages share.
const revision = "19"

// jsFuncs are the ECMAScript nodes whose body is a function body.
var jsFuncs = map[string]bool{
	"function_declaration": true, "generator_function_declaration": true, "method_definition": true,
	"arrow_function": true, "function_expression": true, "function": true, "generator_function": true,
}

// jsBodies are the ECMAScript nodes whose body declares only what its
// words name: classes', interfaces', enums' and namespaces' bodies.
var jsBodies = map[string]bool{
	"class_declaration": true, "abstract_class_declaration": true, "class": true, "interface_declaration": true,
	"enum_declaration": true, "internal_module": true, "module": true,
}

// TypeScript is TypeScript, declaration files included.
var TypeScript = knowing(&extract.Language{
	Name: "typescript", Display: "TypeScript", Fence: "typescript", Exts: []string{".ts", ".mts", ".cts"}, Comment: "//", Revision: revision,
	Grammar: tsgrammar.GetLanguage, QuerySource: typescriptQuery,
	Funcs: jsFuncs, BodiesKeepNothing: true, Bodies: jsBodies, Refine: refineJS, Members: membersJS, Embedded: spreadJS, Elide: extract.BraceElide, Routes: jsRoutes, Lex: jsLex, Matches: matchJS(tsPatterns),
	SpecWords: []string{"typescript", "ts", "drizzle", "zod", "convex"}, Includes: []string{"javascript"},
})

// TSX is TypeScript with JSX.
var TSX = knowing(&extract.Language{
	Name: "tsx", Display: "TypeScript", Fence: "tsx", Exts: []string{".tsx"}, Comment: "//", Revision: revision,
	Grammar: tsxgrammar.GetLanguage, QuerySource: typescriptQuery,
	Funcs: jsFuncs, BodiesKeepNothing: true, Bodies: jsBodies, Refine: refineJS, Members: membersJS, Embedded: spreadJS, Elide: extract.BraceElide, Routes: jsRoutes, Lex: jsLex, Matches: matchJS(tsPatterns),
	Dialect: "typescript",
})

// JavaScript is JavaScript, ES modules and CommonJS.
var JavaScript = knowing(&extract.Language{
	Name: "javascript", Display: "JavaScript", Fence: "javascript", Exts: []string{".js", ".mjs", ".cjs"}, Comment: "//", Revision: revision,
	Grammar: jsgrammar.GetLanguage, QuerySource: javascriptQuery,
	Funcs: jsFuncs, BodiesKeepNothing: true, Bodies: jsBodies, Refine: refineJS, Members: membersJS, Embedded: spreadJS, Elide: extract.BraceElide, Routes: jsRoutes, Lex: jsLex, Matches: matchJS(jsPatterns), OpenBody: exportedFunction,
	SpecWords: []string{"javascript"}, BundleLine: 10000,
})

// JSX is JavaScript with JSX: the same grammar, fenced as jsx.
var JSX = knowing(&extract.Language{
	Name: "jsx", Display: "JavaScript", Fence: "jsx", Exts: []string{".jsx"}, Comment: "//", Revision: revision,
	Grammar: jsgrammar.GetLanguage, QuerySource: javascriptQuery,
	Funcs: jsFuncs, BodiesKeepNothing: true, Bodies: jsBodies, Refine: refineJS, Members: membersJS, Embedded: spreadJS, Elide: extract.BraceElide, Routes: jsRoutes, Lex: jsLex, Matches: matchJS(jsPatterns), OpenBody: exportedFunction,
	Dialect: "javascript",
})

// exported widens n to its export statement, if it has one.
func exported(n *sitter.Node) (*sitter.Node, bool) {
	if p := n.Parent(); p != nil && p.Type() == "export_statement" {
		return p, true
	}
	return n, false
}

// jsScope reports whether n is declared at module level (directly, or in
// an export, declare or namespace block) and names the namespace it is in,
// the innermost. What an ancestor says is worked out once per tree (Memo):
// finding a node's parent is a search from the root.
func jsScope(m *extract.Match, n *sitter.Node) (ok bool, namespace string) {
	return scopeAbove(m, n.Parent())
}

// scopeKey is the Memo key of scopeAbove's answer for a node.
type scopeKey struct{ n *sitter.Node }

// scope is scopeAbove's answer.
type scope struct {
	ok        bool
	namespace string
}

// scopeAbove is jsScope of a node whose parent is p.
func scopeAbove(m *extract.Match, p *sitter.Node) (bool, string) {
	if p == nil {
		return false, ""
	}
	s := m.Memo(scopeKey{p}, func() any {
		switch p.Type() {
		case "program":
			return scope{ok: true}
		case "export_statement", "ambient_declaration", "lexical_declaration", "variable_declaration", "expression_statement":
			ok, ns := scopeAbove(m, p.Parent())
			return scope{ok, ns}
		case "statement_block":
			if gp := p.Parent(); gp != nil && (gp.Type() == "internal_module" || gp.Type() == "module" || gp.Type() == "ambient_declaration") {
				ok, ns := scopeAbove(m, gp)
				return scope{ok, ns}
			}
			return scope{}
		case "internal_module", "module":
			ok, ns := scopeAbove(m, p.Parent())
			if !ok {
				return scope{}
			}
			if nm := p.ChildByFieldName("name"); nm != nil {
				if own := strings.Trim(nm.Content(m.Src), `"'`); own != "" {
					ns = own
				}
			}
			return scope{ok, ns}
		}
		return scope{}
	}).(scope)
	return s.ok, s.namespace
}

func refineJS(m *extract.Match) bool {
	d := &m.Out
	m.Show, d.Exported = exported(m.Def)
	ok, ns := jsScope(m, m.Def)
	if m.Kind == "table" {
		// A Convex table, wherever its object is: in defineSchema({...}) or
		// in a module's table map spread into it (...aiTownTables).
		v := m.Def.ChildByFieldName("value")
		if v == nil || !strings.HasPrefix(v.Content(m.Src), "defineTable(") {
			return false
		}
		m.Show, d.Exported, d.Kind, d.Title = m.Def, true, extract.KindSchema, "Table"
		d.Bases = spreadsOf(v, m.Src)
		return true
	}
	if m.Kind == "export" && !ok && mixinStatement(m.Def.Parent(), m.Src) {
		ok = true // a statement of the function the module exports
	}
	if m.Kind != "method" && !ok {
		return false
	}
	d.Container = ns
	switch m.Kind {
	case "function":
		d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", m.Def
		if p := m.Def.Parent(); p != nil && p.Type() == "ambient_declaration" {
			m.Show, d.Exported = exported(p)
		}
	case "method":
		body := m.Def.Parent()
		cls := body.Parent()
		if cls == nil || body.Type() != "class_body" {
			return false
		}
		if ok, _ := jsScope(m, cls); !ok {
			return false
		}
		d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Method Signature", m.Def
		d.Exported = !strings.HasPrefix(d.Name, "#") && !strings.HasPrefix(m.Def.Content(m.Src), "private")
		if n := cls.ChildByFieldName("name"); n != nil {
			d.Container = n.Content(m.Src)
		}
	case "class":
		d.Kind, d.Title = extract.KindType, "Class"
		if head := m.Show.Content(m.Src)[:min(200, len(m.Show.Content(m.Src)))]; strings.Contains(head, "@Entity(") {
			d.Kind, d.Title = extract.KindSchema, "Entity"
			if n := jsEntityName.FindStringSubmatch(head); n != nil {
				d.Aliases = []string{n[1]}
			}
		}
		h := heritage(m.Def, m.Src)
		if words.Contains(h, "Error", "Exception") || strings.HasSuffix(d.Name, "Error") && strings.Contains(h, "extends") {
			d.Kind, d.Title = extract.KindError, "Error"
		}
		d.Bases = extendsOf(h)
	case "interface":
		d.Kind, d.Title = extract.KindInterface, "Interface"
		for _, c := range extract.NamedChildren(m.Def) {
			if c.Type() == "extends_type_clause" {
				d.Bases = words.Identifiers(words.WithoutTypeArgs(strings.TrimPrefix(c.Content(m.Src), "extends")))
			}
		}
	case "type":
		d.Kind, d.Title = extract.KindType, "Type"
		if v := m.Def.ChildByFieldName("value"); v != nil && literalUnion(v) {
			d.Kind, d.Title = extract.KindEnum, "Enum"
			d.Values = unionValues(v, m.Src)
		} else if v != nil && v.Type() == "intersection_type" {
			d.Bases = intersectedTypes(v, m.Src)
		} else if t := aliasedType(v, m.Src); t != "" {
			// `type Astro = import('./dist/@types/astro.js').AstroGlobal`,
			// `type Id = OrderId`: the type it names, whose members are
			// the alias's.
			d.Bases = []string{t}
		}
	case "enum":
		d.Kind, d.Title = extract.KindEnum, "Enum"
		d.Values = extract.MemberValues(membersJS(m.Def), m.Src,
			func(n *sitter.Node) *sitter.Node { return n.ChildByFieldName("name") },
			func(n *sitter.Node) *sitter.Node { return n.ChildByFieldName("value") })
	case "variable":
		decl := m.Def.Parent()
		m.Show, d.Exported = exported(decl)
		if p := decl.Parent(); p != nil && p.Type() == "ambient_declaration" {
			m.Show, d.Exported = exported(p)
		}
		d.Kind, d.Title = extract.KindConstant, "Constant"
		if !strings.HasPrefix(decl.Content(m.Src), "const") {
			d.Title = "Variable"
		}
		if v := m.Def.ChildByFieldName("value"); v != nil && jsFuncs[v.Type()] {
			d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", v
		} else if v != nil {
			value := v.Content(m.Src)
			if title := jsSchemaTitle(value); title != "" {
				d.Kind, d.Title = extract.KindSchema, title
				if n := jsTableName.FindStringSubmatch(value); n != nil {
					d.Aliases = []string{n[1]}
				}
			}
			d.Bases = spreadsOf(v, m.Src)
			if zodObject(value) {
				// z.object({...}): the schema's methods (.optional(),
				// .extend()) are zod's object schema's.
				d.Bases = append(d.Bases, "ZodObject")
			}
			d.Values = extract.LiteralValues(v, m.Src)
		}
	case "export":
		// module.exports.name = ..., exports.name = ...
		left := m.Name.Parent().ChildByFieldName("object")
		if left == nil || ns != "" {
			return false
		}
		assign := m.Name.Parent().Parent()
		if obj := left.Content(m.Src); obj != "exports" && obj != "module.exports" {
			// Topics.exists = async function (tids) {...},
			// Store.prototype.get = function (key) {...}: a member of an
			// object the module (or the function it exports) declares.
			owner := objectOwner(left, m.Src)
			if head, _, _ := strings.Cut(owner, "."); owner == "" || assign.Parent() == nil || !declaresObject(m, assign.Parent().Parent(), head) {
				return false
			}
			v := assign.ChildByFieldName("right")
			if v == nil || v.Type() == "identifier" || v.Type() == "member_expression" {
				return false // Topics.tools = topicTools: another name of a definition found elsewhere
			}
			d.Exported, d.Container, d.Kind, d.Title = true, owner, extract.KindConstant, "Property"
			m.Show = assign.Parent()
			if jsFuncs[v.Type()] {
				d.Kind, d.Title, m.OwnFunc = extract.KindMethod, "Method Signature", v
			}
			return true
		}
		d.Exported, d.Kind, d.Title = true, extract.KindConstant, "Export"
		if v := assign.ChildByFieldName("right"); v != nil && v.Type() == "identifier" {
			return false // module.exports.x = x re-exports a definition found elsewhere
		}
		if p := assign.Parent(); p != nil && p.Type() == "expression_statement" {
			m.Show = p
		}
		if v := assign.ChildByFieldName("right"); v != nil && jsFuncs[v.Type()] {
			d.Kind, d.Title, m.OwnFunc = extract.KindFunction, "Function Signature", v
		}
	default:
		return false
	}
	return true
}

// objectOwner is the object a member assignment's left side names:
// Topics in `Topics.exists`, Store in `Store.prototype.get`; "" for a
// global's, this's or a deeper path's.
func objectOwner(obj *sitter.Node, src []byte) string {
	if obj.Type() == "member_expression" {
		if p := obj.ChildByFieldName("property"); p != nil && p.Content(src) == "prototype" {
			obj = obj.ChildByFieldName("object")
		}
	}
	// `Admin.chats` of `Admin.chats.deleteRoom = ...`: a nested object,
	// named by its path, two levels at most.
	head := obj
	for depth := 0; head != nil && head.Type() == "member_expression" && depth < 2; depth++ {
		if p := head.ChildByFieldName("property"); p == nil || p.Type() != "property_identifier" {
			return ""
		}
		head = head.ChildByFieldName("object")
	}
	if head == nil || head.Type() != "identifier" {
		return ""
	}
	switch head.Content(src) {
	case "window", "document", "global", "globalThis", "process", "console", "self", "module", "exports":
		return ""
	}
	return obj.Content(src)
}

// mixinStatement reports a statement of the body of the function a module
// exports: `module.exports = function (Topics) { Topics.x = ... }`.
func mixinStatement(stmt *sitter.Node, src []byte) bool {
	body := stmt.Parent()
	return body != nil && body.Type() == "statement_block" && body.Parent() != nil && exportedFunction(body.Parent(), src)
}

// exportedFunction reports the function a module assigns to its exports,
// `module.exports = function (Topics) {...}`, whose statements add to the
// object it is given (Language.OpenBody).
func exportedFunction(fn *sitter.Node, src []byte) bool {
	if !jsFuncs[fn.Type()] {
		return false
	}
	assign := fn.Parent()
	if assign == nil || assign.Type() != "assignment_expression" {
		return false
	}
	left := assign.ChildByFieldName("left")
	st := assign.Parent()
	return left != nil && left.Content(src) == "module.exports" && st != nil && st.Type() == "expression_statement" &&
		st.Parent() != nil && st.Parent().Type() == "program"
}

// declaresObject reports whether scope (a program, or a mixin's body)
// declares name: a variable, function or class of it, or, in a mixin, a
// parameter of the function. A program's declarations are read from the
// file's lines, which a parse of some of its statements does not hold.
func declaresObject(m *extract.Match, scope *sitter.Node, name string) bool {
	if scope == nil {
		return false
	}
	if scope.Type() == "program" {
		return m.Memo(topDeclKey{name}, func() any {
			return regexp.MustCompile(`(?m)^(?:export\s+)?(?:const|let|var|class|(?:async\s+)?function\*?)\s+` + regexp.QuoteMeta(name) + `\b`).Match(m.Src)
		}).(bool)
	}
	names := m.Memo(scopeNamesKey{scope}, func() any {
		out := map[string]bool{}
		for _, st := range extract.NamedChildren(scope) {
			if st.Type() == "export_statement" {
				if d := st.ChildByFieldName("declaration"); d != nil {
					st = d
				}
			}
			switch st.Type() {
			case "lexical_declaration", "variable_declaration":
				for _, d := range extract.NamedChildren(st) {
					if n := d.ChildByFieldName("name"); d.Type() == "variable_declarator" && n != nil && n.Type() == "identifier" {
						out[n.Content(m.Src)] = true
					}
				}
			case "function_declaration", "generator_function_declaration", "class_declaration":
				if n := st.ChildByFieldName("name"); n != nil {
					out[n.Content(m.Src)] = true
				}
			}
		}
		if fn := scope.Parent(); scope.Type() == "statement_block" && fn != nil {
			if ps := fn.ChildByFieldName("parameters"); ps != nil {
				for _, p := range extract.NamedChildren(ps) {
					if p.Type() == "identifier" {
						out[p.Content(m.Src)] = true
					}
				}
			} else if p := fn.ChildByFieldName("parameter"); p != nil {
				out[p.Content(m.Src)] = true // Posts => {...}: one bare parameter
			}
		}
		return out
	}).(map[string]bool)
	return names[name]
}

// scopeNamesKey and topDeclKey are the Memo keys of declaresObject's
// names of a scope and its answer for a name at a file's top level.
type (
	scopeNamesKey struct{ n *sitter.Node }
	topDeclKey    struct{ name string }
)

var (
	jsTableName  = regexp.MustCompile(`^(?:pg|sqlite|mysql)Table\(\s*["']([^"']+)["']`)
	jsEntityName = regexp.MustCompile(`@Entity\(\s*["']([^"']+)["']`)
)

// spreadsOf names the objects a value spreads into its object literal, or
// passes whole to a table builder: defineTable({ ...serializedWorld }),
// defineTable(memoryFields); or the class it makes an instance of.
func spreadsOf(v *sitter.Node, src []byte) []string {
	var out []string
	if v.Type() == "new_expression" {
		// new Meter(): the variable has the class's members.
		if c := v.ChildByFieldName("constructor"); c != nil && c.Type() == "identifier" {
			return []string{c.Content(src)}
		}
	}
	if v.Type() == "call_expression" {
		if args := extract.NamedChildren(v.ChildByFieldName("arguments")); len(args) > 0 && args[0].Type() == "identifier" {
			out = append(out, args[0].Content(src))
		}
	}
	if o := findObject(v, 0); o != nil {
		for _, c := range extract.NamedChildren(o) {
			if c.Type() == "spread_element" && c.NamedChildCount() > 0 && c.NamedChild(0).Type() == "identifier" {
				out = append(out, c.NamedChild(0).Content(src))
			}
		}
	}
	return out
}

// jsSchemaTitle recognises schema definitions by the call that builds
// them: zod objects, Drizzle tables, Mongoose schemas, Convex tables.
func jsSchemaTitle(value string) string {
	value = strings.Join(strings.Fields(value[:min(len(value), 40)]), "")
	switch {
	case zodObject(value):
		return "Schema"
	case strings.HasPrefix(value, "pgTable(") || strings.HasPrefix(value, "sqliteTable(") || strings.HasPrefix(value, "mysqlTable(") ||
		strings.HasPrefix(value, "defineTable("):
		return "Table"
	case strings.HasPrefix(value, "newSchema(") || strings.HasPrefix(value, "newmongoose.Schema("):
		return "Schema"
	case strings.HasPrefix(value, "defineSchema("):
		return "Schema"
	}
	return ""
}

// zodObject reports a value that zod's object builder makes:
// z.object({...}), z.strictObject({...}).
func zodObject(value string) bool {
	value = strings.Join(strings.Fields(value[:min(len(value), 40)]), "")
	return strings.HasPrefix(value, "z.object(") || strings.HasPrefix(value, "z.strictObject(")
}

// literalUnion reports a union of string or number literals: the
// TypeScript spelling of an enum ("pending" | "filled").
func literalUnion(v *sitter.Node) bool {
	if v.Type() != "union_type" {
		return false
	}
	for _, c := range extract.NamedChildren(v) {
		switch c.Type() {
		case "union_type":
			if !literalUnion(c) {
				return false
			}
		case "literal_type":
		default:
			return false
		}
	}
	return true
}

// unionValues are the string literals of a union of literal types, each
// one of the values the type allows.
func unionValues(v *sitter.Node, src []byte) []extract.Value {
	var out []extract.Value
	for _, c := range extract.NamedChildren(v) {
		switch c.Type() {
		case "union_type":
			out = append(out, unionValues(c, src)...)
		case "literal_type":
			if c.NamedChildCount() == 1 {
				if s, ok := extract.LiteralText(c.NamedChild(0), src); ok {
					out = append(out, extract.Value{Text: s, Part: true})
				}
			}
		}
	}
	return out
}

// extendsOf lists the classes named after "extends" in a class heritage.
func extendsOf(h string) []string {
	i := strings.Index(h, "extends")
	if i < 0 {
		return nil
	}
	h = h[i+len("extends"):]
	if j := strings.Index(h, "implements"); j >= 0 {
		h = h[:j]
	}
	return words.Identifiers(words.WithoutTypeArgs(h))
}

func heritage(cls *sitter.Node, src []byte) string {
	for _, c := range extract.NamedChildren(cls) {
		if c.Type() == "class_heritage" {
			return c.Content(src)
		}
	}
	return ""
}

// findObject returns the first object literal of a value: the value
// itself, an argument of a call, or the receiver of a chained call.
func findObject(v *sitter.Node, depth int) *sitter.Node {
	if v == nil || depth > 6 {
		return nil
	}
	switch v.Type() {
	case "object":
		return v
	case "call_expression":
		if args := v.ChildByFieldName("arguments"); args != nil {
			for _, a := range extract.NamedChildren(args) {
				if a.Type() == "object" {
					return a
				}
			}
		}
		return findObject(v.ChildByFieldName("function"), depth+1)
	case "member_expression":
		return findObject(v.ChildByFieldName("object"), depth+1)
	case "parenthesized_expression", "as_expression", "satisfies_expression", "new_expression":
		if v.Type() == "new_expression" {
			if args := v.ChildByFieldName("arguments"); args != nil {
				for _, a := range extract.NamedChildren(args) {
					if a.Type() == "object" {
						return a
					}
				}
			}
			return nil
		}
		if kids := extract.NamedChildren(v); len(kids) > 0 {
			return findObject(kids[0], depth+1)
		}
	}
	return nil
}

func membersJS(def *sitter.Node) []*sitter.Node {
	switch def.Type() {
	case "class_declaration", "abstract_class_declaration", "interface_declaration", "enum_declaration":
		return extract.NamedChildren(def.ChildByFieldName("body"))
	case "type_alias_declaration":
		return objectTypeMembers(def.ChildByFieldName("value"))
	case "variable_declarator", "pair":
		// An exported object or schema: the pairs of the first object
		// literal, found directly or inside a call chain (z.object({...}),
		// defineTable({...}).index(...), pgTable("t", {...})).
		if o := findObject(def.ChildByFieldName("value"), 0); o != nil {
			return extract.NamedChildren(o)
		}
	}
	return nil
}

// objectTypeMembers are the members of a type alias's value: an object
// type's, and each object type's of an intersection (`Request & {
// user: User }`); a union's are no one member set.
func objectTypeMembers(v *sitter.Node) []*sitter.Node {
	if v == nil {
		return nil
	}
	switch v.Type() {
	case "object_type":
		return extract.NamedChildren(v)
	case "intersection_type", "parenthesized_type":
		var out []*sitter.Node
		for _, c := range extract.NamedChildren(v) {
			out = append(out, objectTypeMembers(c)...)
		}
		return out
	}
	return nil
}

// intersectedTypes are the named types an intersection joins (`Request`
// and `Audited` of `Request & Audited & { user: User }`): what the type
// alias has their members of, as a class has its bases'.
func intersectedTypes(v *sitter.Node, src []byte) []string {
	if v == nil {
		return nil
	}
	switch v.Type() {
	case "intersection_type", "parenthesized_type":
		var out []string
		for _, c := range extract.NamedChildren(v) {
			out = append(out, intersectedTypes(c, src)...)
		}
		return out
	case "type_identifier", "generic_type", "nested_type_identifier":
		return words.Identifiers(words.WithoutTypeArgs(v.Content(src)))
	}
	return nil
}

// importTypeRe is a type imported where it is named:
// import('./dist/@types/astro.js').AstroGlobal.
var importTypeRe = regexp.MustCompile(`^import\(\s*['"][^'"]+['"]\s*\)\.([A-Za-z_$][\w$]*)`)

// aliasedType is the type a type alias's value names alone (a name, a
// generic's, a qualified name's last part, an import type's), or "".
func aliasedType(v *sitter.Node, src []byte) string {
	if v == nil {
		return ""
	}
	text := strings.TrimSpace(v.Content(src))
	if m := importTypeRe.FindStringSubmatch(text); m != nil && len(m[0]) == len(words.WithoutTypeArgs(text)) {
		return m[1]
	}
	switch v.Type() {
	case "type_identifier", "generic_type", "nested_type_identifier":
		ids := words.Identifiers(words.WithoutTypeArgs(text))
		if len(ids) > 0 {
			return ids[len(ids)-1]
		}
	}
	return ""
}

// spreadJS reports a spread element, ...base, in an object.
func spreadJS(n *sitter.Node) bool { return n.Type() == "spread_element" }

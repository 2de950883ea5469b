package ruby

import (
	_ "embed"
	"regexp"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	grammar "github.com/smacker/go-tree-sitter/ruby"

	"github.com/appendix-dev/appendix/extract"
)

//go:embed ruby.scm
var rubyQuery string

// Lang is Ruby. Its files are parsed whole (Lex is nil): a Rails
// autoloader keeps one class or module to a file, the file's one top-level
// statement, and heredocs, percent literals and =begin comments put lines
// the generic lexer would read as statements in the first column.
var Lang = knowing(&extract.Language{
	Name: "ruby", Fence: "ruby", Exts: []string{".rb", ".rake"}, Comment: "#", Revision: "8", SuffixedMethods: true,
	MemberSeps: []string{"::", "#"},
	Grammar:    grammar.GetLanguage, QuerySource: rubyQuery,
	Funcs:       map[string]bool{"method": true, "singleton_method": true},
	CallsDefine: true, // a migration's create_table in change
	Refine:      refineRuby,
	Members:     membersRuby,
	MemberName:  memberName,
	Field:       field,
	Elide:       rubyElide,
	Routes:      railsRoutes,
	Matches:     matchRuby,
})

// rubyElide cuts a method's body from the end of its signature (a
// comment after it goes with the body), with the end that closes it:
// "def create(params) ... end". An endless method ("def full_name = ...")
// is cut from its "=".
func rubyElide(body *sitter.Node) (uint32, string) {
	p := body.PrevSibling()
	for p != nil && (p.Type() == ";" || extract.IsComment(p)) {
		p = p.PrevSibling()
	}
	if p == nil {
		return body.StartByte(), "... end"
	}
	if p.Type() == "=" {
		if q := p.PrevSibling(); q != nil {
			return q.EndByte(), " = ..."
		}
	}
	return p.EndByte(), " ... end"
}

// visibilityCalls wrap a method definition without changing where it
// belongs: private def x, module_function def y.
var visibilityCalls = map[string]bool{"private": true, "protected": true, "public": true, "private_class_method": true,
	"public_class_method": true, "module_function": true}

// concernBlocks are the blocks of an ActiveSupport::Concern whose methods
// and associations are the including class's.
var concernBlocks = map[string]bool{"included": true, "class_methods": true, "extended": true, "prepended": true, "concerning": true}

// bareCall returns the method name of a call with no receiver, or "".
func bareCall(n *sitter.Node, src []byte) string {
	if n == nil || n.Type() != "call" || n.ChildByFieldName("receiver") != nil {
		return ""
	}
	if m := extract.Named(n, "method", "identifier"); m != nil {
		return m.Content(src)
	}
	return ""
}

// scope reports whether n is defined at the top of its file or in the body
// of a class or module so defined (in a `class << self`, behind private,
// in a concern's class_methods or included block), and names the innermost
// class or module. A definition inside a method or any other block is
// none. In a file that does not parse, what tree-sitter recovered whole at
// its top is the file's.
func scope(n *sitter.Node, src []byte) (container string, ok bool) {
	for p := n.Parent(); ; p = p.Parent() {
		if p == nil {
			return "", false
		}
		switch p.Type() {
		case "program":
			return container, true
		case "ERROR":
			if p.Parent() == nil || p.Parent().Type() == "program" {
				return container, true
			}
			return "", false
		case "body_statement", "singleton_class":
		case "class", "module":
			if container == "" {
				container = constName(p, src)
			}
		case "argument_list":
			if !visibilityCalls[bareCall(p.Parent(), src)] {
				return "", false
			}
		case "call":
			if !visibilityCalls[bareCall(p, src)] {
				return "", false
			}
		case "do_block":
			if !concernBlocks[bareCall(p.Parent(), src)] {
				return "", false
			}
			p = p.Parent()
		default:
			return "", false
		}
	}
}

// constName is the name of a class or module: its last constant
// (UsersController of Admin::UsersController).
func constName(n *sitter.Node, src []byte) string {
	if nm := rubyName(n); nm != nil {
		return nm.Content(src)
	}
	return ""
}

// qualifier is the module a compact name (class Admin::UsersController)
// places its class in: Admin; "" for a plain name.
func qualifier(n *sitter.Node, src []byte) string {
	nm := n.ChildByFieldName("name")
	if nm == nil || nm.Type() != "scope_resolution" {
		return ""
	}
	if s := nm.ChildByFieldName("scope"); s != nil {
		return lastConst(s.Content(src))
	}
	return ""
}

// lastConst is the last constant of a scope: Billing of Shop::Billing.
func lastConst(q string) string {
	if i := strings.LastIndex(q, "::"); i >= 0 {
		return q[i+len("::"):]
	}
	return q
}

// methodName is a method's name as prose and specs spell it: without the
// ? of a predicate, the ! of a bang method (Definition.Suffix keeps
// either) or the = of a setter.
func methodName(s string) string {
	return strings.TrimRight(s, "?!=")
}

func refineRuby(m *extract.Match) bool {
	d := &m.Out
	if m.Kind == "block" {
		return refineTable(m)
	}
	container, ok := scope(m.Def, m.Src)
	if !ok {
		return false
	}
	d.Container, d.Exported = container, true
	switch m.Kind {
	case "method":
		if n := d.Name; strings.HasSuffix(n, "!") || strings.HasSuffix(n, "?") {
			d.Suffix = n[len(n)-1:]
		}
		d.Name = methodName(d.Name)
		m.OwnFunc = m.Def
		m.Show = shown(m.Def, m.Src)
		d.Kind, d.Title = extract.KindFunction, "Function Signature"
		if container != "" {
			d.Kind, d.Title = extract.KindMethod, "Method Signature"
		}
		d.Exported = public(m)
	case "class":
		if q := qualifier(m.Def, m.Src); q != "" {
			d.Container = q
		}
		refineClass(m)
	case "module":
		if q := qualifier(m.Def, m.Src); q != "" {
			d.Container = q
		}
		d.Kind, d.Title = extract.KindType, "Module"
		d.Bases = mixins(m.Def, m.Src)
	case "constant":
		d.Kind, d.Title = extract.KindConstant, "Constant"
		if l := m.Def.ChildByFieldName("left"); l != nil && l.Type() == "scope_resolution" {
			// Shop::Config = Shop::AppConfiguration.new: Shop's.
			if s := l.ChildByFieldName("scope"); s != nil {
				d.Container = lastConst(s.Content(m.Src))
			}
		}
		right := unfrozen(m.Def.ChildByFieldName("right"), m.Src)
		switch base := madeClass(right, m.Src); {
		case base == "Struct" || base == "Data":
			d.Kind, d.Title = extract.KindType, "Struct"
		case base != "" && errorBase(base):
			d.Kind, d.Title, d.Bases = extract.KindError, "Error", []string{base}
		case base != "":
			d.Kind, d.Title, d.Bases = extract.KindType, "Class", []string{base}
		default:
			d.Values = extract.LiteralValues(right, m.Src)
		}
	default:
		return false
	}
	return true
}

// shown is the node a method is shown from: the call that wraps it
// (private def x), or itself.
func shown(def *sitter.Node, src []byte) *sitter.Node {
	if p := def.Parent(); p != nil && p.Type() == "argument_list" && visibilityCalls[bareCall(p.Parent(), src)] && p.NamedChildCount() == 1 {
		return p.Parent()
	}
	return def
}

// refineClass: a class is an error when it extends an exception class, a
// model when it extends an Active Record base class (not an abstract one);
// its bases are its superclass, the modules it includes, and a model's
// table, which holds its columns.
func refineClass(m *extract.Match) {
	d := &m.Out
	d.Kind, d.Title = extract.KindType, "Class"
	super := ""
	if s := extract.NamedChildren(m.Def.ChildByFieldName("superclass")); len(s) > 0 {
		super = s[0].Content(m.Src)
	}
	base := baseName(super)
	if base != "" {
		d.Bases = append(d.Bases, base)
	}
	d.Bases = append(d.Bases, mixins(m.Def, m.Src)...)
	body := ""
	if b := m.Def.ChildByFieldName("body"); b != nil {
		body = b.Content(m.Src)
	}
	switch {
	case errorBase(base):
		d.Kind, d.Title = extract.KindError, "Error"
	case recordBase(super, base) && !abstractRe.MatchString(body):
		// The table is a base: its columns are the model's attributes. A
		// table named by convention is found by it (orders is Order); one
		// the model names is an alias too.
		d.Kind, d.Title = extract.KindSchema, "Model"
		table := tableName(d.Name)
		if t := tableNameRe.FindStringSubmatch(body); t != nil {
			table = t[1]
			d.Aliases = []string{table}
		}
		d.Bases = append(d.Bases, table)
	}
	d.Values = classValues(m.Def, m.Src)
}

var (
	// abstractRe marks an abstract Active Record class, which maps no table.
	abstractRe = regexp.MustCompile(`(?m)^\s*(?:self\.abstract_class\s*=\s*true|primary_abstract_class)\b`)
	// tableNameRe reads a model's own table name: self.table_name = "people".
	tableNameRe = regexp.MustCompile(`(?m)^\s*self\.table_name\s*=\s*["':]([\w.]+)`)
)

// baseName is the class a superclass clause names, by its last segment:
// Migration of ActiveRecord::Migration[7.1], Struct of Struct.new(:a).
func baseName(super string) string {
	if i := strings.IndexAny(super, "([ \t\r\n"); i >= 0 {
		super = super[:i]
	}
	super = strings.TrimSuffix(super, ".new")
	super = super[strings.LastIndexAny(super, ":.")+1:]
	for _, c := range []byte(super) {
		if !extract.IdentByte(c) {
			return ""
		}
	}
	return super
}

// errorBase reports an exception class by its name: StandardError,
// Exception, or a name that ends so (Timeout::Error, ApiError,
// NotFoundException).
func errorBase(base string) bool {
	return strings.HasSuffix(base, "Error") || strings.HasSuffix(base, "Exception")
}

// recordBase reports an Active Record base class: ActiveRecord::Base, or
// an application's abstract record (ApplicationRecord, and the
// AnalyticsRecord of another database).
func recordBase(super, base string) bool {
	return super == "ActiveRecord::Base" || super == "::ActiveRecord::Base" || strings.HasSuffix(base, "Record") && base != "Record"
}

// madeClass is the class a constant's value makes: Struct of
// Struct.new(:a), Data of Data.define(:a), StandardError of
// Class.new(StandardError); "" for any other value.
func madeClass(v *sitter.Node, src []byte) string {
	if v == nil || v.Type() != "call" {
		return ""
	}
	recv, meth := v.ChildByFieldName("receiver"), v.ChildByFieldName("method")
	if recv == nil || meth == nil || recv.Type() != "constant" {
		return ""
	}
	switch r, mt := recv.Content(src), meth.Content(src); {
	case r == "Struct" && mt == "new", r == "Data" && mt == "define":
		return r
	case r == "Class" && mt == "new":
		if args := extract.NamedChildren(v.ChildByFieldName("arguments")); len(args) > 0 {
			return baseName(args[0].Content(src))
		}
	}
	return ""
}

// unfrozen is the value under a .freeze: "a".freeze is "a".
func unfrozen(v *sitter.Node, src []byte) *sitter.Node {
	if v != nil && v.Type() == "call" {
		if mt := v.ChildByFieldName("method"); mt != nil && mt.Content(src) == "freeze" && v.ChildByFieldName("arguments") == nil {
			return v.ChildByFieldName("receiver")
		}
	}
	return v
}

// mixins are the modules a class or module body includes, extends or
// prepends, by their last segment: their methods are its own.
func mixins(def *sitter.Node, src []byte) []string {
	var out []string
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		switch bareCall(c, src) {
		case "include", "extend", "prepend":
			for _, a := range extract.NamedChildren(c.ChildByFieldName("arguments")) {
				if a.Type() == "constant" || a.Type() == "scope_resolution" {
					out = append(out, baseName(a.Content(src)))
				}
			}
		}
	}
	return out
}

// classValues are the string values of a class's constants.
func classValues(def *sitter.Node, src []byte) []extract.Value {
	var consts []*sitter.Node
	for _, c := range extract.NamedChildren(def.ChildByFieldName("body")) {
		if c.Type() == "assignment" && extract.Named(c, "left", "constant") != nil {
			consts = append(consts, c)
		}
	}
	return extract.MemberValues(consts, src, func(n *sitter.Node) *sitter.Node { return n.ChildByFieldName("left") },
		func(n *sitter.Node) *sitter.Node { return unfrozen(n.ChildByFieldName("right"), src) })
}

// public reports a method that is not private or protected: not wrapped
// by private or protected, nor after a bare private or protected in its
// body. A method of self is public unless private_class_method says so.
func public(m *extract.Match) bool {
	def, src := m.Def, m.Src
	p := def.Parent()
	if p != nil && p.Type() == "argument_list" {
		v := bareCall(p.Parent(), src)
		return v != "private" && v != "protected" && v != "private_class_method"
	}
	if def.Type() == "singleton_method" || p == nil {
		return true
	}
	// The last bare visibility before it in its body says.
	marks := m.Memo(visibilityOf{p}, func() any { return visibilities(p, src) }).([]visibility)
	i := sort.Search(len(marks), func(i int) bool { return marks[i].at >= def.StartByte() })
	return i == 0 || marks[i-1].public
}

// visibilityOf keys a body's visibilities in a match's memo.
type visibilityOf struct{ body *sitter.Node }

// visibility is a bare private, protected or public in a body: where it
// stands, and whether the methods after it are public.
type visibility struct {
	at     uint32
	public bool
}

// visibilities lists the bare visibilities of a body, in order.
func visibilities(body *sitter.Node, src []byte) []visibility {
	var out []visibility
	for _, c := range extract.NamedChildren(body) {
		if c.Type() != "identifier" {
			continue
		}
		switch v := c.Content(src); v {
		case "private", "protected", "public":
			out = append(out, visibility{c.StartByte(), v == "public"})
		}
	}
	return out
}

// refineTable: a schema's create_table "users" do |t| ... end is the
// table users, whose columns are its members.
func refineTable(m *extract.Match) bool {
	if m.Name.Content(m.Src) != "create_table" {
		return false
	}
	args := extract.NamedChildren(m.Def.ChildByFieldName("arguments"))
	if len(args) == 0 {
		return false
	}
	name, ok := literal(args[0], m.Src)
	if !ok || name == "" {
		return false
	}
	d := &m.Out
	m.Name, d.Name = args[0], name
	d.Kind, d.Title, d.Exported = extract.KindSchema, "Table", true
	return true
}

// literal is the text of a symbol or a plain string: users of :users,
// "users", 'users', :"users" and the users of %i[users].
func literal(n *sitter.Node, src []byte) (string, bool) {
	if n == nil {
		return "", false
	}
	switch n.Type() {
	case "simple_symbol":
		return strings.TrimPrefix(n.Content(src), ":"), true
	case "string":
		kids := extract.NamedChildren(n)
		if len(kids) == 0 {
			return "", true
		}
		if len(kids) == 1 && kids[0].Type() == "string_content" {
			return kids[0].Content(src), true
		}
	case "delimited_symbol", "bare_symbol", "bare_string":
		kids := extract.NamedChildren(n)
		if len(kids) == 1 && kids[0].Type() == "string_content" {
			return kids[0].Content(src), true
		}
	}
	return "", false
}

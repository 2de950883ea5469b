package clike

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// C is the C language, set by package c: C++ reads headers for C, and a
// header's definition that uses nothing of C++'s is C's.
var C *extract.Language

// Funcs are the nodes whose body is a function body: C's functions, and
// C++'s lambdas.
var Funcs = map[string]bool{"function_definition": true, "lambda_expression": true}

// Bodies are the nodes whose body declares only what its words name: a
// namespace's, a class's or struct's members, an enum's constants.
var Bodies = map[string]bool{"namespace_definition": true, "class_specifier": true, "struct_specifier": true,
	"union_specifier": true, "enum_specifier": true}

// declarators are the nodes that wrap the name a declaration declares.
var declarators = map[string]bool{"pointer_declarator": true, "array_declarator": true, "parenthesized_declarator": true,
	"attributed_declarator": true, "init_declarator": true, "function_declarator": true, "reference_declarator": true}

// Declaring returns the declaration a declarator belongs to (a function
// definition, a declaration, a typedef, a field, a parameter...): the node
// above it and the declarators that wrap it (int *(*f)(void) wraps f
// thrice).
func Declaring(n *sitter.Node) *sitter.Node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if !declarators[p.Type()] {
			return p
		}
	}
	return nil
}

// DeclarationOf returns the declaration of node type typ (a typedef, a
// declaration) that n is, or whose declarator n is; nil for any other.
func DeclarationOf(n *sitter.Node, typ string) *sitter.Node {
	if n.Type() != typ {
		n = Declaring(n)
	}
	if n == nil || n.Type() != typ {
		return nil
	}
	return n
}

// FileScope reports a declaration at file scope: at the top of the file,
// in preprocessor conditionals (#ifdef, #else) and in extern "C" blocks.
// A declaration tree-sitter recovered whole at the top of a file that does
// not parse counts (one holding an error is reported broken).
func FileScope(n *sitter.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "translation_unit":
			return true
		case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef", "linkage_specification", "declaration_list":
			if p.Type() == "declaration_list" && (p.Parent() == nil || p.Parent().Type() != "linkage_specification") {
				return false
			}
		case "ERROR":
			return p.Parent() == nil || p.Parent().Type() == "translation_unit"
		default:
			return false
		}
	}
	return false
}

// Has reports a keyword among a declaration's specifiers: static, extern,
// inline, const.
func Has(decl *sitter.Node, word string) bool {
	for i := 0; i < int(decl.ChildCount()); i++ {
		c := decl.Child(i)
		switch c.Type() {
		case "storage_class_specifier", "type_qualifier", "function_specifier":
			if c.ChildCount() > 0 && c.Child(0).Type() == word || c.ChildCount() == 0 && c.Type() == word {
				return true
			}
		case word:
			return true
		}
	}
	return false
}

// Constant reports a declaration of a constant: const (of the name or of
// what it points to) or constexpr.
func Constant(decl, name *sitter.Node) bool {
	if Has(decl, "const") || Has(decl, "constexpr") {
		return true
	}
	for p := name.Parent(); p != nil && !p.Equal(decl); p = p.Parent() {
		for i := 0; i < int(p.ChildCount()); i++ {
			if c := p.Child(i); c.Type() == "type_qualifier" && c.ChildCount() > 0 && c.Child(0).Type() == "const" {
				return true // char *const p
			}
		}
	}
	return false
}

// Semicolon returns the ";" that ends a type standing alone (struct order
// { ... };), which its node leaves out; nil for none.
func Semicolon(spec *sitter.Node) *sitter.Node {
	if s := spec.NextSibling(); s != nil && s.Type() == ";" {
		return s
	}
	return nil
}

// Templated is the node a declaration is shown by: the template
// declaration whose declaration it is, with the template line.
func Templated(decl *sitter.Node) *sitter.Node {
	for p := decl.Parent(); p != nil && p.Type() == "template_declaration"; p = p.Parent() {
		decl = p
	}
	return decl
}

// Holder returns the node a struct, union, class or enum with a body is
// shown by: its template declaration, the declaration or the member whose
// type it is (struct order { ... } orders[4];), or itself. One a typedef
// names is none: its definition is the typedef's (typedef struct order {
// ... } order_t;).
func Holder(spec *sitter.Node) (*sitter.Node, bool) {
	p := spec.Parent()
	if p == nil {
		return nil, false
	}
	switch p.Type() {
	case "type_definition":
		return nil, false
	case "template_declaration":
		return Templated(spec), true
	case "declaration", "field_declaration":
		if t := p.ChildByFieldName("type"); t == nil || !t.Equal(spec) {
			return nil, false
		}
		return p, true
	}
	return spec, true
}

// ShowType shows a struct, union, class or enum m matched by show, the
// node that holds it (see Semicolon), and sets its kind and title.
func ShowType(m *extract.Match, show *sitter.Node) {
	m.Show = show
	if show.Equal(m.Def) {
		m.ShowEnd = Semicolon(show)
	}
	TypeKind(&m.Out, m.Def, m.Out.Name)
}

// TypeKind sets the kind and title of a struct, union or enum named name:
// an enum whose name says error (order_err, OrderError, error_code_t) is
// an error type.
func TypeKind(d *extract.Definition, spec *sitter.Node, name string) {
	switch spec.Type() {
	case "struct_specifier":
		d.Kind, d.Title = extract.KindType, "Struct"
	case "union_specifier":
		d.Kind, d.Title = extract.KindType, "Union"
	case "enum_specifier":
		d.Kind, d.Title = extract.KindEnum, "Enum"
		if errorName.MatchString(name) {
			d.Kind, d.Title = extract.KindError, "Error"
		}
	case "class_specifier":
		d.Kind, d.Title = extract.KindType, "Class"
	}
}

// errorName is a type name that says error: order_err, order_err_t,
// OrderError, ErrorCode, error_code_t, Errors.
var errorName = regexp.MustCompile(`(?i)(?:^|_)err(?:or)?s?(?:_?codes?)?(?:_t|_e)?$|(?:^|[a-z])Errors?(?:Codes?)?$|^Errors?(?:_?codes?)?(?:_t)?$`)

// Typedef describes a typedef named by name: a struct, union or enum the
// typedef defines with a body is the typedef's, its tag an alias of it
// (typedef struct order { ... } order_t; answers to order too); any other
// is a type.
func Typedef(d *extract.Definition, decl, name *sitter.Node, src []byte) {
	d.Kind, d.Title = extract.KindType, "Type"
	t := decl.ChildByFieldName("type")
	if t == nil || t.ChildByFieldName("body") == nil {
		return
	}
	TypeKind(d, t, d.Name)
	if tag := t.ChildByFieldName("name"); tag != nil && first(decl, name) {
		if s := tag.Content(src); s != d.Name {
			d.Aliases = []string{s}
			if d.Kind != extract.KindError && errorName.MatchString(s) && t.Type() == "enum_specifier" {
				d.Kind, d.Title = extract.KindError, "Error"
			}
		}
	}
}

// first reports the first name a typedef declares: the one its tag is an
// alias of.
func first(decl, name *sitter.Node) bool {
	for i := 0; i < int(decl.ChildCount()); i++ {
		if decl.FieldNameForChild(i) == "declarator" {
			c := decl.Child(i)
			return c.StartByte() <= name.StartByte() && name.EndByte() <= c.EndByte()
		}
	}
	return true
}

// Guard reports an include guard: a macro without a value that the line
// above tests (#ifndef ORDER_H, #if !defined(ORDER_H)).
func Guard(def *sitter.Node, name string, src []byte) bool {
	if def.Type() != "preproc_def" || def.ChildByFieldName("value") != nil {
		return false
	}
	above := bytes.TrimRight(src[:def.StartByte()], " \t\r\n")
	line := strings.TrimSpace(string(above[bytes.LastIndexByte(above, '\n')+1:]))
	return strings.HasPrefix(line, "#") && strings.Contains(line, name) &&
		(strings.Contains(line, "ifndef") || strings.Contains(line, "!defined"))
}

// Header reports a header file: what it declares, other files include.
func Header(path string) bool {
	for _, e := range HeaderExts {
		if strings.HasSuffix(path, e) {
			return true
		}
	}
	return false
}

// HeaderExts are the endings of C's and C++'s headers.
var HeaderExts = []string{".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tpp"}

// Members lists the members of a struct, union, class or enum, or of the
// one a typedef defines: its fields (by their first name), methods,
// nested types and enumerators.
func Members(def *sitter.Node) []*sitter.Node {
	if def.Type() == ";" && def.PrevSibling() != nil {
		def = def.PrevSibling() // a type's snippet runs on to its ";" (see Semicolon)
	}
	switch def.Type() {
	case "type_definition", "declaration", "template_declaration":
		for _, c := range extract.NamedChildren(def) {
			if c.ChildByFieldName("body") != nil {
				return Members(c)
			}
		}
		return nil
	}
	return membersIn(def.ChildByFieldName("body"))
}

// membersIn lists the members a body holds, those of its preprocessor
// conditionals too (#ifdef WITH_NOTE ... #endif).
func membersIn(body *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(body) {
		switch c.Type() {
		case "field_declaration", "enumerator", "function_definition", "declaration", "template_declaration", "alias_declaration", "type_definition":
			if memberNamed(c) {
				out = append(out, c)
			}
		case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef":
			out = append(out, membersIn(c)...)
		}
	}
	return out
}

// memberNamed reports a member that declares a name (see MemberName): a
// field, a method, a nested type, an enumerator; not an operator, a
// destructor, a friend, nor a constructor, whose name is its class's
// (a function declared without a type).
func memberNamed(n *sitter.Node) bool {
	if (n.Type() == "declaration" || n.Type() == "function_definition") && n.ChildByFieldName("type") == nil && extract.DeclaresFunction(n) {
		return false
	}
	return leaf(n) != nil
}

// MemberName names a member by the name its declarator declares (the
// first, of int a, b;), through the pointers, arrays and parameters around
// it: cb of int (*cb)(int), find of Order *find(int id); a nested type by
// its name; a template by what it declares.
func MemberName(n *sitter.Node, src []byte) string {
	if l := leaf(n); l != nil {
		return l.Content(src)
	}
	return ""
}

// leaf is the name node a member declares, or nil.
func leaf(n *sitter.Node) *sitter.Node {
	switch n.Type() {
	case "enumerator", "alias_declaration":
		return n.ChildByFieldName("name")
	case "template_declaration":
		for _, c := range extract.NamedChildren(n) {
			if c.Type() != "template_parameter_list" {
				return leaf(c)
			}
		}
		return nil
	}
	d := n.ChildByFieldName("declarator")
	if d == nil {
		// A nested type: struct line { ... };, enum class Status { ... };.
		if t := n.ChildByFieldName("type"); t != nil && t.ChildByFieldName("body") != nil {
			if nm := t.ChildByFieldName("name"); nm != nil && nm.Type() == "type_identifier" {
				return nm
			}
		}
		return nil
	}
	return declaredName(d)
}

// declaredName is the name a declarator declares, through the pointers,
// arrays, references and parentheses around it; nil for an operator, a
// destructor or a qualified name.
func declaredName(d *sitter.Node) *sitter.Node {
	for d != nil {
		switch d.Type() {
		case "identifier", "field_identifier", "type_identifier":
			return d
		case "parenthesized_declarator", "reference_declarator":
			kids := extract.NamedChildren(d)
			if len(kids) == 0 {
				return nil
			}
			d = kids[0]
		default:
			if !declarators[d.Type()] {
				return nil // an operator, a destructor, a qualified name
			}
			d = d.ChildByFieldName("declarator")
		}
	}
	return nil
}

// MoreNames are the names a field or variable declaration declares after
// its first declarator's: b and c of int a, b, c;.
func MoreNames(n *sitter.Node, src []byte) []string {
	if n.Type() != "field_declaration" && n.Type() != "declaration" {
		return nil
	}
	var out []string
	first := true
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) != "declarator" {
			continue
		}
		if first {
			first = false
			continue
		}
		if l := declaredName(n.Child(i)); l != nil {
			out = append(out, l.Content(src))
		}
	}
	return out
}

// Field describes a field: the type it holds by name (customer of struct
// customer *, order_t of order_t; "" for a built-in type).
func Field(n *sitter.Node, src []byte) (string, []string) {
	t := n.ChildByFieldName("type")
	if n.Type() != "field_declaration" || t == nil || t.ChildByFieldName("body") != nil || extract.DeclaresFunction(n) {
		return "", nil // a nested type declares a type, a method returns one: neither holds one
	}
	return TypeName(t, src), nil
}

// Holds lists the type a variable's declaration holds, by name, when it is
// one of the project's (server of struct redisServer server;): its
// members are the variable's (server.hz).
func Holds(decl *sitter.Node, src []byte) []string {
	if t := TypeName(decl.ChildByFieldName("type"), src); t != "" {
		return []string{t}
	}
	return nil
}

// TypeName is the name a type node holds: a struct's tag, a typedef's
// name, the last part of a qualified name, the last argument of a
// template (std::vector<Order> holds Order); "" for a built-in type.
func TypeName(t *sitter.Node, src []byte) string {
	for t != nil {
		switch t.Type() {
		case "type_identifier":
			if s := t.Content(src); !builtinTypes[s] {
				return s
			}
			return ""
		case "struct_specifier", "union_specifier", "enum_specifier", "class_specifier":
			t = t.ChildByFieldName("name")
		case "qualified_identifier":
			t = t.ChildByFieldName("name")
		case "template_type":
			var args []*sitter.Node
			if a := t.ChildByFieldName("arguments"); a != nil {
				args = extract.NamedChildren(a)
			}
			if len(args) == 0 {
				return ""
			}
			t = args[len(args)-1]
		case "type_descriptor":
			t = t.ChildByFieldName("type")
		default:
			return ""
		}
	}
	return ""
}

// builtinTypes are the standard library's types a field may hold.
var builtinTypes = map[string]bool{"size_t": true, "ssize_t": true, "int8_t": true, "int16_t": true, "int32_t": true,
	"int64_t": true, "uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true, "intptr_t": true, "uintptr_t": true,
	"ptrdiff_t": true, "off_t": true, "time_t": true, "pid_t": true, "FILE": true, "string": true, "string_view": true,
	"mutex": true, "atomic": true}

// Misread reports an error the grammar makes of code the preprocessor
// would have made valid (a loop macro, a type given to va_arg, a macro in
// an initializer): one inside a block (a function's body, cut from its
// snippet) or an initializer list whose braces are both the file's own;
// not a brace missing. One among a type's members is a misread for the
// type (see below), never for the member whose text holds it. The ; an X-macro table's entry lacks (ERROR( name, 1, "x" ) on
// a line of its own) is no error either: the macro's expansion ends it.
func Misread(n, in *sitter.Node) bool {
	if n.IsMissing() && (n.Type() == "}" || n.Type() == "{") {
		return false
	}
	if n.IsMissing() && n.Type() == ";" {
		// (A missing node's parent, as the binding finds it, may be the
		// node before it: the call's argument list.)
		p := n.Parent()
		for p != nil && (p.Type() == "argument_list" || p.Type() == "call_expression") {
			p = p.Parent()
		}
		if p != nil && p.Type() == "expression_statement" && p.NamedChildCount() > 0 && p.NamedChild(0).Type() == "call_expression" && FileScope(p) {
			return true
		}
	}
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch p.Type() {
		case "field_declaration_list", "enumerator_list":
			// A member the grammar misreads (a default argument `= {}`, an
			// export macro before `explicit`, a `;` after an inline body)
			// leaves the type's text as the file has it when the body's
			// braces are both the file's own and the `;` that ends the
			// type's declaration follows them; else the type's text is in
			// doubt. A member's own text holding the error is in doubt
			// all the same.
			member := in.StartByte() >= p.StartByte() && in.EndByte() <= p.EndByte()
			return !member && ownBraces(p) && declEnds(p.Parent())
		case "compound_statement", "initializer_list":
			return ownBraces(p)
		}
	}
	return false
}

// ownBraces reports a braced node whose opening and closing braces are
// both the file's, neither one the parser supplied.
func ownBraces(p *sitter.Node) bool {
	c := int(p.ChildCount())
	return c >= 2 && p.Child(0).Type() == "{" && !p.Child(0).IsMissing() && p.Child(c-1).Type() == "}" && !p.Child(c-1).IsMissing()
}

// declEnds reports a type specifier followed by the file's own `;`: the
// end of the declaration the type's body closes (`};`).
func declEnds(spec *sitter.Node) bool {
	if spec == nil {
		return false
	}
	next := spec.NextSibling()
	return next != nil && next.Type() == ";" && !next.IsMissing()
}

// Entry returns the statement of an X-macro table's entry: a call, at
// file scope, of a macro whose first argument is a name (`ERROR(
// transaction_throttled_hot_shard, 1235, "...")`), next to another call of
// the same macro (across comments); nil for any other call.
func Entry(m *extract.Match) *sitter.Node {
	stmt := m.Def.Parent()
	fn := m.Def.ChildByFieldName("function")
	if stmt == nil || stmt.Type() != "expression_statement" || fn == nil || fn.Type() != "identifier" || !FileScope(stmt) {
		return nil
	}
	macro := fn.Content(m.Src)
	same := func(s *sitter.Node) bool {
		if s == nil || s.Type() != "expression_statement" || s.NamedChildCount() == 0 || s.NamedChild(0).Type() != "call_expression" {
			return false
		}
		f := s.NamedChild(0).ChildByFieldName("function")
		return f != nil && f.Content(m.Src) == macro
	}
	next := stmt.NextNamedSibling()
	for next != nil && next.Type() == "comment" {
		next = next.NextNamedSibling()
	}
	if same(next) {
		return stmt
	}
	prev := stmt.PrevNamedSibling() // (the last entry: only then, as finding it walks the list)
	for prev != nil && prev.Type() == "comment" {
		prev = prev.PrevNamedSibling()
	}
	if same(prev) {
		return stmt
	}
	return nil
}

// ShowEntry describes an X-macro table's entry by its statement: a
// constant, or an error where the macro's name says so (ERROR, ERR_CODE).
func ShowEntry(m *extract.Match, stmt *sitter.Node) {
	macro := m.Def.ChildByFieldName("function").Content(m.Src)
	m.Def, m.Show = stmt, stmt
	m.Out.Kind, m.Out.Title = extract.KindConstant, "Table Entry"
	if strings.Contains(strings.ToUpper(macro), "ERR") {
		m.Out.Kind, m.Out.Title = extract.KindError, "Error"
	}
	m.Out.Exported = Header(m.Out.Path)
}

// Expanded lists the members a struct's or a class's body declares through
// X-macro lists: a line of the body that is a macro's name alone
// (THREAD_STATS_FIELDS), which the file #defines as lines each calling a
// macro with a name first (X(get_cmds) \), declares those names. Each is
// a field on the line that expands the list.
func Expanded(def *sitter.Node, src []byte) []extract.Member {
	body := bodyOf(def)
	if body == nil {
		return nil
	}
	var out []extract.Member
	text := src[body.StartByte():body.EndByte()]
	row := int(body.StartPoint().Row)
	for len(text) > 0 {
		var line []byte
		line, text = extract.NextLine(text)
		row++
		name := bytes.TrimSpace(line)
		if !caps(name) {
			continue
		}
		entries := listed(src, name)
		if len(entries) == 0 {
			continue
		}
		// Which argument of an entry the list's macro declares: the one
		// its #define (in the body, else the last one in the file before
		// the body) puts before a ";" (`#define X(type, name, def) type
		// name;`); the first where no #define of it says.
		at := declaredParam(src[:body.EndByte()], entries[0].macro)
		if at < 0 {
			continue
		}
		for _, e := range entries {
			if at < len(e.args) && identifier(e.args[at]) {
				out = append(out, extract.Member{Name: e.args[at], Start: row, End: row, Decl: row})
			}
		}
	}
	return out
}

// declaredParam is the index of the parameter the last #define of the
// function-like macro in src declares (the name before a ";", or before
// an array's "[...]" and a ";"), 0 when src defines no such macro, -1
// when its #define declares none of its parameters (a macro of code).
func declaredParam(src []byte, macro string) int {
	re := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+` + regexp.QuoteMeta(macro) + `\(([^)]*)\)(.*)$`)
	all := re.FindAllSubmatch(src, -1)
	if len(all) == 0 {
		return 0
	}
	m := all[len(all)-1]
	var params []string
	for _, p := range strings.Split(string(m[1]), ",") {
		params = append(params, strings.TrimSpace(p))
	}
	for _, d := range declaredBeforeSemicolon.FindAllStringSubmatch(string(m[2]), -1) {
		if i := slices.Index(params, d[1]); i >= 0 {
			return i
		}
	}
	return -1
}

// declaredBeforeSemicolon is a name a declaration ends with: before its
// ";", or an array's "[...]" and the ";".
var declaredBeforeSemicolon = regexp.MustCompile(`([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*;`)

// identifier reports a C identifier.
func identifier(s string) bool {
	if s == "" || !extract.IdentByte(s[0]) || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !extract.IdentByte(s[i]) {
			return false
		}
	}
	return true
}

// bodyOf is the field list of a struct, union or class definition (of a
// typedef's too), or nil.
func bodyOf(def *sitter.Node) *sitter.Node {
	if def.Type() == ";" && def.PrevSibling() != nil {
		def = def.PrevSibling()
	}
	switch def.Type() {
	case "type_definition", "declaration", "template_declaration":
		for _, c := range extract.NamedChildren(def) {
			if b := c.ChildByFieldName("body"); b != nil {
				return b
			}
		}
		return nil
	case "struct_specifier", "union_specifier", "class_specifier":
		return def.ChildByFieldName("body")
	}
	return nil
}

// listed returns the names an object-like macro of src lists, when its
// #define is an X-macro list: each line after the #define calls a macro
// with a name first (X(get_cmds) \), the last without the backslash.
// entry is one line of an X-macro list: the macro it calls, and the
// arguments it gives it.
type entry struct {
	macro string
	args  []string
}

func listed(src, macro []byte) []entry {
	for rest := src; ; {
		i := bytes.Index(rest, macro)
		if i < 0 {
			return nil
		}
		line, after := lineAround(rest, i)
		rest = rest[i+len(macro):]
		if !defines(line, macro) {
			continue
		}
		var out []entry
		for more := bytes.HasSuffix(bytes.TrimRight(line, " \t\r"), []byte("\\")); more && len(after) > 0; {
			var l []byte
			l, after = extract.NextLine(after)
			t := bytes.TrimRight(l, " \t\r")
			more = bytes.HasSuffix(t, []byte("\\"))
			t = bytes.TrimSpace(bytes.TrimSuffix(t, []byte("\\")))
			if len(t) == 0 {
				continue
			}
			e, ok := callArgs(t)
			if !ok {
				return nil // a macro of code, not a list
			}
			out = append(out, e)
		}
		return out
	}
}

// Lists maps each macro src #defines as an X-macro list to the names it
// lists (see listed): the statement that expands it on a line of its own
// declares them.
func Lists(src []byte) map[string][]string {
	if !bytes.Contains(src, []byte("\\\n")) && !bytes.Contains(src, []byte("\\\r\n")) {
		return nil // (no line goes on: no #define lists anything)
	}
	var out map[string][]string
	for rest := src; ; {
		i := bytes.Index(rest, []byte("define"))
		if i < 0 {
			return out
		}
		line, _ := lineAround(rest, i)
		rest = rest[i+len("define"):]
		t := bytes.TrimSpace(line)
		if len(t) < 2 || t[0] != '#' || !bytes.HasSuffix(t, []byte("\\")) {
			continue
		}
		t = bytes.TrimSpace(bytes.TrimPrefix(bytes.TrimSpace(t[1:]), []byte("define")))
		j := 0
		for j < len(t) && extract.IdentByte(t[j]) {
			j++
		}
		if name := t[:j]; caps(name) {
			if entries := listed(src, name); len(entries) > 0 {
				if out == nil {
					out = map[string][]string{}
				}
				for _, e := range entries {
					for _, a := range e.args {
						if identifier(a) {
							out[string(name)] = append(out[string(name)], a)
						}
					}
				}
			}
		}
	}
}

// lineAround returns the line of src that holds offset i, and what
// follows it.
func lineAround(src []byte, i int) (line, after []byte) {
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	end := bytes.IndexByte(src[i:], '\n')
	if end < 0 {
		return src[start:], nil
	}
	return src[start : i+end], src[i+end+1:]
}

// defines reports a line that #defines macro without parameters.
func defines(line, macro []byte) bool {
	t := bytes.TrimSpace(line)
	if len(t) == 0 || t[0] != '#' {
		return false
	}
	t = bytes.TrimSpace(t[1:])
	if !bytes.HasPrefix(t, []byte("define")) {
		return false
	}
	t = bytes.TrimSpace(t[len("define"):])
	if !bytes.HasPrefix(t, macro) {
		return false
	}
	r := t[len(macro):]
	return len(r) == 0 || r[0] == ' ' || r[0] == '\t' || r[0] == '\\'
}

// callArgs reads a list entry, a macro called with a name first
// (X(get_cmds), ERR( ok, 0 ), X(int, port, 8080), with a comment after
// it): the macro and its arguments.
func callArgs(t []byte) (entry, bool) {
	j := 0
	for j < len(t) && extract.IdentByte(t[j]) {
		j++
	}
	if j == 0 || t[0] < 'A' || t[0] > 'Z' {
		return entry{}, false
	}
	r := bytes.TrimSpace(t[j:])
	if len(r) == 0 || r[0] != '(' {
		return entry{}, false
	}
	end := bytes.IndexByte(r, ')')
	if end < 0 {
		return entry{}, false
	}
	e := entry{macro: string(t[:j])}
	for _, a := range bytes.Split(r[1:end], []byte(",")) {
		e.args = append(e.args, string(bytes.TrimSpace(a)))
	}
	if !identifier(e.args[0]) {
		return entry{}, false
	}
	return e, true
}

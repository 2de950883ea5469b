package php

import (
	"path"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// schemaCall reads a Laravel migration's Schema::create('users', function
// (Blueprint $table) { ... }): the table users, whose columns its closure
// declares. Schema::table('users', ...) amends it.
func schemaCall(m *extract.Match) bool {
	call := m.Name.Parent()
	verb := m.Name.Content(m.Src)
	if s := call.ChildByFieldName("scope"); s == nil || s.Content(m.Src) != "Schema" || verb != "create" && verb != "table" {
		return false
	}
	args := callArgs(call)
	if len(args) < 2 {
		return false
	}
	name := stringContent(args[0])
	if name == nil || name.Content(m.Src) == "" {
		return false
	}
	d := &m.Out
	m.Name, d.Name = name, name.Content(m.Src)
	d.Kind, d.Title, d.Exported = extract.KindSchema, "Table", true
	d.Amends = verb == "table"
	return true
}

// addedColumn reads a column a migration adds to a table it amends
// (Schema::table('orders', function ($table) { $table->string('note');
// })): a definition of its own, the table's, as a spec may name it alone;
// the columns a table is created with are its members.
func addedColumn(m *extract.Match) bool {
	if _, ok := columnType(m.Out.Name); !ok {
		return false
	}
	st := m.Def
	for st.Parent() != nil && st.Parent().Type() == "member_call_expression" {
		st = st.Parent()
	}
	st = st.Parent()
	if st == nil || st.Type() != "expression_statement" {
		return false
	}
	table := ""
	if body := st.Parent(); body != nil && body.Type() == "compound_statement" {
		if fn := body.Parent(); fn != nil && fn.Type() == "anonymous_function_creation_expression" && fn.Parent() != nil && fn.Parent().Type() == "argument" {
			if call := fn.Parent().Parent().Parent(); call != nil && call.Type() == "scoped_call_expression" {
				s, v := call.ChildByFieldName("scope"), call.ChildByFieldName("name")
				if s != nil && v != nil && s.Content(m.Src) == "Schema" && v.Content(m.Src) == "table" {
					table, _ = stringText(firstArg(call), m.Src)
				}
			}
		}
	}
	name := stringContent(firstArg(m.Def))
	if table == "" || name == nil {
		return false
	}
	d := &m.Out
	m.Name, d.Name, m.Show = name, name.Content(m.Src), st
	d.Kind, d.Title, d.Exported, d.Container = extract.KindSchema, "Column", true, table
	return true
}

// setting reads a key of the array a configuration file returns (Laravel's
// config/app.php: 'timezone' => 'UTC'): a setting, of the file's name,
// as code reads it (config('app.timezone')).
func setting(m *extract.Match) bool {
	ret := m.Def.Parent().Parent()
	if ret.Parent() == nil || ret.Parent().Type() != "program" || !configFile(m.Out.Path) {
		return false
	}
	key := m.Name.Parent()
	if stringContent(key) != m.Name || m.Out.Name == "" {
		return false
	}
	d := &m.Out
	d.Kind, d.Title, d.Exported = extract.KindConstant, "Setting", true
	d.Container = strings.TrimSuffix(path.Base(m.Out.Path), ".php")
	if kids := extract.NamedChildren(m.Def); len(kids) > 1 {
		d.Values = extract.LiteralValues(kids[len(kids)-1], m.Src)
	}
	return true
}

// configDirs are the names of configuration directories: config/app.php,
// BookStack's app/Config/app.php.
var configDirs = []string{"config", "Config"}

// configFile reports a file of a configuration directory.
func configFile(p string) bool { return extract.InDirNamed(p, configDirs) }

// columns are the statements of a migration's closure that may declare a
// column ($table->string('email')->unique();), each followed by the
// arguments of the call on the table, which may name a second one
// ($table->timestamps(): created_at, updated_at). memberName says which
// declare one.
func columns(stmt *sitter.Node) []*sitter.Node {
	var closure *sitter.Node
	for _, c := range extract.NamedChildren(stmt) {
		if c.Type() != "scoped_call_expression" {
			continue
		}
		for _, a := range callArgs(c) {
			if a.Type() == "anonymous_function_creation_expression" {
				closure = a
			}
		}
	}
	if closure == nil {
		return nil
	}
	var out []*sitter.Node
	for _, st := range extract.NamedChildren(closure.ChildByFieldName("body")) {
		if st.Type() != "expression_statement" {
			continue
		}
		if base := tableCall(st); base != nil {
			out = append(out, st)
			if a := base.ChildByFieldName("arguments"); a != nil {
				out = append(out, a)
			}
		}
	}
	return out
}

// tableCall is the call a statement's chain starts with on a variable:
// $table->string('email') of $table->string('email')->unique(); nil when
// the statement is no such chain.
func tableCall(st *sitter.Node) *sitter.Node {
	kids := extract.NamedChildren(st)
	if len(kids) == 0 {
		return nil
	}
	c := kids[0]
	for c.Type() == "member_call_expression" {
		obj := c.ChildByFieldName("object")
		if obj == nil {
			return nil
		}
		if obj.Type() == "variable_name" {
			return c
		}
		c = obj
	}
	return nil
}

// columnTypes are the Blueprint methods that declare a column; a value
// is the column (or two) declared when the call names none.
var columnTypes = map[string][]string{
	"id": {"id"}, "increments": nil, "bigIncrements": nil, "mediumIncrements": nil, "smallIncrements": nil, "tinyIncrements": nil,
	"bigInteger": nil, "binary": nil, "boolean": nil, "char": nil, "date": nil, "dateTime": nil, "dateTimeTz": nil, "decimal": nil,
	"double": nil, "enum": nil, "float": nil, "foreignId": nil, "foreignUlid": nil, "foreignUuid": nil, "geography": nil,
	"geometry": nil, "integer": nil, "ipAddress": nil, "json": nil, "jsonb": nil, "longText": nil, "macAddress": nil,
	"mediumInteger": nil, "mediumText": nil, "set": nil, "smallInteger": nil, "string": nil, "text": nil, "time": nil,
	"timeTz": nil, "timestamp": nil, "timestampTz": nil, "tinyInteger": nil, "tinyText": nil, "unsignedBigInteger": nil,
	"unsignedDecimal": nil, "unsignedInteger": nil, "unsignedMediumInteger": nil, "unsignedSmallInteger": nil,
	"unsignedTinyInteger": nil, "uuid": {"uuid"}, "ulid": {"ulid"}, "year": nil, "vector": nil,
	"timestamps": {"created_at", "updated_at"}, "timestampsTz": {"created_at", "updated_at"},
	"nullableTimestamps": {"created_at", "updated_at"}, "softDeletes": {"deleted_at"}, "softDeletesTz": {"deleted_at"},
	"rememberToken": {"remember_token"},
}

// columnType looks a Blueprint method up in columnTypes the way PHP calls
// methods, whatever their case: `$table->datetime('x')` is dateTime.
func columnType(verb string) ([]string, bool) {
	implied, ok := columnTypes[verb]
	if !ok {
		implied, ok = columnTypes[foldedColumnTypes[strings.ToLower(verb)]]
	}
	return implied, ok
}

// foldedColumnTypes are columnTypes' methods by their lower-case names.
var foldedColumnTypes = func() map[string]string {
	out := map[string]string{}
	for t := range columnTypes {
		out[strings.ToLower(t)] = t
	}
	return out
}()

// morphTypes declare a polymorphic relation's two columns after the name
// they are given: morphs('taggable') is taggable_id and taggable_type.
var morphTypes = map[string]bool{"morphs": true, "nullableMorphs": true, "uuidMorphs": true, "nullableUuidMorphs": true,
	"ulidMorphs": true, "nullableUlidMorphs": true}

// impliedRe is a call that declares columns it does not spell: one named
// by its method alone ($table->timestamps()), a polymorphic relation's two
// columns after its name ($table->morphs('taggable')), the key of a
// model's table ($table->foreignIdFor(User::class)).
var impliedRe = regexp.MustCompile(`->(\w+)\(\s*(?:\)|['"](\w+)['"]|\\?(?:[\w\\]*\\)?(\w+)::class(?:\s*,\s*['"](\w+)['"])?)`)

// impliedColumns are the columns a migration's text declares without
// spelling them: created_at for timestamps(), taggable_id for
// morphs('taggable'), user_id for foreignIdFor(User::class).
func impliedColumns(src []byte) []string {
	var out []string
	for _, m := range impliedRe.FindAllSubmatch(src, -1) {
		verb, given, class, named := string(m[1]), string(m[2]), string(m[3]), string(m[4])
		switch implied, ok := columnType(verb); {
		case morphTypes[verb] && given != "":
			out = append(out, given+"_id", given+"_type")
		case strings.EqualFold(verb, "foreignIdFor") && named != "":
			out = append(out, named) // foreignIdFor(User::class, 'author_id')
		case strings.EqualFold(verb, "foreignIdFor") && class != "":
			out = append(out, snake(class)+"_id")
		case ok && given == "" && class == "":
			out = append(out, implied...)
		}
	}
	return out
}

// columnNames are the columns a migration's statement declares: the name
// it gives, or those its method declares by itself; "" for none.
func columnNames(st *sitter.Node, src []byte) (first, second string) {
	call := tableCall(st)
	if call == nil {
		return "", ""
	}
	verb := call.ChildByFieldName("name").Content(src)
	args := callArgs(call)
	given := ""
	if len(args) > 0 {
		given, _ = stringText(args[0], src)
	}
	switch implied, ok := columnType(verb); {
	case morphTypes[verb] && given != "":
		return given + "_id", given + "_type"
	case strings.EqualFold(verb, "foreignIdFor") && len(args) > 0:
		if len(args) > 1 {
			if s, ok := stringText(args[1], src); ok {
				return s, ""
			}
		}
		return snake(classOf(args[0], src)) + "_id", ""
	case !ok:
		return "", ""
	case given != "":
		return given, ""
	case len(implied) == 2:
		return implied[0], implied[1]
	case len(implied) == 1:
		return implied[0], ""
	}
	return "", ""
}

// classOf is the class X::class names, or "".
func classOf(n *sitter.Node, src []byte) string {
	if n == nil || n.Type() != "class_constant_access_expression" || n.NamedChildCount() != 2 || n.NamedChild(1).Content(src) != "class" {
		return ""
	}
	return simpleName(n.NamedChild(0).Content(src))
}

// relationRe is an Eloquent relation a model's method returns, and the
// model related: $this->hasMany(Comment::class.
var relationRe = regexp.MustCompile(`\$this->(?:hasMany|hasOne|belongsTo|belongsToMany|morphMany|morphOne|morphToMany|morphedByMany|hasManyThrough|hasOneThrough)\(\s*\\?(?:[\w\\]*\\)?(\w+)::class`)

// field says what a member refers to: the model a relation method
// returns, the table a migration's foreign key points at.
func field(n *sitter.Node, src []byte) (string, []string) {
	switch n.Type() {
	case "method_declaration":
		if b := n.ChildByFieldName("body"); b != nil {
			if m := relationRe.FindSubmatch(src[b.StartByte():b.EndByte()]); m != nil {
				return string(m[1]), nil
			}
		}
		if attr := accessorOf(n, src); attr != "" {
			return "", []string{attr}
		}
	case "expression_statement":
		return foreignTable(n, src), nil
	case "property_declaration":
		return "", storedAs(n, src)
	}
	return "", nil
}

// storedAs are the columns a Doctrine entity's property is stored in, by
// the name its mapping gives: #[ORM\Column(name: 'end_time')],
// #[ORM\JoinColumn(name: 'project_id')], or @ORM\Column(name="end_time")
// in its doc comment.
func storedAs(prop *sitter.Node, src []byte) []string {
	var out []string
	for _, a := range attributes(prop, src) {
		if a.name != "Column" && a.name != "JoinColumn" {
			continue
		}
		if s, ok := stringText(namedArg(a.node.ChildByFieldName("parameters"), "name", src), src); ok && s != "" {
			out = append(out, s)
		}
	}
	if doc := docText(prop, src); len(out) == 0 && strings.Contains(doc, "Column(") {
		for _, m := range docColumnRe.FindAllStringSubmatch(doc, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// docColumnRe reads a column's name from a Doctrine annotation:
// @ORM\Column(name="end_time", type="datetime").
var docColumnRe = regexp.MustCompile(`@ORM\\(?:Join)?Column\([^)]*\bname\s*=\s*"([^"]+)"`)

// foreignTable is the table a migration's column points at:
// ->constrained('users'), or ->constrained() on user_id; foreignIdFor(User::class).
func foreignTable(st *sitter.Node, src []byte) string {
	base := tableCall(st)
	if base == nil {
		return ""
	}
	if base.ChildByFieldName("name").Content(src) == "foreignIdFor" {
		return classOf(firstArg(base), src)
	}
	for c := base.Parent(); c != nil && c.Type() == "member_call_expression"; c = c.Parent() {
		if c.ChildByFieldName("name").Content(src) != "constrained" {
			continue
		}
		if s, ok := stringText(firstArg(c), src); ok && s != "" {
			return s
		}
		if col, _ := columnNames(st, src); strings.HasSuffix(col, "_id") {
			return strings.TrimSuffix(col, "_id")
		}
	}
	return ""
}

// firstArg is a call's first argument, or nil.
func firstArg(call *sitter.Node) *sitter.Node {
	if args := callArgs(call); len(args) > 0 {
		return args[0]
	}
	return nil
}

// snake spells a class name in snake case: OrderItem is order_item.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// accessorOf is the attribute an Eloquent accessor method gives its model,
// "" for none: `isUnknown(): Attribute` and the older
// `getIsUnknownAttribute()` both make `$model->is_unknown`.
func accessorOf(n *sitter.Node, src []byte) string {
	name := n.ChildByFieldName("name")
	if name == nil {
		return ""
	}
	s := name.Content(src)
	if r := n.ChildByFieldName("return_type"); r != nil {
		if t := strings.TrimSpace(r.Content(src)); t == "Attribute" || strings.HasSuffix(t, "\\Attribute") {
			return snake(s)
		}
	}
	if m := legacyAccessorRe.FindStringSubmatch(s); m != nil {
		return snake(m[1])
	}
	return ""
}

// legacyAccessorRe is Eloquent's accessor before Attribute casts:
// getIsUnknownAttribute.
var legacyAccessorRe = regexp.MustCompile(`^get([A-Z]\w*)Attribute$`)

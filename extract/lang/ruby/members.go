package ruby

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// attrCalls declare attributes, or methods another object answers
// (`delegate :credit, to: :gateway`): each symbol is a member.
var attrCalls = map[string]bool{"attr_accessor": true, "attr_reader": true, "attr_writer": true, "delegate": true}

// namedCalls declare one member each, named by their first argument:
// Active Record's associations, scopes and enums, a method's new name
// (`alias_method :display_total, :total`), and Spree's and Solidus's
// preferences (`preference :order_mutex_max_age, :integer`), accessors,
// and the Attributes API's typed attributes (`attribute :actor_gid,
// :global_id`).
var namedCalls = map[string]bool{"has_many": true, "has_one": true, "belongs_to": true, "has_and_belongs_to_many": true,
	"scope": true, "enum": true, "has_one_attached": true, "has_many_attached": true, "has_rich_text": true, "alias_method": true,
	"preference": true, "attribute": true}

// columnSkips are the calls of a create_table block that declare no
// column of their own.
var columnSkips = map[string]bool{"index": true, "timestamps": true, "check_constraint": true, "foreign_key": true,
	"remove": true, "rename": true, "change": true, "exclusion_constraint": true, "unique_constraint": true}

// membersRuby lists the nodes that may be a definition's members: a
// class's or module's methods (those of its `class << self` and of the
// blocks of its calls too), constants, nested classes and modules, and its
// calls and their symbols; a create_table's calls on its block's table.
// memberName names the ones that are members, and no others: a tree
// holds no text to tell attr_accessor from before_action by.
func membersRuby(def *sitter.Node) []*sitter.Node {
	switch def.Type() {
	case "class", "module":
		return bodyMembers(def.ChildByFieldName("body"))
	case "call":
		if b := extract.Named(def, "block", "do_block"); b != nil {
			var out []*sitter.Node
			for _, c := range extract.NamedChildren(b.ChildByFieldName("body")) {
				if c.Type() == "call" && c.ChildByFieldName("receiver") != nil {
					out = append(out, c)
				}
			}
			return out
		}
	}
	return nil
}

// bodyMembers are the nodes of a class or module body that may be members.
func bodyMembers(body *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for _, c := range extract.NamedChildren(body) {
		switch c.Type() {
		case "method", "singleton_method", "class", "module", "alias":
			out = append(out, c)
		case "assignment":
			if extract.Named(c, "left", "constant") != nil {
				out = append(out, c)
			}
		case "singleton_class":
			out = append(out, bodyMembers(c.ChildByFieldName("body"))...)
		case "call":
			if c.ChildByFieldName("receiver") != nil {
				continue
			}
			args := extract.NamedChildren(c.ChildByFieldName("arguments"))
			if len(args) == 1 && (args[0].Type() == "method" || args[0].Type() == "singleton_method") {
				out = append(out, args[0]) // private def x
				continue
			}
			out = append(out, c)
			out = append(out, enumValues(c)...) // (memberName keeps an enum's)
			if len(args) > 1 {
				for _, a := range args {
					if a.Type() == "simple_symbol" || a.Type() == "string" {
						out = append(out, a) // attr_reader :a, :b
					}
				}
			}
			if b := extract.Named(c, "block", "do_block"); b != nil {
				out = append(out, bodyMembers(b.ChildByFieldName("body"))...) // class_methods do ... end
			}
		}
	}
	return out
}

// memberName names a member node, or says "" of a node that is none: a
// method by its name as specs spell it, a constant, class or module by its
// own, each declared where a definition would be (see scope); an
// attribute, association, scope or enum by its first argument, and each
// of an enum's values (enumValues) by its key or symbol; a column
// by its name, a reference by its key column (t.references :org is
// org_id).
func memberName(n *sitter.Node, src []byte) string {
	switch n.Type() {
	case "method", "singleton_method", "class", "module":
		if nm := rubyName(n); nm != nil && inScope(n, src) {
			return methodName(nm.Content(src))
		}
	case "assignment":
		if inScope(n, src) {
			return n.ChildByFieldName("left").Content(src)
		}
	case "alias":
		// alias display_total total: the new name.
		if nm := n.ChildByFieldName("name"); nm != nil && inScope(n, src) {
			return methodName(strings.TrimPrefix(nm.Content(src), ":"))
		}
	case "simple_symbol", "string":
		if p := n.Parent(); p != nil && attrCalls[bareCall(p.Parent(), src)] && inScope(p.Parent(), src) {
			s, _ := literal(n, src)
			return s
		}
		if enumValue(n, src) {
			s, _ := literal(n, src)
			return s
		}
	case "pair":
		if enumValue(n, src) {
			return pairKey(n, src)
		}
	case "call":
		if n.ChildByFieldName("receiver") != nil {
			return column(n, src)
		}
		args := extract.NamedChildren(n.ChildByFieldName("arguments"))
		verb := bareCall(n, src)
		if len(args) == 0 || !(attrCalls[verb] && len(args) == 1 || namedCalls[verb]) || !inScope(n, src) {
			return ""
		}
		if args[0].Type() == "pair" {
			// enum status: { ... }: the attribute the pair's key names.
			if k := args[0].ChildByFieldName("key"); k != nil {
				return strings.Trim(k.Content(src), ":")
			}
			return ""
		}
		s, _ := literal(args[0], src)
		return s
	}
	return ""
}

// inScope reports a node declared where a definition would be (see scope).
func inScope(n *sitter.Node, src []byte) bool {
	_, ok := scope(n, src)
	return ok
}

// column names a column call of a create_table block (t.string "email")
// or the index a t.index call names (name: "index_entries_on_date", as
// db/schema.rb writes every index), or says "" of a call that declares
// none (t.timestamps, an unnamed index, a call on another receiver).
func column(c *sitter.Node, src []byte) string {
	recv, m := c.ChildByFieldName("receiver"), extract.Named(c, "method", "identifier")
	args := extract.NamedChildren(c.ChildByFieldName("arguments"))
	if recv == nil || m == nil || len(args) == 0 {
		return ""
	}
	verb := m.Content(src)
	if verb == "index" {
		return indexName(args, src)
	}
	if columnSkips[verb] {
		return ""
	}
	body := c.Parent()
	if body == nil || body.Parent() == nil || body.Parent().Type() != "do_block" {
		return ""
	}
	ps := extract.NamedChildren(body.Parent().ChildByFieldName("parameters"))
	if len(ps) == 0 || ps[0].Content(src) != recv.Content(src) {
		return ""
	}
	s, ok := literal(args[0], src)
	if !ok {
		return ""
	}
	if verb == "references" || verb == "belongs_to" {
		s += "_id"
	}
	return s
}

// indexName is the name an index call's name: option gives it.
func indexName(args []*sitter.Node, src []byte) string {
	for _, a := range args {
		if a.Type() == "pair" && pairKey(a, src) == "name" {
			if s, ok := literal(a.ChildByFieldName("value"), src); ok {
				return s
			}
		}
	}
	return ""
}

// field is the model an association or a reference column refers to:
// has_many :line_items refers to LineItem, belongs_to :author, class_name:
// "User" to User.
func field(n *sitter.Node, src []byte) (string, []string) {
	if n.Type() != "call" {
		return "", nil
	}
	m := n.ChildByFieldName("method")
	args := extract.NamedChildren(n.ChildByFieldName("arguments"))
	if m == nil || len(args) == 0 {
		return "", nil
	}
	verb := m.Content(src)
	switch {
	case n.ChildByFieldName("receiver") == nil && (verb == "has_many" || verb == "has_one" || verb == "belongs_to" || verb == "has_and_belongs_to_many"):
	case n.ChildByFieldName("receiver") != nil && (verb == "references" || verb == "belongs_to"):
	default:
		return "", nil
	}
	for _, a := range args[1:] {
		if a.Type() != "pair" {
			continue
		}
		if k := a.ChildByFieldName("key"); k != nil && strings.TrimSuffix(k.Content(src), ":") == "class_name" {
			if s, ok := literal(a.ChildByFieldName("value"), src); ok {
				return baseName(s), nil
			}
		}
	}
	s, ok := literal(args[0], src)
	if !ok || s == "" {
		return "", nil
	}
	if verb == "has_many" || verb == "has_and_belongs_to_many" {
		s = singular(s)
	}
	return camelize(s), nil
}

// enumOptions are the keyword arguments of an enum call that configure it
// rather than name a value.
var enumOptions = map[string]bool{"prefix": true, "suffix": true, "_prefix": true, "_suffix": true, "default": true,
	"_default": true, "scopes": true, "_scopes": true, "validate": true, "instance_methods": true}

// enumValues are the nodes naming an enum call's values: the pairs of its
// hash (enum :kind, { standard: "standard" }; enum kind: { standard: 0 }),
// its keyword arguments but its options (enum :kind, standard: "standard")
// and the symbols or strings of its array (enum status: [:draft, :live]).
func enumValues(call *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	var values func(n *sitter.Node, top bool)
	values = func(n *sitter.Node, top bool) {
		switch n.Type() {
		case "hash":
			for _, p := range extract.NamedChildren(n) {
				if p.Type() == "pair" {
					out = append(out, p)
				}
			}
		case "array":
			for _, v := range extract.NamedChildren(n) {
				if v.Type() == "simple_symbol" || v.Type() == "string" {
					out = append(out, v)
				}
			}
		case "pair":
			if v := n.ChildByFieldName("value"); v != nil && (v.Type() == "hash" || v.Type() == "array") {
				values(v, false) // kind: { ... }: the attribute's values
			} else if top {
				out = append(out, n)
			}
		}
	}
	for _, a := range extract.NamedChildren(call.ChildByFieldName("arguments")) {
		values(a, true)
	}
	return out
}

// enumValue reports a node that names a value of an enum call declared
// where a definition would be.
func enumValue(n *sitter.Node, src []byte) bool {
	call := n.Parent()
	for k := 0; k < 4 && call != nil && call.Type() != "call"; k++ {
		call = call.Parent()
	}
	if bareCall(call, src) != "enum" || !inScope(call, src) {
		return false
	}
	if n.Type() == "pair" && enumOptions[pairKey(n, src)] {
		return false
	}
	for _, v := range enumValues(call) {
		if v.StartByte() == n.StartByte() && v.EndByte() == n.EndByte() {
			return true
		}
	}
	return false
}

// pairKey is a hash pair's key as a name: standard: and :standard => give
// standard, "standard" => too.
func pairKey(p *sitter.Node, src []byte) string {
	k := p.ChildByFieldName("key")
	if k == nil {
		return ""
	}
	if s, ok := literal(k, src); ok {
		return s
	}
	return strings.TrimSuffix(k.Content(src), ":")
}

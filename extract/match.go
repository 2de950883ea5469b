package extract

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// A tree-sitter query is compiled against its grammar on first use, and
// for the TypeScript and TSX grammars that costs more than a focused parse
// of the files a cold run reads (BenchmarkRealRepo). So the definitions are found by walking the tree with the
// patterns of each language's query written out in Go, as its Matcher
// (the tests run each query over the same trees and require the same
// matches, in the same order).

// RawMatch is one match of a definition pattern: a node a language's
// query would capture as @definition.<Kind>, with its @name and, for a Go
// method, its @receiver.
type RawMatch struct {
	Kind     string // the capture after "definition.": function, type, ...
	Def      *sitter.Node
	Name     *sitter.Node
	Receiver *sitter.Node
}

// Matcher finds the definition patterns of a language in a tree, in the
// order its query finds them, leaving out what skip says (see Skip).
type Matcher func(root *sitter.Node, skip Skip) []RawMatch

// Skip returns the child of a node that a walk leaves out with all that is
// under it, or nil: a function body, whose declarations are never kept,
// or a type body that declares nothing wanted. A nil Skip leaves out
// nothing.
type Skip func(n *sitter.Node) *sitter.Node

// Match is one raw match being turned into a Definition. Definitions fills
// in Src, Kind, Name, Def and Receiver, sets Out's Name, Path and Lang, and
// shows Def; the language's Refine hook fills in the rest of Out and may
// change what is shown.
type Match struct {
	Src      []byte
	Kind     string       // raw capture kind: function, method, type, class, ...
	Name     *sitter.Node // the name the pattern captured
	Def      *sitter.Node // the node the pattern captured
	Receiver *sitter.Node // a Go method's receiver
	Out      Definition
	Show     *sitter.Node // the node whose text becomes the snippet
	OwnFunc  *sitter.Node // the function whose own body is cut entirely
	ShowEnd  *sitter.Node // when set, the snippet runs on to the end of this node
	from     *sitter.Node // when set, the snippet starts at this node (a call of a chain)
	lead     *sitter.Node // when set, the snippet starts at this node, a sibling before Show
	// MemberNodes, when set, are the member nodes Refine found already:
	// Language.Members is not asked again.
	MemberNodes []*sitter.Node
	memo        map[any]any // shared by the matches of one tree (Memo)
}

// Memo returns f's result for key, computed once for all the matches of
// one tree: what every name of a declaration block of a thousand names
// asks of the block is worked out once. Nodes of one tree are one pointer
// each, so a node can be (part of) a key.
func (m *Match) Memo(key any, f func() any) any {
	if m.memo == nil {
		return f()
	}
	if v, ok := m.memo[key]; ok {
		return v
	}
	v := f()
	m.memo[key] = v
	return v
}

// NamePattern is a query pattern "(node name: (NameType) @name)
// @definition.Kind", by the node's type.
type NamePattern struct{ NameType, Kind string }

// MatchName matches n with the pattern for its node type: typed says
// that there is one, m is the match when n's name field fits it.
func MatchName(patterns map[string]NamePattern, n *sitter.Node) (m *RawMatch, typed bool) {
	p, ok := patterns[n.Type()]
	if !ok {
		return nil, false
	}
	if nm := Named(n, "name", p.NameType); nm != nil {
		return &RawMatch{Kind: p.Kind, Def: n, Name: nm}, true
	}
	return nil, true
}

// Named returns the child of n in field f when it is of node type typ.
func Named(n *sitter.Node, f, typ string) *sitter.Node {
	c := n.ChildByFieldName(f)
	if c == nil || c.Type() != typ {
		return nil
	}
	return c
}

// FieldChildren returns the children of n in field f of node type typ:
// all of them (a Go const_spec names several).
func FieldChildren(n *sitter.Node, f, typ string) []*sitter.Node {
	var out []*sitter.Node
	for i := 0; i < int(n.ChildCount()); i++ {
		if n.FieldNameForChild(i) == f {
			if c := n.Child(i); c.Type() == typ {
				out = append(out, c)
			}
		}
	}
	return out
}

// Walk visits n and its named descendants in document order.
func Walk(n *sitter.Node, visit func(*sitter.Node)) {
	WalkSkipping(n, nil, visit)
}

// WalkStatements is WalkSkipping for a grammar whose definitions stand
// only where statements do: it descends only into the nodes of the types
// within lists (those holding statements), and into any node with a
// syntax error under it, where a parser recovering may have put anything.
// visit gets each node's type.
func WalkStatements(n *sitter.Node, skip Skip, within map[string]bool, visit func(n *sitter.Node, typ string)) {
	typ := n.Type()
	visit(n, typ)
	if !within[typ] && !n.HasError() {
		return
	}
	eachKept(n, skip, func(c *sitter.Node) { WalkStatements(c, skip, within, visit) })
}

// WalkSkipping is Walk, leaving out what skip returns.
func WalkSkipping(n *sitter.Node, skip Skip, visit func(*sitter.Node)) {
	visit(n)
	eachKept(n, skip, func(c *sitter.Node) { WalkSkipping(c, skip, visit) })
}

// eachKept calls fn with each named child of n but the one skip leaves
// out.
func eachKept(n *sitter.Node, skip Skip, fn func(*sitter.Node)) {
	var cut *sitter.Node
	if skip != nil {
		cut = skip(n)
	}
	for _, c := range NamedChildren(n) {
		if cut != nil && c.StartByte() == cut.StartByte() && c.EndByte() == cut.EndByte() {
			continue
		}
		fn(c)
	}
}

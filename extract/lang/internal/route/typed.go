package route

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// notDeclaring are the words that, before a name and "(", make a call of
// it rather than a declaration: return name(...), new Name(...), await
// Name(...).
var notDeclaring = extract.WordSet("return new throw throws else case yield assert await go defer not and or in is as out ref " +
	"when if elif while for foreach switch using lock with lambda typeof instanceof nameof sizeof default delete print")

// TypedDeclares reports a line that declares the method name in a
// language that writes the return type or a modifier before it (Java,
// C#): the type or modifier, then the name, its type parameters perhaps,
// and "(": public Order get(, List<Order> list(, Task<T> Find<T>(.
func TypedDeclares(line, name string) bool {
	for rest := line; ; {
		i := strings.Index(rest, name)
		if i < 0 {
			return false
		}
		before, after := rest[:i], strings.TrimLeft(rest[i+len(name):], " \t")
		rest = rest[i+len(name):]
		if i > 0 && extract.IdentByte(before[i-1]) {
			continue
		}
		if strings.HasPrefix(after, "<") {
			if end := strings.IndexByte(after, '>'); end > 0 {
				after = strings.TrimLeft(after[end+1:], " \t")
			}
		}
		if !strings.HasPrefix(after, "(") {
			continue
		}
		t := strings.TrimRight(before, " \t")
		if len(t) == len(before) || t == "" {
			continue // no space between a type and the name: a call, x.name(
		}
		if c := t[len(t)-1]; c != '>' && c != ']' && c != '?' && !extract.IdentByte(c) {
			continue
		}
		if w := t[strings.LastIndexAny(t, " \t(,=")+1:]; !notDeclaring[w] {
			return true
		}
	}
}

// Exprs names the node types of a grammar's string expressions, for
// Value.
type Exprs struct {
	// Literal is the text of a string literal node, false for any other.
	Literal func(n *sitter.Node, src []byte) (string, bool)
	// Ident, Member and Paren are the node types of a name, a member
	// access (whose field MemberName holds the member) and a
	// parenthesized expression; Binary that of a binary expression, with
	// left, operator and right fields.
	Ident, Member, MemberName, Paren, Binary string
}

// Value is the string an expression spells: a literal, a constant of the
// file (by its name, qualified or not), or a concatenation of them.
func (x *Exprs) Value(n *sitter.Node, src []byte, consts map[string]string) (string, bool) {
	if s, ok := x.Literal(n, src); ok {
		return s, true
	}
	switch n.Type() {
	case x.Ident:
		s, ok := consts[n.Content(src)]
		return s, ok
	case x.Member:
		if f := n.ChildByFieldName(x.MemberName); f != nil {
			s, ok := consts[f.Content(src)]
			return s, ok
		}
	case x.Paren:
		if kids := extract.NamedChildren(n); len(kids) == 1 {
			return x.Value(kids[0], src, consts)
		}
	case x.Binary:
		l, r := n.ChildByFieldName("left"), n.ChildByFieldName("right")
		if op := n.ChildByFieldName("operator"); op == nil || op.Content(src) != "+" || l == nil || r == nil {
			return "", false
		}
		a, ok1 := x.Value(l, src, consts)
		b, ok2 := x.Value(r, src, consts)
		return a + b, ok1 && ok2
	}
	return "", false
}

package ruby

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// rubyKinds are the kinds of the patterns of ruby.scm by the definition's
// node type: a class or module named by a constant or a scope resolution
// (Admin::User), a method named by an identifier or a setter, a constant
// assigned, by its name or in a scope (Shop::Config = ...).
var rubyKinds = map[string]string{"class": "class", "module": "module", "method": "method", "singleton_method": "method"}

// matchRuby: the patterns of ruby.scm, in document order.
func matchRuby(root *sitter.Node, skip extract.Skip) []extract.RawMatch {
	var out []extract.RawMatch
	extract.WalkSkipping(root, skip, func(n *sitter.Node) {
		typ := n.Type()
		if kind, ok := rubyKinds[typ]; ok {
			if nm := rubyName(n); nm != nil {
				out = append(out, extract.RawMatch{Kind: kind, Def: n, Name: nm})
			}
			return
		}
		switch typ {
		case "assignment":
			if nm := extract.Named(n, "left", "constant"); nm != nil {
				out = append(out, extract.RawMatch{Kind: "constant", Def: n, Name: nm})
			} else if l := extract.Named(n, "left", "scope_resolution"); l != nil {
				if nm := extract.Named(l, "name", "constant"); nm != nil {
					out = append(out, extract.RawMatch{Kind: "constant", Def: n, Name: nm}) // Shop::Config = ...
				}
			}
		case "call":
			if nm := extract.Named(n, "method", "identifier"); nm != nil && extract.Named(n, "block", "do_block") != nil {
				out = append(out, extract.RawMatch{Kind: "block", Def: n, Name: nm})
			}
		}
	})
	return out
}

// rubyName is the name node of a class, module or method as ruby.scm
// captures it, or nil.
func rubyName(n *sitter.Node) *sitter.Node {
	nm := n.ChildByFieldName("name")
	if nm == nil {
		return nil
	}
	switch n.Type() {
	case "class", "module":
		if nm.Type() == "scope_resolution" {
			return extract.Named(nm, "name", "constant")
		}
		if nm.Type() == "constant" {
			return nm
		}
	case "method":
		if nm.Type() == "setter" {
			return extract.Named(nm, "name", "identifier")
		}
		if nm.Type() == "identifier" {
			return nm
		}
	case "singleton_method":
		if nm.Type() == "identifier" {
			return nm
		}
	}
	return nil
}

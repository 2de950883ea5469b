package extract

import (
	"fmt"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
)

// Language is everything the package knows about one source language.
// The exported hooks are set by the language's own package; generic code
// asks them and never tests a language's name.
type Language struct {
	Name    string   // stable identifier, also the JSON "language" value
	Fence   string   // markdown code fence tag
	Exts    []string // file name endings, with the dot
	Comment string   // line comment prefix, for truncation notes
	// Revision names the version of the language's extraction rules. A
	// change to them that can change what is extracted from some file
	// (its hooks, its query, its scanner, its lexer syntax) gets a new
	// revision, and caches keyed by the fingerprint of the rules are
	// dropped.
	Revision string

	// Grammar returns the tree-sitter grammar; nil for a language whose
	// files Scan reads.
	Grammar func() *sitter.Language
	// QuerySource is the tree-sitter query whose patterns Matches finds:
	// the reference Matches is tested against, and part of the extraction
	// rules a cache depends on.
	QuerySource string

	// Funcs lists node types whose "body" field is a function body to cut.
	Funcs map[string]bool
	// Refine adjusts a raw match into a Definition: kind, title, the node
	// whose text is shown, the container of a method, whether it is
	// exported. It returns false for a match that defines nothing to show.
	Refine func(m *Match) bool
	// Members lists the member nodes of a type-like definition (fields,
	// methods, enum values), used to trim a long type to what a spec names.
	Members func(def *sitter.Node) []*sitter.Node
	// Embedded reports a member that brings in the members of another
	// definition (a Go embedded struct, a JavaScript spread): kept when a
	// type is trimmed. Nil: no member does.
	Embedded func(member *sitter.Node) bool
	// Elide returns where a nested body starts to be cut and what replaces
	// it. A definition's own body, when it ends the snippet, is cut from the
	// same place with nothing in its place.
	Elide func(body *sitter.Node) (start uint32, placeholder string)

	// Routes finds HTTP route registrations in a parsed file (path is the
	// file's, for routes its name spells); nil when the language has none.
	Routes func(root *sitter.Node, src []byte, path string) ([]RouteCall, []Mount)
	// Scan, for languages without a tree-sitter grammar here, finds the
	// definitions of a file directly (schema scanners: SQL, Prisma, ...).
	Scan func(l *Language, path string, src []byte) []Definition
	// Lex, when set, lets Focus pick the statements a search needs.
	Lex *LexSyntax
	// Matches finds the patterns of QuerySource in a tree, in the query's
	// order, without compiling the query (see match.go).
	Matches Matcher

	once  sync.Once
	query *sitter.Query
	qerr  error
}

// Text is the pseudo-language of artifacts that are lists, not code.
var Text = &Language{Name: "text", Fence: "text", Comment: "#"}

// Markdown is the pseudo-language of architecture excerpts.
var Markdown = &Language{Name: "markdown", Fence: "markdown", Comment: "<!-- -->"}

// Query returns the language's compiled QuerySource, nil for a scanned
// language. It is compiled once and shared: a tree-sitter query is
// immutable. Extraction does not use it (Matches finds the same patterns
// without compiling them); it is the reference Matches is tested against.
func (l *Language) Query() (*sitter.Query, error) {
	if l.Scan != nil {
		return nil, nil
	}
	l.once.Do(func() {
		l.query, l.qerr = sitter.NewQuery([]byte(l.QuerySource), l.Grammar())
		if l.qerr != nil {
			l.qerr = fmt.Errorf("compile %s query: %w", l.Name, l.qerr)
		}
	})
	return l.query, l.qerr
}

// BraceElide cuts a brace-delimited body and shows "{ ... }" in its place.
func BraceElide(body *sitter.Node) (uint32, string) { return body.StartByte(), "{ ... }" }

// NamedChildren returns the named children of n that are not comments.
func NamedChildren(n *sitter.Node) []*sitter.Node {
	if n == nil {
		return nil
	}
	var out []*sitter.Node
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		if c.Type() != "comment" {
			out = append(out, c)
		}
	}
	return out
}

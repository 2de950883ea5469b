package extract

import (
	"bytes"
	"context"
	"slices"

	sitter "github.com/smacker/go-tree-sitter"
)

// A file with a syntax error is parsed again one top-level statement at a
// time (see recoverSegments), so that the error costs only the statement
// that holds it: tree-sitter's own recovery, on the whole file, can read a
// missing brace as the rest of the file being inside one function.

// recovered returns the definitions of a file that does not parse, each
// statement parsed on its own (each that overlaps only, when only is not
// nil); false when the lexer cannot split it.
func (p *Parser) recovered(ctx context.Context, lang *Language, name string, src []byte, only []Span) ([]Definition, bool, error) {
	if lang.Lex == nil {
		return nil, false, nil
	}
	segs, ok := recoverSegments(lang.Lex, src)
	if !ok || len(segs) < 2 {
		return nil, false, nil
	}
	var defs []Definition
	for _, u := range units(segs) {
		if only != nil && !slices.ContainsFunc(only, func(s Span) bool { return s.Start < u.End && u.Start < s.End }) {
			continue
		}
		tree, err := p.parseRanges(ctx, lang, name, src, []Span{u.Span})
		if err != nil {
			return nil, false, err
		}
		if len(u.parts) > 1 && tree.RootNode().HasError() {
			// A type and the statement after it, which does not parse:
			// each on its own.
			tree.Close()
			for _, part := range u.parts {
				ds, err := p.definitionsOf(ctx, lang, name, src, part)
				if err != nil {
					return nil, false, err
				}
				defs = append(defs, ds...)
			}
			continue
		}
		defs = append(defs, p.found(lang, name, src, tree)...)
		tree.Close()
	}
	return mergeOverloads(defs, src), true, nil
}

// definitionsOf returns the definitions of one span parsed on its own.
func (p *Parser) definitionsOf(ctx context.Context, lang *Language, name string, src []byte, s Span) ([]Definition, error) {
	tree, err := p.parseRanges(ctx, lang, name, src, []Span{s})
	if err != nil {
		return nil, err
	}
	defer tree.Close()
	return p.found(lang, name, src, tree), nil
}

// unit is a span parsed on its own: a statement with the comments and
// decorators above it, and with the statement after it when it takes that
// one along (a Go type and its constants); parts are those statements.
type unit struct {
	Span
	parts []Span
}

func units(segs []segment) []unit {
	var out []unit
	var u unit
	start := -1
	for k, s := range segs {
		if start < 0 {
			start = s.start
		}
		if s.kind == segComment && k < len(segs)-1 {
			continue
		}
		u.parts = append(u.parts, Span{start, s.end})
		start = -1
		if s.kind == segWithNext && k < len(segs)-1 {
			continue
		}
		u.Span = Span{u.parts[0].Start, s.end}
		out = append(out, u)
		u = unit{}
	}
	return out
}

// BrokenAt reports whether line (1-based) of src lies in a statement that
// does not parse: a name the file declares there is neither defined nor
// absent. Without a lexer to split the file, any syntax error counts.
func (p *Parser) BrokenAt(ctx context.Context, lang *Language, name string, src []byte, line int) (bool, error) {
	if lang.Grammar == nil {
		return false, nil
	}
	tree, err := p.parse(ctx, lang, name, src)
	if err != nil {
		return false, err
	}
	broken := tree.RootNode().HasError()
	if broken && lang.Lex == nil {
		// No statements to parse one at a time: the line is broken when
		// the node the parse put it in is an error's, or within one.
		broken = inError(tree.RootNode(), src, line)
	}
	tree.Close()
	if !broken || lang.Lex == nil {
		return broken, nil
	}
	segs, ok := recoverSegments(lang.Lex, src)
	if !ok {
		return true, nil
	}
	at := LineOffset(src, line)
	for _, u := range units(segs) {
		for _, part := range u.parts {
			if at < part.Start || at >= part.End {
				continue
			}
			t, err := p.parseRanges(ctx, lang, name, src, []Span{part})
			if err != nil {
				return false, err
			}
			defer t.Close()
			return t.RootNode().HasError(), nil
		}
	}
	return false, nil
}

// inError reports whether the parse put the first code of line (1-based)
// inside an ERROR node, or a node missing in the source.
func inError(root *sitter.Node, src []byte, line int) bool {
	off := LineOffset(src, line)
	col := 0
	for off+col < len(src) && (src[off+col] == ' ' || src[off+col] == '\t') {
		col++
	}
	at := sitter.Point{Row: uint32(line - 1), Column: uint32(col)}
	n := root.NamedDescendantForPointRange(at, at)
	for ; n != nil; n = n.Parent() {
		if n.IsError() || n.IsMissing() || n.Type() == "ERROR" {
			return true
		}
	}
	return false
}

// LineOffset is the offset where line (1-based) starts in src, or
// len(src) past its last line.
func LineOffset(src []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		nl := bytes.IndexByte(src[off:], '\n')
		if nl < 0 {
			return len(src)
		}
		off += nl + 1
	}
	return off
}

package extract

import (
	"bytes"
	"context"

	sitter "github.com/smacker/go-tree-sitter"
)

// statements returns the top-level statements of src, each with the
// comments and decorators right above it (LexSyntax.Apart), from the
// first byte of the first to the first byte of what follows; with spans,
// only the statements inside them, each from its first segment inside
// them. It returns false when the lexer cannot split src.
func statements(lx *LexSyntax, src []byte, spans []Span) ([]Span, bool) {
	segs, ok := segments(lx, src)
	if !ok || len(segs) == 0 && len(bytes.TrimSpace(src)) > 0 {
		return nil, false
	}
	if len(segs) > 0 && segs[0].start > 0 {
		segs = append([]segment{{start: 0, end: segs[0].start, kind: segCode}}, segs...)
	}
	var out []Span
	start := -1
	for _, s := range segs {
		if spans != nil && !Covers(spans, []Span{{s.start, s.end}}) {
			start = -1
			continue
		}
		if start < 0 {
			start = s.start
		}
		if s.kind == segComment || s.kind == segWithNext {
			continue // it goes with the statement after it
		}
		out = append(out, Span{start, s.end})
		start = -1
	}
	return out, true
}

// apartStatements returns the statements of src to parse one by one, for
// a language that parses so (LexSyntax.Apart): all of them, or those
// inside spans.
func apartStatements(lang *Language, src []byte, spans []Span) ([]Span, bool) {
	if lang.Lex == nil || !lang.Lex.Apart || lang.Grammar == nil {
		return nil, false
	}
	return statements(lang.Lex, src, spans)
}

// eachStatement parses each statement on its own and calls fn with its
// tree, which it closes after.
func (p *Parser) eachStatement(ctx context.Context, lang *Language, name string, src []byte, stmts []Span, fn func(*sitter.Tree)) error {
	text := grammarText(lang, src)
	for _, r := range ranges(stmts, src) {
		tree, err := p.parseRangesOf(ctx, lang, name, text, []sitter.Range{r})
		if err != nil {
			return err
		}
		fn(tree)
		tree.Close()
	}
	return nil
}

// apart returns the definitions of the statements, each parsed on its own.
func (p *Parser) apart(ctx context.Context, lang *Language, name string, src []byte, stmts []Span) ([]Definition, error) {
	var defs []Definition
	err := p.eachStatement(ctx, lang, name, src, stmts, func(tree *sitter.Tree) {
		defs = append(defs, p.found(lang, name, src, tree)...)
	})
	if err != nil {
		return nil, err
	}
	return mergeOverloads(defs, src), nil
}

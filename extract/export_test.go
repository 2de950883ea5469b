package extract

import (
	"context"

	sitter "github.com/smacker/go-tree-sitter"
)

// Mentions is mentions, for the external tests.
var Mentions = mentions

// Parse is parse, for the external tests: the whole file, as Definitions
// parses it.
func (p *Parser) Parse(ctx context.Context, lang *Language, name string, src []byte) (*sitter.Tree, error) {
	return p.parse(ctx, lang, name, src)
}

// SiblingsBefore and PrevOf are siblingsBefore and prevOf, for the
// external tests.
var (
	SiblingsBefore = siblingsBefore
	PrevOf         = prevOf
)

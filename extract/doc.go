// Package extract finds definitions in source files with tree-sitter and
// turns them into snippets: signatures and shapes, never bodies.
//
// The package is language-neutral. A Language describes one language by
// its hooks: grammar, matcher, refinement of a match into a Definition,
// members, body elision, lexer syntax for Focus, route detection, or a
// scanner for a language without a grammar. The languages live in the
// packages under extract/lang, which import this one; extract/lang holds
// their registry (All, ForPath, ByName, Fingerprint). Code here asks a
// language's hooks and fields and never tests its name. A Language also
// states what code outside extraction knows of the language (knowledge.go):
// its keywords, test and generated file names, import readers, the words
// that name it in prose.
//
// The package knows nothing about specs, rounds or budgets; it answers
// "what does this file define, and what does each definition look like
// without its bodies".
package extract

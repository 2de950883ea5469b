// Package extract finds definitions in source files with tree-sitter and
// turns them into snippets: signatures and shapes, never bodies.
//
// Each supported language is one Language value (lang_*.go) with one
// embedded query (queries/*.scm). The package knows nothing about specs,
// rounds or budgets; it answers "what does this file define, and what does
// each definition look like without its bodies".
package extract

// Package golang is Go for extract: its tree-sitter grammar, the top-level
// definitions of go.scm (found by a matcher; the query is the reference the
// tests compare it with), how a match becomes a definition (interfaces,
// schema structs, enums as a type and its constants, error types and
// sentinel errors, const and var blocks), a type's members, body elision,
// how Focus reads Go, and the routes of net/http, chi, gin, echo, fiber and
// gorilla/mux.
package golang

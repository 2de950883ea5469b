// Package swift is Swift for extract: its tree-sitter grammar, the
// declarations of swift.scm (found by a matcher; the query is the
// reference the tests compare it with), how a match becomes a definition
// (classes, structs, enums, actors and protocols, nested ones as
// Order.Status; functions, methods and initializers, those of an
// extension as the extended type's; type aliases; constants and
// variables at the top of a file and static ones of types; Fluent models
// as schemas named by their table, Error conformances as errors), a
// type's members (properties with their Fluent keys and coding keys,
// methods, initializers, enum cases), body elision, how Focus reads
// Swift, and the routes of Vapor.
package swift

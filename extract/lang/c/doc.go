// Package c is C for extract: its tree-sitter grammar, the declarations
// of c.scm (found by a matcher; the query is the reference the tests
// compare it with), how a match becomes a definition (functions, their
// prototypes and definitions both; structs, unions and enums with their
// members, a typedef's under the typedef's name; macros; file-scope
// variables and constants; at file scope, in #if blocks and extern "C"
// blocks too), how Focus reads C, C's test files and the routes of
// CivetWeb and Ulfius. What C shares with C++ (macros the grammar cannot
// read, members, tests, includes) is in package clike.
package c

// Package clike holds what C and C++ share: how a declarator names what a
// declaration declares, the scopes and members of their declarations, the
// macros their grammars cannot read (Mask), how Focus cuts a function to
// its head, their test conventions and includes, and the routes of C's
// HTTP libraries, which C++ code calls too.
package clike

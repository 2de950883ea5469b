// Package csharp is C# for extract: its tree-sitter grammar, the
// definitions of csharp.scm (found by a matcher; the query is the
// reference the tests compare it with), how a match becomes a definition
// (classes, records, structs, interfaces, enums with their members and
// delegates, in namespaces block or file-scoped and nested in types as
// Order.Status; methods with their attributes; const and static readonly
// fields; the local functions of top-level statements; Entity Framework
// Core entities as schemas, exception classes as errors), a type's
// members, how Focus reads C#, and the routes of ASP.NET Core controllers
// and minimal APIs.
package csharp

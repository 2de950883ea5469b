// Package kotlin is Kotlin for extract: its tree-sitter grammar, the
// declarations of kotlin.scm (found by a matcher; the query is the
// reference the tests compare it with), how a match becomes a definition
// (classes, data, sealed, value and annotation classes, interfaces, enums
// with their entries, objects and named companion objects, functions,
// extension functions as their receiver's, methods of classes, objects
// and companion objects as their class's, properties of files and
// objects, type aliases; JPA entities and Exposed tables as schemas,
// exception classes as errors), a type's members, body elision, how Focus
// reads Kotlin (each top-level statement parsed on its own), and the
// routes of Spring MVC, Ktor's routing DSL and WebFlux's router DSL.
package kotlin

// Package java is Java for extract: its tree-sitter grammar, the
// definitions of java.scm (found by a matcher; the query is the reference
// the tests compare it with), how a match becomes a definition (classes,
// interfaces, records, enums with their constants, annotation types,
// methods with their annotations, static final fields and interface
// constants; JPA entities as schemas, exception classes as errors), a
// type's members, how Focus reads Java, and the routes of Spring MVC and
// WebFlux, JAX-RS and Micronaut.
package java

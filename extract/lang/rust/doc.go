// Package rust is Rust for extract: its tree-sitter grammar, the items of
// rust.scm (found by a matcher; the query is the reference the tests
// compare it with), how a match becomes a definition (structs, enums and
// traits; the functions, constants and types of impl and trait blocks as
// their type's; items of inline modules; Diesel tables, Diesel, sqlx and
// SeaORM models; thiserror enums and std::error::Error types as errors;
// nothing compiled for tests only), their members, body elision, how
// Focus reads Rust, and the routes of axum, actix-web, Rocket and routerify.
package rust

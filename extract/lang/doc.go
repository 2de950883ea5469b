// Package lang is the registry of the languages extraction reads: All, in
// a fixed order, and ForPath, ByName and Fingerprint over it; Union and
// Set gather a rule over every language, Family and Means compare them.
//
// Each language lives in its own package below this one. Imports go one
// way: a language package imports extract (and its tree-sitter grammar),
// this package imports the language packages, and extract imports none of
// them. A new language is a package that sets the hooks and rules of an
// *extract.Language, listed in All; nothing registers itself, and no code
// outside the language's package names it.
package lang

// Package redact replaces secrets in snippets before anything shows,
// hashes or stores them: gitleaks' default rule set (generated into
// secretrules_gen.go), private key blocks, DSN passwords, and literals
// assigned to secret-named identifiers.
package redact

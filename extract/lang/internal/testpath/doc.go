// Package testpath holds what the test naming conventions of several
// languages share: where a test may sit relative to the file it tests.
package testpath

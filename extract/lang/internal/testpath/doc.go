// Package testpath holds what the test conventions of several languages
// share: where a test may sit relative to the file it tests, and how its
// names are read.
package testpath

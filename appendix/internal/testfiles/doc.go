// Package testfiles lists, by name, the test files that cover the source
// files an appendix shows, for a spec that discusses testing.
package testfiles

// Package architecture finds the sections of a repository's architecture
// documents that speak of what the spec names, and excerpts them as one
// artifact, the first to give way to the budget.
package architecture

// Package gitinfo answers the git questions an appendix needs, through
// go-git and without a git binary: where the work tree is, which files git
// would track (ignore rules applied while walking), what HEAD is, and which
// of a handful of files carry uncommitted changes.
//
// It never calls Worktree.Status: that hashes the whole tree, where an
// appendix needs a verdict on a few files only.
package gitinfo

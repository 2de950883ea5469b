// Package testrepo builds git repositories for tests: files written from a
// map or a txtar archive, committed through go-git with fixed author and
// committer dates, so that commit hashes are the same on every machine.
package testrepo

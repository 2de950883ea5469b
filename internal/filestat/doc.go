// Package filestat reads what a file's stat says of its content without
// reading it: the stat data git's index keeps to tell a changed file from
// an unchanged one.
package filestat

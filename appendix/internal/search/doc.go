// Package search walks the repository once, scans every source file, and
// parses only the statements that can define a wanted name. Its product is
// an Index: definitions by name, table key, alias and member, routes and
// mounts, imported names, and every walked path, for resolve to read.
package search

// Package scan is the cheap pass over every source file: which files to
// read at all (size, generated, secret, test), and, in one read, the words
// that can start a declaration, the words after a "/" (routes), and the
// names a file imports. A file is parsed only when its scan says it may
// define a wanted name. Its keywords and file name rules are those of the
// registered languages (extract.Language), gathered over the registry.
package scan

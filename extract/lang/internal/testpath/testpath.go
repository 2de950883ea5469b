package testpath

import "strings"

// SameTree reports whether a test sits in the source file's top-level
// directory, or in a top-level tests or test directory.
func SameTree(test, source string) bool {
	top := strings.SplitN(source, "/", 2)[0]
	return strings.SplitN(test, "/", 2)[0] == top || strings.HasPrefix(test, "tests/") || strings.HasPrefix(test, "test/")
}

// Package budget makes the appendix fit its line budget, in the order the
// protocol gives: the architecture excerpt goes first, then signatures are
// cut to their declaring lines, types to the members the spec names, enums
// last, and only then are the lowest-priority artifacts dropped.
package budget

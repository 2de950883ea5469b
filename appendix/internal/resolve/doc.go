// Package resolve turns each reference of the spec into a match (the
// definition chosen for it), a gap (what the repository lacks, and how
// that was established), or an external name (a dependency's). It asks
// rank to choose among candidates and search for the handlers of routes.
package resolve

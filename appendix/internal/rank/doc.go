// Package rank chooses among the definitions a reference can mean, and
// says why: the spec's own name before a naming convention, the language
// and kind its wording names, then where the spec points (paths, packages,
// directories of references already settled).
package rank

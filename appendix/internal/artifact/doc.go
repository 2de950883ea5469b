// Package artifact turns matches into the appendix's labeled entries:
// one per definition, with the references that chose it, errors grouped,
// priority ordered, and the trims a budget may apply (a signature cut to
// its declaring lines, a type cut to the members the spec names).
package artifact

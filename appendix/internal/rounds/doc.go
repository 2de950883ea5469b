// Package rounds applies the debate's round policy: which references a
// round shows, labels kept from earlier rounds, artifacts unchanged since
// they were shown reduced to one line, and the record of what each round
// showed, for the inventory's history.
package rounds

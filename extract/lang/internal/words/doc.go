// Package words reads identifiers out of a bit of source text: the base
// classes of a class heading, a word among them.
package words

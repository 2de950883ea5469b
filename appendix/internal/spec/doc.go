// Package spec reads a markdown spec into the references it makes: names
// in code spans, fences and prose, file paths, routes, with the wording
// around each (a table, a field, proposed or modified, which language).
package spec

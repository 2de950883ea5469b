// Package imports reads the import statements of the languages whose
// imports name what they bring in, by hand and line by line: TypeScript
// and JavaScript (import { A } from "pkg", require("m")) and Python (from
// pkg import A). One reader serves them all: each form is unambiguous.
package imports

// Package appendix turns a spec into a Codebase Context appendix as the
// Context Addition Protocol describes it: it finds the code artifacts the
// spec names (spec.go), resolves them to definitions in the repository
// (resolve.go), fits them into the line budget (budget.go) and renders them
// as markdown or JSON (render.go). Run (cli.go) is the command line.
package appendix

// Package route holds what the route detectors of several languages
// share: HTTP method names, string literal values, handler names and the
// statement a registration call stands in.
package route

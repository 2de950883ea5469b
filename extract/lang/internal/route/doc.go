// Package route holds what the route detectors of several languages
// share: HTTP method names (and those Spring's @RequestMapping names),
// string literal values, handler names and the statement a registration
// call stands in.
package route

// Package langtest is what the tests of the language packages share:
// definitions, schema summaries and routes in comparable forms, the
// contract a scanner must hold under fuzzing, and the check that a
// language's matcher finds what its query finds, over the golden fixtures
// and a generated repository. Only tests import it.
package langtest

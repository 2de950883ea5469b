// Package audit runs the Context Readiness Audit: which kinds of context
// a repository holds for a spec (architecture documents, schemas, tests,
// error handling and auth in the blast zone, ...), as ContextInventoryV1.
package audit

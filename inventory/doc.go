// Package inventory reads and writes ContextInventoryV1: the record of what
// codebase context exists for a spec (the Context Readiness Audit) and,
// alongside it, which artifacts each debate round has shown. It lives in
// an adversarial-spec session file when one is active, or in a file of its
// own; every write is atomic and leaves other fields of a session file
// intact.
package inventory

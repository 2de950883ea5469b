// Package inventory reads and writes ContextInventoryV1: the record of what
// codebase context exists for a spec (the Context Readiness Audit) and,
// alongside it, which artifacts each debate round has shown. It lives in
// the active adversarial-spec session file when that session is the
// spec's, or in a file of its own. Every write is atomic, made under the
// store's lock from the store as it is then, and leaves every other byte
// of a session file as it was.
package inventory

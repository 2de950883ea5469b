//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package lock

import (
	"path/filepath"
	"testing"
)

// Readers share the lock: a second reader does not wait for the first.
func TestSharedLocksAreHeldTogether(t *testing.T) {
	p := filepath.Join(t.TempDir(), "briefings.json")
	a, err := Shared(p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Shared(p)
	if err != nil {
		t.Fatal(err)
	}
	b.Unlock()
	a.Unlock()
}

package lock

import (
	"fmt"
	"os"
	"path/filepath"
)

// Suffix is added to a file's name to name its lock file.
const Suffix = ".lock"

// Lock is a held lock; Unlock releases it.
type Lock struct {
	f      *os.File
	unlock func(*os.File) error
}

// Exclusive waits until no other run holds the lock on path, then holds
// it alone. The directory of path is created if needed.
func Exclusive(path string) (*Lock, error) { return take(path, true) }

// Shared waits until no run holds the lock on path alone, then holds it
// alongside other readers, where the system allows; elsewhere it is
// Exclusive.
func Shared(path string) (*Lock, error) { return take(path, false) }

func take(path string, exclusive bool) (*Lock, error) {
	name := path + Suffix
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return nil, err
	}
	f, unlock, err := lockFile(name, exclusive)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", name, err)
	}
	return &Lock{f: f, unlock: unlock}, nil
}

// Unlock releases the lock.
func (l *Lock) Unlock() error { return l.unlock(l.f) }

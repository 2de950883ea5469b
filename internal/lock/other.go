//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package lock

import "os"

// lockFile takes the lock file exclusively: without flock, readers wait
// for each other too.
func lockFile(name string, _ bool) (*os.File, func(*os.File) error, error) {
	f, err := exclLock(name)
	if err != nil {
		return nil, nil, err
	}
	return f, exclUnlock, nil
}

//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package lock

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes flock on name. A lock file removed and created again
// while this run waited (by a tool that removes its lock files) is
// another file: the lock is taken again on the one the name holds now.
func lockFile(name string, exclusive bool) (*os.File, func(*os.File) error, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		f, err := os.OpenFile(name, os.O_RDONLY|os.O_CREATE, 0o644)
		if err != nil {
			return nil, nil, err
		}
		for {
			err = syscall.Flock(int(f.Fd()), how)
			if !errors.Is(err, syscall.EINTR) {
				break
			}
		}
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		held, err1 := f.Stat()
		now, err2 := os.Stat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return f, unflock, nil
		}
		f.Close()
	}
}

// unflock releases the lock; closing the file would too.
func unflock(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

package lock

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// staleAfter is the age past which a lock file created exclusively
// belongs to a run that died holding it: a lock is held for one read and
// one write of a few small files, far less.
const staleAfter = time.Minute

// exclLock creates name exclusively, waiting while another run holds it,
// and takes over a stale one. It writes the process id into it, for
// whoever finds it left behind.
func exclLock(name string) (*os.File, error) {
	wait := time.Millisecond
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			fmt.Fprintf(f, "%d\n", os.Getpid())
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, err := os.Stat(name); err == nil && time.Since(st.ModTime()) > staleAfter {
			os.Remove(name)
			continue
		}
		time.Sleep(wait)
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// exclUnlock removes the lock file, which releases the lock.
func exclUnlock(f *os.File) error {
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

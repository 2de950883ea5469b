//go:build unix

package cache

import (
	"os"
	"syscall"
)

// mapFile maps a cache file read-only for the rest of the process: its
// bytes come from the page cache without a copy into fresh memory, which
// a run (it collects no garbage) would fault in page by page. A cache
// file is only ever replaced by a rename, never written in place, so the
// mapped bytes never change under a reader; cutting the file short in
// place while a run reads it would stop that run with a fault. An empty
// file, which cannot be mapped, or one the system will not map, is read.
func mapFile(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	if size == 0 || size != int64(int(size)) {
		return os.ReadFile(file)
	}
	b, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return os.ReadFile(file)
	}
	return b, nil
}

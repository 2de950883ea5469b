//go:build linux

package filestat

import (
	"io/fs"
	"syscall"
)

// sysStat returns the change time and inode of a stat.
func sysStat(fi fs.FileInfo) (ctime int64, ino uint64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return st.Ctim.Nano(), uint64(st.Ino)
}

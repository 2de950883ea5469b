//go:build unix

package hooks

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByUser reports whether the file st describes is the user's.
func ownedByUser(st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Getuid()
}

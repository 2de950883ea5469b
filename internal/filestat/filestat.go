package filestat

import (
	"io/fs"
	"time"
)

// Stamp is a file's stat data. Writing a file changes its size or its
// modification time; a time put back (touch -r, cp -p, rsync -a, tar)
// still leaves a new change time, which no call can set, and a file
// replaced by another has a new inode. Where the system gives no change
// time or inode they are zero, and the size, modification time and mode
// decide alone.
type Stamp struct {
	Size  int64
	Mtime int64 // modification time, nanoseconds since the epoch
	Ctime int64 // change time, nanoseconds since the epoch
	Ino   uint64
	Mode  uint32 // fs.FileMode
}

// Of returns the stamp of a file's stat.
func Of(fi fs.FileInfo) Stamp {
	s := Stamp{Size: fi.Size(), Mtime: fi.ModTime().UnixNano(), Mode: uint32(fi.Mode())}
	s.Ctime, s.Ino = sysStat(fi)
	return s
}

// Settled says whether a stamp taken at time at (nanoseconds) or later
// describes the content read then: its times are older than at by window
// at least. A file changed within the same clock tick as it was stat'ed
// could change again and keep its stamp (git calls such an entry racily
// clean, and hashes it again).
func (s Stamp) Settled(at int64, window time.Duration) bool {
	limit := at - int64(window)
	return s.Mtime <= limit && s.Ctime <= limit
}

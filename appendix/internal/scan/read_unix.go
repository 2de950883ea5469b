//go:build unix

package scan

import (
	"io/fs"
	"syscall"
)

// ReadBounded reads a file into the worker's buffer, at most one byte
// over limit: open, read, close. It goes to the system calls
// directly (os.Open would also try to register every file with the
// network poller, a failing epoll_ctl each), and stops at the first read
// that comes up short once it holds the size the file was stat'ed at (-1:
// unknown), instead of reading once more to meet the end. The result is
// valid until the next call; nothing that outlives the file's search
// keeps it.
func ReadBounded(file string, buf *[]byte, size int64, limit int) ([]byte, error) {
	fd, err := open(file)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: file, Err: err}
	}
	defer syscall.Close(fd)
	b := (*buf)[:0]
	for len(b) <= limit {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		want := min(cap(b), limit+1) - len(b)
		n, err := read(fd, b[len(b):len(b)+want])
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: file, Err: err}
		}
		b = b[:len(b)+n]
		if n == 0 || n < want && int64(len(b)) >= size {
			break
		}
	}
	*buf = b
	return b, nil
}

func open(file string) (int, error) {
	for {
		fd, err := syscall.Open(file, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

func read(fd int, b []byte) (int, error) {
	for {
		n, err := syscall.Read(fd, b)
		if err != syscall.EINTR {
			return n, err
		}
	}
}

//go:build !unix

package scan

import (
	"io"
	"os"
)

// ReadBounded reads a file into the worker's buffer, at most one byte
// over limit. The result is valid until the next call; nothing that
// outlives the file's search keeps it.
func ReadBounded(file string, buf *[]byte, _ int64, limit int) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := (*buf)[:0]
	for len(b) <= limit {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):min(cap(b), limit+1)])
		b = b[:len(b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	*buf = b
	return b, nil
}

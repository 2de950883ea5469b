package gitinfo

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// readIndex reads the entries of git's index (versions 2, 3 and 4) with
// what a walk and a dirty check need: name, mode, size, change and
// modification times, inode and blob hash. go-git's decoder reads every
// field of every entry through reflection, a third of a warm run's listing on a repository of six
// thousand files. An index this reader does not know (a split index, an
// unknown required extension, another hash) is errUnsupported, and the
// caller asks go-git.
func readIndex(file string) ([]*index.Entry, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if len(b) < 12+sha1.Size || !bytes.Equal(b[:4], []byte("DIRC")) {
		return nil, fmt.Errorf("%s: not a git index", file)
	}
	// (index.skipHash writes zeros instead of the checksum.)
	if sum, tail := sha1.Sum(b[:len(b)-sha1.Size]), b[len(b)-sha1.Size:]; !bytes.Equal(sum[:], tail) && !bytes.Equal(tail, make([]byte, sha1.Size)) {
		return nil, fmt.Errorf("%s: index checksum mismatch", file)
	}
	version := binary.BigEndian.Uint32(b[4:8])
	if version < 2 || version > 4 {
		return nil, fmt.Errorf("%s: index version %d: %w", file, version, errUnsupported)
	}
	n := int(binary.BigEndian.Uint32(b[8:12]))
	body := b[:len(b)-sha1.Size]
	off := 12
	entries := make([]*index.Entry, 0, n)
	var prev string
	for k := 0; k < n; k++ {
		const fixed = 62 // stat data, hash and flags
		if off+fixed > len(body) {
			return nil, fmt.Errorf("%s: index truncated", file)
		}
		e := body[off:]
		var ctime, mtime time.Time // (zero when git recorded none, as go-git reads them)
		if sec, nsec := binary.BigEndian.Uint32(e[0:4]), binary.BigEndian.Uint32(e[4:8]); sec != 0 || nsec != 0 {
			ctime = time.Unix(int64(sec), int64(nsec))
		}
		if sec, nsec := binary.BigEndian.Uint32(e[8:12]), binary.BigEndian.Uint32(e[12:16]); sec != 0 || nsec != 0 {
			mtime = time.Unix(int64(sec), int64(nsec))
		}
		var h plumbing.Hash
		copy(h[:], e[40:60])
		flags := binary.BigEndian.Uint16(e[60:62])
		entry := &index.Entry{
			CreatedAt:  ctime,
			ModifiedAt: mtime,
			Inode:      binary.BigEndian.Uint32(e[20:24]),
			Mode:       filemode.FileMode(binary.BigEndian.Uint32(e[24:28])),
			Size:       binary.BigEndian.Uint32(e[36:40]),
			Hash:       h,
			Stage:      index.Stage((flags >> 12) & 3),
		}
		p := off + fixed
		if flags&0x4000 != 0 { // extended flags (version 3 and up)
			if version < 3 || p+2 > len(body) {
				return nil, fmt.Errorf("%s: bad extended flags", file)
			}
			ext := binary.BigEndian.Uint16(body[p : p+2])
			entry.SkipWorktree = ext&0x4000 != 0
			entry.IntentToAdd = ext&0x2000 != 0
			p += 2
		}
		if version == 4 {
			// The name is the previous one less a number of trailing bytes
			// (a varint), plus a NUL-terminated suffix; no padding.
			strip, used := offsetVarint(body[p:])
			if used == 0 || strip > len(prev) {
				return nil, fmt.Errorf("%s: bad path prefix", file)
			}
			p += used
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, fmt.Errorf("%s: index truncated", file)
			}
			entry.Name = prev[:len(prev)-strip] + string(body[p:p+end])
			off = p + end + 1
		} else {
			end := bytes.IndexByte(body[p:], 0)
			if end < 0 {
				return nil, fmt.Errorf("%s: index truncated", file)
			}
			entry.Name = string(body[p : p+end])
			// Entries are padded with NULs to a multiple of eight bytes.
			size := p + end - off
			off += (size + 8) &^ 7
		}
		prev = entry.Name
		entries = append(entries, entry)
	}
	// Extensions: optional ones (an upper-case first letter) are skipped;
	// a required one this reader does not know means go-git must decide.
	for off+8 <= len(body) {
		sig := body[off : off+4]
		size := int(binary.BigEndian.Uint32(body[off+4 : off+8]))
		if sig[0] < 'A' || sig[0] > 'Z' {
			return nil, fmt.Errorf("%s: index extension %q: %w", file, sig, errUnsupported)
		}
		off += 8 + size
	}
	return entries, nil
}

// offsetVarint decodes git's offset varint (index version 4's prefix
// length): each continuation adds one before shifting.
func offsetVarint(b []byte) (int, int) {
	if len(b) == 0 {
		return 0, 0
	}
	v := int(b[0] & 0x7f)
	i := 1
	for b[i-1]&0x80 != 0 {
		if i >= len(b) || i > 8 {
			return 0, 0
		}
		v = ((v + 1) << 7) | int(b[i]&0x7f)
		i++
	}
	return v, i
}

// indexFile is the index of the work tree at root: in .git, or in the
// git directory a linked worktree's .git file names.
func indexFile(root string) string {
	dot := filepath.Join(root, ".git")
	st, err := os.Stat(dot)
	if err != nil || st.IsDir() {
		return filepath.Join(dot, "index")
	}
	b, err := os.ReadFile(dot)
	if err != nil {
		return filepath.Join(dot, "index")
	}
	gd := strings.TrimSpace(strings.TrimPrefix(string(b), "gitdir:"))
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(root, gd)
	}
	return filepath.Join(gd, "index")
}

// indexEntries reads the index with readIndex, or through go-git when
// readIndex cannot, and notes when the index was written (before reading
// it: a later write only makes more entries racy).
func (r *Repo) indexEntries() ([]*index.Entry, error) {
	file := indexFile(r.Root)
	r.indexWritten = time.Time{}
	if st, err := os.Stat(file); err == nil {
		r.indexWritten = st.ModTime()
	}
	entries, err := readIndex(file)
	if err == nil {
		return entries, nil
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil // nothing staged yet
	}
	idx, gerr := r.git.Storer.Index()
	if gerr != nil {
		return nil, gerr
	}
	return idx.Entries, nil
}

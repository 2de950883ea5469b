package cache

import (
	"encoding/binary"
	"maps"
	"path/filepath"
	"slices"
	"unsafe"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/internal/filestat"
)

// ScanFile holds the per-file scans, in a compact binary form: a warm run
// reads it instead of every file, so it must load in milliseconds. (The
// extraction results, fewer and richer, stay in ExtractFile as gob.)
const ScanFile = ".appendix/cache/scan.bin"

const scanMagic = "appendix-scan\x02"

// encodeScans writes a sealed file (see seal.go) of every entry, sorted by
// path: each field a varint length or value, strings as length and bytes.
func encodeScans(version string, scans map[string]*scan.Entry, dirs map[string]dirListing) []byte {
	b := newSealed(scanMagic, version)
	var tmp [binary.MaxVarintLen64]byte
	putU := func(v uint64) { b.Write(tmp[:binary.PutUvarint(tmp[:], v)]) }
	putI := func(v int64) { b.Write(tmp[:binary.PutVarint(tmp[:], v)]) }
	putS := func(s string) { putU(uint64(len(s))); b.WriteString(s) }
	putU(uint64(len(scans)))
	putStamp := func(st filestat.Stamp) {
		putI(st.Size)
		putI(st.Mtime)
		putI(st.Ctime)
		putU(st.Ino)
		putU(uint64(st.Mode))
	}
	for _, p := range slices.Sorted(maps.Keys(scans)) {
		e := scans[p]
		putS(p)
		putStamp(e.Stamp)
		putS(e.Key)
		flags := uint64(0)
		if e.Skip {
			flags |= 1
		}
		if e.Mounts {
			flags |= 2
		}
		putU(flags)
		putS(e.Tokens.Names)
		putS(string(e.Tokens.Flags))
		putS(e.Slash)
		putS(e.Mods)
		putS(e.Imports)
		putS(e.Values)
		putS(e.Keys)
		putS(string(e.Words))
	}
	putU(uint64(len(dirs)))
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		l := dirs[d]
		putS(d)
		putStamp(l.Stat)
		putS(l.Names)
		putS(string(l.Types))
	}
	return sealed(b, scanMagic)
}

// decodeScans reads what encodeScans wrote: errOther for a file of another
// version, another error for a damaged one.
func decodeScans(data []byte, version string) (map[string]*scan.Entry, map[string]dirListing, error) {
	r, err := unseal(data, scanMagic, version)
	if err != nil {
		return nil, nil, err
	}
	// The strings are cut from the file's bytes themselves, read for this
	// decoding alone and never written again: tens of thousands of small
	// strings, allocated and copied one by one, were most of the cost of
	// loading, and a copy of the whole file the next largest.
	text := unsafe.String(unsafe.SliceData(r), len(r))
	bad := false
	getU := func() uint64 {
		v, n := binary.Uvarint(r)
		if n <= 0 {
			bad = true
			return 0
		}
		r = r[n:]
		return v
	}
	getI := func() int64 {
		v, n := binary.Varint(r)
		if n <= 0 {
			bad = true
			return 0
		}
		r = r[n:]
		return v
	}
	getS := func() string {
		n := getU()
		if bad || n > uint64(len(r)) {
			bad = true
			return ""
		}
		at := len(text) - len(r)
		r = r[n:]
		return text[at : at+int(n)]
	}
	// getB is getS as bytes, that same memory: capped, so that an append
	// copies instead of writing over what follows.
	getB := func() []byte {
		n := getU()
		if bad || n > uint64(len(r)) {
			bad = true
			return nil
		}
		b := r[:n:n]
		r = r[n:]
		return b
	}
	getStamp := func() filestat.Stamp {
		return filestat.Stamp{Size: getI(), Mtime: getI(), Ctime: getI(), Ino: getU(), Mode: uint32(getU())}
	}
	count := getU()
	if bad || count > uint64(len(r)) {
		return nil, nil, errUndecodable
	}
	scans := make(map[string]*scan.Entry, count)
	for i := uint64(0); i < count && !bad; i++ {
		p := getS()
		e := &scan.Entry{Stamp: getStamp(), Key: getS()}
		flags := getU()
		e.Skip, e.Mounts = flags&1 != 0, flags&2 != 0
		e.Tokens.Names = getS()
		e.Tokens.Flags = getB()
		e.Slash = getS()
		e.Mods = getS()
		e.Imports = getS()
		e.Values = getS()
		e.Keys = getS()
		e.Words = scan.WordPrint(getS())
		scans[p] = e
	}
	count = getU()
	if bad || count > uint64(len(r)) {
		return nil, nil, errUndecodable
	}
	dirs := make(map[string]dirListing, count)
	for i := uint64(0); i < count && !bad; i++ {
		d := getS()
		l := dirListing{Stat: getStamp(), Names: getS()}
		l.Types = getB()
		dirs[d] = l
	}
	if bad {
		return nil, nil, errUndecodable
	}
	return scans, dirs, nil
}

func (c *Cache) scanFile() string {
	return filepath.Join(filepath.Dir(c.file), filepath.Base(ScanFile))
}

// loadScans reads the scan file into c and closes c.scansLoaded; a
// missing or damaged file leaves the scans empty.
func (c *Cache) loadScans() {
	defer close(c.scansLoaded)
	var scans map[string]*scan.Entry
	var dirs map[string]dirListing
	b, err := readCacheFile(c.scanFile())
	if err == nil {
		scans, dirs, err = decodeScans(b, c.Version)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil {
		c.Scans, c.Dirs = scans, dirs
	}
	c.seenScan = make(map[string]bool, len(c.Scans))
	c.damaged(ScanFile, err)
}

func (c *Cache) saveScans() error {
	return atomic.WriteFile(c.scanFile(), encodeScans(c.Version, c.Scans, c.Dirs), 0o644)
}

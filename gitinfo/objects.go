package gitinfo

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// objectReader reads single objects (a commit, the trees on a few paths)
// straight from the object directory. go-git's own storage, on its first
// packed read, builds an offset-to-hash map of every object in the pack:
// tens of milliseconds on a repository with a long history, for the one
// commit and handful of trees the dirty check needs. Anything this reader
// does not handle (a missing object, a SHA-256 repository) is an error,
// and the caller falls back to go-git.
type objectReader struct {
	dirs  []string // the object directory, then its alternates
	packs []*packIndex
	trees map[plumbing.Hash][]treeEntry
}

// packIndex looks objects up in a version-2 pack index (.idx) by reading
// only the fan-out table and the slice of names that can hold a hash: the
// index of a long history is tens of megabytes, a lookup needs kilobytes.
type packIndex struct {
	path   string // the .pack file
	idx    string // its .idx file
	fanout [256]uint32
}

func openPackIndex(idxPath string) (*packIndex, error) {
	f, err := os.Open(idxPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var head [8 + 256*4]byte
	if _, err := io.ReadFull(f, head[:]); err != nil {
		return nil, fmt.Errorf("%s: %w", idxPath, err)
	}
	if !bytes.Equal(head[:4], []byte("\xfftOc")) || binary.BigEndian.Uint32(head[4:8]) != 2 {
		return nil, fmt.Errorf("%s: %w (index version 1)", idxPath, errUnsupported)
	}
	p := &packIndex{path: strings.TrimSuffix(idxPath, ".idx") + ".pack", idx: idxPath}
	for i := range p.fanout {
		p.fanout[i] = binary.BigEndian.Uint32(head[8+4*i:])
	}
	return p, nil
}

// find returns the pack offset of h, or false when the pack lacks it.
func (p *packIndex) find(h plumbing.Hash) (int64, bool, error) {
	lo := uint32(0)
	if h[0] > 0 {
		lo = p.fanout[h[0]-1]
	}
	hi, n := p.fanout[h[0]], p.fanout[255]
	if hi <= lo {
		return 0, false, nil
	}
	f, err := os.Open(p.idx)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	const namesAt = 8 + 256*4
	names := make([]byte, (hi-lo)*20)
	if _, err := f.ReadAt(names, namesAt+int64(lo)*20); err != nil {
		return 0, false, fmt.Errorf("%s: %w", p.idx, err)
	}
	k, found := sort.Find(int(hi-lo), func(i int) int { return bytes.Compare(h[:], names[i*20:i*20+20]) })
	if !found {
		return 0, false, nil
	}
	pos := lo + uint32(k)
	offsetsAt := namesAt + int64(n)*24 // after the names and their CRCs
	var b [8]byte
	if _, err := f.ReadAt(b[:4], offsetsAt+int64(pos)*4); err != nil {
		return 0, false, fmt.Errorf("%s: %w", p.idx, err)
	}
	off := binary.BigEndian.Uint32(b[:4])
	if off&0x80000000 == 0 {
		return int64(off), true, nil
	}
	// The top bit says: an index into the table of 64-bit offsets.
	if _, err := f.ReadAt(b[:], offsetsAt+int64(n)*4+int64(off&0x7fffffff)*8); err != nil {
		return 0, false, fmt.Errorf("%s: %w", p.idx, err)
	}
	return int64(binary.BigEndian.Uint64(b[:])), true, nil
}

type treeEntry struct {
	name string
	mode string
	hash plumbing.Hash
}

// errUnsupported marks what objectReader leaves to go-git.
var errUnsupported = errors.New("not readable without go-git's storage")

// maxDeltaChain bounds delta resolution: git itself writes chains of at
// most 50 (the --depth default) unless told otherwise.
const maxDeltaChain = 1000

func newObjectReader(objects string) (*objectReader, error) {
	alts, _ := alternateDirs(objects) // (Open reports the broken ones)
	o := &objectReader{dirs: append([]string{objects}, alts...), trees: map[plumbing.Hash][]treeEntry{}}
	for _, d := range o.dirs {
		idxs, _ := filepath.Glob(filepath.Join(d, "pack", "pack-*.idx"))
		for _, ip := range idxs {
			p, err := openPackIndex(ip)
			if err != nil {
				return nil, err
			}
			o.packs = append(o.packs, p)
		}
	}
	return o, nil
}

// read returns an object's type and content.
func (o *objectReader) read(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	return o.readDepth(h, 0)
}

func (o *objectReader) readDepth(h plumbing.Hash, depth int) (plumbing.ObjectType, []byte, error) {
	for _, p := range o.packs {
		off, ok, err := p.find(h)
		if err != nil {
			return plumbing.InvalidObject, nil, err
		}
		if ok {
			typ, data, err := o.packed(p, off, depth)
			if err != nil {
				return typ, nil, fmt.Errorf("object %s: %w", h, err)
			}
			return typ, data, nil
		}
	}
	hex := h.String()
	for _, d := range o.dirs {
		file := filepath.Join(d, hex[:2], hex[2:])
		if b, err := os.ReadFile(file); err == nil {
			typ, data, err := loose(b)
			if err != nil {
				return typ, nil, fmt.Errorf("object %s: %s: %w", hex, file, err)
			}
			return typ, data, nil
		}
	}
	return plumbing.InvalidObject, nil, fmt.Errorf("object %s: %w", hex, errUnsupported)
}

// loose decodes a loose object: zlib over "<type> <size>\x00<content>".
func loose(b []byte) (plumbing.ObjectType, []byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	defer zr.Close()
	data, err := io.ReadAll(zr)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	nul := bytes.IndexByte(data, 0)
	if nul < 0 {
		return plumbing.InvalidObject, nil, errors.New("loose object without header")
	}
	typ, size, ok := strings.Cut(string(data[:nul]), " ")
	t, err := plumbing.ParseObjectType(typ)
	if !ok || err != nil {
		return plumbing.InvalidObject, nil, fmt.Errorf("loose object header %q", data[:nul])
	}
	if n, err := strconv.Atoi(size); err != nil || n != len(data)-nul-1 {
		return plumbing.InvalidObject, nil, fmt.Errorf("loose object size %q", size)
	}
	return t, data[nul+1:], nil
}

// packed reads the object at off in p, resolving deltas against their
// bases (by offset in the same pack, or by hash anywhere).
func (o *objectReader) packed(p *packIndex, off int64, depth int) (plumbing.ObjectType, []byte, error) {
	if depth > maxDeltaChain {
		return plumbing.InvalidObject, nil, fmt.Errorf("%s: delta chain longer than %d", p.path, maxDeltaChain)
	}
	f, err := os.Open(p.path)
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	defer f.Close()
	s := packfile.NewScanner(f)
	hdr, err := s.SeekObjectHeader(off)
	if err != nil {
		return plumbing.InvalidObject, nil, fmt.Errorf("%s at %d: %w", p.path, off, err)
	}
	var buf bytes.Buffer
	if _, _, err := s.NextObject(&buf); err != nil {
		return plumbing.InvalidObject, nil, fmt.Errorf("%s at %d: %w", p.path, off, err)
	}
	var typ plumbing.ObjectType
	var base []byte
	switch hdr.Type {
	case plumbing.OFSDeltaObject:
		typ, base, err = o.packed(p, hdr.OffsetReference, depth+1)
	case plumbing.REFDeltaObject:
		typ, base, err = o.readDepth(hdr.Reference, depth+1)
	default:
		return hdr.Type, buf.Bytes(), nil
	}
	if err != nil {
		return plumbing.InvalidObject, nil, err
	}
	out, err := packfile.PatchDelta(base, buf.Bytes())
	return typ, out, err
}

// commitTree returns the root tree of a commit.
func (o *objectReader) commitTree(h plumbing.Hash) (plumbing.Hash, error) {
	typ, data, err := o.read(h)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if typ != plumbing.CommitObject {
		return plumbing.ZeroHash, fmt.Errorf("%s is a %s, not a commit", h, typ)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	hex, ok := bytes.CutPrefix(line, []byte("tree "))
	if !ok || len(hex) != 40 {
		return plumbing.ZeroHash, fmt.Errorf("commit %s: no tree line", h)
	}
	return plumbing.NewHash(string(hex)), nil
}

// tree returns a tree's entries, reading each tree once.
func (o *objectReader) tree(h plumbing.Hash) ([]treeEntry, error) {
	if es, ok := o.trees[h]; ok {
		return es, nil
	}
	typ, data, err := o.read(h)
	if err != nil {
		return nil, err
	}
	if typ != plumbing.TreeObject {
		return nil, fmt.Errorf("%s is a %s, not a tree", h, typ)
	}
	var es []treeEntry
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		nul := bytes.IndexByte(data, 0)
		if sp < 0 || nul < sp || len(data) < nul+1+20 {
			return nil, fmt.Errorf("tree %s: malformed entry", h)
		}
		var eh plumbing.Hash
		copy(eh[:], data[nul+1:nul+21])
		es = append(es, treeEntry{mode: string(data[:sp]), name: string(data[sp+1 : nul]), hash: eh})
		data = data[nul+21:]
	}
	o.trees[h] = es
	return es, nil
}

// blob returns the hash of the file at p (slash-separated) in the tree
// root, and false when there is no such file.
func (o *objectReader) blob(root plumbing.Hash, p string) (plumbing.Hash, bool, error) {
	h := root
	parts := strings.Split(p, "/")
	for i, part := range parts {
		es, err := o.tree(h)
		if err != nil {
			return plumbing.ZeroHash, false, err
		}
		found := false
		for _, e := range es {
			if e.name == part {
				isTree := e.mode == "40000"
				if isTree == (i == len(parts)-1) {
					return plumbing.ZeroHash, false, nil // a directory where a file was asked, or the reverse
				}
				h, found = e.hash, true
				break
			}
		}
		if !found {
			return plumbing.ZeroHash, false, nil
		}
	}
	return h, true, nil
}

// objects reads commits and trees with objectReader, and through go-git's
// storage what objectReader leaves to it (an object it does not find, a
// SHA-256 repository).
type objects struct {
	fast *objectReader // nil when objectReader cannot read the object directory,
	open error         // and why: a pack index it cannot read
	git  *git.Repository
}

func (r *Repo) objects() *objects {
	o := &objects{git: r.git}
	o.fast, o.open = newObjectReader(filepath.Join(r.gitDir, "objects"))
	return o
}

// explain is the error to report for go-git's err: objectReader's reason
// not to read the object directory, when it has one that names a file,
// rather than what go-git says of a pack index it cannot read ("EOF",
// then "object not found").
func (o *objects) explain(err error) error { return worse(o.open, err) }

// rootTree returns a commit's root tree, read once to be sure it can be.
func (o *objects) rootTree(commit plumbing.Hash) (plumbing.Hash, error) {
	fastErr := o.open
	if o.fast != nil {
		root, err := o.fast.commitTree(commit)
		if err == nil {
			_, err = o.fast.tree(root)
		}
		if err == nil {
			return root, nil
		}
		fastErr = err
	}
	c, err := object.GetCommit(namedObjects{o.git.Storer}, commit)
	if err == nil {
		var t *object.Tree
		if t, err = c.Tree(); err == nil {
			return t.Hash, nil
		}
	}
	return plumbing.ZeroHash, worse(fastErr, err)
}

// blob returns the hash of the file at p (slash-separated) in a commit
// whose root tree is root, and false when there is no such file.
func (o *objects) blob(commit, root plumbing.Hash, p string) (plumbing.Hash, bool, error) {
	fastErr := o.open
	if o.fast != nil {
		h, ok, err := o.fast.blob(root, p)
		if err == nil {
			return h, ok, nil
		}
		fastErr = err
	}
	s := namedObjects{o.git.Storer}
	c, err := object.GetCommit(s, commit)
	if err == nil {
		var tree *object.Tree
		if tree, err = c.Tree(); err == nil {
			var f treeFile
			if f, err = newTreeLookup(s).findFile(tree, p); err == nil {
				return f.hash, f.ok, nil
			}
		}
	}
	return plumbing.ZeroHash, false, worse(fastErr, err)
}

// worse is the error to report when both readers failed: objectReader's
// names the object and its pack, unless it only left the object to go-git.
func worse(fast, slow error) error {
	if fast != nil && !errors.Is(fast, errUnsupported) {
		return fast
	}
	return slow
}

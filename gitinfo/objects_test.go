package gitinfo

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// objectsRepo commits a few versions of a small tree, so that a repack
// stores most trees and blobs as deltas of one another.
func objectsRepo(t *testing.T) (string, *git.Repository, []plumbing.Hash) {
	dir := t.TempDir()
	r := testrepo.Init(t, dir)
	var commits []plumbing.Hash
	for v := 0; v < 6; v++ {
		files := map[string]string{}
		for i := 0; i < 8; i++ {
			body := strings.Repeat(fmt.Sprintf("// line %d of file %d\n", i, i), 40)
			files[fmt.Sprintf("pkg/sub%d/file%d.go", i%3, i)] = body + fmt.Sprintf("var Version = %d\n", v*(i%2))
		}
		files[fmt.Sprintf("added/v%d.go", v)] = "package added\n"
		testrepo.Write(t, dir, files)
		commits = append(commits, testrepo.Commit(t, r, fmt.Sprintf("v%d", v), time.Duration(v)*time.Hour))
	}
	return dir, r, commits
}

// everyPath lists each file of each commit, as go-git sees it.
func everyPath(t *testing.T, r *git.Repository, commits []plumbing.Hash) map[plumbing.Hash]map[string]plumbing.Hash {
	out := map[plumbing.Hash]map[string]plumbing.Hash{}
	for _, c := range commits {
		co, err := r.CommitObject(c)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := co.Tree()
		if err != nil {
			t.Fatal(err)
		}
		out[c] = map[string]plumbing.Hash{}
		if err := tree.Files().ForEach(func(f *object.File) error {
			out[c][f.Name] = f.Hash
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func checkReader(t *testing.T, dir string, want map[plumbing.Hash]map[string]plumbing.Hash) {
	t.Helper()
	o, err := newObjectReader(filepath.Join(dir, ".git", "objects"))
	if err != nil {
		t.Fatal(err)
	}
	for c, files := range want {
		root, err := o.commitTree(c)
		if err != nil {
			t.Fatalf("commit %s: %v", c, err)
		}
		for p, h := range files {
			got, ok, err := o.blob(root, p)
			if err != nil || !ok || got != h {
				t.Errorf("commit %s, %s: got %s %v %v, want %s", c, p, got, ok, err, h)
			}
		}
		for _, p := range []string{"pkg", "pkg/sub0", "missing.go", "pkg/sub0/file0.go/x", "added/v9.go"} {
			if _, ok, err := o.blob(root, p); ok || err != nil {
				t.Errorf("commit %s, %s: found (%v, %v), want absent", c, p, ok, err)
			}
		}
	}
}

func TestObjectReaderLoose(t *testing.T) {
	dir, r, commits := objectsRepo(t)
	checkReader(t, dir, everyPath(t, r, commits))
}

func TestObjectReaderPacked(t *testing.T) {
	dir, r, commits := objectsRepo(t)
	want := everyPath(t, r, commits)
	if err := r.RepackObjects(&git.RepackConfig{}); err != nil {
		t.Fatal(err)
	}
	packs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
	if len(packs) != 1 {
		t.Fatalf("repack left %d packs", len(packs))
	}
	o, err := newObjectReader(filepath.Join(dir, ".git", "objects"))
	if err != nil {
		t.Fatal(err)
	}
	// Every object of the pack reads as go-git reads it; the fixture is
	// only worth its name if some of them are deltas.
	deltas := 0
	iter, err := r.Storer.IterEncodedObjects(plumbing.AnyObject)
	if err != nil {
		t.Fatal(err)
	}
	var hashes []plumbing.Hash
	iter.ForEach(func(obj plumbing.EncodedObject) error {
		hashes = append(hashes, obj.Hash())
		return nil
	})
	if len(hashes) < 50 {
		t.Fatalf("only %d objects in the pack", len(hashes))
	}
	for _, h := range hashes {
		off, ok, err := o.packs[0].find(h)
		if !ok || err != nil {
			t.Fatalf("%s: not in the pack index (%v)", h, err)
		}
		if isDelta(t, o.packs[0].path, off) {
			deltas++
		}
		typ, data, err := o.read(h)
		if err != nil {
			t.Fatalf("%s: %v", h, err)
		}
		obj, err := r.Storer.EncodedObject(plumbing.AnyObject, h)
		if err != nil {
			t.Fatal(err)
		}
		rd, _ := obj.Reader()
		wantData, _ := io.ReadAll(rd)
		if typ != obj.Type() || !bytes.Equal(data, wantData) {
			t.Errorf("%s: read %s of %d bytes, go-git reads %s of %d", h, typ, len(data), obj.Type(), len(wantData))
		}
	}
	if deltas == 0 {
		t.Fatal("the pack holds no delta: the test does not reach delta resolution")
	}
	t.Logf("%d objects stored as deltas", deltas)
	checkReader(t, dir, want)
}

func TestObjectReaderUnknownObject(t *testing.T) {
	dir, _, _ := objectsRepo(t)
	o, err := newObjectReader(filepath.Join(dir, ".git", "objects"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.commitTree(plumbing.NewHash(strings.Repeat("ab", 20))); err == nil {
		t.Fatal("an unknown commit was read")
	}
}

func isDelta(t *testing.T, pack string, off int64) bool {
	t.Helper()
	f, err := os.Open(pack)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, err := packfile.NewScanner(f).SeekObjectHeader(off)
	if err != nil {
		t.Fatal(err)
	}
	return h.Type == plumbing.OFSDeltaObject || h.Type == plumbing.REFDeltaObject
}

// TestPackIndexLargeOffsets reads a hand-built version-2 index whose
// second object lies past 2 GiB, where offsets move to the 64-bit table.
func TestPackIndexLargeOffsets(t *testing.T) {
	hashes := []plumbing.Hash{
		plumbing.NewHash("0a" + strings.Repeat("11", 19)),
		plumbing.NewHash("0a" + strings.Repeat("22", 19)),
		plumbing.NewHash("f0" + strings.Repeat("33", 19)),
	}
	offsets := []uint64{12, 5 << 30, 4096}
	var b bytes.Buffer
	b.WriteString("\xfftOc")
	binary.Write(&b, binary.BigEndian, uint32(2))
	for i := 0; i < 256; i++ {
		n := uint32(0)
		for _, h := range hashes {
			if int(h[0]) <= i {
				n++
			}
		}
		binary.Write(&b, binary.BigEndian, n)
	}
	for _, h := range hashes {
		b.Write(h[:])
	}
	b.Write(make([]byte, 4*len(hashes))) // CRCs
	binary.Write(&b, binary.BigEndian, uint32(offsets[0]))
	binary.Write(&b, binary.BigEndian, uint32(0x80000000)) // large offset 0
	binary.Write(&b, binary.BigEndian, uint32(offsets[2]))
	binary.Write(&b, binary.BigEndian, offsets[1])
	idx := filepath.Join(t.TempDir(), "pack-x.idx")
	if err := os.WriteFile(idx, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := openPackIndex(idx)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range hashes {
		off, ok, err := p.find(h)
		if err != nil || !ok || uint64(off) != offsets[i] {
			t.Errorf("%s: got %d %v %v, want %d", h, off, ok, err, offsets[i])
		}
	}
	if _, ok, err := p.find(plumbing.NewHash("0a" + strings.Repeat("15", 19))); ok || err != nil {
		t.Errorf("an absent hash was found (%v)", err)
	}
	os.WriteFile(idx, append([]byte{0, 0, 0, 0}, b.Bytes()[4:]...), 0o644)
	if _, err := openPackIndex(idx); !errors.Is(err, errUnsupported) {
		t.Errorf("a version-1 index: got %v, want errUnsupported", err)
	}
}

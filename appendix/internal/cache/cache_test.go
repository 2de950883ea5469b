package cache

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/filestat"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestScanCacheRoundTrip: the scan file gives back what was written, every
// field of an entry, and a damaged one (cut anywhere, or of another
// version) is refused whole.
func TestScanCacheRoundTrip(t *testing.T) {
	scans := map[string]*scan.Entry{
		"a.go": {Stamp: filestat.Stamp{Size: 10, Mtime: 5, Ctime: 4, Ino: 1 << 40, Mode: 0o644}, Key: "go:abc", Tokens: scan.Tokens{Names: "A\nB", Flags: []byte{1, 2}},
			Slash: "api", Imports: "X\tpkg\n", Mods: "m", Values: "Retry\nx.io/key", Keys: "retry.max", Mounts: true, Words: "\x01\x80"},
		"big.ts": {Stamp: filestat.Stamp{Size: 1 << 21, Mtime: 6}, Skip: true},
	}
	// The entries set every field between them: a field the file does not
	// keep (a warm run would read it as zero) fails below.
	entry := reflect.TypeFor[scan.Entry]()
	for i := range entry.NumField() {
		set := false
		for _, e := range scans {
			set = set || !reflect.ValueOf(*e).Field(i).IsZero()
		}
		if !set {
			t.Fatalf("no entry sets scan.Entry.%s: set it, so that the file is checked to keep it", entry.Field(i).Name)
		}
	}
	dirs := map[string]dirListing{"": {Stat: filestat.Stamp{Mtime: 7, Ctime: 9, Ino: 3, Mode: uint32(fs.ModeDir | 0o755)}, Names: "a.go\nsub", Types: []byte("fd")}, "sub": {Stat: filestat.Stamp{Mtime: 8}}}
	data := encodeScans("v1", scans, dirs)
	gotScans, gotDirs, err := decodeScans(data, "v1")
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if diff := cmp.Diff(scans, gotScans, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("scans differ:\n%s", diff)
	}
	if diff := cmp.Diff(dirs, gotDirs, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("listings differ:\n%s", diff)
	}
	if _, _, err := decodeScans(data, "v2"); err == nil {
		t.Error("another version was read")
	}
	for n := 0; n < len(data); n++ {
		if _, _, err := decodeScans(data[:n], "v1"); err == nil {
			t.Fatalf("a scan file cut at %d of %d bytes was read", n, len(data))
		}
	}
}

// TestSharedBlockRoundTrip: the names of one declaration block, which
// share their snippet and members, come back from the cache equal, and
// are stored once.
func TestSharedBlockRoundTrip(t *testing.T) {
	var b strings.Builder
	b.WriteString("package x\n\nconst (\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "\tName%d = \"value-%d\"\n", i, i)
	}
	b.WriteString(")\n")
	p := extract.NewParser()
	defer p.Close()
	defs, err := p.Definitions(context.Background(), lang.ForPath("x.go"), "x.go", []byte(b.String()))
	if err != nil || len(defs) != 100 {
		t.Fatalf("%d definitions, %v", len(defs), err)
	}
	cached := ToCached(defs)
	var enc bytes.Buffer
	if err := gob.NewEncoder(&enc).Encode(cached); err != nil {
		t.Fatal(err)
	}
	if enc.Len() > 20*len(b.String()) {
		t.Errorf("100 names of one block take %d bytes in the cache, for a %d-byte block", enc.Len(), len(b.String()))
	}
	var back []cachedDef
	if err := gob.NewDecoder(&enc).Decode(&back); err != nil {
		t.Fatal(err)
	}
	got := FromCached(back, "x.go")
	if diff := cmp.Diff(defs, got, cmpopts.IgnoreFields(extract.Definition{}, "Lang"), cmpopts.EquateEmpty()); diff != "" {
		t.Error(diff)
	}
}

// TestDamagedCacheFilesAreRefused: a change to any byte of either cache
// file after its magic, or a cut anywhere, is found by its seal; loading
// such a file empties what it held and reports it once. A cache of
// another version, or of another layout (a changed magic), is replaced
// without a word.
func TestDamagedCacheFilesAreRefused(t *testing.T) {
	root := t.TempDir()
	c := Load(root, "b1")
	c.Put("go:abc", &Entry{Defs: []cachedDef{{D: extract.Definition{Name: "MaxRetries"}, Lang: "go"}}, HasDefs: true})
	c.PutListing("", filestat.Stamp{Mtime: 1}, nil)
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if l := Load(root, "b1"); len(l.Damages()) != 0 || l.Entries["go:abc"] == nil || len(l.Dirs) != 1 {
		t.Fatalf("the cache as written: damage %v, %d entries, %d listings", l.Damages(), len(l.Entries), len(l.Dirs))
	}
	if l := Load(root, "b2"); len(l.Damages()) != 0 || len(l.Entries) != 0 || len(l.Dirs) != 0 {
		t.Errorf("another version: damage %v, %d entries, %d listings", l.Damages(), len(l.Entries), len(l.Dirs))
	}
	for _, f := range []struct{ name, magic string }{{ExtractFile, extractMagic}, {ScanFile, scanMagic}} {
		file := filepath.Join(root, filepath.FromSlash(f.name))
		good, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		version := version("b1")
		if _, err := unseal(good, f.magic, version); err != nil {
			t.Fatalf("%s as written: %v", f.name, err)
		}
		for i := range good {
			bad := bytes.Clone(good)
			bad[i] ^= 0x20
			want := errChecksum
			if i < len(f.magic) {
				want = errOther
			}
			if _, err := unseal(bad, f.magic, version); err != want {
				t.Fatalf("%s with byte %d changed: %v, want %v", f.name, i, err, want)
			}
			if _, err := unseal(good[:i], f.magic, version); err != errChecksum {
				t.Fatalf("%s cut at %d: %v", f.name, i, err)
			}
		}
		// Loading: a changed byte of the payload, a cut, a changed magic.
		last := bytes.Clone(good)
		last[len(last)-1] ^= 1
		magic := bytes.Clone(good)
		magic[0] ^= 1
		for _, c := range []struct {
			what    string
			data    []byte
			damaged bool
		}{{"with its last byte changed", last, true}, {"cut in half", good[:len(good)/2], true}, {"with another magic", magic, false}} {
			if err := os.WriteFile(file, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			l := Load(root, "b1")
			if c.damaged && (len(l.Damages()) != 1 || l.Damages()[0].File != f.name) || !c.damaged && len(l.Damages()) != 0 {
				t.Errorf("%s %s: damage %v", f.name, c.what, l.Damages())
			}
			if f.name == ExtractFile && len(l.Entries) != 0 || f.name == ScanFile && len(l.Dirs) != 0 {
				t.Errorf("%s %s: its content was used", f.name, c.what)
			}
		}
		if err := os.WriteFile(file, good, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fakeStat is a regular file's stat with the size and time given, and no
// change time or inode.
type fakeStat struct {
	size  int64
	mtime time.Time
}

func (f fakeStat) Name() string       { return "f" }
func (f fakeStat) Size() int64        { return f.size }
func (f fakeStat) Mode() fs.FileMode  { return 0o644 }
func (f fakeStat) ModTime() time.Time { return f.mtime }
func (f fakeStat) IsDir() bool        { return false }
func (f fakeStat) Sys() any           { return nil }

// TestRacyStampsAreNotKept: a file stat'ed within the racy window of its
// last change may change again, within the same clock tick, and keep its
// stamp; its scan, listing and dirty verdict are not kept, however long
// the run goes on before the cache is written.
func TestRacyStampsAreNotKept(t *testing.T) {
	root := t.TempDir()
	c := Load(root, "b")
	racy := fakeStat{size: 5, mtime: time.Now().Add(-racyWindow + 100*time.Millisecond)}
	c.PutScan("a.go", racy, &scan.Entry{Stamp: filestat.Stamp{Size: 5}, Key: "go:old"})
	c.PutListing("dir", filestat.Of(racy), nil)
	time.Sleep(200 * time.Millisecond) // the run goes on past the window
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	l := Load(root, "b")
	if e := l.Scanned("a.go", racy, nil); e != nil {
		t.Errorf("a racy scan was kept: %+v", e)
	}
	if _, ok := l.Listing("dir", filestat.Of(racy)); ok {
		t.Error("a racy listing was kept")
	}
	settled := fakeStat{size: 5, mtime: time.Now().Add(-racyWindow - time.Second)}
	l.PutScan("a.go", settled, &scan.Entry{Stamp: filestat.Stamp{Size: 5}, Key: "go:old"})
	if err := l.Save(); err != nil {
		t.Fatal(err)
	}
	if e := Load(root, "b").Scanned("a.go", settled, nil); e == nil || e.Key != "go:old" {
		t.Errorf("a settled scan was not kept: %+v", e)
	}
}

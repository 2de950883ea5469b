package cache

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestScanCacheRoundTrip: the scan file gives back what was written, and
// a damaged one (cut anywhere, or of another version) is refused whole.
func TestScanCacheRoundTrip(t *testing.T) {
	scans := map[string]*scan.Entry{
		"a.go":   {Size: 10, Mtime: 5, Key: "go:abc", Tokens: scan.Tokens{Names: "A\nB", Flags: []byte{1, 2}}, Slash: "api", Imports: "X\tpkg\n", Mods: "m", Values: "Retry\nx.io/key"},
		"big.ts": {Size: 1 << 21, Mtime: 6, Skip: true},
	}
	dirs := map[string]dirListing{"": {Mtime: 7, Names: "a.go\nsub", Types: []byte("fd")}, "sub": {Mtime: 8}}
	data := encodeScans("v1", 42, scans, dirs)
	written, gotScans, gotDirs, err := decodeScans(data, "v1")
	if err != nil || written != 42 {
		t.Fatalf("decode: %v, written %d", err, written)
	}
	if diff := cmp.Diff(scans, gotScans, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("scans differ:\n%s", diff)
	}
	if diff := cmp.Diff(dirs, gotDirs, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("listings differ:\n%s", diff)
	}
	if _, _, _, err := decodeScans(data, "v2"); err == nil {
		t.Error("another version was read")
	}
	for n := 0; n < len(data); n++ {
		if _, _, _, err := decodeScans(data[:n], "v1"); err == nil {
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

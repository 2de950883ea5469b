package filestat

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestRestoredTimeLeavesChangeTime: writing a file and putting its
// modification time back keeps size and mtime, and still changes the
// stamp (on Linux, by its change time); a file put in its place changes it
// by its inode.
func TestRestoredTimeLeavesChangeTime(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("change time and inode are read on Linux only")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "f.go")
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	stamp := func() Stamp {
		t.Helper()
		st, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		return Of(st)
	}
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	write("const A = 5\n")
	before := stamp()
	if before.Ctime == 0 || before.Ino == 0 || before.Mtime != old.UnixNano() {
		t.Fatalf("stamp %+v", before)
	}
	// The change time moves on the kernel's clock tick: wait for one.
	for stamp().Ctime == before.Ctime {
		write("const A = 7\n")
	}
	after := stamp()
	if after.Size != before.Size || after.Mtime != before.Mtime || after == before {
		t.Errorf("before %+v, after %+v", before, after)
	}
	tmp := filepath.Join(dir, "g.go")
	if err := os.WriteFile(tmp, []byte("const A = 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
	if replaced := stamp(); replaced.Ino == after.Ino {
		t.Errorf("a file renamed over another kept its inode %d", replaced.Ino)
	}
}

func TestSettled(t *testing.T) {
	s := Stamp{Mtime: 100, Ctime: 90}
	for _, c := range []struct {
		written int64
		window  time.Duration
		want    bool
	}{{110, 10, true}, {109, 10, false}, {200, 101, false}, {200, 100, true}} {
		if got := s.Settled(c.written, c.window); got != c.want {
			t.Errorf("written %d, window %d: %v", c.written, c.window, got)
		}
	}
}

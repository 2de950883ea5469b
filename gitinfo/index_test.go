package gitinfo

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/appendix-dev/appendix/internal/filestat"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

func gitCmd(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir(),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// entryString is what the walk and the dirty check read of an entry.
func entryString(e *index.Entry) string {
	return fmt.Sprintf("%s %o %d %d %d ino=%d %s stage=%d skip=%v ita=%v", e.Name, e.Mode, e.Size, e.CreatedAt.UnixNano(), e.ModifiedAt.UnixNano(), e.Inode,
		e.Hash, e.Stage, e.SkipWorktree, e.IntentToAdd)
}

// TestReadIndexMatchesGoGit reads indexes of every version git writes,
// with long and prefix-sharing names and extended flags, and compares each entry with go-git's decoding.
func TestReadIndexMatchesGoGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	files := map[string]string{"go.mod": "module x\n"}
	for i := 0; i < 40; i++ {
		files[fmt.Sprintf("pkg/very/long/directory/name/number%02d/file_with_a_long_name_%02d.go", i%7, i)] = fmt.Sprintf("package p%d\n", i)
	}
	for name, setup := range map[string][][]string{
		"v2": nil,
		"v3": {{"add", "-N", "new.go"}},
		"v4": {{"update-index", "--index-version", "4"}},
	} {
		t.Run(name, func(t *testing.T) {
			dir := testrepo.New(t, files)
			testrepo.Write(t, dir, map[string]string{"new.go": "package x\n"})
			for _, args := range setup {
				gitCmd(t, dir, args...)
			}
			got, err := readIndex(filepath.Join(dir, ".git", "index"))
			if err != nil {
				t.Fatal(err)
			}
			r, err := git.PlainOpen(dir)
			if err != nil {
				t.Fatal(err)
			}
			idx, err := r.Storer.Index()
			if err != nil {
				t.Skipf("go-git cannot read it either: %v", err)
			}
			if len(got) != len(idx.Entries) {
				t.Fatalf("%d entries, go-git reads %d", len(got), len(idx.Entries))
			}
			for i, e := range idx.Entries {
				if a, b := entryString(got[i]), entryString(e); a != b {
					t.Errorf("entry %d:\n got %s\nwant %s", i, a, b)
				}
			}
		})
	}
}

func TestReadIndexRefuses(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := testrepo.New(t, map[string]string{"a.go": "package a\n"})
	b, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "index")
	os.WriteFile(bad, append(append([]byte(nil), b[:len(b)-1]...), b[len(b)-1]^1), 0o644)
	if _, err := readIndex(bad); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("corrupt index: got %v", err)
	}
	// index.skipHash (git 2.40) writes zeros where the checksum goes.
	os.WriteFile(bad, append(append([]byte(nil), b[:len(b)-20]...), make([]byte, 20)...), 0o644)
	if es, err := readIndex(bad); err != nil || len(es) != 1 || es[0].Name != "a.go" {
		t.Errorf("index with a skipped checksum: %v, %v", es, err)
	}
	gitCmd(t, dir, "update-index", "--split-index")
	if _, err := readIndex(filepath.Join(dir, ".git", "index")); !errors.Is(err, errUnsupported) {
		t.Errorf("split index: got %v, want errUnsupported", err)
	}
}

// TestStatClean: an index entry is trusted without hashing only when
// size, modification time, change time and inode are those of the file,
// and its times are older than the index file's; a system that gives no
// change time or inode is judged on the rest.
func TestStatClean(t *testing.T) {
	at := func(s int64) time.Time { return time.Unix(s, 500) }
	r := &Repo{indexWritten: at(100)}
	e := &index.Entry{Size: 7, ModifiedAt: at(50), CreatedAt: at(60), Inode: 42}
	same := filestat.Stamp{Size: 7, Mtime: at(50).UnixNano(), Ctime: at(60).UnixNano(), Ino: 42, Mode: 0o644}
	for _, c := range []struct {
		name  string
		entry func(e *index.Entry)
		stat  func(s *filestat.Stamp)
		index time.Time
		clean bool
	}{
		{name: "unchanged", clean: true},
		{name: "other size", stat: func(s *filestat.Stamp) { s.Size = 8 }},
		{name: "other mtime by a nanosecond", stat: func(s *filestat.Stamp) { s.Mtime++ }},
		{name: "mtime put back, ctime moved", stat: func(s *filestat.Stamp) { s.Ctime = at(200).UnixNano() }},
		{name: "replaced by another file", stat: func(s *filestat.Stamp) { s.Ino = 43 }},
		{name: "inode beyond 32 bits, as git truncates it", stat: func(s *filestat.Stamp) { s.Ino = 1<<32 + 42 }, clean: true},
		{name: "no ctime recorded", entry: func(e *index.Entry) { e.CreatedAt = time.Time{} }},
		{name: "no ctime or inode from the system", stat: func(s *filestat.Stamp) { s.Ctime, s.Ino = 0, 0 }, clean: true},
		{name: "mtime as new as the index", index: at(50)},
		{name: "ctime as new as the index", index: at(60)},
		{name: "index older than the entry", index: at(10)},
	} {
		ec, sc := *e, same
		if c.entry != nil {
			c.entry(&ec)
		}
		if c.stat != nil {
			c.stat(&sc)
		}
		r.indexWritten = at(100)
		if !c.index.IsZero() {
			r.indexWritten = c.index
		}
		if got := r.statClean(&ec, sc); got != c.clean {
			t.Errorf("%s: clean %v, want %v", c.name, got, c.clean)
		}
	}
}

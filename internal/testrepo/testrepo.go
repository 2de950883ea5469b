package testrepo

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Epoch is the date of every fixture commit.
var Epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Write writes files (slash paths relative to dir) into dir.
func Write(tb testing.TB, dir string, files map[string]string) {
	tb.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// Init makes dir a git repository on branch main.
func Init(tb testing.TB, dir string) *git.Repository {
	tb.Helper()
	r, err := git.PlainInitWithOptions(dir, &git.PlainInitOptions{
		InitOptions: git.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName("main")},
	})
	if err != nil {
		tb.Fatal(err)
	}
	cfg, err := r.Config()
	if err != nil {
		tb.Fatal(err)
	}
	cfg.Raw.Section("core").SetOption("autocrlf", "false")
	if err := r.SetConfig(cfg); err != nil {
		tb.Fatal(err)
	}
	return r
}

// Commit stages every file under the work tree (ignore rules apply) and
// commits it at Epoch plus offset, returning the commit hash.
func Commit(tb testing.TB, r *git.Repository, msg string, offset time.Duration) plumbing.Hash {
	tb.Helper()
	wt, err := r.Worktree()
	if err != nil {
		tb.Fatal(err)
	}
	if err := wt.AddWithOptions(&git.AddOptions{All: true}); err != nil {
		tb.Fatal(err)
	}
	sig := &object.Signature{Name: "Fixture", Email: "fixture@appendix.invalid", When: Epoch.Add(offset)}
	h, err := wt.Commit(msg, &git.CommitOptions{Author: sig, Committer: sig, AllowEmptyCommits: true})
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

// New writes files into a fresh temporary directory, commits them, and
// returns the directory.
func New(tb testing.TB, files map[string]string) string {
	tb.Helper()
	dir := tb.TempDir()
	Write(tb, dir, files)
	r := Init(tb, dir)
	Commit(tb, r, "fixture", 0)
	return dir
}

// NewChanged is New, then a second commit writing change, an hour later,
// with msg: a history of two commits.
func NewChanged(tb testing.TB, files, change map[string]string, msg string) (string, *git.Repository) {
	tb.Helper()
	dir := New(tb, files)
	r, err := git.PlainOpen(dir)
	if err != nil {
		tb.Fatal(err)
	}
	Write(tb, dir, change)
	Commit(tb, r, msg, time.Hour)
	return dir, r
}

// Names returns the keys of files, sorted.
func Names(files map[string]string) []string {
	var out []string
	for k := range files {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// CorruptObject repacks the repository and overwrites the compressed data
// of the object h in the pack, as a disk error would.
func CorruptObject(tb testing.TB, dir string, r *git.Repository, h plumbing.Hash) {
	tb.Helper()
	if err := r.RepackObjects(&git.RepackConfig{}); err != nil {
		tb.Fatal(err)
	}
	idxs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
	if len(idxs) != 1 {
		tb.Fatalf("%d packs", len(idxs))
	}
	f, err := os.Open(idxs[0])
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	idx := idxfile.NewMemoryIndex()
	if err := idxfile.NewDecoder(f).Decode(idx); err != nil {
		tb.Fatal(err)
	}
	off, err := idx.FindOffset(h)
	if err != nil {
		tb.Fatal(err)
	}
	pack := strings.TrimSuffix(idxs[0], ".idx") + ".pack"
	b, err := os.ReadFile(pack)
	if err != nil {
		tb.Fatal(err)
	}
	for i := off + 4; i < off+16; i++ {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(pack, b, 0o644); err != nil {
		tb.Fatal(err)
	}
}

// EachFile calls fn with each regular file of at most 1 MiB under root, by
// its slash path relative to root, leaving out .git, node_modules and
// vendor directories: the files of a real repository a check runs on.
func EachFile(tb testing.TB, root string, fn func(rel string, data []byte)) {
	tb.Helper()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == ".git" || n == "node_modules" || n == "vendor" {
				return filepath.SkipDir
			}
			return nil
		}
		if info, err := d.Info(); err != nil || !info.Mode().IsRegular() || info.Size() > 1<<20 {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		fn(filepath.ToSlash(rel), b)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}

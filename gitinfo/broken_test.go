package gitinfo

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// historyRepo commits a.go twice and b.go once, at fixed dates.
func historyRepo(t *testing.T) (string, *git.Repository) {
	t.Helper()
	return testrepo.NewChanged(t, map[string]string{"a.go": "package a\n", "pkg/b.go": "package b\n"},
		map[string]string{"a.go": "package a // two\n"}, "change a")
}

// checkHistory asserts what every reader of commits and trees sees in a
// repository holding historyRepo's history: HEAD, a's two commits, the
// files between them, and clean files.
func checkHistory(t *testing.T, dir string) {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.ObjectWarnings) > 0 {
		t.Errorf("warnings: %q", r.ObjectWarnings)
	}
	h, err := r.Head()
	if err != nil || h == nil || h.Commit == "" {
		t.Fatalf("head %+v: %v", h, err)
	}
	cs, err := r.RecentCommits([]string{"a.go"}, 10)
	if err != nil || len(cs) != 2 || cs[0].Subject != "change a" {
		t.Errorf("a.go history: %+v %v", cs, err)
	}
	c, err := r.git.CommitObject(plumbing.NewHash(h.Commit))
	if err != nil {
		t.Fatal(err)
	}
	changed, err := r.ChangedFiles(c.ParentHashes[0].String(), h.Commit)
	if err != nil || len(changed) != 1 || changed[0] != "a.go" {
		t.Errorf("changed: %v %v", changed, err)
	}
	dirty, err := r.Dirty([]string{"a.go", "pkg/b.go"})
	if err != nil || len(dirty) != 0 {
		t.Errorf("dirty: %v %v", dirty, err)
	}
}

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
}

// TestAlternates reads history whose objects live in other repositories'
// object directories: clones made with --shared and --reference, an
// alternate given by a relative path, and an alternate's own alternate.
func TestAlternates(t *testing.T) {
	needGit(t)
	src, _ := historyRepo(t)
	base := t.TempDir()
	clone := func(name string, args ...string) string {
		dir := filepath.Join(base, name)
		gitCmd(t, base, append(append([]string{"clone", "-q"}, args...), dir)...)
		return dir
	}
	alternates := func(dir string) string { return filepath.Join(dir, ".git", "objects", "info", "alternates") }
	for _, c := range []struct {
		name string
		make func() string
	}{
		{"shared", func() string { return clone("shared", "--shared", src) }},
		{"reference", func() string { return clone("reference", "--reference", src, "file://"+src) }},
		{"relative", func() string {
			d := clone("relative", "--shared", src)
			rel, err := filepath.Rel(filepath.Join(d, ".git", "objects"), filepath.Join(src, ".git", "objects"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(alternates(d), []byte(rel+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return d
		}},
		{"chained", func() string {
			mid := clone("middle", "--shared", src)
			d := filepath.Join(base, "chained")
			gitCmd(t, base, "clone", "-q", "--shared", "--no-checkout", mid, d)
			// Only the middle clone's objects: the source's come through
			// the middle clone's own alternates.
			if err := os.WriteFile(alternates(d), []byte(filepath.Join(mid, ".git", "objects")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			gitCmd(t, d, "checkout", "-q", "main")
			return d
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := c.make()
			if objs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "??")); len(objs) > 0 {
				t.Fatalf("the clone holds objects of its own: %v", objs)
			}
			checkHistory(t, dir)
		})
	}
}

// TestBrokenAlternates: an alternate that is not there is a warning
// naming it, and HEAD's commit, stored there, is an error naming it.
func TestBrokenAlternates(t *testing.T) {
	needGit(t)
	src, _ := historyRepo(t)
	dir := filepath.Join(t.TempDir(), "shared")
	gitCmd(t, filepath.Dir(dir), "clone", "-q", "--shared", src, dir)
	gone := filepath.Join(t.TempDir(), "gone", "objects")
	if err := os.WriteFile(filepath.Join(dir, ".git", "objects", "info", "alternates"), []byte(gone+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.ObjectWarnings) != 1 || !strings.Contains(r.ObjectWarnings[0], gone) || !strings.Contains(r.ObjectWarnings[0], "alternates") {
		t.Errorf("warnings: %q", r.ObjectWarnings)
	}
	h, err := r.Head()
	var he *HeadError
	if h != nil || !errors.As(err, &he) {
		t.Fatalf("head %+v: %v", h, err)
	}
}

// headEntry is the hash of the entry at p in HEAD's tree.
func headEntry(t *testing.T, repo *git.Repository, p string) plumbing.Hash {
	t.Helper()
	head, _ := repo.Head()
	c, _ := repo.CommitObject(head.Hash())
	root, _ := c.Tree()
	e, err := root.FindEntry(p)
	if err != nil {
		t.Fatal(err)
	}
	return e.Hash
}

// TestBrokenHistory: HEAD or its branch at a missing object, and objects
// a corrupt pack holds, are errors naming the object: nothing reads as
// an uncommitted change or an empty history instead.
func TestBrokenHistory(t *testing.T) {
	missing := strings.Repeat("de", 20)
	var tree, parent plumbing.Hash // set by the cases that corrupt them
	for _, c := range []struct {
		name    string
		breakIt func(t *testing.T, dir string, repo *git.Repository)
		// head, dirty and log are what the errors of Head, Dirty and
		// RecentCommits hold; nil when there is no error.
		head, dirty, log func() []string
	}{
		{name: "branch at a missing object", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			testrepo.Write(t, dir, map[string]string{".git/refs/heads/main": missing + "\n"})
		},
			head: func() []string {
				return []string{"HEAD's branch refs/heads/main is at " + missing + ", an object missing from the repository"}
			},
			dirty: func() []string { return []string{"refs/heads/main", missing, "missing"} },
			log:   func() []string { return []string{"refs/heads/main", missing, "missing"} }},
		{name: "detached HEAD at a missing object", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			testrepo.Write(t, dir, map[string]string{".git/HEAD": missing + "\n"})
		},
			head:  func() []string { return []string{"HEAD is at " + missing + ", an object missing from the repository"} },
			dirty: func() []string { return []string{"HEAD is at " + missing} },
			log:   func() []string { return []string{"HEAD is at " + missing} }},
		{name: "branch holding no object id", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			testrepo.Write(t, dir, map[string]string{".git/refs/heads/main": "not a hash\n"})
		},
			head:  func() []string { return []string{"HEAD's branch refs/heads/main holds no object id"} },
			dirty: func() []string { return []string{"HEAD's branch refs/heads/main holds no object id"} },
			log:   func() []string { return []string{"HEAD's branch refs/heads/main holds no object id"} }},
		{name: "HEAD unreadable", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			testrepo.Write(t, dir, map[string]string{".git/HEAD": "ref: refs/heads/main\nextra\n"})
		},
			head:  func() []string { return []string{"HEAD cannot be read: "} },
			dirty: func() []string { return []string{"HEAD cannot be read: "} },
			log:   func() []string { return []string{"HEAD cannot be read: "} }},
		{name: "HEAD's commit corrupt", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			head, _ := repo.Head()
			testrepo.CorruptObject(t, dir, repo, head.Hash())
		},
			head: func() []string {
				return []string{"HEAD's branch refs/heads/main is at ", "which cannot be read", ".pack"}
			},
			dirty: func() []string { return []string{"cannot be read", ".pack"} },
			log:   func() []string { return []string{"cannot be read"} }},
		{name: "a pack index truncated", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			if err := repo.RepackObjects(&git.RepackConfig{}); err != nil {
				t.Fatal(err)
			}
			idxs, _ := filepath.Glob(filepath.Join(dir, ".git", "objects", "pack", "*.idx"))
			if len(idxs) != 1 || os.Truncate(idxs[0], 100) != nil {
				t.Fatalf("%d pack indexes", len(idxs))
			}
		},
			head: func() []string {
				return []string{"HEAD's branch refs/heads/main is at ", "which cannot be read", ".idx"}
			},
			dirty: func() []string { return []string{".idx"} },
			log:   func() []string { return []string{"cannot be read"} }},
		{name: "a tree corrupt", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			tree = headEntry(t, repo, "pkg")
			testrepo.CorruptObject(t, dir, repo, tree)
		},
			dirty: func() []string { return []string{"pkg/b.go in HEAD", tree.String(), ".pack"} },
			log:   func() []string { return []string{tree.String()} }},
		{name: "a loose tree corrupt", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			tree = headEntry(t, repo, "pkg")
			hex := tree.String()
			testrepo.Write(t, dir, map[string]string{".git/objects/" + hex[:2] + "/" + hex[2:]: "not zlib"})
		},
			dirty: func() []string {
				return []string{"pkg/b.go in HEAD", tree.String(), filepath.Join(".git", "objects", tree.String()[:2])}
			},
			log: func() []string { return []string{tree.String()} }},
		{name: "an older commit corrupt", breakIt: func(t *testing.T, dir string, repo *git.Repository) {
			head, _ := repo.Head()
			c, _ := repo.CommitObject(head.Hash())
			parent = c.ParentHashes[0]
			testrepo.CorruptObject(t, dir, repo, parent)
		},
			log: func() []string { return []string{"commit " + parent.String()} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, repo := historyRepo(t)
			c.breakIt(t, dir, repo)
			r, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, err error, want func() []string) {
				t.Helper()
				switch {
				case want == nil && err != nil:
					t.Errorf("%s: %v", what, err)
				case want != nil && err == nil:
					t.Errorf("%s: no error", what)
				case want != nil:
					for _, w := range want() {
						if !strings.Contains(err.Error(), w) {
							t.Errorf("%s: error %q lacks %q", what, err, w)
						}
					}
				}
			}
			h, err := r.Head()
			check("head", err, c.head)
			var he *HeadError
			if c.head != nil && (h != nil || !errors.As(err, &he)) {
				t.Errorf("head %+v: %v, want a *HeadError", h, err)
			}
			if he != nil && he.Hash != "" && strings.Count(err.Error(), he.Hash) > 1 {
				t.Errorf("head error %q names the object more than once", err)
			}
			dirty, err := r.Dirty([]string{"a.go", "pkg/b.go"})
			check("dirty", err, c.dirty)
			if len(dirty) > 0 {
				t.Errorf("dirty: %v", dirty)
			}
			_, err = r.RecentCommits([]string{"a.go", "pkg/b.go"}, 10)
			check("recent commits", err, c.log)
		})
	}
}

// TestShallowHistory: a shallow clone's history ends at its boundary
// commit, the parents it does not hold are not looked for.
func TestShallowHistory(t *testing.T) {
	needGit(t)
	src, _ := historyRepo(t)
	dir := filepath.Join(t.TempDir(), "shallow")
	gitCmd(t, filepath.Dir(dir), "clone", "-q", "--depth", "1", "file://"+src, dir)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := r.RecentCommits([]string{"a.go"}, 10)
	if err != nil || len(cs) != 1 || cs[0].Subject != "change a" {
		t.Errorf("a.go history: %+v %v", cs, err)
	}
}

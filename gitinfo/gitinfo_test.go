package gitinfo

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/internal/filestat"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

func paths(fs []File) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return out
}

func TestWalkAppliesIgnoreRules(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		".gitignore":          "*.log\n/build/\n",
		"a.go":                "package a\n",
		"debug.log":           "x",
		"build/out.go":        "package out\n",
		"sub/.gitignore":      "gen/\n!keep.log\n",
		"sub/b.go":            "package sub\n",
		"sub/keep.log":        "kept by negation",
		"sub/gen/c.go":        "package gen\n",
		"sub/deep/build/d.go": "package d\n", // "/build/" is anchored to the root
		"node_modules/x.js":   "x",
	})
	testrepo.Write(t, dir, map[string]string{"excluded.go": "package e\n", "untracked.go": "package u\n"})
	testrepo.Write(t, dir, map[string]string{".git/info/exclude": ""})
	if err := os.WriteFile(filepath.Join(dir, ".git", "info", "exclude"), []byte("excluded.go\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := r.Walk(context.Background(), func(rel string) bool { return filepath.Base(rel) == "node_modules" })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{".gitignore", "a.go", "sub/.gitignore", "sub/b.go", "sub/deep/build/d.go", "sub/keep.log", "untracked.go"}
	if diff := cmp.Diff(want, paths(files)); diff != "" {
		t.Error(diff)
	}
}

func TestWalkScope(t *testing.T) {
	dir := testrepo.New(t, map[string]string{".gitignore": "*.tmp\n", "a/x.go": "", "a/y.tmp": "", "b/z.go": ""})
	r, err := Open(filepath.Join(dir, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Scope != "a" {
		t.Errorf("scope %q", r.Scope)
	}
	files, err := r.Walk(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"a/x.go"}, paths(files)); diff != "" {
		t.Error(diff)
	}
}

func TestHead(t *testing.T) {
	dir := t.TempDir()
	repo := testrepo.Init(t, dir)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Head()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(&Head{Branch: "main"}, h); diff != "" {
		t.Errorf("no commits yet: %s", diff)
	}
	testrepo.Write(t, dir, map[string]string{"a.go": "package a\n"})
	c := testrepo.Commit(t, repo, "one", 0)
	h, _ = r.Head()
	if diff := cmp.Diff(&Head{Commit: c.String(), Short: c.String()[:7], Branch: "main"}, h); diff != "" {
		t.Error(diff)
	}
	wt, _ := repo.Worktree()
	if err := wt.Checkout(&git.CheckoutOptions{Hash: c}); err != nil {
		t.Fatal(err)
	}
	h, _ = r.Head()
	if !h.Detached || h.Branch != "" || h.Commit != c.String() {
		t.Errorf("detached: %+v", h)
	}
}

func TestNotGit(t *testing.T) {
	dir := t.TempDir()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Git() {
		t.Error("plain directory reported as git")
	}
	if h, err := r.Head(); h != nil || err != nil {
		t.Errorf("Head = %v, %v", h, err)
	}
	if d, err := r.Dirty([]string{"a"}); d != nil || err != nil {
		t.Errorf("Dirty = %v, %v", d, err)
	}
}

func TestOpenBare(t *testing.T) {
	dir := t.TempDir()
	if _, err := git.PlainInit(dir, true); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir); !errors.Is(err, ErrBare) {
		t.Errorf("err = %v, want ErrBare", err)
	}
}

func TestDirty(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"clean.go": "package a\n", "edited.go": "package a\n", "staged.go": "package a\n", "touched.go": "package a\n"})
	repo, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatal(err)
	}
	testrepo.Write(t, dir, map[string]string{"edited.go": "package b\n", "staged.go": "package c\n", "new.go": "package n\n"})
	wt, _ := repo.Worktree()
	if _, err := wt.Add("staged.go"); err != nil {
		t.Fatal(err)
	}
	// Same content, new modification time: hashed, found clean.
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "touched.go"), later, later); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Dirty([]string{"clean.go", "edited.go", "new.go", "staged.go", "touched.go"})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"edited.go", "new.go", "staged.go"}, got); diff != "" {
		t.Error(diff)
	}
}

// addExtensions appends an [extensions] section to the repository's
// config at the given format version.
func addExtensions(t *testing.T, gitDir, version, exts string) {
	t.Helper()
	cfg := filepath.Join(gitDir, "config")
	b, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.Replace(string(b), "repositoryformatversion = 0", "repositoryformatversion = "+version, 1) + "[extensions]\n" + exts)
	if err := os.WriteFile(cfg, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestUnreadableRepositoryFallsBack(t *testing.T) {
	dir := testrepo.New(t, map[string]string{".gitignore": "gen/\n", "a.go": "package a\n", "gen/b.go": "package b\n"})
	addExtensions(t, filepath.Join(dir, ".git"), "1", "\tworktreeConfig = true\n\tobjectFormat = sha256\n")
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if r.Git() || !strings.Contains(r.Warning, "go-git cannot read this repository") {
		t.Errorf("git=%v warning=%q", r.Git(), r.Warning)
	}
	files, err := r.Walk(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{".gitignore", "a.go"}, paths(files)); diff != "" {
		t.Error(diff)
	}
}

// Extensions that change only how git writes or fetches (a worktree's own
// config, a partial clone's promised objects) leave the history readable:
// provenance stays.
func TestReadSafeExtensionsKeepProvenance(t *testing.T) {
	for _, tc := range []struct{ version, exts string }{
		{"0", "\tworktreeConfig = true\n"},
		{"1", "\tworktreeconfig = true\n"},
		{"1", "\tpartialClone = origin\n\tpreciousObjects = true\n"},
	} {
		dir := testrepo.New(t, map[string]string{"a.go": "package a\n"})
		addExtensions(t, filepath.Join(dir, ".git"), tc.version, tc.exts)
		r, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Git() || r.Warning != "" {
			t.Errorf("%q: git=%v warning=%q", tc.exts, r.Git(), r.Warning)
			continue
		}
		if h, err := r.Head(); err != nil || h.Commit == "" {
			t.Errorf("%q: head %+v, %v", tc.exts, h, err)
		}
	}
}

// A linked worktree (its .git a file naming .git/worktrees/<name>) of a
// repository with worktreeConfig set reads HEAD from its own directory and
// objects from the common one.
func TestLinkedWorktreeWithWorktreeConfig(t *testing.T) {
	main := testrepo.New(t, map[string]string{"a.go": "package a\n"})
	repo, err := git.PlainOpen(main)
	if err != nil {
		t.Fatal(err)
	}
	head, _ := repo.Head()
	addExtensions(t, filepath.Join(main, ".git"), "0", "\tworktreeConfig = true\n")
	admin := filepath.Join(main, ".git", "worktrees", "w")
	wt := t.TempDir()
	idx, err := os.ReadFile(filepath.Join(main, ".git", "index"))
	if err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		filepath.Join(admin, "HEAD"):      head.Hash().String() + "\n",
		filepath.Join(admin, "commondir"): "../..\n",
		filepath.Join(admin, "gitdir"):    filepath.Join(wt, ".git") + "\n",
		filepath.Join(admin, "index"):     string(idx),
		filepath.Join(wt, ".git"):         "gitdir: " + admin + "\n",
		filepath.Join(wt, "a.go"):         "package a\n",
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Open(wt)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Git() || r.Warning != "" {
		t.Fatalf("git=%v warning=%q", r.Git(), r.Warning)
	}
	h, err := r.Head()
	if err != nil || h.Commit != head.Hash().String() || !h.Detached {
		t.Errorf("head %+v, %v; want detached at %s", h, err, head.Hash())
	}
}

func TestRecentCommitsAndChangedFiles(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"a.go": "package a\n", "b.go": "package b\n"})
	repo, _ := git.PlainOpen(dir)
	first, _ := repo.Head()
	testrepo.Write(t, dir, map[string]string{"a.go": "package a // two\n"})
	second := testrepo.Commit(t, repo, "change a\n\nbody", time.Hour)
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := r.RecentCommits([]string{"a.go"}, 10)
	if err != nil || len(cs) != 2 || cs[0].Subject != "change a" || cs[1].Subject != "fixture" {
		t.Errorf("a.go history: %+v %v", cs, err)
	}
	cs, _ = r.RecentCommits([]string{"b.go"}, 10)
	if len(cs) != 1 {
		t.Errorf("b.go history: %+v", cs)
	}
	changed, err := r.ChangedFiles(first.Hash().String(), second.String())
	if err != nil || len(changed) != 1 || changed[0] != "a.go" {
		t.Errorf("changed: %v %v", changed, err)
	}
}

// mapListings is a Listings that trusts every time, and counts.
type mapListings struct {
	mu sync.Mutex
	m  map[string]struct {
		st filestat.Stamp
		es []DirEntry
	}
	hits, puts int
}

func (l *mapListings) Listing(rel string, st filestat.Stamp) ([]DirEntry, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := l.m[rel]
	if ok && v.st == st {
		l.hits++
		return v.es, true
	}
	return nil, false
}

func (l *mapListings) PutListing(rel string, st filestat.Stamp, es []DirEntry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.puts++
	l.m[rel] = struct {
		st filestat.Stamp
		es []DirEntry
	}{st, es}
}

// TestWalkListings: a walk answered from kept listings lists what a walk
// reading every directory lists, and a directory whose entries change is
// read again.
func TestWalkListings(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		".gitignore": "*.log\n", "a.go": "package a\n", "sub/b.go": "package sub\n", "sub/deep/c.go": "package deep\n",
	})
	testrepo.Write(t, dir, map[string]string{"sub/untracked.go": "package sub\n", "sub/x.log": "x"})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := r.Walk(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	l := &mapListings{m: map[string]struct {
		st filestat.Stamp
		es []DirEntry
	}{}}
	r.Listings = l
	for run := 0; run < 2; run++ {
		got, err := r.Walk(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(paths(plain), paths(got)); diff != "" {
			t.Fatalf("run %d differs from a plain walk:\n%s", run, diff)
		}
	}
	if l.puts != 3 || l.hits != 3 {
		t.Errorf("%d listings kept, %d reused; want 3 and 3", l.puts, l.hits)
	}
	// A new file changes its directory's time: the directory is read again.
	later := time.Now().Add(time.Minute)
	testrepo.Write(t, dir, map[string]string{"sub/deep/new.go": "package deep\n"})
	os.Chtimes(filepath.Join(dir, "sub", "deep"), later, later)
	got, err := r.Walk(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(paths(got), " "), "sub/deep/new.go") {
		t.Errorf("a file added after the listing was kept is missing: %v", paths(got))
	}
}

// TestRecentCommitsAsPathFilteredLog: the commits that touch some paths
// are those go-git's path-filtered log gives, on a history where files are
// changed, removed and brought back, made executable, turned into a
// directory, and branches merge.
func TestRecentCommitsAsPathFilteredLog(t *testing.T) {
	dir := testrepo.New(t, map[string]string{"a.go": "package a\n", "b.go": "package b\n", "d/c.go": "package d\n"})
	repo, _ := git.PlainOpen(dir)
	wt, _ := repo.Worktree()
	step := time.Hour
	commit := func(msg string, files map[string]string, remove ...string) {
		t.Helper()
		for _, f := range remove {
			if _, err := wt.Remove(f); err != nil {
				t.Fatal(err)
			}
			_ = os.Remove(filepath.Dir(filepath.Join(dir, f))) // when it is left empty
		}
		testrepo.Write(t, dir, files)
		testrepo.Commit(t, repo, msg, step)
		step += time.Hour
	}
	commit("change a", map[string]string{"a.go": "package a // 2\n"})
	commit("change c", map[string]string{"d/c.go": "package d // 2\n"})
	commit("remove b", nil, "b.go")
	commit("bring b back", map[string]string{"b.go": "package b\n"})
	if err := os.Chmod(filepath.Join(dir, "a.go"), 0o755); err != nil {
		t.Fatal(err)
	}
	commit("a executable", nil)
	commit("d becomes a file", map[string]string{"d": "not a directory\n"}, "d/c.go")
	commit("touch nothing watched", map[string]string{"z.go": "package z\n"})
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, paths := range [][]string{{"a.go"}, {"b.go"}, {"d/c.go"}, {"d"}, {"a.go", "d/c.go"}, {"missing.go"}, nil} {
		got, err := r.RecentCommits(paths, 20)
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		for _, p := range paths {
			set[p] = true
		}
		head, _ := repo.Head()
		opts := &git.LogOptions{From: head.Hash(), Order: git.LogOrderCommitterTime}
		if len(set) > 0 {
			opts.PathFilter = func(p string) bool { return set[p] }
		}
		iter, err := repo.Log(opts)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		_ = iter.ForEach(func(c *object.Commit) error {
			want = append(want, c.Hash.String()[:7])
			return nil
		})
		var hashes []string
		for _, c := range got {
			hashes = append(hashes, c.Hash)
		}
		if diff := cmp.Diff(want, hashes); diff != "" {
			t.Errorf("%v: (-path-filtered log +RecentCommits)\n%s", paths, diff)
		}
	}
}

package cache

import (
	"testing"
	"time"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
	"github.com/google/go-cmp/cmp"
)

// TestRecentCommitsCached: the commits touching some paths are kept with
// the cache by HEAD, the paths and the count: a later run at the same HEAD
// reads them from the cache, and a new commit asks git again.
func TestRecentCommitsCached(t *testing.T) {
	dir, r := testrepo.NewChanged(t, map[string]string{"a.go": "package a\n", "b.go": "package b\n"},
		map[string]string{"a.go": "package a // 2\n"}, "change a")
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"a.go", "b.go"}
	want, err := repo.RecentCommits(paths, 5)
	if err != nil || len(want) != 2 {
		t.Fatalf("RecentCommits: %v, %v", want, err)
	}
	c := Load(dir, "test")
	got, err := RecentCommits(repo, c, paths, 5)
	if err != nil || !cmp.Equal(got, want) {
		t.Fatalf("first run: %v, %v; want %v", got, err, want)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}

	// The next run reads them from the cache: what it keeps is what it
	// gives back (here marked to be told apart from git's answer).
	c = Load(dir, "test")
	c.await()
	if len(c.History) != 1 {
		t.Fatalf("history kept: %v", c.History)
	}
	for k := range c.History {
		c.History[k][0].Subject = "from the cache"
	}
	got, _ = RecentCommits(repo, c, paths, 5)
	if len(got) != 2 || got[0].Subject != "from the cache" {
		t.Errorf("second run: %v, want the cached commits", got)
	}
	// Other paths, or another count, are another question.
	if got, _ := RecentCommits(repo, c, paths, 1); len(got) != 1 || got[0].Subject != "change a" {
		t.Errorf("one commit: %v", got)
	}

	// A new commit is a new HEAD: git is asked, and only its answer kept.
	testrepo.Write(t, dir, map[string]string{"b.go": "package b // 2\n"})
	testrepo.Commit(t, r, "change b", 2*time.Hour)
	if repo, err = gitinfo.Open(dir); err != nil {
		t.Fatal(err)
	}
	got, _ = RecentCommits(repo, c, paths, 5)
	if len(got) != 3 || got[0].Subject != "change b" || got[1].Subject != "change a" {
		t.Errorf("after a commit: %v", got)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if c = Load(dir, "test"); c.Damages() != nil || len(c.History) != 1 {
		t.Errorf("history kept after a new HEAD: %d entries, want the new HEAD's only", len(c.History))
	}
}

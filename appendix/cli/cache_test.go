package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/filestat"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// retryRepo is a repository whose one constant a spec names.
var retryRepo = map[string]string{
	"go.mod":         "module x\n",
	"retry/retry.go": "package retry\n\n// MaxRetries bounds the attempts.\nconst MaxRetries = 5\n",
}

const retrySpec = "Raise the `MaxRetries` constant.\n"

// TestEditedExtractCacheIsRebuilt: a same-length edit inside the
// extraction cache is found by its checksum: one warning, the answer a
// fresh cache gives, and a rewritten file the next run trusts again.
func TestEditedExtractCacheIsRebuilt(t *testing.T) {
	dir := testrepo.New(t, retryRepo)
	want, stderr, code := runCLI(t, dir, []byte(retrySpec), "--appendix-only")
	if code != 0 || !strings.Contains(want, "const MaxRetries = 5") || stderr != "" {
		t.Fatalf("first run: exit %d, stderr %q\n%s", code, stderr, want)
	}
	file := filepath.Join(dir, filepath.FromSlash(cache.ExtractFile))
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("MaxRetries")) {
		t.Fatalf("%s does not hold the constant's name", cache.ExtractFile)
	}
	if err := os.WriteFile(file, bytes.ReplaceAll(b, []byte("MaxRetries"), []byte("MaxRetriez")), 0o644); err != nil {
		t.Fatal(err)
	}
	got, stderr, code := runCLI(t, dir, []byte(retrySpec), "--appendix-only")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got != want {
		t.Errorf("an edited cache changed the output:\n%s", cmp.Diff(want, got))
	}
	wantWarn := "appendix: warning: " + cache.ExtractFile + ": checksum mismatch: discarded and rebuilt\n"
	if stderr != wantWarn {
		t.Errorf("stderr %q, want %q", stderr, wantWarn)
	}
	got, stderr, _ = runCLI(t, dir, []byte(retrySpec), "--appendix-only")
	if got != want || stderr != "" {
		t.Errorf("the run after the rebuild: stderr %q\n%s", stderr, cmp.Diff(want, got))
	}

	// A briefing says so too.
	if b, err = os.ReadFile(file); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, bytes.ReplaceAll(b, []byte("MaxRetries"), []byte("MaxRetriez")), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, errb bytes.Buffer
	out := filepath.Join(t.TempDir(), "gauntlet")
	Run(context.Background(), []string{"brief", "--repo", dir, "--out", out, "--now", fixedNow, "--adversaries", "PARA", "-"},
		strings.NewReader(retrySpec), &stdout, &errb, func(string) string { return "" })
	if !strings.HasPrefix(errb.String(), wantWarn) {
		t.Errorf("brief: stderr %q", errb.String())
	}
}

// restoredTime is the modification time the tests below give files and
// put back after changing them, as touch -r, cp -p, rsync -a and tar do:
// long before any cache was written.
var restoredTime = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// restoredRepo commits files whose modification time is restoredTime, so
// that git's index records that time.
func restoredRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	testrepo.Write(t, dir, files)
	for name := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		for ; p != dir; p = filepath.Dir(p) {
			if err := os.Chtimes(p, restoredTime, restoredTime); err != nil {
				t.Fatal(err)
			}
		}
	}
	testrepo.Commit(t, testrepo.Init(t, dir), "fixture", 0)
	return dir
}

// TestRestoredMtimeIsSeen: a file changed to content of the same size, or
// a directory given a new file, with the modification time put back, is
// read again, as git status sees it (the change time and inode differ):
// with the cache warm (its scans kept, which takes files changed more than
// the racy window before a run) or without it.
func TestRestoredMtimeIsSeen(t *testing.T) {
	edited := "package retry\n\n// MaxRetries bounds the attempts.\nconst MaxRetries = 7\n"
	if len(edited) != len(retryRepo["retry/retry.go"]) {
		t.Fatal("the edit must keep the size")
	}
	restore := func(t *testing.T, p string) {
		t.Helper()
		if err := os.Chtimes(p, restoredTime, restoredTime); err != nil {
			t.Fatal(err)
		}
	}
	const dirtyNote = "> WARNING: Uncommitted changes exist in retry/retry.go."
	for _, noCache := range []bool{false, true} {
		t.Run(fmt.Sprintf("no-cache=%v", noCache), func(t *testing.T) {
			t.Parallel()
			dir := restoredRepo(t, retryRepo)
			repo, err := gitinfo.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			build := func(sp string) *appendix.Result {
				t.Helper()
				res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", []byte(sp)), appendix.Config{Round: 2, Budget: 200, NoCache: noCache})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			// The fixture's change times settle; then a first run keeps
			// the scans, which the second uses.
			time.Sleep(racyWait)
			for i := 0; i < 2; i++ {
				res := build(retrySpec)
				if md := res.Doc.Markdown(); !strings.Contains(md, "const MaxRetries = 5") || strings.Contains(md, dirtyNote) {
					t.Fatalf("run %d:\n%s", i+1, md)
				}
				if i == 1 && !noCache && res.Stats.ScanHits == 0 {
					t.Fatal("the second run read every file again: the test proves nothing")
				}
			}
			file := filepath.Join(dir, "retry", "retry.go")
			if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
				t.Fatal(err)
			}
			restore(t, file)
			if md := build(retrySpec).Doc.Markdown(); !strings.Contains(md, "const MaxRetries = 7") || !strings.Contains(md, dirtyNote) {
				t.Errorf("the edit with its time put back was not seen:\n%s", md)
			}

			// A new file, its directory's time put back.
			testrepo.Write(t, dir, map[string]string{"retry/min.go": "package retry\n\n// MinDelay is the first wait.\nconst MinDelay = 1\n"})
			restore(t, filepath.Join(dir, "retry"))
			if md := build("Raise `MaxRetries` and `MinDelay`.\n").Doc.Markdown(); !strings.Contains(md, "const MinDelay = 1") {
				t.Errorf("the new file was not listed:\n%s", md)
			}
		})
	}
}

// TestStaleScanStoresNothingUnderItsKey: a kept scan that names content
// the file no longer holds (changed within a clock tick, or during the
// run) gives the run the file as it reads now, and nothing parsed from it
// is stored under the old content's key: once the old content is back, the
// answer is the cacheless one.
func TestStaleScanStoresNothingUnderItsKey(t *testing.T) {
	v1 := "package a\n\n// Alpha is first.\nfunc Alpha() {}\n\n// Beta is second.\nfunc Beta() {}\n"
	v2 := "package a\n\n// Alpha is first.\nfunc Alpha() {}\n\n// Beta is moved.\nfunc Beta(n int) {}\n"
	dir := testrepo.New(t, map[string]string{"go.mod": "module x\n", "a/a.go": v1})
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	ca := cache.Load(dir, appendix.Version)
	ca.Started = time.Now().Add(time.Hour).UnixNano() // as if an hour later: every scan is kept
	build := func(sp string, noCache bool) string {
		t.Helper()
		cfg := appendix.Config{Round: 2, Budget: 200, Cache: ca}
		if noCache {
			cfg = appendix.Config{Round: 2, Budget: 200, NoCache: true}
		}
		res, err := appendix.Build(context.Background(), repo, spec.Parse("spec.md", []byte(sp)), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res.Doc.Markdown()
	}
	build("Change `Alpha`.\n", false) // a.go's scan now holds v1's key
	file := filepath.Join(dir, "a", "a.go")
	testrepo.Write(t, dir, map[string]string{"a/a.go": v2})
	st, err := os.Lstat(file)
	if err != nil {
		t.Fatal(err)
	}
	// The scan as if the stat had not changed.
	ca.Scans["a/a.go"].Stamp = filestat.Of(st)
	if md := build("Change `Beta`.\n", false); !strings.Contains(md, "func Beta(n int)") {
		t.Errorf("the content read now was not shown:\n%s", md)
	}
	testrepo.Write(t, dir, map[string]string{"a/a.go": v1})
	want := build("Change `Beta`.\n", true)
	if got := build("Change `Beta`.\n", false); got != want {
		t.Errorf("v2's definitions were stored under v1's key:\n%s", cmp.Diff(want, got))
	}
}

// TestStaleTempFilesRemoved: the temporary files a killed run leaves (an
// atomic write's ".<name>.tmp-<digits>") are removed by the next run that
// writes in the same directory, once a minute old; a younger one may be
// another run's write in progress, and no other file is touched.
func TestStaleTempFilesRemoved(t *testing.T) {
	dir := testrepo.New(t, retryRepo)
	out := filepath.Join(t.TempDir(), "gauntlet")
	long := time.Now().Add(-2 * time.Minute)
	plant := func(d string, names ...string) []string {
		t.Helper()
		var ps []string
		for _, n := range names {
			p := filepath.Join(d, n)
			testrepo.Write(t, filepath.Dir(p), map[string]string{filepath.Base(p): "partial"})
			if strings.HasPrefix(n, "old") || strings.Contains(n, ".tmp-1") {
				if err := os.Chtimes(p, long, long); err != nil {
					t.Fatal(err)
				}
			}
			ps = append(ps, p)
		}
		return ps
	}
	cacheDir := filepath.Join(dir, ".appendix", "cache")
	stale := append(append(append(
		plant(cacheDir, ".scan.bin.tmp-1234", ".extract.gob.tmp-1"),
		plant(filepath.Join(dir, ".appendix"), ".inventory.json.tmp-19", "..gitignore.tmp-1")...),
		plant(out, ".briefing-PARA.md.tmp-177", ".briefings.json.tmp-1")...),
		plant(cacheDir, ".scan.bin.tmp-1/.extract.gob.tmp-1")...) // inside a directory of that name: kept
	kept := append(append(append(stale[len(stale)-1:],
		plant(cacheDir, ".scan.bin.tmp-99", "old.scan.bin.tmp-1", ".scan.bin.tmp-1x", "old-notes.txt")...),
		plant(filepath.Join(dir, ".appendix"), ".inventory.json.tmp-99", ".other.json.tmp-1")...),
		plant(out, ".briefing-PARA.md.tmp-99", ".notes.md.tmp-1", "briefing-PARA.md.tmp-1")...)
	stale = stale[:len(stale)-1]
	if err := os.Chtimes(filepath.Dir(kept[0]), long, long); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, ".appendix", ".gitignore"))
	if _, stderr, code := runCLI(t, dir, []byte(retrySpec)); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"brief", "--repo", dir, "--out", out, "--now", fixedNow, "--adversaries", "PARA", "-"},
		strings.NewReader(retrySpec), &stdout, &stderr, func(string) string { return "" }); code != 0 {
		t.Fatalf("brief: exit %d: %s", code, stderr.String())
	}
	for _, p := range stale {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("left: %s", p)
		}
	}
	for _, p := range kept {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("removed: %s", p)
		}
	}
}

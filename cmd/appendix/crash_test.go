package main

import (
	"bytes"
	"io/fs"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// childEnv makes the test binary run as the command itself: the crash
// test runs it as a child it can kill, with no separate build.
const childEnv = "APPENDIX_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashRepo is a small repository: a few files of two languages, a
// constant, types and functions a spec names.
var crashRepo = map[string]string{
	"go.mod":               "module x\n",
	"retry/retry.go":       "package retry\n\n// MaxRetries bounds the attempts.\nconst MaxRetries = 5\n\n// Backoff is the wait before attempt n.\nfunc Backoff(n int) int { return n * n }\n",
	"orders/order.go":      "package orders\n\n// Order is one order.\ntype Order struct {\n\tID    int64\n\tTotal int64\n}\n\n// Validate checks an order.\nfunc Validate(o *Order) error { return nil }\n",
	"web/api.ts":           "export interface OrderView {\n  id: number;\n  total: number;\n}\n\nexport function render(o: OrderView): string {\n  return String(o.id);\n}\n",
	"web/util/format.ts":   "export const CURRENCY = \"EUR\";\n",
	"docs/architecture.md": "# Architecture\n\nOrders flow from the web to the orders package.\n",
}

const crashSpec = "# Retries\n\nRaise `MaxRetries`, keep `Backoff`, check `Order` and `Validate`, and show `OrderView` with `CURRENCY`.\n"

// tempFile is the name of an atomic write's temporary file.
var tempFile = regexp.MustCompile(`^\..+\.tmp-[0-9]+$`)

// TestKilledRunsLeaveNothingBehind kills the command (SIGKILL) in a
// hundred runs, appendix and brief, on a warm cache and a cold one: at a
// random moment of the run, or of its end where it writes, or as soon as
// a write is seen under way. A clean run a minute later answers byte for
// byte as a run from a fresh cache does, warns of no damaged cache, and
// leaves no temporary file of the tool behind.
func TestKilledRunsLeaveNothingBehind(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command a hundred times")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	testrepo.Write(t, repo, crashRepo)
	// Files long settled, so that warm runs trust their kept scans.
	settled := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			os.Chtimes(p, settled, settled)
		}
		return err
	})
	testrepo.Commit(t, testrepo.Init(t, repo), "fixture", 0)
	specFile := filepath.Join(dir, "spec.md")
	if err := os.WriteFile(specFile, []byte(crashSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "gauntlet")
	appendixArgs := []string{"--repo", repo, "--now", "2026-01-01T00:00:00Z", specFile}
	briefArgs := []string{"brief", "--repo", repo, "--out", out, "--now", "2026-01-01T00:00:00Z", "--adversaries", "PARA,BURN", specFile}
	command := func(args []string) *exec.Cmd {
		cmd := exec.Command(exe, args...)
		// (A race-detecting binary otherwise sleeps a second at exit.)
		cmd.Env = append(os.Environ(), childEnv+"=1", "SOURCE_DATE_EPOCH=", "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
		return cmd
	}
	run := func(args []string) (string, string) {
		t.Helper()
		cmd := command(args)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return stdout.String(), stderr.String()
	}

	// How long each run takes here (the shortest of three: the machine
	// may be busy), from a cold cache and a warm one: half the kills are
	// spread over the whole run, half over its end, where it writes.
	took := func(args []string, cold bool) time.Duration {
		var least time.Duration
		for i := 0; i < 3; i++ {
			if cold {
				os.RemoveAll(filepath.Join(repo, ".appendix", "cache"))
			}
			start := time.Now()
			run(args)
			if d := time.Since(start); i == 0 || d < least {
				least = d
			}
		}
		return least
	}
	coldMain := took(appendixArgs, true)
	warm := map[bool]time.Duration{false: took(appendixArgs, false), true: took(briefArgs, false)}
	rng := rand.New(rand.NewSource(1))
	killed := 0
	var left []string
	for i := 0; i < 100; i++ {
		d := warm[i%2 == 1]
		if i%10 == 0 {
			os.RemoveAll(filepath.Join(repo, ".appendix", "cache")) // cold again
			d = coldMain
		}
		args := appendixArgs
		if i%2 == 1 {
			args = briefArgs
		}
		at := time.Duration(rng.Int63n(int64(d)))
		if i%4 >= 2 {
			at = d*7/10 + at*4/10
		}
		cmd := command(args)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		if i%3 == 2 {
			// Killed as soon as a write is seen under way.
			for len(tempFiles(t, dir)) == len(left) && len(done) == 0 {
			}
		} else {
			time.Sleep(at)
		}
		cmd.Process.Kill()
		if err := <-done; err != nil {
			killed++
		}
		left = tempFiles(t, dir)
	}

	// A minute later: the killed runs' temporary files are stale.
	long := time.Now().Add(-2 * time.Minute)
	for _, p := range left {
		os.Chtimes(p, long, long)
	}
	inv := filepath.Join(repo, ".appendix", "inventory.json")
	history, _ := os.ReadFile(inv)
	got, stderr := run(appendixArgs)
	if strings.Contains(stderr, "warning") {
		t.Errorf("the run after the kills warned:\n%s", stderr)
	}
	run(briefArgs)
	if rest := tempFiles(t, dir); len(rest) > 0 {
		t.Errorf("temporary files left after a clean run: %v", rest)
	}
	briefs := readDir(t, out)

	// The same runs from a fresh cache, on the same round history.
	os.RemoveAll(filepath.Join(repo, ".appendix", "cache"))
	if history != nil {
		if err := os.WriteFile(inv, history, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := run(appendixArgs)
	if got != want {
		t.Errorf("the run after the kills differs from a fresh cache's:\n%s", cmp.Diff(want, got))
	}
	os.RemoveAll(out)
	run(briefArgs)
	if diff := cmp.Diff(readDir(t, out), briefs); diff != "" {
		t.Errorf("the briefings after the kills differ from a fresh cache's:\n%s", diff)
	}
	t.Logf("100 runs (%v cold, %v warm, %v a brief), %d killed before they finished, %d temporary files left by them",
		coldMain.Round(time.Millisecond), warm[false].Round(time.Millisecond), warm[true].Round(time.Millisecond), killed, len(left))
}

// tempFiles lists the temporary files of atomic writes under dir.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && tempFile.MatchString(d.Name()) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// readDir returns the files of a directory by name.
func readDir(t *testing.T, dir string) map[string]string {
	t.Helper()
	des, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, d := range des {
		b, err := os.ReadFile(filepath.Join(dir, d.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[d.Name()] = string(b)
	}
	return files
}

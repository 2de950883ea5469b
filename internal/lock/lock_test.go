package lock

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// increment adds one to the number in file, as a read-modify-write.
func increment(t testing.TB, file string) {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Error(err)
		return
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	if err := os.WriteFile(file, []byte(strconv.Itoa(n+1)), 0o644); err != nil {
		t.Error(err)
	}
}

// count runs workers times rounds increments of one file at once, each
// under the lock take gives, and returns the file's number.
func count(t *testing.T, workers, rounds int, take func(string) (func() error, error)) int {
	file := filepath.Join(t.TempDir(), "sub", "n")
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, []byte("0"), 0o644)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for range rounds {
				unlock, err := take(file)
				if err != nil {
					t.Error(err)
					return
				}
				increment(t, file)
				if err := unlock(); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	b, _ := os.ReadFile(file)
	n, _ := strconv.Atoi(string(b))
	return n
}

func TestExclusiveLosesNoIncrement(t *testing.T) {
	n := count(t, 8, 25, func(p string) (func() error, error) {
		l, err := Exclusive(p)
		if err != nil {
			return nil, err
		}
		return l.Unlock, nil
	})
	if n != 200 {
		t.Errorf("%d increments kept of 200", n)
	}
}

// The fallback for systems without flock is tested here too.
func TestExclusiveFileLosesNoIncrement(t *testing.T) {
	n := count(t, 8, 25, func(p string) (func() error, error) {
		f, err := exclLock(p + Suffix)
		if err != nil {
			return nil, err
		}
		return func() error { return exclUnlock(f) }, nil
	})
	if n != 200 {
		t.Errorf("%d increments kept of 200", n)
	}
}

func TestStaleExclusiveFileIsTakenOver(t *testing.T) {
	name := filepath.Join(t.TempDir(), "inventory.json.lock")
	os.WriteFile(name, []byte("4242\n"), 0o644)
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(name, old, old); err != nil {
		t.Fatal(err)
	}
	f, err := exclLock(name)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != strconv.Itoa(os.Getpid())+"\n" {
		t.Errorf("lock file holds %q, not this process", b)
	}
	if err := exclUnlock(f); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(name); !os.IsNotExist(err) {
		t.Errorf("lock file left after release: %v", err)
	}
}

// TestExclusiveAcrossProcesses runs the increments in four processes at
// once: this test binary again, as helper processes.
func TestExclusiveAcrossProcesses(t *testing.T) {
	if file := os.Getenv("LOCK_TEST_FILE"); file != "" {
		for range 25 {
			l, err := Exclusive(file)
			if err != nil {
				t.Fatal(err)
			}
			increment(t, file)
			l.Unlock()
		}
		return
	}
	file := filepath.Join(t.TempDir(), "n")
	os.WriteFile(file, []byte("0"), 0o644)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestExclusiveAcrossProcesses$", "-test.count=1")
			cmd.Env = append(os.Environ(), "LOCK_TEST_FILE="+file)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("helper: %v\n%s", err, out)
			}
		})
	}
	wg.Wait()
	if b, _ := os.ReadFile(file); string(b) != "100" {
		t.Errorf("%s increments kept of 100", b)
	}
}

func TestLockCreatesItsDirectory(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a", "b", "briefings.json")
	l, err := Exclusive(p)
	if err != nil {
		t.Fatal(err)
	}
	l.Unlock()
	if _, err := os.Stat(p + Suffix); err != nil {
		t.Errorf("no lock file beside the file: %v", err)
	}
}

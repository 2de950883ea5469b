package atomic

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestConcurrentWritersLeaveAValidFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sub", "inv.json")
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			b, _ := json.Marshal(map[string]any{"writer": i, "pad": make([]int, 5000)})
			if err := WriteFile(p, b, 0o644); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("file is not one writer's JSON: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".*tmp-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestRemoveStale: the temporary files of WriteFile's pattern for the
// targets named, a minute old, are removed; younger ones, other targets'
// and other names stay.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-StaleAge - time.Second)
	made := func(base string, at time.Time) string {
		t.Helper()
		f, err := os.CreateTemp(dir, tempPattern(base)) // as WriteFile names them
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if err := os.Chtimes(f.Name(), at, at); err != nil {
			t.Fatal(err)
		}
		return f.Name()
	}
	named := func(name string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
		return p
	}
	gone := []string{made("inv.json", old), made("briefing-PARA.md", old)}
	stay := []string{made("inv.json", time.Now()), made("other.json", old), named("inv.json"), named(".inv.json.tmp-"),
		named(".inv.json.tmp-12a"), named("inv.json.tmp-12"), named(".tmp-12")}
	RemoveStale(dir, "inv.json", "briefing-*.md")
	for _, p := range gone {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("left: %s", filepath.Base(p))
		}
	}
	for _, p := range stay {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("removed: %s", filepath.Base(p))
		}
	}
	RemoveStale(filepath.Join(dir, "missing"), "*") // no directory: nothing to do
}

package atomic

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
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

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
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
	if wantWarn := "appendix: warning: " + cache.ExtractFile + ": checksum mismatch: discarded and rebuilt\n"; stderr != wantWarn {
		t.Errorf("stderr %q, want %q", stderr, wantWarn)
	}
	got, stderr, _ = runCLI(t, dir, []byte(retrySpec), "--appendix-only")
	if got != want || stderr != "" {
		t.Errorf("the run after the rebuild: stderr %q\n%s", stderr, cmp.Diff(want, got))
	}
}

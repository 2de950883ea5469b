package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// binDir holds the appendix binary that exec-based tests run, built once
// for the package.
var (
	binDir  string
	binOnce sync.Once
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// appendixBinary builds cmd/appendix once and returns its path.
func appendixBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "appendix-bin-"); binErr != nil {
			return
		}
		goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := exec.LookPath(goTool); err != nil {
			goTool = "go"
		}
		binPath = filepath.Join(binDir, "appendix")
		cmd := exec.Command(goTool, "build", "-o", binPath, "github.com/appendix-dev/appendix/cmd/appendix")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = &buildError{err, out}
		}
	})
	if binErr != nil {
		t.Fatalf("build appendix: %v", binErr)
	}
	return binPath
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// tokenCount is the footer's estimate, which the project's path length
// changes.
var tokenCount = regexp.MustCompile(`~[0-9]+ tokens`)

// TestHookFixtures runs the steps of fixtures/hooks through the binary, in
// one project and one session, in order: each step's payload on standard
// input, and its standard output and exit status as the fixture says.
func TestHookFixtures(t *testing.T) {
	bin := appendixBinary(t)
	proj, err := txtar.ParseFile("../../fixtures/hooks/project.txtar")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range proj.Files {
		files[f.Name] = string(f.Data)
	}
	root, err := filepath.EvalSymlinks(testrepo.New(t, files))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	steps, _ := filepath.Glob("../../fixtures/hooks/[0-9]*.txtar")
	if len(steps) == 0 {
		t.Fatal("no steps in fixtures/hooks")
	}
	for _, step := range steps {
		arch, err := txtar.ParseFile(step)
		if err != nil {
			t.Fatal(err)
		}
		var args []string
		for _, line := range strings.Split(string(arch.Comment), "\n") {
			if rest, ok := strings.CutPrefix(line, "args:"); ok {
				args = strings.Fields(rest)
			}
		}
		section := func(name string) (string, bool) {
			for _, f := range arch.Files {
				if f.Name == name {
					return string(f.Data), true
				}
			}
			return "", false
		}
		stdin, _ := section("stdin")
		cmd := exec.Command(bin, args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "CLAUDE_PROJECT_DIR=", "APPENDIX_HOOK_WEBHOOK=")
		cmd.Stdin = strings.NewReader(strings.ReplaceAll(stdin, "$ROOT", root))
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		code := 0
		if err := cmd.Run(); err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatal(err)
			}
			code = ee.ExitCode()
		}
		got := tokenCount.ReplaceAllString(strings.ReplaceAll(stdout.String(), root, "$ROOT"), "~N tokens")
		wantOut, ok := section("stdout")
		wantExit, _ := section("exit")
		if *update {
			var kept []txtar.File
			for _, f := range arch.Files {
				if f.Name != "stdout" && f.Name != "exit" {
					kept = append(kept, f)
				}
			}
			arch.Files = append(kept, txtar.File{Name: "stdout", Data: []byte(got)}, txtar.File{Name: "exit", Data: []byte(strconv.Itoa(code) + "\n")})
			if err := os.WriteFile(step, txtar.Format(arch), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !ok || got != wantOut || strings.TrimSpace(wantExit) != strconv.Itoa(code) {
			t.Errorf("%s: exit %d, stdout:\n%s\nwant exit %s, stdout:\n%s", filepath.Base(step), code, got, strings.TrimSpace(wantExit), wantOut)
		}
	}
}

// TestHookInstall installs the hooks twice into a project's settings: the
// second run changes no byte, and --print writes nothing.
func TestHookInstall(t *testing.T) {
	bin := appendixBinary(t)
	dir := t.TempDir()
	settings := filepath.Join(dir, ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	old := "{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": []}\n}\n"
	os.WriteFile(settings, []byte(old), 0o644)
	run := func(args ...string) (string, string) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("appendix %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	printed, _ := run("hook", "install", "--print")
	if b, _ := os.ReadFile(settings); string(b) != old {
		t.Fatalf("--print wrote the settings:\n%s", b)
	}
	if _, stderr := run("hook", "install"); stderr != "appendix: hooks installed in .claude/settings.json\n" {
		t.Errorf("stderr %q", stderr)
	}
	once, _ := os.ReadFile(settings)
	if string(once) != printed || !strings.HasPrefix(string(once), "{\n  \"model\": \"opus\",\n  \"permissions\": {\n    \"allow\": []\n  },\n  \"hooks\": {") {
		t.Errorf("installed:\n%s\nprinted:\n%s", once, printed)
	}
	if _, stderr := run("hook", "install"); stderr != "appendix: .claude/settings.json already runs the appendix hooks\n" {
		t.Errorf("second install: stderr %q", stderr)
	}
	if twice, _ := os.ReadFile(settings); string(twice) != string(once) {
		t.Errorf("the second install changed the settings:\n%s", twice)
	}
}

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestSecrets runs every fixtures/secrets case: each planted secret is in
// the repository (so the case can fail) and in none of the outputs, the
// declarations that held them are shown, and the JSON counts the
// redactions.
func TestSecrets(t *testing.T) {
	paths, err := filepath.Glob("../../fixtures/secrets/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	planted, leaks := 0, 0
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			f := loadFixture(t, p)
			var secrets, shown []string
			redactions := -1
			for _, line := range strings.Split(string(f.arch.Comment), "\n") {
				if rest, ok := strings.CutPrefix(line, "shown:"); ok {
					shown = strings.Fields(rest)
				}
				if rest, ok := strings.CutPrefix(line, "redactions:"); ok {
					redactions, _ = strconv.Atoi(strings.TrimSpace(rest))
				}
			}
			secrets = strings.Fields(archiveFile(f.arch, "secrets"))
			if len(secrets) == 0 || redactions < 0 {
				t.Fatal("fixture needs a secrets section and a redactions: line")
			}
			for _, s := range secrets {
				found := false
				for _, data := range f.repo {
					found = found || strings.Contains(data, s)
				}
				if !found {
					t.Fatalf("planted secret %q is in no repository file", s)
				}
			}
			planted += len(secrets)
			dir := f.build(t)
			md, stderr, code := runCLI(t, dir, f.spec, "--appendix-only")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			js, _, code := runCLI(t, dir, f.spec, "--format", "json")
			if code != 0 {
				t.Fatalf("json: exit %d", code)
			}
			brief := briefOutputs(t, dir, f.spec)
			for _, out := range []string{md, stderr, js, brief} {
				for _, s := range secrets {
					if strings.Contains(out, s) {
						leaks++
						t.Errorf("secret %q leaked:\n%s", s, out)
					}
				}
			}
			for _, name := range shown {
				if !strings.Contains(md, name) {
					t.Errorf("declaration %s not shown:\n%s", name, md)
				}
			}
			var doc struct{ Redactions int }
			if err := json.Unmarshal([]byte(js), &doc); err != nil {
				t.Fatal(err)
			}
			if doc.Redactions != redactions {
				t.Errorf("redactions = %d, want %d\n%s", doc.Redactions, redactions, md)
			}
			if want := "appendix: redacted " + strconv.Itoa(redactions) + " secret"; !strings.Contains(stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, stderr)
			}
			// The round history hashes what was shown: a later round on the
			// same code sees nothing changed.
			// The file changes below the artifacts (a blank line appended):
			// only the shown text's hash can say nothing shown changed.
			runCLI(t, dir, f.spec, "--round", "2", "--appendix-only")
			grown := map[string]string{}
			for name, data := range f.repo {
				grown[name] = data + "\n"
			}
			testrepo.Write(t, dir, grown)
			r3, _, _ := runCLI(t, dir, f.spec, "--round", "3", "--format", "json")
			var round3 struct {
				Artifacts []struct{ Label, Path string }
				Reused    []struct{ Label string }
			}
			if err := json.Unmarshal([]byte(r3), &round3); err != nil {
				t.Fatal(err)
			}
			if len(round3.Artifacts) != 0 || len(round3.Reused) == 0 {
				t.Errorf("round 3 on unchanged code shows %d artifacts again and reuses %d: %+v", len(round3.Artifacts), len(round3.Reused), round3.Artifacts)
			}
		})
	}
	t.Logf("%d planted secrets in %d fixtures, %d leaks", planted, len(paths), leaks)
}

// briefOutputs runs appendix brief and returns every file it wrote.
func briefOutputs(t *testing.T, dir string, sp []byte) string {
	t.Helper()
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"brief", "--repo", dir, "--now", fixedNow, "--out", out, "-"}
	if code := Run(context.Background(), args, bytes.NewReader(sp), &stdout, &stderr, func(string) string { return "" }); code != 0 {
		t.Fatalf("brief: exit %d: %s", code, stderr.String())
	}
	all := stdout.String() + stderr.String()
	files, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(files) == 0 {
		t.Fatal("brief wrote nothing")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all += string(data)
	}
	return all
}

func archiveFile(a *txtar.Archive, name string) string {
	for _, f := range a.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

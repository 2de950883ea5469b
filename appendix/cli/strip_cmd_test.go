package cli

import (
	"os"
	"strings"
	"testing"
)

func TestStripCommand(t *testing.T) {
	dir, sp := genRepo(t, 2, 3)
	out, _, code := runCLI(t, dir, sp)
	if code != 0 {
		t.Fatal(code)
	}
	var stdout, stderr strings.Builder
	if c := Run(t.Context(), []string{"strip", "-"}, strings.NewReader(out), &stdout, &stderr, nil); c != 0 || stdout.String() != string(sp) {
		t.Errorf("strip -: exit %d, %q", c, stdout.String())
	}
	file := dir + "/checkpoint.md"
	if err := os.WriteFile(file, []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
	if c := Run(t.Context(), []string{"strip", "--in-place", file}, nil, &stdout, &stderr, nil); c != 0 {
		t.Fatalf("strip --in-place: exit %d %s", c, stderr.String())
	}
	if b, _ := os.ReadFile(file); string(b) != string(sp) {
		t.Errorf("in place: %q", b)
	}
	if st, _ := os.Stat(file); st.Mode().Perm() != 0o600 {
		t.Errorf("mode changed to %v", st.Mode())
	}
	if c := Run(t.Context(), []string{"strip", "--in-place"}, nil, &stdout, &stderr, nil); c != 2 {
		t.Errorf("--in-place without FILE: exit %d", c)
	}
}

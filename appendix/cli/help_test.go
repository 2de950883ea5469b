package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// runArgs runs the command line with nothing on standard input and no
// environment.
func runArgs(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" })
	return out.String(), errb.String(), code
}

// TestHelpPagesAgree: "appendix help", "appendix --help" and "appendix -h"
// print one page, which lists every subcommand; "appendix help CMD" and
// "appendix CMD --help" print the same page for CMD, ending with examples.
func TestHelpPagesAgree(t *testing.T) {
	top, stderr, code := runArgs("--help")
	if code != 0 || stderr != "" {
		t.Fatalf("--help: exit %d, stderr %q", code, stderr)
	}
	for _, args := range [][]string{{"help"}, {"-h"}} {
		if got, stderr, code := runArgs(args...); code != 0 || stderr != "" || got != top {
			t.Errorf("%v: exit %d, stderr %q, and a page other than --help's:\n%s", args, code, stderr, got)
		}
	}
	for _, name := range []string{"brief", "completion", "help", "inventory", "strip"} {
		if !strings.Contains(top, "\n  "+name+" ") {
			t.Errorf("the top-level help does not list %q:\n%s", name, top)
		}
		page, stderr, code := runArgs(name, "--help")
		if code != 0 || stderr != "" {
			t.Errorf("%s --help: exit %d, stderr %q", name, code, stderr)
			continue
		}
		if got, _, code := runArgs("help", name); code != 0 || got != page {
			t.Errorf("help %s: exit %d and a page other than %s --help's:\n%s\nwant:\n%s", name, code, name, got, page)
		}
		if got, _, _ := runArgs(name, "-h"); got != page {
			t.Errorf("%s -h: a page other than %s --help's", name, name)
		}
		if _, ex, _ := strings.Cut(page, "\nExamples:\n  "); !strings.Contains(ex, "appendix "+name) {
			t.Errorf("%s --help ends with no examples:\n%s", name, page)
		}
	}
	if !strings.Contains(top, "\nExamples:\n  appendix ") {
		t.Errorf("the top-level help ends with no examples:\n%s", top)
	}
}

// TestHelpErrors: "appendix help" of a name that is no command is a usage
// error that names the commands, or the one meant.
func TestHelpErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "breif"}, `appendix: help: unknown command "breif"; did you mean "brief"?` + "\n"},
		{[]string{"help", "nothing"}, `appendix: help: unknown command "nothing" (commands: brief, completion, governs, help, hook, inventory, pointer, strip)` + "\n"},
		{[]string{"help", "brief", "strip"}, "appendix: help: one COMMAND at most, got 2: brief strip\n"},
		{[]string{"help", "--bogus"}, "appendix: help: unknown flag: --bogus\n"},
	} {
		out, stderr, code := runArgs(tc.args...)
		if code != 2 || stderr != tc.want || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, stderr, tc.want)
		}
	}
}

// TestUnknownCommand: a first argument that is no file and is close to a
// command's name is taken for a misspelt command; a file of any name is
// still a spec, named with ./ or after -- when it is named like a command.
func TestUnknownCommand(t *testing.T) {
	repo := testrepo.New(t, map[string]string{"retry.go": "package retry\n\n// Backoff is the wait before attempt n.\nfunc Backoff(n int) int { return n * n }\n"})
	t.Chdir(repo)
	for _, tc := range []struct {
		args   []string
		code   int
		stderr string // the whole of it, or its start when ending in "..."
	}{
		{[]string{"breif", "spec.md"}, 2, `appendix: unknown command "breif"; did you mean "brief"?` + "\n"},
		{[]string{"inventroy"}, 2, `appendix: unknown command "inventroy"; did you mean "inventory"?` + "\n"},
		{[]string{"Strip"}, 2, `appendix: unknown command "Strip"; did you mean "strip"?` + "\n"},
		{[]string{"hlep"}, 2, `appendix: unknown command "hlep"; did you mean "help"?` + "\n"},
		{[]string{"completions", "bash"}, 2, `appendix: unknown command "completions"; did you mean "completion"?` + "\n"},
		// Far from every command: a spec that is not there.
		{[]string{"design"}, 1, "appendix: design: no such file or directory\n"},
		// A path is never taken for a command.
		{[]string{"./breif"}, 1, "appendix: ./breif: no such file or directory\n"},
		{[]string{"breif.md"}, 1, "appendix: breif.md: no such file or directory\n"},
		// The command itself, even where a file has its name.
		{[]string{"brief"}, 2, "appendix: brief: missing SPEC..."},
	} {
		_, stderr, code := runArgs(tc.args...)
		want, prefix := strings.CutSuffix(tc.stderr, "...")
		if code != tc.code || (prefix && !strings.HasPrefix(stderr, want)) || (!prefix && stderr != want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.stderr)
		}
		if tc.code == 2 && strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: want one line on stderr, got %q", tc.args, stderr)
		}
	}

	// Files named like a command, or close to one: each is read as the
	// spec it is.
	for _, name := range []string{"breif", "brief", "Strip"} {
		if err := os.WriteFile(name, []byte("Keep `Backoff`.\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"breif", "--appendix-only"},
		{"Strip", "--appendix-only"},
		{"./brief"},
		{"--", "brief"},
		{"--appendix-only", "--", "brief"},
	} {
		out, stderr, code := runArgs(args...)
		if code != 0 || !strings.Contains(out, "func Backoff(n int) int") {
			t.Errorf("%v: exit %d, stderr %q; want the spec read and Backoff shown:\n%s", args, code, stderr, out)
		}
	}
}

// TestGoldenHelp: each help page is testdata/help/NAME.txt (appendix.txt
// for the main command's); -update rewrites them.
func TestGoldenHelp(t *testing.T) {
	for _, c := range append([]command{mainCommand}, commands()...) {
		name := c.name
		if name == "" {
			name = "appendix"
		}
		got, stderr, code := runArgs("help", c.name)
		if c.name == "" {
			got, stderr, code = runArgs("help")
		}
		if code != 0 {
			t.Fatalf("help %s: exit %d: %s", c.name, code, stderr)
		}
		checkGolden(t, filepath.Join("testdata", "help", name+".txt"), got)
	}
}

// checkGolden compares got with the golden file, or with -update writes
// it there.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v: run go test ./appendix/cli -run TestGolden -update", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", golden, diff)
	}
}

// TestRegistry walks the registry: every command is listed in the
// top-level help with its summary, has a usage, one or two examples, a
// help page with its flags, and completes only values of flags it has.
func TestRegistry(t *testing.T) {
	top, _, _ := runArgs("--help")
	seen := map[string]bool{}
	for _, c := range append([]command{mainCommand}, commands()...) {
		if seen[c.name] {
			t.Errorf("two commands named %q", c.name)
		}
		seen[c.name] = true
		if c.name != "" && !strings.Contains(top, fmt.Sprintf("\n  %-11s %s\n", c.name, c.summary)) {
			t.Errorf("the top-level help does not list %q with its summary %q", c.name, c.summary)
		}
		if c.name != "" && (c.summary == "" || len(c.usage) == 0 || !strings.HasPrefix(c.usage[0], c.name)) {
			t.Errorf("%q: no summary, or a usage that does not start with its name: %q", c.name, c.usage)
		}
		if n := len(c.examples); n < 1 || n > 2 {
			t.Errorf("%q: %d examples, want one or two", c.name, n)
		}
		fs := flagsOf(c)
		if fs.Lookup("help") == nil {
			t.Errorf("%q has no --help", c.name)
		}
		for name := range c.flags {
			if f := fs.Lookup(name); f == nil || f.NoOptDefVal != "" {
				t.Errorf("%q completes the values of --%s, which is not one of its flags that takes a value", c.name, name)
			}
		}
	}
}

// TestHelpExamplesParse: each appendix command line of a help page's
// examples parses (its flags exist and their values are of their type).
func TestHelpExamplesParse(t *testing.T) {
	for _, c := range append([]command{mainCommand}, commands()...) {
		for _, ex := range c.examples {
			for _, args := range invocations(ex) {
				cmd, rest, err := dispatch(args)
				if err != nil {
					t.Errorf("example %q: %v", ex, err)
					continue
				}
				want := new(strings.Builder)
				writeHelp(want, cmd, flagsOf(cmd))
				if out, stderr, code := runArgs(append(args, "--help")...); code != 0 || out != want.String() {
					t.Errorf("example %q: %v does not parse: exit %d: %s", ex, rest, code, stderr)
				}
			}
		}
	}
}

// invocations returns the arguments of each appendix command in a shell
// command line: what follows the word appendix up to a pipe, redirection
// or the end of a process substitution.
func invocations(line string) [][]string {
	var out [][]string
	var cur []string
	in := false
	for _, w := range strings.Fields(line) {
		end := strings.HasSuffix(w, ")")
		w = strings.TrimSuffix(strings.TrimPrefix(w, "<("), ")")
		switch {
		case w == "appendix":
			in, cur = true, []string{}
		case w == "|" || w == "<" || w == ">":
			in = false
		case in:
			cur = append(cur, w)
		}
		if (!in || end) && cur != nil {
			out, cur = append(out, cur), nil
			in = false
		}
	}
	if cur != nil {
		out = append(out, cur)
	}
	return out
}

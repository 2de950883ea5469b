package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/brief"
)

// TestCompletionUsage: a shell is named, and one this command writes no
// script for is a usage error that names those it does.
func TestCompletionUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"completion"}, "appendix: completion: name a shell: bash, fish or zsh\n"},
		{[]string{"completion", "tcsh"}, "appendix: completion: no script for shell \"tcsh\": want bash, fish or zsh\n"},
		{[]string{"completion", "bash", "zsh"}, "appendix: completion: one SHELL expected, got 2: bash zsh\n"},
	} {
		out, stderr, code := runArgs(tc.args...)
		if code != 2 || stderr != tc.want || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, stderr, tc.want)
		}
	}
}

// completionScript writes the script of shell to a file and returns its
// path.
func completionScript(t *testing.T, shell string) string {
	t.Helper()
	out, stderr, code := runArgs("completion", shell)
	if code != 0 || stderr != "" {
		t.Fatalf("completion %s: exit %d: %s", shell, code, stderr)
	}
	p := filepath.Join(t.TempDir(), "appendix."+shell)
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGoldenCompletion: each script is testdata/completion/appendix.SHELL;
// -update rewrites them.
func TestGoldenCompletion(t *testing.T) {
	for _, shell := range []string{"bash", "fish", "zsh"} {
		got, _, code := runArgs("completion", shell)
		if code != 0 {
			t.Fatalf("completion %s: exit %d", shell, code)
		}
		checkGolden(t, filepath.Join("testdata", "completion", "appendix."+shell), got)
	}
}

// completionDir is a directory to complete in: two files and a directory.
func completionDir(t *testing.T) string {
	dir := t.TempDir()
	for _, f := range []string{"spec.md", "notes.txt", "docs/a.md"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// completionCases are command lines, the last word the one completed, and
// the words each completes to, in any order.
var completionCases = []struct {
	words []string
	want  string
}{
	{[]string{""}, "brief completion docs governs help hook inventory notes.txt pointer spec.md strip"},
	{[]string{"br"}, "brief"},
	{[]string{"s"}, "spec.md strip"},
	{[]string{"--fo"}, "--format"},
	{[]string{"--format", ""}, "json markdown"},
	{[]string{"--format", "=", "j"}, "json"},
	{[]string{"--round", ""}, ""},
	{[]string{"--repo", ""}, "docs"},
	{[]string{"--round", "3", "s"}, "spec.md"},
	{[]string{"spec.md", "--no-"}, "--no-cache"},
	{[]string{"inventory", "--format", ""}, "json text"},
	{[]string{"inventory", "--"}, "--format --help --inventory --now --repo"},
	{[]string{"brief", "--"}, "--adversaries --help --no-cache --notes --now --out --repo"},
	{[]string{"brief", "--adversaries", "P"}, "PARA PEDA"},
	{[]string{"brief", "--adversaries", "PARA,B"}, "PARA,BURN"},
	{[]string{"brief", "--out", ""}, "docs"},
	{[]string{"brief", "n"}, "notes.txt"},
	{[]string{"strip", "--in"}, "--in-place"},
	{[]string{"help", ""}, "brief completion governs help hook inventory pointer strip"},
	{[]string{"completion", ""}, "bash fish zsh"},
}

// TestBashCompletion: the bash script parses (bash -n), registers for
// appendix when sourced (complete -p in a subshell), and completes the
// commands, flags, --format values and --adversaries codes.
func TestBashCompletion(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash here")
	}
	script := completionScript(t, "bash")
	if out, err := exec.Command(bash, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v\n%s", err, out)
	}
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c", `source "$1" && complete -p appendix`, "bash", script).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "-F _appendix appendix") {
		t.Fatalf("complete -p appendix: %v\n%s", err, out)
	}

	// Each case as bash would call the function: COMP_WORDS split at
	// the = of --flag=value, as bash's COMP_WORDBREAKS does.
	var driver strings.Builder
	driver.WriteString(`source "$1"
comp() {
    COMP_WORDS=(appendix "$@"); COMP_CWORD=$#; COMPREPLY=()
    _appendix appendix "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\n' "${COMPREPLY[@]}"; echo '<end>'
}
`)
	for _, tc := range completionCases {
		driver.WriteString("comp")
		for _, w := range tc.words {
			driver.WriteString(" '" + w + "'")
		}
		driver.WriteString("\n")
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", driver.String(), "bash", script)
	answers := completionAnswers(t, cmd)
	for i, tc := range completionCases {
		if got := sortedWords(answers[i]); got != tc.want {
			t.Errorf("appendix %s<TAB>: %q, want %q", strings.Join(tc.words, " "), got, tc.want)
		}
	}
}

// completionAnswers runs a shell that answers each of completionCases
// with lines ending in <end>, and returns the answers.
func completionAnswers(t *testing.T, cmd *exec.Cmd) []string {
	t.Helper()
	cmd.Dir = completionDir(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", cmd.Path, err, out)
	}
	answers := strings.Split(strings.TrimSuffix(string(out), "<end>\n"), "<end>\n")
	if len(answers) != len(completionCases) {
		t.Fatalf("%d answers for %d cases:\n%s", len(answers), len(completionCases), out)
	}
	return answers
}

// sortedWords returns the lines of s, trimmed of a directory's slash,
// sorted and joined by spaces.
func sortedWords(s string) string {
	var ws []string
	for _, l := range strings.Split(s, "\n") {
		if l != "" {
			ws = append(ws, strings.TrimSuffix(l, "/"))
		}
	}
	slices.Sort(ws)
	return strings.Join(ws, " ")
}

// TestFishCompletion: where fish is installed, its script parses and
// completes as bash's does.
func TestFishCompletion(t *testing.T) {
	fish, err := exec.LookPath("fish")
	if err != nil {
		t.Skip("no fish here")
	}
	script := completionScript(t, "fish")
	if out, err := exec.Command(fish, "--no-execute", script).CombinedOutput(); err != nil {
		t.Fatalf("fish --no-execute: %v\n%s", err, out)
	}
	var driver strings.Builder
	driver.WriteString("source $argv[1]\n")
	for _, tc := range completionCases {
		line := "appendix " + strings.Join(tc.words, " ")
		line = strings.ReplaceAll(line, " = ", "=")
		driver.WriteString("complete -C '" + line + "'; echo '<end>'\n")
	}
	cmd := exec.Command(fish, "--no-config", "-c", driver.String(), script)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	answers := completionAnswers(t, cmd)
	description := regexp.MustCompile(`(?m)\t.*$`)
	for i, tc := range completionCases {
		got := sortedWords(description.ReplaceAllString(answers[i], ""))
		want := tc.want
		if tc.words[len(tc.words)-1] == "j" {
			want = "--format=json" // fish completes the whole token
		}
		if got != want {
			t.Errorf("fish: appendix %s<TAB>: %q, want %q", strings.Join(tc.words, " "), got, want)
		}
	}
}

// TestZshCompletion: where zsh is installed, its script parses and,
// sourced after compinit, registers its function for appendix.
func TestZshCompletion(t *testing.T) {
	zsh, err := exec.LookPath("zsh")
	if err != nil {
		t.Skip("no zsh here")
	}
	script := completionScript(t, "zsh")
	if out, err := exec.Command(zsh, "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("zsh -n: %v\n%s", err, out)
	}
	cmd := exec.Command(zsh, "-f", "-c", `autoload -Uz compinit && compinit -u -D && source "$1" && print -r -- $_comps[appendix]`, "zsh", script)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "_appendix" {
		t.Fatalf("zsh: appendix completes with %q, want _appendix (%v)", out, err)
	}
}

// TestCompletedValuesAreAccepted: the --format values completed are the
// ones each command accepts, as its error for another value says, and
// the --adversaries codes are the brief command's adversaries.
func TestCompletedValuesAreAccepted(t *testing.T) {
	want := regexp.MustCompile(`--format "bogus": want (\w+) or (\w+)\n$`)
	for _, c := range append([]command{mainCommand}, commands()...) {
		v, ok := c.flags["format"]
		if !ok {
			continue
		}
		_, stderr, _ := runArgs(c.name, "--format", "bogus", "-")
		if c.name == "" {
			_, stderr, _ = runArgs("--format", "bogus", "-")
		}
		m := want.FindStringSubmatch(stderr)
		if m == nil || !slices.Equal(m[1:], v.words) {
			t.Errorf("appendix %s completes --format with %v; its error: %q", c.name, v.words, stderr)
		}
	}
	b, _ := lookup("brief")
	codes := b.flags["adversaries"].words
	ps, err := brief.SelectProfiles(brief.DefaultProfiles, strings.Join(codes, ","))
	if err != nil || len(ps) != len(brief.DefaultProfiles) {
		t.Errorf("--adversaries completes %v: %d of %d adversaries (%v)", codes, len(ps), len(brief.DefaultProfiles), err)
	}
}

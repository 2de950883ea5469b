package hooks

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// stubAppendix stands in for appendix: it prints the spec (its file
// argument, or standard input for -) followed by a fixed appendix.
const stubAppendix = `#!/bin/sh
if [ "$3" = - ]; then cat; else cat -- "$3"; fi
printf '\n---\n\n## APPENDIX: Codebase Context (Round %s)\n\nA1 stub\n' "$2"
`

// stubDebate stands in for debate.py: it records what it received on
// standard input.
const stubDebate = `import sys
open("received", "w").write(sys.stdin.read())
`

const specText = "# Spec: orders\n\nWe extend `OrderRequest`.\n"

func stubAppendixOut(round string) string {
	return "\n---\n\n## APPENDIX: Codebase Context (Round " + round + ")\n\nA1 stub\n"
}

func TestDebateGate(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	files := map[string]string{
		"spec.md":            specText,
		"my spec's.md":       specText,
		"-dash.md":           specText,
		"tab\there.md":       specText,
		"with-appendix.md":   specText + stubAppendixOut("2"),
		"debate.py":          stubDebate,
		"bin dir/appendix":   stubAppendix,
		"skills/x/debate.py": stubDebate,
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	app := filepath.Join(dir, "bin dir", "appendix")
	qapp := "'" + app + "'"

	heredoc := "python3 debate.py critique --models gpt-4o <<'EOF'\n" + specText + "EOF\n"
	tests := []struct {
		name    string
		command string
		round   int
		want    string // the command rewritten, with @APP@ for appendix
		advice  string // a line the advice holds; "" when none is wanted
		payload string // what debate.py receives from the rewritten command, before the appendix
	}{
		// Rewritten.
		{name: "cat pipe", command: "cat spec.md | python3 debate.py critique --models gpt-4o,claude", round: 2,
			want: "@APP@ --round 2 spec.md | python3 debate.py critique --models gpt-4o,claude", payload: specText},
		{name: "redirect", command: "python3 debate.py critique --models gpt-4o < spec.md", round: 3,
			want: "@APP@ --round 3 spec.md | python3 debate.py critique --models gpt-4o", payload: specText},
		{name: "gauntlet, quoted path", command: `python3 debate.py gauntlet --gauntlet-adversaries paranoid_security < "my spec's.md"`, round: 2,
			want: `@APP@ --round 2 'my spec'\''s.md' | python3 debate.py gauntlet --gauntlet-adversaries paranoid_security`, payload: specText},
		{name: "cat single-quoted path", command: `cat 'my spec'\''s.md' | python3 debate.py critique`, round: 4,
			want: `@APP@ --round 4 'my spec'\''s.md' | python3 debate.py critique`, payload: specText},
		{name: "path like a flag", command: "python3 debate.py critique < -dash.md", round: 2,
			want: "@APP@ --round 2 ./-dash.md | python3 debate.py critique", payload: specText},
		{name: "stderr kept", command: "cat spec.md | python3 debate.py critique --models x 2>&1", round: 2,
			want: "@APP@ --round 2 spec.md | python3 debate.py critique --models x 2>&1", payload: specText},
		{name: "debate.py under home", command: "cat spec.md | python3 ~/skills/x/debate.py critique", round: 2,
			want: "@APP@ --round 2 spec.md | python3 ~/skills/x/debate.py critique", payload: specText},
		{name: "heredoc through cat", command: "cat <<'EOF' | python3 debate.py gauntlet --gauntlet-adversaries paranoid_security\n" + specText + "EOF", round: 3,
			want: "@APP@ --round 3 - <<'EOF' | python3 debate.py gauntlet --gauntlet-adversaries paranoid_security\n" + specText + "EOF", payload: specText},
		{name: "heredoc", command: heredoc, round: 2,
			want: "@APP@ --round 2 - <<'EOF' | python3 debate.py critique --models gpt-4o\n" + specText + "EOF\n", payload: specText},

		// Advised.
		{name: "after cd", command: "cd . && cat spec.md | python3 debate.py critique --models x", round: 2,
			advice: "@APP@ --round 2 spec.md | python3 debate.py critique --models x"},
		{name: "no payload", command: "python3 debate.py critique --models x", round: 2,
			advice: "@APP@ --round 2 SPEC | python3 debate.py critique --models x"},
		{name: "two files", command: "cat spec.md -dash.md | python3 debate.py critique", round: 2,
			advice: "| python3 debate.py critique"},
		{name: "piped on", command: "cat spec.md | python3 debate.py critique | tee out.txt", round: 2,
			advice: "@APP@ --round 2 spec.md | python3 debate.py critique"},
		{name: "variable payload", command: `cat "$SPEC" | python3 debate.py critique`, round: 2,
			advice: "@APP@ --round 2 SPEC | python3 debate.py critique"},
		{name: "command substitution", command: `cat spec.md | python3 debate.py critique --focus "$(cat focus)"`, round: 2,
			advice: "@APP@ --round 2 spec.md | python3 debate.py critique ..."},
		{name: "control character in path", command: "cat 'tab\there.md' | python3 debate.py critique", round: 2,
			advice: "@APP@ --round 2 SPEC | python3 debate.py critique"},
		{name: "heredoc with tabs stripped", command: "python3 debate.py critique <<-EOF\n\tspec\n\tEOF\n", round: 2,
			advice: "@APP@ --round 2 SPEC"},
		{name: "heredoc then more", command: heredoc + "echo done\n", round: 2,
			advice: "@APP@ --round 2 SPEC | python3 debate.py critique --models gpt-4o"},
		{name: "then more", command: "python3 debate.py critique < spec.md; echo done", round: 2,
			advice: "@APP@ --round 2 spec.md | python3 debate.py critique"},
		{name: "env prefix", command: "DEBUG=1 python3 debate.py critique < spec.md", round: 2,
			advice: "@APP@ --round 2 spec.md"},
		{name: "unterminated quote", command: "cat 'spec.md | python3 debate.py critique", round: 2,
			advice: "@APP@ --round 2 SPEC | python3 debate.py critique ..."},

		// Passed.
		{name: "round 1", command: "cat spec.md | python3 debate.py critique", round: 1},
		{name: "round 0", command: "python3 debate.py critique < spec.md", round: 0},
		{name: "other subcommand", command: "python3 debate.py providers", round: 2},
		{name: "not debate", command: "go test ./...", round: 2},
		{name: "appendix already", command: "appendix --round 2 spec.md | python3 debate.py critique", round: 2},
		{name: "appendix stub already", command: "@APP@ --round 2 spec.md | python3 debate.py critique", round: 2},
		{name: "file holds an appendix", command: "cat with-appendix.md | python3 debate.py critique", round: 2},
		{name: "redirect holds an appendix", command: "python3 debate.py gauntlet < with-appendix.md", round: 3},
		{name: "heredoc holds an appendix", command: "python3 debate.py critique <<'EOF'\n" + specText + stubAppendixOut("2") + "EOF", round: 2},
		{name: "missing file", command: "cat nowhere.md | python3 debate.py critique", round: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			command := strings.ReplaceAll(tt.command, "@APP@", qapp)
			got, advice := DebateGate(command, tt.round, app, nil)
			want := strings.ReplaceAll(tt.want, "@APP@", qapp)
			if got != want {
				t.Fatalf("rewritten:\n got %q\nwant %q", got, want)
			}
			if wantAdv := strings.ReplaceAll(tt.advice, "@APP@", qapp); !strings.Contains(advice, wantAdv) || (advice == "") != (wantAdv == "") {
				t.Fatalf("advice:\n got %q\nwant it to hold %q", advice, wantAdv)
			}
			if got == "" {
				return
			}
			if err := os.WriteFile("received", nil, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("bash", "-c", got)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "HOME="+dir)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("bash -c %q: %v\n%s", got, err, out)
			}
			data, err := os.ReadFile("received") // written in the working directory

			if err != nil {
				t.Fatal(err)
			}
			if want := tt.payload + stubAppendixOut(strings.Fields(strings.TrimPrefix(got, qapp))[1]); string(data) != want {
				t.Errorf("debate.py received:\n%q\nwant the spec followed by the appendix:\n%q", data, want)
			}
		})
	}
}

func TestShellQuote(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"spec.md", "spec.md"},
		{"a b.md", "'a b.md'"},
		{"it's", `'it'\''s'`},
		{"$HOME;rm", "'$HOME;rm'"},
		{"", "''"},
	} {
		if got, ok := shellQuote(tt.in); !ok || got != tt.want {
			t.Errorf("shellQuote(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
	if _, ok := shellQuote("a\nb"); ok {
		t.Error("shellQuote quoted a newline")
	}
	// Each quoted word reads back as itself.
	for _, s := range []string{"a b", "it's", `"$(x)"`, "*?[", "~x", `back\slash`} {
		q, _ := shellQuote(s)
		out, err := exec.Command("bash", "-c", "printf %s "+q).Output()
		if err != nil || string(out) != s {
			t.Errorf("bash read %q as %q (%v), want %q", q, out, err, s)
		}
	}
}

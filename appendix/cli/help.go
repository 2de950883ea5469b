package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/appendix-dev/appendix/appendix/brief"
	"github.com/appendix-dev/appendix/appendix/hooks"
	"github.com/spf13/pflag"
)

// mainCommand is "appendix [flags] SPEC".
var mainCommand = command{
	usage: []string{
		"[flags] SPEC          SPEC is a file path, or - for standard input",
		"COMMAND [flags] ...   one of the commands below",
	},
	about: `appendix builds the Codebase Context appendix for a spec under debate: it finds the code
artifacts the spec names in the git repository and prints the spec followed by their
definitions, labeled A1..An, within a line budget.`,
	more: `appendix help COMMAND, or appendix COMMAND --help, prints a command's page. A spec
named like a command is read as ./NAME, or after --.`,
	examples: []string{
		"appendix --round 2 spec.md | python3 debate.py critique --pipeline-card CARD",
		"appendix --appendix-only --format json spec.md",
	},
	args: values{files: true},
	flags: map[string]values{
		"format":    {words: []string{"markdown", "json"}},
		"repo":      {dirs: true},
		"context":   {files: true},
		"inventory": {files: true},
	},
	run: runAppendix,
}

// commands is the registry of subcommands, in the order the top-level
// help lists them.
func commands() []command {
	return []command{
		{
			name:    "brief",
			summary: "write one briefing per gauntlet adversary, for debate.py gauntlet",
			usage:   []string{"brief [flags] SPEC"},
			about: `appendix brief writes one briefing per gauntlet adversary, ready for debate.py gauntlet:
the spec with the context that adversary's persona needs, in DIR/briefing-CODE.md, with
DIR/briefings.json; stdout has one line per briefing. With --repo NAME=DIR given for each
repository a spec spans, each repository's context says whose it is.`,
			more: "Adversaries built in (.appendix/adversaries.json may replace or add some);\n--adversaries takes codes or names, comma-separated:\n" + adversaryList(),
			examples: []string{
				"appendix brief --adversaries PARA,BURN spec.md",
				"python3 debate.py gauntlet --gauntlet-adversaries paranoid_security < .adversarial-spec-gauntlet/briefing-PARA.md",
			},
			args: values{files: true},
			flags: map[string]values{
				"adversaries": {words: adversaryCodes(), list: true},
				"notes":       {files: true},
				"out":         {dirs: true},
				"repo":        {dirs: true},
			},
			run: runBrief,
		},
		{
			name:    "completion",
			summary: "print a shell completion script: bash, zsh or fish",
			usage:   []string{"completion SHELL"},
			about: `appendix completion prints a script that completes appendix's commands, flags, --format
values and --adversaries codes in SHELL: bash, zsh or fish.

  bash: source <(appendix completion bash)            in ~/.bashrc
  zsh:  source <(appendix completion zsh)             in ~/.zshrc, after compinit
  fish: appendix completion fish > ~/.config/fish/completions/appendix.fish`,
			examples: []string{
				"source <(appendix completion bash)",
				"appendix completion fish > ~/.config/fish/completions/appendix.fish",
			},
			args: values{words: shellNames()},
			run:  runCompletion,
		},
		{
			name:    "governs",
			summary: "name the specs whose references are defined in each file",
			usage:   []string{"governs [flags] FILE..."},
			about: `appendix governs prints, for each FILE, the specs whose resolved references are defined in
it, with their symbols and lines, and flags a shared hub: a file that four or more specs
name. The specs are every .md file under .adversarial-spec/specs, or --specs. Each
spec's resolution is cached in .appendix/cache/governs.json by its content hash while
the repository's files stay as they were.`,
			examples: []string{
				"appendix governs internal/orders/request.go --format json",
				"appendix governs internal/orders/request.go internal/orders/registry.go --specs 'docs/specs/*.md'",
			},
			args: values{files: true},
			flags: map[string]values{
				"format": {words: []string{"markdown", "json"}},
				"repo":   {dirs: true},
				"specs":  {files: true},
			},
			run: runGoverns,
		},
		{
			name:    "help",
			summary: "print the help of appendix, or of a command",
			usage:   []string{"help [COMMAND]"},
			about:   "appendix help prints the help of appendix, or of COMMAND: the page appendix COMMAND --help prints.",
			examples: []string{
				"appendix help brief",
			},
			args: values{commands: true},
			run:  runHelp,
		},
		{
			name:    "hook",
			summary: "run a Claude Code hook, or install the hooks in .claude/settings.json",
			usage:   []string{"hook NAME", "hook install [--print]"},
			about: `appendix hook NAME runs a Claude Code hook on the payload on standard input and writes
its answer on standard output; it never fails a tool call. appendix hook install merges the
hooks into .claude/settings.json, every other setting kept; --print prints the result instead.`,
			more: `Hooks:
  context-gate  PreToolUse, any tool: once per session, pointers to the live specs of the
                active debate, the last round's artifact index and the audit's gaps
  debate-gate   PreToolUse, Bash: from round 2 on, a spec sent to debate.py critique or
                gauntlet without its appendix passes through appendix --round N
  spec-first    PreToolUse, Read/Edit/Write/MultiEdit/Grep/Glob: blocks, once, the first
                code access of a session that has not read its spec
  spec-of-file  PostToolUse, Edit/Write/MultiEdit: once per file, the specs that govern
                the file just edited`,
			examples: []string{
				"appendix hook install",
				"appendix hook context-gate < payload.json",
			},
			args: values{words: append([]string{"install"}, hooks.Names()...)},
			run:  runHook,
		},
		{
			name:    "inventory",
			summary: "run the Context Readiness Audit and write the inventory",
			usage:   []string{"inventory [flags] [SPEC]"},
			about: `appendix inventory runs the Context Readiness Audit of the repository (and of SPEC's blast
zone, given SPEC), prints its summary and writes the inventory, ContextInventoryV1, whose
gaps every later appendix lists. The inventory lives in the active adversarial-spec
session when it is SPEC's, else in --inventory; the round history in it is kept. With
--repo NAME=DIR given for each repository a spec spans, each is audited and stamped on its
own, and the inventory, in the first, names each blast-zone file's repository.`,
			examples: []string{
				"appendix inventory spec.md",
				"appendix inventory --format json spec.md",
			},
			args: values{files: true},
			flags: map[string]values{
				"format":    {words: []string{"text", "json"}},
				"repo":      {dirs: true},
				"inventory": {files: true},
			},
			run: runInventory,
		},
		{
			name:    "pointer",
			summary: "print the path of the live spec of a session or a spec",
			usage:   []string{"pointer [ID]"},
			about: `appendix pointer prints the absolute path of the live spec of ID, a session (its
session_id) or a spec (its directory in .adversarial-spec/specs), or of the active session
without ID: one line, never the spec's text; nothing for an ID it does not know.`,
			examples: []string{
				"appendix pointer orders",
			},
			run: runPointer,
		},
		{
			name:    "strip",
			summary: "remove the appendix from a spec, which it prints byte for byte",
			usage:   []string{"strip [--in-place] [FILE|-]"},
			about: `appendix strip removes the appendix that appendix attached to a spec (from its --- line to
the end, or to [/SPEC]) and prints the spec byte for byte; FILE is standard input when absent.`,
			examples: []string{
				"appendix strip --in-place spec.md",
				"appendix --round 2 spec.md | appendix strip",
			},
			args: values{files: true},
			run: func(_ context.Context, args []string, stdin io.Reader, stdout, _ io.Writer, _ func(string) string) error {
				return runStrip(args, stdin, stdout)
			},
		},
	}
}

// adversaryCodes lists the built-in gauntlet adversaries' codes.
func adversaryCodes() []string {
	var codes []string
	for _, p := range brief.DefaultProfiles {
		codes = append(codes, p.Code)
	}
	return codes
}

// adversaryList is the brief page's list of adversaries, one a line.
func adversaryList() string {
	var b strings.Builder
	for i, p := range brief.DefaultProfiles {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  %-5s %s", p.Code, p.Name)
	}
	return b.String()
}

// writeHelp writes the help page of c, whose flag set is fs: what it does,
// its usage, the commands (on the main command's page), what more it
// says, its flags and its examples.
func writeHelp(w io.Writer, c command, fs *pflag.FlagSet) error {
	var b strings.Builder
	b.WriteString(c.about + "\n\nUsage:\n")
	for _, u := range c.usage {
		fmt.Fprintf(&b, "  appendix %s\n", u)
	}
	if c.name == "" {
		b.WriteString("\nCommands:\n")
		for _, sc := range commands() {
			fmt.Fprintf(&b, "  %-11s %s\n", sc.name, sc.summary)
		}
	}
	if c.more != "" {
		b.WriteString("\n" + c.more + "\n")
	}
	b.WriteString("\nFlags:\n" + fs.FlagUsages())
	b.WriteString("\nExamples:\n")
	for _, e := range c.examples {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// runHelp is "appendix help [COMMAND]".
func runHelp(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer, _ func(string) string) error {
	args, err := parseArgs("help", args)
	if err != nil {
		return err
	}
	c := mainCommand
	switch len(args) {
	case 0:
	case 1:
		var ok bool
		if c, ok = lookup(args[0]); !ok {
			if near := nearest(args[0]); near != "" {
				return usageError{fmt.Sprintf("help: unknown command %q; did you mean %q?", args[0], near)}
			}
			return usageError{fmt.Sprintf("help: unknown command %q (commands: %s)", args[0], strings.Join(commandNames(), ", "))}
		}
	default:
		return usageError{fmt.Sprintf("help: one COMMAND at most, got %d: %s", len(args), strings.Join(args, " "))}
	}
	return writeHelp(stdout, c, flagsOf(c))
}

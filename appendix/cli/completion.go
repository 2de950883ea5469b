package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// shellNames lists the shells appendix completion writes a script for.
func shellNames() []string { return []string{"bash", "fish", "zsh"} }

// runCompletion is "appendix completion SHELL".
func runCompletion(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer, _ func(string) string) error {
	args, err := parseArgs("completion", args)
	if err != nil {
		return err
	}
	names := shellNames()
	known := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	switch {
	case len(args) == 0:
		return usageError{"completion: name a shell: " + known}
	case len(args) > 1:
		return usageError{fmt.Sprintf("completion: one SHELL expected, got %d: %s", len(args), strings.Join(args, " "))}
	}
	var b strings.Builder
	switch args[0] {
	case "bash":
		writeBash(&b, completions())
	case "fish":
		writeFish(&b, completions())
	case "zsh":
		writeZsh(&b, completions())
	default:
		return usageError{fmt.Sprintf("completion: no script for shell %q: want %s", args[0], known)}
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// completable is what a script completes for one command: its
// arguments and its options, each flag of its flag set.
type completable struct {
	command
	options []flagCompletion
}

// flagCompletion is one flag of a command, as a script completes it.
type flagCompletion struct {
	long, short, usage string
	takesValue         bool   // --flag VALUE, not a switch
	repeats            bool   // may be given more than once
	values             values // what completes its value
}

// completions lists the commands, the main one first, with their flags
// in name order, as their own flag sets have them.
func completions() []completable {
	var out []completable
	for _, c := range append([]command{mainCommand}, commands()...) {
		cc := completable{command: c}
		flagsOf(c).VisitAll(func(f *pflag.Flag) {
			typ := f.Value.Type()
			cc.options = append(cc.options, flagCompletion{
				long: f.Name, short: f.Shorthand, usage: f.Usage,
				takesValue: f.NoOptDefVal == "",
				repeats:    strings.HasSuffix(typ, "Array") || strings.HasSuffix(typ, "Slice"),
				values:     c.flags[f.Name],
			})
		})
		out = append(out, cc)
	}
	return out
}

// choices lists the words that complete v.
func (v values) choices() []string {
	if v.commands {
		return commandNames()
	}
	return v.words
}

// bashCase is the case pattern of a command in bash and zsh: its name,
// or the quoted empty string for the main command.
func (c completable) bashCase() string {
	if c.name == "" {
		return "''"
	}
	return c.name
}

// writeBash writes the bash script. It needs no bash-completion package:
// compgen alone offers words, files and directories.
func writeBash(b *strings.Builder, cs []completable) {
	b.WriteString(`# bash completion for appendix: its commands, flags, --format values and --adversaries
# codes. Load it with: source <(appendix completion bash)

_appendix() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
    # bash splits --flag=value at the =.
    if [[ $cur == = ]]; then
        cur=
    elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
        prev=${COMP_WORDS[COMP_CWORD-2]}
    fi
    # A command is the first argument, or there is none.
    local cmd=
    if (( COMP_CWORD > 1 )); then
        case ${COMP_WORDS[1]} in
        ` + strings.Join(commandNames(), "|") + `) cmd=${COMP_WORDS[1]} ;;
        esac
    fi
    COMPREPLY=()
    local IFS=$'\n'
    case $cmd in
`)
	for _, c := range cs {
		fmt.Fprintf(b, "    %s)\n", c.bashCase())
		// The flags whose value is completed alike share a pattern.
		var all, actions []string
		patterns := map[string][]string{}
		for _, f := range c.options {
			names := []string{"--" + f.long}
			if f.short != "" {
				names = append(names, "-"+f.short)
				all = append(all, "-"+f.short)
			}
			all = append(all, "--"+f.long)
			if f.takesValue {
				a := bashAction(f.values)
				if patterns[a] == nil {
					actions = append(actions, a)
				}
				patterns[a] = append(patterns[a], names...)
			}
		}
		if len(actions) > 0 {
			b.WriteString("        case $prev in\n")
			for _, a := range actions {
				fmt.Fprintf(b, "        %s) %s ;;\n", strings.Join(patterns[a], "|"), a)
			}
			b.WriteString("        esac\n")
		}
		fmt.Fprintf(b, "        if [[ $cur == -* ]]; then _appendix_words \"$cur\" %s; return; fi\n", strings.Join(all, " "))
		if c.name == "" {
			fmt.Fprintf(b, "        (( COMP_CWORD == 1 )) && _appendix_words \"$cur\" %s\n", strings.Join(commandNames(), " "))
		}
		fmt.Fprintf(b, "        %s\n        ;;\n", strings.TrimSuffix(bashAction(c.args), "; return"))
	}
	b.WriteString(`    esac
}

# _appendix_words CUR WORD...: the words that start with CUR.
_appendix_words() {
    local cur=$1
    shift
    COMPREPLY+=($(compgen -W "$*" -- "$cur"))
}

# _appendix_list CUR WORD...: the words that start with what follows the
# last comma of CUR, after what precedes it.
_appendix_list() {
    local cur=$1 head=
    shift
    [[ $cur == *,* ]] && head=${cur%,*},
    compopt -o nospace 2>/dev/null
    COMPREPLY+=($(compgen -P "$head" -W "$*" -- "${cur##*,}"))
}

# _appendix_files CUR: the files and directories that start with CUR.
_appendix_files() {
    compopt -o filenames 2>/dev/null
    COMPREPLY+=($(compgen -f -- "$1"))
}

# _appendix_dirs CUR: the directories that start with CUR.
_appendix_dirs() {
    compopt -o filenames 2>/dev/null
    COMPREPLY+=($(compgen -d -- "$1"))
}

complete -F _appendix appendix
`)
}

// bashAction is the bash command that completes v, and returns.
func bashAction(v values) string {
	switch {
	case v.files:
		return `_appendix_files "$cur"; return`
	case v.dirs:
		return `_appendix_dirs "$cur"; return`
	case v.list:
		return `_appendix_list "$cur" ` + strings.Join(v.choices(), " ") + "; return"
	case len(v.choices()) > 0:
		return `_appendix_words "$cur" ` + strings.Join(v.choices(), " ") + "; return"
	}
	return "return"
}

// writeZsh writes the zsh script, for compinit: sourced, or autoloaded
// from a directory of $fpath as _appendix.
func writeZsh(b *strings.Builder, cs []completable) {
	b.WriteString(`#compdef appendix
# zsh completion for appendix: its commands, flags, --format values and --adversaries
# codes. Load it with: source <(appendix completion zsh), after compinit; or save it as
# _appendix in a directory of $fpath.

_appendix() {
  local curcontext=$curcontext cmd=
  # A command is the first argument, or there is none.
  if (( CURRENT > 2 )); then
    case ${words[2]} in
      (` + strings.Join(commandNames(), "|") + `) cmd=${words[2]} ;;
    esac
  fi
  if [[ -n $cmd ]]; then
    shift words
    (( CURRENT-- ))
    curcontext=${curcontext%:*:*}:appendix-$cmd:
  fi
  case $cmd in
`)
	for _, c := range cs {
		fmt.Fprintf(b, "    (%s)\n      _arguments -s -S :", c.bashCase())
		for _, f := range c.options {
			b.WriteString(" \\\n        " + zshFlag(f))
		}
		arg := "'1:" + argName(c.command) + ":" + zshAction(c.args) + "'"
		if c.name == "" {
			arg = "'1: :_appendix_first'"
		}
		fmt.Fprintf(b, " \\\n        %s\n      ;;\n", arg)
	}
	b.WriteString(`  esac
}

# _appendix_first: the first argument, a command or a spec.
_appendix_first() {
  local -a commands=(
`)
	for _, c := range cs[1:] {
		fmt.Fprintf(b, "    %s\n", zshQuote(c.name+":"+c.summary))
	}
	b.WriteString(`  )
  local ret=1
  if (( CURRENT == 2 )); then
    _describe -t commands command commands && ret=0
  fi
  _files && ret=0
  return ret
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _appendix "$@"
else
  compdef _appendix appendix
fi
`)
}

// zshFlag is the _arguments spec of a flag.
func zshFlag(f flagCompletion) string {
	desc := "[" + zshEscape(f.usage) + "]"
	if f.takesValue {
		desc = "=" + desc + ":" + f.long + ":" + zshAction(f.values)
	}
	if f.short != "" {
		return fmt.Sprintf("'(-%s --%s)'{-%s,--%s}%s", f.short, f.long, f.short, f.long, zshQuote(desc))
	}
	repeat := ""
	if f.repeats {
		repeat = "*"
	}
	return zshQuote(repeat + "--" + f.long + desc)
}

// zshAction is the _arguments action that completes v.
func zshAction(v values) string {
	switch {
	case v.files:
		return "_files"
	case v.dirs:
		return "_files -/"
	case v.list:
		return "_sequence compadd - " + strings.Join(v.choices(), " ")
	case len(v.choices()) > 0:
		return "(" + strings.Join(v.choices(), " ") + ")"
	}
	return " "
}

// argName names a command's argument as its usage does ("spec" for
// SPEC), for zsh to show.
func argName(c command) string {
	f := strings.Fields(c.usage[0])
	name := strings.Trim(f[len(f)-1], "[]")
	name, _, _ = strings.Cut(name, "|")
	return strings.ToLower(name)
}

// zshEscape escapes a description for the brackets of an _arguments spec.
func zshEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(s)
}

// zshQuote quotes s for zsh.
func zshQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// writeFish writes the fish script.
func writeFish(b *strings.Builder, cs []completable) {
	b.WriteString(`# fish completion for appendix: its commands, flags, --format values and --adversaries
# codes. Load it with: appendix completion fish > ~/.config/fish/completions/appendix.fish

# __appendix_command prints the command being completed: the first argument
# when it names one, else appendix, the main command.
function __appendix_command
    set -l words (commandline -opc)
    if set -q words[2]; and contains -- $words[2] ` + strings.Join(commandNames(), " ") + `
        echo $words[2]
    else
        echo appendix
    end
end

function __appendix_using
    test (__appendix_command) = $argv[1]
end

function __appendix_first
    test (count (commandline -opc)) -eq 1
end

complete -c appendix -e
`)
	for _, c := range cs[1:] {
		fmt.Fprintf(b, "complete -c appendix -n __appendix_first -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	for _, c := range cs {
		name := c.name
		if name == "" {
			name = "appendix"
		}
		cond := fishQuote("__appendix_using " + name)
		for _, f := range c.options {
			fmt.Fprintf(b, "complete -c appendix -n %s", cond)
			if f.short != "" {
				fmt.Fprintf(b, " -s %s", f.short)
			}
			fmt.Fprintf(b, " -l %s", f.long)
			if f.takesValue {
				b.WriteString(" " + fishAction(f.values))
			}
			fmt.Fprintf(b, " -d %s\n", fishQuote(f.usage))
		}
		if !c.args.files {
			fmt.Fprintf(b, "complete -c appendix -n %s -f -a %s\n", cond, fishQuote(strings.Join(c.args.choices(), " ")))
		}
	}
}

// fishAction is the options of a fish complete command that complete v.
func fishAction(v values) string {
	switch {
	case v.files:
		return "-r -F"
	case v.dirs:
		return "-x -a '(__fish_complete_directories)'"
	case v.list:
		return "-x -a " + fishQuote("(__fish_append , "+strings.Join(v.choices(), " ")+")")
	case len(v.choices()) > 0:
		return "-x -a " + fishQuote(strings.Join(v.choices(), " "))
	}
	return "-x"
}

// fishQuote quotes s for fish.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

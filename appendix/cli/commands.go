package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/pflag"
)

// command is one command of appendix. The registry below is the one list
// of them: the command line dispatches from it, the top-level help lists
// it, and each entry gives its command's help page and shell completion.
type command struct {
	name     string            // what the first argument says ("" for the main command)
	summary  string            // its line in the top-level help
	usage    []string          // how it is called, each line after "appendix "
	about    string            // what its help page opens with
	more     string            // what its help page says after the usage, if anything
	examples []string          // one or two command lines, the end of its help page
	args     values            // what completes its positional arguments
	flags    map[string]values // what completes its flags' values, by flag name
	run      runFunc
}

// runFunc runs a command on its arguments (those after its name).
type runFunc func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error

// values says what completes an argument or a flag's value: words (or a
// comma-separated list of them), files, directories or command names. A
// value flag with none is free text.
type values struct {
	words    []string
	list     bool
	files    bool
	dirs     bool
	commands bool
}

// helpRequest is what a command returns when its flags ask for help (-h,
// --help): its flag set, parsed, and nothing read or written. Its help
// page and its shell completion are written from that flag set, so they
// name exactly the flags it parses.
type helpRequest struct{ fs *pflag.FlagSet }

func (helpRequest) Error() string { return "help requested" }

// flagsOf returns a command's flag set, asking it for help.
func flagsOf(c command) *pflag.FlagSet {
	err := c.run(context.Background(), []string{"--help"}, nil, io.Discard, io.Discard, func(string) string { return "" })
	var h helpRequest
	if !errors.As(err, &h) {
		panic(fmt.Sprintf("appendix %s --help returned %v, not its flags", c.name, err))
	}
	return h.fs
}

// parseArgs parses the arguments of the command name, whose one flag is
// --help, and returns its arguments.
func parseArgs(name string, args []string) ([]string, error) {
	fs := pflag.NewFlagSet("appendix "+name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return nil, usageError{name + ": " + flagError(err)}
	}
	if *help {
		return nil, helpRequest{fs}
	}
	return fs.Args(), nil
}

// dispatch finds the command args name and the arguments it gets. A first
// argument is a command when it is one's name, exactly; otherwise it is
// the main command's, unless it is a bare word, names no file and is
// close to a command's name: then it is a misspelt command, a usage
// error. A spec named like a command is reached as ./NAME or after --.
func dispatch(args []string) (command, []string, error) {
	if len(args) == 0 {
		return mainCommand, args, nil
	}
	if c, ok := lookup(args[0]); ok {
		return c, args[1:], nil
	}
	if bareWord.MatchString(args[0]) {
		if _, err := os.Lstat(args[0]); errors.Is(err, fs.ErrNotExist) {
			if near := nearest(args[0]); near != "" {
				return command{}, nil, usageError{fmt.Sprintf("unknown command %q; did you mean %q?", args[0], near)}
			}
		}
	}
	return mainCommand, args, nil
}

// bareWord is an argument that could be a command's name: no path
// separator, no extension, no flag.
var bareWord = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// lookup returns the command named name.
func lookup(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// nearest returns the command whose name is closest to word, within two
// edits (a letter added, dropped, changed, or two swapped, case aside)
// and closer than word's own length; "" when none is.
func nearest(word string) string {
	best, bestDist := "", 3
	for _, c := range commands() {
		d := editDistance(strings.ToLower(word), c.name)
		if d < bestDist && d < len(word) {
			best, bestDist = c.name, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of adjacent
// bytes that turn one into the other.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// commandNames lists the commands' names, in the registry's order.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/appendix-dev/appendix/appendix/hooks"
	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/spf13/pflag"
)

// runHook is "appendix hook NAME" and "appendix hook install [--print]".
// Its command line errors exit 1, not 2: Claude Code reads exit status 2
// of a PreToolUse hook as blocking the tool call, and a settings file
// naming a hook this binary lacks must not block every call.
func runHook(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := pflag.NewFlagSet("appendix hook", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	help := fs.BoolP("help", "h", false, "show this help")
	printOnly := fs.Bool("print", false, "install: print the settings instead of writing them")
	if err := fs.Parse(args); err != nil {
		return errors.New("hook: " + flagError(err))
	}
	if *help {
		return helpRequest{fs}
	}
	args = fs.Args()
	if len(args) != 1 {
		return fmt.Errorf("hook: one hook name expected, got %d (hooks: install, %s)", len(args), strings.Join(hooks.Names(), ", "))
	}
	if args[0] == "install" {
		return installHooks(*printOnly, stdout, stderr)
	}
	if *printOnly {
		return errors.New("hook: --print goes with install only")
	}
	for _, n := range hooks.Names() {
		if n == args[0] {
			return hooks.Run(n, stdin, stdout, hooks.Env{Getenv: getenv})
		}
	}
	return fmt.Errorf("hook: unknown hook %q (hooks: install, %s)", args[0], strings.Join(hooks.Names(), ", "))
}

// installHooks merges the hooks into the current directory's Claude Code
// settings, or prints the merged settings.
func installHooks(print bool, stdout, stderr io.Writer) error {
	file := filepath.FromSlash(hooks.SettingsFile)
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", hooks.SettingsFile, unwrapPath(err))
	}
	merged, err := hooks.Install(hooks.SettingsFile, old)
	if err != nil {
		return err
	}
	if print {
		_, err := stdout.Write(merged)
		return err
	}
	if bytes.Equal(old, merged) {
		fmt.Fprintf(stderr, "appendix: %s already runs the appendix hooks\n", hooks.SettingsFile)
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return fmt.Errorf("%s: %w", filepath.Dir(hooks.SettingsFile), unwrapPath(err))
	}
	if err := atomic.WriteFile(file, merged, 0o644); err != nil {
		return fmt.Errorf("%s: %w", hooks.SettingsFile, unwrapPath(err))
	}
	fmt.Fprintf(stderr, "appendix: hooks installed in %s\n", hooks.SettingsFile)
	return nil
}

// runPointer is "appendix pointer [ID]".
func runPointer(_ context.Context, args []string, _ io.Reader, stdout, _ io.Writer, _ func(string) string) error {
	args, err := parseArgs("pointer", args)
	if err != nil {
		return err
	}
	if len(args) > 1 {
		return usageError{fmt.Sprintf("pointer: one ID at most, got %d: %s", len(args), strings.Join(args, " "))}
	}
	id := ""
	if len(args) == 1 {
		id = args[0]
	}
	if p := hooks.Pointer(".", id); p != "" {
		_, err := fmt.Fprintln(stdout, p)
		return err
	}
	return nil
}

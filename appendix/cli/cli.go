package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// MaxSpecSize is the largest spec the tool reads.
const MaxSpecSize = 10 << 20

// DefaultInventory is where the inventory and round history live unless
// the active adversarial-spec session is the spec's, relative to the
// repository root.
const DefaultInventory = ".appendix/inventory.json"

// usageError is a problem with the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// Run is the command line: it parses args, builds the appendix and writes
// it to stdout, notes to stderr, and returns the exit status (0 success,
// 1 failure, 2 usage).
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	err := run(ctx, args, stdin, stdout, stderr, getenv)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "appendix: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	c, args, err := dispatch(args)
	if err != nil {
		return err
	}
	err = c.run(ctx, args, stdin, stdout, stderr, getenv)
	var h helpRequest
	if errors.As(err, &h) {
		return writeHelp(stdout, c, h.fs)
	}
	return err
}

// readSpec reads the spec file, or standard input for "-".
func readSpec(p string, stdin io.Reader) (string, []byte, error) {
	name := p
	var r io.Reader
	if p == "-" {
		name, r = "<stdin>", stdin
	} else {
		f, err := os.Open(p)
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", p, unwrapPath(err))
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return "", nil, fmt.Errorf("%s: is a directory, not a spec file", p)
		}
		r = f
	}
	src, err := io.ReadAll(io.LimitReader(r, MaxSpecSize+1))
	switch {
	case err != nil:
		return "", nil, fmt.Errorf("%s: %w", name, unwrapPath(err))
	case len(src) > MaxSpecSize:
		return "", nil, fmt.Errorf("%s: spec is over %d MiB", name, MaxSpecSize>>20)
	case len(bytes.TrimSpace(src)) == 0:
		return "", nil, fmt.Errorf("%s: spec is empty", name)
	case bytes.IndexByte(src, 0) >= 0:
		return "", nil, fmt.Errorf("%s: spec is binary, not text", name)
	}
	return name, src, nil
}

// parseSpec reads the spec's references. When the spec file lies inside
// the repository, the paths it writes relative to itself (`../pkg/x.go`)
// are read from its directory.
func parseSpec(root, specPath, name string, src []byte) *spec.Spec {
	sp := spec.Parse(name, src)
	if dir := specRepoDir(root, specPath); dir != "" && dir != "." {
		sp.Rebase(dir) // .adversarial-spec/specs/x keeps its dot
	}
	return sp
}

// unwrapPath drops the operation and path of an *os.PathError, which the
// message already names.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// flagValueRe is pflag's message for a value that does not parse.
var flagValueRe = regexp.MustCompile(`^invalid argument "(.*)" for "(?:-\w, )?(--[\w-]+)" flag: (.*)$`)

// flagError turns pflag's errors into one short line: "--round abc: want
// a whole number" rather than strconv's wording.
func flagError(err error) string {
	m := flagValueRe.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	want := "a valid value"
	switch {
	case strings.Contains(m[3], "ParseInt"):
		want = "a whole number"
	case strings.Contains(m[3], "ParseBool"):
		want = "true or false"
	case strings.Contains(m[3], "ParseFloat"):
		want = "a number"
	}
	return fmt.Sprintf("%s %s: want %s", m[2], m[1], want)
}

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/appendix-dev/appendix/appendix/internal/render"
	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/spf13/pflag"
)

// runStrip is "appendix strip [--in-place] [FILE|-]".
func runStrip(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := pflag.NewFlagSet("appendix strip", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	inPlace := fs.Bool("in-place", false, "rewrite FILE instead of printing")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usageError{"strip: " + flagError(err)}
	}
	if *help {
		return helpRequest{fs}
	}
	file := "-"
	switch fs.NArg() {
	case 0:
	case 1:
		file = fs.Arg(0)
	default:
		return usageError{"strip: one FILE expected"}
	}
	if *inPlace && file == "-" {
		return usageError{"strip: --in-place needs a FILE"}
	}
	var src []byte
	var err error
	if file == "-" {
		src, err = io.ReadAll(io.LimitReader(stdin, MaxSpecSize+1))
	} else {
		src, err = os.ReadFile(file)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", file, unwrapPath(err))
	}
	if len(src) > MaxSpecSize {
		return fmt.Errorf("%s: over %d MiB", file, MaxSpecSize>>20)
	}
	out := render.Strip(src)
	if *inPlace {
		if bytes.Equal(out, src) {
			return nil
		}
		st, err := os.Stat(file)
		if err != nil {
			return fmt.Errorf("%s: %w", file, unwrapPath(err))
		}
		if err := atomic.WriteFile(file, out, st.Mode().Perm()); err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		return nil
	}
	_, err = stdout.Write(out)
	return err
}

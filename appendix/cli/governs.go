package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/appendix-dev/appendix/appendix/governs"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/spf13/pflag"
)

// runGoverns is "appendix governs [flags] FILE...": the specs whose
// resolved references are defined in each file.
func runGoverns(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer, _ func(string) string) error {
	fs := pflag.NewFlagSet("appendix governs", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	repoDir := fs.String("repo", "", "repository the files and specs are in (default: the git work tree containing the current directory)")
	globs := fs.StringArray("specs", nil, "the specs, a glob (repeatable; default: every .md file under "+governs.SpecsDir+")")
	format := fs.String("format", "markdown", "output format: markdown or json")
	noCache := fs.Bool("no-cache", false, "neither read nor write the caches (.appendix/cache)")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usageError{"governs: " + flagError(err)}
	}
	if *help {
		return helpRequest{fs}
	}
	if *format != "markdown" && *format != "json" {
		return usageError{fmt.Sprintf("governs: --format %q: want markdown or json", *format)}
	}
	if fs.NArg() == 0 {
		return usageError{"governs: missing FILE: give the files to look up (see appendix governs --help)"}
	}
	var specs []string
	for _, g := range *globs {
		m, err := filepath.Glob(g)
		if err != nil {
			return usageError{fmt.Sprintf("governs: --specs %s: %v", naming.Inline(g), err)}
		}
		if len(m) == 0 {
			return fmt.Errorf("--specs %s: no file matches", naming.Inline(g))
		}
		specs = append(specs, m...)
	}
	if *repoDir == "" {
		*repoDir = "."
	}
	repo, err := gitinfo.Open(*repoDir)
	if err != nil {
		return err
	}
	var files []string
	for _, f := range fs.Args() {
		rel, err := governs.RelPath(repo.Root, f)
		if err != nil {
			return err
		}
		files = append(files, rel)
	}
	rep, err := governs.Of(ctx, repo, files, governs.Options{Specs: specs, NoCache: *noCache})
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(stderr, "appendix: warning: %s\n", w)
	}
	if rep.SpecsRead == 0 {
		fmt.Fprintf(stderr, "appendix: warning: no spec found under %s: give --specs GLOB\n", governs.SpecsDir)
	}
	var out []byte
	if *format == "json" {
		if out, err = json.MarshalIndent(rep, "", "  "); err != nil {
			return err
		}
		out = append(out, '\n')
	} else {
		out = []byte(rep.Markdown())
	}
	if _, err := stdout.Write(out); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

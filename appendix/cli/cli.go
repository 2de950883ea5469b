package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/appendix-dev/appendix/appendix/audit"

	"github.com/appendix-dev/appendix/appendix/brief"

	"github.com/appendix-dev/appendix/appendix"

	"github.com/appendix-dev/appendix/appendix/internal/rounds"

	"github.com/appendix-dev/appendix/appendix/internal/render"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/spf13/pflag"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/inventory"
)

// MaxSpecSize is the largest spec the tool reads.
const MaxSpecSize = 10 << 20

// DefaultInventory is where the inventory and round history live when no
// adversarial-spec session is active, relative to the repository root.
const DefaultInventory = ".appendix/inventory.json"

// minBudget is the smallest budget that holds the appendix header, with
// its line saying what the budget left out.
const minBudget = 9

// Options are the command-line flags.
type Options struct {
	Round        int
	Repo         string
	Budget       int
	Format       string
	AppendixOnly bool
	Context      []string
	Need         []string
	Inventory    string
	Now          string
	Stats        bool
	NoCache      bool
	Version      bool
	Help         bool
}

// Flags registers the options on fs.
func (o *Options) Flags(fs *pflag.FlagSet) {
	fs.IntVar(&o.Round, "round", 2, "debate round")
	fs.StringVar(&o.Repo, "repo", "", "repository to extract from (default: the git work tree containing the current directory)")
	fs.IntVar(&o.Budget, "budget", 200, "hard line budget for the appendix")
	fs.StringVar(&o.Format, "format", "markdown", "output format: markdown or json")
	fs.BoolVar(&o.AppendixOnly, "appendix-only", false, "print only the appendix, not the spec before it")
	fs.StringArrayVar(&o.Context, "context", nil, "a file already sent to the debate with --context (repeatable): pointed to, never pasted")
	fs.StringArrayVar(&o.Need, "need", nil, "from round 4: a name a concern must check against code (repeatable)")
	fs.StringVar(&o.Inventory, "inventory", DefaultInventory, "inventory file, unless an adversarial-spec session is active")
	fs.StringVar(&o.Now, "now", "", "RFC 3339 extraction timestamp (default: SOURCE_DATE_EPOCH if set, else now)")
	fs.BoolVar(&o.Stats, "stats", false, "print per-phase timings and counts to stderr")
	fs.BoolVar(&o.NoCache, "no-cache", false, "neither read nor write the extraction cache (.appendix/cache)")
	fs.BoolVar(&o.Version, "version", false, "print the version and exit")
	fs.BoolVarP(&o.Help, "help", "h", false, "show this help")
}

// usageError is a problem with the command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

const usageHead = `appendix builds the Codebase Context appendix for a spec under debate.

Usage:
  appendix [flags] SPEC        SPEC is a file path, or - for standard input

Flags:
`

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
	if len(args) > 0 {
		switch args[0] {
		case "strip":
			return runStrip(args[1:], stdin, stdout)
		case "inventory":
			return runInventory(ctx, args[1:], stdin, stdout, stderr, getenv)
		case "brief":
			return runBrief(ctx, args[1:], stdin, stdout, stderr, getenv)
		}
	}
	var o Options
	fs := pflag.NewFlagSet("appendix", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.Flags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{flagError(err) + " (see appendix --help)"}
	}
	if o.Help {
		fs.SetOutput(stdout)
		fmt.Fprint(stdout, usageHead)
		fs.PrintDefaults()
		return nil
	}
	if o.Version {
		fmt.Fprintf(stdout, "appendix %s\n", appendix.Version)
		return nil
	}
	cfg, specPath, err := o.validate(fs.Args(), getenv)
	if err != nil {
		return err
	}
	t0 := time.Now()
	name, src, err := readSpec(specPath, stdin)
	if err != nil {
		return err
	}
	repoDir := o.Repo
	if repoDir == "" {
		repoDir = "."
	}
	repo, err := gitinfo.Open(repoDir)
	if err != nil {
		return err
	}
	for _, c := range o.Context {
		abs, err := filepath.Abs(c)
		if err != nil {
			return fmt.Errorf("--context %s: %w", c, err)
		}
		if _, err := os.Stat(abs); err != nil {
			return fmt.Errorf("--context %s: %w", c, unwrapPath(err))
		}
		cfg.ContextFiles = append(cfg.ContextFiles, artifact.ContextFile{Name: filepath.ToSlash(c), Abs: abs})
	}
	cfg.Need, cfg.NoCache = o.Need, o.NoCache
	store, inv, invErr := loadInventory(repo.Root, o.Inventory)
	if inv != nil {
		cfg.History, cfg.AuditGaps = inv.Rounds, inv.GapsNoted
	}
	sp := spec.Parse(name, src)
	tParse := time.Since(t0)
	res, err := appendix.Build(ctx, repo, sp, cfg)
	if err != nil {
		return err
	}
	if invErr != nil {
		res.Warnings = append(res.Warnings, appendix.Warning{Kind: appendix.WarnInventory, Msg: invErr.Error() + ": round history not used or updated"})
	}
	var out bytes.Buffer
	switch {
	case res.Skipped != "" && o.Format != "json":
		if !o.AppendixOnly {
			out.Write(src)
		}
	case o.Format == "json":
		b, err := res.JSON()
		if err != nil {
			return err
		}
		out.Write(b)
	case o.AppendixOnly:
		out.WriteString(res.Doc.Markdown())
	default:
		out.Write(render.Attach(src, res.Doc.Markdown()))
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	if res.Skipped != "" {
		fmt.Fprintf(stderr, "appendix: %s\n", res.Skipped)
	}
	printNotes(res, stderr)
	if invErr == nil {
		if inv == nil {
			inv = &inventory.Inventory{AuditTimestamp: cfg.Now.Format(time.RFC3339), GitHash: res.Record.GitHash}
			if inv.GitHash == "" {
				inv.GitHash = "none"
			}
		}
		inv.Rounds = rounds.With(inv.Rounds, res.Record)
		if err := store.Save(inv); err != nil {
			fmt.Fprintf(stderr, "appendix: warning: round history not saved: %v\n", err)
		}
	}
	if o.Stats {
		s := res.Stats
		ms := func(d time.Duration) string { return d.Round(10 * time.Microsecond).String() }
		fmt.Fprintf(stderr, "appendix: stats: walk %s (%d files), search %s (%d files, %d bytes, %d parsed, %d from cache, %d definitions, %d routes), resolve %s, render %s, spec %s, total %s\n",
			ms(s.Walk), s.FilesWalked, ms(s.Search), s.FilesSearched, s.BytesSearched, s.FilesParsed, s.CacheHits, s.Definitions, s.Routes,
			ms(s.Resolve), ms(s.Render), ms(tParse), ms(time.Since(t0)))
	}
	return nil
}

// runInventory is "appendix inventory [flags] [SPEC]": the Context
// Readiness Audit, written as ContextInventoryV1.
func runInventory(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := pflag.NewFlagSet("appendix inventory", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	repoDir := fs.String("repo", "", "repository to audit (default: the git work tree containing the current directory)")
	file := fs.String("inventory", DefaultInventory, "inventory file, unless an adversarial-spec session is active")
	format := fs.String("format", "text", "output: text (the audit summary) or json (the inventory)")
	now := fs.String("now", "", "RFC 3339 audit timestamp (default: SOURCE_DATE_EPOCH if set, else now)")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usageError{"inventory: " + flagError(err)}
	}
	if *help {
		fmt.Fprint(stdout, "Usage: appendix inventory [flags] [SPEC]\n\nRuns the Context Readiness Audit and writes ContextInventoryV1.\n\nFlags:\n")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return nil
	}
	if *format != "text" && *format != "json" {
		return usageError{fmt.Sprintf("inventory: --format %q: want text or json", *format)}
	}
	if fs.NArg() > 1 {
		return usageError{"inventory: at most one SPEC"}
	}
	o := Options{Now: *now, Round: 2, Budget: 200, Format: "markdown"}
	cfg, _, err := o.validate([]string{"-"}, getenv)
	if err != nil {
		return err
	}
	if *repoDir == "" {
		*repoDir = "."
	}
	repo, err := gitinfo.Open(*repoDir)
	if err != nil {
		return err
	}
	var sp *spec.Spec
	if fs.NArg() == 1 {
		name, src, err := readSpec(fs.Arg(0), stdin)
		if err != nil {
			return err
		}
		sp = spec.Parse(name, src)
	}
	store, old, err := loadInventory(repo.Root, *file)
	if err != nil {
		return err // never overwrite an inventory or session file that cannot be read
	}
	var zone *appendix.Zone
	if sp != nil {
		if zone, err = appendix.BlastZone(ctx, repo, sp, time.Time{}); err != nil {
			return err
		}
	}
	inv, all, err := audit.Audit(ctx, repo, zone, cfg.Now.Format(time.RFC3339))
	if err != nil {
		return err
	}
	if old != nil {
		inv.Rounds = old.Rounds // the round history outlives a new audit
		if old.GitHash != inv.GitHash && old.GitHash != "none" && inv.GitHash != "none" {
			if changed, err := repo.ChangedFiles(old.GitHash, inv.GitHash); err == nil {
				fmt.Fprintf(stderr, "appendix: %d %s changed since the last audit at %.7s\n", len(changed), naming.Plural(len(changed), "file", "files"), old.GitHash)
			}
		}
	}
	if err := store.Save(inv); err != nil {
		return err
	}
	where, _ := filepath.Rel(repo.Root, store.File)
	if *format == "json" {
		b, err := json.MarshalIndent(inv, "", "  ")
		if err != nil {
			return err
		}
		_, err = stdout.Write(append(b, '\n'))
		return err
	}
	audit.Print(stdout, inv, all, filepath.ToSlash(where))
	return nil
}

// runBrief is "appendix brief [--adversaries CODES] [--out DIR] SPEC".
func runBrief(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := pflag.NewFlagSet("appendix brief", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	advs := fs.String("adversaries", "", "comma-separated codes or names (default: every gauntlet adversary)")
	out := fs.String("out", ".adversarial-spec-gauntlet", "directory for briefing-<CODE>.md and briefings.json")
	repoDir := fs.String("repo", "", "repository to extract from (default: the git work tree containing the current directory)")
	now := fs.String("now", "", "RFC 3339 extraction timestamp (default: SOURCE_DATE_EPOCH if set, else now)")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usageError{"brief: " + flagError(err)}
	}
	if *help {
		fmt.Fprint(stdout, "Usage: appendix brief [flags] SPEC\n\nWrites one briefing per gauntlet adversary, ready for debate.py gauntlet.\n\nFlags:\n")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return nil
	}
	o := Options{Now: *now, Round: 2, Budget: 200, Format: "markdown"}
	cfg, specPath, err := o.validate(fs.Args(), getenv)
	if err != nil {
		return usageError{"brief: " + err.Error()}
	}
	if *repoDir == "" {
		*repoDir = "."
	}
	repo, err := gitinfo.Open(*repoDir)
	if err != nil {
		return err
	}
	all, err := brief.LoadProfiles(repo.Root)
	if err != nil {
		return err
	}
	profiles, err := brief.SelectProfiles(all, *advs)
	if err != nil {
		return usageError{err.Error()}
	}
	name, src, err := readSpec(specPath, stdin)
	if err != nil {
		return err
	}
	zone, err := appendix.BlastZone(ctx, repo, spec.Parse(name, src), cfg.Now)
	if err != nil {
		return err
	}
	bs, head, err := brief.Brief(ctx, repo, zone, profiles, cfg.Now)
	if err != nil {
		return err
	}
	lines, err := brief.Write(*out, bs, head, cfg.Now)
	if err != nil {
		return err
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	red := 0
	for _, br := range bs {
		red += br.Redactions
	}
	if red > 0 {
		fmt.Fprintf(stderr, "appendix: redacted %d secret %s in briefing snippets\n", red, naming.Plural(red, "literal", "literals"))
	}
	fmt.Fprintf(stderr, "appendix: %d %s written to %s\n", len(bs), naming.Plural(len(bs), "briefing", "briefings"), *out)
	return nil
}

// loadInventory finds and reads the inventory. No inventory yet is not an
// error; one that cannot be read is, and is then neither used nor
// overwritten.
func loadInventory(root, file string) (inventory.Store, *inventory.Inventory, error) {
	store, err := inventory.Locate(root, file)
	if err != nil {
		return store, nil, err
	}
	inv, err := store.Load()
	if errors.Is(err, inventory.ErrNone) {
		return store, nil, nil
	}
	return store, inv, err
}

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
		fmt.Fprint(stdout, "Usage: appendix strip [--in-place] [FILE|-]\n\nRemoves the appendix appendix attached and prints the spec byte for byte.\n")
		return nil
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

// printNotes prints the non-fatal findings to stderr, one line each.
func printNotes(r *appendix.Result, stderr io.Writer) {
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "appendix: warning: %s\n", w)
	}
	if r.Redactions > 0 {
		fmt.Fprintf(stderr, "appendix: redacted %d secret %s in snippets\n", r.Redactions, naming.Plural(r.Redactions, "literal", "literals"))
	}
	if len(r.Dropped) > 0 {
		refs := make([]string, len(r.Dropped))
		for i, d := range r.Dropped {
			refs[i] = d.Ref
		}
		fmt.Fprintf(stderr, "appendix: dropped %d %s to stay within the %d-line budget: %s\n",
			len(refs), naming.Plural(len(refs), "artifact", "artifacts"), r.Doc.Budget, strings.Join(refs, ", "))
	}
	if len(r.Unresolved) > 0 {
		proposed := 0
		for _, g := range r.Unresolved {
			if g.Kind == appendix.GapNew {
				proposed++
			}
		}
		missing := len(r.Unresolved) - proposed
		if missing > 0 {
			fmt.Fprintf(stderr, "appendix: %d %s with no definition in the repository (see Context Gaps)\n",
				missing, naming.Plural(missing, "reference", "references"))
		}
		if proposed > 0 {
			fmt.Fprintf(stderr, "appendix: %d %s new in this spec, not in the repository yet (see Context Gaps)\n",
				proposed, naming.Plural(proposed, "name", "names"))
		}
		if lines := r.Doc.Lines(); lines < 50 && missing > 0 && len(r.Dropped) == 0 && r.Doc.Budget >= 50 {
			fmt.Fprintf(stderr, "appendix: the appendix has %d lines while references stayed unresolved: it may be under-extracted\n", lines)
		}
	}
}

// validate checks flag values and the positional argument.
func (o *Options) validate(args []string, getenv func(string) string) (appendix.Config, string, error) {
	var cfg appendix.Config
	switch {
	case len(args) == 0:
		return cfg, "", usageError{"missing SPEC: give a spec file, or - for standard input (see appendix --help)"}
	case len(args) > 1:
		return cfg, "", usageError{fmt.Sprintf("one SPEC expected, got %d: %s", len(args), strings.Join(args, " "))}
	case o.Round < 1:
		return cfg, "", usageError{fmt.Sprintf("--round %d: rounds start at 1", o.Round)}
	case o.Budget < minBudget:
		return cfg, "", usageError{fmt.Sprintf("--budget %d: the appendix needs at least %d lines", o.Budget, minBudget)}
	case o.Format != "markdown" && o.Format != "json":
		return cfg, "", usageError{fmt.Sprintf("--format %q: want markdown or json", o.Format)}
	}
	cfg.Round, cfg.Budget = o.Round, o.Budget
	switch {
	case o.Now != "":
		t, err := time.Parse(time.RFC3339, o.Now)
		if err != nil {
			return cfg, "", usageError{fmt.Sprintf("--now %q: not an RFC 3339 time (like 2026-01-02T15:04:05Z)", o.Now)}
		}
		cfg.Now = t.UTC()
	case getenv("SOURCE_DATE_EPOCH") != "":
		sec, err := strconv.ParseInt(getenv("SOURCE_DATE_EPOCH"), 10, 64)
		if err != nil {
			return cfg, "", usageError{fmt.Sprintf("SOURCE_DATE_EPOCH=%q: not a number of seconds", getenv("SOURCE_DATE_EPOCH"))}
		}
		cfg.Now = time.Unix(sec, 0).UTC()
	default:
		cfg.Now = time.Now().UTC().Truncate(time.Second)
	}
	return cfg, args[0], nil
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

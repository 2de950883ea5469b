package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/render"
	"github.com/appendix-dev/appendix/appendix/internal/rounds"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
	"github.com/spf13/pflag"
)

// Options are the command-line flags.
type Options struct {
	Round        int
	Repo         []string
	Budget       int
	Format       string
	AppendixOnly bool
	Context      []string
	Need         []string
	Body         []string
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
	fs.StringArrayVar(&o.Repo, "repo", nil, "repository to extract from (default: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories")
	fs.IntVar(&o.Budget, "budget", 200, "hard line budget for the appendix")
	fs.StringVar(&o.Format, "format", "markdown", "output format: markdown or json")
	fs.BoolVar(&o.AppendixOnly, "appendix-only", false, "print only the appendix, not the spec before it")
	fs.StringArrayVar(&o.Context, "context", nil, "a file already sent to the debate with --context (repeatable): pointed to, never pasted")
	fs.StringArrayVar(&o.Need, "need", nil, "from round 4: a name a concern must check against code (repeatable)")
	fs.StringArrayVar(&o.Body, "body", nil, "from round 3: a function or method to show whole, body included (repeatable; Type.method, dir/package.Name or file:line, after REPO: to name one of several --repo)")
	fs.StringVar(&o.Inventory, "inventory", DefaultInventory, "inventory file, unless the active adversarial-spec session is this spec's")
	fs.StringVar(&o.Now, "now", "", "RFC 3339 extraction timestamp (default: SOURCE_DATE_EPOCH if set, else now)")
	fs.BoolVar(&o.Stats, "stats", false, "print per-phase timings and counts to stderr")
	fs.BoolVar(&o.NoCache, "no-cache", false, "neither read nor write the extraction cache (.appendix/cache)")
	fs.BoolVar(&o.Version, "version", false, "print the version and exit")
	fs.BoolVarP(&o.Help, "help", "h", false, "show this help")
}

// runAppendix is the main command: "appendix [flags] SPEC".
func runAppendix(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	var o Options
	fs := pflag.NewFlagSet("appendix", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.Flags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{flagError(err) + " (see appendix --help)"}
	}
	if o.Help {
		return helpRequest{fs}
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
	repos, err := openRepos(o.Repo)
	if err != nil {
		return err
	}
	repo := repos[0].Repo
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
	cfg.Need, cfg.NoCache, cfg.Bodies = o.Need, o.NoCache, o.Body
	store, inv, invErr := loadInventory(repo.Root, o.Inventory, specPath, stderr)
	if inv != nil {
		cfg.History, cfg.AuditGaps = inv.Rounds, inv.GapsNoted
	}
	sp := parseSpecRepos(repos, specPath, name, src)
	tParse := time.Since(t0)
	var res *appendix.Result
	if repos[0].Name == "" {
		res, err = appendix.Build(ctx, repo, sp, cfg)
	} else {
		res, err = appendix.BuildRepos(ctx, repos, sp, cfg)
	}
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
	if note, _ := appendix.BodyRound(o.Round); note != "" && len(o.Body) > 0 {
		fmt.Fprintf(stderr, "appendix: %s\n", note)
	}
	printNotes(res, stderr)
	if invErr == nil {
		// The store is read again under its lock: an audit or another
		// round may have written it since.
		_, err := store.Update(func(cur *inventory.Inventory) (*inventory.Inventory, error) {
			if cur == nil {
				cur = &inventory.Inventory{AuditTimestamp: cfg.Now.Format(time.RFC3339), GitHash: res.Record.GitHash}
				if cur.GitHash == "" {
					cur.GitHash = "none"
				}
				if repos[0].Name != "" {
					cur.Repos = repoRecords(repos, res.Doc.Repos)
				}
			}
			cur.Rounds = rounds.With(cur.Rounds, res.Record)
			return cur, nil
		})
		if err != nil {
			fmt.Fprintf(stderr, "appendix: warning: round history not saved: %v\n", err)
		}
	}
	if o.Stats {
		s := res.Stats
		ms := func(d time.Duration) string { return d.Round(10 * time.Microsecond).String() }
		fmt.Fprintf(stderr, "appendix: stats: walk %s (%d files), search %s (%d files, %d bytes, %d parsed, %d defining, %s parsed per defining file, %d from cache, %d definitions, %d routes), resolve %s, render %s, spec %s, total %s\n",
			ms(s.Walk), s.FilesWalked, ms(s.Search), s.FilesSearched, s.BytesSearched, s.FilesParsed, s.FilesDefining, s.PerDefining(), s.CacheHits, s.Definitions, s.Routes,
			ms(s.Resolve), ms(s.Render), ms(tParse), ms(time.Since(t0)))
	}
	return nil
}

// printWarnings prints warnings to stderr, one line each, each once.
func printWarnings(stderr io.Writer, ws []appendix.Warning) {
	seen := map[string]bool{}
	for _, w := range ws {
		if line := w.String(); !seen[line] {
			seen[line] = true
			fmt.Fprintf(stderr, "appendix: warning: %s\n", line)
		}
	}
}

// printNotes prints the non-fatal findings to stderr, one line each.
func printNotes(r *appendix.Result, stderr io.Writer) {
	printWarnings(stderr, r.Warnings)
	if r.Redactions > 0 {
		fmt.Fprintf(stderr, "appendix: redacted %d secret %s in snippets\n", r.Redactions, naming.Plural(r.Redactions, "literal", "literals"))
	}
	if len(r.Dropped) > 0 {
		refs := make([]string, len(r.Dropped))
		for i, d := range r.Dropped {
			refs[i] = d.Ref
			if d.Ref == artifact.TestsRef {
				refs[i] = artifact.TestsName
			}
		}
		fmt.Fprintf(stderr, "appendix: dropped %d %s to stay within the %d-line budget: %s\n",
			len(refs), naming.Plural(len(refs), "artifact", "artifacts"), r.Doc.Budget, strings.Join(refs, ", "))
	}
	if len(r.Unresolved) > 0 {
		// Each line claims only what its gaps say: absent, not parsed, new,
		// or shown nowhere for another reason (nested, ambiguous...).
		count := map[appendix.GapKind]int{}
		added := 0 // members the spec adds to types that exist: new names
		for _, g := range r.Unresolved {
			if g.Proposed {
				added++
				continue
			}
			count[g.Kind]++
		}
		// Where the debate reads them: the Context Gaps section, unless
		// not even its folded list fitted the budget.
		where := "see Context Gaps"
		if !r.Doc.GapsShown() {
			where = "listed in --format json only: the budget left no room for Context Gaps"
		}
		missing := count[appendix.GapAbsent] + count[appendix.GapPathMissing] + count[appendix.GapRouteMissing] + count[appendix.GapNoMember]
		proposed, unparsed := count[appendix.GapNew]+added, count[appendix.GapUnparsed]
		other := len(r.Unresolved) - missing - proposed - unparsed
		if missing > 0 {
			fmt.Fprintf(stderr, "appendix: %d %s with no definition in the repository (%s)\n",
				missing, naming.Plural(missing, "reference", "references"), where)
		}
		if unparsed > 0 {
			fmt.Fprintf(stderr, "appendix: %d %s in code this tool does not parse (%s)\n",
				unparsed, naming.Plural(unparsed, "reference", "references"), where)
		}
		if other > 0 {
			fmt.Fprintf(stderr, "appendix: %d other %s not shown (%s)\n",
				other, naming.Plural(other, "reference", "references"), where)
		}
		if proposed > 0 {
			fmt.Fprintf(stderr, "appendix: %d %s new in this spec, not in the repository yet (%s)\n",
				proposed, naming.Plural(proposed, "name", "names"), where)
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
	if _, err := appendix.BodyRound(o.Round); err != nil && len(o.Body) > 0 {
		return cfg, "", usageError{err.Error()}
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

// minBudget is the smallest budget that holds the appendix header, with
// its line saying what the budget left out.
const minBudget = 9

// repoName is what a repository's name may hold: it is written before a
// path, `server:internal/x.go`, and before a file in the appendix.
var repoName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// namedRepos reads the --repo values: none (the current directory), one
// directory, or NAME=DIR each, for a spec that spans repositories. A
// value that is a directory is one, whatever it holds.
func namedRepos(values []string) ([]appendix.Repository, []string, error) {
	if len(values) == 0 {
		return []appendix.Repository{{}}, []string{"."}, nil
	}
	var repos []appendix.Repository
	var dirs []string
	bare := 0
	for _, v := range values {
		name, dir, ok := strings.Cut(v, "=")
		if st, err := os.Stat(v); !ok || err == nil && st.IsDir() {
			name, dir = "", v
			bare++
		} else if !repoName.MatchString(name) {
			return nil, nil, usageError{fmt.Sprintf("--repo %s: a repository's name is letters, digits, '.', '_' and '-', starting with a letter or digit", naming.Inline(v))}
		}
		for _, r := range repos {
			if name != "" && r.Name == name {
				return nil, nil, usageError{fmt.Sprintf("--repo %s: the name %s is given twice", naming.Inline(v), name)}
			}
		}
		repos = append(repos, appendix.Repository{Name: name})
		dirs = append(dirs, dir)
	}
	if bare > 0 && len(values) > 1 {
		return nil, nil, usageError{"--repo: give each repository a name, NAME=DIR, when there are several (a bare --repo DIR is for one)"}
	}
	return repos, dirs, nil
}

// parseSpecRepos parses the spec for the repositories given: with
// several, a name written after a repository's name (`server:Build`) is
// searched in that one only.
func parseSpecRepos(repos []appendix.Repository, specPath, name string, src []byte) *spec.Spec {
	if repos[0].Name == "" {
		return parseSpec(repos[0].Repo.Root, specPath, name, src)
	}
	bare, names := appendix.UnqualifyNames(src, repos)
	sp := parseSpec(repos[0].Repo.Root, specPath, name, bare)
	appendix.QualifyNames(sp, names)
	return sp
}

// openRepos opens the repositories the --repo values name.
func openRepos(values []string) ([]appendix.Repository, error) {
	repos, dirs, err := namedRepos(values)
	if err != nil {
		return nil, err
	}
	for i, dir := range dirs {
		if repos[i].Repo, err = gitinfo.Open(dir); err != nil {
			if repos[i].Name != "" {
				return nil, fmt.Errorf("--repo %s: %w", repos[i].Name, err)
			}
			return nil, err
		}
		for _, o := range repos[:i] {
			if o.Repo.Root == repos[i].Repo.Root && o.Repo.Scope == repos[i].Repo.Scope {
				return nil, usageError{fmt.Sprintf("--repo %s and --repo %s: the same directory twice", o.Name, repos[i].Name)}
			}
		}
	}
	return repos, nil
}

// repoDir is the directory a named repository was given as, relative to
// root, the first repository's root: where the inventory's paths start.
func repoDir(root string, r appendix.Repository) string {
	dir := filepath.Join(r.Repo.Root, filepath.FromSlash(r.Repo.Scope))
	if rel, err := filepath.Rel(root, dir); err == nil {
		return filepath.ToSlash(rel)
	}
	return ""
}

// repoRecords is the inventory's record of the named repositories a round
// spans, from their stamps: each one's name, commit ("none" without one)
// and directory.
func repoRecords(repos []appendix.Repository, stamps []render.Stamp) []inventory.Repo {
	out := make([]inventory.Repo, len(repos))
	for i, r := range repos {
		out[i] = inventory.Repo{Name: r.Name, GitHash: "none", Dir: repoDir(repos[0].Repo.Root, r)}
		if i < len(stamps) && stamps[i].Head != nil && stamps[i].Head.Commit != "" {
			out[i].GitHash = stamps[i].Head.Commit
		}
	}
	return out
}

package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/brief"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/inventory"
	"github.com/spf13/pflag"
)

// runBrief is "appendix brief [--adversaries CODES] [--notes FILE] [--out DIR] SPEC".
func runBrief(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := pflag.NewFlagSet("appendix brief", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	advs := fs.String("adversaries", "", "comma-separated codes or names (default: every gauntlet adversary)")
	out := fs.String("out", ".adversarial-spec-gauntlet", "directory for briefing-<CODE>.md and briefings.json")
	notesFile := fs.String("notes", "", `JSON file of the orchestrator's notes, {"CODE": "markdown", "*": "markdown for every adversary"}: first in each briefing's specific context`)
	repoDirs := fs.StringArray("repo", nil, "repository to extract from (default: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories")
	now := fs.String("now", "", "RFC 3339 extraction timestamp (default: SOURCE_DATE_EPOCH if set, else now)")
	noCache := fs.Bool("no-cache", false, "neither read nor write the extraction cache (.appendix/cache)")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usageError{"brief: " + flagError(err)}
	}
	if *help {
		return helpRequest{fs}
	}
	o := Options{Now: *now, Round: 2, Budget: 200, Format: "markdown"}
	cfg, specPath, err := o.validate(fs.Args(), getenv)
	if err != nil {
		return usageError{"brief: " + err.Error()}
	}
	repos, err := openRepos(*repoDirs)
	if err != nil {
		return err
	}
	repo := repos[0].Repo
	all, err := brief.LoadProfiles(repo.Root)
	if err != nil {
		return err
	}
	profiles, err := brief.SelectProfiles(all, *advs)
	if err != nil {
		return usageError{err.Error()}
	}
	var notes map[string]string
	if *notesFile != "" {
		var ue brief.UsageError
		if notes, err = brief.ReadNotes(*notesFile, all); errors.As(err, &ue) {
			return usageError{ue.Msg}
		} else if err != nil {
			return err
		}
	}
	name, src, err := readSpec(specPath, stdin)
	if err != nil {
		return err
	}
	in := brief.Input{SpecDir: specRepoDir(repo.Root, specPath), Session: sessionInventory(repo.Root, specPath, stderr), Notes: notes}
	sp := parseSpecRepos(repos, specPath, name, src)
	var zones []*appendix.Zone
	parts := []brief.Part{{Repo: repo}}
	if repos[0].Name == "" {
		in.Zone, err = appendix.BlastZone(ctx, repo, sp, appendix.ZoneOptions{Now: cfg.Now, NoCache: *noCache})
		zones = []*appendix.Zone{in.Zone}
	} else {
		in.Src = src
		in.Zone, zones, err = appendix.BlastZoneRepos(ctx, repos, sp, appendix.ZoneOptions{Now: cfg.Now, NoCache: *noCache})
		parts = make([]brief.Part, len(repos))
		for i, r := range repos {
			parts[i] = brief.Part{Name: r.Name, Repo: r.Repo}
		}
	}
	if err != nil {
		return err
	}
	for i := range parts {
		parts[i].Zone = zones[i]
	}
	bs, heads, err := brief.BriefRepos(ctx, parts, in, profiles, cfg.Now)
	if err != nil {
		return err
	}
	warnings := in.Zone.Warnings
	for _, br := range bs {
		for _, p := range br.NotUTF8 {
			warnings = append(warnings, appendix.NotUTF8(p))
		}
	}
	printWarnings(stderr, warnings)
	for _, z := range zones {
		if err := z.SaveCache(); err != nil {
			fmt.Fprintf(stderr, "appendix: warning: extraction cache not saved: %v\n", err)
		}
	}
	lines, err := brief.WriteRepos(*out, bs, heads, cfg.Now)
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

// sessionInventory is the inventory of the active adversarial-spec
// session when the session is this spec's: the blast zone its author
// chose. A session file that cannot be read is named on stderr and not
// used; the briefings do without it.
func sessionInventory(root, specPath string, stderr io.Writer) *inventory.Inventory {
	if specPath == "-" {
		return nil
	}
	store, _, err := inventory.Locate(root, DefaultInventory, specPath)
	if err == nil && !store.Session() {
		return nil
	}
	var inv *inventory.Inventory
	if err == nil {
		inv, err = store.Load()
	}
	switch {
	case errors.Is(err, inventory.ErrNone):
		return nil
	case err != nil:
		fmt.Fprintf(stderr, "appendix: warning: %v: the session's blast zone is not used\n", err)
		return nil
	}
	return inv
}

// specRepoDir is the directory of the spec file specPath in the
// repository at root, slash-separated ("." for the root), symbolic links
// resolved; "" for a spec outside it or on standard input.
func specRepoDir(root, specPath string) string {
	if specPath == "-" {
		return ""
	}
	dir, err := filepath.Abs(filepath.Dir(specPath))
	if err != nil {
		return ""
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

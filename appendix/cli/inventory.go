package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/audit"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/inventory"
	"github.com/spf13/pflag"
)

// runInventory is "appendix inventory [flags] [SPEC]": the Context
// Readiness Audit, written as ContextInventoryV1.
func runInventory(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := pflag.NewFlagSet("appendix inventory", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	repoDirs := fs.StringArray("repo", nil, "repository to audit (default: the git work tree containing the current directory); repeat as NAME=DIR for a spec that spans repositories")
	file := fs.String("inventory", DefaultInventory, "inventory file, unless the active adversarial-spec session is this spec's")
	format := fs.String("format", "text", "output: text (the audit summary) or json (the inventory)")
	now := fs.String("now", "", "RFC 3339 audit timestamp (default: SOURCE_DATE_EPOCH if set, else now)")
	help := fs.BoolP("help", "h", false, "show this help")
	if err := fs.Parse(args); err != nil {
		return usageError{"inventory: " + flagError(err)}
	}
	if *help {
		return helpRequest{fs}
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
	repos, err := openRepos(*repoDirs)
	if err != nil {
		return err
	}
	repo := repos[0].Repo
	named := repos[0].Name != ""
	var sp *spec.Spec
	if fs.NArg() == 1 {
		name, src, err := readSpec(fs.Arg(0), stdin)
		if err != nil {
			return err
		}
		sp = parseSpecRepos(repos, fs.Arg(0), name, src)
	}
	store, prev, err := loadInventory(repo.Root, *file, fs.Arg(0), stderr)
	if err != nil {
		return err // never overwrite an inventory or session file that cannot be read
	}
	parts := make([]audit.Repo, len(repos))
	for i, r := range repos {
		parts[i] = audit.Repo{Name: r.Name, Repo: r.Repo}
		if named {
			printWarnings(stderr, own(r.Name, appendix.RepositoryWarnings(r.Repo)))
		} else {
			printWarnings(stderr, appendix.RepositoryWarnings(r.Repo))
		}
	}
	var zone *appendix.Zone
	if sp != nil {
		var zones []*appendix.Zone
		if named {
			zone, zones, err = appendix.BlastZoneRepos(ctx, repos, sp, appendix.ZoneOptions{})
		} else {
			zone, err = appendix.BlastZone(ctx, repo, sp, appendix.ZoneOptions{})
			zones = []*appendix.Zone{zone}
		}
		if err != nil {
			return err
		}
		for i := range parts {
			parts[i].Zone = zones[i]
		}
		// (The repository's are printed above; the cache's are news.)
		var damaged []appendix.Warning
		for _, w := range zone.Warnings {
			if w.Kind == appendix.WarnCache {
				damaged = append(damaged, w)
			}
		}
		printWarnings(stderr, damaged)
	}
	var inv *inventory.Inventory
	var all map[string]inventory.Source
	if named {
		inv, all, err = audit.AuditRepos(ctx, parts, cfg.Now.Format(time.RFC3339), prev)
		if err == nil {
			for i, r := range repos {
				inv.Repos[i].Dir = repoDir(repo.Root, r)
			}
		}
	} else {
		inv, all, err = audit.AuditReplacing(ctx, repo, zone, cfg.Now.Format(time.RFC3339), prev)
	}
	if err != nil {
		return err
	}
	// The store is read again under its lock: a round may have added to
	// its history since.
	var last *inventory.Inventory
	if _, err := store.Update(func(cur *inventory.Inventory) (*inventory.Inventory, error) {
		if cur != nil {
			inv.Rounds = cur.Rounds // the round history outlives a new audit
		}
		last = cur
		audit.Keep(cur, inv, zone)
		return inv, nil
	}); err != nil {
		return err
	}
	if last != nil {
		// Each repository's files changed since the commit its last audit
		// recorded; an inventory of one repository recorded the first's.
		was := map[string]string{repos[0].Name: last.GitHash}
		for _, r := range last.Repos {
			was[r.Name] = r.GitHash
		}
		for i, r := range repos {
			now := inv.GitHash
			if len(inv.Repos) > 0 {
				now = inv.Repos[i].GitHash
			}
			changedSince(stderr, r, was[r.Name], now)
		}
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

// changedSince says how many files of the repository changed between the
// commit its last audit recorded, last, and the one audited now.
func changedSince(stderr io.Writer, r appendix.Repository, last, now string) {
	if last == "" || strings.HasPrefix(now, last) || last == "none" || now == "none" {
		return
	}
	whose := ""
	if r.Name != "" {
		whose = r.Name + ": "
	}
	if changed, err := r.Repo.ChangedFiles(last, now); err == nil {
		fmt.Fprintf(stderr, "appendix: %s%d %s changed since the last audit at %.7s\n", whose, len(changed), naming.Plural(len(changed), "file", "files"), last)
	} else {
		fmt.Fprintf(stderr, "appendix: warning: %sfiles changed since the last audit at %.7s unknown: %v\n", whose, last, err)
	}
}

// own names the repository each warning is of.
func own(name string, ws []appendix.Warning) []appendix.Warning {
	for i := range ws {
		ws[i].Msg = name + ": " + ws[i].Msg
	}
	return ws
}

// loadInventory finds and reads the inventory of the spec in specFile
// ("-" for standard input), printing to stderr why an active session is
// not used. No inventory yet is not an error; one that cannot be read is,
// and is then neither used nor overwritten.
func loadInventory(root, file, specFile string, stderr io.Writer) (inventory.Store, *inventory.Inventory, error) {
	if specFile == "-" {
		specFile = ""
	}
	store, note, err := inventory.Locate(root, file, specFile)
	if err != nil {
		return store, nil, err
	}
	if note != "" {
		fmt.Fprintf(stderr, "appendix: %s\n", note)
	}
	inv, err := store.Load()
	if errors.Is(err, inventory.ErrNone) {
		return store, nil, nil
	}
	return store, inv, err
}

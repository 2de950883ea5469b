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
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
	"github.com/spf13/pflag"
)

// runInventory is "appendix inventory [flags] [SPEC]": the Context
// Readiness Audit, written as ContextInventoryV1.
func runInventory(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := pflag.NewFlagSet("appendix inventory", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	repoDir := fs.String("repo", "", "repository to audit (default: the git work tree containing the current directory)")
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
	if *repoDir == "" {
		*repoDir = "."
	}
	if repos, _, err := namedRepos([]string{*repoDir}); err != nil || repos[0].Name != "" {
		return usageError{fmt.Sprintf("inventory: --repo %s: the audit covers one repository: give its directory alone", naming.Inline(*repoDir))}
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
		sp = parseSpec(repo.Root, fs.Arg(0), name, src)
	}
	store, prev, err := loadInventory(repo.Root, *file, fs.Arg(0), stderr)
	if err != nil {
		return err // never overwrite an inventory or session file that cannot be read
	}
	printWarnings(stderr, appendix.RepositoryWarnings(repo))
	var zone *appendix.Zone
	if sp != nil {
		if zone, err = appendix.BlastZone(ctx, repo, sp, time.Time{}); err != nil {
			return err
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
	inv, all, err := audit.AuditReplacing(ctx, repo, zone, cfg.Now.Format(time.RFC3339), prev)
	if err != nil {
		return err
	}
	// The store is read again under its lock: a round may have added to
	// its history since.
	last := ""
	if _, err := store.Update(func(cur *inventory.Inventory) (*inventory.Inventory, error) {
		if cur != nil {
			inv.Rounds = cur.Rounds // the round history outlives a new audit
			last = cur.GitHash
		}
		audit.Keep(cur, inv, zone)
		return inv, nil
	}); err != nil {
		return err
	}
	if last != "" && !strings.HasPrefix(inv.GitHash, last) && last != "none" && inv.GitHash != "none" {
		if changed, err := repo.ChangedFiles(last, inv.GitHash); err == nil {
			fmt.Fprintf(stderr, "appendix: %d %s changed since the last audit at %.7s\n", len(changed), naming.Plural(len(changed), "file", "files"), last)
		} else {
			fmt.Fprintf(stderr, "appendix: warning: files changed since the last audit at %.7s unknown: %v\n", last, err)
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

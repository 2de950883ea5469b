package audit

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/appendix-dev/appendix/appendix"

	"github.com/appendix-dev/appendix/appendix/internal/literals"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
)

// sourceDef describes one kind of context the audit looks for.
type sourceDef struct {
	id, name string
	// check inspects the repository; it returns the verdict, the path(s),
	// a one-line summary and the bytes the source would cost.
	check func(a *auditor) (inventory.Status, string, string, int)
}

// auditor holds what the checks share.
type auditor struct {
	repo      *gitinfo.Repo
	files     []gitinfo.File
	blast     []string // blast zone, sorted
	spec      *spec.Spec
	zone      *appendix.Zone
	specGiven bool
}

func (a *auditor) has(p string) bool {
	for _, f := range a.files {
		if f.Path == p {
			return true
		}
	}
	return false
}

// matching returns the walked files whose path matches re, sorted.
func (a *auditor) matching(re *regexp.Regexp) ([]string, int) { return Matching(a.files, re) }

// Matching returns the files whose path matches re, in walk order, and
// their size in bytes.
func Matching(files []gitinfo.File, re *regexp.Regexp) ([]string, int) {
	var out []string
	size := 0
	req := literals.Of(re) // a path without one of its literals cannot match
	for _, f := range files {
		if req.MayMatchString(f.Path) && re.MatchString(f.Path) {
			out = append(out, f.Path)
			size += int(f.Size)
		}
	}
	return out, size
}

// grepBlast returns the blast-zone files whose text matches re, and the
// number of matches.
func (a *auditor) grepBlast(re *regexp.Regexp) ([]string, int) {
	var out []string
	n := 0
	for _, p := range a.blast {
		b, err := os.ReadFile(filepath.Join(a.repo.Root, filepath.FromSlash(p)))
		if err != nil || len(b) > scan.MaxFileSize {
			continue
		}
		if m := countMatches(re, b); m > 0 {
			out = append(out, p)
			n += m
		}
	}
	return out, n
}

// countMatches is len(re.FindAll(b, -1)) for an expression whose matches
// hold no line break (the audit's all hold none): only the lines holding a
// literal every match holds are read by the expression.
func countMatches(re *regexp.Regexp, b []byte) int {
	may := literals.Of(re).Lines(b)
	if may == nil {
		return len(re.FindAll(b, -1))
	}
	n := 0
	for i, line := range bytes.SplitAfter(b, []byte("\n")) {
		if may[i] {
			n += len(re.FindAll(bytes.TrimSuffix(line, []byte("\n")), -1))
		}
	}
	return n
}

// count words a number of things: "1 manifest", "3 manifests".
func count(n int, what string) string {
	if n == 1 && strings.HasPrefix(what, "legacy directories") {
		return "1 legacy directory"
	}
	if n == 1 {
		if i := strings.IndexByte(what, ' '); i > 0 && strings.HasSuffix(what[:i], "s") {
			return "1 " + strings.TrimSuffix(what[:i], "s") + what[i:]
		}
		return "1 " + strings.TrimSuffix(what, "s")
	}
	return fmt.Sprintf("%d %s", n, what)
}

func found(paths []string, size int, what string) (inventory.Status, string, string, int) {
	if len(paths) == 0 {
		return inventory.NotAvailable, "", "no " + what + " found", 0
	}
	return inventory.Available, naming.PathList(paths, 3), fmt.Sprintf("%s: %s", count(len(paths), what), naming.PathList(paths, 3)), size
}

var (
	coverageConfigRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|/)(\.coveragerc|codecov\.ya?ml|\.nycrc(\.json)?|\.c8rc(\.json)?|jest\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s|karma\.conf\.js)$`)
	})
	coverageReportRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|/)(coverage\.(out|xml|json|txt)|lcov\.info|cover\.out|coverage-final\.json)$`)
	})
	ManifestFiles = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|/)(go\.mod|package\.json|pyproject\.toml|requirements[\w.-]*\.txt|Pipfile|setup\.py|setup\.cfg|Cargo\.toml|Gemfile|pom\.xml|build\.gradle(\.kts)?|composer\.json)$`)
	})
	BuildFiles = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|/)(\.ci/[^/]+|Makefile|Dockerfile|docker-compose\.ya?ml|justfile|Taskfile\.ya?ml|tsconfig\.json|turbo\.json|nx\.json|tox\.ini|noxfile\.py|\.gitlab-ci\.yml|\.circleci/config\.yml|\.github/workflows/[^/]+\.ya?ml|vite\.config\.[jt]s|webpack\.config\.js)$`)
	})
	MonitoringFiles = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(^|/)(prometheus[^/]*\.ya?ml|alert[^/]*\.ya?ml|alertmanager[^/]*|grafana/|dashboards?/|datadog[^/]*\.ya?ml|sentry\.[a-z.]+|otel[^/]*\.ya?ml|newrelic[^/]*)`)
	})
	monitoringCodeRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(Sentry\.init|sentry_sdk\.init|prometheus|opentelemetry|statsd|datadog|newrelic)`)
	})
	errorPatternRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(retr(y|ies|ied)|backoff|circuit[_ ]?breaker|timeout|deadline|WithTimeout|max_attempts|maxAttempts)\b`)
	})
	authPatternRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(auth\w*|permission|jwt|oauth|rbac|\bacl\b|is_superuser|isAdmin|requireRole|csrf|\bsession)`)
	})
	ExternalAPIFiles = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(^|/)(openapi[^/]*\.(ya?ml|json)|swagger[^/]*\.(ya?ml|json)|[^/]*\.postman_collection\.json)$`)
	})
	legacyRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(^|/)(legacy|deprecated|old|archive[d]?|v1_legacy)/`)
	})
	ADRFiles = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(^|/)(adr|adrs|decisions|architecture/decisions|docs/adr|doc/adr)/[^/]+\.md$`)
	})
	TestPseudoFiles = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|/)tests-pseudo\.md$`) })
)

var sourceDefs = []sourceDef{
	{"architecture_docs", "Architecture docs", func(a *auditor) (inventory.Status, string, string, int) {
		var have []string
		size := 0
		for _, f := range []string{".architecture/manifest.json", ".architecture/primer.md", ".architecture/overview.md"} {
			if st, err := os.Stat(filepath.Join(a.repo.Root, filepath.FromSlash(f))); err == nil {
				have = append(have, path.Base(f))
				size += int(st.Size())
			}
		}
		switch len(have) {
		case 0:
			return inventory.NotAvailable, "", "no .architecture/ docs (manifest.json, primer.md, overview.md)", 0
		case 3:
			return inventory.Available, ".architecture/", "primer, overview and manifest", size
		}
		return inventory.Partial, ".architecture/", "only " + strings.Join(have, ", "), size
	}},
	{"schema_types", "Schema and type definitions", func(a *auditor) (inventory.Status, string, string, int) {
		if !a.specGiven {
			return inventory.NotApplicable, "", "no spec given: no blast zone", 0
		}
		var paths []string
		size := 0
		for _, art := range a.zone.Doc.Artifacts {
			switch art.Kind {
			case "schema", "type", "interface", "enum":
				if !slices.Contains(paths, art.Path) {
					paths = append(paths, art.Path)
				}
				size += len(art.Text())
			}
		}
		sort.Strings(paths)
		return found(paths, size, "files with schemas or types the spec names")
	}},
	{"test_coverage", "Test coverage", func(a *auditor) (inventory.Status, string, string, int) {
		cfg, _ := a.matching(coverageConfigRe())
		rep, size := a.matching(coverageReportRe())
		if b, err := os.ReadFile(filepath.Join(a.repo.Root, "pyproject.toml")); err == nil && bytes.Contains(b, []byte("[tool.coverage")) {
			cfg = append(cfg, "pyproject.toml")
		}
		tests := 0
		for _, f := range a.files {
			if scan.TestFile(f.Path) {
				tests++
			}
		}
		switch {
		case len(cfg) > 0 && len(rep) > 0:
			return inventory.Available, naming.PathList(rep, 2), "coverage configured and a report present", size
		case len(cfg) > 0 || len(rep) > 0:
			return inventory.Partial, naming.PathList(append(cfg, rep...), 2), "coverage configured but no recent report", size
		case tests > 0:
			return inventory.NotAvailable, "", count(tests, "test files") + ", no coverage configured: coverage unknown", 0
		}
		return inventory.NotAvailable, "", "no tests and no coverage configuration", 0
	}},
	{"dependency_manifests", "Dependency manifests", func(a *auditor) (inventory.Status, string, string, int) {
		p, size := a.matching(ManifestFiles())
		return found(p, size, "manifests")
	}},
	{"recent_changes", "Recent changes to the blast zone", func(a *auditor) (inventory.Status, string, string, int) {
		if !a.repo.Git() {
			return inventory.NotAvailable, "", "not a git repository", 0
		}
		if !a.specGiven || len(a.blast) == 0 {
			return inventory.NotApplicable, "", "no blast zone", 0
		}
		cs, err := a.repo.RecentCommits(a.blast, 10)
		if err != nil && len(cs) == 0 {
			return inventory.NotAvailable, "", fmt.Sprintf("git history unreadable: %v", err), 0
		}
		if len(cs) == 0 {
			return inventory.NotAvailable, "", "no commits touch the blast zone", 0
		}
		size := 0
		for _, c := range cs {
			size += len(c.Subject) + 20
		}
		summary := fmt.Sprintf("%s, newest %s %q", count(len(cs), "recent commits"), cs[0].Hash, cs[0].Subject)
		if err != nil {
			return inventory.Partial, "git log", fmt.Sprintf("%s; older history unreadable: %v", summary, err), size
		}
		return inventory.Available, "git log", summary, size
	}},
	{"build_config", "Build and test configuration", func(a *auditor) (inventory.Status, string, string, int) {
		p, size := a.matching(BuildFiles())
		return found(p, size, "build and CI files")
	}},
	{"monitoring", "Monitoring and alerting", func(a *auditor) (inventory.Status, string, string, int) {
		p, size := a.matching(MonitoringFiles())
		if len(p) == 0 {
			if code, n := a.grepBlast(monitoringCodeRe()); len(code) > 0 {
				return inventory.Partial, naming.PathList(code, 2), fmt.Sprintf("instrumentation in code (%d mentions), no alerting config", n), n * 80
			}
			return inventory.NotAvailable, "", "no monitoring or alerting configuration", 0
		}
		return found(p, size, "monitoring files")
	}},
	{"error_handling", "Error handling patterns (retry, circuit breaker, timeouts)", func(a *auditor) (inventory.Status, string, string, int) {
		return a.inBlast(errorPatternRe(), "no retry, circuit breaker or timeout code in the blast zone")
	}},
	{"auth", "Auth and permission code", func(a *auditor) (inventory.Status, string, string, int) {
		return a.inBlast(authPatternRe(), "no auth or permission code in the blast zone")
	}},
	{"external_api", "External API docs and SDKs", func(a *auditor) (inventory.Status, string, string, int) {
		p, size := a.matching(ExternalAPIFiles())
		return found(p, size, "API descriptions")
	}},
	{"legacy_code", "Legacy or deprecated code", func(a *auditor) (inventory.Status, string, string, int) {
		dirs := map[string]bool{}
		for _, f := range a.files {
			if m := legacyRe().FindStringIndex(f.Path); m != nil {
				dirs[strings.TrimSuffix(f.Path[:m[1]], "/")] = true
			}
		}
		if len(dirs) == 0 {
			return inventory.NotApplicable, "", "no legacy or deprecated directories", 0
		}
		var ds []string
		for d := range dirs {
			ds = append(ds, d)
		}
		sort.Strings(ds)
		return inventory.Available, naming.PathList(ds, 3), fmt.Sprintf("%s: %s", count(len(ds), "legacy directories"), naming.PathList(ds, 3)), 0
	}},
	{"decision_records", "Decision records (ADRs)", func(a *auditor) (inventory.Status, string, string, int) {
		p, size := a.matching(ADRFiles())
		return found(p, size, "decision records")
	}},
	{"similar_features", "Existing similar features", func(a *auditor) (inventory.Status, string, string, int) {
		if !a.specGiven {
			return inventory.NotApplicable, "", "no spec given", 0
		}
		var hits []string
		for _, r := range a.spec.Refs {
			if !r.Proposed || r.IsPath || r.Route != nil {
				continue
			}
			ws := naming.Words(r.Name)
			if len(ws) < 2 {
				continue
			}
			tail := ws[len(ws)-1] // CostTracker -> "tracker": existing *Tracker code
			for _, f := range a.files {
				if strings.Contains(strings.ToLower(path.Base(f.Path)), tail) && !slices.Contains(hits, f.Path) && len(tail) > 3 {
					hits = append(hits, f.Path)
				}
			}
		}
		sort.Strings(hits)
		if len(hits) == 0 {
			return inventory.NotAvailable, "", "nothing in the repository resembles what the spec adds", 0
		}
		return inventory.Partial, naming.PathList(hits, 3), "files named like what the spec adds: " + naming.PathList(hits, 3), 0
	}},
	{"test_pseudocode", "Test pseudocode (tests-pseudo.md)", func(a *auditor) (inventory.Status, string, string, int) {
		p, size := a.matching(TestPseudoFiles())
		if len(p) == 0 {
			return inventory.NotAvailable, "", "no tests-pseudo.md", 0
		}
		return inventory.Available, p[0], "test pseudocode", size
	}},
}

// Audit runs the Context Readiness Audit: which context exists for the
// spec whose blast zone is given (or for the repository, with a nil zone),
// as ContextInventoryV1.
func Audit(ctx context.Context, repo *gitinfo.Repo, zone *appendix.Zone, now string) (*inventory.Inventory, map[string]inventory.Source, error) {
	return AuditReplacing(ctx, repo, zone, now, nil)
}

// AuditReplacing is Audit for an inventory that is to replace prev (nil
// for none): the sources found in the blast zone's files cover the files
// of prev's blast zone that no audit wrote as well. The inventory's blast
// zone is the audit's own; Keep adds prev's to it.
func AuditReplacing(ctx context.Context, repo *gitinfo.Repo, zone *appendix.Zone, now string, prev *inventory.Inventory) (*inventory.Inventory, map[string]inventory.Source, error) {
	files, err := repo.Walk(ctx, scan.SkipDir)
	if err != nil {
		return nil, nil, err
	}
	var sp *spec.Spec
	if zone != nil {
		sp = zone.Spec
	}
	a := &auditor{repo: repo, spec: sp, specGiven: sp != nil, zone: zone}
	a.files = files
	own := []string{}
	if sp != nil {
		// A file enters for a definition the spec names by its own name, or
		// as a path the spec names: a member's name alone (`updated_at`) is
		// no reason, every record has one.
		blast := map[string]bool{}
		for _, art := range zone.Doc.Artifacts {
			if syms, _ := art.NamedItself(); art.Path != "" && art.Kind != "architecture" && len(syms) > 0 {
				blast[art.Path] = true
			}
		}
		for _, r := range sp.Refs {
			if r.IsPath && a.has(strings.TrimPrefix(r.Name, "./")) {
				blast[strings.TrimPrefix(r.Name, "./")] = true
			}
		}
		for p := range blast {
			own = append(own, p)
		}
		sort.Strings(own)
		a.blast = append(a.blast, own...)
		for _, p := range handMade(prev, zone) {
			if a.has(p) && !slices.Contains(a.blast, p) {
				a.blast = append(a.blast, p)
			}
		}
		sort.Strings(a.blast)
	}
	head, _ := repo.Head()
	inv := &inventory.Inventory{SchemaVersion: inventory.SchemaVersion, AuditTimestamp: now, GitHash: "none",
		BlastZone: own, Sources: map[string]inventory.Source{}, GapsNoted: []string{}}
	if head != nil && head.Commit != "" {
		inv.GitHash = head.Commit
	}
	all := map[string]inventory.Source{}
	for _, sd := range sourceDefs {
		src := sd.source(a)
		all[sd.id] = src
		switch src.Status {
		case inventory.Available, inventory.Partial:
			inv.Sources[sd.id] = src
			inv.TotalAvailableTokens += src.EstTokens
		case inventory.NotAvailable:
			inv.GapsNoted = append(inv.GapsNoted, sd.name+": "+src.Summary)
		}
	}
	return inv, all, nil
}

// source is what the check of a source finds.
func (sd sourceDef) source(a *auditor) inventory.Source {
	st, p, summary, size := sd.check(a)
	return inventory.Source{Status: st, Path: p, Summary: summary, EstTokens: (size + 3) / 4}
}

// Sources is what Audit with no spec finds of the sources of the given
// ids, in the files a walk of the repository found (as repo.Walk with
// scan.SkipDir lists them): for a caller that walked it already and
// needs only some sources.
func Sources(repo *gitinfo.Repo, files []gitinfo.File, ids []string) map[string]inventory.Source {
	a := &auditor{repo: repo, files: files}
	all := map[string]inventory.Source{}
	for _, sd := range sourceDefs {
		if slices.Contains(ids, sd.id) {
			all[sd.id] = sd.source(a)
		}
	}
	return all
}

// Keep carries into a new audit, inv, what the inventory it replaces,
// cur, holds and no audit wrote: first the blast-zone entries written by
// someone else, in their order and as written, then the audit's own that
// are not among them, recorded as its own for the next audit; the
// sources of ids the audit does not use (a session's note on what a file
// is); and the members the inventory package does not know. zone is the
// spec's, nil for an audit without one.
func Keep(cur, inv *inventory.Inventory, zone *appendix.Zone) {
	own := inv.BlastZone
	if cur == nil {
		inv.OwnBlastZone = &own
		return
	}
	zoneOut := handMade(cur, zone)
	var added []string
	for _, p := range own {
		if !slices.Contains(zoneOut, p) {
			zoneOut = append(zoneOut, p)
			added = append(added, p)
		}
	}
	if added == nil {
		added = []string{}
	}
	inv.BlastZone, inv.OwnBlastZone, inv.Unknown = zoneOut, &added, cur.Unknown
	if zone == nil && cur.OwnBlastZone == nil {
		// Without a spec an earlier appendix's entries cannot be told from
		// the rest: all stay, undecided, for the next audit with one.
		inv.OwnBlastZone = nil
	}
	for id, src := range cur.Sources {
		if _, ok := inv.Sources[id]; ok || IsSource(id) {
			continue
		}
		inv.Sources[id] = src
		if st := inventory.Status(strings.ToUpper(string(src.Status))); st == inventory.Available || st == inventory.Partial {
			inv.TotalAvailableTokens += src.EstTokens
		}
	}
}

// handMade returns the blast-zone entries of prev (nil for none) that no
// audit wrote, in their order, each once.
func handMade(prev *inventory.Inventory, zone *appendix.Zone) []string {
	if prev == nil {
		return nil
	}
	earlier := earlierOwn(prev, zone)
	var out []string
	for _, p := range prev.BlastZone {
		if !earlier(p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// earlierOwn tells the blast-zone entries of cur that an earlier audit
// added: those it recorded; without a record, when cur is an audit's
// (see writtenByAudit) from an appendix before the record, the files it
// took then, those of every artifact but the architecture docs and every
// path the spec names; else none.
func earlierOwn(cur *inventory.Inventory, zone *appendix.Zone) func(string) bool {
	if cur.OwnBlastZone != nil {
		return func(p string) bool { return slices.Contains(*cur.OwnBlastZone, p) }
	}
	if zone == nil || !writtenByAudit(cur) {
		return func(string) bool { return false }
	}
	return func(p string) bool {
		for _, art := range zone.Doc.Artifacts {
			if art.Path == p && art.Kind != "architecture" {
				return true
			}
		}
		for _, r := range zone.Spec.Refs {
			if r.IsPath && strings.TrimPrefix(r.Name, "./") == p {
				return true
			}
		}
		return false
	}
}

// writtenByAudit reports whether an inventory holds nothing but what an
// audit writes: each source one of its ids, each gap one of its lines,
// and one of them at least.
func writtenByAudit(inv *inventory.Inventory) bool {
	if len(inv.Sources) == 0 && len(inv.GapsNoted) == 0 {
		return false
	}
	for id := range inv.Sources {
		if !IsSource(id) {
			return false
		}
	}
	for _, g := range inv.GapsNoted {
		if !slices.ContainsFunc(sourceDefs, func(sd sourceDef) bool { return strings.HasPrefix(g, sd.name+": ") }) {
			return false
		}
	}
	return true
}

// IsSource reports whether a source id is one the audit writes.
func IsSource(id string) bool {
	return slices.ContainsFunc(sourceDefs, func(sd sourceDef) bool { return sd.id == id })
}

// Print writes the audit summary for a person.
func Print(w io.Writer, inv *inventory.Inventory, all map[string]inventory.Source, where string) {
	short := inv.GitHash
	if len(short) > 7 {
		short = short[:7]
	}
	stamp := "git " + short
	if len(inv.Repos) > 0 {
		stamps := make([]string, len(inv.Repos))
		for i, r := range inv.Repos {
			stamps[i] = fmt.Sprintf("%s git %.7s", r.Name, r.GitHash)
		}
		stamp = strings.Join(stamps, ", ")
	}
	fmt.Fprintf(w, "Context Readiness Audit (%s, %s)\n", stamp, inv.AuditTimestamp)
	if n := len(inv.BlastZone); inv.OwnBlastZone != nil && n > len(*inv.OwnBlastZone) {
		first := "the first"
		if kept := n - len(*inv.OwnBlastZone); kept > 1 {
			first = fmt.Sprintf("the first %d", kept)
		}
		fmt.Fprintf(w, "Blast zone: %d %s, %s kept as written\n", n, naming.Plural(n, "entry", "entries"), first)
	} else {
		fmt.Fprintf(w, "Blast zone: %d %s\n", n, naming.Plural(n, "file", "files"))
	}
	for _, st := range []inventory.Status{inventory.Available, inventory.Partial, inventory.NotAvailable, inventory.NotApplicable} {
		var rows []string
		for _, sd := range sourceDefs {
			s := all[sd.id]
			if s.Status != st {
				continue
			}
			row := fmt.Sprintf("  %-22s %s", sd.id, s.Summary)
			if s.EstTokens > 0 {
				row += fmt.Sprintf(" (~%s tokens)", naming.Thousands(s.EstTokens))
			}
			rows = append(rows, row)
		}
		if len(rows) > 0 {
			fmt.Fprintf(w, "%s (%d):\n%s\n", st, len(rows), strings.Join(rows, "\n"))
		}
	}
	fmt.Fprintf(w, "Available context: ~%s tokens. Inventory (schema %s) written to %s\n", naming.Thousands(inv.TotalAvailableTokens), inventory.SchemaVersion, where)
}

// inBlast is a source found by what the blast zone's files mention: not
// applicable without a spec, missing when nothing matches.
func (a *auditor) inBlast(re *regexp.Regexp, missing string) (inventory.Status, string, string, int) {
	if !a.specGiven {
		return inventory.NotApplicable, "", "no blast zone", 0
	}
	p, n := a.grepBlast(re)
	if len(p) == 0 {
		return inventory.NotAvailable, "", missing, 0
	}
	return inventory.Available, naming.PathList(p, 3), fmt.Sprintf("%s in %s", count(n, "mentions"), count(len(p), "blast-zone files")), n * 60
}

// InBlast checks one source that depends on the blast zone ("error_handling",
// "auth") against the files of a given zone.
func InBlast(repo *gitinfo.Repo, blast []string, id string) (inventory.Source, bool) {
	a := &auditor{repo: repo, blast: blast, specGiven: true}
	for _, sd := range sourceDefs {
		if sd.id == id {
			return sd.source(a), true
		}
	}
	return inventory.Source{}, false
}

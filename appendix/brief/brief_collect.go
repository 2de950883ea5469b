package brief

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/appendix-dev/appendix/extract/lang"

	"github.com/appendix-dev/appendix/appendix/audit"

	"github.com/appendix-dev/appendix/appendix/internal/testfiles"

	"github.com/appendix-dev/appendix/appendix/internal/architecture"

	"github.com/appendix-dev/appendix/appendix/internal/resolve"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/literals"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/redact"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/inventory"
)

var (
	authNameRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(auth|permission|role|jwt|login|logout|signin|password|csrf|acl|rbac|oauth|credential|privilege|apikey|api_key|forbidden|superuser)`)
	})
	validationNameRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(validat|sanitiz|verify|schema|parse[A-Z_]|assert)`)
	})
	externalCallRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(fetch\(|axios[.(]|http\.(Get|Post|Do|NewRequest\w*)\(|\.Do\(req|requests\.(get|post|put|patch|delete)\(|httpx\.|urlopen\(|grpc\.(Dial|NewClient)|new \w+Client\(|[Tt]imeout\s*[:=]|WithTimeout\(|context\.WithDeadline)`)
	})
	retryLineRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(retr(y|ies)|backoff|circuit[_ ]?breaker|max_?attempts)`)
	})
	markerRe      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(TODO|FIXME|HACK|XXX)\b`) })
	concurrencyRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(\bgo \w+\(|sync\.(WaitGroup|Mutex|RWMutex|Pool)|\bchan\b|errgroup|semaphore|Semaphore|[Pp]ool[Ss]ize|max_?connections|MaxOpenConns|[Rr]ate.?[Ll]imit|[Tt]hrottl|[Qq]ueue|Promise\.all|asyncio\.gather|ThreadPool|[Cc]oncurrency|[Ww]orkers?\s*[:=])`)
	})
	utilDirRe = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(^|/)(utils?|helpers?|lib|common|shared|pkg|internal/\w+util\w*)/`)
	})
	makeTargetRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z][\w.-]*)\s*:([^=]|$)`) })
)

// knownFrameworks are dependencies worth naming to a minimalist: every
// language's Frameworks.
var knownFrameworks = lang.Union(func(l *extract.Language) []string { return l.Frameworks })

// The words that make a definition's name about auth or validation. An
// auth word names a check of who the caller is or what it may do: not
// "session", "token" or "guard", which name state, counted text and
// error handling as often.
var (
	authWords = map[string]bool{"auth": true, "authn": true, "authz": true, "authorize": true, "authorized": true, "authorization": true,
		"authenticate": true, "authenticated": true, "authentication": true, "permission": true, "permissions": true, "role": true,
		"roles": true, "jwt": true, "login": true, "logout": true, "password": true, "csrf": true, "acl": true, "rbac": true,
		"credential": true, "credentials": true, "oauth": true, "apikey": true, "signin": true, "privilege": true, "privileges": true,
		"forbidden": true, "superuser": true}
	validationWords = map[string]bool{"validate": true, "validator": true, "validation": true, "valid": true, "sanitize": true,
		"sanitizer": true, "verify": true, "schema": true, "check": true, "assert": true, "parse": true}
)

// hasWord tests whether one of a name's words is in set.
func hasWord(set map[string]bool) func(string) bool {
	return func(name string) bool {
		for _, w := range naming.Words(name) {
			if set[w] {
				return true
			}
		}
		return false
	}
}

// nonTest drops test files: a briefing shows the code, not its tests.
func (b *briefer) nonTest(files []string) []string {
	var out []string
	for _, f := range files {
		if !b.class(f).Test {
			out = append(out, f)
		}
	}
	return out
}

// class is the index's class of a file, worked out once a run.
func (b *briefer) class(f string) search.Class {
	b.classMu.Lock()
	defer b.classMu.Unlock()
	c, ok := b.classes[f]
	if !ok {
		c = b.ix.Class(f)
		b.classes[f] = c
	}
	return c
}

// sourceFiles is source(b.files), worked out once a run (by a lane,
// or for a kind collected without it). The slice is shared: its callers
// append to it only after a copy.
func (b *briefer) sourceFiles() []string {
	b.srcOnce.Do(func() { b.srcFiles = slices.Clip(append([]string{}, b.source(b.files)...)) })
	return b.srcFiles
}

// source drops tests and the copies set aside (vendored, bundled,
// documentation and example code, the spec folders, legacy code): what a
// search of the whole repository reads.
func (b *briefer) source(files []string) []string {
	var out []string
	for _, f := range files {
		if c := b.class(f); !c.Test && !c.Aside {
			out = append(out, f)
		}
	}
	return out
}

// inBlastDirs returns the walked files in the blast zone's directories,
// blast-zone files first, worked out once a run: the slice is shared and
// clipped, so that an append to it copies.
func (b *briefer) inBlastDirs() []string {
	if b.blastDirs != nil {
		return b.blastDirs
	}
	dirs := map[string]bool{}
	for _, f := range b.blast {
		dirs[path.Dir(f)] = true
	}
	out := append([]string{}, b.blast...)
	in := map[string]bool{}
	for _, f := range out {
		in[f] = true
	}
	for _, f := range b.files {
		if dirs[path.Dir(f)] && !in[f] {
			in[f] = true
			out = append(out, f)
		}
	}
	b.blastDirs = slices.Clip(out)
	return b.blastDirs
}

// defItems turns definitions into supplement items, each its signature or
// shape cut to maxItemLines.
func defItems(kind string, ds []*extract.Definition) []briefItem {
	var out []briefItem
	for _, d := range ds {
		lines := d.Lines
		extra := 0
		if len(lines) > maxItemLines {
			extra = len(lines) - maxItemLines
			lines = lines[:maxItemLines]
		}
		var text []string
		for _, l := range lines {
			text = append(text, l.Text)
		}
		if extra > 0 {
			text = append(text, fmt.Sprintf("%s ... %d more lines", d.Lang.Comment, extra))
		}
		rng := fmt.Sprintf("lines %d-%d", d.StartLine, d.EndLine)
		if d.StartLine == d.EndLine {
			rng = fmt.Sprintf("line %d", d.StartLine)
		}
		out = append(out, briefItem{kind: kind, title: fmt.Sprintf("%s (%s, %s)", naming.Code(d.QualifiedName()), naming.Inline(d.Path), rng), text: strings.Join(text, "\n"), fence: d.Lang.Fence, path: d.Path})
	}
	return out
}

// artifactItems turns appendix artifacts of some kinds into items.
func (b *briefer) artifactItems(kind string, kinds ...extract.Kind) []briefItem {
	var out []briefItem
	for _, a := range b.doc.Artifacts {
		for _, k := range kinds {
			if a.Kind == k {
				it := briefItem{kind: kind, title: fmt.Sprintf("%s: %s (%s, %s)", a.Title, naming.CodeList(a.Symbols), naming.Inline(a.Path), a.LineRange()),
					text: a.Text(), fence: a.Lang.Fence, path: a.Path}
				it.redacted, it.raw = b.artifactRedactions(a)
				out = append(out, it)
			}
		}
	}
	return out
}

// artifactRedactions counts the secrets redacted in what an artifact
// shows, and returns its lines before. Its text was redacted when the
// zone was built, so a count taken from it now finds none: the count is
// taken again from the file's own lines at the rows the artifact shows,
// each line the artifact made itself (a "... more lines" note, a trimmed
// signature) standing as shown. A file that cannot be read again counts
// its redaction marks.
func (b *briefer) artifactRedactions(a *artifact.Artifact) (int, []string) {
	b.memoMu.Lock()
	r, ok := b.artRedactions[a]
	b.memoMu.Unlock()
	if !ok {
		r.n, r.raw = b.countRedactions(a)
		b.memoMu.Lock()
		b.artRedactions[a] = r
		b.memoMu.Unlock()
	}
	return r.n, r.raw
}

// countRedactions is artifactRedactions uncached.
func (b *briefer) countRedactions(a *artifact.Artifact) (int, []string) {
	file := b.lines(a.Path)
	if file == nil {
		return strings.Count(a.Text(), redact.Redacted), nil
	}
	raw := make([]string, len(a.Lines))
	for i, l := range a.Lines {
		raw[i] = l.Text
		if l.Row >= 1 && l.Row <= len(file) {
			raw[i] = file[l.Row-1]
		}
	}
	red := make([]extract.Line, len(raw))
	for i, t := range raw {
		red[i].Text = t
	}
	n := redact.Lines(a.Path, red)
	own := false
	for i, l := range a.Lines {
		if red[i].Text != l.Text {
			raw[i] = l.Text // not the file's line: the artifact's own
			own = true
		}
	}
	if own {
		n = redactedCount(a.Path, raw) // (else raw is what was redacted)
	}
	if n == 0 {
		return 0, nil
	}
	return n, raw
}

// lines is readLines of a file of the repository, read once a run.
func (b *briefer) lines(rel string) []string {
	b.memoMu.Lock()
	ls, ok := b.read[rel]
	b.memoMu.Unlock()
	if !ok {
		ls = readLines(b.repo.Root, rel)
		b.memoMu.Lock()
		b.read[rel] = ls
		b.memoMu.Unlock()
	}
	return ls
}

func listItem(kind, title string, lines []string, max int) []briefItem {
	if len(lines) == 0 {
		return nil
	}
	if len(lines) > max {
		lines = append(lines[:max:max], fmt.Sprintf("... %d more items", len(lines)-max))
	}
	return []briefItem{{kind: kind, title: title, text: "- " + strings.Join(lines, "\n- ")}}
}

// collect gathers the items of one supplement kind, once per run.
func (b *briefer) collect(kind string) []briefItem {
	if items, ok := b.items[kind]; ok {
		return items
	}
	var items []briefItem
	if f := b.lane[kind]; f != nil {
		<-f.done
		items = f.items
	} else {
		items = b.gather(kind, nil)
	}
	b.items[kind] = items
	return items
}

// gather collects the items of one kind, redacted; found are the lines
// a pass of the code searches found, by kind (see grepCode).
func (b *briefer) gather(kind string, found map[string][]string) []briefItem {
	var items []briefItem
	root := b.repo.Root
	switch kind {
	case supAuth:
		// Code that checks: functions and types, not a constant's value.
		items = defItems(kind, b.findCode(authNameRe(), hasWord(authWords), b.nonTest(b.inBlastDirs()), 6))
	case supValidation:
		items = defItems(kind, b.findCode(validationNameRe(), hasWord(validationWords), b.nonTest(b.inBlastDirs()), 6))
	case supManifests, supFrameworks:
		items = b.manifestItems(kind)
	case supRoutes:
		items = b.artifactItems(kind, extract.KindRoute)
		var lines []string
		for _, d := range b.ix.Routes {
			lines = append(lines, fmt.Sprintf("%s -> %s (%s)", naming.Code(d.Route.Method+" "+d.Route.Pattern), naming.Code(d.Route.Handler), naming.At(d.Path, d.DeclLine)))
		}
		sort.Strings(lines)
		items = append(items, listItem(kind, "Route registrations found", dedupe(lines), 15)...)
	case supExternalCalls:
		items = listItem(kind, "External calls and timeouts in the blast zone", b.grepCode(kind, found), 15)
	case supRetries:
		items = listItem(kind, "Retry and circuit-breaker code", b.grepCode(kind, found), 12)
		if len(items) == 0 {
			items = []briefItem{{kind: kind, title: "Retries and circuit breakers", text: "None exists: no retry, backoff or circuit-breaker code was found in the repository."}}
		}
	case supMonitoring:
		files, _ := audit.Matching(b.ix.Files, audit.MonitoringFiles())
		items = listItem(kind, "Monitoring and alerting configuration", files, 10)
		if len(items) == 0 {
			items = []briefItem{{kind: kind, title: "Monitoring and alerting", text: "None exists: no monitoring or alerting configuration was found in the repository."}}
		}
	case supUtilities:
		// Utilities in the languages of the blast zone: a Go change is
		// not helped by a React helper.
		langs := map[string]bool{}
		for _, f := range b.blast {
			if l := lang.ForPath(f); l != nil {
				langs[l.Family()] = true
			}
		}
		var utilFiles []string
		utilDir := pathMatcher(utilDirRe())
		for _, f := range b.files {
			if l := lang.ForPath(f); l != nil && utilDir(f) && !b.class(f).Test && (len(langs) == 0 || langs[l.Family()]) {
				utilFiles = append(utilFiles, f)
			}
		}
		ds := b.ix.FindNamed(b.ctx, root, regexp.MustCompile(`\w`), func(string) bool { return true }, utilFiles, 40)
		var lines []string
		for _, d := range ds {
			if (d.Kind == extract.KindFunction) && d.Exported {
				lines = append(lines, fmt.Sprintf("%s (%s)", naming.Code(resolve.SignatureLine(d)), naming.At(d.Path, d.DeclLine)))
			}
		}
		items = listItem(kind, "Existing utilities", lines, 15)
	case supPriorArt:
		items = defItems(kind, b.priorArt())
	case supTypes:
		items = b.artifactItems(kind, extract.KindType, extract.KindInterface, extract.KindEnum, extract.KindSchema, extract.KindError)
	case supSchemas:
		items = b.artifactItems(kind, extract.KindSchema, extract.KindEnum)
	case supTests:
		if t := testfiles.Artifact(b.ix, root, b.doc.Artifacts); t != nil && len(t.Lines) > 0 {
			var lines []string
			for _, l := range t.Lines {
				lines = append(lines, l.Text)
			}
			items = listItem(kind, "Tests covering the blast zone (names only)", lines, 12)
		}
	case supADRs:
		files, _ := audit.Matching(b.ix.Files, audit.ADRFiles())
		var lines []string
		for _, f := range files {
			title := path.Base(f)
			for _, l := range readLines(root, f) {
				if m := architecture.HeadingRe.FindStringSubmatch(l); m != nil {
					title = m[2]
					break
				}
			}
			lines = append(lines, fmt.Sprintf("%s (%s)", title, naming.Code(f)))
		}
		items = listItem(kind, "Decision records", lines, 12)
	case supMarkers:
		items = listItem(kind, "TODO / FIXME / HACK markers in the blast zone", b.grepLines(b.blast, markerRe(), 12, false), 12)
	case supArchitecture:
		if a := architecture.Excerpt(root, ".architecture/overview.md", architecture.Terms(root, b.spec, b.doc.Artifacts), "", false); a != nil {
			items = []briefItem{{kind: kind, title: fmt.Sprintf("Architecture overview (%s, %s)", naming.Inline(a.Path), a.LineRange()), text: a.Text(), file: a.Path}}
		}
	case supTarget:
		if p := b.targetArchitecture(); p != "" {
			items = []briefItem{{kind: kind, title: fmt.Sprintf("Target architecture (%s)", naming.Code(p)), text: strings.Join(readLines(root, p), "\n"), file: p}}
		}
	case supComponents:
		var missing []string
		items, missing = b.componentItems(kind)
		if len(missing) > 0 {
			b.gaps[kind] = []string{fmt.Sprintf("component docs: %s, named by .architecture/manifest.json, %s not in the repository.", strings.Join(missing, ", "), naming.Plural(len(missing), "is", "are"))}
		}
	case supFlows:
		items = b.flowItems(kind)
	case supDecisions:
		items = b.decisionItems(kind)
	case supBuildConfig:
		items = b.buildItems(kind)
	case supNaming:
		items = b.namingItems(kind)
	case supMigrations:
		var ms []string
		migrationDir := pathMatcher(migrationDirRe())
		for _, f := range b.files {
			if migrationDir(f) && lang.ForPath(f) != nil {
				ms = append(ms, naming.Code(f))
			}
		}
		sort.Sort(sort.Reverse(sort.StringSlice(ms)))
		items = listItem(kind, "Migrations, newest first (names only)", ms, 10)
	case supAPIDocs:
		files, _ := audit.Matching(b.ix.Files, audit.ExternalAPIFiles())
		items = listItem(kind, "API descriptions", files, 10)
	case supSDKTypes:
		items = b.importItems(kind)
	case supConcurrency:
		// The blast zone's directories first, then the rest of the code:
		// the pool a spec's jobs will run on is often elsewhere.
		items = listItem(kind, "Concurrency, pools, rate limits and queues", b.grepCode(kind, found), 15)
	}
	b.redact(items)
	return items
}

// codeSearches are the kinds found by a search of the code, in the order
// of a pass: the external calls in the blast zone's directories (their
// files come first in the pass), then retries and concurrency, there and
// in the rest of the code: the pool a spec's jobs will run on, or the
// retry helper it should use, is often elsewhere.
var codeSearches = []struct {
	kind  string
	q     grepQuery
	blast bool // the blast zone's directories only
}{
	{supExternalCalls, grepQuery{re: externalCallRe(), max: 15, code: true}, true},
	{supRetries, grepQuery{re: retryLineRe(), max: 12, code: true}, false},
	{supConcurrency, grepQuery{re: concurrencyRe(), max: 15, code: true}, false},
}

// lanes are the kinds a run collects beside the rest, each lane in its
// order, when its briefings show them: the code searches (one pass for
// all) and prior art, and the kinds that read many files. They share
// nothing with the other kinds but the memos, which lock (classes, lines
// and redactions).
var lanes = [][]string{
	{supExternalCalls, supRetries, supConcurrency, supPriorArt},
	{supTests, supBuildConfig, supSDKTypes, supManifests, supFrameworks, supMigrations},
}

// laneItems are the items of a kind a lane collects, once done is
// closed.
type laneItems struct {
	done  chan struct{}
	items []briefItem
}

// startLanes starts collecting the lanes' kinds the run's briefings
// show, each lane on a goroutine of its own: collect waits for them. The
// blast zone's directories' files are listed before, so that the lanes
// only read them.
func (b *briefer) startLanes() {
	b.lane = map[string]*laneItems{}
	blastDirs := b.inBlastDirs()
	var run [][]string
	for _, ks := range lanes {
		var kinds []string
		for _, k := range ks {
			if b.wanted[k] {
				kinds = append(kinds, k)
				b.lane[k] = &laneItems{done: make(chan struct{})}
			}
		}
		if len(kinds) > 0 {
			run = append(run, kinds)
		}
	}
	for _, kinds := range run { // (once b.lane is whole: the lanes read it)
		go b.runLane(kinds, blastDirs)
	}
}

// runLane collects kinds in turn, the code searches among them in one
// pass first.
func (b *briefer) runLane(kinds, blastDirs []string) {
	var searched []string
	var qs []grepQuery
	for _, c := range codeSearches {
		if slices.Contains(kinds, c.kind) {
			q := c.q
			if c.blast {
				q.files = len(blastDirs)
			}
			searched, qs = append(searched, c.kind), append(qs, q)
		}
	}
	found := map[string][]string{}
	if len(qs) > 0 {
		for i, lines := range b.grepAll(append(blastDirs, b.sourceFiles()...), qs) {
			found[searched[i]] = lines
		}
	}
	for _, k := range kinds {
		f := b.lane[k]
		f.items = b.gather(k, found)
		close(f.done)
	}
}

// grepCode is the lines the code search of a kind finds: those found
// by its lane's pass, else by a pass of its own.
func (b *briefer) grepCode(kind string, found map[string][]string) []string {
	if lines, ok := found[kind]; ok {
		return lines
	}
	for _, c := range codeSearches {
		if c.kind == kind {
			files := b.inBlastDirs()
			if !c.blast {
				files = append(files, b.sourceFiles()...)
			}
			return b.grepAll(files, []grepQuery{c.q})[0]
		}
	}
	return nil
}

// priorArt finds definitions with the role of a type the spec adds: for
// `CostTracker`, other types and functions whose name ends in "tracker"
// (TokenTracker). A constant or variable is no prior art, and a name
// that merely holds the word (`call_model` for "mode") is not one.
func (b *briefer) priorArt() []*extract.Definition {
	tails := map[string]bool{}
	var alts []string
	for _, r := range b.spec.Refs {
		if !r.Proposed || r.Route != nil || r.IsPath || !spec.IsUpperStart(r.Name) || strings.ToUpper(r.Name) == r.Name {
			continue
		}
		if ws := naming.Words(r.Name); len(ws) >= 2 && len(ws[len(ws)-1]) > 3 && !tails[ws[len(ws)-1]] {
			tails[ws[len(ws)-1]] = true
			alts = append(alts, regexp.QuoteMeta(ws[len(ws)-1]))
		}
	}
	if len(alts) == 0 {
		return nil
	}
	re := regexp.MustCompile(`(?i)(` + strings.Join(alts, "|") + `)`)
	last := func(name string) bool {
		ws := naming.Words(name)
		return len(ws) > 0 && tails[ws[len(ws)-1]]
	}
	return b.findCode(re, last, b.sourceFiles(), 5)
}

// findCode returns the first max functions, methods and types in files
// whose name passes name, parsing only the files whose scan saw such a
// name declared and that hold a literal every match of pre holds (see
// literals.Of): a search that finds few asks of every file.
func (b *briefer) findCode(pre *regexp.Regexp, name func(string) bool, files []string, max int) []*extract.Definition {
	req := literals.Of(pre)
	passes := map[string]bool{} // name's answer for each word asked of
	named := func(w string) bool {
		ok, asked := passes[w]
		if !asked {
			ok = name(w)
			passes[w] = ok
		}
		return ok
	}
	var out []*extract.Definition
	for _, f := range files {
		if len(out) >= max || b.ctx.Err() != nil {
			break
		}
		if b.class(f).Lang == nil || !b.ix.MayDeclare(f, named) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(b.repo.Root, filepath.FromSlash(f)))
		if err != nil || !req.MayMatch(src) {
			continue
		}
		out = append(out, codeDefs(b.ix.FindNamed(b.ctx, b.repo.Root, nil, name, []string{f}, 1<<20), max-len(out))...)
	}
	return out
}

// codeDefs keeps the functions, methods and types among definitions, at
// most max.
func codeDefs(ds []*extract.Definition, max int) []*extract.Definition {
	var out []*extract.Definition
	for _, d := range ds {
		switch d.Kind {
		case extract.KindFunction, extract.KindMethod, extract.KindType, extract.KindInterface:
			if len(out) < max {
				out = append(out, d)
			}
		}
	}
	return out
}

// pathMatcher is re.MatchString for the paths of every walked file: a
// path is read by the expression only when it holds a literal every
// match holds (see literals.Of).
func pathMatcher(re *regexp.Regexp) func(string) bool {
	req := literals.Of(re)
	return func(p string) bool { return req.MayMatchString(p) && re.MatchString(p) }
}

// migrationDirRe() is the path of a file in a directory of migrations.
var migrationDirRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|/)(migrations?|migrate|alembic|flyway|liquibase|schema_migrations)/`)
})

// manifestItems lists what the dependency manifests declare: each
// manifest's runtime dependencies with their versions for a security
// review; for a minimalist the frameworks among all of them, then the
// other runtime dependencies.
func (b *briefer) manifestItems(kind string) []briefItem {
	m := b.manifests()
	if kind == supFrameworks {
		var fw, other []string
		for _, d := range m.deps {
			switch {
			case isFramework(d.name):
				fw = append(fw, fmt.Sprintf("%s (%s%s)", naming.Code(d.text), naming.Inline(d.manifest), map[bool]string{true: ", dev"}[d.dev]))
			case !d.dev:
				other = append(other, fmt.Sprintf("%s (%s)", naming.Code(d.text), naming.Inline(d.manifest)))
			}
		}
		items := listItem(kind, "Frameworks and SDKs the manifests declare (their built-ins may already do what the spec adds)", dedupe(fw), 20)
		return append(items, listItem(kind, "Other runtime dependencies", dedupe(other), 20)...)
	}
	var items []briefItem
	for _, f := range m.files {
		var deps []string
		for _, d := range m.deps {
			if d.manifest == f && !d.dev {
				deps = append(deps, d.text)
			}
		}
		items = append(items, listItem(kind, "Dependencies in "+naming.Code(f), deps, 20)...)
	}
	return items
}

// isFramework reports a dependency that is a known framework or SDK (not
// its type declarations, @types/...).
func isFramework(name string) bool {
	if strings.HasPrefix(name, "@types/") {
		return false
	}
	for _, k := range knownFrameworks {
		// (name ends in "/"+k, or starts with k+"/": written without
		// building either string, for every dependency and framework.)
		after := len(name) > len(k) && name[len(name)-len(k)-1] == '/' && strings.HasSuffix(name, k)
		before := len(name) > len(k) && name[len(k)] == '/' && strings.HasPrefix(name, k)
		if strings.EqualFold(name, k) || after || before || strings.Contains(k, "/") && strings.Contains(name, k) {
			return true
		}
	}
	return false
}

// importItems lists the packages the blast zone's code imports from
// outside the standard library and the repository, each with what the
// manifests of its language declare of it.
func (b *briefer) importItems(kind string) []briefItem {
	m := b.manifests()
	type pkg struct {
		name string
		l    *extract.Language
	}
	seen := map[pkg]bool{}
	own := map[pkg]bool{} // the repository's own, each asked once
	var lines []string
	for _, f := range b.blast {
		l := lang.ForPath(f)
		if l == nil || l.ExternalImports == nil {
			continue
		}
		for _, imp := range l.ExternalImports(b.lines(f)) {
			if seen[pkg{imp, l}] || own[pkg{imp, l}] {
				continue
			}
			if b.own(l, imp) {
				own[pkg{imp, l}] = true
				continue
			}
			seen[pkg{imp, l}] = true
			line := fmt.Sprintf("%s (%s, imported by %s)", naming.Code(imp), l.Display, naming.Inline(f))
			switch ds := m.declaring(l, imp); {
			case len(ds) > 0:
				var as []string
				for _, d := range ds {
					as = append(as, fmt.Sprintf("%s in %s", naming.Code(d.text), naming.Inline(d.manifest)))
				}
				line += ": " + strings.Join(dedupe(as), ", ")
			case len(l.Manifests) > 0:
				line += ": no manifest entry by that name"
			}
			lines = append(lines, line)
		}
	}
	sort.Strings(lines)
	return listItem(kind, "External packages the blast zone imports", lines, 15)
}

// buildItems names the build targets, package scripts and CI workflows.
func (b *briefer) buildItems(kind string) []briefItem {
	root := b.repo.Root
	var lines []string
	buildFile := pathMatcher(audit.BuildFiles())
	for _, f := range b.files {
		switch {
		case path.Base(f) == "Makefile":
			var targets []string
			for _, l := range readLines(root, f) {
				if m := makeTargetRe().FindStringSubmatch(l); m != nil && !strings.HasPrefix(m[1], ".") {
					targets = append(targets, m[1])
				}
			}
			if len(targets) > 0 {
				lines = append(lines, fmt.Sprintf("%s targets: %s", naming.Code(f), strings.Join(targets, ", ")))
			}
		case path.Base(f) == "package.json" && !strings.Contains(f, "node_modules"):
			var pj struct {
				Scripts map[string]string `json:"scripts"`
			}
			if json.Unmarshal([]byte(strings.Join(readLines(root, f), "\n")), &pj) == nil && len(pj.Scripts) > 0 {
				var ks []string
				for k := range pj.Scripts {
					ks = append(ks, k)
				}
				sort.Strings(ks)
				lines = append(lines, fmt.Sprintf("%s scripts: %s", naming.Code(f), strings.Join(ks, ", ")))
			}
		case buildFile(f):
			lines = append(lines, naming.Code(f))
		}
	}
	return listItem(kind, "Build, test and CI configuration", lines, 15)
}

// namingItems states the naming conventions the blast zone follows.
func (b *briefer) namingItems(kind string) []briefItem {
	var lines []string
	snake, camel := 0, 0
	for _, a := range b.doc.Artifacts {
		if a.Kind != extract.KindSchema {
			continue
		}
		for _, s := range a.Symbols {
			if strings.Contains(s, "_") || strings.ToLower(s) == s {
				snake++
			} else {
				camel++
			}
		}
	}
	if snake+camel > 0 {
		style := "CamelCase"
		if snake > camel {
			style = "snake_case"
		}
		lines = append(lines, fmt.Sprintf("Tables and models the spec touches are named in %s (%d of %d).", style, max(snake, camel), snake+camel))
	}
	exts := map[string]int{}
	dashed, under := 0, 0
	for _, f := range b.blast {
		exts[path.Ext(f)]++
		base := strings.TrimSuffix(path.Base(f), path.Ext(f))
		if strings.Contains(base, "-") {
			dashed++
		}
		if strings.Contains(base, "_") {
			under++
		}
	}
	if dashed > 0 || under > 0 {
		style := "snake_case"
		if dashed > under {
			style = "kebab-case"
		}
		lines = append(lines, fmt.Sprintf("Files in the blast zone are named in %s.", style))
	}
	for _, r := range b.spec.Refs {
		if r.Proposed && r.Route == nil && !r.IsPath {
			lines = append(lines, fmt.Sprintf("The spec adds `%s`.", r.Name))
		}
	}
	return listItem(kind, "Naming conventions", lines, 10)
}

// fitTestsPseudo is the spec's test pseudocode a profile asks for
// (mode "whole", or "auth" for its auth and security sections) within
// room tokens: whole when it fits, else the cases that name the blast
// zone, as many as fit; what is left out is named in left.
func (b *briefer) fitTestsPseudo(mode string, room int) (items []briefItem, left []string) {
	file := b.specFile("tests-pseudo.md")
	switch {
	case mode == "":
		return nil, nil
	case file == "" && b.specDir == "":
		return nil, []string{"test pseudocode: the spec is not in the repository, so it has no tests-pseudo.md beside it."}
	case file == "":
		return nil, []string{fmt.Sprintf("test pseudocode: no tests-pseudo.md beside the spec (in %s).", naming.Code(b.specDir+"/"))}
	}
	lines := readLines(b.repo.Root, file)
	secs := architecture.Sections(lines)
	var keep []string
	if mode == "auth" {
		for _, s := range secs {
			if authNameRe().MatchString(s.Title) || strings.Contains(strings.ToLower(s.Title), "security") {
				keep = append(keep, lines[s.Start-1:s.End]...)
			}
		}
		if len(keep) == 0 {
			return nil, []string{fmt.Sprintf("test pseudocode: %s has no auth or security section.", naming.Code(file))}
		}
		lines = keep
		secs = architecture.Sections(lines)
	}
	title := fmt.Sprintf("Test pseudocode (%s%s)", naming.Code(file), map[string]string{"auth": ", auth sections"}[mode])
	all := []briefItem{{kind: "tests_pseudo", title: title, text: strings.Join(lines, "\n"), file: file}}
	b.redact(all)
	if sumTokens(all) <= room {
		return all, nil
	}
	// The cases (sections with none below them) that name the blast zone.
	var names []string
	for _, z := range b.zone {
		names = append(names, z.syms...)
		if !strings.HasSuffix(z.path, "/") {
			names = append(names, path.Base(z.path))
		}
	}
	cases, shown := 0, 0
	keep = nil
	for i, s := range secs {
		if i+1 < len(secs) && secs[i+1].Level() > s.Level() {
			continue
		}
		cases++
		text := strings.Join(lines[s.Start-1:s.End], "\n")
		if !slices.ContainsFunc(names, func(n string) bool { return naming.HasWord(text, n) || strings.Contains(text, n) }) {
			continue
		}
		try := []briefItem{{kind: "tests_pseudo", text: strings.Join(append(keep[:len(keep):len(keep)], text), "\n\n"), file: file,
			title: fmt.Sprintf("Test pseudocode (%s, the cases that name the blast zone)", naming.Code(file))}}
		b.redact(try)
		if sumTokens(try) > room {
			break
		}
		keep, items, shown = append(keep, text), try, shown+1
	}
	if shown == 0 {
		return nil, []string{fmt.Sprintf("left out for the budget: %s.", title)}
	}
	return items, []string{fmt.Sprintf("test pseudocode: %d of the %d cases in %s shown, those that name the blast zone; twice the spec leaves no room for all.", shown, cases, naming.Code(file))}
}

// gapWhat says what a missing source would have given each persona.
var gapWhat = map[string]string{
	supAuth:          "which permission checks the change must pass",
	supValidation:    "which inputs are validated before they reach the change",
	supRoutes:        "the API surface an attacker can reach",
	supExternalCalls: "which calls can hang and with what timeout",
	supUtilities:     "helpers the spec could reuse instead of adding code",
	supPriorArt:      "a feature like this one that already exists",
	supTypes:         "the exact types the spec must match",
	supSchemas:       "the constraints the data already has",
	supTests:         "how the blast zone is tested today",
	supADRs:          "decisions the spec may contradict",
	supMarkers:       "known debt in the code the spec touches",
	supArchitecture:  "how the components fit together",
	supBuildConfig:   "how the change is built and tested",
	supMigrations:    "how the schema evolved",
	supAPIDocs:       "what the external APIs really accept",
	supSDKTypes:      "which SDKs the integration relies on",
	supTarget:        "the architecture this spec is heading for (target-architecture.md beside the spec)",
	supComponents:    "each component's documented boundaries",
	supFlows:         "how data moves between the components the spec touches",
	supDecisions:     "the architectural decisions the spec must respect",
	supConcurrency:   "how much load the code is built for",
	supManifests:     "the versions whose advisories matter",
	supFrameworks:    "the built-ins that may make new code unnecessary",
	supNaming:        "the names new code must follow",
}

func (b *briefer) gapFor(kind string, p Profile) string {
	what := gapWhat[kind]
	if what == "" {
		return ""
	}
	return fmt.Sprintf("%s: none found — would have shown %s.", strings.ReplaceAll(kind, "_", " "), what)
}

// auditSourceFor maps the audit's sources to the personas they matter to.
var auditSourceFor = map[string][]string{
	"monitoring":           {"BURN", "TRAF"},
	"test_coverage":        {"PEDA", "COMP"},
	"auth":                 {"PARA"},
	"external_api":         {"AUDT", "FLOW"},
	"architecture_docs":    {"ARCH", "FLOW", "ASSH"},
	"decision_records":     {"ASSH", "ARCH"},
	"error_handling":       {"BURN", "TRAF"},
	"similar_features":     {"MINI", "COMP"},
	"build_config":         {"COMP"},
	"dependency_manifests": {"PARA", "MINI"},
}

// auditGaps lists the audit's missing sources that matter to a persona.
func (b *briefer) auditGaps(p Profile) []string {
	var out []string
	var ids []string
	for id := range auditSourceFor {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		src, ok := b.sources[id]
		if !ok || src.Status != inventory.NotAvailable || !slices.Contains(auditSourceFor[id], p.Code) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s.", strings.ReplaceAll(id, "_", " "), src.Summary))
	}
	return out
}

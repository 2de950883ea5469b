package appendix

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/cache"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/gitinfo"
)

// Stats counts what a run did, for --stats and benchmarks.
type Stats struct {
	FilesWalked   int
	FilesSearched int
	BytesSearched int64
	FilesParsed   int
	Definitions   int
	Routes        int
	CacheHits     int           // files whose extraction came from the cache
	ScanHits      int           // files not read: their scan came from the cache
	Walk          time.Duration // listing files with ignore rules
	Search        time.Duration // reading, scanning and parsing
	Resolve       time.Duration // choosing definitions, handlers, bases
	Render        time.Duration // budgeting and rendering
}

// index is what the search phase learned about the repository.
type index struct {
	files []gitinfo.File
	defs  map[string][]*extract.Definition // by name
	paths map[string]bool                  // every walked file path
	dirs  map[string]bool                  // every directory holding a walked file
	// modules holds every directory name and file stem: what a qualifier
	// such as `userbus` in `userbus.User` can name.
	modules map[string]bool
	byKey   map[string][]*extract.Definition // table-like definitions by tableKey
	amends  map[string][]string              // tableKey -> files with ALTER TABLE statements
	routes  []*extract.Definition            // route registrations found
	mounts  []extract.Mount                  // routers mounted under prefixes
	imports map[string]string                // names imported from packages, and from which
	byAlias map[string][]*extract.Definition // definitions by table alias (db_table, __tablename__, ...)
	members map[string][]*extract.Definition // type-like definitions by member name
	warn    []string
	stats   Stats
	cache   *cache.Cache           // extraction results by content; nil: no cache
	scans   map[string]*scan.Entry // this run's scans, by path: later passes read no file
	tests   []gitinfo.File         // the walked test files, once computed
	// restrict limits names to the files of the modules that qualify them.
	restrict map[string][]string
}

// shuffleHook lets a test permute the walk's order, to prove that the
// output does not depend on it.
var shuffleHook func([]gitinfo.File)

// routeDetectors names the frameworks whose routes are recognised, so that
// a missing route reads as "not found by these", not as "does not exist".
const routeDetectors = "looked for net/http, chi, gin, echo, fiber, Express, Hono, Fastify, Next.js, Remix, FastAPI, Flask, Django and Convex registrations"

// wantedNames are the identifiers whose definitions are searched for: each
// reference's name, and both halves of a dotted one.
func wantedNames(refs []spec.Ref, apps map[string]bool) (map[string]scan.Want, map[string][]string) {
	w := map[string]scan.Want{}
	// restrict: a name searched only in the modules that qualify it
	// (`serializers.Add`); a name also wanted bare is searched everywhere.
	restrict := map[string][]string{}
	bare := map[string]bool{}
	set := func(name string, k scan.Want) {
		if old, ok := w[name]; !ok || k < old {
			w[name] = k
		}
	}
	for _, r := range refs {
		if r.IsPath || r.Route != nil {
			continue
		}
		parts := strings.Split(r.Name, ".")
		k := scan.WantAny
		switch {
		case r.Hint == spec.HintField:
			k = scan.WantDecl
		case (r.Hint == spec.HintType || r.Hint == spec.HintInterface || r.Hint == spec.HintTable && spec.IsUpperStart(r.Name)) && len(parts) == 1 && !r.Proposed:
			k = scan.WantType
		}
		for i, p := range parts {
			last := i == len(parts)-1
			switch {
			case p == "":
			case last && len(parts) > 1 && spec.IsUpperStart(parts[len(parts)-2]):
				set(p, scan.WantDecl) // Type.member: the member is found on the type; a method is declared
				bare[p] = true
			case last && len(parts) > 1 && apps[parts[0]]:
				set(p, k) // pkg.Name: only in that package
				restrict[p] = append(restrict[p], parts[0])
			case i == 0 && len(parts) > 1 && apps[p] && !spec.IsUpperStart(p):
				// `config.Config`: the head names a directory, a package;
				// as a definition it can only be a top-level one, never
				// the `config:` fields and keys of every other file.
				set(p, scan.WantTop)
				bare[p] = true
			default:
				set(p, k)
				bare[p] = true
			}
		}
		if len(parts) == 1 {
			for _, v := range naming.TableVariants(r.Name, apps) {
				set(v, scan.WantTop)
				bare[v] = true
			}
		}
	}
	for n := range bare {
		delete(restrict, n)
	}
	return w, restrict
}

// search walks the repository, finds the files that may define a wanted
// name in one pass over their contents, and parses only those, on every
// core, with one parser per worker.
func search(ctx context.Context, repo *gitinfo.Repo, refs []spec.Ref, ca *cache.Cache) (*index, error) {
	t0 := time.Now()
	if ca != nil {
		repo.Listings = ca
		defer func() { repo.Listings = nil }()
	}
	files, err := repo.Walk(ctx, scan.SkipDir)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", repo.Root, err)
	}
	if shuffleHook != nil {
		shuffleHook(files)
	}
	ix := &index{files: files, defs: map[string][]*extract.Definition{}, paths: map[string]bool{}, dirs: map[string]bool{},
		modules: map[string]bool{}, byKey: map[string][]*extract.Definition{}, amends: map[string][]string{},
		imports: map[string]string{}, byAlias: map[string][]*extract.Definition{}, members: map[string][]*extract.Definition{}, cache: ca,
		scans: map[string]*scan.Entry{}}
	ix.stats.FilesWalked = len(files)
	ix.stats.Walk = time.Since(t0)
	defer func() { ix.stats.Search = time.Since(t0) - ix.stats.Walk }()
	for _, f := range files {
		ix.paths[f.Path] = true
		ix.modules[moduleName(f.Path)] = true
		for d := path.Dir(f.Path); d != "." && !ix.dirs[d]; d = path.Dir(d) {
			ix.dirs[d] = true
			ix.modules[path.Base(d)] = true
		}
	}
	wanted, restrict := wantedNames(refs, ix.dirNames())
	ix.restrict = restrict
	return ix, ix.find(ctx, repo.Root, wanted, routeSegments(refs))
}

// dirNames is the set of directory names, the app prefixes a table name may
// carry (fundraising_payment).
func (ix *index) dirNames() map[string]bool {
	out := map[string]bool{}
	for d := range ix.dirs {
		out[path.Base(d)] = true
	}
	return out
}

// find reads every source file once, and parses those that may define a
// wanted name, on every core, with one parser per worker. Results are
// joined in walk order.
func (ix *index) find(ctx context.Context, root string, wanted map[string]scan.Want, routeSegs [][]byte) error {
	if len(wanted) == 0 && len(routeSegs) == 0 {
		return nil
	}
	var todo []int
	for i, f := range ix.files {
		if scan.SourceFile(f.Path, f.Size) != nil {
			todo = append(todo, i)
		}
	}
	results := make([]fileResult, len(todo))
	focus := newFocusWords(wanted, ix.dirNames())
	// Most files cost a stat and a cache lookup, system calls that overlap
	// well: more workers than cores keep both cores busy.
	workers := min(max(runtime.GOMAXPROCS(0), 6), max(1, len(todo)))
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := extract.NewParser()
			defer p.Close()
			buf := make([]byte, 0, 64<<10)
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				f := ix.files[todo[k]]
				results[k] = searchFile(ctx, p, &buf, ix.cache, ix.scans[f.Path], root, f, wanted, focus, ix.restrict, routeSegs)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	for k, r := range results {
		// A later pass over a file (bases, handlers) uses the first pass's
		// scan and is not counted again as a file searched.
		if path := ix.files[todo[k]].Path; r.scan != nil && ix.scans[path] == nil {
			ix.scans[path] = r.scan
			ix.stats.BytesSearched += r.bytes
			if r.bytes > 0 {
				ix.stats.FilesSearched++
			}
			if r.scanHit {
				ix.stats.ScanHits++
			}
		}
		if r.parsed {
			ix.stats.FilesParsed++
		}
		if r.cached {
			ix.stats.CacheHits++
		}
		if r.warning != "" {
			ix.warn = append(ix.warn, r.warning)
		}
		for i := range r.routes {
			ix.routes = append(ix.routes, &r.routes[i])
			ix.stats.Routes++
		}
		ix.mounts = append(ix.mounts, r.mounts...)
		for name, mod := range r.imports {
			if _, ok := ix.imports[name]; !ok {
				ix.imports[name] = mod
			}
		}
		for i := range r.defs {
			d := &r.defs[i]
			ix.stats.Definitions++
			if d.Amends {
				k := naming.TableKey(d.Name)
				if !slices.Contains(ix.amends[k], d.Path) && !strings.Contains(d.Path, ".down.") {
					ix.amends[k] = append(ix.amends[k], d.Path)
				}
				continue
			}
			ix.defs[d.Name] = append(ix.defs[d.Name], d)
			if naming.TableLike(d.Kind) && d.Container == "" {
				k := naming.TableKey(d.Name)
				ix.byKey[k] = append(ix.byKey[k], d)
				for _, a := range d.Aliases {
					ix.byAlias[a] = append(ix.byAlias[a], d)
					if ka := naming.TableKey(a); ka != k {
						ix.byKey[ka] = append(ix.byKey[ka], d)
					}
				}
			}
			if naming.TableLike(d.Kind) || d.Kind == extract.KindError {
				for _, m := range d.Members {
					if wanted[m.Name] != 0 && !slices.Contains(memberNames(ix.members[m.Name]), d.Path+":"+d.Name) {
						ix.members[m.Name] = append(ix.members[m.Name], d)
					}
				}
			}
		}
	}
	return nil
}

// findPattern returns the definitions, in files, whose names match re:
// a search by meaning ("auth", "retry") rather than by the spec's names.
// Parses come from the cache when the files were parsed before.
func (ix *index) findPattern(ctx context.Context, root string, re *regexp.Regexp, files []string, limit int) []*extract.Definition {
	return ix.findNamed(ctx, root, re, re.MatchString, files, limit)
}

// findNamed is findPattern with a name test finer than a regexp: only
// files whose text matches pre are read.
func (ix *index) findNamed(ctx context.Context, root string, pre *regexp.Regexp, name func(string) bool, files []string, limit int) []*extract.Definition {
	p := extract.NewParser()
	defer p.Close()
	var out []*extract.Definition
	for _, f := range files {
		if ctx.Err() != nil || len(out) >= limit {
			break
		}
		var size int64
		for _, wf := range ix.files {
			if wf.Path == f {
				size = wf.Size
			}
		}
		lang := scan.SourceFile(f, size)
		if lang == nil {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil || len(src) > scan.MaxFileSize || scan.Generated(src) || !pre.Match(src) {
			continue
		}
		key := cache.BlobKey(lang, src)
		var all []extract.Definition
		if e := ix.cache.Get(key); e != nil && e.HasDefs {
			all = cache.FromCached(e.Defs, f)
		} else if all, err = p.Definitions(ctx, lang, f, src); err == nil {
			ix.cache.Put(key, &cache.Entry{Defs: cache.ToCached(all), HasDefs: true})
		}
		for i := range all {
			if name(all[i].Name) && !all[i].Broken && len(out) < limit {
				out = append(out, &all[i])
			}
		}
	}
	return out
}

// findBases searches, in a second pass, for the classes that types named
// as Type.member extend when the member is not declared on the type
// itself: inherited members resolve to their declaring base.
func (ix *index) findBases(ctx context.Context, root string, refs []spec.Ref) error {
	for round := 0; round < 4; round++ {
		more := map[string]scan.Want{}
		for _, r := range refs {
			parts := strings.Split(r.Name, ".")
			if r.IsPath || len(parts) < 2 {
				continue
			}
			head, last := parts[len(parts)-2], parts[len(parts)-1]
			var walk func(d *extract.Definition, depth int)
			walk = func(d *extract.Definition, depth int) {
				for _, m := range d.Members {
					if m.Name == last {
						return
					}
				}
				for _, b := range d.Bases {
					if _, ok := ix.defs[b]; !ok {
						more[b] = scan.WantAny
					} else if depth < 4 {
						for _, bd := range ix.defs[b] {
							walk(bd, depth+1)
						}
					}
				}
			}
			if len(ix.defs[last]) > 0 {
				continue
			}
			for _, d := range ix.defs[head] {
				walk(d, 0)
			}
		}
		if len(more) == 0 {
			return nil
		}
		for b := range more {
			ix.defs[b] = nil // searched: an absent base is not searched again
		}
		if err := ix.find(ctx, root, more, nil); err != nil {
			return err
		}
	}
	return nil
}

// routeSegments returns the literal segments of the spec's endpoints.
func routeSegments(refs []spec.Ref) [][]byte {
	seen := map[string]bool{}
	var out [][]byte
	for _, r := range refs {
		if r.Route == nil {
			continue
		}
		// The last literal segment: the most distinctive, and the one a
		// router mounted under a prefix registers.
		segs := routeSegs(r.Route.Path)
		for i := len(segs) - 1; i >= 0; i-- {
			if segs[i] != "{}" {
				if !seen[segs[i]] {
					seen[segs[i]] = true
					out = append(out, []byte(segs[i]))
				}
				break
			}
		}
	}
	return out
}

func memberNames(ds []*extract.Definition) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Path+":"+d.Name)
	}
	return out
}

// fileResult is what searching one file found.
type fileResult struct {
	defs    []extract.Definition
	routes  []extract.Definition
	mounts  []extract.Mount
	imports map[string]string // wanted name -> module it is imported from
	cached  bool              // extraction came from the cache
	scanHit bool              // the scan came from the cache: the file was not read
	scan    *scan.Entry       // the file's scan, for later passes of this run
	bytes   int64
	parsed  bool
	warning string
}

func searchFile(ctx context.Context, p *extract.Parser, buf *[]byte, ca *cache.Cache, known *scan.Entry, root string, f gitinfo.File, wanted map[string]scan.Want, focus *focusWords, restrict map[string][]string, routeSegs [][]byte) (res fileResult) {
	lang := scan.SourceFile(f.Path, f.Size)
	full := filepath.Join(root, filepath.FromSlash(f.Path))
	defer func() {
		if r := recover(); r != nil {
			res.defs, res.routes, res.warning = nil, nil, fmt.Sprintf("%s: extraction failed: %v", f.Path, r)
		}
	}()
	if extractHook != nil {
		extractHook(f.Path)
	}
	// What the file holds, from the scan cache when its size and
	// modification time are those it was scanned with; else from reading it.
	var src []byte
	sc := known
	var st os.FileInfo
	var statErr error
	load := func() error {
		if src != nil {
			return nil
		}
		size := int64(-1)
		if st != nil {
			size = st.Size()
		} else if sc != nil {
			size = sc.Size
		}
		b, err := scan.ReadBounded(full, buf, size)
		src = b
		return err
	}
	if sc == nil {
		st, statErr = os.Lstat(full)
		sc = ca.Scanned(f.Path, st, statErr)
	}
	if sc == nil {
		if err := load(); err != nil {
			res.warning = fmt.Sprintf("%s: %v", f.Path, err)
			return res
		}
		sc = scan.File(lang, f.Path, src)
		if statErr == nil {
			ca.PutScan(f.Path, st, sc)
		}
		res.bytes = int64(len(src))
	} else {
		res.bytes, res.scanHit = sc.Size, true
	}
	res.scan = sc
	if sc.Skip {
		return res // over the size limit, or generated
	}
	blob := func() (string, error) {
		return ca.KeyOf(sc, lang, func() ([]byte, error) {
			err := load()
			return src, err
		})
	}
	if sc.Routable(f.Path, routeSegs) {
		bk, err := blob()
		if err != nil {
			res.warning = fmt.Sprintf("%s: %v", f.Path, err)
			return res
		}
		key := "routes:" + f.Path + ":" + bk
		if e := ca.Get(key); e != nil {
			res.routes, res.mounts, res.cached = cache.FromCached(e.Routes, f.Path), e.Mounts, true
		} else if err := load(); err == nil {
			routes, mounts, err := p.Routes(ctx, lang, f.Path, src)
			if err != nil {
				res.warning = fmt.Sprintf("%s: %v", f.Path, err)
				return res
			}
			res.routes, res.mounts, res.parsed = routes, mounts, true
			ca.Put(key, &cache.Entry{Routes: cache.ToCached(routes), Mounts: mounts, HasRoute: true})
		}
	}
	for rest := sc.Imports; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if name, mod, _ := strings.Cut(line, "\t"); wanted[name] != 0 {
			if res.imports == nil {
				res.imports = map[string]string{}
			}
			res.imports[name] = mod
		}
	}
	names := scan.Definable(sc.Tokens, wanted)
	for n := range names {
		if qs, ok := restrict[n]; ok {
			in := false
			for _, q := range qs {
				in = in || inModule(f.Path, q)
			}
			if !in {
				delete(names, n)
			}
		}
	}
	if len(names) == 0 {
		return res
	}
	// The definitions of the file's top-level statements that mention a
	// found name (or a name wanted anywhere) are extracted, and cached by
	// content and the names searched for; the ones named by a found name, or holding
	// a wanted member (an enum value inside a line the scan reads only the
	// start of), are kept. A whole-file extraction in the cache serves too.
	keep := func(n string) bool { return names[n] || wanted[n] == scan.WantAny }
	bk, err := blob()
	if err != nil {
		res.warning = fmt.Sprintf("%s: %v", f.Path, err)
		return res
	}
	all, err := extractFocused(ctx, p, ca, bk, lang, f.Path, load, &src, names, focus, &res)
	if err != nil {
		res.warning = fmt.Sprintf("%s: %v", f.Path, err)
		return res
	}
	for i := range all {
		if extract.Keep(&all[i], keep) {
			res.defs = append(res.defs, all[i])
		}
	}
	return res
}

// extractFocused returns the definitions of the statements of a file that
// can define names (see extract.Focus), from the cache when it holds them:
// a whole-file extraction, or a focused one that covered this search (the
// same names, known without reading the file) or these statements. A new
// focused parse covers the statements of earlier searches too, so that a
// file's entry grows towards what specs ask of it.
func extractFocused(ctx context.Context, p *extract.Parser, ca *cache.Cache, key string, lang *extract.Language, path string,
	load func() error, src *[]byte, names map[string]bool, focus *focusWords, res *fileResult) ([]extract.Definition, error) {
	if e := ca.Get(key); e != nil && e.HasDefs {
		res.cached = true
		return cache.FromCached(e.Defs, path), nil
	}
	fkey := key + "|focus"
	search := strings.Join(slices.Sorted(maps.Keys(names)), ",") + "|" + focus.sig
	old := ca.Get(fkey)
	if old != nil && slices.Contains(old.Covers, search) {
		res.cached = true
		return cache.FromCached(old.Defs, path), nil
	}
	if err := load(); err != nil {
		return nil, err
	}
	covers := []string{search}
	if old != nil {
		covers = append(covers, old.Covers...)[:min(len(old.Covers)+1, cache.MaxCovers)]
	}
	spans, ok := extract.Focus(lang, *src, focus.mentioner(names, lang))
	if ok && old != nil {
		if extract.Covers(old.Spans, spans) {
			ca.Put(fkey, &cache.Entry{Defs: old.Defs, HasDefs: true, Spans: old.Spans, Covers: covers})
			res.cached = true
			return cache.FromCached(old.Defs, path), nil
		}
		spans = extract.Union(old.Spans, spans)
	}
	defs, whole, err := p.DefinitionsIn(ctx, lang, path, *src, spans)
	if err != nil {
		return nil, err
	}
	if defs == nil {
		defs = []extract.Definition{}
	}
	res.parsed = whole || len(spans) > 0
	if whole {
		ca.Put(key, &cache.Entry{Defs: cache.ToCached(defs), HasDefs: true})
	} else {
		ca.Put(fkey, &cache.Entry{Defs: cache.ToCached(defs), HasDefs: true, Spans: spans, Covers: covers})
	}
	return defs, nil
}

// focusWords is what a focused extraction looks for beyond the names a
// file declares: the names wanted in any file, and in Python the model
// names behind Django's default table names (dashboard_datum is class
// Datum of the dashboard app, and says so nowhere). sig identifies them.
type focusWords struct {
	any    map[string]bool
	models map[string]bool // lowercased
	sig    string
}

func newFocusWords(wanted map[string]scan.Want, dirs map[string]bool) *focusWords {
	fw := &focusWords{any: map[string]bool{}, models: map[string]bool{}}
	h := sha1.New()
	for _, n := range slices.Sorted(maps.Keys(wanted)) {
		fmt.Fprintf(h, "%s:%d\x00", n, wanted[n])
		if wanted[n] == scan.WantAny {
			fw.any[n] = true
		}
		for i := 1; i < len(n); i++ {
			if n[i] == '_' && dirs[n[:i]] && i+1 < len(n) {
				fw.models[strings.ToLower(n[i+1:])] = true
			}
		}
	}
	fw.sig = hex.EncodeToString(h.Sum(nil))[:16]
	return fw
}

// mentioner returns the test of whether a word of a statement makes it
// worth parsing, for a file that declares names.
func (fw *focusWords) mentioner(names map[string]bool, lang *extract.Language) func([]byte) bool {
	python := lang.Name == "python" && len(fw.models) > 0
	return func(w []byte) bool {
		return names[string(w)] || fw.any[string(w)] || python && fw.models[strings.ToLower(string(w))]
	}
}

// extractHook, when set (by tests), runs before each file is searched:
// it is how a test makes one file's extraction panic.
var extractHook func(rel string)

// match is a resolved reference: the definition chosen for it and why.
type match struct {
	ref    *spec.Ref
	def    *extract.Definition
	reason string
	member string   // Type.field: the field the spec names inside def
	order  int      // the reference's position among the spec's references
	others []string // other definitions of the same name, as path:line
	why    string   // why def was chosen over the others
	// altered lists later migrations that ALTER a table created in one.
	altered []string
	handler string // a route's handler and its signature
}

// unresolvedRef is a strong reference with no definition.
type unresolvedRef struct {
	ref  *spec.Ref
	hint string
}

// resolve chooses one definition per reference, or reports it unresolved.
//
// It runs in two passes. References with one possible definition are
// settled first; they tell where the spec's code lives. A reference with
// several candidates then prefers, in order: the path written next to it,
// a definition under a path or package the spec names anywhere, one in a
// directory where another reference was settled, and last the first path.
// A name that is no definition but a member of a chosen one ("its
// `Field1`") selects that definition instead of becoming a gap.
func resolve(sp *spec.Spec, ix *index, at string) (matches []match, unresolved []unresolvedRef, external []*spec.Ref, externalHints map[*spec.Ref]string) {
	externalHints = map[*spec.Ref]string{}
	ctx := newSpecContext(sp, ix)
	type pendingRef struct {
		i     int
		cands []*extract.Definition
		mem   string
	}
	var ambiguous, missing, fields []pendingRef
	for i := range sp.Refs {
		r := &sp.Refs[i]
		if r.IsPath {
			if !ix.pathExists(r.Name) && r.Strong {
				unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("no file or directory at this path in %s", at)})
			}
			continue
		}
		if r.Route != nil {
			if m, ok := ctx.chooseRoute(r, ix.routes, ix.mounts); ok {
				m.order = i
				matches = append(matches, m)
			} else if other := ix.otherMethods(r); other != "" && !r.Proposed {
				unresolved = append(unresolved, unresolvedRef{r, other})
			} else if r.Strong {
				hint := fmt.Sprintf("no route registration found in %s (%s)", at, routeDetectors)
				if r.Proposed {
					hint = fmt.Sprintf("new in this spec: no route registration in %s", at)
				}
				unresolved = append(unresolved, unresolvedRef{r, hint})
			}
			continue
		}
		if r.Hint == spec.HintField {
			fields = append(fields, pendingRef{i: i})
			continue
		}
		cands, member, broken := ix.candidates(r)
		switch {
		case len(cands) == 0 && len(broken) > 0:
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("defined at %s, which does not parse; not shown", strings.Join(broken, ", "))})
		case len(cands) == 0:
			missing = append(missing, pendingRef{i: i})
		case distinctPlaces(cands) == 1:
			m := ctx.pick(r, cands, member)
			m.order = i
			matches = append(matches, m)
			ctx.settle(m.def)
		default:
			ambiguous = append(ambiguous, pendingRef{i, cands, member})
		}
	}
	for _, p := range ambiguous {
		m := ctx.pick(&sp.Refs[p.i], p.cands, p.mem)
		m.order = p.i
		matches = append(matches, m)
	}
	// "the `status` field", "an `EmailData` value": a member of an artifact
	// already chosen, else a definition of that name, else a gap.
	for _, p := range fields {
		r := &sp.Refs[p.i]
		if m, ok := memberOf(r, matches); ok {
			m.order = p.i
			matches = append(matches, m)
			continue
		}
		if cands, member, _ := ix.candidates(r); len(cands) > 0 {
			m := ctx.pick(r, cands, member)
			m.order = p.i
			matches = append(matches, m)
			continue
		}
		if owners := ix.members[r.Name]; len(owners) > 0 && !r.Proposed {
			m := ctx.pick(r, owners, r.Name)
			m.order = p.i
			matches = append(matches, m)
			continue
		}
		if r.Strong && !ix.external(r) {
			hint := fmt.Sprintf("no definition in %s, and no artifact shown has a member of that name", at)
			if r.Proposed {
				hint = fmt.Sprintf("new in this spec: not in %s", at)
			}
			unresolved = append(unresolved, unresolvedRef{r, hint})
		}
	}
	for _, p := range missing {
		r := &sp.Refs[p.i]
		if m, ok := memberOf(r, matches); ok {
			m.order = p.i
			matches = append(matches, m)
		} else if owners := ix.members[r.Name]; len(owners) > 0 && !strings.Contains(r.Name, ".") {
			// An enum value or class constant named alone: its enum or class.
			m := ctx.pick(r, owners, r.Name)
			m.order = p.i
			matches = append(matches, m)
		} else if mod, ok := ix.imports[r.Name]; ok {
			external = append(external, r)
			externalHints[r] = fmt.Sprintf("imported from `%s`, outside the repository", mod)
		} else if hint, ext, ok := ix.missingMember(r); ok {
			switch {
			case ext:
				external = append(external, r)
				externalHints[r] = hint
			case r.Proposed:
				unresolved = append(unresolved, unresolvedRef{r, "new in this spec: " + hint})
			default:
				unresolved = append(unresolved, unresolvedRef{r, hint})
			}
		} else if ix.external(r) {
			external = append(external, r)
		} else if ix.modules[r.Name] && strings.ToLower(r.Name) == r.Name {
			continue // `userbus`, `appendix`: a package or directory that exists
		} else if r.Strong && r.Proposed {
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("new in this spec: not in %s", at)})
		} else if r.Strong {
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("no definition in %s", at)})
		}
	}
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].order < matches[j].order })
	return matches, unresolved, external, externalHints
}

// missingMember explains a Type.member whose type exists but declares no
// such member: either the type extends a class from outside the repository
// (external: `Item.model_validate` from SQLModel), or it is a real gap.
func (ix *index) missingMember(r *spec.Ref) (hint string, external, ok bool) {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 {
		return "", false, false
	}
	head, last := parts[len(parts)-2], parts[len(parts)-1]
	var types []*extract.Definition
	for _, d := range ix.defs[head] {
		if !d.Broken && naming.TableLike(d.Kind) || d.Kind == extract.KindError {
			types = append(types, d)
		}
	}
	if len(types) == 0 {
		return "", false, false
	}
	d := types[0]
	var outside []string
	seen := map[string]bool{}
	var walk func(d *extract.Definition, depth int)
	walk = func(d *extract.Definition, depth int) {
		for _, b := range d.Bases {
			if seen[b] {
				continue
			}
			seen[b] = true
			if len(ix.defs[b]) == 0 {
				outside = append(outside, b)
			} else if depth < 4 {
				for _, bd := range ix.defs[b] {
					walk(bd, depth+1)
				}
			}
		}
	}
	walk(d, 0)
	if len(outside) > 0 {
		return fmt.Sprintf("`%s` (%s:%d) declares no `%s`; it may inherit it from %s, outside the repository",
			head, d.Path, d.DeclLine, last, "`"+strings.Join(outside, "`, `")+"`"), true, true
	}
	return fmt.Sprintf("`%s` (%s:%d) has no member `%s`", head, d.Path, d.DeclLine, last), false, true
}

// distinctPlaces counts the different definitions among candidates.
func distinctPlaces(ds []*extract.Definition) int {
	seen := map[string]bool{}
	for _, d := range ds {
		seen[fmt.Sprintf("%s:%d", d.Path, d.StartLine)] = true
	}
	return len(seen)
}

// memberOf finds a chosen definition that has the reference as a member.
func memberOf(r *spec.Ref, matches []match) (match, bool) {
	if strings.Contains(r.Name, ".") {
		return match{}, false
	}
	for _, m := range matches {
		for _, mem := range m.def.Members {
			if mem.Name == r.Name {
				return match{ref: r, def: m.def, member: r.Name,
					reason: fmt.Sprintf("defines `%s`, which has the member `%s`", m.def.QualifiedName(), r.Name)}, true
			}
		}
	}
	return match{}, false
}

// external reports a qualified name whose qualifier is no package,
// directory or module of this repository: `context.Context`, `uuid.UUID`.
// Such names belong to a dependency or the standard library; they are
// not gaps in the repository.
func (ix *index) external(r *spec.Ref) bool {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 {
		return false
	}
	head := parts[0]
	if head == "" || strings.ToLower(head) != head {
		return false // Type.method: the type is ours or nothing
	}
	return !ix.modules[head]
}

// pathExists accepts a path relative to the root, a directory, or a file
// name that ends some walked path ("crud.py" for "backend/app/crud.py").
func (ix *index) pathExists(p string) bool {
	p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains("/"+p+"/", "/../") {
		return false
	}
	if ix.paths[p] || ix.dirs[p] {
		return true
	}
	for _, f := range ix.files {
		if strings.HasSuffix(f.Path, "/"+p) {
			return true
		}
	}
	return false
}

// underPath reports whether a definition's file is the path a spec named
// next to the reference, or lies inside it.
func underPath(file, p string) bool {
	p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
	return file == p || strings.HasSuffix(file, "/"+p) || strings.HasPrefix(file, p+"/") || strings.Contains(file, "/"+p+"/")
}

// moduleName is what code calls a file's package or module: the Go package
// directory, or the Python/TypeScript file stem.
func moduleName(file string) string {
	if strings.HasSuffix(file, ".go") {
		return path.Base(path.Dir(file))
	}
	b := path.Base(file)
	return strings.TrimSuffix(b, path.Ext(b))
}

// candidates returns the definitions a reference can mean: by name, or for
// a qualified name (pkg.Func, Type.method, pkg.Type.method) those whose
// container or package matches; a Type.field resolves to the type.
func (ix *index) candidates(r *spec.Ref) (cands []*extract.Definition, member string, broken []string) {
	parts := strings.Split(r.Name, ".")
	pkg := ""
	if len(parts) == 3 {
		pkg, parts = parts[0], parts[1:]
	}
	inPkg := func(d *extract.Definition) bool { return pkg == "" || inModule(d.Path, pkg) }
	var all []*extract.Definition
	if len(parts) == 1 {
		all = append(all, ix.defs[parts[0]]...)
		// Table names across conventions: `orders` is model Order,
		// order_items is OrderItem.
		for _, d := range ix.byKey[naming.TableKey(parts[0])] {
			if d.Name != parts[0] {
				all = append(all, d)
			}
		}
		for _, d := range ix.byAlias[parts[0]] {
			if d.Name != parts[0] && !containsDef(all, d) {
				all = append(all, d)
			}
		}
	} else {
		head, last := parts[0], parts[1]
		for _, d := range ix.defs[last] {
			if inPkg(d) && (d.Container == head || pkg == "" && d.Container == "" && inModule(d.Path, head)) {
				all = append(all, d)
			}
		}
		if len(all) == 0 {
			for _, d := range ix.defs[head] {
				if !inPkg(d) {
					continue
				}
				if owner := ix.memberOwner(d, last, 0); owner != nil {
					all = append(all, owner)
					member = last
				}
			}
		}
	}
	if len(all) == 0 && len(strings.Split(r.Name, ".")) >= 2 {
		// A package-qualified name (orders.v1.Order, app.models.Item): the
		// last part, in a file whose path holds every qualifier.
		q := strings.Split(r.Name, ".")
		for _, d := range ix.defs[q[len(q)-1]] {
			ok := true
			for _, seg := range q[:len(q)-1] {
				if !inModule(d.Path, seg) {
					ok = false
					break
				}
			}
			if ok && d.Container == "" {
				all = append(all, d)
			}
		}
	}
	for _, d := range all {
		if d.Broken {
			broken = append(broken, fmt.Sprintf("%s:%d", d.Path, d.DeclLine))
		} else {
			cands = append(cands, d)
		}
	}
	if r.Path != "" {
		var near []*extract.Definition
		for _, d := range cands {
			if underPath(d.Path, r.Path) {
				near = append(near, d)
			}
		}
		if len(near) > 0 {
			cands = near
		}
	}
	return cands, member, broken
}

// memberOwner finds the definition that declares member: d itself, or a
// class or interface it extends, followed through the repository up to
// four levels ("User.is_superuser" is declared on UserBase).
func (ix *index) memberOwner(d *extract.Definition, member string, depth int) *extract.Definition {
	for _, m := range d.Members {
		if m.Name == member {
			return d
		}
	}
	if depth >= 4 {
		return nil
	}
	for _, b := range d.Bases {
		for _, bd := range ix.defs[b] {
			if bd.Kind == extract.KindMethod || bd.Kind == extract.KindFunction || bd.Broken {
				continue
			}
			if owner := ix.memberOwner(bd, member, depth+1); owner != nil {
				return owner
			}
		}
	}
	return nil
}

// langFits reports a definition in the language the reference's wording
// names, or any definition when it names none.
func langFits(r *spec.Ref, d *extract.Definition) bool {
	return r.Lang == "" || sameLang(r.Lang, d.Lang.Name)
}

// sameLang compares languages, counting TSX and JSX with their base.
func sameLang(a, b string) bool {
	a, b = scan.BaseLang(a), scan.BaseLang(b)
	return a == b || a == "typescript" && b == "javascript"
}

func containsDef(ds []*extract.Definition, d *extract.Definition) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// inModule reports whether a file is in the package or module called name:
// its Go package directory, its file stem, or any directory on its path.
func inModule(file, name string) bool {
	if moduleName(file) == name {
		return true
	}
	return strings.HasPrefix(file, name+"/") || strings.Contains(file, "/"+name+"/")
}

// specContext is what the whole spec says about where its code lives.
type specContext struct {
	amends  map[string][]string // the index's ALTER TABLE files, by table key
	paths   []string            // paths the spec names that exist
	quals   map[string]bool     // packages and directories the spec names
	settled map[string]int      // directories of references with one candidate
}

func newSpecContext(sp *spec.Spec, ix *index) *specContext {
	c := &specContext{quals: map[string]bool{}, settled: map[string]int{}, amends: ix.amends}
	for _, r := range sp.Refs {
		switch {
		case r.IsPath:
			if ix.pathExists(r.Name) {
				c.paths = append(c.paths, r.Name)
			}
		case strings.Contains(r.Name, "."):
			if q := strings.Split(r.Name, ".")[0]; ix.modules[q] {
				c.quals[q] = true
			}
		case ix.modules[r.Name] && strings.ToLower(r.Name) == r.Name:
			c.quals[r.Name] = true // `userbus` in a code span names a package
		}
	}
	return c
}

func (c *specContext) settle(d *extract.Definition) { c.settled[path.Dir(d.Path)]++ }

// affinity scores how strongly the spec points at a definition's location,
// higher is stronger: a path the spec names (3), the directory of a file it
// names (2), a package it qualifies names with (2), and each other
// reference settled in the same directory (1, at most 3). The reason names
// the strongest signal.
func (c *specContext) affinity(d *extract.Definition) (int, string) {
	score, why := 0, ""
	note := func(n int, reason string) {
		if why == "" {
			why = reason
		}
		score += n
	}
	dir := path.Dir(d.Path)
	for _, p := range c.paths {
		if underPath(d.Path, p) {
			note(3, fmt.Sprintf("it is under `%s`, which the spec names", p))
			break
		}
		if path.Dir(p) == dir && path.Ext(p) != "" {
			note(2, fmt.Sprintf("it is beside `%s`, which the spec names", p))
			break
		}
	}
	for _, q := range slices.Sorted(maps.Keys(c.quals)) {
		if inModule(d.Path, q) {
			note(2, fmt.Sprintf("it is in `%s`, which the spec names", q))
			break
		}
	}
	if n := c.settled[dir]; n > 0 {
		note(min(n, 3), fmt.Sprintf("%d other %s the spec names %s in `%s`", n, naming.Plural(n, "definition", "definitions"), naming.Plural(n, "is", "are"), dir))
	}
	return score, why
}

// pick ranks the candidates of one reference and explains the choice.
func (c *specContext) pick(r *spec.Ref, cands []*extract.Definition, member string) match {
	qualified := strings.Contains(r.Name, ".")
	tableish := r.Hint == spec.HintTable || strings.ToLower(r.Name) == r.Name
	base := func(d *extract.Definition) int {
		s := 0
		if !hintFits(r.Hint, d.Kind) {
			s += 8
		}
		if scan.TestFile(d.Path) {
			s += 16
		}
		if d.Container != "" && !qualified {
			s += 4
		}
		if !d.Exported {
			s += 2
		}
		if d.Kind == extract.KindConstant && d.Title == "Variable" {
			s++ // a bare name means a type or function before a variable
		}
		if d.Kind == extract.KindSchema {
			// The schema states what the data is; application types follow it.
			s -= 2
			if r.Hint == spec.HintTable || strings.ToLower(r.Name) == r.Name {
				s -= 2
			}
		}
		if naming.MigrationPath(d.Path) {
			s += 2 // history: the schema file says what is current
		}
		if tableish && (path.Base(d.Path) == "models.py" || strings.Contains(d.Path, "/models/")) {
			s -= 2 // a table is a model before it is an admin, form or serializer class
		}
		return s
	}
	type ranked struct {
		d      *extract.Definition
		score  int
		reason string
	}
	rs := make([]ranked, len(cands))
	for i, d := range cands {
		aff, why := c.affinity(d)
		rs[i] = ranked{d, base(d) - 3*aff, why}
	}
	exact := func(d *extract.Definition) bool {
		return qualified || d.Name == r.Name || slices.Contains(d.Aliases, r.Name)
	}
	sort.SliceStable(rs, func(i, j int) bool {
		// A definition with the spec's own name always beats one found by
		// naming convention (`OrderItem` the Go type, not table order_items).
		if ei, ej := exact(rs[i].d), exact(rs[j].d); ei != ej {
			return ei
		}
		// Then one in the language the wording names ("the `Order` GraphQL
		// type" is not the proto message).
		if li, lj := langFits(r, rs[i].d), langFits(r, rs[j].d); li != lj {
			return li
		}
		// Then one of the kind the wording names ("the `Metric` interface").
		if hi, hj := hintFits(r.Hint, rs[i].d.Kind), hintFits(r.Hint, rs[j].d.Kind); hi != hj {
			return hi
		}
		if rs[i].score != rs[j].score {
			return rs[i].score < rs[j].score
		}
		if rs[i].d.Path != rs[j].d.Path {
			return rs[i].d.Path < rs[j].d.Path
		}
		return rs[i].d.StartLine < rs[j].d.StartLine
	})
	best := rs[0]
	reason := fmt.Sprintf("defines `%s`", r.Name)
	if member != "" && !strings.Contains(r.Name, ".") {
		reason = fmt.Sprintf("defines `%s`, which has the member `%s`", best.d.Name, member)
	} else if member != "" {
		parts := strings.Split(r.Name, ".")
		if head := parts[len(parts)-2]; head != best.d.Name {
			reason = fmt.Sprintf("defines `%s`, from which `%s` inherits the member `%s`", best.d.Name, head, member)
		} else {
			reason = fmt.Sprintf("defines `%s`, which has the member `%s`", head, member)
		}
	}
	m := match{ref: r, def: best.d, member: member}
	if r.Path != "" && underPath(best.d.Path, r.Path) {
		reason += fmt.Sprintf(", in `%s` as the spec says", r.Path)
	}
	for _, o := range rs[1:] {
		if o.d.Path == best.d.Path && o.d.StartLine == best.d.StartLine {
			continue
		}
		if exact(best.d) && !exact(o.d) {
			continue // the spec's own name was found: conventions are no rival
		}
		if !naming.MigrationPath(best.d.Path) && naming.MigrationPath(o.d.Path) && best.d.Kind == extract.KindSchema || best.d.Kind == extract.KindEnum && naming.MigrationPath(o.d.Path) {
			continue // migration history is no rival to the schema file
		}
		if o.d.Name != r.Name && !qualified {
			m.others = append(m.others, fmt.Sprintf("%s:%d (%s)", o.d.Path, o.d.DeclLine, o.d.Name))
		} else {
			m.others = append(m.others, fmt.Sprintf("%s:%d", o.d.Path, o.d.DeclLine))
		}
	}
	if len(m.others) > 0 {
		switch {
		case r.Path != "" && underPath(best.d.Path, r.Path):
			m.why = fmt.Sprintf("the spec names `%s` next to it", r.Path)
		case r.Lang != "" && langFits(r, best.d) && !langFits(r, rs[1].d):
			m.why = fmt.Sprintf("the spec names it as %s", best.d.Lang.Name)
		case hintFits(r.Hint, best.d.Kind) && !hintFits(r.Hint, rs[1].d.Kind):
			m.why = "the spec calls it " + naming.Article(string(r.Hint))
		case !naming.MigrationPath(best.d.Path) && naming.MigrationPath(rs[1].d.Path) && rs[1].d.Name == best.d.Name:
			m.why = "a schema file states the current shape; migrations are history"
		case exact(best.d) && !exact(rs[1].d):
			m.why = "it has the name the spec uses; the others match by naming convention"
		case best.reason != "" && (len(rs) == 1 || rs[1].score > best.score):
			m.why = best.reason
		case len(rs) > 1 && rs[1].score > best.score:
			m.why = "the others are tests, unexported, methods or of another kind"
		default:
			m.why = "nothing in the spec tells them apart: first by path"
		}
		shown := m.others
		more := ""
		if len(shown) > 3 {
			more = fmt.Sprintf(" (+%d more)", len(shown)-3)
			shown = shown[:3]
		}
		reason += fmt.Sprintf("; chosen because %s; also defined at %s%s", m.why, strings.Join(shown, ", "), more)
	}
	m.reason = reason
	if best.d.Kind == extract.KindSchema && best.d.Lang.Name == "sql" && naming.MigrationPath(best.d.Path) {
		for _, f := range c.amends[naming.TableKey(best.d.Name)] {
			if f != best.d.Path {
				m.altered = append(m.altered, f)
			}
		}
		sort.Strings(m.altered)
	}
	return m
}

// hintFits reports whether a definition kind is what the spec's wording
// says the reference is.
func hintFits(h spec.Hint, k extract.Kind) bool {
	switch h {
	case spec.HintInterface:
		return k == extract.KindInterface
	case spec.HintTable, spec.HintType:
		return k == extract.KindType || k == extract.KindInterface || k == extract.KindEnum || k == extract.KindError || k == extract.KindSchema
	case spec.HintFunction:
		return k == extract.KindFunction || k == extract.KindMethod
	case spec.HintEnum:
		return k == extract.KindEnum || k == extract.KindType || k == extract.KindSchema
	case spec.HintConstant:
		return k == extract.KindConstant || k == extract.KindEnum || k == extract.KindError
	}
	return true
}

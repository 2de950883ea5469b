package search

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/tailscale/hujson"
)

// Stats counts what a run did, for --stats and benchmarks.
type Stats struct {
	FilesWalked   int
	FilesSearched int
	BytesSearched int64
	FilesParsed   int
	// FilesDefining counts the files whose search kept a definition of a
	// wanted name, or found a route registration whose path holds a
	// segment of an endpoint the spec names: FilesParsed over it says how
	// many parses a defining file cost.
	FilesDefining int
	Definitions   int
	Routes        int
	CacheHits     int           // files whose extraction came from the cache
	ScanHits      int           // files not read: their scan came from the cache
	Walk          time.Duration // listing files with ignore rules
	Search        time.Duration // reading, scanning and parsing
	Resolve       time.Duration // choosing definitions, handlers, bases
	Render        time.Duration // budgeting and rendering
}

// PerDefining is the number of files parsed per file that defines a
// wanted name, two decimals; "-" when none does.
func (s Stats) PerDefining() string {
	if s.FilesDefining == 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(s.FilesParsed)/float64(s.FilesDefining), 'f', 2, 64)
}

// Index is what the search phase learned about the repository.
type Index struct {
	Files []gitinfo.File
	// Submodules are the nested repositories the walk does not enter.
	Submodules []string
	// Vendored are the directories of copied dependencies (vendor/,
	// third_party/) the repository tracks and the walk does not enter.
	Vendored []string
	Defs     map[string][]*extract.Definition // by name
	lang     map[string]*extract.Language     // every walked file's source language (nil: not searched), by path
	dirs     map[string]bool                  // every directory holding a walked file
	// stemEnds holds each walked file's path without its extension and
	// every tail of it after a "/"; dirEnds every such tail of each
	// directory: what a module path can name.
	stemEnds, dirEnds map[string]bool
	endsOnce          sync.Once
	// Modules holds every directory name and file stem: what a qualifier
	// such as `userbus` in `userbus.User` can name.
	Modules map[string]bool
	ByKey   map[string][]*extract.Definition // table-like definitions by tableKey
	Amends  map[string][]string              // tableKey -> files with ALTER TABLE statements
	// Added are the ALTER TABLE statements that add columns, by tableKey:
	// where a column no CREATE TABLE declares is declared.
	Added   map[string][]*extract.Definition
	Routes  []*extract.Definition // route registrations found
	Mounts  []extract.Mount       // routers mounted under prefixes
	Imports map[string]string     // names imported from packages, and from which
	// Importers are the languages of the files Imports were read from.
	Importers map[string]*extract.Language
	// OwnImports are the names the code imports from its own packages
	// under a name of its choosing (Go's `apiv1 "x.io/api/pkg/routes/api/v1"`),
	// and from which.
	OwnImports map[string]string
	ByAlias    map[string][]*extract.Definition // definitions by table alias (db_table, __tablename__, ...)
	Members    map[string][]*extract.Definition // type-like definitions by member name
	// Wire holds type-like definitions by the names their fields are
	// serialized as (json:"requeueAt"), but one-word lowercase ones
	// (`spec`, `status`), which name too many fields to stand for one.
	Wire map[string][]*extract.Definition
	// wireWords holds the definitions Wire leaves out, by their fields'
	// one-word serialized names: a chain's head (`status.listeners`), which
	// the name after it narrows, may be one.
	wireWords map[string][]*extract.Definition
	Located   map[string]Location              // what each location the spec names holds, by reference name
	ByValue   map[string][]*extract.Definition // definitions holding a string value the spec quotes, by the value
	Warnings  []Warning
	Stats     Stats
	cache     *cache.Cache // extraction results by content; nil: no cache
	// extracts keeps extraction results by content: the cache, or without
	// one this run's (cache.Memory), for the later searches of the run.
	extracts *cache.Cache
	opt      Options
	scans    map[string]*scan.Entry // this run's scans, by path: later passes read no file
	tests    []gitinfo.File         // the walked test files, once computed
	root     string                 // the work tree's root, for reading files after the search
	repo     *gitinfo.Repo          // the repository, for the files of other revisions
	// sought are the names a search has looked for in every file (not
	// only in the modules that qualify them): a name sought and not in
	// Defs is defined nowhere the search reads.
	sought map[string]bool
	// restrict limits names to the files of the modules that qualify them.
	restrict map[string][]string
	// delegates are Delegates' answers, by definition, once asked.
	delegates map[*extract.Definition][]string
	// untested are the names no test file's definition answers
	// (untestedNames): no test file is parsed for them.
	untested map[string]bool
	// stands maps words the scans saw to the files they stand in, and
	// how, once asked (declaring): the words of the spec's names at the
	// first question, any other word when it is asked of; indexed says
	// which words it holds.
	stands  map[string][]standing
	indexed map[string]bool
	// refWords are the words of the spec's names, in their spelling and
	// capitalized: what resolving asks the scans of.
	refWords map[string]bool
	// routed are the files whose route registrations were looked for.
	routed map[string]bool
	// mountSegs are the first literal segments of the spec's endpoints
	// (see mountSegments), asked of files that mount routes.
	mountSegs []string
	// ownModules are the modules the repository's manifests define,
	// once read (ownPackage).
	ownModules []string
	// rootPkgs are the packages whose files sit beside a manifest, by the
	// manifest's directory (Language.RootPackage): only those files, not
	// the directories below, are the package's.
	rootPkgs map[string]string
	ownDirs  map[string]string // manifest directory -> the module a name alone names (see readOwn)
	// manifestDirs are the modules each manifest's directory declares
	// (a package.json's name, a go.mod's module path), by the directory.
	manifestDirs map[string][]string
	modDirs      map[string][]string // see moduleDirs
	ownRead      bool
	// packages are the directories of the repository's package.json
	// files by the names they declare, once read.
	packages map[string]string
	// aliases are the import paths tsconfig and jsconfig files map into
	// the repository (compilerOptions.paths keys, `@acme/common/*`);
	// nil until asked.
	aliases []string
	// ownRoots are the first parts of the qualified names definitions
	// answer to, once read (OwnRoot).
	ownRoots   map[string]bool
	namespaces map[string]bool // the namespaces definitions are declared in, and their leading parts (Namespace)
	// langs are the languages of the walked files, in the order of their
	// first file.
	langs []*extract.Language
	// unparsed groups the walked files read as text only, once asked.
	unparsed []Unparsed
	// texts are findText's answers this run, by the groups searched and
	// the name (nil: searched, not found): a name asked again, a chain's
	// type or a base one at a time, reads no file again, with or without
	// the cache. textsMu guards it.
	texts   map[textKey]*TextHit
	textsMu sync.Mutex
	// failed holds the walked files no parse could be used of.
	failed map[string]bool
}

// Options are what a search is run with besides the spec's references.
type Options struct {
	Cache *cache.Cache // extractions and scans of earlier runs; nil: none
	// Shuffle, when set, permutes the walked files before the search:
	// tests prove with it that the output does not depend on walk order.
	Shuffle func([]gitinfo.File)
	// BeforeFile, when set, runs before each file is searched: tests make
	// one file's extraction panic with it.
	BeforeFile func(path string)
}

// Run walks the repository, finds the files that may define a wanted
// name in one pass over their contents, and parses only those, on every
// core, with one parser per worker.
func Run(ctx context.Context, repo *gitinfo.Repo, refs []spec.Ref, opt Options) (*Index, error) {
	ca := opt.Cache
	t0 := time.Now()
	if ca != nil {
		repo.Listings = ca
		defer func() { repo.Listings = nil }()
	}
	files, err := repo.Walk(ctx, scan.SkipDir)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", repo.Root, err)
	}
	if opt.Shuffle != nil {
		opt.Shuffle(files)
	}
	walk := time.Since(t0)
	ix := NewIndex(files)
	ix.cache, ix.opt, ix.repo = ca, opt, repo
	if ix.extracts = ca; ca == nil {
		ix.extracts = cache.Memory()
	}
	ix.Submodules = repo.Submodules
	for _, d := range repo.Pruned {
		// (A top-level copy: vendor/, third_party/. One deep in a package,
		// a plugin's bundled library, holds no name a spec means.)
		if !strings.Contains(d, "/") && scan.Aside(d+"/x") {
			ix.Vendored = append(ix.Vendored, d)
		}
	}
	ix.root = repo.Root
	ix.Stats.FilesWalked = len(files)
	ix.Stats.Walk = walk
	defer func() { ix.Stats.Search = time.Since(t0) - ix.Stats.Walk }()
	var suffixes []string // (the attribute suffixes of the languages the repository holds)
	for _, l := range ix.langs {
		if l.AttributeSuffix != "" && !slices.Contains(suffixes, l.AttributeSuffix) {
			suffixes = append(suffixes, l.AttributeSuffix)
		}
	}
	wanted, restrict := wantedNames(refs, ix.dirNames(), suffixes)
	ix.restrict = restrict
	ix.untested = untestedNames(refs)
	// (With the words Unparsed asks of, so that one pass over the scans
	// answers both.)
	ix.refWords = map[string]bool{scan.SQLHeads[0]: true, scan.SQLHeads[1]: true}
	for _, r := range refs {
		for _, w := range strings.FieldsFunc(r.Name, func(c rune) bool { return c > 0x7f || !extract.IdentByte(byte(c)) }) {
			ix.refWords[w], ix.refWords[naming.Capitalize(w)] = true, true
		}
	}
	ix.mountSegs = mountSegments(refs)
	if err := ix.Find(ctx, repo.Root, wanted, routeSegments(refs), wantedValues(refs, ix)); err != nil {
		return ix, err
	}
	return ix, ix.findMounted(ctx, repo.Root, refs)
}

// findMounted looks for the routes of the routers mounted under a prefix
// that an endpoint of the spec may be served under (FastAPI's
// include_router(case_router, prefix="/cases") for /cases/{case_id}): a
// router's own file may spell none of the endpoint's words
// (`@router.get("/{case_id}")`). Mounts found in those files are followed
// in turn, a few levels deep.
func (ix *Index) findMounted(ctx context.Context, root string, refs []spec.Ref) error {
	// (An application's usual mount words, api and v1, say nothing of
	// which endpoint a mount serves.)
	own := func(p string) []string {
		return slices.DeleteFunc(literalSegs(p), func(s string) bool { return MountWord(s) })
	}
	words := map[string]bool{}
	for _, r := range refs {
		if r.Route != nil {
			for _, s := range own(r.Route.Path) {
				words[strings.ToLower(s)] = true
			}
		}
	}
	if len(words) == 0 {
		return nil
	}
	for range 3 {
		files := map[string]bool{}
		for _, m := range ix.Mounts {
			segs := own(m.Prefix)
			if m.Func || m.Target == "" || len(segs) == 0 && len(literalSegs(m.Prefix)) > 0 ||
				len(segs) > 0 && !slices.ContainsFunc(segs, func(s string) bool { return words[strings.ToLower(s)] }) {
				continue // (a prefix of parameters alone, `/{organization}`, may be any endpoint's)
			}
			for _, f := range ix.Files {
				if ix.lang[f.Path] != nil && !ix.routed[f.Path] && MountTarget(f.Path, m.Target) {
					files[f.Path] = true
				}
			}
		}
		if len(files) == 0 {
			return nil
		}
		if err := ix.find(ctx, root, nil, nil, nil, nil, files); err != nil {
			return err
		}
	}
	return nil
}

// MountWord reports a segment an application's routes are commonly
// mounted under: api, a version (v1, v2beta1), rest.
func MountWord(s string) bool { return mountWordRe.MatchString(s) }

var mountWordRe = regexp.MustCompile(`(?i)^(?:api|rest|v\d+(?:(?:alpha|beta)\d*)?)$`)

// MountTarget reports whether a mount's target names the file: the path
// it ends with (`app/case/views.py`, Django's include("shop.urls")), or
// its module's name (`items` of items.router).
func MountTarget(file, target string) bool {
	if mod, ok := strings.CutSuffix(target, "/"); ok && mod != "" {
		// A module required by its path, without its extension: its file
		// or its directory's index (./routes/v2 is routes/v2/index.js).
		stem := strings.TrimSuffix(file, path.Ext(file))
		return stem == mod || strings.HasSuffix(stem, "/"+mod) || path.Base(stem) == "index" && (path.Dir(stem) == mod || strings.HasSuffix(path.Dir(stem), "/"+mod))
	}
	if strings.Contains(target, "/") {
		return strings.HasSuffix(file, target)
	}
	return target != "" && ModuleName(file) == target
}

// NewIndex is the index of the walked files before any search: their
// paths and classes, their directories and the module names they make.
func NewIndex(files []gitinfo.File) *Index {
	ix := &Index{Files: files, Defs: map[string][]*extract.Definition{}, lang: make(map[string]*extract.Language, len(files)), dirs: map[string]bool{},
		Modules: make(map[string]bool, len(files)), ByKey: map[string][]*extract.Definition{}, Amends: map[string][]string{}, Added: map[string][]*extract.Definition{},
		Imports: map[string]string{}, Importers: map[string]*extract.Language{}, OwnImports: map[string]string{}, ByAlias: map[string][]*extract.Definition{}, Members: map[string][]*extract.Definition{},
		Wire: map[string][]*extract.Definition{}, wireWords: map[string][]*extract.Definition{}, Located: map[string]Location{}, ByValue: map[string][]*extract.Definition{},
		scans: make(map[string]*scan.Entry, len(files))}
	for _, f := range files {
		l := scan.SourceFile(f.Path, f.Size)
		ix.lang[f.Path] = l
		if l != nil && !slices.Contains(ix.langs, l) {
			ix.langs = append(ix.langs, l)
		}
		ix.Modules[ModuleName(f.Path)] = true
		if b := path.Base(f.Path); indexStems[strings.TrimSuffix(b, path.Ext(b))] {
			ix.Modules[strings.TrimSuffix(b, path.Ext(b))] = true // index.ts is a module of its own name too
		}
		for d := path.Dir(f.Path); d != "." && !ix.dirs[d]; d = path.Dir(d) {
			ix.dirs[d] = true
			ix.Modules[path.Base(d)] = true
			if b := path.Base(d); strings.Contains(b, "-") {
				// crates/base-db is the crate code names base_db.
				ix.Modules[strings.ReplaceAll(b, "-", "_")] = true
			}
		}
	}
	return ix
}

// dirNames is the set of directory names, the app prefixes a table name may
// carry (fundraising_payment).
func (ix *Index) dirNames() map[string]bool {
	out := map[string]bool{}
	for d := range ix.dirs {
		out[path.Base(d)] = true
	}
	return out
}

// Find reads every source file once, and parses those that may define a
// wanted name or hold a wanted string value, on every core, with one
// parser per worker. Results are joined in walk order.
func (ix *Index) Find(ctx context.Context, root string, wanted map[string]scan.Want, routeSegs [][]byte, values map[string]bool) error {
	return ix.find(ctx, root, wanted, routeSegs, values, nil, nil)
}

// find is Find over the files of one language when only is set.
func (ix *Index) find(ctx context.Context, root string, wanted map[string]scan.Want, routeSegs [][]byte, values map[string]bool, only *extract.Language, mounted map[string]bool) error {
	if len(wanted) == 0 && len(routeSegs) == 0 && len(values) == 0 && len(mounted) == 0 {
		return nil
	}
	if only == nil {
		if ix.sought == nil {
			ix.sought = map[string]bool{}
		}
		for n := range wanted {
			if _, qualified := ix.restrict[n]; !qualified {
				ix.sought[n] = true
			}
		}
	}
	segs := make([]string, len(routeSegs))
	for i, s := range routeSegs {
		segs[i] = string(s)
	}
	focus := newFocusWords(wanted, ix.dirNames())
	few := fewNames(wanted, segs, values, focus)
	var todo []int
	for i, f := range ix.Files {
		if l := ix.lang[f.Path]; l != nil && (only == nil || l == only) && (mounted == nil || mounted[f.Path]) {
			if sc := ix.scans[f.Path]; few != nil && sc != nil && !few.may(sc, l) {
				continue
			}
			todo = append(todo, i)
		}
	}
	// The largest files first: a large file's read, scan and parse is the
	// longest job, and started last it would run alone on one core.
	// (Results are joined in walk order all the same.)
	order := make([]int, len(todo))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(ix.Files[todo[b]].Size, ix.Files[todo[a]].Size) })
	results := make([]fileResult, len(todo))
	ix.readOwn(root)
	ps := &pass{root: root, cache: ix.cache, extracts: ix.extracts, wanted: wanted, definable: scan.NewWanted(wanted), focus: focus, restrict: ix.restrict, untested: ix.untested,
		roots: ix.rootPkgs, routeSegs: segs, values: values, mounted: mounted, before: ix.opt.BeforeFile}
	if len(routeSegs) > 0 {
		ps.mountSegs = ix.mountSegs
	}
	for n, w := range wanted {
		if w == scan.WantAny {
			ps.anyMay.Add(n)
		}
	}
	// The first search of every file also records how the words of the
	// spec's names stand in it: what resolving asks of the scans, answered
	// by the workers instead of one more pass over every file's words.
	whole := only == nil && few == nil && ix.stands == nil && len(ix.refWords) > 0
	if whole {
		ps.index = scan.NewWords(ix.refWords)
	}
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
			w := &worker{parser: extract.NewParser(), buf: make([]byte, 0, 64<<10)}
			defer w.parser.Close()
			for {
				mu.Lock()
				n := next
				next++
				mu.Unlock()
				if n >= len(todo) || ctx.Err() != nil {
					return
				}
				k := order[n]
				f := ix.Files[todo[k]]
				results[k] = ps.file(ctx, w, f, ix.lang[f.Path], ix.scans[f.Path])
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	if whole {
		ix.stands, ix.indexed = map[string][]standing{}, map[string]bool{}
		for w := range ix.refWords {
			ix.indexed[w] = true
		}
		for k, r := range results {
			ix.addStands(todo[k], r.stands)
		}
	}
	ix.readOwn(root)
	for k, r := range results {
		// A later pass over a file (bases, handlers) uses the first pass's
		// scan and is not counted again as a file searched.
		if path := ix.Files[todo[k]].Path; r.scan != nil && ix.scans[path] == nil {
			ix.scans[path] = r.scan
			ix.Stats.BytesSearched += r.bytes
			if r.bytes > 0 {
				ix.Stats.FilesSearched++
			}
			if r.scanHit {
				ix.Stats.ScanHits++
			}
		}
		if r.parsed {
			ix.Stats.FilesParsed++
		}
		if r.routed {
			if ix.routed == nil {
				ix.routed = map[string]bool{}
			}
			ix.routed[ix.Files[todo[k]].Path] = true
		}
		if r.cached {
			ix.Stats.CacheHits++
		}
		if len(r.defs) > 0 || routesHolding(r.routes, routeSegs) {
			ix.Stats.FilesDefining++
		}
		if r.warning != nil {
			ix.Warnings = append(ix.Warnings, *r.warning)
		}
		if r.failed {
			if ix.failed == nil {
				ix.failed = map[string]bool{}
			}
			ix.failed[ix.Files[todo[k]].Path] = true
			ix.unparsed = nil // grouped again with it, if asked before
			ix.textsMu.Lock()
			ix.texts = nil // (and searched again in its groups)
			ix.textsMu.Unlock()
		}
		for i := range r.routes {
			ix.Routes = append(ix.Routes, &r.routes[i])
			ix.Stats.Routes++
		}
		ix.Mounts = append(ix.Mounts, r.mounts...)
		for name, mod := range r.imports {
			own := ix.ownPackage(root, mod) || ix.TreeModule(mod)
			into := ix.Imports
			if own {
				into = ix.OwnImports
			}
			if _, ok := into[name]; !ok {
				into[name] = mod
				if !own {
					ix.Importers[name] = ix.lang[ix.Files[todo[k]].Path]
				}
			}
		}
		for i := range r.defs {
			d := &r.defs[i]
			if !d.Amends && ix.holds(d) {
				continue // found again by a later pass: one definition is one candidate
			}
			if d.Namespace == "" && len(ix.ownDirs) > 0 {
				// `acme_domain::types::Widget`: a crate's definitions are
				// in the namespace its name roots, wherever its directory.
				d.Namespace = ix.ownModuleOf(d.Path)
			}
			ix.Stats.Definitions++
			if d.Amends {
				k := naming.TableKey(d.Name)
				if strings.Contains(d.Path, ".down.") {
					continue // a rollback: the schema before it
				}
				if !slices.Contains(ix.Amends[k], d.Path) {
					ix.Amends[k] = append(ix.Amends[k], d.Path)
				}
				if len(d.Members) > 0 && !slices.Contains(ix.Added[k], d) {
					ix.Added[k] = append(ix.Added[k], d) // (each ALTER of a file: the second adds its own)
				}
				continue
			}
			ix.Defs[d.Name] = append(ix.Defs[d.Name], d)
			for _, v := range d.Values {
				if values[v.Text] && !slices.Contains(ix.ByValue[v.Text], d) {
					ix.ByValue[v.Text] = append(ix.ByValue[v.Text], d)
				}
			}
			if naming.TableLike(d.Kind) && d.Container == "" {
				k := naming.TableKey(d.Name)
				ix.ByKey[k] = append(ix.ByKey[k], d)
				for _, a := range d.Aliases {
					ix.ByAlias[a] = append(ix.ByAlias[a], d)
					if ka := naming.TableKey(a); ka != k {
						ix.ByKey[ka] = append(ix.ByKey[ka], d)
					}
				}
			}
			if naming.TypeKind(d.Kind) {
				for _, m := range d.Members {
					if wanted[m.Name] != 0 && !holdsDef(ix.Members[m.Name], d) {
						ix.Members[m.Name] = append(ix.Members[m.Name], d)
					}
					for _, w := range m.Serialized {
						if wanted[w] == 0 {
							continue
						}
						if !spec.BareWord(w) && !holdsDef(ix.Wire[w], d) {
							ix.Wire[w] = append(ix.Wire[w], d)
						} else if spec.BareWord(w) && !holdsDef(ix.wireWords[w], d) {
							ix.wireWords[w] = append(ix.wireWords[w], d)
						}
					}
				}
			}
		}
	}
	return nil
}

// maxFew is the most names a search may look for to skip, by a substring
// search of each file's words, the files an earlier pass scanned.
const maxFew = 8

// few is a search for a few names and nothing else (no endpoint, no
// value): a file whose words and imports hold none of them as a substring
// can give it nothing, and is not searched. Reading a file's words one by
// one costs a pass over every file as much as the first; a substring
// search of its scan costs a fraction of that.
type few struct {
	names  []string
	models bool // names lowercased to default table names: no substring rules a file out
}

// fewNames is the search for wanted as a few names, or nil.
func fewNames(wanted map[string]scan.Want, segs []string, values map[string]bool, focus *focusWords) *few {
	if len(wanted) == 0 || len(wanted) > maxFew || len(segs) > 0 || len(values) > 0 {
		return nil
	}
	return &few{names: slices.Sorted(maps.Keys(wanted)), models: len(focus.models) > 0}
}

// may reports whether the file scanned as sc, of language l, may hold one
// of the names.
func (fw *few) may(sc *scan.Entry, l *extract.Language) bool {
	if sc.Skip {
		return false // over the size limit, or generated: never searched
	}
	if fw.models && l.AppTables {
		return true
	}
	for _, n := range fw.names {
		if strings.Contains(sc.Tokens.Names, n) || strings.Contains(sc.Imports, n) {
			return true
		}
	}
	return false
}

// routesHolding reports a route whose path holds one of the segments.
func routesHolding(routes []extract.Definition, segs [][]byte) bool {
	for _, d := range routes {
		for _, s := range segs {
			if strings.Contains(d.Route.Pattern, string(s)) {
				return true
			}
		}
	}
	return false
}

// holds reports whether the index has d already: the definition of its
// name, container and declaring line in its file.
func (ix *Index) holds(d *extract.Definition) bool {
	for _, o := range ix.Defs[d.Name] {
		if o.Path == d.Path && o.DeclLine == d.DeclLine && o.Container == d.Container {
			return true
		}
	}
	return false
}

// Class is what a file is, as every stage sees it: decided in one place,
// Classify, from its path and size.
type Class struct {
	Lang   *extract.Language // the source language it is searched as; nil: not searched
	Test   bool              // a test file
	Tests  bool              // a file whose imports say what it tests
	Secret bool              // a credential file, never read
	// Aside is a copy rather than the source: vendored or bundled assets,
	// examples and samples, documentation snapshots, the spec folders,
	// legacy code. It ranks below source.
	Aside bool
}

// Classify decides a file's class from its path and size.
func Classify(path string, size int64) Class {
	test := scan.TestFile(path) // (a file that holds tests is a test file)
	return Class{Lang: scan.SourceFile(path, size), Test: test, Tests: test && scan.HoldsTests(path), Secret: scan.SecretName(path),
		Aside: scan.Aside(path)}
}

// readOwn reads, once, the modules the repository's manifests define,
// and the directory of each that a name alone names (a Rust crate's).
func (ix *Index) readOwn(root string) {
	if ix.ownRead {
		return
	}
	ix.ownRead = true
	for _, f := range ix.Files {
		for _, l := range lang.All {
			if l.OwnModules == nil || !slices.ContainsFunc(l.Manifests, func(m string) bool { ok, _ := path.Match(m, path.Base(f.Path)); return ok }) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
			if err != nil {
				continue
			}
			for _, m := range l.OwnModules(b) {
				ix.ownModules = append(ix.ownModules, m)
				if ix.manifestDirs == nil {
					ix.manifestDirs = map[string][]string{}
				}
				ix.manifestDirs[path.Dir(f.Path)] = append(ix.manifestDirs[path.Dir(f.Path)], m)
				switch {
				case l.RootPackage != nil:
					if name := l.RootPackage(m); name != "" {
						if ix.rootPkgs == nil {
							ix.rootPkgs = map[string]string{}
						}
						ix.rootPkgs[path.Dir(f.Path)] = name
					}
				case identName(m):
					if ix.ownDirs == nil {
						ix.ownDirs = map[string]string{}
					}
					ix.ownDirs[path.Dir(f.Path)] = m
				}
			}
		}
	}
}

// identName reports a name made of identifier bytes only (a crate's,
// acme_domain), not a path (a Go module's github.com/acme/shop).
func identName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !extract.IdentByte(s[i]) {
			return false
		}
	}
	return s != "" && (s[0] < '0' || s[0] > '9')
}

// ownModuleOf is the module named by a name alone (a Rust crate) whose
// manifest's directory holds the file, the nearest; "" for none.
func (ix *Index) ownModuleOf(file string) string {
	for d := path.Dir(file); ; d = path.Dir(d) {
		if m, ok := ix.ownDirs[d]; ok {
			return m
		}
		if d == "." || d == "/" {
			return ""
		}
	}
}

// ownModuleNamed reports a module of the repository that a name alone
// names (acme_domain, a crate of the workspace; telegraf, the package at
// the root of github.com/influxdata/telegraf).
func (ix *Index) ownModuleNamed(name string) bool {
	for _, m := range ix.rootPkgs {
		if m == name {
			return true
		}
	}
	for _, m := range ix.ownDirs {
		if m == name {
			return true
		}
	}
	return false
}

// Class is a file's class. A walked file's language is the one decided at
// the walk, from its size; the rest is decided from the path when asked,
// as most files are never asked about.
func (ix *Index) Class(path string) Class {
	c := Classify(path, 0)
	if l, walked := ix.lang[path]; walked {
		c.Lang = l
	}
	return c
}

// OwnPackage reports an import path inside a module a manifest of the
// repository declares (see ownPackage).
func (ix *Index) OwnPackage(imp string) bool { return ix.ownPackage(ix.root, imp) }

// ownPackage reports an import path inside a Go module of the repository
// (its go.mod files' module paths, read once): the repository's own
// package, whose name is no dependency's.
func (ix *Index) ownPackage(root, imp string) bool {
	ix.readOwn(root)
	for _, m := range ix.ownModules {
		if imp == m || strings.HasPrefix(imp, m+"/") || strings.HasPrefix(imp, m+"::") {
			return true
		}
	}
	return false
}

// AliasedModule reports an import path that a TypeScript or JavaScript
// path alias maps into the repository (`@ghostfolio/common/permissions`,
// where a tsconfig's compilerOptions.paths maps `@ghostfolio/common/*`
// to `libs/common/src/lib/*`, under its baseUrl): the repository's own
// module, however much it looks like a package's. An alias whose every
// target is outside the tree or under node_modules maps a dependency.
func (ix *Index) AliasedModule(imp string) bool {
	if ix.aliases == nil {
		ix.aliases = []string{}
		for _, f := range ix.Files {
			b := path.Base(f.Path)
			if !strings.HasPrefix(b, "tsconfig") && b != "jsconfig.json" || path.Ext(b) != ".json" || strings.Contains("/"+f.Path, "/node_modules/") {
				continue
			}
			src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(f.Path)))
			if err != nil {
				continue
			}
			// (A tsconfig is JSON with comments and trailing commas.)
			std, err := hujson.Standardize(src)
			if err != nil {
				continue
			}
			var cfg struct {
				CompilerOptions struct {
					BaseURL string              `json:"baseUrl"`
					Paths   map[string][]string `json:"paths"`
				} `json:"compilerOptions"`
			}
			if json.Unmarshal(std, &cfg) != nil {
				continue
			}
			base := path.Join(path.Dir(f.Path), cfg.CompilerOptions.BaseURL)
			for alias, targets := range cfg.CompilerOptions.Paths {
				// (`"react": ["./node_modules/@types/react"]` maps a
				// package to its types, outside the code.)
				if slices.ContainsFunc(targets, func(t string) bool {
					dir := path.Join(base, strings.TrimSuffix(t, "*"))
					return dir != ".." && !strings.HasPrefix(dir, "../") && !strings.Contains("/"+dir+"/", "/node_modules/")
				}) {
					ix.aliases = append(ix.aliases, alias)
				}
			}
		}
		slices.Sort(ix.aliases)
	}
	for _, a := range ix.aliases {
		if prefix, ok := strings.CutSuffix(a, "*"); ok && prefix != "" && strings.HasPrefix(imp, prefix) || imp == a {
			return true
		}
	}
	return false
}

// PackageDir returns the directory of the package.json that declares the
// package name (`@tanstack/react-query`: packages/react-query), none
// under node_modules.
func (ix *Index) PackageDir(name string) (string, bool) {
	if ix.packages == nil {
		ix.packages = map[string]string{}
		for _, f := range ix.Files {
			if path.Base(f.Path) != "package.json" || strings.Contains("/"+f.Path, "/node_modules/") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(f.Path)))
			if err != nil {
				continue
			}
			var m struct {
				Name string `json:"name"`
			}
			if json.Unmarshal(b, &m) == nil && m.Name != "" {
				if _, dup := ix.packages[m.Name]; !dup {
					ix.packages[m.Name] = path.Dir(f.Path)
				}
			}
		}
	}
	d, ok := ix.packages[name]
	return d, ok
}

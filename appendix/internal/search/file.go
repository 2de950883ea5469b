package search

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/gitinfo"
)

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
	routed  bool // its route registrations were looked for
	failed  bool // no parse of the file could be used: it is read as text only
	warning *Warning
	stands  []wordStand // how the words of pass.index stand in the file
}

// wordStand is how one word stands in one file.
type wordStand struct {
	word string
	s    scan.Stands
}

// pass is one search over the walked files: what it looks for, shared by
// its workers.
type pass struct {
	root      string
	cache     *cache.Cache // scans by stat data, and extractions; nil: none
	extracts  *cache.Cache // extractions by content (see Index.extracts)
	wanted    map[string]scan.Want
	definable *scan.Wanted // wanted, to filter a file's words with
	anyMay    scan.Filter  // of the names wanted anywhere (scan.WantAny)
	focus     *focusWords
	restrict  map[string][]string // names searched only in the modules that qualify them
	roots     map[string]string   // the package a manifest's directory holds, by directory (Index.ownDirs)
	untested  map[string]bool     // names no test file's definition answers (untestedNames)
	routeSegs []string            // the literal route segments the spec's endpoints end with
	mountSegs []string            // the first literal segments of the spec's endpoints of several, where a mount's prefix stands
	values    map[string]bool     // the string values searched for (see wantedValues)
	mounted   map[string]bool     // files whose routes are looked for whatever they spell: routers mounted under a prefix
	before    func(path string)   // Options.BeforeFile
	// index, when set, are the words whose standing in each file the
	// pass records (see Index.declaring).
	index *scan.Words
}

// worker is what one goroutine of a pass owns: a parser and a read buffer.
type worker struct {
	parser *extract.Parser
	buf    []byte
}

// fileSearch is the search of one file. Its content is read at most once,
// and only when a step needs it: most files are answered from their scan.
type fileSearch struct {
	*pass
	w    *worker
	f    gitinfo.File
	lang *extract.Language
	full string
	src  []byte
	st   os.FileInfo // nil until the file is stat'ed
	sc   *scan.Entry
	res  fileResult
	// hashed: the scan's key was hashed from src, not kept from before.
	hashed bool
}

// file searches one file of the given language; known is its scan from an
// earlier pass of this run, or nil.
func (ps *pass) file(ctx context.Context, w *worker, f gitinfo.File, lang *extract.Language, known *scan.Entry) (res fileResult) {
	fs := &fileSearch{pass: ps, w: w, f: f, lang: lang, full: filepath.Join(ps.root, filepath.FromSlash(f.Path)), sc: known}
	defer func() {
		if r := recover(); r != nil {
			res = fs.res
			res.defs, res.routes, res.warning = nil, nil, fileWarning(f.Path, fmt.Sprintf("extraction failed: %v", r))
			res.failed = true
		}
	}()
	if ps.before != nil {
		ps.before(f.Path)
	}
	if err := fs.search(ctx); err != nil {
		fs.res.warning = fileWarning(f.Path, err.Error())
		fs.res.failed = errors.Is(err, extract.ErrGaveUp)
	}
	return fs.res
}

// load reads the file, once.
func (fs *fileSearch) load() error {
	if fs.src != nil {
		return nil
	}
	size := int64(-1)
	if fs.st != nil {
		size = fs.st.Size()
	} else if fs.sc != nil {
		size = fs.sc.Size
	}
	b, err := scan.ReadBounded(fs.full, &fs.w.buf, size, scan.Limit(fs.lang))
	fs.src = b
	return err
}

// blobKey is the file content's cache key, hashed only when first asked.
func (fs *fileSearch) blobKey() (string, error) {
	return fs.cache.KeyOf(fs.sc, fs.lang, func() ([]byte, error) {
		err := fs.load()
		fs.hashed = true
		return fs.src, err
	})
}

// keyHolds says whether the content read is the one key names, before
// what is parsed from it is stored under key. A key kept with a scan from
// before the file changed (within a clock tick of its stat, or during the
// run) names other content: what is parsed now is used but not stored,
// and the scan is dropped, to be read again by the next run.
func (fs *fileSearch) keyHolds(key string) bool {
	if fs.hashed || cache.BlobKey(fs.lang, fs.src) == key {
		return true
	}
	fs.cache.DropScan(fs.f.Path)
	return false
}

func (fs *fileSearch) search(ctx context.Context) error {
	f, res := fs.f, &fs.res
	// What the file holds, from the scan cache when its stat data are
	// those it was scanned with; else from reading it. (Without a cache
	// there is nothing to stat for.)
	if fs.sc == nil && fs.cache != nil {
		st, statErr := os.Lstat(fs.full)
		if statErr == nil {
			fs.st = st
		}
		fs.sc = fs.cache.Scanned(f.Path, st, statErr)
	}
	if fs.sc == nil {
		if err := fs.load(); err != nil {
			return err
		}
		fs.sc = scan.File(fs.lang, f.Path, fs.src)
		if fs.st != nil {
			fs.cache.PutScan(f.Path, fs.st, fs.sc)
		}
		res.bytes = int64(len(fs.src))
	} else {
		res.bytes, res.scanHit = fs.sc.Size, true
	}
	res.scan = fs.sc
	if fs.sc.Skip {
		return nil // over the size limit, or generated
	}
	// One walk of the file's words: the names it may define (and, as a
	// default table name lowercases its model, billing_invoiceline being
	// class InvoiceLine, the models whose spelling is not searched for),
	// and how the words the pass indexes stand in it.
	var folded *scan.Folded
	if fs.lang.AppTables && len(fs.focus.models) > 0 {
		folded = fs.focus.folded
	}
	names := fs.definable.Walk(fs.sc.Tokens, folded, fs.index, func(n string, s scan.Stands) {
		res.stands = append(res.stands, wordStand{n, s})
	})
	if fs.mounted[f.Path] || fs.sc.Routable(f.Path, fs.routeSegs) || fs.sc.Mounts && fs.sc.Routable(f.Path, fs.mountSegs) {
		res.routed = true
		if err := fs.routes(ctx); err != nil {
			return err
		}
	}
	for rest := fs.sc.Imports; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if name, mod, _ := strings.Cut(line, "\t"); fs.wanted[name] != 0 {
			if res.imports == nil {
				res.imports = map[string]string{}
			}
			res.imports[name] = mod
		}
	}
	held := fs.sc.Held(fs.values)
	if len(fs.untested) > 0 && scan.TestFile(f.Path) {
		for n := range names {
			if fs.untested[n] {
				delete(names, n)
			}
		}
	}
	for n := range names {
		if qs, ok := fs.restrict[n]; ok {
			in := false
			for _, q := range qs {
				in = in || InModule(f.Path, q) || fs.roots[path.Dir(f.Path)] == q
			}
			if !in {
				delete(names, n)
			}
		}
	}
	if len(names) == 0 && len(held) == 0 {
		return nil
	}
	// The definitions of the file's top-level statements that mention a
	// found name (or a name wanted anywhere), or set a held value, are
	// extracted; the ones named by a found name, holding a wanted member
	// (an enum value inside a line the scan reads only the start of), or
	// holding a held value, are kept, and cached by content and what was
	// searched for. A whole-file extraction in the cache serves too.
	// (The filters answer most words, met by the thousand in the members
	// of a large file's definitions, without hashing them.)
	found := scan.NewWords(names)
	sigil := fs.lang.Sigil
	keep := func(n string) bool {
		// (A member `cacheKeyOffset` is the property the scan reads as
		// the word `$cacheKeyOffset`.)
		return found.Has(n) || fs.anyMay.May(n) && fs.wanted[n] == scan.WantAny || sigil != "" && found.Has(sigil+n)
	}
	wants := func(d *extract.Definition) bool { return extract.Keep(d, keep) || holdsAny(d, held) }
	all, err := fs.extractFocused(ctx, names, held, &extract.Want{Def: wants, Word: fs.focus.mentioner(names, fs.lang), Held: holding(held)})
	if err != nil {
		return err
	}
	for i := range all {
		if wants(&all[i]) {
			res.defs = append(res.defs, all[i])
		}
	}
	return nil
}

// routes extracts the file's route registrations, from the cache when it
// holds them for this content at this path.
func (fs *fileSearch) routes(ctx context.Context) error {
	bk, err := fs.blobKey()
	if err != nil {
		return err
	}
	res, path := &fs.res, fs.f.Path
	key := "routes:" + path + ":" + bk
	if e := fs.extracts.Get(key); e != nil {
		res.routes, res.mounts, res.cached = cache.FromCached(e.Routes, path), e.Mounts, true
		return nil
	}
	if fs.load() != nil {
		return nil
	}
	routes, mounts, err := fs.w.parser.Routes(ctx, fs.lang, path, fs.src)
	if err != nil {
		return err
	}
	res.routes, res.mounts, res.parsed = routes, mounts, true
	if fs.keyHolds(bk) {
		fs.extracts.Put(key, &cache.Entry{Routes: cache.ToCached(routes), Mounts: mounts, HasRoute: true})
	}
	return nil
}

// extractFocused returns the definitions of the statements of the file
// that can define names (see extract.Focus), from the cache when it holds
// them built for this search: a whole-file extraction, or a focused one
// that covered this search (the same names, known without reading the
// file) or these statements, none of whose skipped type bodies holds a
// name this search wants. A new focused parse covers the statements of
// earlier searches too, and builds what they built, so that a file's
// entry grows towards what specs ask of it.
func (fs *fileSearch) extractFocused(ctx context.Context, names, held map[string]bool, want *extract.Want) ([]extract.Definition, error) {
	key, err := fs.blobKey()
	if err != nil {
		return nil, err
	}
	ca, path, res := fs.extracts, fs.f.Path, &fs.res
	built := map[defKey]bool{} // what earlier extractions built, built again
	if e := ca.Get(key); e != nil && e.HasDefs {
		defs := cache.FromCached(e.Defs, path)
		if extract.Built(defs, want.Def) {
			res.cached = true
			return defs, nil
		}
		addBuilt(built, defs)
	}
	fkey := key + "|focus"
	search := strings.Join(slices.Sorted(maps.Keys(names)), ",") + "|" + strings.Join(slices.Sorted(maps.Keys(held)), "\n") + "|" + fs.focus.sig
	// An extraction that skipped bodies answers its own search only, and
	// is kept under that search's key: kept under the file's one focused
	// entry, two searches of a run (the first pass's, a later pass's)
	// would each replace the other's, and every warm run parse twice.
	sum := sha1.Sum([]byte(search))
	skey := fkey + "|" + hex.EncodeToString(sum[:8])
	if e := ca.Get(skey); e != nil && slices.Contains(e.Covers, search) {
		if defs := cache.FromCached(e.Defs, path); extract.Built(defs, want.Def) {
			res.cached = true
			return defs, nil
		}
	}
	old := ca.Get(fkey)
	var oldDefs []extract.Definition
	if old != nil {
		// (A search its covers list was answered by this very entry:
		// what it skipped, it skipped for that search.)
		oldDefs = cache.FromCached(old.Defs, path)
		if slices.Contains(old.Covers, search) && extract.Built(oldDefs, want.Def) {
			res.cached = true
			return oldDefs, nil
		}
		addBuilt(built, oldDefs)
	}
	if err := fs.load(); err != nil {
		return nil, err
	}
	store := fs.keyHolds(key)
	if !store {
		old, oldDefs, built = nil, nil, nil // of other content
	}
	covers := []string{search}
	if old != nil {
		covers = append(covers, old.Covers...)[:min(len(old.Covers)+1, cache.MaxCovers)]
	}
	spans, ok := extract.FocusHolding(fs.lang, fs.src, want.Word, want.Held)
	whole := []extract.Span{{Start: 0, End: len(fs.src)}}
	if old != nil && (ok || extract.Covers(old.Spans, whole)) {
		if extract.Covers(old.Spans, spans) && extract.Built(oldDefs, want.Def) && !anyText(fs.src, old.Skipped, want.Holds) {
			ca.Put(fkey, &cache.Entry{Defs: old.Defs, HasDefs: true, Spans: old.Spans, Covers: covers, Skipped: old.Skipped})
			res.cached = true
			return oldDefs, nil
		}
		spans = extract.Union(old.Spans, spans)
	}
	w := *want
	if len(built) > 0 {
		w.Def = func(d *extract.Definition) bool { return want.Def(d) || built[keyOf(d)] }
	}
	ex, err := fs.w.parser.DefinitionsIn(ctx, fs.lang, path, fs.src, spans, &w)
	if err != nil {
		return nil, err
	}
	defs := ex.Defs
	if defs == nil {
		defs = []extract.Definition{}
	}
	res.parsed = ex.Whole || len(spans) > 0
	if !store {
		return defs, nil
	}
	switch {
	case ex.Whole && len(ex.Skipped) == 0:
		ca.Put(key, &cache.Entry{Defs: cache.ToCached(defs), HasDefs: true})
	case len(ex.Skipped) > 0:
		// What the bodies skipped for this search declare, the earlier
		// searches may want: they are answered again from the source.
		if ex.Whole {
			spans = whole
		}
		ca.Put(skey, &cache.Entry{Defs: cache.ToCached(defs), HasDefs: true, Spans: spans, Covers: covers[:1], Skipped: ex.Skipped})
	default:
		ca.Put(fkey, &cache.Entry{Defs: cache.ToCached(defs), HasDefs: true, Spans: spans, Covers: covers})
	}
	return defs, nil
}

// anyText reports whether text accepts one of the spans of src.
func anyText(src []byte, spans []extract.Span, text func([]byte) bool) bool {
	for _, s := range spans {
		if s.Start >= 0 && s.Start <= s.End && s.End <= len(src) && text(src[s.Start:s.End]) {
			return true
		}
	}
	return false
}

// defKey identifies a definition among a file's extractions.
type defKey struct {
	name, container string
	kind            extract.Kind
	line            int
}

func keyOf(d *extract.Definition) defKey {
	return defKey{d.Name, d.Container, d.Kind, d.DeclLine}
}

// addBuilt adds the built definitions of defs to built.
func addBuilt(built map[defKey]bool, defs []extract.Definition) {
	for i := range defs {
		if !defs[i].Unbuilt {
			built[keyOf(&defs[i])] = true
		}
	}
}

// holding returns the test of whether a statement sets one of the held
// values: it holds the value in quotes. Nil when none is held.
func holding(held map[string]bool) func([]byte) bool {
	if len(held) == 0 {
		return nil
	}
	var quoted [][]byte
	for v := range held {
		for _, q := range []string{`"`, "'", "`"} {
			quoted = append(quoted, []byte(q+v+q))
		}
	}
	return func(stmt []byte) bool {
		for _, q := range quoted {
			if bytes.Contains(stmt, q) {
				return true
			}
		}
		return false
	}
}

// holdsAny reports a definition that holds one of the held values.
func holdsAny(d *extract.Definition, held map[string]bool) bool {
	for _, v := range d.Values {
		if held[v.Text] {
			return true
		}
	}
	return false
}

// focusWords is what a focused extraction looks for beyond the names a
// file declares: the names wanted in any file, and in a language whose
// ORM names tables after their app (Language.AppTables) the model names
// behind the default table names (Django's dashboard_datum is class Datum
// of the dashboard app, and says so nowhere). sig identifies them.
type focusWords struct {
	any    map[string]bool
	models map[string]bool // lowercased
	folded *scan.Folded    // models
	// anyMadeOf are, by language, the words the members it derives of the
	// names wanted anywhere are made of (Language.MadeOf).
	anyMadeOf map[*extract.Language]map[string]bool
	sig       string
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
	fw.folded = scan.NewFolded(fw.models)
	fw.sig = hex.EncodeToString(h.Sum(nil))[:16]
	for _, l := range lang.All {
		if l.MadeOf != nil {
			if fw.anyMadeOf == nil {
				fw.anyMadeOf = map[*extract.Language]map[string]bool{}
			}
			fw.anyMadeOf[l] = madeOf(l, fw.any, nil)
		}
	}
	return fw
}

// madeOf adds to out the words the members lang derives of names are made
// of (Language.MadeOf); out is made when one is found.
func madeOf(lang *extract.Language, names, out map[string]bool) map[string]bool {
	for n := range names {
		if w := lang.MadeOf(n); w != "" {
			if out == nil {
				out = map[string]bool{}
			}
			out[w] = true
		}
	}
	return out
}

// mentioner returns the test of whether a word of a statement makes it
// worth parsing, for a file that declares names.
func (fw *focusWords) mentioner(names map[string]bool, lang *extract.Language) func([]byte) bool {
	models := lang.AppTables && len(fw.models) > 0
	// The words the members the language derives are made of
	// (Language.MadeOf): of the names wanted anywhere, and of the file's.
	anyMade, made := fw.anyMadeOf[lang], map[string]bool(nil)
	if lang.MadeOf != nil {
		made = madeOf(lang, names, nil)
	}
	return func(w []byte) bool {
		if names[string(w)] || fw.any[string(w)] || anyMade[string(w)] || made[string(w)] {
			return true
		}
		if !models {
			return false
		}
		var buf [64]byte
		if len(w) > len(buf) {
			return fw.models[strings.ToLower(string(w))]
		}
		low := buf[:len(w)]
		for i, c := range w {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			low[i] = c
		}
		return fw.models[string(low)]
	}
}

package search

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/extract"
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
	if ExtractHook != nil {
		ExtractHook(f.Path)
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
				in = in || InModule(f.Path, q)
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
// file declares: the names wanted in any file, and in a language whose
// ORM names tables after their app (Language.AppTables) the model names
// behind the default table names (Django's dashboard_datum is class Datum
// of the dashboard app, and says so nowhere). sig identifies them.
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
	models := lang.AppTables && len(fw.models) > 0
	return func(w []byte) bool {
		return names[string(w)] || fw.any[string(w)] || models && fw.models[strings.ToLower(string(w))]
	}
}

// ExtractHook, when set (by tests), runs before each file is searched:
// it is how a test makes one file's extraction panic.
var ExtractHook func(rel string)

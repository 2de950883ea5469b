package appendix

import (
	"bytes"
	"crypto/sha1"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/atomic"
)

// cacheVersion changes whenever what a cached extraction holds changes in
// a way the extract fingerprint does not show.
const cacheVersion = 13

// maxCacheEntries bounds the cache file; the least recently used go first.
const maxCacheEntries = 50000

// CacheFile is where extraction results are cached, relative to the root.
const CacheFile = ".appendix/cache/extract.gob"

// cachedDef is a Definition without its language pointer.
type cachedDef struct {
	D    extract.Definition
	Lang string
}

// cacheEntry is everything extraction found in one file content: all its
// definitions (whatever a spec names), and its routes and mounts, which
// also depend on the file's path.
type cacheEntry struct {
	Defs     []cachedDef
	Routes   []cachedDef
	Mounts   []extract.Mount
	HasRoute bool // Routes were extracted (they are only when a spec names endpoints)
	HasDefs  bool // Defs were extracted (gob drops an empty list: a file may define nothing)
	Used     int64
	// Focused entries (key "<blob key>|focus") hold the definitions of
	// some statements only: those in Spans, parsed for the searches whose
	// signatures are in Covers.
	Spans  []extract.Span
	Covers []string
}

// maxCovers bounds the searches a focused entry remembers.
const maxCovers = 8

// Cache maps file contents to their extraction. The key is the git blob
// hash of the content and the language (and the path, for routes): never
// the spec, so a changed spec reuses every parse and an unchanged
// repository parses nothing.
type Cache struct {
	Version string
	Run     int64
	Entries map[string]*cacheEntry
	// Scans are per-path scans, valid while a file keeps its size and
	// modification time; Written is when the cache was last written. They
	// are stored apart, in ScanFile.
	Scans   map[string]*scanEntry `gob:"-"`
	Written int64
	// Dirty caches uncommitted-change verdicts by HEAD and path.
	Dirty map[string]dirtyMark
	// Dirs are directory listings by path (gitinfo.Listings), stored
	// with the scans.
	Dirs map[string]dirListing `gob:"-"`

	mu           sync.Mutex
	dirty        bool            // something to write
	entriesDirty bool            // the extraction results changed
	seenScan     map[string]bool // paths scanned or validated this run
	seenDir      map[string]bool // directories listed or validated this run
	file         string
	hits         int
}

func (c *Cache) version() string {
	return strconv.Itoa(cacheVersion) + "/" + lang.Fingerprint() + "/" + Version
}

// LoadCache reads the cache under root. A cache that is missing, fails to
// decode or has another version is empty, never an error.
func LoadCache(root string) *Cache {
	c := &Cache{Entries: map[string]*cacheEntry{}, Scans: map[string]*scanEntry{}, seenScan: map[string]bool{},
		Dirs: map[string]dirListing{}, seenDir: map[string]bool{},
		file: filepath.Join(root, filepath.FromSlash(CacheFile))}
	c.Version = c.version()
	c.loadScans()
	b, err := os.ReadFile(c.file)
	if err != nil {
		return c
	}
	var disk struct {
		Version string
		Run     int64
		Entries map[string]*cacheEntry
		Dirty   map[string]dirtyMark
	}
	if gob.NewDecoder(bytes.NewReader(b)).Decode(&disk) != nil || disk.Version != c.Version || disk.Entries == nil {
		return c
	}
	c.Entries, c.Run, c.Dirty = disk.Entries, disk.Run, disk.Dirty
	return c
}

// blobKey is git's object id of src, with the language: the same bytes
// mean the same definitions.
func blobKey(lang *extract.Language, src []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(src))
	h.Write(src)
	return lang.Name + ":" + hex.EncodeToString(h.Sum(nil))
}

// get returns the entry for a file content, or nil.
func (c *Cache) get(key string) *cacheEntry {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.Entries[key]
	if e != nil {
		c.hits++
		if e.Used != c.Run && c.Run-e.Used > 16 {
			// Refresh the use mark now and then, not on every warm run.
			e.Used, c.dirty, c.entriesDirty = c.Run, true, true
		}
	}
	return e
}

func (c *Cache) put(key string, e *cacheEntry) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e.Used = c.Run
	c.Entries[key] = e
	c.dirty, c.entriesDirty = true, true
}

// Save writes the cache back when it changed, dropping the entries used
// longest ago beyond maxCacheEntries.
func (c *Cache) Save() error {
	if c == nil || !c.dirty {
		return nil
	}
	if len(c.Entries) > maxCacheEntries {
		keys := make([]string, 0, len(c.Entries))
		for k := range c.Entries {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if c.Entries[keys[i]].Used != c.Entries[keys[j]].Used {
				return c.Entries[keys[i]].Used < c.Entries[keys[j]].Used
			}
			return keys[i] < keys[j]
		})
		for _, k := range keys[:len(keys)-maxCacheEntries] {
			delete(c.Entries, k)
		}
	}
	if len(c.Scans) > maxCacheEntries {
		for p := range c.Scans {
			if !c.seenScan[p] {
				delete(c.Scans, p)
			}
		}
	}
	if len(c.Dirs) > maxCacheEntries {
		for d := range c.Dirs {
			if !c.seenDir[d] {
				delete(c.Dirs, d)
			}
		}
	}
	c.Written = time.Now().UnixNano()
	if c.entriesDirty {
		var buf bytes.Buffer
		if len(c.Dirty) > maxCacheEntries {
			c.Dirty = nil
		}
		disk := struct {
			Version string
			Run     int64
			Entries map[string]*cacheEntry
			Dirty   map[string]dirtyMark
		}{c.Version, c.Run, c.Entries, c.Dirty}
		if err := gob.NewEncoder(&buf).Encode(disk); err != nil {
			return err
		}
		if err := atomic.WriteFile(c.file, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := c.saveScans(); err != nil {
		return err
	}
	ignoreAppendixDir(filepath.Dir(filepath.Dir(c.file)))
	return nil
}

// ignoreAppendixDir gives .appendix a .gitignore that ignores all of it.
func ignoreAppendixDir(dir string) {
	gi := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(gi); err == nil {
		return
	}
	_ = os.WriteFile(gi, []byte("# Written by appendix: its inventory and cache are local state.\n*\n"), 0o644)
}

func toCached(ds []extract.Definition) []cachedDef {
	out := make([]cachedDef, len(ds))
	for i, d := range ds {
		out[i] = cachedDef{D: d, Lang: d.Lang.Name}
		out[i].D.Lang = nil
	}
	return out
}

// fromCached rebuilds definitions for a file at path.
func fromCached(cs []cachedDef, path string) []extract.Definition {
	out := make([]extract.Definition, len(cs))
	for i, c := range cs {
		out[i] = c.D
		out[i].Lang = lang.ByName(c.Lang)
		out[i].Path = path
	}
	return out
}

// scanEntry is what scanning one file content found, independent of any
// spec: its declaration words, the words that follow a "/" (for routes),
// the names it imports from packages, and whether to skip it.
type scanEntry struct {
	Size, Mtime int64
	Key         string // blobKey of the content, once a search needed it
	Tokens      tokenSet
	Slash       string // words after "/", newline-joined, for route search
	Imports     string // "name\tmodule" lines: what it imports from packages
	Mods        string // every module the file imports, relative ones too, newline-joined
	Skip        bool   // generated, or over the size limit
}

// scan reads one file content. Only a test file's imported modules are
// kept: they say which files it covers.
func scan(lang *extract.Language, rel string, src []byte) *scanEntry {
	e := &scanEntry{Size: int64(len(src))} // Key: only once a search needs it (keyOf)
	if len(src) > MaxFileSize || generated(src) {
		e.Skip = true
		return e
	}
	e.Tokens = declTokens(src)
	if importsNames(lang) {
		e.Imports = importsOf(src)
	}
	e.Slash = slashWords(src)
	if holdsTests(rel) && importsNames(lang) {
		// (A Go test covers its own package: its imports say nothing.)
		e.Mods = importedModules(src)
	}
	return e
}

// importLine reports a line that imports a module by its path: import
// ... from "x", } from "x", export ... from "x", import "x".
func importLine(line []byte) bool {
	t := trimBlank(line)
	switch {
	case bytes.HasPrefix(t, []byte("import ")), bytes.HasPrefix(t, []byte("} from ")):
		return true
	case bytes.HasPrefix(t, []byte("export ")):
		return bytes.Contains(t, []byte(" from "))
	}
	return false
}

// importsNames reports a language whose imports name what they bring in
// from a package: import { A } from "pkg", from pkg import A.
func importsNames(lang *extract.Language) bool {
	switch baseLang(lang.Name) {
	case "typescript", "javascript", "python":
		return true
	}
	return false
}

// importedModules lists the modules a file imports: "./music",
// "../lib/format", "app.music", ".music". Only lines that start an import
// (or hold a require call) are looked at.
func importedModules(src []byte) string {
	if !bytes.Contains(src, []byte("import")) && !bytes.Contains(src, []byte("require(")) {
		return ""
	}
	var out []string
	quoted := func(b []byte) string {
		for i, c := range b {
			if c == '"' || c == '\'' || c == '`' {
				if j := bytes.IndexByte(b[i+1:], c); j >= 0 {
					return string(b[i+1 : i+1+j])
				}
				return ""
			}
		}
		return ""
	}
	for len(src) > 0 {
		var line []byte
		line, src = nextLine(src)
		t := trimBlank(line)
		switch {
		case bytes.HasPrefix(t, []byte("from ")) && bytes.Contains(t, []byte(" import")):
			// Python: from app.music import x
			if f := bytes.Fields(t); len(f) >= 2 {
				out = append(out, string(f[1]))
			}
		case bytes.HasPrefix(t, []byte("import ")) && !bytes.ContainsAny(t, "'\"`{"):
			// Python: import a.b, c
			for _, m := range bytes.Split(t[len("import "):], []byte(",")) {
				if f := bytes.Fields(m); len(f) > 0 {
					out = append(out, string(f[0]))
				}
			}
		default:
			// JavaScript: import x from "m", } from "m", export * from "m", require("m")
			if i := bytes.Index(t, []byte("from ")); i >= 0 && (bytes.HasPrefix(t, []byte("import")) || bytes.Contains(t, []byte("} from ")) || bytes.HasPrefix(t, []byte("export"))) {
				if q := quoted(t[i:]); q != "" {
					out = append(out, q)
				}
			} else if bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("import(")) {
				if q := quoted(t); q != "" {
					out = append(out, q)
				}
			} else if i := bytes.Index(t, []byte("require(")); i >= 0 {
				if q := quoted(t[i:]); q != "" {
					out = append(out, q)
				}
			}
		}
	}
	return strings.Join(out, "\n")
}

// slashWords lists, once each, the words that follow a "/" in src, except
// on import lines: a module path (../webhooks/trigger/...) registers no
// route, and would make every file importing it one to parse for routes.
func slashWords(src []byte) string {
	seen := map[string]bool{}
	var out []byte
	lineEnd, skip := -1, false
	for i := 0; i+1 < len(src); {
		k := bytes.IndexByte(src[i:], '/')
		if k < 0 {
			break
		}
		if at := i + k; at >= lineEnd {
			start := bytes.LastIndexByte(src[:at], '\n') + 1
			lineEnd = len(src)
			if e := bytes.IndexByte(src[at:], '\n'); e >= 0 {
				lineEnd = at + e
			}
			skip = importLine(src[start:lineEnd])
		}
		if skip {
			i = lineEnd
			continue
		}
		i += k + 1
		if i >= len(src) || !identByte(src[i]) {
			continue
		}
		j := i
		for j < len(src) && (identByte(src[j]) || src[j] == '-' || src[j] == '.') {
			j++
		}
		if w := src[i:j]; !seen[string(w)] {
			seen[string(w)] = true
			if len(out) > 0 {
				out = append(out, '\n')
			}
			out = append(out, w...)
		}
		i = j
	}
	return string(out)
}

// routable reports whether the file can register one of the spec's
// endpoints: "/<segment>" appears in it, or it is a file-based route whose
// path holds the segment.
func (e *scanEntry) routable(file string, segs [][]byte) bool {
	for _, s := range segs {
		if strings.Contains(file, string(s)) && routeFile(file) {
			return true
		}
		for rest := e.Slash; rest != ""; {
			w := rest
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				w, rest = rest[:i], rest[i+1:]
			} else {
				rest = ""
			}
			if w == string(s) || strings.HasPrefix(w, string(s)) && !identByte(w[len(s)]) {
				return true
			}
		}
	}
	return false
}

// racyWindow: a file modified this close to the cache's writing may have
// changed again within the same timestamp; it is scanned again.
const racyWindow = 2 * time.Second

// scanned returns the cached scan of a file whose size and modification
// time still match, or nil.
func (c *Cache) scanned(path string, st os.FileInfo, statErr error) *scanEntry {
	if c == nil || statErr != nil || !st.Mode().IsRegular() {
		return nil
	}
	c.mu.Lock()
	e := c.Scans[path]
	c.mu.Unlock()
	if e == nil || e.Size != st.Size() || e.Mtime != st.ModTime().UnixNano() || st.ModTime().UnixNano() > c.Written-int64(racyWindow) {
		return nil
	}
	c.mu.Lock()
	c.seenScan[path] = true
	c.mu.Unlock()
	return e
}

// dirListing is a directory's entries as a walk last read them: names
// joined by newlines, and one type byte each.
type dirListing struct {
	Mtime int64
	Names string
	Types []byte
}

// entryTypes maps a listing's type bytes to the type bits of fs.FileMode.
var entryTypes = map[byte]fs.FileMode{'f': 0, 'd': fs.ModeDir, 'l': fs.ModeSymlink, 'o': fs.ModeIrregular}

// Listing returns the entries of a directory listed with the same
// modification time, when that time is older than the racy window before
// the cache was last written (a change within the same clock tick could
// leave it unchanged).
func (c *Cache) Listing(rel string, mtime int64) ([]gitinfo.DirEntry, bool) {
	c.mu.Lock()
	l, ok := c.Dirs[rel]
	if ok && l.Mtime == mtime && mtime <= c.Written-int64(racyWindow) {
		c.seenDir[rel] = true
	} else {
		ok = false
	}
	c.mu.Unlock()
	if !ok {
		return nil, false
	}
	var es []gitinfo.DirEntry
	if l.Names == "" {
		return es, true
	}
	for i, name := range strings.Split(l.Names, "\n") {
		if i >= len(l.Types) {
			return nil, false
		}
		es = append(es, gitinfo.DirEntry{Name: name, Type: entryTypes[l.Types[i]]})
	}
	return es, true
}

// PutListing keeps a directory's entries for the next walk.
func (c *Cache) PutListing(rel string, mtime int64, entries []gitinfo.DirEntry) {
	names := make([]string, len(entries))
	types := make([]byte, len(entries))
	for i, e := range entries {
		if strings.Contains(e.Name, "\n") {
			return // a name no listing line can hold: read it each time
		}
		names[i] = e.Name
		switch {
		case e.Type.IsDir():
			types[i] = 'd'
		case e.Type&fs.ModeSymlink != 0:
			types[i] = 'l'
		case e.Type.IsRegular():
			types[i] = 'f'
		default:
			types[i] = 'o'
		}
	}
	c.mu.Lock()
	c.Dirs[rel] = dirListing{Mtime: mtime, Names: strings.Join(names, "\n"), Types: types}
	c.seenDir[rel], c.dirty = true, true
	c.mu.Unlock()
}

// keyOf returns the blob key of a scanned file, hashing its content the
// first time a search needs it (most files are scanned and never parsed)
// and keeping it with the scan.
func (c *Cache) keyOf(e *scanEntry, lang *extract.Language, load func() ([]byte, error)) (string, error) {
	if c == nil {
		if e.Key == "" {
			src, err := load()
			if err != nil {
				return "", err
			}
			e.Key = blobKey(lang, src)
		}
		return e.Key, nil
	}
	c.mu.Lock()
	key := e.Key
	c.mu.Unlock()
	if key != "" {
		return key, nil
	}
	src, err := load()
	if err != nil {
		return "", err
	}
	key = blobKey(lang, src)
	c.mu.Lock()
	e.Key, c.dirty = key, true
	c.mu.Unlock()
	return key, nil
}

func (c *Cache) putScan(path string, st os.FileInfo, e *scanEntry) {
	if c == nil || !st.Mode().IsRegular() {
		return
	}
	e.Mtime = st.ModTime().UnixNano()
	if e.Size != st.Size() {
		return // changed while read
	}
	c.mu.Lock()
	c.Scans[path] = e
	c.seenScan[path] = true
	c.dirty = true
	c.mu.Unlock()
}

// dirtyMark is a file's verdict against HEAD, valid while HEAD and the
// file's size and modification time stay the same.
type dirtyMark struct {
	Size, Mtime int64
	Dirty       bool
}

// cachedDirty asks git only about the files whose verdict is not cached:
// reading the index and HEAD's trees is the slowest part of a warm run.
func cachedDirty(repo *gitinfo.Repo, c *Cache, head *gitinfo.Head, paths []string) ([]string, error) {
	if c == nil || head == nil || head.Commit == "" {
		return repo.Dirty(paths)
	}
	var ask []string
	verdict := map[string]bool{}
	stats := map[string]os.FileInfo{}
	for _, p := range paths {
		st, err := os.Lstat(filepath.Join(repo.Root, filepath.FromSlash(p)))
		if err != nil {
			ask = append(ask, p)
			continue
		}
		stats[p] = st
		c.mu.Lock()
		m, ok := c.Dirty[head.Commit+":"+p]
		c.mu.Unlock()
		if ok && m.Size == st.Size() && m.Mtime == st.ModTime().UnixNano() && st.ModTime().UnixNano() <= c.Written-int64(racyWindow) {
			verdict[p] = m.Dirty
		} else {
			ask = append(ask, p)
		}
	}
	if len(ask) > 0 {
		dirty, err := repo.Dirty(ask)
		if err != nil {
			return nil, err
		}
		d := map[string]bool{}
		for _, p := range dirty {
			d[p] = true
		}
		c.mu.Lock()
		if c.Dirty == nil {
			c.Dirty = map[string]dirtyMark{}
		}
		for _, p := range ask {
			verdict[p] = d[p]
			if st, ok := stats[p]; ok {
				c.Dirty[head.Commit+":"+p] = dirtyMark{st.Size(), st.ModTime().UnixNano(), d[p]}
				c.dirty, c.entriesDirty = true, true
			}
		}
		c.mu.Unlock()
	}
	var out []string
	for _, p := range paths {
		if verdict[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

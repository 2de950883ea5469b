package cache

import (
	"bytes"
	"crypto/sha1"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/appendix-dev/appendix/extract/lang"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/internal/filestat"
)

// cacheVersion changes whenever what a cached extraction holds changes in
// a way the extract fingerprint does not show.
const cacheVersion = 52

// maxCacheEntries bounds the cache file; the least recently used go first.
const maxCacheEntries = 50000

// ExtractFile is where extraction results are cached, relative to the root.
const ExtractFile = ".appendix/cache/extract.gob"

// cachedDef is a Definition without its language pointer. The names of one
// declaration block share their snippet and members (extract builds them
// once per block): a later one stores the index of the first, plus one,
// instead of a copy, so that a block of a thousand names is stored once.
type cachedDef struct {
	D         extract.Definition
	Lang      string
	LinesOf   int // 1 + the index of the definition whose Lines these are; 0: its own
	MembersOf int // the same for Members
}

// Entry is everything extraction found in one file content: all its
// definitions (whatever a spec names), and its routes and mounts, which
// also depend on the file's path.
type Entry struct {
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
	// Skipped are the type bodies and member lists the extraction did
	// not walk: no wanted name was in them (extract.Extraction.Skipped).
	Skipped []extract.Span
	// Commit is what a revision a link names resolved to (keys "rev:"),
	// "" for none.
	Commit string
	// Grep are what a brief's greps of some files found, one list of
	// items per search (keys "grep:", which hash the searches and the
	// files' stat data).
	Grep [][]string
}

// MaxCovers bounds the searches a focused entry remembers.
const MaxCovers = 8

// Cache maps file contents to their extraction. The key is the git blob
// hash of the content and the language (and the path, for routes): never
// the spec, so a changed spec reuses every parse that built what it
// names (see extract.Wants) and an unchanged
// repository parses nothing.
type Cache struct {
	Version string
	Run     int64
	Entries map[string]*Entry
	// Scans are per-path scans, valid while a file keeps its stat data
	// (filestat.Stamp). They are stored apart, in ScanFile.
	Scans map[string]*scan.Entry `gob:"-"`
	// Started is when this run began (nanoseconds): a stamp taken since is
	// kept for later runs only when its times are older than Started by
	// the racy window.
	Started int64
	// Dirty caches uncommitted-change verdicts by HEAD and path.
	Dirty map[string]dirtyMark
	// History caches the commits touching some paths, by HEAD, count and
	// paths (see RecentCommits).
	History map[string][]gitinfo.Commit
	// Texts are the text searches of names in the files no parser reads,
	// by name, while those files have the fingerprint TextsOf (see
	// PutText).
	Texts   map[string]*TextHit
	TextsOf string
	// Dirs are directory listings by path (gitinfo.Listings), stored
	// with the scans.
	Dirs map[string]dirListing `gob:"-"`
	// damage is what loading found wrong with the cache files (Damages).
	damage []Damage
	// memory: the cache is Memory's, of this run alone.
	memory bool
	// loaded is closed once the extraction file is read, scansLoaded once
	// the scan file is: Load reads both in the background, while its
	// caller reads git's index and walks, and whatever uses what one holds
	// waits for it (await, awaitScans). Until then Entries, Run, Dirty,
	// History and Texts are the first's, Scans and Dirs the second's, and
	// damage is both's.
	loaded      chan struct{}
	scansLoaded chan struct{}

	mu           sync.Mutex
	dirty        bool            // something to write
	entriesDirty bool            // the extraction results changed
	seenScan     map[string]bool // paths scanned or validated this run
	seenDir      map[string]bool // directories listed or validated this run
	file         string
	hits         int
}

// version identifies what decides an extraction: the cache layout, the
// extraction rules, and the binary.
func version(build string) string {
	return strconv.Itoa(cacheVersion) + "/" + lang.Fingerprint() + "/" + build
}

// extractMagic opens ExtractFile (see seal.go).
const extractMagic = "appendix-extract\x02"

// extractDisk is what ExtractFile holds after its seal.
type extractDisk struct {
	Run     int64
	Entries map[string]*Entry
	Dirty   map[string]dirtyMark
	History map[string][]gitinfo.Commit
	Texts   map[string]*TextHit
	TextsOf string
}

// Damage is a cache file that loading found damaged: it was discarded, and
// the next Save rewrites it.
type Damage struct {
	File    string // relative to the root, slash-separated
	Problem string
}

// Load reads the cache under root for the binary that build names, for
// one more run (Run counts them). A cache that is missing or of another
// version is empty; one that is damaged is empty too, and says so in
// Damage. Never an error. The temporary files of a run killed while
// writing the cache are removed.
func Load(root, build string) *Cache {
	c := &Cache{Entries: map[string]*Entry{}, Scans: map[string]*scan.Entry{}, seenScan: map[string]bool{},
		Dirs: map[string]dirListing{}, seenDir: map[string]bool{},
		file: filepath.Join(root, filepath.FromSlash(ExtractFile))}
	c.Version, c.Started = version(build), time.Now().UnixNano()
	atomic.RemoveStale(filepath.Dir(c.file), path.Base(ExtractFile), path.Base(ScanFile))
	c.loaded, c.scansLoaded = make(chan struct{}), make(chan struct{})
	go c.loadScans()
	go c.loadEntries()
	return c
}

// Memory is a cache of one run's extractions only, for a run that neither
// reads nor writes the cache: what a later search of the run asks of a
// file's content is not parsed again. It keeps no file's scan by its stat
// data, and Save writes nothing.
func Memory() *Cache {
	return &Cache{Entries: map[string]*Entry{}, memory: true}
}

// loadEntries reads the extraction file into c and closes c.loaded.
func (c *Cache) loadEntries() {
	defer close(c.loaded)
	var disk extractDisk
	b, err := readCacheFile(c.file)
	if err == nil {
		var payload []byte
		if payload, err = unseal(b, extractMagic, c.Version); err == nil {
			if gob.NewDecoder(bytes.NewReader(payload)).Decode(&disk) != nil || disk.Entries == nil {
				err = errUndecodable
			}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err == nil {
		c.Entries, c.Run, c.Dirty, c.History = disk.Entries, disk.Run, disk.Dirty, disk.History
		c.Texts, c.TextsOf = disk.Texts, disk.TextsOf
	}
	if c.damaged(ExtractFile, err) {
		c.entriesDirty = true
	}
	c.Run++
}

// await waits until Load has read both cache files.
func (c *Cache) await() {
	c.awaitScans()
	if c.loaded != nil {
		<-c.loaded
	}
}

// awaitScans waits until Load has read the scan file.
func (c *Cache) awaitScans() {
	if c.scansLoaded != nil {
		<-c.scansLoaded
	}
}

// Damages is what loading found wrong with the cache files: each was
// discarded, and the next Save rewrites it.
func (c *Cache) Damages() []Damage {
	c.await()
	return c.damage
}

// readCacheFile reads a cache file; a missing one is errOther.
func readCacheFile(file string) ([]byte, error) {
	b, err := mapFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errOther
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the file is named with the damage
	}
	return b, err
}

// damaged records what loading file found, unless it was nothing or a
// cache of another version, and marks the cache to be written.
func (c *Cache) damaged(file string, err error) bool {
	if err == nil || errors.Is(err, errOther) {
		return false
	}
	c.damage = append(c.damage, Damage{File: file, Problem: err.Error()})
	c.dirty = true
	return true
}

// BlobKey is git's object id of src, with the language: the same bytes
// mean the same definitions.
func BlobKey(lang *extract.Language, src []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(src))
	h.Write(src)
	return lang.Name + ":" + hex.EncodeToString(h.Sum(nil))
}

// Get returns the entry for a file content, or nil.
func (c *Cache) Get(key string) *Entry {
	if c == nil {
		return nil
	}
	c.await()
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

func (c *Cache) Put(key string, e *Entry) {
	if c == nil {
		return
	}
	c.await()
	c.mu.Lock()
	defer c.mu.Unlock()
	e.Used = c.Run
	c.Entries[key] = e
	c.dirty, c.entriesDirty = true, true
}

// Save writes the cache back when it changed, dropping the entries used
// longest ago beyond maxCacheEntries.
func (c *Cache) Save() error {
	if c == nil || c.memory {
		return nil
	}
	c.await()
	if !c.dirty {
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
	if c.entriesDirty {
		if len(c.Dirty) > maxCacheEntries {
			c.Dirty = nil
		}
		buf := newSealed(extractMagic, c.Version)
		if len(c.Texts) > maxCacheEntries {
			c.Texts = nil
		}
		if err := gob.NewEncoder(buf).Encode(extractDisk{c.Run, c.Entries, c.Dirty, c.History, c.Texts, c.TextsOf}); err != nil {
			return err
		}
		if err := atomic.WriteFile(c.file, sealed(buf, extractMagic), 0o644); err != nil {
			return err
		}
	}
	if err := c.saveScans(); err != nil {
		return err
	}
	atomic.IgnoreAll(filepath.Dir(filepath.Dir(c.file)))
	return nil
}

func ToCached(ds []extract.Definition) []cachedDef {
	out := make([]cachedDef, len(ds))
	lines, members := map[*extract.Line]int{}, map[*extract.Member]int{}
	for i, d := range ds {
		out[i] = cachedDef{D: d, Lang: d.Lang.Name}
		out[i].D.Lang = nil
		if len(d.Lines) > 0 {
			if j, ok := lines[&d.Lines[0]]; ok && len(ds[j].Lines) == len(d.Lines) {
				out[i].D.Lines, out[i].LinesOf = nil, j+1
			} else {
				lines[&d.Lines[0]] = i
			}
		}
		if len(d.Members) > 0 {
			if j, ok := members[&d.Members[0]]; ok && len(ds[j].Members) == len(d.Members) {
				out[i].D.Members, out[i].MembersOf = nil, j+1
			} else {
				members[&d.Members[0]] = i
			}
		}
	}
	return out
}

// FromCached rebuilds definitions for a file at path.
func FromCached(cs []cachedDef, path string) []extract.Definition {
	out := make([]extract.Definition, len(cs))
	for i, c := range cs {
		out[i] = c.D
		out[i].Lang = lang.ByName(c.Lang)
		out[i].Path = path
		if j := c.LinesOf - 1; j >= 0 && j < i {
			out[i].Lines = out[j].Lines
		}
		if j := c.MembersOf - 1; j >= 0 && j < i {
			out[i].Members = out[j].Members
		}
	}
	return out
}

// racyWindow: a file stat'ed this close to its last change may change
// again within the same clock tick and keep its stamp (git calls such an
// entry racily clean, and hashes it again); what was read of it is not
// kept for later runs, which read it again.
const racyWindow = 2 * time.Second

// Settled says whether a stamp taken during this run may be kept for later
// runs: its times are older than the run's start by the racy window. A
// kept stamp then describes the file while its stat data (size, times,
// inode and mode, as git compares them) stay the same: any later change
// moves the modification time past it, or, put back, the change time.
func (c *Cache) Settled(st filestat.Stamp) bool {
	return st.Settled(c.Started, racyWindow)
}

// TextHit is where a text search found a name: the count of files by
// group, the first occurrence, and the declaration a plain pattern
// located, if any (at most one definition, of file LocatedIn); or, Found
// false, that it found none.
type TextHit struct {
	Found     bool
	In        map[int]int
	First     string
	Located   []cachedDef
	LocatedIn string
}

// NewTextHit is what PutText keeps of a hit; located may be nil.
func NewTextHit(in map[int]int, first string, located *extract.Definition) *TextHit {
	h := &TextHit{Found: true, In: in, First: first}
	if located != nil {
		h.Located, h.LocatedIn = ToCached([]extract.Definition{*located}), located.Path
	}
	return h
}

// Where is the located declaration, or nil.
func (h *TextHit) Where() *extract.Definition {
	if len(h.Located) == 0 {
		return nil
	}
	return &FromCached(h.Located, h.LocatedIn)[0]
}

// Text returns the text search of name kept for the files of fingerprint
// print, or nil.
func (c *Cache) Text(print, name string) *TextHit {
	if c == nil || print == "" {
		return nil
	}
	c.await()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.TextsOf != print {
		return nil
	}
	return c.Texts[name]
}

// PutText keeps the text search of name in the files of fingerprint
// print: their paths with stat data, all settled, so that it holds while
// they keep them. Only one fingerprint's searches are kept: those of
// files since changed are dropped.
func (c *Cache) PutText(print, name string, h *TextHit) {
	if c == nil || print == "" {
		return
	}
	c.await()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.TextsOf != print || c.Texts == nil {
		c.Texts, c.TextsOf = map[string]*TextHit{}, print
	}
	c.Texts[name] = h
	c.dirty, c.entriesDirty = true, true
}

// Scanned returns the cached scan of a file whose stat data still match,
// or nil.
func (c *Cache) Scanned(path string, st os.FileInfo, statErr error) *scan.Entry {
	if c == nil || statErr != nil || !st.Mode().IsRegular() {
		return nil
	}
	c.awaitScans()
	c.mu.Lock()
	e := c.Scans[path]
	c.mu.Unlock()
	if e == nil || e.Stamp != filestat.Of(st) {
		return nil
	}
	c.mu.Lock()
	c.seenScan[path] = true
	c.mu.Unlock()
	return e
}

// DropScan forgets a file's scan: it no longer describes the file.
func (c *Cache) DropScan(path string) {
	if c == nil {
		return
	}
	c.awaitScans()
	c.mu.Lock()
	forget(c, c.Scans, path)
	c.mu.Unlock()
}

// forget deletes what the cache keeps under key in m, and marks the cache
// to be written if it kept anything. The caller holds c.mu.
func forget[V any](c *Cache, m map[string]V, key string) {
	if _, ok := m[key]; ok {
		delete(m, key)
		c.dirty = true
	}
}

// dirListing is a directory's entries as a walk last read them: names
// joined by newlines, and one type byte each.
type dirListing struct {
	Stat  filestat.Stamp
	Names string
	Types []byte
}

// entryTypes maps a listing's type bytes to the type bits of fs.FileMode.
var entryTypes = map[byte]fs.FileMode{'f': 0, 'd': fs.ModeDir, 'l': fs.ModeSymlink, 'o': fs.ModeIrregular}

// Listing returns the entries of a directory listed with the same stat
// data.
func (c *Cache) Listing(rel string, st filestat.Stamp) ([]gitinfo.DirEntry, bool) {
	c.awaitScans()
	c.mu.Lock()
	l, ok := c.Dirs[rel]
	if ok && l.Stat == st {
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
func (c *Cache) PutListing(rel string, st filestat.Stamp, entries []gitinfo.DirEntry) {
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
	c.awaitScans()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.Settled(st) {
		forget(c, c.Dirs, rel)
		return
	}
	c.Dirs[rel] = dirListing{Stat: st, Names: strings.Join(names, "\n"), Types: types}
	c.seenDir[rel], c.dirty = true, true
}

// KeyOf returns the blob key of a scanned file, hashing its content the
// first time a search needs it (most files are scanned and never parsed)
// and keeping it with the scan.
func (c *Cache) KeyOf(e *scan.Entry, lang *extract.Language, load func() ([]byte, error)) (string, error) {
	if c == nil {
		if e.Key == "" {
			src, err := load()
			if err != nil {
				return "", err
			}
			e.Key = BlobKey(lang, src)
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
	key = BlobKey(lang, src)
	c.mu.Lock()
	e.Key, c.dirty = key, true
	c.mu.Unlock()
	return key, nil
}

func (c *Cache) PutScan(path string, st os.FileInfo, e *scan.Entry) {
	if c == nil || !st.Mode().IsRegular() {
		return
	}
	stamp := filestat.Of(st)
	if e.Size != stamp.Size {
		return // changed while read
	}
	e.Stamp = stamp
	c.awaitScans()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.Settled(stamp) {
		forget(c, c.Scans, path)
		return
	}
	c.Scans[path] = e
	c.seenScan[path] = true
	c.dirty = true
}

// dirtyMark is a file's verdict against HEAD, valid while HEAD and the
// file's stat data stay the same.
type dirtyMark struct {
	Stat  filestat.Stamp
	Dirty bool
}

// DirtyPaths asks git only about the files whose verdict is not cached:
// reading the index and HEAD's trees is the slowest part of a warm run.
func DirtyPaths(repo *gitinfo.Repo, c *Cache, head *gitinfo.Head, paths []string) ([]string, error) {
	if c == nil || head == nil || head.Commit == "" {
		return repo.Dirty(paths)
	}
	c.await()
	var ask []string
	verdict := map[string]bool{}
	stats := map[string]filestat.Stamp{}
	for _, p := range paths {
		st, err := os.Lstat(filepath.Join(repo.Root, filepath.FromSlash(p)))
		if err != nil {
			ask = append(ask, p)
			continue
		}
		stats[p] = filestat.Of(st)
		c.mu.Lock()
		m, ok := c.Dirty[head.Commit+":"+p]
		c.mu.Unlock()
		if ok && m.Stat == stats[p] {
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
			if st, ok := stats[p]; ok && c.Settled(st) {
				c.Dirty[head.Commit+":"+p] = dirtyMark{st, d[p]}
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

// RecentCommits is repo.RecentCommits kept by HEAD: what a commit's
// history holds never changes, so a run at the same HEAD asking about the
// same paths reads the answer from the cache, and only the answers for the
// current HEAD are kept. Not kept: an answer with an error, and a shallow
// clone's (a fetch may deepen its history under the same HEAD).
func RecentCommits(repo *gitinfo.Repo, c *Cache, paths []string, n int) ([]gitinfo.Commit, error) {
	head, _ := repo.Head()
	if c == nil || head == nil || head.Commit == "" || repo.Shallow() {
		return repo.RecentCommits(paths, n)
	}
	c.await()
	at := head.Commit + "\x00"
	key := at + strconv.Itoa(n) + "\x00" + strings.Join(paths, "\x00")
	c.mu.Lock()
	cs, ok := c.History[key]
	c.mu.Unlock()
	if ok {
		return slices.Clone(cs), nil
	}
	cs, err := repo.RecentCommits(paths, n)
	if err != nil {
		return cs, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.History {
		if !strings.HasPrefix(k, at) {
			delete(c.History, k)
		}
	}
	if c.History == nil {
		c.History = map[string][]gitinfo.Commit{}
	}
	c.History[key] = slices.Clone(cs)
	c.dirty, c.entriesDirty = true, true
	return cs, nil
}

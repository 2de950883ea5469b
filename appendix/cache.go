package appendix

import (
	"bytes"
	"crypto/sha1"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/internal/atomic"
)

// cacheVersion changes whenever what a cached extraction holds changes in
// a way the extract fingerprint does not show.
const cacheVersion = 3

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
	Used     int64
}

// Cache maps file contents to their extraction. The key is the git blob
// hash of the content and the language (and the path, for routes): never
// the spec, so a changed spec reuses every parse and an unchanged
// repository parses nothing.
type Cache struct {
	Version string
	Run     int64
	Entries map[string]*cacheEntry

	mu    sync.Mutex
	dirty bool
	file  string
	hits  int
}

func (c *Cache) version() string {
	return strconv.Itoa(cacheVersion) + "/" + extract.Fingerprint() + "/" + Version
}

// LoadCache reads the cache under root. A cache that is missing, fails to
// decode or has another version is empty, never an error.
func LoadCache(root string) *Cache {
	c := &Cache{Entries: map[string]*cacheEntry{}, file: filepath.Join(root, filepath.FromSlash(CacheFile))}
	c.Version = c.version()
	b, err := os.ReadFile(c.file)
	if err != nil {
		return c
	}
	var disk Cache
	if gob.NewDecoder(bytes.NewReader(b)).Decode(&disk) != nil || disk.Version != c.Version || disk.Entries == nil {
		return c
	}
	c.Entries, c.Run = disk.Entries, disk.Run
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
		if e.Used != c.Run {
			e.Used, c.dirty = c.Run, true
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
	c.dirty = true
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
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(c); err != nil {
		return err
	}
	if err := atomic.WriteFile(c.file, buf.Bytes(), 0o644); err != nil {
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
		out[i].Lang = extract.ByName(c.Lang)
		out[i].Path = path
	}
	return out
}

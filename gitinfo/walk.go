package gitinfo

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/appendix-dev/appendix/internal/filestat"
)

// File is one file found by Walk.
type File struct {
	Path string // slash-separated, relative to Root
	// Size is the size git's index records for a tracked file, or -1 when
	// not known without a stat (an untracked file). Readers enforce their
	// own limits.
	Size int64
}

// Walk lists the regular files under the scope that git would track, sorted
// by path: nested .gitignore files, .git/info/exclude and the global and
// system excludes apply, and ignored directories are never entered. Symbolic
// links are not followed. skipDir may prune more directories by their
// slash-separated path relative to Root.
func (r *Repo) Walk(ctx context.Context, skipDir func(rel string) bool) ([]File, error) {
	var base []gitignore.Pattern
	if r.ignores {
		root := osfs.New("/")
		if ps, err := gitignore.LoadSystemPatterns(root); err == nil {
			base = append(base, ps...)
		}
		if ps, err := gitignore.LoadGlobalPatterns(root); err == nil {
			base = append(base, ps...)
		}
		base = append(base, readPatterns(filepath.Join(r.gitDir, "info", "exclude"), nil)...)
	}
	// Ignore files of the directories above the scope still apply to it.
	var parts []string
	if r.Scope != "" {
		parts = strings.Split(r.Scope, "/")
	}
	ps := append([]gitignore.Pattern(nil), base...)
	if r.ignores {
		for i := 0; i < len(parts); i++ {
			ps = append(ps, readPatterns(filepath.Join(r.Root, filepath.FromSlash(path.Join(parts[:i]...)), ".gitignore"), parts[:i])...)
		}
	}
	r.tracked, r.trackedDirs = r.indexPaths()
	r.Submodules, r.Pruned = nil, nil
	w := &walker{r: r, ctx: ctx, skipDir: skipDir, sem: make(chan struct{}, walkParallel)}
	w.dir(parts, ps, true)
	w.wg.Wait()
	sort.Strings(r.Submodules)
	r.Pruned = r.holdingFiles(r.Pruned)
	sort.Slice(w.files, func(i, j int) bool { return w.files[i].Path < w.files[j].Path })
	return w.files, w.err
}

// walkParallel is how many directories are read at once: reading a
// directory is a few system calls, which overlap well even on two cores.
const walkParallel = 8

// walker lists a tree with directories read in parallel.
type walker struct {
	r       *Repo
	ctx     context.Context
	skipDir func(string) bool
	sem     chan struct{}
	wg      sync.WaitGroup
	mu      sync.Mutex
	files   []File
	err     error
}

func (w *walker) submodule(rel string) {
	w.mu.Lock()
	w.r.Submodules = append(w.r.Submodules, rel)
	w.mu.Unlock()
}

func (w *walker) fail(err error) {
	w.mu.Lock()
	if w.err == nil {
		w.err = err
	}
	w.mu.Unlock()
}

// dir lists one directory, applying its .gitignore, and descends.
func (w *walker) dir(dir []string, ps []gitignore.Pattern, root bool) {
	r := w.r
	if err := w.ctx.Err(); err != nil {
		w.fail(err)
		return
	}
	abs := filepath.Join(r.Root, filepath.FromSlash(path.Join(dir...)))
	entries, err := r.readDir(abs, path.Join(dir...))
	if err != nil {
		if root {
			w.fail(err)
		}
		return // an unreadable subdirectory is skipped, as git would report and go on
	}
	if r.ignores {
		for _, e := range entries {
			if e.Name == ".gitignore" {
				if local := readPatterns(filepath.Join(abs, ".gitignore"), dir); len(local) > 0 {
					ps = append(ps[:len(ps):len(ps)], local...)
				}
				break
			}
		}
	}
	if !root && r.git != nil && !r.trackedDirs[path.Join(dir...)] {
		// (A directory whose files this repository tracks is its own,
		// whatever stray .git it holds.)
		for _, e := range entries {
			if e.Name == ".git" {
				// A nested repository (a submodule not yet in the index, a
				// clone inside the tree): its files are not this one's.
				w.submodule(path.Join(dir...))
				return
			}
		}
	}
	m := gitignore.NewMatcher(ps)
	var files []File
	for _, e := range entries {
		name := e.Name
		if name == ".git" {
			continue
		}
		child := append(dir[:len(dir):len(dir)], name)
		isDir := e.Type.IsDir()
		if e.Type&fs.ModeSymlink != 0 || !(isDir || e.Type.IsRegular()) {
			continue
		}
		rel := path.Join(child...)
		// A tracked file, or a directory holding one, is never ignored:
		// git tracks it whatever the ignore rules say, so only untracked
		// paths are matched against them.
		tracked := isDir && r.trackedDirs[rel] || !isDir && r.tracked[rel] != 0
		if !tracked && len(ps) > 0 && m.Match(child, isDir) {
			continue
		}
		if isDir {
			if w.skipDir != nil && w.skipDir(rel) {
				if r.trackedDirs[rel] {
					w.mu.Lock()
					r.Pruned = append(r.Pruned, rel)
					w.mu.Unlock()
				}
				continue
			}
			if r.gitlinks[rel] {
				w.submodule(rel)
				continue
			}
			select {
			case w.sem <- struct{}{}:
				w.wg.Add(1)
				go func() {
					defer w.wg.Done()
					defer func() { <-w.sem }()
					w.dir(child, ps, false)
				}()
			default:
				w.dir(child, ps, false)
			}
			continue
		}
		size := int64(-1)
		if n := r.tracked[rel]; n != 0 {
			size = n - 1
		}
		files = append(files, File{Path: rel, Size: size})
	}
	w.mu.Lock()
	w.files = append(w.files, files...)
	w.mu.Unlock()
}

// DirEntry is one entry of a directory listing: its name and its type bits
// (fs.ModeDir, fs.ModeSymlink, ...; zero for a regular file).
type DirEntry struct {
	Name string
	Type fs.FileMode
}

// Listings keeps directory listings between runs, by the directory's stat
// data: adding, removing or renaming an entry changes its modification
// and change times, so unchanged stat data mean an unchanged listing, and
// a walk costs one stat per directory instead of reading it (git's
// untracked cache works so). The keeper decides how recent a time it
// trusts.
type Listings interface {
	Listing(rel string, st filestat.Stamp) ([]DirEntry, bool)
	PutListing(rel string, st filestat.Stamp, entries []DirEntry)
}

// readDir lists a directory, from r.Listings when it holds the listing for
// the directory's stat data.
func (r *Repo) readDir(abs, rel string) ([]DirEntry, error) {
	var stamp filestat.Stamp
	if r.Listings != nil {
		st, err := os.Lstat(abs)
		if err != nil {
			return nil, err
		}
		stamp = filestat.Of(st)
		if es, ok := r.Listings.Listing(rel, stamp); ok {
			return es, nil
		}
	}
	des, err := os.ReadDir(abs)
	if err != nil {
		return nil, err
	}
	es := make([]DirEntry, len(des))
	for i, d := range des {
		es[i] = DirEntry{Name: d.Name(), Type: d.Type()}
	}
	if r.Listings != nil {
		r.Listings.PutListing(rel, stamp, es)
	}
	return es, nil
}

// indexPaths reads git's index once: the size of every tracked file
// (stored plus one, so that zero means untracked) and the directories that
// hold tracked files.
func (r *Repo) indexPaths() (map[string]int64, map[string]bool) {
	files, dirs := map[string]int64{}, map[string]bool{}
	if r.git == nil {
		return files, dirs
	}
	entries, err := r.indexEntries()
	if err != nil {
		r.noIndex, r.IndexWarning = true, indexWarning(err)
		return files, dirs
	}
	r.entries = make(map[string]*index.Entry, len(entries))
	r.gitlinks = map[string]bool{}
	for _, e := range entries {
		if e.Mode == filemode.Submodule {
			r.gitlinks[e.Name] = true
			continue
		}
		r.entries[e.Name] = e
		files[e.Name] = int64(e.Size) + 1
		for d := path.Dir(e.Name); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	return files, dirs
}

// readPatterns parses one ignore file; a missing file has no patterns.
func readPatterns(file string, domain []string) []gitignore.Pattern {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

// holdingFiles keeps, sorted, the directories under which the index tracks
// a file other than a placeholder (a dotfile such as vendor/.keep).
func (r *Repo) holdingFiles(dirs []string) []string {
	if len(dirs) == 0 {
		return nil
	}
	held := map[string]bool{}
	for p := range r.tracked {
		if strings.HasPrefix(path.Base(p), ".") {
			continue
		}
		for _, d := range dirs {
			if strings.HasPrefix(p, d+"/") {
				held[d] = true
			}
		}
	}
	out := slices.DeleteFunc(slices.Clone(dirs), func(d string) bool { return !held[d] })
	sort.Strings(out)
	return out
}

// Package governs is the reverse index from code to specs: for a file,
// the specs whose resolved references are defined in it, with their
// symbols and lines.
package governs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/internal/lock"
)

// CacheFile is where resolutions are cached, relative to the root.
const CacheFile = ".appendix/cache/governs.json"

// SpecsDir is where specs live, relative to the root, unless a glob
// names them.
const SpecsDir = ".adversarial-spec/specs"

// HubSpecs is how many specs name a shared hub: a file that many specs
// define their references in.
const HubSpecs = 4

// Definition is one reference of a spec defined in a file.
type Definition struct {
	Symbol    string `json:"symbol"`
	Ref       string `json:"ref"`
	Kind      string `json:"kind"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	SpecLine  int    `json:"spec_line"`
}

// Spec is a spec that governs a file, and its definitions there.
type Spec struct {
	Path        string       `json:"spec"`
	Definitions []Definition `json:"definitions"`
}

// File is a file and the specs that govern it.
type File struct {
	Path  string `json:"file"`
	Blob  string `json:"blob,omitempty"` // git's object id of the content the specs were resolved in
	Hub   bool   `json:"hub"`
	Specs []Spec `json:"specs"`
}

// Report is what governs says of the files asked about.
type Report struct {
	Files     []File   `json:"files"`
	SpecsRead int      `json:"specs_read"`
	Warnings  []string `json:"warnings"`
	// Resolved and Reused count the specs resolved this run and those
	// the cache held.
	Resolved int `json:"-"`
	Reused   int `json:"-"`
}

// Options say where the specs are and whether the caches are used.
type Options struct {
	// Specs are the spec files, absolute or relative to the current
	// directory; none: the live spec of each spec under SpecsDir.
	Specs   []string
	NoCache bool
}

// entry is one spec's resolution: its content hash and, by file, the
// definitions its references resolved to there.
type entry struct {
	Hash  string                  `json:"hash"`
	Files map[string][]Definition `json:"files"`
}

// disk is the cache file. Its entries hold while the binary and the
// repository's files (paths, sizes, modification times; the specs aside)
// stay as they were; an entry holds for its spec while the spec's content
// hash is the same. A spec changed is resolved again alone.
type disk struct {
	Build string           `json:"build"`
	Tree  string           `json:"tree"`
	Specs map[string]entry `json:"specs"`
}

// Of says which specs govern each of files (slash paths relative to the
// repository's root), in the order given.
func Of(ctx context.Context, repo *gitinfo.Repo, files []string, opt Options) (*Report, error) {
	specs, err := specFiles(repo.Root, opt.Specs)
	if err != nil {
		return nil, err
	}
	rep := &Report{Files: []File{}, Warnings: []string{}, SpecsRead: len(specs)}
	idx, err := index(ctx, repo, specs, opt.NoCache, rep)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, f := range files {
		if seen[f] {
			continue
		}
		seen[f] = true
		out := File{Path: f, Specs: []Spec{}}
		if blob, err := gitinfo.BlobHash(repo.Root, f); err == nil {
			out.Blob = blob
		}
		for _, sp := range slices.Sorted(maps.Keys(idx)) {
			if defs := idx[sp].Files[f]; len(defs) > 0 {
				out.Specs = append(out.Specs, Spec{Path: sp, Definitions: defs})
			}
		}
		out.Hub = len(out.Specs) >= HubSpecs
		rep.Files = append(rep.Files, out)
	}
	return rep, nil
}

// specFiles lists the spec files, as slash paths relative to root, sorted:
// those given, or the live spec of each spec under SpecsDir (LiveSpecs).
func specFiles(root string, given []string) ([]string, error) {
	if len(given) == 0 {
		return LiveSpecs(root), nil
	}
	var out []string
	for _, g := range given {
		rel, err := RelPath(root, g)
		if err != nil {
			return nil, err
		}
		out = append(out, rel)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// LiveSpecs returns the live spec of each spec under SpecsDir: of each
// directory of drafts (LiveInDir), and each markdown file directly in it;
// as slash paths relative to root, sorted. Earlier drafts, a spec's
// tests pseudocode and its target architecture are no specs of their own.
func LiveSpecs(root string) []string {
	dir := filepath.Join(root, filepath.FromSlash(SpecsDir))
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		switch {
		case e.IsDir():
			p = LiveInDir(p)
		case !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".md"):
			p = ""
		}
		if p != "" {
			rel, _ := filepath.Rel(root, p)
			out = append(out, filepath.ToSlash(rel))
		}
	}
	sort.Strings(out)
	return out
}

// Draft is a draft's file name, spec-draft-vN.md.
var Draft = regexp.MustCompile(`^spec-draft-v([0-9]+)\.md$`)

// LiveInDir returns the live spec of a spec's directory of drafts: its
// spec.md, else its latest draft (spec-draft-vN.md with the largest N),
// else its last markdown file by name; "" when it holds none.
func LiveInDir(dir string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	best, bestN, last := "", -1, ""
	for _, e := range ents {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasSuffix(name, ".md") {
			continue
		}
		if name == "spec.md" {
			return filepath.Join(dir, name)
		}
		if m := Draft.FindStringSubmatch(name); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > bestN {
				best, bestN = name, n
			}
		}
		last = name // ReadDir sorts by name
	}
	if best == "" {
		best = last
	}
	if best == "" {
		return ""
	}
	return filepath.Join(dir, best)
}

// RelPath is p, absolute or relative to the current directory, as a slash
// path relative to root; an error when it lies outside.
func RelPath(root, p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("%s: %w", p, err)
	}
	if d, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(d, filepath.Base(abs))
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s: outside the repository %s", p, root)
	}
	return filepath.ToSlash(rel), nil
}

// index returns each spec's resolution, from the cache where it holds,
// resolving the others, and writes the cache back.
func index(ctx context.Context, repo *gitinfo.Repo, specs []string, noCache bool, rep *Report) (map[string]entry, error) {
	tree, err := treeStamp(ctx, repo, specs)
	if err != nil {
		return nil, err
	}
	file := filepath.Join(repo.Root, filepath.FromSlash(CacheFile))
	var old disk
	if !noCache {
		l, err := lock.Exclusive(file)
		if err != nil {
			return nil, err
		}
		defer l.Unlock()
		if b, err := os.ReadFile(file); err == nil {
			if json.Unmarshal(b, &old) != nil {
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: not a governs cache: discarded and rebuilt", CacheFile))
				old = disk{}
			}
		}
	}
	build := appendix.BuildID()
	if old.Build != build || old.Tree != tree {
		old.Specs = nil
	}
	cur := disk{Build: build, Tree: tree, Specs: map[string]entry{}}
	var todo []string
	var parsed []*spec.Spec
	for _, rel := range specs {
		src, err := os.ReadFile(filepath.Join(repo.Root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err // names the file
		}
		sum := sha256.Sum256(src)
		hash := hex.EncodeToString(sum[:])
		if e, ok := old.Specs[rel]; ok && e.Hash == hash {
			cur.Specs[rel] = e
			rep.Reused++
			continue
		}
		if bytes.IndexByte(src, 0) >= 0 {
			rep.Warnings = append(rep.Warnings, rel+": spec is binary, not text: not read")
			continue
		}
		sp := spec.Parse(rel, src)
		if dir := path.Dir(rel); dir != "." {
			sp.Rebase(dir)
		}
		cur.Specs[rel] = entry{Hash: hash, Files: map[string][]Definition{}}
		todo = append(todo, rel)
		parsed = append(parsed, sp)
	}
	if len(todo) > 0 {
		res, ws, err := appendix.Resolve(ctx, repo, parsed, noCache)
		if err != nil {
			return nil, err
		}
		for _, w := range ws {
			rep.Warnings = append(rep.Warnings, w.String())
		}
		for i, rel := range todo {
			e := cur.Specs[rel]
			for _, r := range res[i] {
				d := Definition{Symbol: r.Symbol, Ref: r.Ref, Kind: r.Kind, StartLine: r.StartLine, EndLine: r.EndLine, SpecLine: r.SpecLine}
				if !slices.ContainsFunc(e.Files[r.Path], func(o Definition) bool { return o.Symbol == d.Symbol && o.StartLine == d.StartLine }) {
					e.Files[r.Path] = append(e.Files[r.Path], d)
				}
			}
			for _, defs := range e.Files {
				sort.Slice(defs, func(i, j int) bool {
					if defs[i].StartLine != defs[j].StartLine {
						return defs[i].StartLine < defs[j].StartLine
					}
					return defs[i].Symbol < defs[j].Symbol
				})
			}
		}
		rep.Resolved = len(todo)
	}
	if !noCache && (len(todo) > 0 || len(cur.Specs) != len(old.Specs)) {
		b, err := json.Marshal(cur)
		if err == nil {
			err = atomic.WriteFile(file, b, 0o644)
		}
		if err != nil {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: not saved: %v", CacheFile, err))
		}
	}
	return cur.Specs, nil
}

// treeStamp fingerprints the files of the repository a resolution reads:
// each one's path, size and modification time, the specs and everything
// under .adversarial-spec aside.
func treeStamp(ctx context.Context, repo *gitinfo.Repo, specs []string) (string, error) {
	files, err := repo.Walk(ctx, func(rel string) bool { return rel == ".adversarial-spec" || rel == ".appendix" })
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, f := range files {
		if slices.Contains(specs, f.Path) {
			continue
		}
		st, err := os.Lstat(filepath.Join(repo.Root, filepath.FromSlash(f.Path)))
		if err != nil {
			fmt.Fprintf(h, "%s\x00gone\x00", f.Path)
			continue
		}
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", f.Path, st.Size(), st.ModTime().UnixNano())
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Markdown writes the report as text: per file, the specs that govern it,
// one a line, with their symbols and lines.
func (r *Report) Markdown() string {
	var b strings.Builder
	for _, f := range r.Files {
		switch {
		case len(f.Specs) == 0:
			fmt.Fprintf(&b, "%s: no spec names a definition in it (%d specs read)\n", f.Path, r.SpecsRead)
			continue
		case f.Hub:
			fmt.Fprintf(&b, "%s: shared hub, named by %d specs\n", f.Path, len(f.Specs))
		case len(f.Specs) == 1:
			fmt.Fprintf(&b, "%s: governed by 1 spec\n", f.Path)
		default:
			fmt.Fprintf(&b, "%s: governed by %d specs\n", f.Path, len(f.Specs))
		}
		for _, s := range f.Specs {
			parts := make([]string, len(s.Definitions))
			for i, d := range s.Definitions {
				parts[i] = naming.Code(d.Symbol) + " " + lines(d.StartLine, d.EndLine)
			}
			fmt.Fprintf(&b, "  %s: %s\n", s.Path, strings.Join(parts, ", "))
		}
	}
	return b.String()
}

func lines(start, end int) string {
	if start == end {
		return fmt.Sprintf("line %d", start)
	}
	return fmt.Sprintf("lines %d-%d", start, end)
}

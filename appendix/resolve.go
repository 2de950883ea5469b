package appendix

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

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
}

// index is what the search phase learned about the repository.
type index struct {
	files []gitinfo.File
	defs  map[string][]*extract.Definition // by name
	paths map[string]bool                  // every walked file path
	dirs  map[string]bool                  // every directory holding a walked file
	warn  []string
	stats Stats
}

// shuffleHook lets a test permute the walk's order, to prove that the
// output does not depend on it.
var shuffleHook func([]gitinfo.File)

// wantedNames are the identifiers whose definitions are searched for: each
// reference's name, and both halves of a dotted one.
func wantedNames(refs []Ref) map[string]bool {
	w := map[string]bool{}
	for _, r := range refs {
		if r.IsPath {
			continue
		}
		for _, p := range strings.Split(r.Name, ".") {
			if p != "" {
				w[p] = true
			}
		}
	}
	return w
}

// search walks the repository, finds the files that may define a wanted
// name in one pass over their contents, and parses only those, on every
// core, with one parser per worker.
func search(ctx context.Context, repo *gitinfo.Repo, wanted map[string]bool) (*index, error) {
	files, err := repo.Walk(ctx, skipDir)
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", repo.Root, err)
	}
	if shuffleHook != nil {
		shuffleHook(files)
	}
	ix := &index{files: files, defs: map[string][]*extract.Definition{}, paths: map[string]bool{}, dirs: map[string]bool{}}
	ix.stats.FilesWalked = len(files)
	for _, f := range files {
		ix.paths[f.Path] = true
		for d := path.Dir(f.Path); d != "." && !ix.dirs[d]; d = path.Dir(d) {
			ix.dirs[d] = true
		}
	}
	if len(wanted) == 0 {
		return ix, nil
	}
	var todo []int
	for i, f := range files {
		if sourceFile(f.Path, f.Size) != nil {
			todo = append(todo, i)
		}
	}
	results := make([]fileResult, len(todo))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(todo)))
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := extract.NewParser()
			defer p.Close()
			for {
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				results[k] = searchFile(ctx, p, repo.Root, files[todo[k]], wanted)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, r := range results {
		ix.stats.BytesSearched += r.bytes
		if r.bytes > 0 {
			ix.stats.FilesSearched++
		}
		if r.parsed {
			ix.stats.FilesParsed++
		}
		if r.warning != "" {
			ix.warn = append(ix.warn, r.warning)
		}
		for i := range r.defs {
			d := &r.defs[i]
			ix.defs[d.Name] = append(ix.defs[d.Name], d)
			ix.stats.Definitions++
		}
	}
	return ix, nil
}

// fileResult is what searching one file found.
type fileResult struct {
	defs    []extract.Definition
	bytes   int64
	parsed  bool
	warning string
}

func searchFile(ctx context.Context, p *extract.Parser, root string, f gitinfo.File, wanted map[string]bool) (res fileResult) {
	lang := sourceFile(f.Path, f.Size)
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
	if err != nil {
		res.warning = fmt.Sprintf("%s: %v", f.Path, err)
		return res
	}
	res.bytes = int64(len(src))
	if len(src) > MaxFileSize || generated(src) {
		return res
	}
	names := mayDefine(src, wanted)
	if len(names) == 0 {
		return res
	}
	res.parsed = true
	defer func() {
		if r := recover(); r != nil {
			res.defs, res.warning = nil, fmt.Sprintf("%s: extraction failed: %v", f.Path, r)
		}
	}()
	defs, err := p.Definitions(ctx, lang, f.Path, src, func(n string) bool { return names[n] })
	if err != nil {
		res.warning = fmt.Sprintf("%s: %v", f.Path, err)
		return res
	}
	res.defs = defs
	return res
}

// match is a resolved reference: the definition chosen for it and why.
type match struct {
	ref    *Ref
	def    *extract.Definition
	reason string
	member string   // Type.field: the field the spec names inside def
	order  int      // the reference's position among the spec's references
	broken []string // unresolved: definitions found that do not parse
}

// unresolvedRef is a strong reference with no definition.
type unresolvedRef struct {
	ref  *Ref
	hint string
}

// resolve chooses one definition per reference, or reports it unresolved.
// A name that is no definition but a field of a chosen one ("its `Field1`")
// selects that definition instead of becoming a gap.
func resolve(spec *Spec, ix *index, at string) (matches []match, unresolved []unresolvedRef) {
	var pending []int
	for i := range spec.Refs {
		r := &spec.Refs[i]
		if r.IsPath {
			if !ix.pathExists(r.Name) && r.Strong {
				unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("no file or directory at this path in the repository at %s", at)})
			}
			continue
		}
		m, ok := ix.choose(r)
		m.order = i
		switch {
		case ok:
			matches = append(matches, m)
		case len(m.broken) > 0:
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("defined at %s, which does not parse; not shown", strings.Join(m.broken, ", "))})
		default:
			pending = append(pending, i)
		}
	}
	for _, i := range pending {
		r := &spec.Refs[i]
		if m, ok := memberOf(r, matches); ok {
			m.order = i
			matches = append(matches, m)
		} else if r.Strong {
			unresolved = append(unresolved, unresolvedRef{r, fmt.Sprintf("no definition in the repository at %s", at)})
		}
	}
	return matches, unresolved
}

// memberOf finds a chosen definition that has the reference as a member.
func memberOf(r *Ref, matches []match) (match, bool) {
	if strings.Contains(r.Name, ".") {
		return match{}, false
	}
	for _, m := range matches {
		for _, mem := range m.def.Members {
			if mem.Name == r.Name {
				return match{ref: r, def: m.def, member: r.Name,
					reason: fmt.Sprintf("defines `%s`, which has the field `%s`", m.def.QualifiedName(), r.Name)}, true
			}
		}
	}
	return match{}, false
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

func (ix *index) choose(r *Ref) (match, bool) {
	parts := strings.Split(r.Name, ".")
	var cands []*extract.Definition
	member := ""
	if len(parts) == 1 {
		cands = ix.defs[r.Name]
	} else {
		head, last := parts[len(parts)-2], parts[len(parts)-1]
		for _, d := range ix.defs[last] {
			if d.Container == head || d.Container == "" && moduleName(d.Path) == head {
				cands = append(cands, d)
			}
		}
		if len(cands) == 0 {
			// Type.field: the type itself, trimmed around the field.
			for _, d := range ix.defs[head] {
				for _, mem := range d.Members {
					if mem.Name == last {
						cands = append(cands, d)
						member = last
						break
					}
				}
			}
		}
	}
	var broken []string
	good := cands[:0:0]
	for _, d := range cands {
		if d.Broken {
			broken = append(broken, fmt.Sprintf("%s:%d", d.Path, d.StartLine))
		} else {
			good = append(good, d)
		}
	}
	cands = good
	if len(cands) == 0 {
		if len(broken) > 0 {
			return match{broken: broken}, false
		}
		return match{}, false
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
	score := func(d *extract.Definition) int {
		s := 0
		if !hintFits(r.Hint, d.Kind) {
			s += 4
		}
		if testFile(d.Path) {
			s += 8
		}
		if d.Container != "" && len(parts) == 1 {
			s += 2
		}
		if !d.Exported {
			s++
		}
		return s
	}
	sorted := append([]*extract.Definition(nil), cands...)
	sort.SliceStable(sorted, func(i, j int) bool {
		si, sj := score(sorted[i]), score(sorted[j])
		if si != sj {
			return si < sj
		}
		if sorted[i].Path != sorted[j].Path {
			return sorted[i].Path < sorted[j].Path
		}
		return sorted[i].StartLine < sorted[j].StartLine
	})
	best := sorted[0]
	reason := fmt.Sprintf("defines `%s`", r.Name)
	if member != "" {
		reason = fmt.Sprintf("defines `%s`, which has the field `%s`", parts[len(parts)-2], member)
	}
	if r.Path != "" && underPath(best.Path, r.Path) {
		reason += fmt.Sprintf(", in `%s` as the spec says", r.Path)
	}
	var others []string
	for _, d := range sorted[1:] {
		if d.Path == best.Path && d.StartLine == best.StartLine {
			continue
		}
		others = append(others, fmt.Sprintf("%s:%d", d.Path, d.StartLine))
	}
	if len(others) > 0 {
		more := ""
		if len(others) > 3 {
			more = fmt.Sprintf(" (+%d more)", len(others)-3)
			others = others[:3]
		}
		reason += fmt.Sprintf("; also defined at %s%s", strings.Join(others, ", "), more)
	}
	return match{ref: r, def: best, reason: reason, member: member}, true
}

// hintFits reports whether a definition kind is what the spec's wording
// says the reference is.
func hintFits(h Hint, k extract.Kind) bool {
	switch h {
	case HintTable, HintType:
		return k == extract.KindType || k == extract.KindInterface || k == extract.KindEnum || k == extract.KindError
	case HintFunction:
		return k == extract.KindFunction || k == extract.KindMethod
	case HintEnum:
		return k == extract.KindEnum || k == extract.KindType
	case HintConstant:
		return k == extract.KindConstant || k == extract.KindEnum || k == extract.KindError
	}
	return true
}

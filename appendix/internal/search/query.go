package search

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"iter"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/appendix-dev/appendix/extract/lang"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/gitinfo"
)

// FindPattern returns the definitions, in files, whose names match re:
// a search by meaning ("auth", "retry") rather than by the spec's names.
// Parses come from the cache when the files were parsed before.
func (ix *Index) FindPattern(ctx context.Context, root string, re *regexp.Regexp, files []string, limit int) []*extract.Definition {
	return ix.FindNamed(ctx, root, re, re.MatchString, files, limit)
}

// FindNamed is findPattern with a name test finer than a regexp: only
// files whose text matches pre are read.
func (ix *Index) FindNamed(ctx context.Context, root string, pre *regexp.Regexp, name func(string) bool, files []string, limit int) []*extract.Definition {
	p := extract.NewParser()
	defer p.Close()
	var out []*extract.Definition
	for _, f := range files {
		if ctx.Err() != nil || len(out) >= limit {
			break
		}
		all := ix.parse(ctx, p, root, f, pre)
		for i := range all {
			if name(all[i].Name) && !all[i].Broken && len(out) < limit {
				out = append(out, &all[i])
			}
		}
	}
	return out
}

// MayDeclare reports whether file f may define a name passing name: its
// scan saw such a word where a definition could stand, in any way it
// stands. A file the search did not scan may; a file it skipped
// (generated, over the size limit) defines nothing to parse.
func (ix *Index) MayDeclare(f string, name func(string) bool) bool {
	sc := ix.scans[f]
	switch {
	case sc == nil:
		return true
	case sc.Skip:
		return false
	}
	return sc.Tokens.Any(name)
}

// parse reads and parses one file whole, if its text matches pre (nil:
// any), from the cache when it was parsed before. A file that is too
// large, generated, or in no language defines nothing.
func (ix *Index) parse(ctx context.Context, p *extract.Parser, root, f string, pre *regexp.Regexp) []extract.Definition {
	if ix.Class(f).Lang == nil {
		return nil // nothing to read
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
	if err != nil || pre != nil && !pre.Match(src) {
		return nil
	}
	return ix.parseSrc(ctx, p, f, src)
}

// parseSrc is parse of a file already read.
func (ix *Index) parseSrc(ctx context.Context, p *extract.Parser, f string, src []byte) []extract.Definition {
	return ix.parseFocused(ctx, p, f, src, "", nil)
}

// definitionsAt returns the definitions of file, whose content is src,
// that the statement holding line at declares: that statement is parsed
// alone when the file's lexer can split it off, else the whole file is
// (see parseSrc).
func (ix *Index) definitionsAt(ctx context.Context, p *extract.Parser, f string, src []byte, at int) []extract.Definition {
	return ix.parseFocused(ctx, p, f, src, "|line"+strconv.Itoa(at), func(lang *extract.Language) ([]extract.Span, bool) {
		return extract.FocusAt(lang, src, extract.LineOffset(src, at))
	})
}

// definitionsNamed returns the definitions of file, whose content is src,
// that the statements whose heads mention name declare, as Focus picks
// them, or all the file's when it is parsed whole.
func (ix *Index) definitionsNamed(ctx context.Context, p *extract.Parser, f string, src []byte, name string) []extract.Definition {
	return ix.parseFocused(ctx, p, f, src, "|named "+name, func(lang *extract.Language) ([]extract.Span, bool) {
		return extract.Focus(lang, src, func(w []byte) bool { return string(w) == name })
	})
}

// parseFocused returns the definitions of the parts of src that focus
// picks, kept in the extraction cache under the content's key and what
// picked them; the whole file's, kept under the content's key, when focus
// is nil or cannot pick, or when the cache holds the whole file's already.
func (ix *Index) parseFocused(ctx context.Context, p *extract.Parser, f string, src []byte, what string, focus func(*extract.Language) ([]extract.Span, bool)) []extract.Definition {
	lang := ix.Class(f).Lang
	if lang == nil || len(src) > scan.Limit(lang) || scan.Generated(src) || scan.Bundled(lang, src) {
		return nil
	}
	key := cache.BlobKey(lang, src)
	keys := []string{key}
	if focus != nil {
		keys = append(keys, key+what)
	}
	for _, k := range keys {
		if e := ix.extracts.Get(k); e != nil && e.HasDefs {
			if defs := cache.FromCached(e.Defs, f); extract.Built(defs, nil) {
				return defs
			}
		}
	}
	if focus != nil {
		if spans, ok := focus(lang); ok {
			ex, err := p.DefinitionsIn(ctx, lang, f, src, spans, nil)
			if err != nil {
				return nil
			}
			ix.extracts.Put(key+what, &cache.Entry{Defs: cache.ToCached(ex.Defs), HasDefs: true})
			return ex.Defs
		}
	}
	all, err := p.Definitions(ctx, lang, f, src)
	if err != nil {
		return nil
	}
	ix.extracts.Put(key, &cache.Entry{Defs: cache.ToCached(all), HasDefs: true})
	return all
}

// WalkedFile is the walked file a spec's path names: the path itself, or
// the one walked path it ends (a path written relative to a sub-project,
// or a bare file name).
func (ix *Index) WalkedFile(p string) (string, bool) {
	p = cleanPath(p)
	if _, walked := ix.lang[p]; walked {
		return p, true
	}
	found, tail := "", "/"+p
	for _, f := range ix.Files {
		if strings.HasSuffix(f.Path, tail) {
			if found != "" {
				return "", false
			}
			found = f.Path
		}
	}
	return found, found != ""
}

// FilesEnding are the walked files whose path ends with p after a
// slash, sorted: the files a bare file name the spec writes may mean.
func (ix *Index) FilesEnding(p string) []string {
	return pathsEnding(p, func(yield func(string) bool) {
		for _, f := range ix.Files {
			if !yield(f.Path) {
				return
			}
		}
	})
}

// TimestampedFiles are the walked files named name after a timestamp or
// a sequence number, whatever their extension, sorted: a migration by its
// name (2022_08_01_093952_use_uuids_for_song_ids.php,
// 0042_add_index.py, 20240101120000_create_users.rb).
func (ix *Index) TimestampedFiles(name string) []string {
	var out []string
	for _, f := range ix.Files {
		base := path.Base(f.Path)
		stem, _, _ := strings.Cut(base, ".")
		i := 0
		for i < len(stem) && (stem[i] >= '0' && stem[i] <= '9' || stem[i] == '_' || stem[i] == '-') {
			i++
		}
		if i > 0 && stem[0] >= '0' && stem[0] <= '9' && (stem[i-1] == '_' || stem[i-1] == '-') && stem[i:] == name {
			out = append(out, f.Path)
		}
	}
	slices.Sort(out)
	return out
}

// pathsEnding are, sorted, the paths of all that end with the path p
// after a slash.
func pathsEnding(p string, all iter.Seq[string]) []string {
	p = cleanPath(p)
	if p == "" {
		return nil
	}
	var out []string
	tail := "/" + p
	for x := range all {
		if strings.HasSuffix(x, tail) {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// Location is what a file and line the spec names hold: the innermost
// definition around the line (nil: none), and the file's line count.
type Location struct {
	File  string // the walked file
	Def   *extract.Definition
	Lines int
}

// FindLocations finds, for each location the spec names (a file and a
// line in it), the innermost definition around the line: the method whose
// body holds it before its class, and of a declaration block the name
// declared on that line. Located holds them by the reference's name.
func (ix *Index) FindLocations(ctx context.Context, refs []spec.Ref) {
	p := extract.NewParser()
	defer p.Close()
	for _, r := range refs {
		if r.At == 0 || ctx.Err() != nil {
			continue
		}
		file, ok := ix.WalkedFile(r.File)
		if !ok || ix.Class(file).Lang == nil {
			continue
		}
		src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
		if err != nil {
			continue
		}
		loc := Location{File: file, Lines: bytes.Count(src, []byte("\n"))}
		if len(src) > 0 && src[len(src)-1] != '\n' {
			loc.Lines++
		}
		if r.Rev != "" {
			// A link names a line of the file at its revision: the
			// definition around it then, found here by its name. A
			// revision this repository lacks makes the link another
			// repository's, and no reference.
			if loc.Def = ix.linkedDef(ctx, p, r, file, src); loc.Def != nil {
				ix.Located[r.Name] = loc
			}
			continue
		}
		loc.Def = innermost(ix.definitionsAt(ctx, p, file, src, r.At), r.At)
		ix.Located[r.Name] = loc
	}
}

// resolveRev is the commit a link's revision names in this repository,
// and false when it names none (a link to another project). The answer is
// kept for the HEAD it was found at: a fetch may bring the revision.
func (ix *Index) resolveRev(rev string) (string, bool) {
	head, err := ix.repo.Head()
	if err != nil || head == nil || head.Commit == "" {
		c, err := ix.repo.Resolve(rev)
		return c, err == nil
	}
	key := "rev:" + head.Commit + ":" + rev
	if e := ix.cache.Get(key); e != nil && e.HasDefs {
		return e.Commit, e.Commit != ""
	}
	c, err := ix.repo.Resolve(rev)
	if err != nil && !errors.Is(err, gitinfo.ErrNoRevision) {
		return "", false // (not kept: the object store could not be read)
	}
	ix.cache.Put(key, &cache.Entry{HasDefs: true, Commit: c})
	return c, err == nil
}

// innermost is the innermost definition of all around line at, or nil.
func innermost(all []extract.Definition, at int) *extract.Definition {
	var in *extract.Definition
	for i := range all {
		d := &all[i]
		last := max(d.EndLine, d.Extent)
		if d.Broken || d.Amends || d.Route != nil || at < d.StartLine || at > last {
			continue
		}
		span, bestSpan := last-d.StartLine, 0
		if in != nil {
			bestSpan = max(in.EndLine, in.Extent) - in.StartLine
		}
		if in == nil || span < bestSpan || span == bestSpan && d.DeclLine == at {
			in = d
		}
	}
	return in
}

// linkedDef is the definition of all (the file as it is) that the link r
// names: the one of the same name, container and kind as the definition
// around the linked line of the file at the link's revision. Nil when
// the revision or the file is not in this repository, no definition was
// around the line, or the file no longer has it (or has several).
func (ix *Index) linkedDef(ctx context.Context, p *extract.Parser, r spec.Ref, file string, src []byte) *extract.Definition {
	if ix.repo == nil {
		return nil
	}
	commit, ok := ix.resolveRev(r.Rev)
	if !ok {
		return nil
	}
	// What a commit's file holds never changes: the definition around the
	// line is kept, and a warm run reads no old file.
	key := "link:" + commit + ":" + file + ":" + strconv.Itoa(r.At)
	var then *extract.Definition
	if e := ix.cache.Get(key); e != nil && e.HasDefs {
		if len(e.Defs) > 0 {
			then = &cache.FromCached(e.Defs, file)[0]
		}
	} else {
		old, err := ix.repo.FileAt(commit, file)
		if err != nil {
			return nil
		}
		kept := &cache.Entry{HasDefs: true}
		if then = innermost(ix.definitionsAt(ctx, p, file, old, r.At), r.At); then != nil {
			kept.Defs = cache.ToCached([]extract.Definition{*then})
		}
		ix.cache.Put(key, kept)
	}
	if then == nil {
		return nil
	}
	var now *extract.Definition
	all := ix.definitionsNamed(ctx, p, file, src, then.Name)
	for i := range all {
		d := &all[i]
		if d.Name == then.Name && d.Container == then.Container && d.Kind == then.Kind && !d.Broken && !d.Amends && d.Route == nil {
			if now != nil {
				return nil
			}
			now = d
		}
	}
	return now
}

// FindBases searches, in a second pass, for the classes that types named
// as Type.member extend when the member is not declared on the type
// itself: inherited members resolve to their declaring base.
func (ix *Index) FindBases(ctx context.Context, root string, refs []spec.Ref) error {
	for round := 0; round < 4; round++ {
		more := map[string]scan.Want{}
		for _, r := range refs {
			parts := strings.Split(r.Name, ".")
			if r.IsPath || len(parts) < 2 {
				continue
			}
			head, last := parts[len(parts)-2], parts[len(parts)-1]
			// A definition is walked again only from nearer than before
			// (`class Meta(Base.Meta)` makes every Meta a base of every
			// other).
			walked := map[*extract.Definition]int{}
			var walk func(d *extract.Definition, depth int)
			walk = func(d *extract.Definition, depth int) {
				if at, ok := walked[d]; ok && at <= depth {
					return
				}
				walked[d] = depth
				for _, m := range d.Members {
					if m.Name == last {
						return
					}
				}
				for _, b := range append(slices.Clip(d.Bases), ix.Delegates(d)...) {
					if _, ok := ix.Defs[b]; !ok {
						more[b] = scan.WantAny
					} else if depth < 4 {
						for _, bd := range BaseDefs(d, ix.Defs[b]) {
							walk(bd, depth+1)
						}
					}
				}
			}
			if len(ix.Defs[last]) > 0 {
				continue
			}
			for _, d := range ix.TypesNamed(head) {
				walk(d, 0)
			}
		}
		if len(more) == 0 {
			return nil
		}
		for b := range more {
			ix.Defs[b] = nil // searched: an absent base is not searched again
		}
		if err := ix.Find(ctx, root, more, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// FindGenerated searches, in a further pass, the files of each language
// that code is generated from for the definitions whose generated code
// spells a name no parse found (Language.GeneratedFrom): a spec quoting
// the Go protoc-gen-go writes (`req.MaxSeries`) names the .proto field
// `maxSeries`.
func (ix *Index) FindGenerated(ctx context.Context, root string, refs []spec.Ref) error {
	for _, l := range ix.GeneratingLanguages() {
		more := map[string]scan.Want{}
		for _, r := range refs {
			if r.IsPath || r.Route != nil {
				continue
			}
			last := r.Name[strings.LastIndexByte(r.Name, '.')+1:]
			if len(ix.Defs[last]) > 0 || len(ix.Members[last]) > 0 {
				continue
			}
			for _, v := range l.GeneratedFrom(last) {
				if len(ix.Members[v]) == 0 {
					more[v] = scan.WantAny
				}
			}
		}
		if err := ix.find(ctx, root, more, nil, nil, l, nil); err != nil {
			return err
		}
	}
	return nil
}

// PathExists accepts a path relative to the root, a directory, a file
// name that ends some walked path ("crud.py" for "backend/app/crud.py"),
// or a directory path that ends the path of exactly one directory
// ("billing/migrations" for "server/billing/migrations", written relative
// to a sub-project): one that ends two names neither (see DirsEnding).
func (ix *Index) PathExists(p string) bool {
	p = cleanPath(p)
	if p == "" {
		return false
	}
	if head, tail, ok := elided(p); ok {
		// `app/shared/.../network/YearlyApi.kt`: the directories between
		// left out.
		for _, f := range ix.Files {
			if strings.HasPrefix(f.Path, head+"/") && strings.HasSuffix(f.Path, "/"+tail) {
				return true
			}
		}
		return false
	}
	if _, walked := ix.lang[p]; walked || ix.dirs[p] {
		return true
	}
	tail := "/" + p
	for _, f := range ix.Files {
		if strings.HasSuffix(f.Path, tail) {
			return true
		}
	}
	return len(ix.DirsEnding(p)) == 1
}

// Unread is the group of files read as text only (Unparsed) that holds
// file; ok is false when its definitions are read, or it is in no
// group (a language no parser reads and no registry names).
func (ix *Index) Unread(file string) (u Unparsed, ok bool) {
	for _, u := range ix.Unparsed() {
		if slices.Contains(u.Files, file) {
			return u, true
		}
	}
	return Unparsed{}, false
}

// Parsed reports a walked file in a language whose definitions are read.
func (ix *Index) Parsed(file string) bool { return ix.lang[file] != nil }

// DirsEnding lists, sorted, the directories whose path ends with the path
// p, relative to some directory of the tree.
func (ix *Index) DirsEnding(p string) []string {
	return pathsEnding(p, maps.Keys(ix.dirs))
}

// elided splits a path written with an ellipsis for the directories in
// between (`app/shared/.../network/YearlyApi.kt`, `…`) at it.
func elided(p string) (head, tail string, ok bool) {
	for _, dots := range []string{"/.../", "/…/"} {
		if head, tail, ok := strings.Cut(p, dots); ok && head != "" && tail != "" && !strings.Contains(tail, dots) {
			return head, tail, true
		}
	}
	return "", "", false
}

// cleanPath is a path as a spec writes it, relative to the root, without
// "./" or a trailing "/"; "" for one that leaves the tree.
func cleanPath(p string) string {
	p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
	if strings.HasPrefix(p, "/") || strings.Contains("/"+p+"/", "/../") {
		return ""
	}
	return p
}

// External reports a qualified name whose qualifier is no package,
// directory or module of this repository: `context.Context`, `uuid.UUID`.
// Such names belong to a dependency or the standard library; they are
// not gaps in the repository.
func (ix *Index) External(r *spec.Ref) bool {
	parts := strings.Split(r.Name, ".")
	if len(parts) < 2 {
		return false
	}
	head := parts[0]
	if head == "" || strings.ToLower(head) != head {
		return false // Type.method: the type is ours or nothing
	}
	if len(parts) > 2 && ix.Modules[head] && strings.ToLower(parts[1]) == parts[1] && !ix.ownModuleNamed(head) &&
		slices.ContainsFunc(parts[2:], spec.IsUpperStart) {
		// `java.time.Clock`, where src/main/java is a directory and no
		// directory goes on with time: the package path (lower-case
		// parts, then a type's) leaves the repository after its first
		// part. (`issuer.spec.acme` is a field path.)
		sub := head + "/" + parts[1]
		return !ix.IsDir(sub) && len(ix.DirsEnding(sub)) == 0 && !ix.PathExists(sub) && !ix.ModuleFile(sub) // (`orders.models.Refund`: orders/models.py)
	}
	return !ix.Modules[head] && !ix.ownModuleNamed(head)
}

// ModuleName is what code calls a file's package or module: its
// directory in a language whose packages are directories, or for a file
// that is its directory's module (mod.rs, __init__.py, index.ts), else the
// file stem.
func ModuleName(file string) string {
	if dir, ok := moduleDir(file); ok {
		return path.Base(dir)
	}
	b := path.Base(file)
	return strings.TrimSuffix(b, path.Ext(b))
}

// moduleDir is the directory of a file whose module is its directory: a
// file of a language that names a module by its directory, or an index
// file (index.ts, __init__.py) below the root. ok is false for a file that
// is a module of its own.
func moduleDir(file string) (dir string, ok bool) {
	dir = path.Dir(file)
	if l := lang.ForPath(file); l != nil && l.PackageDir {
		return dir, true
	}
	b := path.Base(file)
	return dir, indexStems[strings.TrimSuffix(b, path.Ext(b))] && dir != "."
}

// InModule reports whether a file is in the package or module called name:
// its package directory, its file stem, or any directory on its path (in a
// language whose modules live in their snake_case directories, a CamelCase
// name's; a snake_case name's dashed directory, a Rust crate's).
func InModule(file, name string) bool {
	if ModuleName(file) == name {
		return true
	}
	if l := lang.ForPath(file); l != nil && l.ConstantDirs && spec.IsUpperStart(name) {
		name = strings.Join(naming.Words(name), "_") // Admin is admin/
	}
	if strings.HasPrefix(file, name+"/") || strings.Contains(file, "/"+name+"/") {
		return true
	}
	// base_db is the crate in crates/base-db.
	dashed := strings.ReplaceAll(name, "_", "-")
	return dashed != name && (strings.HasPrefix(file, dashed+"/") || strings.Contains(file, "/"+dashed+"/"))
}

// DeclaredIn reports whether a definition is in the package, module or
// namespace called name: its file is in the module (InModule), or the
// namespace its language declares it in has a segment of that name (C#'s
// Shop.Api.Orders, in src/Shop.Api/Orders/Order.cs).
func DeclaredIn(d *extract.Definition, name string) bool {
	if InModule(d.Path, name) {
		return true
	}
	for ns := d.Namespace; ns != ""; {
		var seg string
		seg, ns, _ = strings.Cut(ns, ".")
		if seg == name {
			return true
		}
	}
	return false
}

// UnderPath reports whether a definition's file is the path a spec named
// next to the reference, or lies inside it.
func UnderPath(file, p string) bool {
	p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
	return file == p || strings.HasSuffix(file, "/"+p) || strings.HasPrefix(file, p+"/") || strings.Contains(file, "/"+p+"/")
}

// InImportPath reports a file whose directory the import path ends with
// (pkg/routes/api/v1/webhooks.go for Go's "x.io/api/pkg/routes/api/v1"):
// a file of the imported package.
func InImportPath(file, importPath string) bool {
	dir := path.Dir(file)
	return importPath == dir || strings.HasSuffix(importPath, "/"+dir)
}

// testFiles returns the walked test files (computed once per run).
func (ix *Index) testFiles() []gitinfo.File {
	if ix.tests == nil {
		ix.tests = []gitinfo.File{}
		for _, f := range ix.Files {
			if scan.HoldsTests(f.Path) {
				ix.tests = append(ix.tests, f)
			}
		}
	}
	return ix.tests
}

// TestsFor returns the test files that cover a source file: the file
// itself when its language keeps tests beside the code and it holds some
// (Language.InlineTests), by its language's naming convention
// (Language.Tests), and test files that import its module.
func (ix *Index) TestsFor(src string, root string) []string {
	var out []string
	add := func(f string) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	l := lang.ForPath(src)
	if l != nil && l.InlineTests && l.TestNames != nil {
		// A file that holds its own tests is covered by them.
		if b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(src))); err == nil && len(b) <= scan.Limit(l) && len(l.TestNames(b)) > 0 {
			add(src)
		}
	}
	var m extract.TestMatch
	if l != nil && l.Tests != nil {
		var tests []string
		for _, f := range ix.testFiles() {
			tests = append(tests, f.Path)
		}
		m = l.Tests(src, tests)
	}
	for _, f := range m.Named {
		add(f)
	}
	if len(out) == 0 {
		// No file-level test: the package's tests cover it.
		for _, f := range m.Package {
			if len(out) < 5 {
				add(f)
			}
		}
	}
	if !m.ByPackage {
		for _, f := range ix.importingTests(src, root) {
			add(f)
		}
	}
	if len(out) == 0 {
		for _, f := range ix.testsByStem(src) {
			add(f)
		}
	}
	return out
}

// testsByStem are the files under a tests directory, in any language (a
// test suite of a language no parser reads: redis's Tcl), named for the
// source file's stem: tests/unit/slowlog.tcl for src/slowlog.c.
func (ix *Index) testsByStem(src string) []string {
	stem := strings.TrimSuffix(path.Base(src), path.Ext(src))
	if indexStems[stem] || len(stem) < 3 {
		return nil
	}
	var out []string
	for _, f := range ix.Files {
		b := path.Base(f.Path)
		if f.Path == src || !strings.EqualFold(strings.TrimSuffix(b, path.Ext(b)), stem) || !anyTestDir(f.Path) {
			continue
		}
		out = append(out, f.Path)
	}
	return out
}

// anyTestDir reports a path under a directory that holds tests by its
// name: test, tests, spec, __tests__.
func anyTestDir(p string) bool {
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch d {
		case "test", "tests", "spec", "__tests__":
			return true
		}
	}
	return false
}

// indexStems are the file stems that make a file its directory's module,
// in any language.
var indexStems = lang.Set(func(l *extract.Language) []string { return l.IndexStems })

// ModulePath reports a file the module path mod (controllers/write/topics)
// names: its stem ends with it, or it is the index module of a directory
// that does (src/routes/v2/index.js for routes/v2).
func ModulePath(file, mod string) bool {
	stem := strings.TrimSuffix(file, path.Ext(file))
	if indexStems[path.Base(stem)] {
		stem = path.Dir(stem)
	}
	return stem == mod || strings.HasSuffix(stem, "/"+mod)
}

// importingTests returns test files whose imports name the source module:
// from './music', from "../lib/music", from app.music import, import music.
// The imports come from this run's scans: no file is read again.
func (ix *Index) importingTests(src, root string) []string {
	stem := strings.TrimSuffix(path.Base(src), path.Ext(src))
	if indexStems[stem] {
		stem = path.Base(path.Dir(src))
	}
	module := strings.ReplaceAll(strings.TrimSuffix(src, path.Ext(src)), "/", ".")
	var out []string
	for _, f := range ix.testFiles() {
		sc := ix.scans[f.Path]
		if sc == nil || sc.Mods == "" {
			continue
		}
		for _, m := range strings.Split(sc.Mods, "\n") {
			if ext := path.Ext(m); lang.ForPath("x"+ext) != nil {
				m = strings.TrimSuffix(m, ext) // "./music.js"
			}
			if strings.HasSuffix(m, "/"+stem) || m == stem || m == "."+stem || strings.HasSuffix(module, m) && strings.HasSuffix(m, "."+stem) {
				out = append(out, f.Path)
				break
			}
		}
		if len(out) >= 5 {
			break
		}
	}
	return out
}

// DirEnding reports a directory holding a walked file whose path is p
// or ends in "/" and p.
func (ix *Index) DirEnding(p string) bool {
	if ix.dirs[p] {
		return true
	}
	ix.readEnds()
	cp := cleanPath(p)
	return cp != "" && ix.dirEnds[cp] // (one DirsEnding would list)
}

// IsDir reports a directory that holds a walked file.
func (ix *Index) IsDir(p string) bool { return ix.dirs[strings.TrimSuffix(p, "/")] }

// FindUnqualified searches everywhere, in a second pass, for the names a
// spec qualifies by a module of the repository (`serializers.EmailField`)
// that the module does not define: before anything is said of such a name,
// the search that would find it elsewhere must have run.
func (ix *Index) FindUnqualified(ctx context.Context, root string) error {
	more := map[string]scan.Want{}
	for n := range ix.restrict {
		if len(ix.Defs[n]) == 0 {
			more[n] = scan.WantTop
			delete(ix.restrict, n)
		}
	}
	if len(more) == 0 {
		return nil
	}
	return ix.Find(ctx, root, more, nil, nil)
}

// ImportedAnywhere is the package a file of the tree imports name from, by
// the import lines its scan read (`import dayjs from 'dayjs'`), the first
// in walk order; false when none does, or only a test file or from the
// repository's own packages. A name the code imports from outside is neither new nor absent,
// whichever files the search parsed.
func (ix *Index) ImportedAnywhere(name string) (string, bool) {
	return ix.firstImport(name, func(n, mod string) bool {
		return n == name && mod != "" && !ix.ownPackage(ix.root, mod) && !strings.HasPrefix(mod, ".") && !ix.TreeModule(mod)
	})
}

// PackageImported reports a package of outside the repository that a
// file of the tree imports names from, by the package's own name
// (`thiserror`, of use thiserror::Error; `dayjs`; `requests`): the
// module of the first import line that names it, in walk order. Tests
// and the repository's own packages aside.
func (ix *Index) PackageImported(name string) (string, bool) {
	return ix.firstImport(name, func(_, mod string) bool {
		root := mod
		if i := strings.IndexAny(mod, ":./"); i >= 0 {
			root = mod[:i]
		}
		return root == name && !ix.ownPackage(ix.root, mod) && !ix.TreeModule(mod) && !ix.Modules[name]
	})
}

// firstImport is the module of the first import line, in walk order, of
// a file that is no test and whose import lines hold word, for which
// match, given the line's imported name and module, is true.
func (ix *Index) firstImport(word string, match func(name, mod string) bool) (string, bool) {
	for _, f := range ix.Files {
		sc := ix.scans[f.Path]
		if sc == nil || !strings.Contains(sc.Imports, word) || ix.Class(f.Path).Test {
			continue
		}
		for rest := sc.Imports; rest != ""; {
			var line string
			line, rest, _ = strings.Cut(rest, "\n")
			if n, mod, _ := strings.Cut(line, "\t"); match(n, mod) {
				return mod, true
			}
		}
	}
	return "", false
}

// TreeModule reports a dotted module path that is a directory or a source
// file of the tree (`documents.management.commands` for
// src/documents/management/commands/, below a source root): the code's
// own, whatever its manifests declare.
func (ix *Index) TreeModule(mod string) bool {
	p := strings.ReplaceAll(mod, ".", "/")
	return strings.Contains(p, "/") && (ix.SourceModule(p) || ix.DirEnding(p))
}

// ModuleImports reports whether a module of the repository imports name: one of
// its files has an import line naming it, or importing everything ("*")
// from somewhere.
func (ix *Index) ModuleImports(module, name string) bool {
	for _, f := range ix.Files {
		if ModuleName(f.Path) == module && ix.fileImports(f.Path, name) {
			return true
		}
	}
	return false
}

// fileImports reports whether a file has an import line naming name, or
// importing everything ("*") from somewhere.
// ImportOf is the module a file imports name from, as its scan read the
// file's imports, and false when it imports no such name.
func (ix *Index) ImportOf(file, name string) (string, bool) {
	sc := ix.scans[file]
	if sc == nil {
		return "", false
	}
	for rest := sc.Imports; rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if n, mod, _ := strings.Cut(line, "\t"); n == name {
			return mod, true
		}
	}
	return "", false
}

func (ix *Index) fileImports(file, name string) bool {
	named, star, from := ix.fileImportsHow(file, name)
	return named || star || len(from) > 0
}

// fileImportsHow reports whether a file has an import line naming name,
// and the modules it imports everything ("*") from, as paths of the tree
// without their extension (`from .jobs import *` of app/models/__init__.py
// is app/models/jobs; `from api.fields import *` is api/fields; `export *
// from './x'` of web/index.ts is web/x). star is true for an import of
// everything whose module is not read.
func (ix *Index) fileImportsHow(file, name string) (named, star bool, from []string) {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return false, false, nil
	}
	inList := false // the line continues an import's parenthesized list: `from x import (  # NOQA`
	for _, line := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(line)
		if inList {
			code, _, _ := strings.Cut(t, "#")
			named = named || naming.HasWord(code, name)
			inList = !strings.Contains(code, ")")
			continue
		}
		if !importLine(t) {
			continue
		}
		if code, _, _ := strings.Cut(t, "#"); strings.HasSuffix(strings.TrimSpace(code), "(") {
			inList = true
		}
		named = named || naming.HasWord(t, name)
		if !strings.Contains(t, "*") {
			continue
		}
		if m := starFromRe.FindStringSubmatch(t); m != nil {
			mod := cmp.Or(m[1], m[2])
			switch {
			case strings.HasPrefix(mod, "./") || strings.HasPrefix(mod, "../"):
				from = append(from, path.Join(path.Dir(file), mod))
			case strings.HasPrefix(mod, "."):
				rel := strings.TrimLeft(mod, ".")
				up := path.Dir(file)
				for range len(mod) - len(rel) - 1 {
					up = path.Dir(up)
				}
				from = append(from, path.Join(up, strings.ReplaceAll(rel, ".", "/")))
			default:
				from = append(from, strings.ReplaceAll(mod, ".", "/"))
			}
			continue
		}
		star = true
	}
	return named, star, from
}

// starFromRe is an import of everything from a module: Python's `from
// x.y import *`, JavaScript's `export * from './x'`.
var starFromRe = regexp.MustCompile(`^from\s+([\w.]+)\s+import\s+\*|^export\s+\*\s+from\s+["']([^"']+)["']`)

// ImportedDefs keeps, of the definitions of name elsewhere, those a
// module of the repository that imports name may mean: in its language,
// and, when only an import of everything ("*") may bring the name, in the
// module it imports everything from, or in the module's own directory when
// that module is not read. Nil when the module imports no such name.
func (ix *Index) ImportedDefs(module, name string, defs []*extract.Definition) []*extract.Definition {
	named, star := false, false
	var from []string
	fams := map[string]bool{}
	for _, f := range ix.Files {
		if ModuleName(f.Path) != module {
			continue
		}
		n, s, fr := ix.fileImportsHow(f.Path, name)
		if !n && !s && len(fr) == 0 {
			continue
		}
		named, star, from = named || n, star || s, append(from, fr...)
		if l := ix.Class(f.Path).Lang; l != nil {
			fams[l.Family()] = true
		}
	}
	var out []*extract.Definition
	for _, d := range defs {
		if d.Lang != nil && !fams[d.Lang.Family()] {
			continue
		}
		stem := strings.TrimSuffix(d.Path, path.Ext(d.Path))
		if named || star && InModule(d.Path, module) || slices.ContainsFunc(from, func(m string) bool {
			return stem == m || strings.HasSuffix(stem, "/"+m) || strings.HasPrefix(stem, m+"/")
		}) {
			out = append(out, d)
		}
	}
	return out
}

// DeclaredApart reports a name the code imports from a package that the
// repository declares itself, in files of languages that do not
// interoperate with the importer's (Rust's LemmyError, inside a macro's
// block, which the API's TypeScript client imports from lemmy-js-client):
// the name is the repository's. A declaration in the importer's own
// family (a local `useEffect`, a test's double) leaves it the package's.
func (ix *Index) DeclaredApart(name string) bool {
	importer := ix.Importers[name]
	files := ix.Declared(name)
	if importer == nil || len(files) == 0 {
		return false
	}
	return !slices.ContainsFunc(files, func(f string) bool {
		l := ix.lang[f]
		return l == nil || interoperate(l, importer)
	})
}

// Declared lists the walked files whose scan saw a declaration of name at
// any depth, in walk order: where to look before saying it is nowhere.
func (ix *Index) Declared(name string) []string {
	return ix.declaring(map[string]scan.Want{name: scan.WantDecl})
}

// MemberOnly reports a word the scans saw as a member, and never declared
// on a declaration line of any file.
func (ix *Index) MemberOnly(name string) bool {
	if len(ix.declaring(map[string]scan.Want{name: scan.WantDecl})) > 0 {
		return false
	}
	for _, st := range ix.stands[name] {
		if st.s.Member() {
			return true
		}
	}
	return false
}

// DeclaredOrMember lists the walked files whose scan saw one of names
// declared or standing as a member ("Value *string", "value = ..."), or
// assigned inside a function, at any depth, in walk order.
func (ix *Index) DeclaredOrMember(names ...string) []string {
	want := map[string]scan.Want{}
	for _, n := range names {
		want[n] = scan.WantAssigned
	}
	return ix.declaring(want)
}

// DeclaringFiles counts, for each of names, the walked files that declare
// it (Declared's), the scans read once for all of them.
func (ix *Index) DeclaringFiles(names []string) map[string]int {
	want := map[string]scan.Want{}
	for _, n := range names {
		want[n] = scan.WantDecl
	}
	ix.declaring(want) // (indexes the names not yet indexed, in one pass)
	out := map[string]int{}
	for _, n := range names {
		out[n] = len(ix.declaring(map[string]scan.Want{n: scan.WantDecl}))
	}
	return out
}

// declaring lists the walked files whose scan saw a wanted name where it
// is wanted, in walk order.
func (ix *Index) declaring(want map[string]scan.Want) []string {
	if ix.stands == nil {
		// The scans' words that resolving asks of, in one pass over them.
		ix.stands, ix.indexed = map[string][]standing{}, map[string]bool{}
		ix.index(ix.refWords)
	}
	var more map[string]bool
	for n := range want {
		if !ix.indexed[n] && oneWord(n) {
			if more == nil {
				more = map[string]bool{}
			}
			more[n] = true
		}
	}
	if more != nil {
		ix.index(more)
	}
	var at []int
	for n, w := range want {
		for _, st := range ix.stands[n] {
			if w.Accepts(st.s) {
				at = append(at, int(st.file))
			}
		}
	}
	slices.Sort(at)
	var out []string
	for _, i := range slices.Compact(at) {
		out = append(out, ix.Files[i].Path)
	}
	return out
}

// Keyed lists the walked files whose scan saw key held as a string key
// (`"CLEANUP_DAYS": {...}`), in walk order: source files, and test files.
func (ix *Index) Keyed(key string) (src, tests []string) {
	for _, f := range ix.Files {
		if sc := ix.scans[f.Path]; sc != nil && !sc.Skip && sc.HoldsKey(key) {
			if ix.Class(f.Path).Test {
				tests = append(tests, f.Path)
			} else {
				src = append(src, f.Path)
			}
		}
	}
	return src, tests
}

// KeyLine is the first line of file that holds key as a quoted string, or 0.
func (ix *Index) KeyLine(file, key string) int {
	line, _ := ix.QuotedLine(file, key)
	return line
}

// QuotedLine is the first line of file that holds key as a quoted string,
// and its text; 0 when none does.
func (ix *Index) QuotedLine(file, key string) (int, string) {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return 0, ""
	}
	for _, q := range []string{`"`, `'`, "`"} {
		if at := bytes.Index(src, []byte(q+key+q)); at >= 0 {
			return lineOf(src, at), string(lineAt(src, at))
		}
	}
	return 0, ""
}

// LocalDeclaration is the first indented line of file that declares name
// as a local (`  const ZFormSchema = z.object({`, `let x = ...`, `x :=
// ...`), its number and text; 0 for none. A local is no definition the
// search lists, yet the name is declared there.
func (ix *Index) LocalDeclaration(file, name string) (int, string) {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil || !bytes.Contains(src, []byte(name)) {
		return 0, ""
	}
	q := regexp.QuoteMeta(name)
	re := regexp.MustCompile(`(?m)^[ \t]+(?:(?:const|let|var|val|final|auto)\s+` + q + `\b\s*[:=]|` + q + `\s*:=)`)
	loc := re.FindIndex(src)
	if loc == nil {
		return 0, ""
	}
	return lineOf(src, loc[0]), strings.TrimSpace(string(lineAt(src, loc[0])))
}

// AnnotationUse reports a file that uses name as an annotation or an
// attribute, on a line that is no comment: Java's and Kotlin's
// `@GeneratedValue(...)`, C#'s `[JsonDerivedType(...)]`, Rust's
// `#[derive(DeriveEntityModel)]`. (A name a generator makes, a class of
// MapStruct's, is used otherwise.)
func (ix *Index) AnnotationUse(file, name string) bool {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return false
	}
	re, err := regexp.Compile(`(?m)^[ \t]*(?:@` + regexp.QuoteMeta(name) + `\b|\[(?:[\w.]+\s*(?:\([^)\n]*\))?\s*,\s*)*` + regexp.QuoteMeta(name) + `\b|#\[derive\([^)\n]*\b` + regexp.QuoteMeta(name) + `\b)`)
	return err == nil && re.Match(src)
}

// CallUse reports a file that calls name, on a receiver or first on its
// line: `x.update_all(...)`, `after_discard :publish`, `save!` alone; not
// a symbol (`queue_as :high_priority`), a word inside a string (a SQL
// alias, `JOIN entries outflow_candidates ON (`), a keyword argument
// (`high_priority: true`) or an assignment.
func (ix *Index) CallUse(file, name string) bool {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return false
	}
	re, err := regexp.Compile(`(?m)(?:^[ \t]*|\.)` + regexp.QuoteMeta(name) + `(?:\(|[ \t]+[^\s=,)\]}]|[ \t]*$)`)
	if err != nil || !re.Match(src) {
		return false
	}
	// (A local the file assigns, `summary_payload = {...}`, then returns
	// alone on a line, is no call.)
	local, err := regexp.Compile(`(?m)^[ \t]*` + regexp.QuoteMeta(name) + `[ \t]*(?:\|\||\+|-)?=[^=~>]`)
	return err == nil && !local.Match(src)
}

// MethodCall is the first line of file that calls name as a method of a
// value or of a call's result (`session.ForUpdate().Get(old)`), its
// number and text; 0 for none.
func (ix *Index) MethodCall(file, name string) (int, string) {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return 0, ""
	}
	call := []byte("." + name + "(")
	for off := 0; ; {
		at := bytes.Index(src[off:], call)
		if at < 0 {
			return 0, ""
		}
		at += off
		if at > 0 && (extract.IdentByte(src[at-1]) || src[at-1] == ')' || src[at-1] == ']') {
			return lineOf(src, at), string(lineAt(src, at))
		}
		off = at + len(call)
	}
}

// SymbolsDeclared finds, for each of words, the first file in walk order
// that declares it through a call given it as a symbol
// (Language.SymbolDeclares): Ruby's `scope :recently_active`, which the
// search reads no definition of. It returns, by word, the place
// (path:line) and the line; the files are read once for all of them.
func (ix *Index) SymbolsDeclared(words []string) map[string][2]string {
	var files []string
	for _, f := range ix.Files {
		if l := ix.lang[f.Path]; l != nil && l.SymbolDeclares != nil && !scan.TestFile(f.Path) {
			files = append(files, f.Path)
		}
	}
	if len(files) == 0 || len(words) == 0 {
		return nil
	}
	found := make([][][2]string, len(files))
	ix.readEach(files, func(i int, src []byte) {
		for k, w := range words {
			if off := ix.lang[files[i]].SymbolDeclares(src, w); off >= 0 {
				if found[i] == nil {
					found[i] = make([][2]string, len(words))
				}
				l, _ := extract.NextLine(src[off:])
				found[i][k] = [2]string{naming.At(files[i], lineOf(src, off)), strings.TrimSpace(string(l))}
			}
		}
	})
	out := map[string][2]string{}
	for i := range files {
		for k, w := range words {
			if found[i] != nil && found[i][k][0] != "" {
				if _, ok := out[w]; !ok {
					out[w] = found[i][k]
				}
			}
		}
	}
	return out
}

// CodeUse reports a place ("path:line") whose line is code, not a comment
// (`// TODO: put a RateLimiter in front`).
func (ix *Index) CodeUse(at string) bool {
	file, n, ok := strings.Cut(at, ":")
	line, err := strconv.Atoi(n)
	if !ok || err != nil {
		return false
	}
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return false
	}
	for i := 1; len(src) > 0; i++ {
		var l []byte
		l, src = extract.NextLine(src)
		if i == line {
			t := extract.TrimIndent(l)
			return !bytes.HasPrefix(t, []byte("//")) && !bytes.HasPrefix(t, []byte("/*")) && !bytes.HasPrefix(t, []byte("*")) && !bytes.HasPrefix(t, []byte("#"))
		}
	}
	return false
}

// WildcardImports lists, once each in file order, the modules from
// outside the repository that file imports every name of
// (Language.WildcardImports); own says it imports every name of one of
// the repository's own modules too (its packages, a Rust crate's
// crate::, self::, super::), where a name the repository generates (by a
// macro, an annotation processor) may come from.
func (ix *Index) WildcardImports(file string) (mods []string, own bool) {
	l := ix.Class(file).Lang
	if l == nil || l.WildcardImports == nil {
		return nil, false
	}
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return nil, false
	}
	for _, mod := range l.WildcardImports(src) {
		root := mod
		if i := strings.IndexAny(mod, ":."); i >= 0 {
			root = mod[:i]
		}
		if root == "crate" || root == "self" || root == "super" || ix.ownPackage(ix.root, mod) || ix.TreeModule(mod) ||
			ix.ownModuleNamed(root) || ix.Namespace(mod) {
			own = true
			continue
		}
		mods = append(mods, mod)
	}
	return mods, own
}

// oneWord reports a name that can be a word of a scan.
func oneWord(n string) bool {
	for i := 0; i < len(n); i++ {
		if !extract.IdentByte(n[i]) {
			return false
		}
	}
	return n != ""
}

// index adds the words to stands: every file each stands in, and how.
func (ix *Index) index(words map[string]bool) {
	for w := range words {
		ix.indexed[w] = true
	}
	may := scan.NewWords(words)
	for i, f := range ix.Files {
		if sc := ix.scans[f.Path]; sc != nil && !sc.Skip {
			var in []wordStand
			sc.Tokens.EachStanding(func(n string, s scan.Stands) {
				if may.Has(n) {
					in = append(in, wordStand{n, s})
				}
			})
			ix.addStands(i, in)
		}
	}
}

// addStands adds how words stand in the walked file i to stands: files
// are added in walk order, and a word's ways in one file are joined.
func (ix *Index) addStands(i int, in []wordStand) {
	for _, ws := range in {
		if sts := ix.stands[ws.word]; len(sts) > 0 && int(sts[len(sts)-1].file) == i {
			sts[len(sts)-1].s |= ws.s
		} else {
			ix.stands[ws.word] = append(sts, standing{int32(i), ws.s})
		}
	}
}

// standing is how a word stands in a walked file: every way it does.
type standing struct {
	file int32 // the file's index in the walk
	s    scan.Stands
}

// declForms finds a declaration of a name at any depth, in the keyword
// forms the languages share: the modifiers, then the keyword that
// declares.
var declForms = `(?m)^[ \t]*(?:(?:export|default|async|pub(?:\([\w:]+\))?|public|private|protected|internal|static|final|abstract|sealed|open|data|unsafe|extern|inline|override|virtual|partial|readonly|enum)[ \t]+)*` +
	`(?:` + strings.Join(declWords, "|") + `)[ \t]+(?:self\.)?`

// declWords are the keywords that declare the name after them, in
// declForms.
var declWords = []string{"class", "def", "defp", "defmodule", "func", "fn", "fun", "function", "interface", "type", "typealias", "typedef",
	"struct", "enum", "trait", "union", "const", "let", "var", "val", "record", "object", "module", "mod", "protocol", "namespace"}

// Declaration is the first line of file that declares name at any depth,
// or 0, and whether that line is unindented (a top-level declaration).
func (ix *Index) Declaration(file, name string) (line int, top bool) {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return 0, false
	}
	re, err := regexp.Compile(declForms + regexp.QuoteMeta(name) + `\b`)
	if err != nil {
		return 0, false
	}
	if loc := re.FindIndex(src); loc != nil {
		return bytes.Count(src[:loc[0]], []byte("\n")) + 1, src[loc[0]] != ' ' && src[loc[0]] != '\t'
	}
	if typed, err := regexp.Compile(typedDeclForm + regexp.QuoteMeta(name) + `[ \t]*\(`); err == nil {
		for _, m := range typed.FindAllSubmatchIndex(src, -1) {
			if !notTypes[string(src[m[2]:m[3]])] {
				return bytes.Count(src[:m[0]], []byte("\n")) + 1, src[m[0]] != ' ' && src[m[0]] != '\t'
			}
		}
	}
	return 0, false
}

// MethodLine is the first line of file that declares name as a method: a
// receiver's (`func (q *Queries) GetAccount(`) or an interface's, indented
// and called at once (`	CreateTransfer(ctx context.Context, ...`); 0 for
// none.
func (ix *Index) MethodLine(file, name string) int {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil || !bytes.Contains(src, []byte(name)) {
		return 0
	}
	q := regexp.QuoteMeta(name)
	re := regexp.MustCompile(`(?m)^(?:func[ \t]*\([^)]*\)[ \t]*` + q + `[ \t]*[(\[]|[ \t]+` + q + `\()`)
	if loc := re.FindIndex(src); loc != nil {
		return lineOf(src, loc[0])
	}
	return 0
}

// NextTypeLine is the last line of file before the next line after from
// that declares a type (class, interface, trait, struct, enum, object,
// record) at the indentation of from's line or less: where a type
// declared at from ends, at the latest. The file's last line when none.
func (ix *Index) NextTypeLine(file string, from int) int {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return from
	}
	lines := strings.Split(string(src), "\n")
	if from < 1 || from > len(lines) {
		return from
	}
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	at := indent(lines[from-1])
	for i := from; i < len(lines); i++ {
		if l := lines[i]; typeLineRe.MatchString(l) && indent(l) <= at {
			return i
		}
	}
	return len(lines)
}

// typeLineRe is a line that declares a type, its modifiers first.
var typeLineRe = regexp.MustCompile(`^[ \t]*(?:(?:export|public|private|protected|internal|abstract|final|sealed|open|data|static|partial|readonly|pub(?:\([\w:]+\))?)[ \t]+)*(?:class|interface|trait|struct|enum|object|record)[ \t]+\w`)

// typedDeclForm finds a method declared by its result type, as Java, C#,
// C and C++ declare one (`public ResponseEntity<Points> getPoints(`): the
// group is the word before the name, which notTypes tells from a
// statement's keyword (`return getPoints(`).
const typedDeclForm = `(?m)^[ \t]*(?:(?:public|private|protected|internal|static|final|abstract|synchronized|native|override|virtual|async|sealed|partial|default|inline|extern)[ \t]+)*(?:<[^>\n]*>[ \t]+)?([\w.]+)(?:<[^\n(]*>)?(?:\[\])*[ \t]+`

// notTypes are the words a statement starts a call with, which no method
// declaration has before its name.
var notTypes = map[string]bool{"return": true, "new": true, "throw": true, "else": true, "await": true, "yield": true, "case": true, "goto": true,
	"echo": true, "print": true, "assert": true, "defer": true, "raise": true, "delete": true, "typeof": true, "not": true}

// NestedDeclaration is the one line of file that declares name at any
// depth, as a definition of its own (`const deletePost = useCallback(`,
// a handler inside a React component), or nil. Its title says where it
// stands.
func (ix *Index) NestedDeclaration(file, name string) *extract.Definition {
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return nil
	}
	d := located(ix.lang[file], file, src, name, textDecl(name))
	if d != nil {
		d.Title = textTitle(d.Kind) + ", declared inside another definition"
	}
	return d
}

// maxDelegateFiles is how many files Delegates reads for one type.
const maxDelegateFiles = 16

// Delegates are the types a value of type d hands the members it lacks
// to, as its language reads them in d's file and the files that declare
// its name (Rust's Deref target, the traits implemented for it); the files
// are read for them once per definition.
func (ix *Index) Delegates(d *extract.Definition) []string {
	if d.Lang == nil || d.Lang.Delegates == nil {
		return nil
	}
	if out, ok := ix.delegates[d]; ok {
		return out
	}
	var out []string
	// Its own file, and the files of its language whose scan saw its name
	// declared (Rust's `impl Crud for Community` in another module).
	files := []string{d.Path}
	for _, f := range ix.Declared(d.Name) {
		if f != d.Path && len(files) < maxDelegateFiles && ix.Class(f).Lang == d.Lang {
			files = append(files, f)
		}
	}
	for _, f := range files {
		if src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(f))); err == nil {
			for _, t := range d.Lang.Delegates(src, d.Name) {
				if !slices.Contains(out, t) {
					out = append(out, t)
				}
			}
		}
	}
	if ix.delegates == nil {
		ix.delegates = map[*extract.Definition][]string{}
	}
	ix.delegates[d] = out
	return out
}

// BrokenAt reports whether line of file lies in a statement that does not
// parse: what the file declares there can be neither shown nor said to be
// absent.
func (ix *Index) BrokenAt(file string, line int) bool {
	lang := ix.Class(file).Lang
	if lang == nil || line <= 0 {
		return false
	}
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil || len(src) > scan.Limit(lang) {
		return false
	}
	p := extract.NewParser()
	defer p.Close()
	broken, err := p.BrokenAt(context.Background(), lang, file, src, line) // bounded by the parse timeout
	return err == nil && broken
}

// ModuleDirs lists the directories a module path (`wagtail/blocks`, from a
// dotted `wagtail.blocks`) names: the directory at that path from the
// root, else those whose path ends with it.
func (ix *Index) ModuleDirs(p string) []string {
	if ix.IsDir(p) {
		return []string{p}
	}
	return ix.DirsEnding(p)
}

// templateExts are the inner extensions of a template's file name, which
// code names the template without (Laravel's view('mail.linkcheck') for
// mail/linkcheck.blade.php).
var templateExts = map[string]bool{".blade": true, ".html": true, ".twig": true}

// ModuleFile reports whether a module path (`wagtail/blocks/migrations/operations`)
// names a walked source file, by its path without the extension, from the
// root or from some directory.
func (ix *Index) ModuleFile(p string) bool {
	// (`acme_domain/types`: a file under the directory of the repository's
	// module of that name, crates/domain/src/types.rs.)
	head, rest, _ := strings.Cut(p, "/")
	var under []string // the module's directories, as path prefixes ("" for the root)
	for d, m := range ix.ownDirs {
		if m == head && rest != "" {
			under = append(under, strings.TrimPrefix(d+"/", "./"))
		}
	}
	for _, f := range ix.Files {
		if ix.lang[f.Path] == nil {
			continue
		}
		stem := strings.TrimSuffix(f.Path, path.Ext(f.Path))
		if inner := path.Ext(stem); templateExts[inner] {
			stem = strings.TrimSuffix(stem, inner) // a Blade view, mail/notifications/linkcheck.blade.php
		}
		if stem == p || strings.HasSuffix(stem, "/"+p) {
			return true
		}
		if strings.HasSuffix(stem, "/"+rest) && slices.ContainsFunc(under, func(d string) bool { return strings.HasPrefix(f.Path, d) }) {
			return true
		}
	}
	return false
}

// PackageImports reports whether a directory's package may hold name
// without defining it: a file directly in it has an import line naming
// it, or importing everything from a module outside the directory. (A
// star import from a sibling brings only what the sibling holds, and the
// siblings are read too.)
func (ix *Index) PackageImports(dir, name string) bool {
	for _, f := range ix.Files {
		if path.Dir(f.Path) != dir || ix.lang[f.Path] == nil {
			continue
		}
		src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(f.Path)))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(src), "\n") {
			if t := strings.TrimSpace(line); importLine(t) && (naming.HasWord(t, name) || strings.Contains(t, "*") && !siblingImportRe.MatchString(t)) {
				return true
			}
		}
	}
	return false
}

// siblingImportRe matches an import from a module of the same directory:
// "from .base import *", `export * from "./base"`.
var siblingImportRe = regexp.MustCompile(`\bfrom\s+["']?\.[\w/]`)

// AliasLine is the import line at (path:line) that gives name as an alias
// of something else (`pub use super::users::Column as UserColumn;`,
// `import { Order as Purchase }`), trimmed; false when the line is none.
func (ix *Index) AliasLine(at, name string) (string, bool) {
	line, ok := ix.LineAt(at)
	if !ok {
		return "", false
	}
	return aliasIn(line, name)
}

// LineAt is the text of the line a place (path:line) names.
func (ix *Index) LineAt(at string) (string, bool) {
	file, n, ok := strings.Cut(at, ":")
	row, err := strconv.Atoi(n)
	if !ok || err != nil || row < 1 {
		return "", false
	}
	src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(file)))
	if err != nil {
		return "", false
	}
	lines := strings.Split(string(src), "\n")
	if row > len(lines) {
		return "", false
	}
	return lines[row-1], true
}

// ModuleAlias finds, in the files of a module (InModule), the import line
// that gives name as an alias of something else (sea-orm's prelude.rs:
// `pub use super::users::Entity as User;`): the line, trimmed, and where.
func (ix *Index) ModuleAlias(module, name string) (line, at string, ok bool) {
	for _, f := range ix.Files {
		if ix.lang[f.Path] == nil || !InModule(f.Path, module) {
			continue
		}
		src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(f.Path)))
		if err != nil || !strings.Contains(string(src), " as "+name) {
			continue
		}
		for i, l := range strings.Split(string(src), "\n") {
			if t, ok := aliasIn(l, name); ok {
				return t, f.Path + ":" + strconv.Itoa(i+1), true
			}
		}
	}
	return "", "", false
}

// aliasIn is line, trimmed, when it is an import line that gives name as
// an alias (`... as name`).
func aliasIn(line, name string) (string, bool) {
	t := strings.TrimSpace(line)
	if !importLine(t) {
		return "", false
	}
	for rest := t; ; {
		i := strings.Index(rest, " as ")
		if i < 0 {
			return "", false
		}
		rest = rest[i+4:]
		if strings.HasPrefix(rest, name) && (len(rest) == len(name) || !extract.IdentByte(rest[len(name)])) {
			return t, true
		}
	}
}

// importLine reports a line that imports or re-exports names: import,
// from, export; Rust's use, pub use, pub(crate) use.
func importLine(t string) bool {
	if rest, ok := strings.CutPrefix(t, "pub"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '(') {
		if _, after, ok := strings.Cut(rest, ")"); ok && rest[0] == '(' {
			rest = after
		}
		t = strings.TrimLeft(rest, " ")
	}
	return strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "from ") || strings.HasPrefix(t, "export ") || strings.HasPrefix(t, "use ")
}

// TableModels returns, for a lowercase table name (`shares`), the models
// that map it: by their table alias, or by the table key. A name the code
// imports from a package (`from django.db import migrations`) is that
// package's, not a table.
func (ix *Index) TableModels(table string) []*extract.Definition {
	if strings.ToLower(table) != table || ix.Imports[table] != "" {
		return nil
	}
	var out []*extract.Definition
	for _, d := range append(ix.ByAlias[table], ix.ByKey[naming.TableKey(table)]...) {
		if !d.Broken && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// TypesNamed returns the definitions called name, else, for a table name,
// the models that map it: what a member named on name (`shares.revokedAt`)
// is looked up on.
func (ix *Index) TypesNamed(name string) []*extract.Definition {
	if ds := ix.Defs[name]; len(ds) > 0 {
		return ds
	}
	return ix.TableModels(name)
}

// TopLevel drops from defs a type named head that is declared
// inside another (Ruby's Admin::TagsController, a nested class), and the
// members of one, when a type of that name is declared at the top: a name
// the spec does not qualify is the top-level type's, and the nested one
// is another.
func (ix *Index) TopLevel(head string, defs []*extract.Definition) []*extract.Definition {
	if !slices.ContainsFunc(ix.Defs[head], func(t *extract.Definition) bool { return t.Container == "" && naming.TypeKind(t.Kind) }) {
		return defs
	}
	return slices.DeleteFunc(slices.Clone(defs), func(d *extract.Definition) bool {
		if d.Name == head && naming.TypeKind(d.Kind) {
			return d.Container != ""
		}
		for _, t := range ix.Defs[head] {
			if t.Path == d.Path && naming.TypeKind(t.Kind) && t.StartLine <= d.DeclLine && d.DeclLine <= max(t.EndLine, t.Extent) {
				return t.Container != ""
			}
		}
		return false
	})
}

// GeneratingLanguages are the languages of the walked files that code is
// generated from (Language.GeneratedFrom).
func (ix *Index) GeneratingLanguages() []*extract.Language {
	var out []*extract.Language
	for _, l := range ix.langs {
		if l.GeneratedFrom != nil {
			out = append(out, l)
		}
	}
	return out
}

// maxModuleFiles is the most files a module the spec names may have for
// its definitions to be listed: more is a tree, not a module.
const maxModuleFiles = 12

// ModuleDefs are the exported definitions, in walk and line order, of the
// one module a spec's name spells: the source files (not tests) of a Go
// package named `batchprocessor`, or the Python or TypeScript module at
// `wagtail/blocks/migrations/utils` for `wagtail.blocks.migrations.utils`.
// None when the name spells no module, modules in several directories,
// or one of more than maxModuleFiles files.
func (ix *Index) ModuleDefs(ctx context.Context, name string) []*extract.Definition {
	want := strings.ReplaceAll(name, ".", "/")
	var files []string
	dirs := map[string]bool{}
	last := path.Base(want)
	for _, f := range ix.Files {
		if !strings.Contains(f.Path, last) {
			continue // (what every file's module path must hold, before working it out)
		}
		mod := strings.TrimSuffix(f.Path, path.Ext(f.Path))
		if dir, ok := moduleDir(f.Path); ok {
			mod = dir
		}
		if mod != want && !strings.HasSuffix(mod, "/"+want) {
			continue
		}
		if c := ix.Class(f.Path); c.Lang != nil && !c.Test {
			files = append(files, f.Path)
			dirs[mod] = true
		}
	}
	if len(dirs) != 1 || len(files) > maxModuleFiles {
		return nil
	}
	p := extract.NewParser()
	defer p.Close()
	var out []*extract.Definition
	for _, f := range files {
		if ctx.Err() != nil {
			return nil
		}
		defs := ix.parse(ctx, p, ix.root, f, nil)
		for i := range defs {
			if d := &defs[i]; d.Exported && !d.Broken && len(d.Lines) > 0 && !strings.HasPrefix(d.Name, "_") {
				out = append(out, d)
			}
		}
	}
	return out
}

// HasFamily reports whether the walked files hold a language of the
// family (extract.Language.Family): "typescript" for .ts and .tsx alike.
func (ix *Index) HasFamily(family string) bool {
	return slices.ContainsFunc(ix.langs, func(l *extract.Language) bool { return l.Family() == family })
}

// SourceModule reports a walked source file that is the module path p
// names, whatever its extension: `typing/extensions` for
// typing/extensions.py.
func (ix *Index) SourceModule(p string) bool {
	ix.readEnds()
	return ix.stemEnds[p]
}

// readEnds gathers, once, the walked files' stems with their tails, and
// the tails of their directories (stemEnds, dirEnds).
func (ix *Index) readEnds() {
	ix.endsOnce.Do(func() {
		tails := func(into map[string]bool, p string) {
			for i := range len(p) {
				if p[i] == '/' {
					into[p[i+1:]] = true
				}
			}
		}
		ix.stemEnds, ix.dirEnds = map[string]bool{}, map[string]bool{}
		for f := range ix.lang {
			stem := strings.TrimSuffix(f, path.Ext(f))
			ix.stemEnds[stem] = true
			tails(ix.stemEnds, stem)
		}
		for d := range ix.dirs {
			tails(ix.dirEnds, d)
		}
	})
}

// OwnRoot reports a dotted name whose first part is the first part of a
// namespace the repository declares definitions in (PHP's App.Models,
// C#'s Shop.Api) or of a qualified name a definition answers to (a Kotlin
// class by its package): the application's own namespace, whatever a file
// imports under that name (Laravel's App facade).
func (ix *Index) OwnRoot(name string) bool {
	head, _, ok := strings.Cut(name, ".")
	if !ok {
		return false
	}
	ix.readNamespaces()
	return ix.ownRoots[head]
}

// Namespace reports a dotted name that is a namespace the repository
// declares definitions in, or one that holds such a namespace
// (`Microsoft.SemanticKernel.Connectors.OpenAI`): a module of the code,
// found, as a directory would be.
func (ix *Index) Namespace(name string) bool {
	ix.readNamespaces()
	return ix.namespaces[name]
}

// readNamespaces reads, once, the namespaces definitions are declared in
// (with every leading part of each) and the first parts of the qualified
// names definitions answer to.
func (ix *Index) readNamespaces() {
	if ix.ownRoots != nil {
		return
	}
	ix.ownRoots, ix.namespaces = map[string]bool{}, map[string]bool{}
	for _, ds := range ix.Defs {
		for _, d := range ds {
			for _, a := range append(slices.Clip(d.Aliases), d.Namespace+".") {
				if r, _, ok := strings.Cut(a, "."); ok && r != "" {
					ix.ownRoots[r] = true
				}
			}
			for ns := d.Namespace; ns != ""; {
				ix.namespaces[ns] = true
				i := strings.LastIndexByte(ns, '.')
				if i < 0 {
					break
				}
				ns = ns[:i]
			}
		}
	}
}

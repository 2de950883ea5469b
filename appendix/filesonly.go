package appendix

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// filesOnly are the gaps of the files the spec names that exist and that
// no artifact shows (before the budget, which lists what it leaves out):
// what the appendix can say of such a file is that it is there, how long
// it is, and, when it is, that this tool reads no definitions from it.
func filesOnly(parts []*part, arts []*artifact.Artifact, named bool) []Gap {
	var out []Gap
	for _, p := range parts {
		own := p.of(arts)
		shown := func(f string) bool {
			for _, a := range own {
				if a.Path == f {
					return true
				}
				if a.Kind == extract.KindTestFiles && slices.ContainsFunc(a.Lines, func(l extract.Line) bool {
					return strings.HasPrefix(l.Text, naming.Inline(f))
				}) {
					return true
				}
			}
			return false
		}
		seen := map[string]bool{}
		resolved := map[string]bool{}
		for _, m := range p.matches {
			resolved[m.Ref.Name] = true
		}
		for _, r := range p.sp.Refs {
			ref := cmp.Or(r.File, r.Name)
			var f string
			var ok bool
			if !r.IsPath {
				// `document_exporter`, a module of the code that is one
				// source file: that file, as if the spec named it.
				if f, ok = moduleFile(p, r, resolved); !ok {
					continue
				}
			} else {
				f, ok = p.ix.WalkedFile(ref)
			}
			var ending []string // the files a bare name several files end with may mean
			if !ok {
				ending = p.ix.FilesEnding(ref)
				f, ok = besideDir(p, r, ending)
			}
			if !ok {
				if g, ok := severalFiles(p, r, ref, ending, shown); ok && !seen[ref] {
					seen[ref] = true
					if named {
						g.Ref = p.Name + ": " + g.Ref
					}
					out = append(out, g)
				}
				continue
			}
			if seen[f] || shown(f) {
				continue
			}
			seen[f] = true
			src, err := os.ReadFile(filepath.Join(p.Repo.Root, filepath.FromSlash(f)))
			if err != nil {
				continue
			}
			n := bytes.Count(src, []byte("\n"))
			if len(src) > 0 && src[len(src)-1] != '\n' {
				n++
			}
			lines := naming.Plural(n, "1 line", naming.Thousands(n)+" lines")
			hint := fmt.Sprintf("exists (%s)", lines)
			if u, unread := p.ix.Unread(f); unread && u.Why == "generated" {
				continue // generated code is not what a spec is checked against
			} else if unread {
				hint = fmt.Sprintf("exists (%s; %s, not parsed)", lines, naming.Article(strings.TrimPrefix(u.Describe(1), "1 ")))
			} else if !p.ix.Parsed(f) {
				hint = fmt.Sprintf("exists (%s; a file this tool reads no definitions from)", lines)
			}
			if ref != f {
				hint = fmt.Sprintf("%s %s", naming.Code(f), hint)
			}
			g := Gap{Ref: ref, SpecLine: r.Line, Kind: GapFileOnly, Hint: hint + ": nothing from it is shown"}
			if named {
				g.Ref = p.Name + ": " + g.Ref
			}
			out = append(out, g)
		}
	}
	return out
}

// moduleFile is the one source file, outside tests, that is the module a
// strong lowercase name of the spec no definition answers names
// (`document_exporter`: src/documents/management/commands/document_exporter.py).
func moduleFile(p *part, r spec.Ref, resolved map[string]bool) (string, bool) {
	if !r.Strong || r.Route != nil || resolved[r.Name] || strings.Contains(r.Name, ".") || strings.ToLower(r.Name) != r.Name || !p.ix.Modules[r.Name] {
		return "", false
	}
	found := ""
	for _, f := range p.ix.Files {
		base := path.Base(f.Path)
		if strings.TrimSuffix(base, path.Ext(base)) != r.Name || !p.ix.Parsed(f.Path) || scan.TestFile(f.Path) {
			continue
		}
		if found != "" {
			return "", false
		}
		found = f.Path
	}
	return found, found != ""
}

// maxEndingFiles is how many files a bare file name may mean for the
// gap to list them all: more (`__init__.py`, `index.ts`, `store.js`) are
// counted, and the first named.
const maxEndingFiles = 5

// besideDir is the one file of files, those a bare file name may mean, that is
// under a directory the same spec line names (`dispatch.py` in the row of
// `dask/dataframe/`).
func besideDir(p *part, r spec.Ref, files []string) (string, bool) {
	if len(files) < 2 {
		return "", false
	}
	found := ""
	for _, o := range p.sp.Refs {
		if !o.IsPath || o.Line != r.Line || o.Name == r.Name {
			continue
		}
		for _, f := range files {
			if !strings.HasPrefix(f, strings.TrimSuffix(strings.TrimPrefix(o.Name, "./"), "/")+"/") {
				continue
			}
			if found != "" && found != f {
				return "", false
			}
			found = f
		}
	}
	return found, found != ""
}

// severalFiles is the gap of a source file name that several files of the
// tree end with, files (`deprecations.go` of plugins/inputs and plugins/outputs)
// when no artifact shows one of them: which one the spec means it does
// not say, and the debate is told they exist. (A template's or a
// document's name, `delete.html`, is as often the reader's own file.)
func severalFiles(p *part, r spec.Ref, ref string, files []string, shown func(string) bool) (Gap, bool) {
	if len(files) < 2 || slices.ContainsFunc(files, shown) || p.ix.Class(files[0]).Lang == nil && len(files) > 3 {
		// (Copies of a file no parser reads, `fight.avsc` in two modules,
		// are said; a name that ends more, `README.md`, is everyone's.)
		return Gap{}, false
	}
	list := strings.Join(files, ", ")
	if len(files) > maxEndingFiles {
		list = strings.Join(files[:3], ", ") + fmt.Sprintf(" and %d more", len(files)-3)
	}
	hint := fmt.Sprintf("%d files end with it (%s), the spec does not say which: nothing from them is shown",
		len(files), list)
	return Gap{Ref: ref, SpecLine: r.Line, Kind: GapFileOnly, Hint: hint}, true
}

// minModuleMentions is how many lines of the spec must name a module in
// code for its definitions to be listed: a word written once (`query`,
// `config`) is as often the spec's own.
const minModuleMentions = 2

// moduleEntries are index entries for the definitions of the modules the
// spec names in code (`batchprocessor`, `wagtail.blocks.migrations.utils`)
// and that nothing else the spec names resolves to, for the lines the
// artifacts leave: what such a module offers is what the spec's changes
// to it are checked against.
func (p *part) moduleEntries(ctx context.Context) ([]artifact.Entry, int) {
	resolved := map[string]bool{}
	for _, m := range p.matches {
		resolved[m.Ref.Name] = true
	}

	var out []artifact.Entry
	redacted := 0
	seen := map[string]bool{}
	for _, r := range p.sp.Refs {
		if seen[r.Name] || resolved[r.Name] || r.IsPath || r.Route != nil || r.Source != spec.FromCode ||
			strings.ToLower(r.Name) != r.Name || p.sp.CodeLines(r.Name) < minModuleMentions {
			continue
		}
		seen[r.Name] = true
		defs := p.ix.ModuleDefs(ctx, r.Name)
		if len(defs) == 0 {
			continue
		}
		es, n := artifact.ModuleEntries(defs, artifact.Selection{Ref: r.Name, SpecLine: r.Line}, p.sp.Words)
		out = append(out, es...)
		redacted += n
	}
	return out, redacted
}

// minUsedName is the shortest name whose uses are looked for: a shorter
// one (`id`, `Run`) is used for too many things to say whose it is.
const minUsedName = 6

// useEntries are index entries for the functions and methods that use
// the definitions the spec's names chose, for the lines the artifacts
// leave: where a change to what the spec names lands (the code that
// branches on the enum value it redefines, the callers of the function it
// changes). Only names of one definition (no rival the choice was made
// over) that are no plain lowercase word
// are followed.
func (p *part) useEntries(ctx context.Context) ([]artifact.Entry, int) {
	// The spec's own folder holds its sketches and scripts, not the code
	// it changes.
	dir, _ := specDir(p.sp.Name, p.Repo.Root)
	skip := func(f string) bool { return dir != "" && search.UnderPath(f, dir) }
	var words []string
	var own []*extract.Definition
	mentions := map[string]int{}
	lines := map[string]int{}
	for _, m := range p.matches {
		d := m.Def
		own = append(own, d) // what the spec names holds no use of it worth a line
		name := d.Name
		if d.Route != nil || d.Kind == extract.KindTestFiles || len(name) < minUsedName || strings.ToLower(name) == name && !strings.Contains(name, "_") ||
			scan.TestFile(d.Path) || scan.Aside(d.Path) || skip(d.Path) || slices.Contains(words, name) || len(m.Others) > 0 {
			continue
		}
		words = append(words, name)
		mentions[name] = m.Ref.Mentions
		lines[name] = m.Ref.Line
	}
	// A name more files declare is no one definition's.
	decl := p.ix.DeclaringFiles(words)
	words = slices.DeleteFunc(words, func(w string) bool { return decl[w] > 1 })
	if len(words) == 0 {
		return nil, 0
	}
	uses := p.ix.Users(ctx, words, own, dir)
	return artifact.UseEntries(uses, func(n string) int { return mentions[n] }, func(n string) int { return lines[n] })
}

// specDir is the folder of documents the spec file is in, relative to the
// repository's root: its directory from the first of docFolders on
// (designs of designs/balanced-consolidation.md, docs/rfcs of
// docs/rfcs/0042/README.md); false when the spec is outside the
// repository or in a folder of code (billing/DESIGN.md, whose folder's
// code is what the spec changes).
func specDir(name, root string) (string, bool) {
	if name == "" || name == "-" {
		return "", false
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", false
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	rel, err := filepath.Rel(root, filepath.Dir(abs))
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for i, p := range parts {
		if docFolders[strings.ToLower(p)] {
			return strings.Join(parts[:i+1], "/"), true
		}
	}
	return "", false
}

// docFolders name the folders that hold a project's documents rather than
// its code: design notes, proposals, decision records, the debate's own.
var docFolders = map[string]bool{"docs": true, "doc": true, "documentation": true, "design": true, "designs": true,
	"rfc": true, "rfcs": true, "proposal": true, "proposals": true, "adr": true, "adrs": true, "decisions": true,
	"kep": true, "keps": true, "enhancements": true, "specs": true, ".adversarial-spec": true, ".adversarial-spec-gauntlet": true}

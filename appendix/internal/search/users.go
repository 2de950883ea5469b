package search

import (
	"bytes"
	"context"
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
)

// Use is a function or method that uses names the appendix shows.
type Use struct {
	Def   *extract.Definition
	Words []string // the names it uses, in the order they were asked for
}

// maxUserFiles is the most source files a name may be used in for its
// users to be looked for: a name more files use is a hub (a common type,
// a logger), and its users say nothing in particular about it.
const maxUserFiles = 8

// maxUseLines is the most lines of one file a name's uses are looked up
// on: a file that uses it more is listed for its first uses only.
const maxUseLines = 16

// Users finds the functions and methods that use words: each line of a
// non-test source file a parser reads that holds one of them as a whole
// word, outside own (the words' own definitions) and the files aside
// (scan.Aside, scan.TestData, test doubles, and those under skipDir
// unless it is ""), is answered by the
// innermost definition around it. A word that more than maxUserFiles
// such files hold is not looked for. The uses come in walk order, each
// with the words it holds; a later run whose files keep their stat data
// reads no file for the words' lines, and the definitions around them
// come from the extraction cache.
func (ix *Index) Users(ctx context.Context, words []string, own []*extract.Definition, skipDir string) (out []Use) {
	if len(words) == 0 {
		return nil
	}
	var files []string
	for _, f := range ix.Files {
		if sc := ix.scans[f.Path]; ix.lang[f.Path] != nil && sc != nil && !sc.Skip && !ix.failed[f.Path] {
			files = append(files, f.Path)
		}
	}
	// What a run found is kept whole under the files' stat data: a later
	// run reads no file and parses nothing, nor waits for the extraction
	// cache.
	key := ix.FilesPrint("users\x00"+strings.Join(words, "\x00")+"\x00"+ownPrint(own)+"\x00"+skipDir, files)
	if e := ix.cache.Get("users:" + key); key != "" && e != nil && e.HasDefs && len(e.Grep) == len(e.Defs) {
		var out []Use
		for i, g := range e.Grep {
			if len(g) < 2 {
				return nil
			}
			d := cache.FromCached(e.Defs[i:i+1], g[0])[0]
			out = append(out, Use{Def: &d, Words: g[1:]})
		}
		return out
	}
	defer func() {
		if key == "" || ctx.Err() != nil {
			return
		}
		kept := &cache.Entry{HasDefs: true}
		for _, u := range out {
			kept.Defs = append(kept.Defs, cache.ToCached([]extract.Definition{*u.Def})...)
			kept.Grep = append(kept.Grep, append([]string{u.Def.Path}, u.Words...))
		}
		ix.cache.Put("users:"+key, kept)
	}()
	hits := ix.wordLines(files, words)
	// (The files aside are known by their paths: asked only of those
	// that hold a word, which are few.)
	for i, f := range files {
		if len(hits[i]) > 0 && (scan.TestFile(f) || scan.Aside(f) || scan.TestData(f) || double(f) || skipDir != "" && UnderPath(f, skipDir)) {
			hits[i] = nil
		}
	}
	// The words too many files use are hubs.
	users := make([]int, len(words))
	for _, hs := range hits {
		seen := map[int]bool{}
		for _, h := range hs {
			if !seen[h.word] {
				seen[h.word] = true
				users[h.word]++
			}
		}
	}
	p := extract.NewParser()
	defer p.Close()
	for i, f := range files {
		hs := slices.DeleteFunc(hits[i], func(h wordLine) bool { return users[h.word] > maxUserFiles })
		if len(hs) == 0 || ctx.Err() != nil {
			continue
		}
		src, err := os.ReadFile(filepath.Join(ix.root, filepath.FromSlash(f)))
		if err != nil {
			continue
		}
		var mine []Use // this file's, in the order found
		for _, h := range hs {
			if slices.ContainsFunc(own, func(d *extract.Definition) bool { return spans(d, f, h.line) }) {
				continue
			}
			at := slices.IndexFunc(mine, func(u Use) bool { return spans(u.Def, f, h.line) })
			if at < 0 {
				d := innermost(ix.definitionsAt(ctx, p, f, src, h.line), h.line)
				if d == nil || d.Kind != extract.KindFunction && d.Kind != extract.KindMethod {
					continue
				}
				mine = append(mine, Use{Def: d})
				at = len(mine) - 1
			}
			// A definition's own name and its type's are no use of them:
			// a method of a type the spec names is that type's.
			if w := words[h.word]; w != mine[at].Def.Name && w != mine[at].Def.Container && !slices.Contains(mine[at].Words, w) && !ix.otherPackage(f, src, w, own) {
				mine[at].Words = append(mine[at].Words, w)
			}
		}
		for _, u := range mine {
			if len(u.Words) > 0 {
				slices.SortFunc(u.Words, func(a, b string) int { return slices.Index(words, a) - slices.Index(words, b) })
				out = append(out, u)
			}
		}
	}
	return out
}

// ownPrint identifies the definitions whose lines hold no use: their
// places.
func ownPrint(own []*extract.Definition) string {
	var b strings.Builder
	for _, d := range own {
		fmt.Fprintf(&b, "%s:%d-%d\x00", d.Path, d.StartLine, max(d.EndLine, d.Extent))
	}
	return b.String()
}

// double reports a file of test doubles by its name (mocks.go,
// mock_store.go, fake_client.ts): a mock's methods use every name of
// what it stands in for.
func double(f string) bool {
	b := strings.ToLower(path.Base(f))
	return strings.Contains(b, "mock") || strings.HasPrefix(b, "fake")
}

// spans reports a definition of file f whose lines hold line.
func spans(d *extract.Definition, f string, line int) bool {
	return d.Path == f && line >= d.StartLine && line <= max(d.EndLine, d.Extent)
}

// wordLine is a line of a file that holds a word (its index among the
// words asked for) as a whole word.
type wordLine struct{ word, line int }

// wordLines reads files for the lines that hold each of words as a whole
// word, at most maxUseLines per word and file. (Users keeps what they
// lead to; the lines themselves are not kept.)
func (ix *Index) wordLines(files, words []string) [][]wordLine {
	out := make([][]wordLine, len(files))
	ix.readHolding(files, words, func(i int, src []byte) {
		for k, w := range words {
			n, line, last := 0, 1, 0
			for off := 0; n < maxUseLines; n++ {
				at := wordIndex(src[off:], w)
				if at < 0 {
					break
				}
				at += off
				line += bytes.Count(src[last:at], []byte("\n"))
				last = at
				out[i] = append(out[i], wordLine{k, line})
				off = at + len(w)
			}
		}
		slices.SortStableFunc(out[i], func(a, b wordLine) int { return a.line - b.line })
	})
	return out
}

// otherPackage reports a use of word in file (whose text is src) that is
// in another package of the repository than word's own definition (the
// manifests' directories: hoppscotch-common beside hoppscotch-backend),
// and that names neither the definition's file nor any module that
// package declares: the word is likely another definition of the name
// there, a generated client's.
func (ix *Index) otherPackage(file string, src []byte, word string, own []*extract.Definition) bool {
	dirs := ix.moduleDirs()
	if len(dirs) == 0 {
		return false
	}
	du := manifestDirOf(dirs, file)
	other := false
	for _, d := range own {
		if d.Name != word {
			continue
		}
		dd := manifestDirOf(dirs, d.Path)
		if du == dd || dd == "" {
			return false
		}
		// (An import of the definition's own file by a relative path or
		// an alias names its stem: '../../backend/src/x/input-type.args'.)
		if stem := strings.TrimSuffix(path.Base(d.Path), path.Ext(d.Path)); len(stem) > 3 && !indexStems[stem] && bytes.Contains(src, []byte("/"+stem)) {
			return false
		}
		for _, m := range dirs[dd] {
			if bytes.Contains(src, []byte(m)) {
				return false
			}
		}
		other = true
	}
	return other
}

// moduleDirs are the modules each manifest's directory declares: the
// manifests read for the languages' own modules (go.mod, Cargo.toml), and
// the package.json files' names.
func (ix *Index) moduleDirs() map[string][]string {
	if ix.modDirs == nil {
		ix.modDirs = map[string][]string{}
		for d, ms := range ix.manifestDirs {
			ix.modDirs[d] = append(ix.modDirs[d], ms...)
		}
		ix.PackageDir("") // (reads the package.json files)
		for _, name := range slices.Sorted(maps.Keys(ix.packages)) {
			d := ix.packages[name]
			ix.modDirs[d] = append(ix.modDirs[d], name)
		}
	}
	return ix.modDirs
}

// manifestDirOf is the nearest directory above file of dirs, "" for none.
func manifestDirOf(dirs map[string][]string, file string) string {
	for d := path.Dir(file); ; d = path.Dir(d) {
		if _, ok := dirs[d]; ok {
			return d
		}
		if d == "." || d == "/" || d == "" {
			return ""
		}
	}
}

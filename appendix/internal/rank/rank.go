package rank

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// Choice is the candidate chosen for a reference, and why.
type Choice struct {
	Def    *extract.Definition
	Member string // Type.field: the member the spec names inside Def
	// Reason is the sentence shown: what Def is, the signal that chose it
	// over its rivals, and where the rivals are.
	Reason string
	Others []string              // other definitions of the same name, as path:line
	Rivals []*extract.Definition // the definitions Others names
	// Afar are the Rivals that the spec points away from: the chosen
	// definition is under or beside a path the spec names, and they are
	// not, nor are they the same type's method in another package. What the debate reads leaves them out; the reason keeps
	// them.
	Afar    []*extract.Definition
	Why     string   // the signal that won over the others, in words
	Signals []Signal // Def's score, signal by signal
	// Versions names, when the choice was between versions of one API's
	// file, the API version of each of Rivals ("" for a rival that is no
	// version of it).
	Versions []string
	// Arbitrary is a choice among others that no signal made: the first
	// by path.
	Arbitrary bool
	// Tied counts, when Def is under a path the spec names, the places
	// that score as high as Def, Def's included: those nothing in the
	// spec tells apart. Zero otherwise.
	Tied int
	// Altered lists later migrations that ALTER a table created in one.
	Altered []string
	// Overloads are the other declarations of Def's set of overloads that
	// score as high as Def, in the order they are declared: nothing tells
	// them apart, and they are shown with it.
	Overloads []*extract.Definition
}

// Placed reports a choice that a place the spec names favours: under or
// beside a path it names, in a package it qualifies names with, or the
// place it names first.
func (c Choice) Placed() bool {
	return c.placedBy("named-path", "beside-path", "named-package", "named-first")
}

// PlacedByName reports a choice a place the spec names holds: the file or
// a directory above it, the package, or the place named first. A file in
// the directory of a named file is only near it: a type the same
// paragraph names, with the name as its member, says more.
func (c Choice) PlacedByName() bool {
	return c.placedBy("named-path", "named-package", "named-first")
}

// PlacedByPath reports a choice a path the spec names favours: the file
// or a directory above it, or a file beside it.
func (c Choice) PlacedByPath() bool {
	return c.placedBy("named-path", "beside-path")
}

func (c Choice) placedBy(signals ...string) bool {
	return slices.ContainsFunc(c.Signals, func(s Signal) bool {
		return s.Weight > 0 && slices.Contains(signals, s.Name)
	})
}

// A Ranker holds what the whole spec says about where its code lives.
type Ranker struct {
	ix     *search.Index
	amends map[string][]string // the index's ALTER TABLE files, by table key
	paths  []string            // paths the spec names that exist
	quals  map[string]bool     // packages and directories the spec names
	// bare are the quals the spec names only as a word of their own
	// (`local_site`), never qualifying another name.
	bare    map[string]bool
	pkgs    map[string]string // the directories of the JavaScript packages the spec's code imports from, to their names
	settled map[string]int    // directories of references with one candidate
	words   map[string]bool   // every identifier-like word of the spec
	sp      *spec.Spec
	quoted  map[string]map[string]bool // spec.QuotedParams, by name, once asked
	// before are, by name, the parts the spec's references write right
	// before it (Api of `Api::GemPolicy#yank?`); nil until asked.
	before map[string]map[string]bool
	// typeNames are the types the spec names strongly, in two words or
	// more, by their last part; nil until asked.
	typeNames map[string]bool
}

// writtenBefore reports a part the spec writes right before name in a
// reference it spells with a scope's separator (`Api::GemPolicy`,
// `App\Models\Order`): where the spec means the definition of that scope,
// it qualifies the name, as those languages do.
func (c *Ranker) writtenBefore(name, part string) bool {
	if c.before == nil {
		c.before = map[string]map[string]bool{}
		for _, r := range c.sp.Refs {
			if !scoped(r.Written) {
				continue // (`HttpConfig.Options`, then "the `Options` builder": one type, as Java writes it)
			}
			parts := strings.Split(r.Name, ".")
			for k := 1; k < len(parts); k++ {
				if spec.IsUpperStart(parts[k-1]) {
					if c.before[parts[k]] == nil {
						c.before[parts[k]] = map[string]bool{}
					}
					c.before[parts[k]][parts[k-1]] = true
				}
			}
		}
	}
	return c.before[name][part]
}

// scoped reports a name the spec spells with a scope's separator, as Ruby,
// PHP, Rust and C++ qualify a type by its namespace.
func scoped(written string) bool {
	return strings.Contains(written, "::") || strings.Contains(written, "\\")
}

// Scoped reports a reference the spec spells with a scope's separator.
func Scoped(r *spec.Ref) bool { return scoped(r.Written) }

// topLevelPeer reports o, a top-level type of d's name and language in the
// code itself (no vendored, example, documentation or test copy): the
// definition a bare name means where the spec qualifies d by its scope.
func (c *Ranker) topLevelPeer(d, o *extract.Definition) bool {
	if o == d || o.Container != "" || o.Name != d.Name || !naming.TypeKind(o.Kind) || o.Lang != d.Lang {
		return false
	}
	cl := c.ix.Class(o.Path)
	return !cl.Aside && !cl.Test
}

// New reads the spec for where its code lives.
func New(sp *spec.Spec, ix *search.Index) *Ranker {
	c := &Ranker{ix: ix, quals: map[string]bool{}, pkgs: map[string]string{}, settled: map[string]int{}, amends: ix.Amends, words: sp.Words, sp: sp}
	qualifying := map[string]bool{}
	defer func() {
		c.bare = map[string]bool{}
		for q := range c.quals {
			if !qualifying[q] {
				c.bare[q] = true
			}
		}
	}()
	for _, r := range sp.Refs {
		if r.Package != "" {
			if dir, ok := ix.PackageDir(r.Package); ok && dir != "." {
				c.pkgs[dir] = r.Package
			}
		}
		switch {
		case r.IsPath:
			if p := cmp.Or(r.File, r.Name); ix.PathExists(p) {
				c.paths = append(c.paths, p)
			}
		case strings.Contains(r.Name, "."):
			if q := qualifier(ix, r.Name); q != "" {
				c.quals[q] = true
				qualifying[q] = true
			}
		case ix.Modules[r.Name] && strings.ToLower(r.Name) == r.Name:
			c.quals[r.Name] = true // `userbus` in a code span names a package
		}
	}
	return c
}

// qualifier is the package a dotted name names: the longest run of its
// leading parts that is a directory's path, so that
// `temporal.server.api.persistence.v1.NexusEndpoint` points at
// temporal/server/api/persistence/v1, not at every directory called
// temporal (a package written whole is its directory); else its first part
// when that is a module of the repository.
func qualifier(ix *search.Index, name string) string {
	parts := strings.Split(name, ".")
	// (A package written whole, `com.macro.mall.dto`, is its own
	// directory, not its parent's.)
	first := len(parts) - 1
	if last := parts[len(parts)-1]; strings.ToLower(last) == last {
		first = len(parts)
	}
	for k := first; k >= 2; k-- {
		if d := strings.Join(parts[:k], "/"); ix.DirEnding(d) {
			return d
		}
	}
	if ix.Modules[parts[0]] {
		return parts[0]
	}
	return ""
}

// Settle records a reference with one possible definition: the others
// lean towards its directory.
func (c *Ranker) Settle(d *extract.Definition) { c.settled[path.Dir(d.Path)]++ }

// hintFits reports whether a definition kind is what the spec's wording
// says the reference is.
func hintFits(h spec.Hint, k extract.Kind) bool {
	switch h {
	case spec.HintInterface:
		return k == extract.KindInterface
	case spec.HintTable, spec.HintType:
		return k == extract.KindType || k == extract.KindInterface || k == extract.KindEnum || k == extract.KindError || k == extract.KindSchema
	case spec.HintFunction:
		return k == extract.KindFunction || k == extract.KindMethod
	case spec.HintEnum:
		return k == extract.KindEnum || k == extract.KindType || k == extract.KindSchema
	case spec.HintConstant:
		return k == extract.KindConstant || k == extract.KindEnum || k == extract.KindError
	}
	return true
}

// maxSignatureWords is the most words of a quoted signature a candidate
// is penalised for lacking.
const maxSignatureWords = 3

// signatureMisses counts the words the spec's code declares r's name with
// (its parameters' labels and types) that d's signature (its lines up to
// the one that opens its body) lacks, up to maxSignatureWords: of a
// function's overloads, the one the spec quotes lacks fewest.
func (c *Ranker) signatureMisses(r *spec.Ref, d *extract.Definition) int {
	if (d.Kind != extract.KindFunction && d.Kind != extract.KindMethod) || c.sp == nil {
		return 0
	}
	name := r.Name[strings.LastIndexByte(r.Name, '.')+1:]
	quoted, ok := c.quoted[name]
	if !ok {
		if c.quoted == nil {
			c.quoted = map[string]map[string]bool{}
		}
		quoted = c.sp.QuotedParams(name)
		c.quoted[name] = quoted
	}
	if len(quoted) == 0 {
		return 0
	}
	has := map[string]bool{}
	for _, l := range d.Lines {
		for _, w := range wordRe.FindAllString(l.Text, -1) {
			has[strings.ToLower(w)] = true
		}
		if strings.Contains(l.Text, "{") {
			break
		}
	}
	n := 0
	for w := range quoted {
		if !has[w] {
			n++
		}
	}
	return min(n, maxSignatureWords)
}

// wordRe is an identifier.
var wordRe = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// fenceFits reports a definition in the language of the spec's code
// block the reference is written in. (Not for an all-lowercase name,
// which every file of that language may have: `room_id`.)
func fenceFits(r *spec.Ref, d *extract.Definition) bool {
	return r.FenceLang != "" && strings.ToLower(r.Name) != r.Name && d.Lang != nil && lang.Means(r.FenceLang, d.Lang)
}

// langFits reports a definition in the language the reference's wording
// names, or any definition when it names none.
func langFits(r *spec.Ref, d *extract.Definition) bool {
	return r.Lang == "" || lang.Means(r.Lang, d.Lang)
}

package search

import (
	"bytes"
	"cmp"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"github.com/appendix-dev/appendix/gitinfo"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/appendix-dev/appendix/appendix/internal/cache"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/filestat"
)

// A name the parsed files do not define may still be defined in a file no
// parse read: a language without a parser, a source file over the size
// limit, a generated one. Before a gap says the name is absent, those
// files are searched as text.

// TextLimit is the largest file searched as text.
const TextLimit = 64 << 20

// Unparsed is a group of walked files that are read as text only: the
// files of one language that no parser reads, or of a parsed language
// left out for one reason.
type Unparsed struct {
	Lang  *extract.Language
	Why   string   // "" (no parser reads the language), "generated", "over the size limit", "whose extraction failed", sqlStrings
	Files []string // in walk order
}

// Describe is the group in words, for n of its files: "3 Elixir files",
// "1 generated Go file", "2 Go files over the size limit".
func (u Unparsed) Describe(n int) string {
	files := naming.Plural(n, "file", "files")
	switch u.Why {
	case "":
		return fmt.Sprintf("%d %s %s", n, u.Lang.DisplayName(), files)
	case "generated":
		return fmt.Sprintf("%d generated %s %s", n, u.Lang.DisplayName(), files)
	case sqlStrings:
		return fmt.Sprintf("%d %s %s with SQL in %s strings", n, u.Lang.DisplayName(), files, naming.Plural(n, "its", "their"))
	}
	return fmt.Sprintf("%d %s %s %s", n, u.Lang.DisplayName(), files, u.Why)
}

// Unparsed groups the walked files that are read as text only, in the
// order their languages are first walked. Credential files are never read
// and are in none.
func (ix *Index) Unparsed() []Unparsed {
	if ix.unparsed != nil {
		return ix.unparsed
	}
	ix.unparsed = []Unparsed{}
	at := map[[2]string]int{}
	add := func(l *extract.Language, why, p string) {
		k := [2]string{l.Name, why}
		i, ok := at[k]
		if !ok {
			i = len(ix.unparsed)
			at[k] = i
			ix.unparsed = append(ix.unparsed, Unparsed{Lang: l, Why: why})
		}
		ix.unparsed[i].Files = append(ix.unparsed[i].Files, p)
	}
	for _, f := range ix.Files {
		p := f.Path
		// (A file read for definitions is no secret's: see scan.SourceFile.)
		if walked := ix.lang[p]; walked != nil {
			if ix.failed[p] {
				add(walked, "whose extraction failed", p)
			} else if sc := ix.scans[p]; sc != nil && sc.Skip {
				add(walked, "generated", p) // by its header, or a bundle: the size was checked at the walk
			}
			continue
		}
		switch reg := lang.ForPath(p); {
		case scan.SecretName(p):
		case reg != nil:
			if f.Size > int64(scan.Limit(reg)) {
				add(reg, "over the size limit", p)
			} else {
				add(reg, "generated", p) // by its name
			}
		default:
			if l := lang.Unparsed(p); l != nil {
				add(l, "", p)
			}
		}
	}
	// Source files with lines that start with CREATE or ALTER hold SQL in
	// their strings (a Go migration's CREATE TABLE), which their parser
	// reads as a string: what the SQL declares is found by text.
	for _, p := range ix.declaring(map[string]scan.Want{scan.SQLHeads[0]: scan.WantAssigned, scan.SQLHeads[1]: scan.WantAssigned}) {
		if l := ix.lang[p]; l != nil && l.Grammar != nil && !ix.failed[p] {
			if sc := ix.scans[p]; sc != nil && !sc.Skip {
				add(l, sqlStrings, p)
			}
		}
	}
	return ix.unparsed
}

// sqlStrings is the reason of the group of parsed files that hold SQL in
// their strings.
const sqlStrings = "with SQL in their strings"

// declaredOnly reports a group whose files count where a plain pattern
// finds a name declared, not where they merely use it: generated code
// uses every name of its source, and SQL in strings every table's.
func declaredOnly(u Unparsed) bool { return u.Why == "generated" || u.Why == sqlStrings }

// NotParsedWarning is the one line that names the source files no parser
// reads, by language (and those over the size limit): a name they define
// is found by text only. Nil when there are none. Generated files are
// left out of it: they are never read for definitions, by design.
func (ix *Index) NotParsedWarning() *Warning {
	var shown []Unparsed
	for _, u := range ix.Unparsed() {
		if !declaredOnly(u) {
			shown = append(shown, u)
		}
	}
	if len(shown) == 0 {
		return nil
	}
	// The most files first; then by language, for a line that reads the
	// same whatever the walk order.
	slices.SortStableFunc(shown, func(a, b Unparsed) int {
		return cmp.Or(len(b.Files)-len(a.Files), strings.Compare(a.Lang.Name, b.Lang.Name), strings.Compare(a.Why, b.Why))
	})
	parts := make([]string, len(shown))
	for i, u := range shown {
		parts[i] = u.Describe(len(u.Files))
	}
	return &Warning{Kind: WarnNotParsed, Msg: "not parsed, so what they define is found by text only: " + strings.Join(parts, ", ")}
}

// TextHit is where a name occurs in the files read as text only.
type TextHit struct {
	// In counts the files it occurs in, by group (an index of Unparsed).
	In map[int]int
	// First is the first occurrence, path:line, in walk order.
	First string
	// Located is the line a plain definition pattern finds it declared on,
	// in the first file that has one; nil when none does.
	Located *extract.Definition
}

// Where is the hit in words: "3 Elixir files and 1 generated Go file".
func (h *TextHit) Where(groups []Unparsed) string {
	var parts []string
	for _, i := range slices.Sorted(maps.Keys(h.In)) {
		parts = append(parts, groups[i].Describe(h.In[i]))
	}
	if n := len(parts); n > 1 {
		return strings.Join(parts[:n-1], ", ") + " and " + parts[n-1]
	}
	return parts[0]
}

// textDecl is a line that declares name in a plain definition form: the
// keyword forms the languages share (see declForms), a method with its
// receiver first (`func (x *Resource) name(`), a C macro, a first-column
// C-like function head (`static int name(`), or SQL's CREATE TABLE,
// CREATE INDEX and ADD COLUMN.
func textDecl(name string) *regexp.Regexp {
	q := regexp.QuoteMeta(name)
	// The name ends the declared path: `defmodule Shop.Orders` declares
	// Orders, not Shop; `class Order: Base` declares Order.
	end := `(?:$|[^\w.:]|:[^:])`
	return regexp.MustCompile(declForms + `(?:\w+(?:\.|::))*` + q + end + `|(?m)^func[ \t]*\([^)\n]*\)[ \t]*` + q + `[ \t]*[\[(]` +
		`|(?m)^[ \t]*#[ \t]*define[ \t]+` + q + `\b|(?m)^(?:[A-Za-z_][\w:<>,*&]*[ \t*&]+)+` + q + `[ \t]*\(` +
		`|(?i)\b(?:CREATE[ \t]+(?:TEMP(?:ORARY)?[ \t]+)?TABLE|CREATE[ \t]+(?:UNIQUE[ \t]+)?INDEX(?:[ \t]+CONCURRENTLY)?|ADD[ \t]+COLUMN)(?:[ \t]+IF[ \t]+NOT[ \t]+EXISTS)?[ \t]+["\x60]?(?:\w+\.)?` + q + `\b`)
}

// FindText searches the files read as text only for each name, as a whole
// word (in a generated file, only where a plain pattern finds it declared,
// or a field declared with its type: `\tMaxSeries uint32`), and returns
// the names found with where. A dotted or qualified name
// (`Orders.create`, `Orders::create`) is searched by its last part in the
// files that also hold its first.
func (ix *Index) FindText(names []string) map[string]*TextHit {
	return ix.findText(names, ix.Unparsed())
}

// FindSQLText is FindText in the files that hold SQL in their strings
// only: where a table a spec names is created when no parser reads it.
func (ix *Index) FindSQLText(names []string) map[string]*TextHit {
	return ix.findText(names, slices.DeleteFunc(slices.Clone(ix.Unparsed()), func(u Unparsed) bool { return u.Why != sqlStrings }))
}

// findText is FindText in groups.
func (ix *Index) findText(names []string, groups []Unparsed) map[string]*TextHit {
	if len(groups) == 0 || len(names) == 0 {
		return nil
	}
	type want struct {
		name, word, head string
		decl             *regexp.Regexp
	}
	var wants []want
	for _, n := range names {
		parts := strings.FieldsFunc(n, func(r rune) bool { return r == '.' || r == ':' || r == '#' })
		if len(parts) == 0 || !identifier(parts[len(parts)-1]) {
			continue
		}
		w := want{name: n, word: parts[len(parts)-1]}
		if len(parts) > 1 {
			w.head = parts[0]
		}
		wants = append(wants, w)
	}
	// The searches of an earlier run over the same files, unchanged, are
	// its answers: these files (generated code above all) are the largest
	// a warm run would read otherwise. So are this run's.
	out := map[string]*TextHit{}
	print := ix.textPrint(groups)
	of := groupsKey(groups)
	ix.textsMu.Lock()
	defer ix.textsMu.Unlock()
	if ix.texts == nil {
		ix.texts = map[textKey]*TextHit{}
	}
	var todo []want
	for _, w := range wants {
		if h, ok := ix.texts[textKey{of, w.name}]; ok {
			if h != nil {
				out[w.name] = h
			}
			continue
		}
		if k := ix.cache.Text(print, w.name); k != nil {
			if k.Found {
				out[w.name] = &TextHit{In: k.In, First: k.First, Located: k.Where()}
			}
			continue
		}
		w.decl = textDecl(w.word)
		todo = append(todo, w)
	}
	if len(todo) == 0 {
		return out
	}
	wants = todo
	defer func() {
		for _, w := range todo {
			kept := &cache.TextHit{}
			if h := out[w.name]; h != nil {
				kept = cache.NewTextHit(h.In, h.First, h.Located)
			}
			ix.cache.PutText(print, w.name, kept)
			ix.texts[textKey{of, w.name}] = out[w.name]
		}
	}()
	var buf []byte
	for gi, g := range groups {
		for _, p := range g.Files {
			src, err := scan.ReadBounded(filepath.Join(ix.root, filepath.FromSlash(p)), &buf, -1, TextLimit)
			if err != nil || len(src) > TextLimit || bytes.IndexByte(src[:min(len(src), 8000)], 0) >= 0 {
				continue // unreadable, too large, or binary
			}
			text := string(src)
			for _, w := range wants {
				at := wordInCode(text, w.word, g.Lang.Comment)
				if at < 0 || w.head != "" && !naming.HasWord(text, w.head) {
					continue
				}
				h := out[w.name]
				var loc *extract.Definition
				if h == nil || h.Located == nil || declaredOnly(g) || standIn(h.Located.Path) && !standIn(p) {
					loc = located(g.Lang, p, src, w.word, w.decl)
				}
				if g.Why == "generated" && loc == nil && !fieldLine(src, w.word) {
					continue // generated code uses every name of its source: it counts where it declares one
				}
				if g.Why == sqlStrings && loc == nil {
					continue // SQL in strings uses every table: it counts where it declares one
				}
				if h == nil {
					h = &TextHit{In: map[int]int{}, First: naming.At(p, lineOf(src, at))}
					out[w.name] = h
				}
				h.In[gi]++
				if h.Located == nil || loc != nil && standIn(h.Located.Path) && !standIn(p) {
					// (A mock's or a copy's declaration stands in only until
					// the source's is found.)
					h.Located = loc
				}
			}
		}
	}
	return out
}

// standIn reports a file whose declarations stand in for the source's
// only until it is found: test code and its doubles (a mock under
// db/mock/), a copy set aside.
func standIn(p string) bool { return scan.TestFile(p) || scan.Aside(p) }

// textKey is a findText answer's key: the groups searched and the name.
type textKey struct{ groups, name string }

// groupsKey names the groups findText searches: each group's language,
// reason and number of files.
func groupsKey(groups []Unparsed) string {
	var b strings.Builder
	for _, g := range groups {
		fmt.Fprintf(&b, "%s\x00%s\x00%d\x00", g.Lang.Name, g.Why, len(g.Files))
	}
	return b.String()
}

// wordInCode is the offset of the first whole-word occurrence of w in
// text outside a line that comment (a line comment's opening, "#", "--")
// starts, or -1: a word a comment holds declares nothing.
func wordInCode(text, w, comment string) int {
	if strings.ContainsRune(comment, ' ') {
		comment = "" // a block comment's pair: its lines are not told apart
	}
	for off := 0; off < len(text); {
		i := naming.WordIndex(text[off:], w)
		if i < 0 {
			return -1
		}
		i += off
		start := strings.LastIndexByte(text[:i], '\n') + 1
		if comment == "" || !strings.HasPrefix(strings.TrimLeft(text[start:i], " \t"), comment) {
			return i
		}
		off = i + len(w)
	}
	return -1
}

// textPrint is the fingerprint of the files FindText reads: each group's
// language and reason, each file's path and stat data. It is "" (nothing
// is kept) without a cache, or when a file does not stat or changed too
// recently for its stat data to tell a later change apart.
func (ix *Index) textPrint(groups []Unparsed) string {
	if ix.cache == nil {
		return ""
	}
	h := sha1.New()
	for gi, g := range groups {
		fmt.Fprintf(h, "%d\x00%s\x00%s\x00", gi, g.Lang.Name, g.Why)
		if !ix.stamps(h, g.Files) {
			return ""
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// FilesPrint is a fingerprint of the contents of files, in their order,
// by their stat data, with what context says of them: "" when there is
// no cache to keep what it keys, or a file's stat data cannot vouch for
// its content (it is missing, or changed within the clock's tick of the
// run's start).
func (ix *Index) FilesPrint(context string, files []string) string {
	if ix.cache == nil {
		return ""
	}
	h := sha1.New()
	fmt.Fprintf(h, "%s\x00", context)
	if !ix.stamps(h, files) {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// stamps writes each file's path and stat data to h; false when one's
// cannot vouch for its content. A file this run's search stat'ed has its
// scan's stat data; another is stat'ed now.
func (ix *Index) stamps(h io.Writer, files []string) bool {
	var buf []byte
	for _, p := range files {
		var st filestat.Stamp
		if sc := ix.scans[p]; sc != nil && sc.Mtime != 0 {
			st = sc.Stamp
		} else {
			fi, err := os.Lstat(filepath.Join(ix.root, filepath.FromSlash(p)))
			if err != nil {
				return false
			}
			st = filestat.Of(fi)
		}
		if !ix.cache.Settled(st) {
			return false
		}
		// (What fmt.Fprintf(h, "%s\x00%d %d %d %d %d\x00", ...) writes, in a
		// fraction of its time: a warm run stamps every source file.)
		buf = append(append(buf[:0], p...), 0)
		buf = strconv.AppendInt(buf, st.Size, 10)
		buf = append(strconv.AppendInt(append(buf, ' '), st.Mtime, 10), ' ')
		buf = append(strconv.AppendInt(buf, st.Ctime, 10), ' ')
		buf = append(strconv.AppendUint(buf, st.Ino, 10), ' ')
		buf = append(strconv.AppendUint(buf, uint64(st.Mode), 10), 0)
		h.Write(buf)
	}
	return true
}

// Kept returns the lists of items kept under key (see Keep), when there
// are n of them.
func (ix *Index) Kept(key string, n int) ([][]string, bool) {
	if e := ix.cache.Get("grep:" + key); e != nil && len(e.Grep) == n {
		return e.Grep, true
	}
	return nil, false
}

// Keep keeps lists of items in the cache under key, a FilesPrint of the
// files they were found in: a later run whose files keep their stat data
// finds them by Kept. Without a cache, nothing is kept.
func (ix *Index) Keep(key string, lists [][]string) {
	ix.cache.Put("grep:"+key, &cache.Entry{Grep: lists})
}

// identifier reports a name made of letters, digits and underscores.
func identifier(s string) bool {
	for i := 0; i < len(s); i++ {
		if !extract.IdentByte(s[i]) {
			return false
		}
	}
	return s != ""
}

// lineOf is the 1-based line of offset at.
func lineOf(src []byte, at int) int { return bytes.Count(src[:at], []byte("\n")) + 1 }

// located is the one-line definition of word a plain pattern finds in
// src, or nil.
func located(l *extract.Language, p string, src []byte, word string, decl *regexp.Regexp) *extract.Definition {
	loc := declIndex(src, word, decl)
	if loc == nil {
		return nil
	}
	start := bytes.LastIndexByte(src[:loc[0]], '\n') + 1
	if src[loc[0]] == '\n' {
		start = loc[0] + 1
	}
	end := bytes.IndexByte(src[start:], '\n')
	if end < 0 {
		end = len(src) - start
	}
	line := lineOf(src, start)
	text := strings.TrimRight(string(src[start:start+end]), " \t\r")
	kind := textKind(text, word)
	return &extract.Definition{Name: word, Kind: kind, Title: textTitle(kind) + ", located by text, not parsed", Path: p, Lang: l,
		Exported: true, StartLine: line, EndLine: line, DeclLine: line, Lines: []extract.Line{{Row: line, Text: text}}}
}

// fieldLine reports an indented line of src that starts with word, then
// blanks and a type: a struct field (`\tMaxSeries uint32`).
func fieldLine(src []byte, word string) bool {
	for rest := src; len(rest) > 0; {
		line := rest
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			line, rest = rest[:nl], rest[nl+1:]
		} else {
			rest = nil
		}
		t := bytes.TrimLeft(line, " \t")
		if len(t) == len(line) || !bytes.HasPrefix(t, []byte(word)) {
			continue // not indented, or not first on its line
		}
		after := t[len(word):]
		k := 0
		for k < len(after) && (after[k] == ' ' || after[k] == '\t') {
			k++
		}
		if k > 0 && k < len(after) && (extract.IdentByte(after[k]) || after[k] == '*' || after[k] == '[') {
			return true
		}
	}
	return false
}

// declIndex is decl.FindIndex(src), run only on the lines that hold word
// (in any case: a table's CREATE TABLE may capitalize it): every match
// of a declaration pattern spells the word on its one line, and a
// pattern whose alternatives start with no literal is slow to run over
// megabytes of generated code that never spells it.
func declIndex(src []byte, word string, decl *regexp.Regexp) []int {
	lw := []byte(strings.ToLower(word))
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start + 1 // (the line end, which a pattern may match after the word)
		}
		if line := src[start:end]; containsFold(line, word, lw) && mayDeclare(line) {
			if loc := decl.FindIndex(line); loc != nil {
				return []int{start + loc[0], start + loc[1]}
			}
		}
		start = end
	}
	return nil
}

// mayDeclare reports a line textDecl's patterns can match: one that
// starts with a name at its first column (a C function's definition), or
// holds one of their keywords as a word (`class`, `#define`,
// `CREATE TABLE`, ...). A call indented in a body (`b.ToTable("Auth");`,
// by the ten thousand in generated migrations) is none.
func mayDeclare(line []byte) bool {
	if len(line) > 0 && (line[0] == '_' || line[0]|0x20 >= 'a' && line[0]|0x20 <= 'z') {
		return true
	}
	for i := 0; i < len(line); {
		if !extract.IdentByte(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && extract.IdentByte(line[j]) {
			j++
		}
		if declKeywords[strings.ToLower(string(line[i:j]))] {
			return true
		}
		i = j
	}
	return false
}

// declKeywords are the words, in lower case, before a name that
// textDecl's patterns read as declaring it.
var declKeywords = func() map[string]bool {
	out := map[string]bool{"func": true, "define": true, "create": true, "add": true}
	for _, k := range declWords {
		out[k] = true
	}
	return out
}()

// containsFold reports whether line holds word, in any case; lw is word
// in lower case.
func containsFold(line []byte, word string, lw []byte) bool {
	if bytes.Contains(line, []byte(word)) {
		return true
	}
	for i := 0; i+len(lw) <= len(line); i++ {
		if c := line[i]; c|0x20 == lw[0]|0x20 && bytes.EqualFold(line[i:i+len(lw)], lw) {
			return true
		}
	}
	return false
}

// textKinds are what the keyword before a name says it is.
var textKinds = map[string]extract.Kind{
	"class": extract.KindType, "struct": extract.KindType, "record": extract.KindType, "object": extract.KindType,
	"module": extract.KindType, "defmodule": extract.KindType, "union": extract.KindType, "typedef": extract.KindType,
	"type": extract.KindType, "typealias": extract.KindType, "namespace": extract.KindType, "mod": extract.KindType,
	"interface": extract.KindInterface, "trait": extract.KindInterface, "protocol": extract.KindInterface,
	"TABLE": extract.KindSchema, "table": extract.KindSchema, "COLUMN": extract.KindSchema, "column": extract.KindSchema,
	"INDEX": extract.KindSchema, "index": extract.KindSchema,
	"enum":  extract.KindEnum,
	"const": extract.KindConstant, "let": extract.KindConstant, "var": extract.KindConstant, "val": extract.KindConstant,
	"define": extract.KindConstant,
}

// textKind reads a located line's kind from the last keyword before word
// (an enum whatever follows "enum": `enum class`); a function when none
// says otherwise.
func textKind(text, word string) extract.Kind {
	head := text
	if i := strings.Index(text, word); i >= 0 {
		head = text[:i]
	}
	fields := strings.FieldsFunc(head, func(r rune) bool {
		return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	if slices.Contains(fields, "enum") {
		return extract.KindEnum
	}
	for i := len(fields) - 1; i >= 0; i-- {
		if k, ok := textKinds[fields[i]]; ok {
			return k
		}
	}
	return extract.KindFunction
}

// textTitle is a located definition's heading word.
func textTitle(k extract.Kind) string {
	switch k {
	case extract.KindType:
		return "Type"
	case extract.KindInterface:
		return "Interface"
	case extract.KindEnum:
		return "Enum"
	case extract.KindConstant:
		return "Constant"
	case extract.KindSchema:
		return "Schema"
	}
	return "Function"
}

// WordHit is where a word stands in the source files a parser reads: a
// use, a string, a local, a parameter, none of them a definition the
// search reads.
type WordHit struct {
	Files int    // how many files hold it
	First string // the first occurrence, path:line, in walk order
	// Config says no source file holds it, only configuration files,
	// which no parser reads (a MyBatis mapper's <sql id="...">).
	Config bool
}

// FindWords searches the walked source files a parser reads (none that is
// generated or over the size limit: Unparsed's; no test file, whose uses
// say nothing of the code), then the configuration files, for each word,
// as a whole word. A later run
// whose files keep their stat data finds the answers kept.
func (ix *Index) FindWords(words []string) map[string]*WordHit {
	if len(words) == 0 {
		return nil
	}
	// The source files, then the configuration files: a word's first
	// occurrence is in code when code holds it.
	// (Test files are read too, and their hits dropped below: asking each
	// file's path whether it holds tests costs more than reading the few
	// that hold a word.)
	var files, configs []string
	for _, f := range ix.Files {
		switch sc := ix.scans[f.Path]; {
		case ix.lang[f.Path] != nil && sc != nil && !sc.Skip && !ix.failed[f.Path]:
			files = append(files, f.Path)
		case configFile(f):
			configs = append(configs, f.Path)
		}
	}
	sources := len(files)
	files = append(files, configs...)
	// (The key's first word names the form of what is kept: each word's
	// count, first place and whether only configuration holds it.)
	key := ix.FilesPrint("words+config\x00"+strings.Join(words, "\x00"), files)
	out := map[string]*WordHit{}
	if kept, ok := ix.Kept(key, len(words)); ok && key != "" {
		for i, k := range kept {
			if len(k) == 3 {
				n, _ := strconv.Atoi(k[0])
				out[words[i]] = &WordHit{Files: n, First: k[1], Config: k[2] == "config"}
			}
		}
		return out
	}
	// Each file's first occurrence of each word (its line, 0 for none),
	// read by workers, then counted in walk order.
	lines := make([][]int, len(files))
	ix.readHolding(files, words, func(i int, src []byte) {
		for k, w := range words {
			if at := wordIndex(src, w); at >= 0 {
				if lines[i] == nil {
					lines[i] = make([]int, len(words))
				}
				lines[i][k] = lineOf(src, at)
			}
		}
	})
	for i, p := range files {
		if lines[i] == nil || scan.TestFile(p) {
			continue
		}
		for k, w := range words {
			if lines[i][k] == 0 {
				continue
			}
			h := out[w]
			if h == nil {
				h = &WordHit{First: naming.At(p, lines[i][k]), Config: i >= sources}
				out[w] = h
			}
			h.Files++
		}
	}
	if key != "" {
		kept := make([][]string, len(words))
		for i, w := range words {
			if h := out[w]; h != nil {
				kept[i] = []string{strconv.Itoa(h.Files), h.First, map[bool]string{true: "config", false: "source"}[h.Config]}
			} else {
				kept[i] = []string{}
			}
		}
		ix.Keep(key, kept)
	}
	return out
}

// KeyHit is where configuration files set a key.
type KeyHit struct {
	Files int    // how many files set it
	First string // the first, path:line, in walk order
}

// FindConfigKeys finds, for each dotted key path, the YAML and properties
// files that set it: nested YAML keys (`application:` then, indented,
// `elasticsearch:` then `reindex-on-startup:`), or a properties line
// (`application.elasticsearch.reindex-on-startup=`). Parts compare as
// Spring Boot binds them: in any case, without dashes and underscores.
func (ix *Index) FindConfigKeys(keys []string) map[string]*KeyHit {
	if len(keys) == 0 {
		return nil
	}
	want := map[string]string{} // the relaxed form of each key, to the key
	for _, k := range keys {
		want[relaxedKey(k)] = k
	}
	var files []string
	for _, f := range ix.Files {
		switch strings.ToLower(path.Ext(f.Path)) {
		case ".yml", ".yaml", ".properties":
			if configFile(f) && !scan.TestFile(f.Path) {
				files = append(files, f.Path)
			}
		}
	}
	found := make([]map[string]int, len(files)) // each file's keys, to the line that sets them
	ix.readEach(files, func(i int, src []byte) {
		found[i] = setKeys(src, strings.HasSuffix(files[i], ".properties"), want)
	})
	out := map[string]*KeyHit{}
	for i, p := range files {
		for _, k := range slices.Sorted(maps.Keys(found[i])) {
			h := out[k]
			if h == nil {
				h = &KeyHit{First: naming.At(p, found[i][k])}
				out[k] = h
			}
			h.Files++
		}
	}
	return out
}

// FindKeyText finds, for each key, the first source, configuration or
// build file that spells it whole (`key("fuse.local-path.enabled")`,
// `@Value("${application.goals.max-streak-weeks:12}")`, a Gradle plugin's
// id), tests aside: where, path:line. A key's neighbours are no part of a
// longer key.
func (ix *Index) FindKeyText(strs []string) map[string]string {
	if len(strs) == 0 {
		return nil
	}
	var files []string
	for _, f := range ix.Files {
		sc := ix.scans[f.Path]
		source := ix.lang[f.Path] != nil && sc != nil && !sc.Skip
		if (source || configFile(f) || buildFile(f.Path)) && !scan.TestFile(f.Path) {
			files = append(files, f.Path)
		}
	}
	keyByte := func(c byte) bool { return extract.IdentByte(c) || c == '.' || c == '-' }
	return firstSpelled(files, strs, func(each func(int, []byte)) { ix.readSpelling(files, strs, each) }, func(src []byte, at, end int) bool {
		return (at == 0 || !keyByte(src[at-1])) && (end == len(src) || !keyByte(src[end]))
	})
}

// firstSpelled reads files (by read, which calls each with a file's index
// and content) for each of strs where whole says its occurrence stands
// whole: the first file's place, path:line, by string.
func firstSpelled(files, strs []string, read func(each func(i int, src []byte)), whole func(src []byte, at, end int) bool) map[string]string {
	lines := make([][]int, len(files))
	read(func(i int, src []byte) {
		for k, w := range strs {
			for off := 0; ; {
				at := bytes.Index(src[off:], []byte(w))
				if at < 0 {
					break
				}
				at += off
				off = at + 1
				if !whole(src, at, at+len(w)) {
					continue
				}
				if lines[i] == nil {
					lines[i] = make([]int, len(strs))
				}
				lines[i][k] = lineOf(src, at)
				break
			}
		}
	})
	out := map[string]string{}
	for i, p := range files {
		for k, w := range strs {
			if lines[i] != nil && lines[i][k] > 0 && out[w] == "" {
				out[w] = naming.At(p, lines[i][k])
			}
		}
	}
	return out
}

// FindQuoted finds, for each string, the first source file (tests aside)
// that quotes it whole, as a string literal's entire text in single or
// double quotes, not a module an import names
// (`$this->find('timesheet.rules.allow_overlapping_records')`; not a doc
// comment's `invoice.owner.email`): where, path:line.
func (ix *Index) FindQuoted(strs []string) map[string]string {
	if len(strs) == 0 {
		return nil
	}
	var files []string
	for _, f := range ix.Files {
		if sc := ix.scans[f.Path]; ix.lang[f.Path] != nil && sc != nil && !sc.Skip && !scan.TestFile(f.Path) {
			files = append(files, f.Path)
		}
	}
	return firstSpelled(files, strs, func(each func(int, []byte)) { ix.readSpelling(files, strs, each) }, func(src []byte, at, end int) bool {
		if at == 0 || end >= len(src) || src[at-1] != '\'' && src[at-1] != '"' || src[end] != src[at-1] {
			return false
		}
		// (Not a module an import line names: `from 'lodash.debounce'`,
		// `require('socket.io')`.)
		line := strings.TrimRight(string(src[bytes.LastIndexByte(src[:at-1], '\n')+1:at-1]), " \t(")
		return !strings.HasSuffix(line, "from") && !strings.HasSuffix(line, "require") && !strings.HasSuffix(line, "import")
	})
}

// buildFile reports a build script, whose text names plugins and
// properties by their keys: Gradle's, Maven's, sbt's.
func buildFile(p string) bool {
	switch path.Base(p) {
	case "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "pom.xml", "build.sbt", "gradle.properties":
		return true
	}
	return false
}

// relaxedKey is a key path as Spring Boot's relaxed binding compares it.
func relaxedKey(k string) string {
	return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(k))
}

// setKeys reads a YAML or properties file for the keys of want (by their
// relaxed form) it sets: each, to its line.
func setKeys(src []byte, properties bool, want map[string]string) map[string]int {
	var out map[string]int
	type level struct {
		indent int
		key    string
	}
	var stack []level
	for n, line := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' || t[0] == '!' && properties {
			continue
		}
		if t == "---" {
			stack = stack[:0] // a new YAML document
			continue
		}
		var full string
		if properties {
			at := strings.IndexAny(t, "=:") // (the first separator: a value may hold the other)
			if at < 0 {
				continue
			}
			full = strings.TrimSpace(t[:at])
		} else {
			k, _, ok := strings.Cut(t, ":")
			if !ok || strings.HasPrefix(t, "- ") || strings.ContainsAny(k, " \t\"'{[") {
				continue
			}
			indent := len(line) - len(strings.TrimLeft(line, " "))
			for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, level{indent, k})
			parts := make([]string, len(stack))
			for i, l := range stack {
				parts[i] = l.key
			}
			full = strings.Join(parts, ".")
		}
		if k, ok := want[relaxedKey(full)]; ok {
			if out == nil {
				out = map[string]int{}
			}
			if _, seen := out[k]; !seen {
				out[k] = n + 1
			}
		}
	}
	return out
}

// configExts are the extensions of the configuration files whose keys a
// spec names as settings (pyproject.toml's xfail_strict, a queue in
// sidekiq.yml, a MyBatis mapper's <resultMap id>): searched for a gap's
// word beside the source.
var configExts = map[string]bool{".toml": true, ".yaml": true, ".yml": true, ".ini": true, ".cfg": true, ".properties": true, ".conf": true,
	".xml": true}

// configFile reports a configuration file small enough to search, and no
// credential file.
func configFile(f gitinfo.File) bool {
	return configExts[strings.ToLower(path.Ext(f.Path))] && f.Size <= 256<<10 && !scan.SecretName(f.Path)
}

// readEach reads files (at most TextLimit bytes of each) with a worker
// per processor and calls each with the file's index and content; one it
// cannot read is skipped. each runs concurrently, and owns nothing of
// src after it returns.
func (ix *Index) readEach(files []string, each func(i int, src []byte)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []byte
			for {
				i := int(next.Add(1)) - 1
				if i >= len(files) {
					return
				}
				src, err := scan.ReadBounded(filepath.Join(ix.root, filepath.FromSlash(files[i])), &buf, -1, TextLimit)
				if err != nil {
					continue
				}
				each(i, src)
			}
		}()
	}
	wg.Wait()
}

// readSpelling is readEach of the files that may spell one of strs with
// neither neighbour an identifier's byte: those that may hold its longest
// word, which such a spelling holds whole (all files, when a string has
// no word).
func (ix *Index) readSpelling(files, strs []string, each func(i int, src []byte)) {
	var longest []string
	for _, s := range strs {
		parts := strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && !extract.IdentByte(byte(r)) })
		if len(parts) == 0 {
			ix.readEach(files, each)
			return
		}
		longest = append(longest, slices.MaxFunc(parts, func(a, b string) int { return len(a) - len(b) }))
	}
	ix.readHolding(files, longest, each)
}

// readHolding is readEach of the files that may hold one of words as a
// whole word: those whose scan's WordPrint cannot say it holds none (a
// file not scanned, or cut at TextLimit, may hold anything).
func (ix *Index) readHolding(files, words []string, each func(i int, src []byte)) {
	var read []string
	var at []int
	for i, f := range files {
		if sc := ix.scans[f]; sc == nil || sc.Size > TextLimit || slices.ContainsFunc(words, func(w string) bool { return !scan.Word(w) || sc.Words.May(w) }) {
			read = append(read, f)
			at = append(at, i)
		}
	}
	ix.readEach(read, func(i int, src []byte) { each(at[i], src) })
}

// wordIndex is the offset of the first whole-word occurrence of w in src,
// or -1.
func wordIndex(src []byte, w string) int {
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte(w))
		if i < 0 {
			return -1
		}
		i += off
		end := i + len(w)
		if (i == 0 || !extract.IdentByte(src[i-1])) && (end == len(src) || !extract.IdentByte(src[end])) {
			return i
		}
		off = i + 1
	}
}

// FindRouteText finds, for each route path (`/api/conversations/:id`), the
// files no parser reads (those of a language without one) whose string
// literals spell the longest part of it a router may write: a run of its
// segments that holds a fixed one and is followed by parameters only
// (`"/conversations/:conversation_id/archive"` under a `scope "/api"`,
// `resources("/conversations", ...)` for `/conversations/:id`); a
// parameter matches one written in any style (`:id`, `{id}`, `<id>`). The
// hit's First names the file and line, and Tail what was found.
func (ix *Index) FindRouteText(paths []string) map[string]*RouteText {
	var groups []int
	all := ix.Unparsed()
	for i, g := range all {
		if g.Why == "" {
			groups = append(groups, i)
		}
	}
	if len(groups) == 0 || len(paths) == 0 {
		return nil
	}
	type tail struct {
		text     string
		re       *regexp.Regexp
		lit      []byte // its longest fixed segment: a file without it holds no match
		resource bool   // found only on a line that declares a resource
	}
	tails := map[string][]tail{}
	for _, p := range paths {
		segs := strings.Split(strings.Trim(p, "/"), "/")
		param := func(s string) bool {
			return strings.HasPrefix(s, ":") || strings.HasPrefix(s, "{") || strings.HasPrefix(s, "<") || s == "*"
		}
		var ts []tail
		fixed := func(ss []string) bool { return slices.ContainsFunc(ss, func(s string) bool { return !param(s) }) }
		for i := range segs {
			for j := len(segs); j > i; j-- {
				if fixed(segs[j:]) || !fixed(segs[i:j]) {
					continue // a fixed segment follows the run, or it holds none
				}
				var re strings.Builder
				var lit string
				re.WriteString(`["']/?`)
				for k, s := range segs[i:j] {
					if k > 0 {
						re.WriteString("/")
					}
					if param(s) {
						re.WriteString(`[:{<*]?\w+[}>]?`)
					} else {
						re.WriteString(regexp.QuoteMeta(s))
						if len(s) > len(lit) {
							lit = s
						}
					}
				}
				re.WriteString(`/?["']`)
				// One segment of several says little: it counts only where a
				// resource's routes are declared (`resources("/conversations",
				// ...)` for `/conversations/:id`).
				ts = append(ts, tail{"/" + strings.Join(segs[i:j], "/"), regexp.MustCompile(re.String()), []byte(lit), j-i < 2 && j-i < len(segs)})
			}
		}
		// The longest first: the most of the path a file spells.
		slices.SortStableFunc(ts, func(a, b tail) int { return len(b.text) - len(a.text) })
		tails[p] = ts
	}
	out := map[string]*RouteText{}
	var buf []byte
	for _, gi := range groups {
		for _, f := range all[gi].Files {
			src, err := scan.ReadBounded(filepath.Join(ix.root, filepath.FromSlash(f)), &buf, -1, TextLimit)
			if err != nil || bytes.IndexByte(src[:min(len(src), 8000)], 0) >= 0 {
				continue
			}
			for _, p := range paths {
				for _, t := range tails[p] {
					if h := out[p]; h != nil && len(h.Tail) >= len(t.text) {
						break // a longer part found already
					}
					if !bytes.Contains(src, t.lit) {
						continue
					}
					if loc := t.re.FindIndex(src); loc != nil && (t.resource && resourceWordRe.Match(lineAt(src, loc[0])) || !t.resource && routeWordRe.Match(lineAt(src, loc[0]))) {
						out[p] = &RouteText{Tail: t.text, First: naming.At(f, lineOf(src, loc[0])), In: all[gi].Describe(1)}
						break
					}
				}
			}
		}
	}
	return out
}

// FindRouteWords finds, for each route path no registration read matched
// (`/services/collector/ack`), a source file of a parsed language that
// spells every literal segment of it as a string (`path!("services" /
// "collector" / ..)`, `path!("ack")`), the last on a line that calls
// something: a router the tool does not read may register it there.
// Files are those whose scan saw the last segment as a route word. The
// hit's First names where the last segment is spelled, and Tail what was
// found.
func (ix *Index) FindRouteWords(paths []string) map[string]*RouteText {
	out := map[string]*RouteText{}
	var buf []byte
	for _, p := range paths {
		lit := literalSegs(p)
		if len(lit) == 0 {
			continue
		}
		last := lit[len(lit)-1]
		for _, f := range ix.Files {
			sc := ix.scans[f.Path]
			if ix.lang[f.Path] == nil || sc == nil || sc.Skip || ix.Class(f.Path).Test || !slashHolds(sc.Slash, last) {
				continue
			}
			src, err := scan.ReadBounded(filepath.Join(ix.root, filepath.FromSlash(f.Path)), &buf, -1, TextLimit)
			if err != nil {
				continue
			}
			if ix.readsRoute(f.Path, lit) {
				break // a detector read the registration: another method's, where the spec's is new
			}
			at := routeCallArg(src, lit)
			if at < 0 || slices.ContainsFunc(lit[:len(lit)-1], func(s string) bool { return !quotedSeg(src, s) && !MountWord(s) }) {
				continue // (`api`, `v1`: an application's mount, which another file may give)
			}
			if q := src[at+1:]; ix.readsQuoted(f.Path, string(q[:max(0, bytes.IndexByte(q, src[at]))])) {
				// A registration a detector read in the file is built from
				// the quoted path (`.route("/list", ...)` of
				// `/account/invite/list`, beside the spec's
				// `/admin/invite/list`): it is that route's words, not an
				// unread router's.
				continue
			}
			spelled := slices.DeleteFunc(slices.Clone(lit[:len(lit)-1]), func(s string) bool { return !quotedSeg(src, s) })
			spelled = append(spelled, last)
			out[p] = &RouteText{Tail: "`" + strings.Join(spelled, "`, `") + "`", File: f.Path, Line: lineOf(src, at), First: naming.At(f.Path, lineOf(src, at))}
			break
		}
	}
	return out
}

// routeCallArg is the offset of the quote that opens the first path src
// passes that ends the endpoint whose literal segments are lit (see
// endsEndpoint: `"ack"`, `"/points/{id}"`, `"{id}/approve"`,
// `"/app/{app_id}/recover"`), as the first argument of a call a router's
// words name (`path!("ack")`, `route("/ack")`, `.get("/ack", h)`,
// `@GetMapping("/ack")`, `[HttpPost("{id}/approve")]`, aide's
// `.api_route_with(` on the line before), on a line that is no comment;
// -1 for none.
func routeCallArg(src []byte, lit []string) int {
	seg := lit[len(lit)-1]
	quote := func(c byte) bool { return c == '"' || c == '\'' }
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte(seg))
		if i < 0 {
			return -1
		}
		i += off
		off = i + 1
		end := i + len(seg)
		if i == 0 || end >= len(src) || !quote(src[end]) && src[end] != '/' || !quote(src[i-1]) && src[i-1] != '/' {
			continue // not a whole segment of a quoted path
		}
		q := i - 1
		for q >= 0 && !quote(src[q]) && src[q] != '\n' && src[q] != ' ' {
			q-- // back over the segments before it: `"{id}/approve"`
		}
		if q < 0 || !quote(src[q]) {
			continue
		}
		closing := bytes.IndexByte(src[end:], src[q])
		if closing < 0 || !endsEndpoint(string(src[q+1:end+closing]), lit) {
			continue
		}
		line := string(lineAt(src, q))
		if t := strings.TrimSpace(line); scan.CommentLine(line) && !strings.HasPrefix(t, "@") && !strings.HasPrefix(t, "#[") && !strings.HasPrefix(t, "[") {
			continue // (an annotation, `@GetMapping("/ack")`, `[HttpPost("ack")]`, is code)
		}
		if before := src[max(0, q-40) : q+1]; routeCallRe.Match(before) && !clientCallRe.Match(before) {
			return q
		}
	}
}

// clientCallRe is an HTTP client's request, up to the quote of its URL:
// `axios.get("/api/reports")`, `this.http.post('/x'`, `requests.get("`:
// a caller of the endpoint, no registration.
var clientCallRe = regexp.MustCompile(`(?i)\b(?:axios|client|httpclient|http|request|requests|session|ky|got|superagent|httpx|\$http|api\.client)\s*\.\s*(?:get|post|put|patch|delete|head|request)\s*\(\s*["']$`)

// readsRoute reports a route registration a detector read in file whose
// path ends the endpoint of literal segments lit, or the reverse (one
// under a mount).
func (ix *Index) readsRoute(file string, lit []string) bool {
	for _, d := range ix.Routes {
		if d.Path != file {
			continue
		}
		segs := literalSegs(d.Route.Pattern)
		if endsEndpoint(d.Route.Pattern, lit) || len(segs) > 0 && len(lit) <= len(segs) && slices.Equal(lit, segs[len(segs)-len(lit):]) {
			return true
		}
	}
	return false
}

// readsQuoted reports a route registration read in file whose path holds
// the quoted path's segments, in a row.
func (ix *Index) readsQuoted(file, quoted string) bool {
	want := spec.RouteSegs(quoted)
	if len(want) == 0 {
		return false
	}
	return slices.ContainsFunc(ix.Routes, func(d *extract.Definition) bool {
		if d.Path != file {
			return false
		}
		segs := spec.RouteSegs(d.Route.Pattern)
		for i := 0; i+len(want) <= len(segs); i++ {
			if slices.Equal(segs[i:i+len(want)], want) {
				return true
			}
		}
		return false
	})
}

// endsEndpoint reports a quoted path whose literal segments are the last
// of an endpoint's (lit), in order, its parameters aside:
// "{id}/approve" and "/app/{app_id}/recover" end /api/v1/app/{app_id}/recover;
// "/mark_as_read/all" does not end /all.
func endsEndpoint(quoted string, lit []string) bool {
	segs := literalSegs(quoted)
	return len(segs) > 0 && len(segs) <= len(lit) && slices.Equal(segs, lit[len(lit)-len(segs):])
}

// routeCallRe is a call a router's words name, up to the quote of its
// first argument.
var routeCallRe = regexp.MustCompile(`(?i)\b(?:http)?(?:api_)?(?:path|paths|route|routes|get|post|put|patch|delete|request|handle|handler|mount|scope|resource|endpoint|api)(?:mapping|_with)?!?\(\s*(?:(?:value|path)\s*=\s*)?["']$`)

// slashHolds reports whether a scan's newline-joined route words hold w.
func slashHolds(words, w string) bool {
	for rest := words; rest != ""; {
		var x string
		x, rest, _ = strings.Cut(rest, "\n")
		if x == w {
			return true
		}
	}
	return false
}

// quotedSeg reports a route segment a file spells as a string, alone or as
// a part of a path: "services", "/services/collector".
func quotedSeg(src []byte, seg string) bool {
	for _, q := range []string{`"` + seg + `"`, `'` + seg + `'`, `"/` + seg, `'/` + seg, `/` + seg + `"`, `/` + seg + `'`, `/` + seg + `/`} {
		if bytes.Contains(src, []byte(q)) {
			return true
		}
	}
	return false
}

// routeWordRe matches a line that registers a route in most routers'
// words: a method's name, a resource, a scope, a route, a match.
var routeWordRe = regexp.MustCompile(`(?i)\b(?:get|post|put|patch|delete|resources?|scope|route|match)\b`)

// resourceWordRe matches a line that declares a resource's routes.
var resourceWordRe = regexp.MustCompile(`\bresources?\b`)

// lineAt is the line of src that holds the offset at.
func lineAt(src []byte, at int) []byte {
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	end := bytes.IndexByte(src[at:], '\n')
	if end < 0 {
		return src[start:]
	}
	return src[start : at+end]
}

// RouteText is where a file no parser reads spells a route's path.
type RouteText struct {
	Tail  string // the part of the path found, as the spec writes it
	First string // path:line
	In    string // the file's group in words: "1 Elixir file"
	// File and Line are where a route call spells it, for FindRouteWords.
	File string
	Line int
}

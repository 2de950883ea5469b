package artifact

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/redact"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/extract"
)

// Entry is one line of the signature index: a definition the spec names
// that no artifact shows whole, as its declaration on one line and where
// it lives.
type Entry struct {
	Repo      string `json:"repo,omitempty"` // the repository's name, when an appendix spans several
	Path      string `json:"path"`
	Line      int    `json:"line"` // the declaring line
	EndLine   int    `json:"end_line"`
	Symbol    string `json:"symbol"`
	Signature string `json:"signature"`
	Ref       string `json:"ref"`
	SpecLine  int    `json:"spec_line"`
	// Reason says why the definition is indexed, not shown: its artifact
	// did not fit, its lines were cut from a shown artifact, or it is
	// another definition of a name whose chosen one is shown.
	Reason string `json:"reason"`
	// Uses are the names shown above that a definition listed for using
	// them uses.
	Uses []string `json:"uses,omitempty"`

	rank int // lower is more important: the budget gives up the highest first
	// owner is the class or type that declares the definition; its line
	// names it only when the signature does not (a Python method's
	// `def post(self, item_id)` says not whose it is).
	owner string
	// parallel is another definition of a method of the chosen one's type
	// name in another package: each driver's Executor.JobGetStuck.
	parallel bool
}

// Parallel reports another implementation of the chosen method: the same
// type name's method in another package.
func (e Entry) Parallel() bool { return e.parallel }

// The reasons an entry gives.
const (
	ReasonBudget = "budget: signature only"
	ReasonCut    = "cut from the artifact that holds it"
	ReasonRival  = "another definition of the name"
	ReasonModule = "a definition of a module the spec names"
	ReasonUses   = "uses names shown above"
)

// groupHeaders stand before the entries of a reason that the spec does
// not name: the other definitions of names shown above, which a reader
// must not take for what the spec names, and the definitions of modules
// the spec names as a whole.
var groupHeaders = map[string]string{
	ReasonRival:  "other definitions of names shown above, not the ones chosen:",
	ReasonModule: "in modules the spec names, not named by it:",
	ReasonUses:   "using names shown above, not named by the spec:",
}

// maxSignature is the longest signature an entry shows; a longer one is
// cut with "...".
const maxSignature = 200

// maxRivals is the most other definitions of one name the index lists:
// more is a common name, not a handful of implementations.
const maxRivals = 8

// NewIndex is the signature index artifact, empty: it lists, one line
// each, definitions no artifact shows whole.
func NewIndex() *Artifact {
	return &Artifact{Kind: extract.KindIndex, Title: "Signature index", Lang: &extract.Language{}}
}

// Entries are the index's entries, in the order they were added.
func (a *Artifact) Entries() []Entry { return a.entries }

// AddEntries adds entries not listed yet (by path and line) and reports
// how many it added.
func (a *Artifact) AddEntries(es []Entry) int {
	n := 0
	for _, e := range es {
		if a.lists(e) {
			continue
		}
		if i := slices.IndexFunc(a.entries, e.holds); i >= 0 {
			a.entries[i] = e // the route in the place of its handler's line
			continue
		}
		a.entries = append(a.entries, e)
		n++
	}
	a.syncIndex()
	return n
}

// lists reports whether the index has an entry at e's path and line, or
// one that says what e says: a route registered by an annotated method
// says the method's signature after the route.
func (a *Artifact) lists(e Entry) bool {
	return slices.ContainsFunc(a.entries, func(o Entry) bool { return e.sameAs(o) || o.holds(e) })
}

// holds reports a route entry whose handler is e's method: the same
// file, ending on the same line, its signature ending with e's.
func (e Entry) holds(o Entry) bool {
	return e.Repo == o.Repo && e.Path == o.Path && e.EndLine == o.EndLine && e.EndLine > 0 &&
		strings.Contains(e.Signature, " -> ") && strings.HasSuffix(e.Signature, " -> "+o.Signature)
}

// sameAs reports an entry for the same definition: one path and line.
func (e Entry) sameAs(o Entry) bool { return o.Repo == e.Repo && o.Path == e.Path && o.Line == e.Line }

// DropEntry removes the index's least important entry (the latest added
// of those ranked lowest) and returns it.
func (a *Artifact) DropEntry() Entry {
	at := 0
	for i, e := range a.entries {
		if e.rank >= a.entries[at].rank {
			at = i
		}
	}
	e := a.entries[at]
	a.entries = append(a.entries[:at:at], a.entries[at+1:]...)
	a.syncIndex()
	return e
}

// RemoveEntries removes the entries that stand for an artifact's
// definitions, when it is shown again.
func (a *Artifact) RemoveEntries(es []Entry) {
	a.entries = slices.DeleteFunc(a.entries, func(e Entry) bool { return slices.ContainsFunc(es, e.sameAs) })
	a.syncIndex()
}

// HasEntries reports whether the index lists every one of es.
func (a *Artifact) HasEntries(es []Entry) bool {
	for _, e := range es {
		if !a.lists(e) {
			return false
		}
	}
	return true
}

// Ranked gives entries a rank: lower is more important.
func Ranked(es []Entry, rank int) []Entry {
	for i := range es {
		es[i].rank = rank
	}
	return es
}

// syncIndex writes the index's lines from its entries, by path and line.
func (a *Artifact) syncIndex() {
	es := append([]Entry(nil), a.entries...)
	// The definitions the spec names, then those of modules it names,
	// then the other definitions of its names.
	group := func(e Entry) int {
		switch e.Reason {
		case ReasonModule:
			return 1
		case ReasonUses:
			return 2
		case ReasonRival:
			return 3
		}
		return 0
	}
	sort.SliceStable(es, func(i, j int) bool {
		if gi, gj := group(es[i]), group(es[j]); gi != gj {
			return gi < gj
		}
		if es[i].Repo != es[j].Repo {
			return es[i].Repo < es[j].Repo
		}
		if es[i].Path != es[j].Path {
			return es[i].Path < es[j].Path
		}
		return es[i].Line < es[j].Line
	})
	a.Lines = a.Lines[:0]
	a.Symbols = a.Symbols[:0]
	for i, e := range es {
		if h := groupHeaders[e.Reason]; h != "" && (i == 0 || es[i-1].Reason != e.Reason) {
			a.Lines = append(a.Lines, extract.Line{Text: h})
		}
		where := e.Path
		if e.Repo != "" {
			where = e.Repo + ": " + e.Path
		}
		sig := e.Signature
		if e.owner != "" && !naming.HasWord(sig, e.owner) {
			sig = "(" + e.owner + ") " + sig
		}
		if len(e.Uses) > 0 {
			sig += "  (uses " + strings.Join(e.Uses, ", ") + ")"
		}
		a.Lines = append(a.Lines, extract.Line{Row: e.Line, Text: fmt.Sprintf("%s:%d  %s", naming.Inline(where), e.Line, sig)})
		a.Symbols = append(a.Symbols, e.Symbol)
	}
}

// IndexEntries are the entries that stand for an artifact: one per
// definition it holds, from its text before any trim (already redacted).
func IndexEntries(a *Artifact, reason string) []Entry {
	var out []Entry
	for _, d := range a.defs {
		lines := linesOf(a.FullLines(), d.StartLine, d.EndLine)
		if len(lines) == 0 {
			continue
		}
		e := entryOf(d, lines, a.selectionOf(d), reason)
		e.Repo = a.Repo
		out = append(out, e)
		out = append(out, a.memberEntries(d, lines, reason)...)
	}
	return out
}

// memberEntries are the entries of the members of d a reference names
// (`Family#transfer_match_candidates`, which a module Family includes
// declares): each on the line that declares it, so that a type listed in
// the index still says where the member the spec means is.
func (a *Artifact) memberEntries(d *extract.Definition, lines []extract.Line, reason string) []Entry {
	var out []Entry
	seen := map[string]bool{}
	for _, s := range a.SelectedBy {
		last := s.Ref[strings.LastIndexByte(s.Ref, '.')+1:]
		if last == d.Name || seen[last] {
			continue
		}
		if owner := qualifierOf(s.Ref); owner != "" && owner != d.Name && a.declaresMember(owner, last) {
			continue // `InsertRequest.arn`: not the arn of another type the artifact nests
		}
		for _, m := range d.Members {
			if m.Name != last || m.Assigned {
				continue // (an attribute a method assigns has no line of its own the index could show)
			}
			mine := linesOf(lines, m.Code(), m.End)
			row := 0
			for _, l := range mine {
				if naming.HasWord(l.Text, m.Name) && !scan.CommentLine(l.Text) {
					row = l.Row
					break
				}
			}
			if row == 0 || row == declRow(d) {
				break
			}
			k := extract.KindType
			if m.Method {
				k = extract.KindMethod
			}
			seen[last] = true
			out = append(out, Entry{Repo: a.Repo, Path: d.Path, Line: row, EndLine: m.End, Symbol: d.QualifiedName() + "." + m.Name,
				Signature: Signature(k, mine, row), Ref: s.Ref, SpecLine: s.SpecLine, Reason: reason, owner: d.QualifiedName()})
			break
		}
	}
	return out
}

// qualifierOf is the part of a dotted name before its last, "" for none:
// InsertRequest of `Client.InsertRequest.arn`.
func qualifierOf(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i < 0 {
		return ""
	}
	return name[strings.LastIndexByte(name[:i], '.')+1 : i]
}

// declaresMember reports a definition of the artifact named owner that
// declares member.
func (a *Artifact) declaresMember(owner, member string) bool {
	return slices.ContainsFunc(a.defs, func(d *extract.Definition) bool {
		return d.Name == owner && slices.ContainsFunc(d.Members, func(m extract.Member) bool { return m.Name == member })
	})
}

// CutEntries are the entries for the definitions an artifact holds whose
// declaring line its trimmed text no longer shows.
func CutEntries(a *Artifact) []Entry {
	if a.Truncated == "" || a.ContextFile != "" {
		return nil
	}
	shown := map[int]bool{}
	for _, l := range a.Lines {
		shown[l.Row] = true
	}
	return slices.DeleteFunc(IndexEntries(a, ReasonCut), func(e Entry) bool { return shown[e.Line] })
}

// RivalEntries are the other definitions of names whose chosen
// definition is shown: the same function in each storage driver, the
// same table in each dialect's schema; of the chosen one's kind, name and
// language, so neither an admin class nor a client's copy of a server
// type is a rival. A name defined in more than
// maxRivals other places is a common name, and lists none; definitions
// in test files are never rivals, nor those outside every place the spec
// names when the chosen one is under one (Choice.Afar). The count of secrets the entries had
// redacted is returned with them.
func RivalEntries(matches []resolve.Match) ([]Entry, int) {
	var out []Entry
	redacted := 0
	// The types the spec's names chose: their methods are implementations
	// the spec names, as parallel as the chosen type's own in another
	// package (MemoryBackend.ReadChanges beside each SQL driver's).
	chosen := map[string]bool{}
	for _, m := range matches {
		if m.Def.Container == "" {
			chosen[m.Def.Name] = true
		}
	}
	for _, m := range matches {
		var rivals []*extract.Definition
		for _, d := range m.Rivals {
			if d.Kind == m.Def.Kind && d.Name == m.Def.Name && d.Lang == m.Def.Lang && !scan.TestFile(d.Path) && !d.Broken && len(d.Lines) > 0 && !slices.Contains(m.Afar, d) {
				rivals = append(rivals, d)
			}
		}
		if len(rivals) > maxRivals {
			continue
		}
		// The parallel implementations first (each driver's Executor, a
		// type the spec names), before other types'.
		parallel := func(d *extract.Definition) bool {
			return d.Container != "" && (d.Container == m.Def.Container || chosen[d.Container])
		}
		sort.SliceStable(rivals, func(i, j int) bool { return parallel(rivals[i]) && !parallel(rivals[j]) })
		for _, d := range rivals {
			lines := append([]extract.Line(nil), d.Lines...)
			redacted += redact.Lines(d.Path, lines)
			sel := Selection{Ref: m.Ref.Name, SpecLine: m.Ref.Line}
			e := entryOf(d, lines, sel, ReasonRival)
			e.parallel = parallel(d)
			out = append(out, e)
		}
	}
	return out, redacted
}

// ModuleEntries are the index entries of the definitions of a module the
// spec names (sel), for the lines the artifacts leave, most telling first:
// those whose names the spec uses (words), then the module's own
// definitions before its types' methods, then in the module's order. The
// count of secrets the entries had redacted is returned with them.
func ModuleEntries(defs []*extract.Definition, sel Selection, words map[string]bool) ([]Entry, int) {
	defs = slices.Clone(defs)
	rank := func(d *extract.Definition) int {
		r := 0
		if !words[d.Name] {
			r += 2
		}
		if d.Container != "" {
			r++
		}
		return r
	}
	sort.SliceStable(defs, func(i, j int) bool { return rank(defs[i]) < rank(defs[j]) })
	var out []Entry
	redacted := 0
	for _, d := range defs {
		lines := append([]extract.Line(nil), d.Lines...)
		redacted += redact.Lines(d.Path, lines)
		out = append(out, entryOf(d, lines, sel, ReasonModule))
	}
	return out, redacted
}

// UseEntries are the index entries of the functions and methods that use
// names shown above, for the lines the artifacts leave: those that use
// more of them first, then those whose names the spec writes on more
// lines (weight), then in the order found; at most maxUsesOf per name,
// maxUses in all. The count of secrets the entries had redacted is
// returned with them.
func UseEntries(uses []search.Use, weight func(name string) int, line func(name string) int) ([]Entry, int) {
	uses = slices.Clone(uses)
	score := func(u search.Use) int {
		n := 0
		for _, w := range u.Words {
			n += weight(w)
		}
		return n
	}
	sort.SliceStable(uses, func(i, j int) bool {
		if a, b := len(uses[i].Words), len(uses[j].Words); a != b {
			return a > b
		}
		return score(uses[i]) > score(uses[j])
	})
	var out []Entry
	redacted := 0
	per := map[string]int{}
	for _, u := range uses {
		if len(out) == maxUses || per[u.Words[0]] == maxUsesOf || len(u.Def.Lines) == 0 {
			continue
		}
		per[u.Words[0]]++
		lines := append([]extract.Line(nil), u.Def.Lines...)
		redacted += redact.Lines(u.Def.Path, lines)
		e := entryOf(u.Def, lines, Selection{Ref: u.Words[0], SpecLine: line(u.Words[0])}, ReasonUses)
		e.Uses = u.Words
		out = append(out, e)
	}
	return out, redacted
}

// maxUses is the most definitions the index lists for using names shown
// above; maxUsesOf the most for one name.
const (
	maxUses   = 12
	maxUsesOf = 4
)

// selectionOf is the selection that named d: the one whose reference ends
// with d's name, else the artifact's first.
func (a *Artifact) selectionOf(d *extract.Definition) Selection {
	for _, s := range a.SelectedBy {
		if s.Ref == d.Name || strings.HasSuffix(s.Ref, "."+d.Name) {
			return s
		}
	}
	if len(a.SelectedBy) > 0 {
		return a.SelectedBy[0]
	}
	return Selection{}
}

func entryOf(d *extract.Definition, lines []extract.Line, sel Selection, reason string) Entry {
	sig := Signature(d.Kind, lines, declRow(d))
	if d.Route != nil {
		// The route it registers, then the handler its lines show.
		sig = d.Route.Method + " " + d.Route.Pattern + " -> " + sig
	}
	e := Entry{Path: d.Path, Line: declRow(d), EndLine: d.EndLine, Symbol: d.QualifiedName(),
		Signature: sig, Ref: sel.Ref, SpecLine: sel.SpecLine, Reason: reason}
	if d.Route == nil {
		e.owner = d.Container
	}
	return e
}

// declRow is the line that declares d.
func declRow(d *extract.Definition) int {
	if d.DeclLine >= d.StartLine && d.DeclLine <= d.EndLine && d.DeclLine > 0 {
		return d.DeclLine
	}
	return d.StartLine
}

func linesOf(lines []extract.Line, start, end int) []extract.Line {
	var out []extract.Line
	for _, l := range lines {
		if l.Row >= start && l.Row <= end {
			out = append(out, l)
		}
	}
	return out
}

// Signature is a definition's declaration on one line: a function's
// parameters and result joined onto its declaring line, any other
// definition's declaring line, without the opener of the body it does
// not show.
func Signature(k extract.Kind, lines []extract.Line, decl int) string {
	i := 0
	for i < len(lines)-1 && lines[i].Row < decl {
		i++
	}
	i = firstCode(lines, i)
	sig := strings.TrimSpace(lines[i].Text)
	if k != extract.KindSchema && k != extract.KindConstant && k != extract.KindEnum {
		sig = joinSignature(lines[i:]) // a class's bases may run over lines too
	}
	for _, opener := range []string{"{ ... }", "{", ": ...", ":", "(", "= {", "="} {
		if t, ok := strings.CutSuffix(sig, opener); ok && strings.TrimSpace(t) != "" {
			sig = strings.TrimSpace(t)
			break
		}
	}
	if len(sig) > maxSignature {
		cut := maxSignature
		for cut > 0 && sig[cut]&0xC0 == 0x80 {
			cut-- // not inside a UTF-8 sequence
		}
		sig = sig[:cut] + " ..."
	}
	return sig
}

// firstCode is the index of the first line from i on that is neither a
// comment, a decorator (with the lines of its arguments: `@ApiOperation({`
// to `})`) nor blank; the last line when all are.
func firstCode(lines []extract.Line, i int) int {
	var dec decorators
	for i < len(lines)-1 && !dec.code(lines[i].Text) {
		i++
	}
	return i
}

// decorators follows the lines above a declaration: depth is how many
// brackets a decorator's arguments hold open (`@ApiOperation({` to `})`).
type decorators struct{ depth int }

// code reports a line of code: neither blank, a comment, a decorator nor
// a line of a decorator's arguments; a line that goes on with code after
// its decorators (`@Override public String toString() {`) is code.
func (d *decorators) code(text string) bool {
	t := strings.TrimSpace(text)
	switch {
	case d.depth > 0:
		d.depth += bracketDepth(t)
		return false
	case strings.HasPrefix(t, "@"):
		open, code := decoratorLine(t)
		if !code {
			d.depth = open
		}
		return code
	}
	return t != "" && !scan.CommentLine(text)
}

// annotatedCode reports a line that starts with a decorator and goes on
// with code: `@Override public String toString() {`.
func annotatedCode(t string) bool {
	if !strings.HasPrefix(t, "@") {
		return false
	}
	_, code := decoratorLine(t)
	return code
}

// decoratorLine reads a line that starts with a decorator or an
// annotation: how many brackets its arguments leave open (they go on on
// the lines below: `@ApiOperation({`), and whether code follows it on
// the line (`@Override public String toString() {`, Swift's `@objc func`).
func decoratorLine(t string) (open int, code bool) {
	for strings.HasPrefix(t, "@") {
		i := 1
		for i < len(t) && (extract.IdentByte(t[i]) || t[i] == '.' || t[i] == ':') {
			i++
		}
		if i < len(t) && t[i] == '(' {
			depth := 0
			j := i
			for ; j < len(t); j++ {
				depth += bracketDepth(t[j : j+1])
				if depth == 0 {
					break
				}
			}
			if j == len(t) {
				return max(0, bracketDepth(t[i:])), false
			}
			i = j + 1
		}
		t = strings.TrimSpace(t[i:])
	}
	return 0, t != "" && !scan.CommentLine(t)
}

// bracketDepth is how many brackets a line opens and leaves open (less
// those it closes), outside its string literals.
func bracketDepth(t string) int {
	n := 0
	var quote byte
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			n++
		case c == ')' || c == ']' || c == '}':
			n--
		}
	}
	return n
}

// joinSignature joins a signature's lines onto one: "def run(" says
// nothing, "def run(spec, *, budget=200) -> Result" does. The lines end
// at the first that closes every bracket the declaration opened and does
// not end in a comma, with a brace alone on the line after it.
func joinSignature(lines []extract.Line) string {
	sig, _ := joinFirst(lines)
	return sig
}

// continuations start a line that goes on with the declaration above it:
// its bases (`extends`, C#'s and Kotlin's `: Base` on a line of its own),
// its constraints.
var continuations = []string{"extends ", "implements ", "where ", ": "}

// continues reports a line that goes on with the declaration above it.
func continues(text string) bool {
	t := strings.TrimSpace(text)
	return slices.ContainsFunc(continuations, func(c string) bool { return strings.HasPrefix(t, c) })
}

// closeBraces counts the braces of t into open, which is above zero, and
// returns what follows the brace that brings it to zero, and true; or
// false when t leaves it open.
func closeBraces(t string, open *int) (string, bool) {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '{':
			*open++
		case '}':
			if *open--; *open == 0 {
				return t[i+1:], true
			}
		}
	}
	return "", false
}

// joinFirst is joinSignature and the count of lines it took.
func joinFirst(lines []extract.Line) (string, int) {
	var parts []string
	depth, angles := 0, 0
	braces := 0 // of an object type the result is written as, `): {` to its `}`
	n := 0
	for _, l := range lines {
		n++
		t := strings.TrimSpace(l.Text)
		// Past the first line, a decorator belongs to a parameter
		// (NestJS's @Args(...)), not above the declaration.
		if t == "" || scan.CommentLine(t) && !annotatedCode(t) && (len(parts) == 0 || !strings.HasPrefix(t, "@") && !(depth > 0 && strings.HasPrefix(t, "["))) {
			continue // (a parameter's own attribute, C#'s `[FromKeyedServices("x")] ICache cache)`, is the parameter's)
		}
		// A comment ending a line other than the last would comment out
		// the rest (`def f(  # type: ignore[misc]`); the last keeps its
		// own, which says what a kept field is.
		if n := len(parts); n > 0 {
			parts[n-1] = cutLineComment(parts[n-1])
		}
		parts = append(parts, t)
		t = cutLineComment(t)
		depth += strings.Count(t, "(") + strings.Count(t, "[") - strings.Count(t, ")") - strings.Count(t, "]")
		if strings.HasSuffix(t, "<") || angles > 0 {
			// `async query<` over its type parameters' lines, to the `>`
			// that closes them.
			angles += strings.Count(t, "<") - strings.Count(t, ">") + strings.Count(t, "=>")
			if angles > 0 {
				continue
			}
		}
		if braces > 0 {
			// `  body: { message: string };` / `} {`: the type goes on to
			// its closing brace; a brace after it opens the body.
			rest, closed := closeBraces(t, &braces)
			if !closed {
				continue
			}
			t = strings.TrimSpace(rest)
			if t == "" {
				continue
			}
		}
		if depth <= 0 && strings.HasSuffix(t, "{") && strings.HasSuffix(strings.TrimSpace(strings.TrimSuffix(t, "{")), "):") && n < len(lines) {
			// `static toRestAPIError(err: unknown): {`: the result's
			// object type opens, not the body.
			braces = 1
			continue
		}
		if depth <= 0 && (strings.HasSuffix(t, "{") || strings.HasSuffix(t, ":") || strings.HasSuffix(t, "{ ... }") || !strings.HasSuffix(t, ",")) {
			if n < len(lines) && !strings.HasSuffix(t, "{") && !strings.HasSuffix(t, ":") && continues(lines[n].Text) {
				continue // `export interface X` over `  extends Base<T> {`
			}
			if n < len(lines) && !strings.HasSuffix(t, "{") && strings.TrimSpace(lines[n].Text) == "{" {
				parts, n = append(parts, "{"), n+1 // the brace on the line below (PSR-12's, Allman's) opens the body
			}
			break
		}
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 && !strings.HasSuffix(parts[i-1], "<") && !strings.HasPrefix(p, ">") {
			b.WriteByte(' ') // (not inside type parameters that open or close a line: `query<`, `> {`)
		}
		b.WriteString(p)
	}
	joined := b.String()
	for _, f := range [][2]string{{"( ", "("}, {" )", ")"}, {", )", ",)"}, {"[ ", "["}, {" ]", "]"}, {",>", ">"}} {
		joined = strings.ReplaceAll(joined, f[0], f[1])
	}
	return dropTrailingCommas(joined), n
}

// tupleKeywords are the words a parenthesized tuple may follow, which no
// call's name is: `in (A,)`, `return (x,)`.
var tupleKeywords = map[string]bool{"in": true, "return": true, "yield": true, "and": true, "or": true, "not": true,
	"else": true, "if": true, "is": true, "await": true, "lambda": true, "assert": true}

// lifetime reports a ' at i that starts a Rust lifetime or label ('a,
// '_), not a character literal: a name follows it, and no ' closes it
// right after.
func lifetime(s string, i int) bool {
	j := i + 1
	for j < len(s) && extract.IdentByte(s[j]) {
		j++
	}
	return j > i+1 && (j == len(s) || s[j] != '\'')
}

// dropTrailingCommas removes the comma before a closing parenthesis of a
// call's arguments or a signature's parameters (`f(a, b,)`), where it
// means nothing; the one of a parenthesized tuple (`(UniqueConstraint(...),)`,
// whose "(" follows no name) stays: without it the tuple is its element.
func dropTrailingCommas(s string) string {
	if !strings.Contains(s, ",)") {
		return s
	}
	var b strings.Builder
	var opens []bool // for each "(" open: whether it starts a call's or a signature's list
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' && i+1 < len(s) {
				b.WriteByte(c)
				i++
				c = s[i]
			} else if c == quote {
				quote = 0
			}
		case c == '\'' && lifetime(s, i):
			// Rust's <'a>, &'_ str: no quote opens.
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(':
			k := i - 1
			for k >= 0 && s[k] == ' ' {
				k--
			}
			w := k + 1
			for w > 0 && extract.IdentByte(s[w-1]) {
				w--
			}
			call := k >= 0 && (extract.IdentByte(s[k]) && !tupleKeywords[s[w:k+1]] || s[k] == ')' || s[k] == ']' || s[k] == '>' && (k == 0 || s[k-1] != '-'))
			opens = append(opens, call)
		case c == ')':
			if len(opens) > 0 {
				opens = opens[:len(opens)-1]
			}
		case c == ',' && i+1 < len(s) && s[i+1] == ')' && (len(opens) == 0 || opens[len(opens)-1]):
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// cutLineComment cuts a comment that ends a line of code (` # ...`,
// ` // ...`, outside quotes): joined onto one line with what follows, it
// would comment that out. A `#[` opens an attribute and a `#` before a
// word is Swift's (`#fileID`, `#selector(`), not a comment.
func cutLineComment(t string) string {
	var quote byte
	for k := 1; k < len(t); k++ {
		c := t[k]
		switch {
		case quote != 0:
			if c == '\\' {
				k++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '`' || c == '\'' && strings.IndexByte(t[k+1:], '\'') >= 0:
			quote = c
		case t[k-1] != ' ' && t[k-1] != '\t':
		case c == '#' && (k+1 == len(t) || !extract.IdentByte(t[k+1]) && t[k+1] != '[' && t[k+1] != '!' && t[k+1] != '('), strings.HasPrefix(t[k:], "//"):
			return strings.TrimRight(t[:k], " \t")
		}
	}
	return t
}

// IndexNote words what the index holds, for its heading.
func (a *Artifact) IndexNote() string {
	n := len(a.entries)
	return fmt.Sprintf("%d %s not shown in full, one line each", n, naming.Plural(n, "definition", "definitions"))
}

package artifact

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/redact"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
)

// TestsRef is the reference the test files artifact is selected by: no
// name of the spec, its discussing testing; TestsName is how a list of
// dropped references says it.
const (
	TestsRef  = "tests"
	TestsName = "the test files"
)

// DroppedName is how a dropped reference reads in a list of them: the
// test files artifact as words, a name as code.
func DroppedName(ref string) string {
	if ref == TestsRef {
		return TestsName
	}
	return naming.Code(ref)
}

// Selection says which spec line named an artifact and why it was chosen.
type Selection struct {
	Ref      string `json:"ref"`
	SpecLine int    `json:"spec_line"`
	Reason   string `json:"reason"`
}

// alteredPrefix starts the note of an artifact that creates a table later
// migrations alter.
const alteredPrefix = "Created by this migration; altered later by "

// AlteredNote is the note of an artifact that creates a table the
// migrations altered alter: "(not shown)" after them all when no artifact
// shows any, else each with the label of the artifact that shows it
// (shown) or "(not shown)".
func AlteredNote(altered []string, shown map[string]string) string {
	if !slices.ContainsFunc(altered, func(f string) bool { return shown[f] != "" }) {
		return alteredPrefix + strings.Join(altered, ", ") + " (not shown)."
	}
	parts := make([]string, len(altered))
	for i, f := range altered {
		if l := shown[f]; l != "" {
			parts[i] = fmt.Sprintf("%s (%s)", f, l)
		} else {
			parts[i] = f + " (not shown)"
		}
	}
	return alteredPrefix + strings.Join(parts, ", ") + "."
}

// NoteAltered writes the labels of the artifacts that show the migrations
// an artifact's table is altered by into its note (see AlteredNote).
func NoteAltered(as []*Artifact) {
	shown := map[string]string{}
	for _, a := range as {
		if _, ok := shown[a.Path]; !ok {
			shown[a.Path] = a.Label
		}
	}
	for _, a := range as {
		for i, n := range a.Notes {
			if len(a.Altered) > 0 && strings.HasPrefix(n, alteredPrefix) {
				a.Notes[i] = AlteredNote(a.Altered, shown)
			}
		}
	}
}

// Artifact is one labeled entry of the appendix.
type Artifact struct {
	Label       string
	Kind        extract.Kind
	Title       string
	Repo        string // the repository's name, when an appendix spans several
	Path        string
	StartLine   int
	EndLine     int
	Lang        *extract.Language
	Symbols     []string
	Modified    bool
	Truncated   string // "", "signature" or "fields"
	SelectedBy  []Selection
	Lines       []extract.Line
	Members     []extract.Member
	ContextFile string   // the --context file that already holds this code
	PointerOnly bool     // the excerpt would repeat that whole file: point, do not paste
	Notes       []string // shown under the heading: other definitions of an ambiguous name
	// Altered are the later migrations that alter the table it creates,
	// which its note names (see AlteredNote).
	Altered []string
	// Body is a function or method shown whole, body included, as asked
	// for with --body (see Body).
	Body bool

	full      *shape      // the artifact before the budget trimmed it
	KeepLabel bool        // the label an earlier round gave it
	Source    spec.Source // best source among the references that chose it
	// Salience is how central the artifact's references are to the spec
	// (see Salience): the highest of them.
	Salience int
	Order    int  // position in the spec of the first reference naming it
	overflow bool // past the protocol's per-kind guideline
	redacted bool // its secrets are replaced already

	defs    []*extract.Definition // the definitions it shows
	entries []Entry               // a signature index's lines
	named   map[int]bool          // a body's rows that name the spec's names: what CutBody keeps
}

// shape is what budget trims change.
type shape struct {
	lines      []extract.Line
	start, end int
	truncated  string
}

// Snapshot keeps the artifact's full text, for Untrim.
func (a *Artifact) Snapshot() {
	a.full = &shape{a.Lines, a.StartLine, a.EndLine, a.Truncated}
}

// FullLines is the text before any budget trim.
func (a *Artifact) FullLines() []extract.Line {
	if a.full != nil {
		return a.full.lines
	}
	return a.Lines
}

// Untrim gives a trimmed artifact back the text Snapshot kept; undo trims
// it again. ok is false when it was not trimmed. A body cut to half the
// budget stays cut: the cut is a rule, not a trim to make room.
func (a *Artifact) Untrim() (undo func(), ok bool) {
	if a.full == nil || a.Truncated == a.full.truncated || a.Body {
		return nil, false
	}
	cut := *a
	a.Lines, a.StartLine, a.EndLine, a.Truncated = a.full.lines, a.full.start, a.full.end, a.full.truncated
	return func() {
		a.Lines, a.StartLine, a.EndLine, a.Truncated = cut.Lines, cut.StartLine, cut.EndLine, cut.Truncated
	}, true
}

// Text is the code the artifact shows.
func (a *Artifact) Text() string {
	var b strings.Builder
	for i, l := range a.Lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.Text)
	}
	return b.String()
}

// Tokens estimates the artifact's tokens as ceil(bytes / 4).
func (a *Artifact) Tokens() int {
	switch {
	case a.PointerOnly:
		return (len(a.Pointer()) + 3) / 4
	case a.ContextFile != "":
		return (len(a.Pointer()) + 1 + len(a.Text()) + 3) / 4
	}
	return (len(a.Text()) + 3) / 4
}

// Where is the artifact's file as the appendix names it: its path,
// after its repository's name when an appendix spans several.
func (a *Artifact) Where() string {
	if a.Repo == "" {
		return a.Path
	}
	return a.Repo + ": " + a.Path
}

// Pointer is the line that sends a reader to a --context file.
func (a *Artifact) Pointer() string {
	if a.PointerOnly {
		return fmt.Sprintf("(See --context file: %s, %s.)", a.ContextFile, a.LineRange())
	}
	what := "the full file"
	if a.Kind == extract.KindSchema || a.Kind == extract.KindEnum {
		what = "full schema"
	}
	return fmt.Sprintf("(See --context file: %s for %s. Relevant excerpt below.)", a.ContextFile, what)
}

// Owner is the class or type that declares the artifact's definitions,
// when they share one that its text does not name: a Python method's
// `def post(self, item_id):` says not whose it is, and two such
// artifacts would read the same.
func (a *Artifact) Owner() string {
	owner := ""
	for i, d := range a.defs {
		if d.Container == "" || i > 0 && d.Container != owner {
			return ""
		}
		owner = d.Container
	}
	if owner == "" || naming.HasWord(a.Text(), owner) {
		return ""
	}
	return owner
}

func (a *Artifact) LineRange() string {
	if a.StartLine == a.EndLine {
		return fmt.Sprintf("line %d", a.StartLine)
	}
	return fmt.Sprintf("lines %d-%d", a.StartLine, a.EndLine)
}

// maxStringLines is the most lines a string literal is shown with; a
// longer one (a prompt, a docstring, a query) keeps its first and last
// lines and a note counting the rest.
const maxStringLines = 3

// cutStrings cuts the string literals of more than maxStringLines lines.
func cutStrings(a *Artifact, spans [][2]int) {
	for _, sp := range spans {
		first, last := sp[0], sp[1]
		if last-first+1 <= maxStringLines {
			continue
		}
		var out []extract.Line
		for _, l := range a.Lines {
			switch {
			case l.Row <= first || l.Row >= last:
				out = append(out, l)
			case l.Row == first+1:
				n := last - first - 1
				out = append(out, extract.Line{Row: l.Row, Text: fmt.Sprintf("%s ... %d more %s of the string omitted", a.Lang.Comment, n, naming.Plural(n, "line", "lines"))})
			}
		}
		a.Lines = out
	}
}

// maxCommentLines is the most lines a run of comment lines is shown
// with; a longer one (thirty lines on one condition constant) keeps its
// first keptCommentLines and a note counting the rest.
const (
	maxCommentLines  = 8
	keptCommentLines = 4
)

// cutComments cuts the runs of comment lines longer than maxCommentLines.
func cutComments(a *Artifact) {
	comment := func(text string) bool {
		t := strings.TrimSpace(text)
		return a.Lang != nil && a.Lang.Comment != "" && strings.HasPrefix(t, a.Lang.Comment) ||
			a.Lang != nil && a.Lang.Comment == "//" && (strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*"))
	}
	var out []extract.Line
	for i := 0; i < len(a.Lines); {
		j := i
		for j < len(a.Lines) && comment(a.Lines[j].Text) {
			j++
		}
		if j-i <= maxCommentLines {
			out = append(out, a.Lines[i:max(j, i+1)]...)
			i = max(j, i+1)
			continue
		}
		out = append(out, a.Lines[i:i+keptCommentLines]...)
		first := a.Lines[i+keptCommentLines]
		indent := first.Text[:len(first.Text)-len(strings.TrimLeft(first.Text, " \t"))]
		n := j - i - keptCommentLines
		out = append(out, extract.Line{Row: first.Row, Text: fmt.Sprintf("%s%s ... %d more comment %s omitted", indent, a.Lang.Comment, n, naming.Plural(n, "line", "lines"))})
		i = j
	}
	a.Lines = out
}

// maxGroup is the largest declaration block shown whole for one of its names.
const maxGroup = 6

// Build turns matches into artifacts: one per definition, with a
// definition that lies inside another chosen one (a method of a chosen
// class) folded into it, and definitions that follow each other directly
// in one file sharing one artifact.
func Build(matches []resolve.Match, words map[string]bool) []*Artifact {
	byDef := map[*extract.Definition]*Artifact{}
	var arts []*Artifact
	for _, m := range matches {
		a := byDef[m.Def]
		if a == nil {
			d := m.Def
			a = &Artifact{Kind: d.Kind, Title: d.Title, Path: d.Path, StartLine: d.StartLine, EndLine: d.EndLine,
				Lang: d.Lang, Lines: append([]extract.Line(nil), d.Lines...), Members: shownMembers(d.Members),
				Source: m.Ref.Source, Order: m.Order, Salience: Salience(m), defs: []*extract.Definition{d}}
			if len(a.Lines) > 0 && a.Lines[0].Row == 1 {
				a.Lines[0].Text = strings.TrimPrefix(a.Lines[0].Text, "\ufeff") // a file's byte order mark is no code
			}
			for _, o := range m.Overloads {
				// Each overload of a set nothing told apart, after a blank
				// line, as the file sets them apart.
				a.Lines = append(append(a.Lines, extract.Line{Row: o.StartLine - 1}), o.Lines...)
				a.Members = append(a.Members, shownMembers(o.Members)...)
				a.EndLine = max(a.EndLine, o.EndLine)
				a.defs = append(a.defs, o)
			}
			cutStrings(a, d.Strings)
			cutComments(a)
			if d.Grouped && len(d.Members) > maxGroup {
				TrimFields(a, words, false) // one name of a long const/var block
			}
			byDef[d] = a
			arts = append(arts, a)
		}
		a.add(m)
	}
	for _, a := range arts {
		showAssigned(a, words)
	}
	// Definitions inside another artifact of the same file fold into it.
	sort.SliceStable(arts, func(i, j int) bool {
		if arts[i].Path != arts[j].Path {
			return arts[i].Path < arts[j].Path
		}
		if arts[i].StartLine != arts[j].StartLine {
			return arts[i].StartLine < arts[j].StartLine
		}
		return arts[i].EndLine > arts[j].EndLine
	})
	var out []*Artifact
	for _, a := range arts {
		if n := len(out); n > 0 {
			prev := out[n-1]
			// Inside another artifact: a method of a chosen class. Two
			// statements sharing one line span the same range with other
			// text, and stay apart.
			if prev.Path == a.Path && a.StartLine >= prev.StartLine && a.EndLine <= prev.EndLine &&
				(a.StartLine != prev.StartLine || a.EndLine != prev.EndLine || a.Text() == prev.Text()) && shows(prev, a) {
				prev.absorb(a)
				continue
			}
			// Constants, enums and errors that follow each other share one
			// artifact; tables and types each keep their own.
			if prev.Path == a.Path && a.StartLine == prev.EndLine+1 && sameFamily(prev.Kind, a.Kind) && family(a.Kind) == 1 {
				prev.Lines = append(prev.Lines, a.Lines...)
				prev.Members = append(prev.Members, a.Members...)
				prev.EndLine = a.EndLine
				if prev.Kind != a.Kind {
					prev.Kind, prev.Title = extract.KindConstant, "Constants"
				}
				prev.absorb(a)
				continue
			}
		}
		out = append(out, a)
	}
	return groupErrors(out)
}

// showAssigned adds to a type's lines the assignment of each attribute a
// method of it assigns that the spec names (`self.trackers = {}`, in an
// `__init__` whose body the lines cut), under the method: where the type
// gets the attribute, which its own lines do not say. Named is by a
// reference that chose the type (`Resolve.trackers`), or by a word of the
// spec that is no lowercase word alone (`specs_map`). Each is a member of one line,
// kept by trimming as the fields the spec names are. An attribute the type
// also declares in its body is shown there.
func showAssigned(a *Artifact, words map[string]bool) {
	d := a.defs[0]
	named := map[string]bool{}
	for w := range words {
		if !spec.BareWord(w) {
			named[normalize(w)] = true
		}
	}
	for _, s := range a.SelectedBy {
		named[normalize(s.Ref[strings.LastIndexByte(s.Ref, '.')+1:])] = true
	}
	declared := map[string]bool{}
	for _, m := range d.Members {
		if !m.Assigned {
			declared[m.Name] = true
		}
	}
	for _, m := range d.Members {
		if !m.Assigned || m.Line == "" || m.Decl <= d.StartLine || m.Decl > d.EndLine || declared[m.Name] || !namedMember(m, named) {
			continue
		}
		i := slices.IndexFunc(a.Lines, func(l extract.Line) bool { return l.Row >= m.Decl })
		if i < 0 {
			continue // past the lines shown
		}
		if a.Lines[i].Row == m.Decl {
			declared[m.Name] = true // on a line shown (`__slots__`): that one says it
			continue
		}
		a.Lines = slices.Insert(a.Lines, i, extract.Line{Row: m.Decl, Text: m.Line})
		a.Members = append(a.Members, extract.Member{Name: m.Name, Start: m.Decl, End: m.Decl, Decl: m.Decl})
		declared[m.Name] = true
	}
}

// shownMembers are the members a definition's lines declare: not the
// attributes its methods assign (Python's self.x), which a member of its
// own is made of, and no trim keeps a line of.
func shownMembers(ms []extract.Member) []extract.Member {
	return slices.DeleteFunc(slices.Clone(ms), func(m extract.Member) bool { return m.Assigned })
}

// shows reports whether prev shows the lines of a that lie inside it: a
// line located by text inside a body prev elides (a CREATE TABLE in a
// migration function's string) stays an artifact of its own.
func shows(prev, a *Artifact) bool {
	rows := map[int]bool{}
	for _, l := range prev.Lines {
		rows[l.Row] = true
	}
	for _, l := range a.Lines {
		if !rows[l.Row] {
			return false
		}
	}
	return true
}

// groupErrors folds the error artifacts of one file into the first of
// them: a reviewer reads a file's error types together. Chunks that are
// not adjacent are separated by an elision line.
func groupErrors(arts []*Artifact) []*Artifact {
	first := map[string]*Artifact{}
	var out []*Artifact
	for _, a := range arts {
		if a.Kind != extract.KindError || a.ContextFile != "" {
			out = append(out, a)
			continue
		}
		g := first[a.Path]
		if g == nil {
			first[a.Path] = a
			out = append(out, a)
			continue
		}
		if a.StartLine > g.EndLine+1 {
			g.Lines = append(g.Lines, extract.Line{Row: g.EndLine + 1, Text: g.Lang.Comment + " ..."})
		}
		g.Lines = append(g.Lines, a.Lines...)
		g.Members = append(g.Members, a.Members...)
		g.EndLine = max(g.EndLine, a.EndLine)
		g.Title = "Errors"
		g.absorb(a)
	}
	return out
}

func (a *Artifact) add(m resolve.Match) {
	a.Modified = a.Modified || m.Ref.Modified
	if m.Ref.Source < a.Source {
		a.Source = m.Ref.Source
	}
	a.Order = min(a.Order, m.Order)
	a.Salience = max(a.Salience, Salience(m))
	sym := m.Def.QualifiedName()
	if !slices.Contains(a.Symbols, sym) {
		a.Symbols = append(a.Symbols, sym)
	}
	reason := m.Reason
	if m.Ref.Modified {
		reason += "; the spec proposes to change it"
	}
	a.SelectedBy = append(a.SelectedBy, Selection{Ref: m.Ref.Name, SpecLine: m.Ref.Line, Reason: reason})
	if m.Handler != "" && !slices.Contains(a.Notes, m.Handler) {
		a.Notes = append(a.Notes, m.Handler)
	}
	if len(m.Altered) > 0 {
		// (One note, whichever of its columns the spec names.)
		a.Notes = slices.DeleteFunc(a.Notes, func(n string) bool { return strings.HasPrefix(n, alteredPrefix) })
		for _, f := range m.Altered {
			if !slices.Contains(a.Altered, f) {
				a.Altered = append(a.Altered, f)
			}
		}
		a.Notes = append(a.Notes, AlteredNote(a.Altered, nil))
	}
	// A test's copy is no rival to the code's, nor is a definition outside
	// every place the spec names when the chosen one is in one (a web
	// client's function named like the server's): the note, which the
	// debate reads, leaves them out; the reason keeps them.
	var others, versions []string
	for i, o := range m.Others {
		p, _, _ := strings.Cut(o, ":")
		if !scan.TestFile(m.Def.Path) && scan.TestFile(p) || i < len(m.Rivals) && slices.Contains(m.Afar, m.Rivals[i]) {
			continue
		}
		others = append(others, o)
		if i < len(m.Versions) && m.Versions[i] != "" {
			versions = append(versions, m.Versions[i])
		}
	}
	if len(others) > 0 {
		shown, more := others, ""
		if len(shown) > 2 {
			shown, more = shown[:2], fmt.Sprintf(" and %d more", len(others)-2)
		}
		tail := fmt.Sprintf(" also %s %s%s; this one because %s.", naming.Plural(1, "matches", ""), strings.Join(shown, ", "), more, m.Why)
		if len(versions) == len(others) {
			// Each is the same file in another version of the API: the
			// versions say what the paths would.
			tail = fmt.Sprintf(" also matches the API's other versions (%s); this one because %s.", strings.Join(versions, ", "), m.Why)
		}
		for i, n := range a.Notes {
			// Two names of one artifact with the same alternatives share a note.
			if j := strings.Index(n, " also matches "); j > 0 && n[j:] == tail {
				a.Notes[i] = n[:j] + fmt.Sprintf(", `%s`", m.Ref.Name) + tail
				return
			}
		}
		a.Notes = append(a.Notes, fmt.Sprintf("`%s`%s", m.Ref.Name, tail))
	}
}

func (a *Artifact) absorb(b *Artifact) {
	a.Modified = a.Modified || b.Modified
	a.Source = min(a.Source, b.Source)
	a.Order = min(a.Order, b.Order)
	for _, s := range b.Symbols {
		if !slices.Contains(a.Symbols, s) {
			a.Symbols = append(a.Symbols, s)
		}
	}
	a.SelectedBy = append(a.SelectedBy, b.SelectedBy...)
	for _, n := range b.Notes {
		if !slices.Contains(a.Notes, n) {
			a.Notes = append(a.Notes, n) // (two routes of one registration name one handler)
		}
	}
	a.defs = append(a.defs, b.defs...)
}

func family(k extract.Kind) int {
	switch k {
	case extract.KindConstant, extract.KindEnum, extract.KindError:
		return 1
	case extract.KindType, extract.KindInterface, extract.KindSchema:
		return 2
	case extract.KindFunction, extract.KindMethod:
		return 3
	}
	return 0
}

func sameFamily(a, b extract.Kind) bool { return family(a) != 0 && family(a) == family(b) }

// guideline is the per-kind budget guideline: at most so many artifacts
// of a group (signatures, types, schemas, errors...); past it, further
// artifacts of the kind rank below every artifact within it.
func guideline(k extract.Kind) (group string, max int) {
	switch k {
	case extract.KindType, extract.KindInterface:
		return "type", 5
	case extract.KindSchema:
		return "schema", 3
	case extract.KindRoute:
		return "route", 5
	case extract.KindFunction, extract.KindMethod:
		return "signature", 8
	case extract.KindConstant, extract.KindEnum, extract.KindError:
		return "constant", 3
	}
	return string(k), 3
}

// Prioritize orders artifacts as the budget keeps them: the bodies asked
// for first, outside the per-kind guideline; then what the spec modifies,
// then artifacts within the guideline, then by where the name was found
// (code span, prose, fenced code) and where it first appears in the spec.
func Prioritize(arts []*Artifact) {
	sort.SliceStable(arts, func(i, j int) bool { return less(arts[i], arts[j]) })
	seen := map[string]int{}
	for _, a := range arts {
		if a.Body {
			continue
		}
		g, max := guideline(a.Kind)
		seen[g]++
		a.overflow = seen[g] > max
	}
	sort.SliceStable(arts, func(i, j int) bool {
		if arts[i].Body != arts[j].Body {
			return arts[i].Body
		}
		// A definition in a test file stays after the code's own, past
		// the guideline or not.
		if ta, tb := scan.TestFile(arts[i].Path), scan.TestFile(arts[j].Path); ta != tb {
			return tb
		}
		if arts[i].overflow != arts[j].overflow {
			return !arts[i].overflow
		}
		return less(arts[i], arts[j])
	})
}

func less(a, b *Artifact) bool {
	if a.Body != b.Body {
		return a.Body
	}
	// A definition in a test file is shown only when the code's own are.
	if ta, tb := scan.TestFile(a.Path), scan.TestFile(b.Path); ta != tb {
		return tb
	}
	if a.Salience != b.Salience {
		return a.Salience > b.Salience
	}
	if a.Modified != b.Modified {
		return a.Modified
	}
	if a.Source != b.Source {
		return a.Source < b.Source
	}
	if a.Order != b.Order {
		return a.Order < b.Order
	}
	if a.Path != b.Path {
		return a.Path < b.Path
	}
	return a.StartLine < b.StartLine
}

// Redact redacts the snippets of the artifacts not redacted yet.
// The lines are copied first: they may be shared with the extraction cache.
func Redact(arts []*Artifact) int {
	n := 0
	for _, a := range arts {
		if a.redacted {
			continue
		}
		a.redacted = true
		lines := append([]extract.Line(nil), a.Lines...)
		if c := redact.Lines(a.Path, lines); c > 0 {
			a.Lines = lines
			n += c
		}
	}
	return n
}

// The weights of a reference's salience: the spec's lines that name it
// count sub-linearly, in steps (1, 2-3, 4-7, 8-15, ... lines); a mention
// under a key heading, a proposed change and a path or module written
// next to it add a step each. A definition chosen from many by path order
// alone takes a step away: nothing says it is the one the spec means.
const (
	WeightMentionStep = 1
	WeightKeySection  = 1
	WeightModified    = 1 // the spec changes it
	WeightPlaced      = 1 // the spec says where it lives
	WeightArbitrary   = -1
)

// arbitraryRivals is how many other definitions make a choice that no
// signal made arbitrary.
const arbitraryRivals = 3

// Salience scores how central a reference is to the spec, from how many
// of its lines name it, whether a key section does, whether the spec
// changes it or says where it lives, and whether anything chose its
// definition over the others. Ties rank by the other keys (modified,
// source, order).
func Salience(m resolve.Match) int {
	r := m.Ref
	s := WeightMentionStep * (bits.Len(uint(max(r.Mentions, 1))) - 1)
	if r.KeySection && r.Mentions > 1 {
		s += WeightKeySection
	}
	if r.Modified {
		s += WeightModified
	}
	if r.Path != "" || r.Placed != "" {
		s += WeightPlaced
	}
	if m.Arbitrary && len(m.Others) >= arbitraryRivals {
		s += WeightArbitrary
	}
	return s
}

// NamedItself returns the symbols of the artifact that the spec names
// itself, and the spec's names for them: by their name in any spelling
// (`concern_category` for ConcernCategory), as the type a chain of
// members starts from (`Order.total`), or as a route; not the ones it
// reaches by a member's name alone.
func (a *Artifact) NamedItself() (syms, named []string) {
	for _, sym := range a.Symbols {
		symWords := strings.Join(naming.Words(sym[strings.LastIndexByte(sym, '.')+1:]), " ")
		for _, s := range a.SelectedBy {
			segs := strings.Split(strings.TrimSuffix(s.Ref, "()"), ".")
			for _, seg := range []string{segs[0], segs[len(segs)-1]} {
				if a.Kind != extract.KindRoute && strings.Join(naming.Words(seg), " ") != symWords {
					continue
				}
				if !slices.Contains(syms, sym) {
					syms = append(syms, sym)
				}
				if !slices.Contains(named, s.Ref) {
					named = append(named, s.Ref)
				}
			}
		}
	}
	return syms, named
}

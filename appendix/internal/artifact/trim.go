package artifact

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// TrimSignature cuts a multi-line function signature to its declaring
// line, parameters joined onto it, one line per overload.
func TrimSignature(a *Artifact) bool {
	if a.ContextFile != "" || (a.Kind != extract.KindFunction && a.Kind != extract.KindMethod) || len(a.Lines) < 2 {
		return false
	}
	i := pastAnnotations(a.Lines)
	if i == 0 && len(a.Lines) == 1 {
		return false
	}
	// The declaration, its parameters joined onto one line: a signature
	// cut at its first line ("def run(") says nothing.
	first := a.Lines[i].Text
	indent := first[:len(first)-len(strings.TrimLeft(first, " \t"))]
	// Each overload's signature (TypeScript's, Python's @overload stubs)
	// joined onto a line of its own, at the row it starts; what follows
	// the last, a comment opening the body, is not part of it.
	var sigs []extract.Line
	for rest := a.Lines[i:]; len(rest) > 0; {
		sig, n := joinFirst(rest)
		sigs = append(sigs, extract.Line{Row: rest[0].Row, Text: indent + sig})
		rest = rest[n:]
		// The next overload starts at the signature's own indentation
		// (`@overload`, or a line with the name), after blank lines and a
		// stub's comments; a line indented deeper is the body's.
		for len(rest) > 0 && (strings.TrimSpace(rest[0].Text) == "" || scan.CommentLine(rest[0].Text) && !strings.HasPrefix(rest[0].Text, indent+"@")) {
			rest = rest[1:]
		}
		if len(rest) == 0 || len(a.defs) == 0 || !sameIndent(rest[0].Text, indent) ||
			!strings.HasPrefix(strings.TrimSpace(rest[0].Text), "@") && !naming.HasWord(rest[0].Text, a.defs[0].Name) {
			break
		}
	}
	a.Lines = sigs
	a.StartLine, a.EndLine = sigs[0].Row, sigs[len(sigs)-1].Row
	a.Truncated = "signature"
	return true
}

// pastAnnotations is the index of the first line of lines that is
// neither a comment nor part of an annotation or decorator, whose
// arguments may run over lines (`@Query(` / `value = """...""",` / `)`
// above a Room DAO's method), and not the last line.
func pastAnnotations(lines []extract.Line) int {
	i, depth := 0, 0
	for i < len(lines)-1 {
		t := strings.TrimSpace(lines[i].Text)
		switch {
		case depth > 0:
		case strings.HasPrefix(t, "@"):
		case scan.CommentLine(t):
			i++
			continue
		default:
			return i
		}
		depth = max(0, depth+strings.Count(t, "(")-strings.Count(t, ")"))
		i++
	}
	return i
}

// sameIndent reports a line that starts at indent, not deeper.
func sameIndent(line, indent string) bool {
	rest, ok := strings.CutPrefix(line, indent)
	return ok && rest != "" && rest[0] != ' ' && rest[0] != '\t'
}

// CutLines keeps the first n lines of an artifact and says how many more
// there were: the last resort for one artifact that would take the room of
// many. It reports whether it cut; it does not when those lines name none
// of the names that chose the artifact.
func CutLines(a *Artifact, n int) bool {
	if a.ContextFile != "" || a.Kind == extract.KindIndex || n < 1 || len(a.Lines) <= n+1 {
		return false
	}
	if names := a.chosenNames(); len(names) > 0 && !slices.ContainsFunc(a.Lines[:n], func(l extract.Line) bool {
		return slices.ContainsFunc(names, func(w string) bool { return naming.HasWord(l.Text, w) })
	}) {
		return false // the head would show none of what chose it (`endTime` of a const block): the index says more
	}
	rest := len(a.Lines) - n
	note := a.Lines[n-1]
	note.Text = fmt.Sprintf("%s ... %d more %s omitted", a.Lang.Comment, rest, naming.Plural(rest, "line", "lines"))
	a.Lines = append(append([]extract.Line(nil), a.Lines[:n]...), note)
	a.EndLine = a.Lines[n-1].Row
	a.Truncated = "lines"
	return true
}

// chosenNames are the names an artifact is shown for: its definitions',
// and the member each reference that chose it names last (`endTime` of
// a const block, `Order.total`).
func (a *Artifact) chosenNames() []string {
	var out []string
	for _, d := range a.defs {
		out = append(out, d.Name)
	}
	for _, s := range a.SelectedBy {
		last := s.Ref[strings.LastIndexByte(s.Ref, '.')+1:]
		if last != "" && !strings.ContainsFunc(last, func(r rune) bool { return r > 127 || !extract.IdentByte(byte(r)) }) && !slices.Contains(out, last) {
			out = append(out, last)
		}
	}
	return out
}

// normalize folds a name for matching across conventions: createdAt,
// created_at and CreatedAt all become "createdat".
func normalize(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// namedMember reports a member the spec names, by its name, its name
// without a stability prefix (`unstable_dataStrategy`), or a name it is
// serialized as (`maxNodes` for the field Nodes), the words normalized.
func namedMember(m extract.Member, norm map[string]bool) bool {
	if norm[normalize(m.Name)] {
		return true
	}
	for _, pre := range naming.StabilityPrefixes {
		if rest, ok := strings.CutPrefix(m.Name, pre); ok && norm[normalize(rest)] {
			return true
		}
	}
	for _, s := range m.Serialized {
		if norm[normalize(s)] {
			return true
		}
	}
	return false
}

// The members every language's types keep when trimmed: those that
// configure a model or make a value (Language.KeyMembers), and those
// marked as the record's key (Language.KeyMarkers).
var (
	keyMembers = lang.Set(func(l *extract.Language) []string { return l.KeyMembers })
	keyMarkers = lang.Union(func(l *extract.Language) []string { return l.KeyMarkers })
)

// keyMember reports fields that identify a record, configure a model or
// make a value; they survive trimming.
func keyMember(name, text string) bool {
	switch n := normalize(name); {
	case n == "id", n == "pk", n == "uuid", n == "key":
		return true
	case keyMembers[n]:
		return true
	}
	for _, k := range keyMarkers {
		if strings.Contains(text, k) {
			return true
		}
	}
	return false
}

// minTrim is the fewest members worth trimming away.
const minTrim = 3

// TrimFields keeps a type's header and closing lines, its key fields and
// the members the spec mentions, and replaces the rest with one note where
// the first of them stood. Blank lines between omitted members go with them.
func TrimFields(a *Artifact, words map[string]bool, enums bool) bool {
	if a.ContextFile != "" || a.Truncated == "fields" || len(a.Members) == 0 || (a.Kind == extract.KindEnum) != enums {
		return false
	}
	norm, keys := map[string]bool{}, map[string]bool{}
	for w := range words {
		norm[normalize(w)] = true
		keys[naming.TableKey(w)] = true
	}
	memberOf := func(row int) int { // the innermost member holding the row
		at := -1
		for i, m := range a.Members {
			if row >= m.Start && row <= m.End && (at < 0 || m.End-m.Start < a.Members[at].End-a.Members[at].Start) {
				at = i
			}
		}
		return at
	}
	keep := make([]bool, len(a.Members))
	var fields, methods int
	for i, m := range a.Members {
		var text strings.Builder
		for _, l := range a.Lines {
			if l.Row >= m.Start && l.Row <= m.End {
				text.WriteString(l.Text)
			}
		}
		// Kept: the fields the spec names, the key, and relations to the
		// models the spec names.
		keep[i] = namedMember(m, norm) || keyMember(m.Name, text.String()) || m.Type != "" && keys[naming.TableKey(m.Type)]
		if !keep[i] && m.Method {
			methods++
		} else if !keep[i] {
			fields++
		}
	}
	if fields+methods < minTrim {
		return false // trimming one or two members saves little and hides them
	}
	// A line is kept when it is structural or belongs to a kept member; a
	// blank line takes the verdict of the next line that is not blank.
	state := make([]int, len(a.Lines)) // 1 keep, 0 omit
	next := 1
	for i := len(a.Lines) - 1; i >= 0; i-- {
		l := a.Lines[i]
		if strings.TrimSpace(l.Text) == "" {
			state[i] = next
			continue
		}
		if mi := memberOf(l.Row); mi >= 0 && !keep[mi] {
			state[i] = 0
		} else {
			state[i] = 1
		}
		next = state[i]
	}
	// One note where each run of omitted members stood, counting that run,
	// so that the note never stands before a member it did not replace.
	runOf := make([][2]int, 0) // [fields, methods] per run
	var out []extract.Line
	inRun := false
	for i, l := range a.Lines {
		if state[i] == 1 {
			out = append(out, l)
			inRun = false
			continue
		}
		mi := memberOf(l.Row)
		if strings.TrimSpace(l.Text) == "" {
			continue // blank lines between omitted members go with them
		}
		if !inRun {
			indent := l.Text[:len(l.Text)-len(strings.TrimLeft(l.Text, " \t"))]
			out = append(out, extract.Line{Row: l.Row, Text: indent})
			runOf = append(runOf, [2]int{})
			inRun = true
		}
		if mi >= 0 && l.Row == a.Members[mi].Start {
			if a.Members[mi].Method {
				runOf[len(runOf)-1][1]++
			} else {
				runOf[len(runOf)-1][0]++
			}
		}
	}
	run := 0
	for i := range out {
		if strings.TrimSpace(out[i].Text) == "" && run < len(runOf) && isRunStart(a.Lines, out[i]) {
			f, m := runOf[run][0], runOf[run][1]
			out[i].Text += fmt.Sprintf("%s ... %s omitted", a.Lang.Comment, columnNoun(a, f, m))
			run++
		}
	}
	a.Lines = out
	a.Truncated = "fields"
	return true
}

// isRunStart tells a note placeholder from a blank line kept from the
// source: the placeholder's row holds text in the source.
func isRunStart(lines []extract.Line, l extract.Line) bool {
	for _, src := range lines {
		if src.Row == l.Row {
			return strings.TrimSpace(src.Text) != ""
		}
	}
	return false
}

// omittedCount words what a trim left out: "29 more fields",
// "3 more methods", "9 more members" (both), "40 more values".
func omittedCount(k extract.Kind, fields, methods int) string {
	n := fields + methods
	if fields > 0 && methods > 0 {
		return fmt.Sprintf("%d more %s", n, naming.Plural(n, "member", "members"))
	}
	if methods > 0 {
		return fmt.Sprintf("%d more %s", n, naming.Plural(n, "method", "methods"))
	}
	one, many := memberNoun(k)
	return fmt.Sprintf("%d more %s", n, naming.Plural(n, one, many))
}

// columnNoun is omittedCount in the words of a language whose fields have
// a name of their own (Language.FieldNoun: SQL's columns).
func columnNoun(a *Artifact, fields, methods int) string {
	if n := a.Lang.FieldNoun; n[0] != "" && methods == 0 {
		return fmt.Sprintf("%d more %s", fields, naming.Plural(fields, n[0], n[1]))
	}
	return omittedCount(a.Kind, fields, methods)
}

// memberNoun names what a trimmed artifact's members are.
func memberNoun(k extract.Kind) (string, string) {
	switch k {
	case extract.KindEnum:
		return "value", "values"
	case extract.KindConstant, extract.KindError:
		return "declaration", "declarations"
	}
	return "field", "fields"
}

// MarkContextFiles turns artifacts from files the debate already has (via
// --context) into pointers: the code is never pasted twice. The pointer
// names the file as the user gave it to --context.
func MarkContextFiles(arts []*Artifact, root string, files []ContextFile, words map[string]bool) {
	for _, f := range files {
		rel, err := filepath.Rel(root, f.Abs)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		for _, a := range arts {
			if a.Path != rel {
				continue
			}
			// The excerpt the spec needs; only a pointer when that would
			// repeat the whole file the debate already has.
			trimmed := TrimFields(a, words, false) || TrimFields(a, words, true)
			a.ContextFile = f.Name
			a.PointerOnly = a.Body || !trimmed && coversFile(f.Abs, a) // the debate has the whole body
		}
	}
}

// coversFile reports an artifact that shows every non-blank line of a file.
func coversFile(file string, a *Artifact) bool {
	b, err := os.ReadFile(file)
	if err != nil {
		return true
	}
	lines := strings.Split(string(b), "\n")
	first, last := 0, len(lines)-1
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	for last > 0 && strings.TrimSpace(lines[last]) == "" {
		last--
	}
	return a.StartLine <= first+1 && a.EndLine >= last+1
}

// ContextFile is a file passed with --context: as given, and absolute.
type ContextFile struct {
	Name string
	Abs  string
}

// TrimToNamed cuts a type to its declaring line and the first line of
// each member the spec names or that identifies the record, with one note
// counting the lines left out: the members a reviewer needs, without the
// comments, docstrings and other members between them. A type the spec
// names no member of is left to TrimToDeclaration.
func TrimToNamed(a *Artifact, words map[string]bool) bool {
	switch a.Kind {
	case extract.KindType, extract.KindInterface, extract.KindSchema, extract.KindError:
	default:
		return false
	}
	if a.ContextFile != "" || len(a.Members) == 0 || a.Truncated != "" && a.Truncated != "fields" {
		return false
	}
	lines := a.FullLines()
	norm := map[string]bool{}
	for w := range words {
		norm[normalize(w)] = true
	}
	keep := map[int]string{} // a named member's first line, its signature joined onto it
	// A definition folded into the artifact was chosen by a reference of
	// its own (a nested `State.Exhausted` of a chosen interface): it is
	// named, however deep it lies.
	members := slices.Clone(a.Members)
	chosen := map[string]bool{}
	for _, d := range a.defs[min(1, len(a.defs)):] {
		name := d.Name
		if d.Route != nil && d.Route.Handler != "" {
			// A route folded into its controller: the handler's line, and
			// the decorator that maps the path (`@Get(':slug')`).
			name = d.Route.Handler
			for _, l := range lines {
				if l.Row == d.StartLine && l.Row < d.EndLine && strings.HasPrefix(strings.TrimSpace(l.Text), "@") {
					keep[l.Row] = l.Text
				}
			}
		}
		members = append(members, extract.Member{Name: name, Start: d.StartLine, End: d.EndLine})
		chosen[name] = true
	}
	for _, m := range members {
		if !chosen[m.Name] && !namedMember(m, norm) {
			continue
		}
		// The line that declares the member: the first that names it, past
		// its comments and decorators; else its first line of code.
		at := -1
		var dec decorators
		for i, l := range lines {
			if l.Row < m.Code() || l.Row > m.End || !dec.code(l.Text) {
				continue
			}
			if at < 0 {
				at = i
			}
			if naming.HasWord(l.Text, m.Name) {
				at = i
				break
			}
		}
		if at >= 0 {
			l := lines[at]
			indent := l.Text[:len(l.Text)-len(strings.TrimLeft(l.Text, " \t"))]
			keep[l.Row] = indent + joinSignature(linesOf(lines[at:], l.Row, m.End))
		}
		// A member of a nested type the spec names through it
		// (`PaperlessTask.TaskType.EMPTY_TRASH`): the line that declares
		// it, inside the nested type.
		for _, inner := range a.nestedNamed(m.Name) {
			for _, l := range lines {
				if l.Row > m.Start && l.Row <= m.End && !scan.CommentLine(l.Text) && leadingName(l.Text) == inner {
					keep[l.Row] = l.Text
					break
				}
			}
		}
	}
	if len(keep) == 0 {
		return false
	}
	decl := a.declAt(lines)
	// The declaration on one line, up to the first member: a class's
	// bases may run over several lines, while a table's first line opens
	// its columns.
	head := lines[decl]
	firstMember := lines[len(lines)-1].Row
	for _, m := range a.Members {
		if m.Start > head.Row {
			firstMember = min(firstMember, m.Start)
		}
	}
	out := []extract.Line{head}
	if decl+1 < len(lines) && lines[decl+1].Row < firstMember && loneOpener(lines[decl+1].Text) {
		out = append(out, lines[decl+1]) // a table's "(" on a line of its own stays on it
	} else {
		head.Text = head.Text[:len(head.Text)-len(strings.TrimLeft(head.Text, " \t"))] + joinSignature(linesOf(lines[decl:], head.Row, max(firstMember-1, head.Row)))
		out[0] = head
	}
	// The lines that close the body: the last line of closing brackets
	// after every member, and the statement's rest after it (a table's
	// ENGINE and ORDER BY).
	var tail []extract.Line
	lastMember := 0
	for _, m := range a.Members {
		lastMember = max(lastMember, m.End)
	}
	for i := len(lines) - 1; i > decl && lines[i].Row > lastMember; i-- {
		if closingLine(lines[i].Text) || strings.HasPrefix(strings.TrimSpace(lines[i].Text), ")") {
			tail = lines[i:]
			break
		}
	}
	firstKept := len(out)
	for _, l := range lines[decl+1:] {
		if text, ok := keep[l.Row]; ok {
			out = append(out, extract.Line{Row: l.Row, Text: text})
		}
	}
	omitted := len(lines) - decl - len(out) - len(tail) // the lines below the declaration not kept
	if omitted < minTrim || len(out)+2 >= len(a.Lines) {
		return false
	}
	indent := ""
	if firstKept < len(out) {
		t := out[firstKept].Text // the first member kept
		indent = t[:len(t)-len(strings.TrimLeft(t, " \t"))]
	}
	out = append(out, extract.Line{Row: out[len(out)-1].Row, Text: fmt.Sprintf("%s%s ... %d more %s omitted", indent, a.Lang.Comment, omitted, naming.Plural(omitted, "line", "lines"))})
	out = append(out, tail...)
	a.Lines = out
	a.StartLine, a.EndLine = out[0].Row, out[len(out)-1].Row
	a.Truncated = "fields"
	return true
}

// declAt is the index in lines of the line that declares the artifact's
// definition, past its decorators and annotations (a TypeScript class
// under 75 lines of @DefaultScope), or else of its first line of code.
func (a *Artifact) declAt(lines []extract.Line) int {
	if len(a.defs) > 0 && a.defs[0].DeclLine > 0 {
		for i, l := range lines {
			if l.Row == a.defs[0].DeclLine {
				return i
			}
		}
	}
	return firstCode(lines, 0)
}

// loneOpener reports a line that only opens a table's columns: "(".
// (A brace on a line of its own joins the declaration: `class Order
// extends Model {`.)
func loneOpener(text string) bool {
	return strings.TrimSpace(text) == "("
}

// closingLine reports a line that only closes what the first line opens:
// brackets, or Ruby's end.
func closingLine(text string) bool {
	t := strings.TrimSpace(text)
	return strings.Trim(t, "})];") == "" || t == "end"
}

// TrimToDeclaration cuts a type, class, interface, schema or enum to its
// declaring line, with the count of lines it omits: the signature-only
// variant of a type, for when its members cannot all stay.
func TrimToDeclaration(a *Artifact) bool {
	switch a.Kind {
	case extract.KindType, extract.KindInterface, extract.KindSchema, extract.KindEnum, extract.KindError:
	default:
		return false
	}
	if a.ContextFile != "" || len(a.Lines) < 3 || a.Truncated != "" {
		return false // a type cut to the members the spec names keeps them
	}
	i := 0
	for i < len(a.Lines)-1 && (scan.CommentLine(a.Lines[i].Text) || strings.TrimSpace(a.Lines[i].Text) == "" ||
		a.Lang.Comment != "" && strings.HasPrefix(strings.TrimSpace(a.Lines[i].Text), a.Lang.Comment)) {
		i++
	}
	// The line that names it, past attributes and decorators (#[derive],
	// @dataclass) and a macro's opening (Diesel's `table! {`).
	i = max(i, a.declAt(a.Lines))
	rest := len(a.Lines) - i - 1
	if rest < 2 {
		return false
	}
	line := a.Lines[i]
	line.Text = fmt.Sprintf("%s %s ... %d more %s omitted", strings.TrimRight(line.Text, " \t"), a.Lang.Comment, rest, naming.Plural(rest, "line", "lines"))
	a.Lines = []extract.Line{line}
	a.StartLine, a.EndLine = line.Row, line.Row
	a.Truncated = "declaration"
	return true
}

// nestedNamed are the names the artifact's references give after the
// nested type named outer (EMPTY_TRASH of `PaperlessTask.TaskType.EMPTY_TRASH`
// for TaskType).
func (a *Artifact) nestedNamed(outer string) []string {
	var out []string
	for _, s := range a.SelectedBy {
		parts := strings.Split(s.Ref, ".")
		for k := 1; k+1 < len(parts); k++ {
			if parts[k] == outer && !slices.Contains(out, parts[k+1]) {
				out = append(out, parts[k+1])
			}
		}
	}
	return out
}

// leadingName is the identifier a line of code starts with, past its
// indentation: the name an assignment, a field or an enum value declares.
func leadingName(line string) string {
	t := strings.TrimLeft(line, " \t")
	i := 0
	for i < len(t) && extract.IdentByte(t[i]) {
		i++
	}
	return t[:i]
}

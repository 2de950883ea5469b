package appendix

import (
	"fmt"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/extract"
)

// fit makes the rendered appendix fit doc.Budget lines, as protocol
// section 5 orders it: with artifacts already in priority order, trim
// signatures to their first line, then cut types to the fields the spec
// mentions, lowest priority first, then drop the lowest-priority artifacts.
// It returns the dropped artifacts.
func fit(doc *Document, words map[string]bool) []*Artifact {
	doc.capGaps()
	for _, a := range doc.Artifacts {
		a.snapshot()
	}
	var dropped []*Artifact
	defer func() { restore(doc) }()
	if doc.Lines() <= doc.Budget {
		return dropped
	}
	// The architecture excerpt is the first thing to go (protocol section
	// 5, step 4; the types and signatures tell the story).
	for i := len(doc.Artifacts) - 1; i >= 0 && doc.Lines() > doc.Budget; i-- {
		if a := doc.Artifacts[i]; a.Kind == extract.KindArchitecture {
			dropped = append(dropped, a)
			doc.DroppedCount += len(a.SelectedBy)
			doc.Artifacts = append(doc.Artifacts[:i:i], doc.Artifacts[i+1:]...)
		}
	}
	if doc.Lines() <= doc.Budget {
		return dropped
	}
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if trimSignature(doc.Artifacts[i]) && doc.Lines() <= doc.Budget {
			return dropped
		}
	}
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if trimFields(doc.Artifacts[i], words, false) && doc.Lines() <= doc.Budget {
			return dropped
		}
	}
	// Enums keep every value while anything else can give way; before an
	// enum is dropped, it is cut to the values the spec names.
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if trimFields(doc.Artifacts[i], words, true) && doc.Lines() <= doc.Budget {
			return dropped
		}
	}
	for len(doc.Artifacts) > 0 && doc.Lines() > doc.Budget {
		n := len(doc.Artifacts) - 1
		dropped = append(dropped, doc.Artifacts[n])
		doc.DroppedCount += len(doc.Artifacts[n].SelectedBy)
		doc.Artifacts = doc.Artifacts[:n]
	}
	if doc.Lines() > doc.Budget {
		doc.gapsShown, doc.hideGaps = 0, true // the gaps stay in JSON and on stderr
	}
	return dropped
}

// restore gives trimmed artifacts back their full text, highest priority
// first, wherever the budget still has room: the trims ran lowest priority
// first and could not know how much later trims and drops would free.
func restore(doc *Document) {
	for _, a := range doc.Artifacts {
		if a.full == nil || a.Truncated == a.full.truncated {
			continue
		}
		cut := *a
		a.Lines, a.StartLine, a.EndLine, a.Truncated = a.full.lines, a.full.start, a.full.end, a.full.truncated
		if doc.Lines() > doc.Budget {
			a.Lines, a.StartLine, a.EndLine, a.Truncated = cut.Lines, cut.StartLine, cut.EndLine, cut.Truncated
		}
	}
}

// trimSignature cuts a multi-line function signature to its declaring line.
func trimSignature(a *Artifact) bool {
	if a.ContextFile != "" || (a.Kind != extract.KindFunction && a.Kind != extract.KindMethod) || len(a.Lines) < 2 {
		return false
	}
	i := 0
	for i < len(a.Lines)-1 && scan.CommentLine(a.Lines[i].Text) {
		i++
	}
	rest := len(a.Lines) - i - 1
	line := a.Lines[i]
	if rest > 0 {
		line.Text = fmt.Sprintf("%s %s ... %d more %s omitted", line.Text, a.Lang.Comment, rest, naming.Plural(rest, "line", "lines"))
	}
	a.Lines = []extract.Line{line}
	a.StartLine, a.EndLine = line.Row, line.Row
	a.Truncated = "signature"
	return true
}

// normalize folds a name for matching across conventions: createdAt,
// created_at and CreatedAt all become "createdat".
func normalize(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// keyMember reports fields that identify a record; they survive trimming.
func keyMember(name, text string) bool {
	switch normalize(name) {
	case "id", "pk", "uuid", "key":
		return true
	case "meta", "config", "tablename", "tableargs", "modelconfig":
		return true // Django Meta, pydantic Config, SQLAlchemy __tablename__: the model's own settings
	case "constructor", "init":
		return true // how a class is made is part of its shape
	}
	for _, k := range []string{"primary_key", "primaryKey", "PRIMARY KEY", "@id", "@PrimaryGeneratedColumn", "@PrimaryColumn"} {
		if strings.Contains(text, k) {
			return true
		}
	}
	return false
}

// minTrim is the fewest members worth trimming away.
const minTrim = 3

// trimFields keeps a type's header and closing lines, its key fields and
// the members the spec mentions, and replaces the rest with one note where
// the first of them stood. Blank lines between omitted members go with them.
func trimFields(a *Artifact, words map[string]bool, enums bool) bool {
	if a.ContextFile != "" || a.Truncated == "fields" || len(a.Members) == 0 || (a.Kind == extract.KindEnum) != enums {
		return false
	}
	norm, keys := map[string]bool{}, map[string]bool{}
	for w := range words {
		norm[normalize(w)] = true
		keys[naming.TableKey(w)] = true
	}
	memberOf := func(row int) int {
		for i, m := range a.Members {
			if row >= m.Start && row <= m.End {
				return i
			}
		}
		return -1
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
		keep[i] = norm[normalize(m.Name)] || keyMember(m.Name, text.String()) || m.Type != "" && keys[naming.TableKey(m.Type)]
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

// columnNoun is memberNoun for SQL, where fields are columns.
func columnNoun(a *Artifact, fields, methods int) string {
	if a.Lang.Name == "sql" && methods == 0 {
		return fmt.Sprintf("%d more %s", fields, naming.Plural(fields, "column", "columns"))
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

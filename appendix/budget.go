package appendix

import (
	"fmt"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// fit makes the rendered appendix fit doc.Budget lines, as protocol
// section 5 orders it: with artifacts already in priority order, trim
// signatures to their first line, then cut types to the fields the spec
// mentions, lowest priority first, then drop the lowest-priority artifacts.
// It returns the dropped artifacts.
func fit(doc *Document, words map[string]bool) []*Artifact {
	doc.capGaps()
	if doc.Lines() <= doc.Budget {
		return nil
	}
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if trimSignature(doc.Artifacts[i]) && doc.Lines() <= doc.Budget {
			return nil
		}
	}
	for i := len(doc.Artifacts) - 1; i >= 0; i-- {
		if trimFields(doc.Artifacts[i], words) && doc.Lines() <= doc.Budget {
			return nil
		}
	}
	var dropped []*Artifact
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

// isCommentLine reports doc comment and decorator lines above a signature.
func isCommentLine(s string) bool {
	t := strings.TrimSpace(s)
	for _, p := range []string{"//", "/*", "*", "#", "@"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// trimSignature cuts a multi-line function signature to its declaring line.
func trimSignature(a *Artifact) bool {
	if a.ContextFile != "" || (a.Kind != extract.KindFunction && a.Kind != extract.KindMethod) || len(a.Lines) < 2 {
		return false
	}
	i := 0
	for i < len(a.Lines)-1 && isCommentLine(a.Lines[i].Text) {
		i++
	}
	rest := len(a.Lines) - i - 1
	line := a.Lines[i]
	if rest > 0 {
		line.Text = fmt.Sprintf("%s %s ... %d more %s omitted", line.Text, a.Lang.Comment, rest, plural(rest, "line", "lines"))
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
	}
	for _, k := range []string{"primary_key", "primaryKey", "PRIMARY KEY", "@id", "@PrimaryGeneratedColumn", "@PrimaryColumn"} {
		if strings.Contains(text, k) {
			return true
		}
	}
	return false
}

// trimFields keeps a type's header and closing lines, its key fields and
// the members the spec mentions, and replaces the rest with one note.
func trimFields(a *Artifact, words map[string]bool) bool {
	if a.ContextFile != "" || len(a.Members) == 0 {
		return false
	}
	norm := map[string]bool{}
	for w := range words {
		norm[normalize(w)] = true
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
	for i, m := range a.Members {
		var text strings.Builder
		for _, l := range a.Lines {
			if l.Row >= m.Start && l.Row <= m.End {
				text.WriteString(l.Text)
			}
		}
		keep[i] = norm[normalize(m.Name)] || keyMember(m.Name, text.String())
	}
	omitted := 0
	for _, k := range keep {
		if !k {
			omitted++
		}
	}
	if omitted == 0 {
		return false
	}
	var out []extract.Line
	noted := false
	for _, l := range a.Lines {
		mi := memberOf(l.Row)
		if mi < 0 || keep[mi] {
			out = append(out, l)
			continue
		}
		if !noted {
			indent := l.Text[:len(l.Text)-len(strings.TrimLeft(l.Text, " \t"))]
			one, many := memberNoun(a.Kind)
			out = append(out, extract.Line{Row: l.Row, Text: fmt.Sprintf("%s%s ... %d more %s omitted", indent, a.Lang.Comment, omitted, plural(omitted, one, many))})
			noted = true
		}
	}
	a.Lines = out
	a.Truncated = "fields"
	return true
}

// memberNoun names what a trimmed artifact's members are.
func memberNoun(k extract.Kind) (string, string) {
	switch k {
	case extract.KindInterface:
		return "member", "members"
	case extract.KindEnum:
		return "value", "values"
	case extract.KindConstant, extract.KindError:
		return "declaration", "declarations"
	}
	return "field", "fields"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

package artifact

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/resolve"
	"github.com/appendix-dev/appendix/extract"
)

// BodyError is why a definition asked for with --body has no body to
// show: not a function or method, or one that declares none (NoBody).
type BodyError struct {
	Msg    string
	NoBody bool
}

func (e *BodyError) Error() string { return e.Msg }

// Body is the artifact that shows a chosen function or method whole, body
// included: the lines of its file from its snippet's first (its doc
// comment) to its body's last, as the search read them. names are the
// spec's names: the lines that hold one are kept when the budget cuts the
// body (see CutBody).
func Body(m resolve.Match, root string, names []string) (*Artifact, error) {
	d := m.Def
	at := naming.At(d.Path, d.DeclLine)
	if d.Kind != extract.KindFunction && d.Kind != extract.KindMethod {
		return nil, &BodyError{Msg: fmt.Sprintf("%s is %s, not a function or method", at, naming.Article(string(d.Kind)))}
	}
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.Path)))
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return nil, fmt.Errorf("%s: %w", d.Path, pe.Err)
	} else if err != nil {
		return nil, err
	}
	rows := strings.Split(string(src), "\n")
	last := max(d.EndLine, d.Extent)
	if len(d.Lines) == 0 || d.StartLine < 1 || last > len(rows) {
		return nil, &BodyError{Msg: fmt.Sprintf("%s changed since it was read: run again", d.Path)}
	}
	lines := make([]extract.Line, 0, last-d.StartLine+1)
	for r := d.StartLine; r <= last; r++ {
		lines = append(lines, extract.Line{Row: r, Text: strings.TrimRight(rows[r-1], " \t\r")})
	}
	// The snippet's first line starts where the definition does in its
	// line (after a method's indentation); the others lose as much.
	col := strings.Index(lines[0].Text, d.Lines[0].Text)
	if col < 0 {
		col = len(lines[0].Text) - len(strings.TrimLeft(lines[0].Text, " \t"))
	}
	lines[0].Text = lines[0].Text[col:]
	extract.Dedent(lines, col)
	if !cutFrom(d.Lines, lines) {
		return nil, &BodyError{Msg: fmt.Sprintf("%s declares no body (an interface's or abstract method, a prototype): its signature is all there is", at), NoBody: true}
	}
	title := "Function Body"
	if d.Kind == extract.KindMethod {
		title = "Method Body"
	}
	a := &Artifact{Kind: d.Kind, Title: title, Path: d.Path, StartLine: d.StartLine, EndLine: last, Lang: d.Lang,
		Lines: lines, Source: m.Ref.Source, Order: m.Order, Salience: Salience(m), defs: []*extract.Definition{d}, Body: true}
	m.Reason = "asked for with --body; " + m.Reason
	a.add(m)
	a.named = map[int]bool{}
	for _, l := range lines {
		for _, n := range names {
			if naming.HasWord(l.Text, n) {
				a.named[l.Row] = true
				break
			}
		}
	}
	return a, nil
}

// cutFrom reports whether a snippet left out some of the text of a
// definition's whole lines, more than the ";" that ends a declaration: its
// body, which the whole lines then show.
func cutFrom(snippet, whole []extract.Line) bool {
	if len(whole) != len(snippet) {
		return true
	}
	for i := range whole {
		w, s := strings.TrimSpace(whole[i].Text), strings.TrimSpace(snippet[i].Text)
		if rest, ok := strings.CutPrefix(w, s); !ok || strings.Trim(rest, " \t;,") != "" {
			return true
		}
	}
	return false
}

// FoldIntoBodies merges each artifact that shows only a definition a body
// artifact shows whole into that body artifact, and bodies of one
// definition asked for twice into one: the signature beside the body
// would say nothing the body does not. It returns the bodies and the
// other artifacts left.
func FoldIntoBodies(bodies, arts []*Artifact) (outBodies, outArts []*Artifact) {
	same := func(a, b *Artifact) bool {
		return len(a.defs) == 1 && len(b.defs) == 1 && a.defs[0].Path == b.defs[0].Path && a.defs[0].StartLine == b.defs[0].StartLine &&
			a.defs[0].QualifiedName() == b.defs[0].QualifiedName()
	}
	into := func(a *Artifact, list []*Artifact) *Artifact {
		for _, b := range list {
			if same(a, b) {
				return b
			}
		}
		return nil
	}
	for _, b := range bodies {
		if first := into(b, outBodies); first != nil {
			first.merge(b)
			continue
		}
		outBodies = append(outBodies, b)
	}
	for _, a := range arts {
		b := into(a, outBodies)
		if b == nil {
			outArts = append(outArts, a)
			continue
		}
		// The spec's selections first: they say why the debate names it.
		sel := append(append([]Selection(nil), a.SelectedBy...), b.SelectedBy...)
		b.merge(a)
		b.SelectedBy = sel
	}
	return outBodies, outArts
}

// merge takes in another artifact of the same definition: its selections,
// symbols and notes (each once), and its rank.
func (a *Artifact) merge(b *Artifact) {
	notes := a.Notes
	a.absorb(b)
	a.defs = a.defs[:1]
	a.Notes = notes
	for _, n := range b.Notes {
		if !slices.Contains(a.Notes, n) {
			a.Notes = append(a.Notes, n)
		}
	}
	a.Salience = max(a.Salience, b.Salience)
}

// CutBody cuts a body artifact to n lines, notes included, when it has
// more: it keeps the head (its doc comment and signature, and as much of
// the body after them as the room allows), the lines that name the spec's
// names, and the last line, with one note counting the lines left out
// where each run of them stood. It works from the whole body (see
// Snapshot), so it may be applied again with a smaller n. It reports
// whether the artifact changed.
func CutBody(a *Artifact, n int) bool {
	lines := a.FullLines()
	if !a.Body || n < 3 || len(lines) <= n {
		return false
	}
	keep := make([]bool, len(lines))
	// cost is the lines shown: those kept and one note per run of the others.
	cost := func() int {
		c := 0
		for i, k := range keep {
			if k || i == 0 || keep[i-1] {
				c++
			}
		}
		return c
	}
	head := 0
	for head < len(lines) && lines[head].Row <= a.defs[0].EndLine && head < n-2 {
		keep[head] = true
		head++
	}
	keep[len(lines)-1] = true
	for i, l := range lines {
		if keep[i] || !a.named[l.Row] {
			continue
		}
		keep[i] = true
		if cost() > n {
			keep[i] = false
		}
	}
	// The room left goes to the head, line by line into the body, past
	// the lines kept already.
	for i := head; i < len(lines); i++ {
		if keep[i] {
			continue
		}
		keep[i] = true
		if cost() > n {
			keep[i] = false
			break
		}
	}
	var out []extract.Line
	for i := 0; i < len(lines); i++ {
		if keep[i] {
			out = append(out, lines[i])
			continue
		}
		j := i
		for j < len(lines) && !keep[j] {
			j++
		}
		if j-i == 1 {
			out = append(out, lines[i]) // a note would take its line
			continue
		}
		// The note stands where the run starts, indented as its first line
		// of text.
		indent := ""
		for _, l := range lines[i:j] {
			if t := strings.TrimLeft(l.Text, " \t"); t != "" {
				indent = l.Text[:len(l.Text)-len(t)]
				break
			}
		}
		out = append(out, extract.Line{Row: lines[i].Row, Text: fmt.Sprintf("%s%s ... %d %s omitted", indent, a.Lang.Comment, j-i, naming.Plural(j-i, "line", "lines"))})
		i = j - 1
	}
	a.Lines = out
	if a.Truncated != "lines" {
		a.Notes = append(a.Notes, "Cut to half the line budget: its head, the lines that name the spec's names and its last line are shown.")
	}
	a.Truncated = "lines"
	return true
}

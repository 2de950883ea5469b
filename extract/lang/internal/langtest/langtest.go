package langtest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"golang.org/x/tools/txtar"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// ForPath returns the language among langs whose extensions include the
// file's, or nil.
func ForPath(langs []*extract.Language, name string) *extract.Language {
	ext := strings.ToLower(path.Ext(name))
	for _, l := range langs {
		for _, e := range l.Exts {
			if e == ext {
				return l
			}
		}
	}
	return nil
}

// Def is the part of a Definition a test states.
type Def struct {
	Name, Container string
	Kind            extract.Kind
	Title           string
	Exported        bool
	Start, End      int
	Text            string
}

// Definitions returns what a fresh parser finds in src as lang.
func Definitions(t testing.TB, lang *extract.Language, file, src string) []extract.Definition {
	t.Helper()
	p := extract.NewParser()
	defer p.Close()
	ds, err := p.Definitions(context.Background(), lang, file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// Defs returns the definitions in src, as the parts a test states.
func Defs(t testing.TB, lang *extract.Language, file, src string) []Def {
	t.Helper()
	var out []Def
	for _, d := range Definitions(t, lang, file, src) {
		out = append(out, Def{d.Name, d.Container, d.Kind, d.Title, d.Exported, d.StartLine, d.EndLine, d.Text()})
	}
	return out
}

// DefsIn is Defs in the language of langs that reads file, as a
// package's own type of Def (so that its tests' literals need no keys).
func DefsIn[D ~struct {
	Name, Container string
	Kind            extract.Kind
	Title           string
	Exported        bool
	Start, End      int
	Text            string
}](t testing.TB, langs []*extract.Language, file, src string) []D {
	t.Helper()
	var out []D
	for _, d := range Defs(t, ForPath(langs, file), file, src) {
		out = append(out, D(d))
	}
	return out
}

// Summaries are the definitions of a schema file, one line each: kind,
// title, name, lines and members (with the lines they start on, the type
// they refer to, and () for a method).
func Summaries(t testing.TB, lang *extract.Language, file, src string) []string {
	t.Helper()
	return Summarize(Definitions(t, lang, file, src))
}

// Values lists the string values of the definitions in src, one line each:
// "Name: text", with "(member M)" for a member's value and "(part)" for a
// string inside a composite value.
func Values(t testing.TB, lang *extract.Language, file, src string) []string {
	t.Helper()
	var out []string
	for _, d := range Definitions(t, lang, file, src) {
		for _, v := range d.Values {
			line := d.Name + ": " + v.Text
			if v.Member != "" {
				line += " (member " + v.Member + ")"
			}
			if v.Part {
				line += " (part)"
			}
			out = append(out, line)
		}
	}
	return out
}

// Routes returns the routes and mounts a fresh parser finds in src as lang.
func Routes(t testing.TB, lang *extract.Language, file, src string) ([]extract.Definition, []extract.Mount) {
	t.Helper()
	p := extract.NewParser()
	defer p.Close()
	ds, mounts, err := p.Routes(context.Background(), lang, file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return ds, mounts
}

// RouteLines are the routes of src, one line each: the route, its lines
// and its snippet.
func RouteLines(t testing.TB, lang *extract.Language, file, src string) []string {
	t.Helper()
	ds, _ := Routes(t, lang, file, src)
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s | %d-%d | %s", d.Route, d.StartLine, d.EndLine, d.Text()))
	}
	return out
}

// FuzzScanner checks what any exact scanner, or a language's grammar,
// must hold on any input: no panic; every definition named, and its span,
// lines and members inside the file and inside the definition; the input
// left as it was; the same definitions when the same parser scans it
// again, and (for a grammar, on input that parses: tree-sitter recovers
// from a syntax error as the bytes around it lead it) after a blank first
// line or with CRLF line ends. Each check then states a property of the
// language's own on the same input.
func FuzzScanner(f *testing.F, lang *extract.Language, file string, seeds []string, checks ...Check) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	p := extract.NewParser()
	f.Fuzz(func(t *testing.T, src []byte) {
		orig := bytes.Clone(src)
		defs, err := p.Definitions(context.Background(), lang, file, src)
		if err != nil {
			return // refusing input is allowed; crashing is not
		}
		if !bytes.Equal(src, orig) {
			t.Fatalf("the scanner wrote to its input")
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range defs {
			if d.Name == "" || d.StartLine < 1 || d.EndLine < d.StartLine || d.EndLine > lines {
				t.Fatalf("%q: bad span %d-%d in %d lines", d.Name, d.StartLine, d.EndLine, lines)
			}
			if d.DeclLine < d.StartLine || d.DeclLine > d.EndLine {
				t.Fatalf("%s: declared on line %d, outside %d-%d", d.Name, d.DeclLine, d.StartLine, d.EndLine)
			}
			prev := 0
			for _, l := range d.Lines {
				if l.Row < d.StartLine || l.Row > d.EndLine || l.Row <= prev {
					t.Fatalf("%s: line %d outside %d-%d or out of order", d.Name, l.Row, d.StartLine, d.EndLine)
				}
				if strings.Contains(l.Text, "\n") {
					t.Fatalf("%s: line %d holds a newline: %q", d.Name, l.Row, l.Text)
				}
				prev = l.Row
			}
			for _, m := range d.Members {
				if m.Name == "" || m.Start < d.StartLine || m.End < m.Start || m.End > d.EndLine {
					t.Fatalf("%s %d-%d: member %+v empty or outside it", d.Name, d.StartLine, d.EndLine, m)
				}
			}
		}
		again, err := p.Definitions(context.Background(), lang, file, src)
		if err != nil || !reflect.DeepEqual(defs, again) {
			t.Fatalf("a second scan differs (%v):\n%s\n%s", err, Summarize(defs), Summarize(again))
		}
		if lang.Grammar != nil && !parses(lang, src) {
			// A parser's error recovery may read the input differently
			// one line down: the properties below are for input that parses.
			for _, c := range checks {
				c(t, p, src)
			}
			return
		}
		// A blank line above everything moves everything one line down.
		lower, err := p.Definitions(context.Background(), lang, file, append([]byte("\n"), src...))
		if want := shift(defs, 1); err != nil || !reflect.DeepEqual(want, lower) {
			t.Fatalf("after a blank first line (%v):\n%s\nwant\n%s", err, Summarize(lower), Summarize(want))
		}
		// Windows line ends change nothing, but in the names quoted
		// text gives ('a<newline>b' is an enum value). (Input that holds
		// a carriage return already would hold two before a newline.)
		if !bytes.Contains(src, []byte("\r")) {
			crlf, err := p.Definitions(context.Background(), lang, file, bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n")))
			if err != nil || !reflect.DeepEqual(defs, foldCRLF(crlf)) {
				t.Fatalf("with CRLF line ends (%v):\n%s\nwant\n%s", err, Summarize(crlf), Summarize(defs))
			}
		}
		for _, c := range checks {
			c(t, p, src)
		}
	})
}

// parses reports input the language's grammar reads without an error.
func parses(lang *extract.Language, src []byte) bool {
	sp := sitter.NewParser()
	defer sp.Close()
	sp.SetLanguage(lang.Grammar())
	tree, err := sp.ParseCtx(context.Background(), nil, src)
	if err != nil {
		return false
	}
	defer tree.Close()
	return !tree.RootNode().HasError()
}

// A Check is a property of one fuzz input, beyond those every scanner has.
type Check func(t *testing.T, p *extract.Parser, src []byte)

// OnlyDefinition requires that src, built around fuzz input and ending
// with the definition's last line, define one name with exactly the
// members given ("name", or "name:Type" to require the type it refers
// to): whatever the input put in comments and strings counts for nothing.
func OnlyDefinition(t *testing.T, p *extract.Parser, lang *extract.Language, file, src, name string, members ...string) {
	t.Helper()
	defs, err := p.Definitions(context.Background(), lang, file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	last := strings.Count(strings.TrimRight(src, "\n"), "\n") + 1
	ok := len(defs) == 1 && defs[0].Name == name && defs[0].EndLine == last && len(defs[0].Members) == len(members)
	for i := 0; ok && i < len(members); i++ {
		m := defs[0].Members[i]
		n, typ, typed := strings.Cut(members[i], ":")
		ok = m.Name == n && (!typed || m.Type == typ)
	}
	if !ok {
		t.Fatalf("in\n%s\nwant only %s %v, got\n%s", src, name, members, strings.Join(Summarize(defs), "\n"))
	}
}

// foldCRLF returns defs with CRLF turned back to LF in their names.
func foldCRLF(defs []extract.Definition) []extract.Definition {
	fold := func(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
	var out []extract.Definition
	for _, d := range defs {
		d.Name, d.Container = fold(d.Name), fold(d.Container)
		d.Aliases = slices.Clone(d.Aliases)
		for i := range d.Aliases {
			d.Aliases[i] = fold(d.Aliases[i])
		}
		d.Members = slices.Clone(d.Members)
		for i := range d.Members {
			d.Members[i].Name, d.Members[i].Type = fold(d.Members[i].Name), fold(d.Members[i].Type)
		}
		out = append(out, d)
	}
	return out
}

// shift returns copies of defs n lines further down.
func shift(defs []extract.Definition, n int) []extract.Definition {
	var out []extract.Definition
	for _, d := range defs {
		d.StartLine += n
		d.EndLine += n
		d.DeclLine += n
		if d.Extent > 0 {
			d.Extent += n
		}
		d.Strings = slices.Clone(d.Strings)
		for i := range d.Strings {
			d.Strings[i][0] += n
			d.Strings[i][1] += n
		}
		d.Lines = slices.Clone(d.Lines)
		for i := range d.Lines {
			d.Lines[i].Row += n
		}
		d.Members = slices.Clone(d.Members)
		for i := range d.Members {
			d.Members[i].Start += n
			d.Members[i].End += n
			if d.Members[i].Decl > 0 {
				d.Members[i].Decl += n
			}
		}
		out = append(out, d)
	}
	return out
}

// Summarize is Summaries' form of definitions already found.
func Summarize(defs []extract.Definition) []string {
	var out []string
	for _, d := range defs {
		var ms []string
		for _, m := range d.Members {
			s := fmt.Sprintf("%s@%d", m.Name, m.Start)
			if m.End != m.Start {
				s += fmt.Sprintf("-%d", m.End)
			}
			if m.Type != "" {
				s += ":" + m.Type
			}
			if m.Method {
				s += "()"
			}
			ms = append(ms, s)
		}
		amend := ""
		if d.Amends {
			amend = " amends"
		}
		out = append(out, fmt.Sprintf("%s %s %s%s %d-%d [%s]", d.Kind, d.Title, d.Name, amend, d.StartLine, d.EndLine, strings.Join(ms, " ")))
	}
	return out
}

// File is a source file to test on.
type File struct {
	Name string
	Data []byte
}

// Sources are the files of the golden fixtures and of a generated
// repository, in a fixed order.
func Sources(t testing.TB) []File {
	t.Helper()
	var out []File
	files, err := filepath.Glob(filepath.Join(moduleRoot(t), "fixtures", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures found: %v", err)
	}
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			out = append(out, File{file.Name, file.Data})
		}
	}
	g := testrepo.Generate(120, 20)
	for _, name := range testrepo.Names(g.Files) {
		out = append(out, File{name, []byte(g.Files[name])})
	}
	return append(out, repoFiles(t)...)
}

// repoFiles are the files of the repository APPENDIX_MATCH_REPO names, for
// the checks over Sources to be run on a real repository too; none when
// it is not set.
func repoFiles(t testing.TB) []File {
	root := os.Getenv("APPENDIX_MATCH_REPO")
	if root == "" {
		return nil
	}
	var out []File
	testrepo.EachFile(t, root, func(rel string, data []byte) { out = append(out, File{rel, data}) })
	return out
}

// moduleRoot is the directory of go.mod above the test's directory.
func moduleRoot(t testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test")
		}
		dir = parent
	}
}

// CheckMatchers runs the matcher of the language among langs that reads
// each file, and that language's query, over the file, and requires the
// same matches in the same order. It returns how many matches it compared.
func CheckMatchers(t *testing.T, langs []*extract.Language, files []File) int {
	t.Helper()
	n := 0
	for _, f := range files {
		lang := ForPath(langs, f.Name)
		if lang == nil || lang.Matches == nil {
			continue
		}
		n += checkMatchers(t, lang, f.Name, f.Data)
	}
	return n
}

func checkMatchers(t *testing.T, lang *extract.Language, name string, src []byte) int {
	t.Helper()
	sp := sitter.NewParser()
	defer sp.Close()
	sp.SetLanguage(lang.Grammar())
	tree, err := sp.ParseCtx(context.Background(), nil, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer tree.Close()
	want, err := queryMatches(lang, tree.RootNode())
	if err != nil {
		t.Fatal(err)
	}
	got := lang.Matches(tree.RootNode(), nil)
	if a, b := strings.Join(matchStrings(got), "\n"), strings.Join(matchStrings(want), "\n"); a != b {
		t.Errorf("%s: the matcher and the query disagree:\nmatcher:\n%s\nquery:\n%s", name, a, b)
	}
	return len(want)
}

// CheckBodiesKeepNothing checks a language whose walks leave function
// bodies out (Language.BodiesKeepNothing): on each of files in one of
// langs, the definitions are those of a walk into every body. It returns
// how many definitions it compared.
func CheckBodiesKeepNothing(t *testing.T, langs []*extract.Language, files []File) int {
	t.Helper()
	p := extract.NewParser()
	defer p.Close()
	n := 0
	for _, f := range files {
		if lang := ForPath(langs, f.Name); lang != nil && lang.BodiesKeepNothing {
			n += sameWithout(t, p, lang, f, "leaving bodies out of the walk", func() func() {
				lang.BodiesKeepNothing = false
				return func() { lang.BodiesKeepNothing = true }
			})
		}
	}
	return n
}

// CheckFuncBodies checks a language whose parse for definitions leaves
// function bodies out (Language.FuncBodies): on each of files in one of
// langs that parses whole without an error, the definitions are those of a
// parse of everything. It returns how many definitions it compared and
// how many files had their bodies left out.
func CheckFuncBodies(t *testing.T, langs []*extract.Language, files []File) (defs, cut int) {
	t.Helper()
	p := extract.NewParser()
	defer p.Close()
	for _, f := range files {
		lang := ForPath(langs, f.Name)
		if lang == nil || lang.FuncBodies == nil || !parses(lang, f.Data) {
			continue
		}
		if bodies, ok := lang.FuncBodies(f.Data); ok && len(bodies) > 0 {
			cut++
		}
		defs += sameWithout(t, p, lang, f, "leaving function bodies out of the parse", func() func() {
			bodies := lang.FuncBodies
			lang.FuncBodies = nil
			return func() { lang.FuncBodies = bodies }
		})
	}
	return defs, cut
}

// sameWithout checks that f's definitions are the same with what off
// turns off (it returns what turns it on again), and returns how many
// there are.
func sameWithout(t *testing.T, p *extract.Parser, lang *extract.Language, f File, what string, off func() (on func())) int {
	t.Helper()
	with, err := p.Definitions(t.Context(), lang, f.Name, f.Data)
	if err != nil {
		t.Fatal(err)
	}
	on := off()
	without, err := p.Definitions(t.Context(), lang, f.Name, f.Data)
	on()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(without, with) {
		t.Errorf("%s: %s changed the definitions:\nwithout:\n%s\nwith:\n%s", f.Name, what,
			strings.Join(Summarize(without), "\n"), strings.Join(Summarize(with), "\n"))
	}
	return len(without)
}

func matchStrings(ms []extract.RawMatch) []string {
	node := func(n *sitter.Node) string {
		if n == nil {
			return "-"
		}
		return fmt.Sprintf("%s@%d-%d", n.Type(), n.StartByte(), n.EndByte())
	}
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s def=%s name=%s recv=%s", m.Kind, node(m.Def), node(m.Name), node(m.Receiver)))
	}
	return out
}

// queryMatches runs the language's query: the reference the matchers are
// tested against.
func queryMatches(lang *extract.Language, root *sitter.Node) ([]extract.RawMatch, error) {
	q, err := lang.Query()
	if err != nil {
		return nil, err
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q, root)
	var out []extract.RawMatch
	for {
		qm, ok := qc.NextMatch()
		if !ok {
			return out, nil
		}
		var m extract.RawMatch
		for _, c := range qm.Captures {
			cn := q.CaptureNameForId(c.Index)
			switch {
			case cn == "name":
				m.Name = c.Node
			case cn == "receiver":
				m.Receiver = c.Node
			case strings.HasPrefix(cn, "definition."):
				m.Def = c.Node
				m.Kind = strings.TrimPrefix(cn, "definition.")
			}
		}
		if m.Name != nil && m.Def != nil {
			out = append(out, m)
		}
	}
}

package langtest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
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

// Summaries are the definitions of a schema file, one line each: kind,
// title, name, lines and members (with the lines they start on, the type
// they refer to, and () for a method).
func Summaries(t testing.TB, lang *extract.Language, file, src string) []string {
	t.Helper()
	var out []string
	for _, d := range Definitions(t, lang, file, src) {
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

// FuzzScanner checks what any exact scanner must hold on any input: no
// panic, and every definition, line and member inside the file.
func FuzzScanner(f *testing.F, lang *extract.Language, file string, seeds []string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	p := extract.NewParser()
	f.Fuzz(func(t *testing.T, src []byte) {
		defs, err := p.Definitions(context.Background(), lang, file, src)
		if err != nil {
			return // refusing input is allowed; crashing is not
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, d := range defs {
			if d.Name == "" || d.StartLine < 1 || d.EndLine < d.StartLine || d.EndLine > lines {
				t.Fatalf("%s: bad span %d-%d in %d lines", d.Name, d.StartLine, d.EndLine, lines)
			}
			for _, l := range d.Lines {
				if l.Row < d.StartLine || l.Row > d.EndLine {
					t.Fatalf("%s: line %d outside %d-%d", d.Name, l.Row, d.StartLine, d.EndLine)
				}
			}
			for _, m := range d.Members {
				if m.Name == "" || m.Start < 1 || m.End < m.Start || m.End > lines {
					t.Fatalf("%s: member %+v outside the file", d.Name, m)
				}
			}
		}
	})
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
	got := lang.Matches(tree.RootNode())
	if a, b := strings.Join(matchStrings(got), "\n"), strings.Join(matchStrings(want), "\n"); a != b {
		t.Errorf("%s: the matcher and the query disagree:\nmatcher:\n%s\nquery:\n%s", name, a, b)
	}
	return len(want)
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

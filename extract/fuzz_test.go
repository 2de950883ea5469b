package extract

import (
	"bytes"
	"context"
	"go/format"
	"testing"
)

// fuzzScanner checks what any exact scanner must hold on any input: no
// panic, and every definition, line and member inside the file.
func fuzzScanner(f *testing.F, file string, seeds []string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	lang := ForPath(file)
	if lang == nil {
		f.Fatalf("no language for %s", file)
	}
	p := NewParser()
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

func FuzzPrisma(f *testing.F) {
	fuzzScanner(f, "schema.prisma", []string{
		"model User {\n  id Int @id\n  posts Post[]\n}\n",
		"enum Role {\n  USER\n  ADMIN\n}\n",
		"model A { id Int }\nmodel B {\n// }\n  a A @relation(fields: [aId], references: [id])\n",
		"/// doc\nmodel {\n}\n}}\n{{",
		"type Address {\n  street String\n}\nview V {\n id Int\n",
	})
}

func FuzzSQL(f *testing.F) {
	fuzzScanner(f, "schema.sql", []string{
		"CREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  email TEXT NOT NULL\n);\n",
		"CREATE TYPE status AS ENUM ('a', 'b');\nALTER TABLE users ADD COLUMN s status;\n",
		"create table if not exists \"Order\" (id int); create table b (x text default ';');",
		"CREATE TABLE t (a text DEFAULT 'it''s', -- comment );\n b int);\n",
		"CREATE TABLE (\n);\n/* unterminated",
		"CREATE VIEW v AS SELECT * FROM t;\nCREATE INDEX i ON t (a);",
	})
}

var focusExts = []string{".go", ".ts", ".tsx", ".js", ".py"}

// FuzzFocus: on any input the statement split holds together (spans in
// order, inside the file, starting at line starts), and on any input that
// parses (Go: in gofmt's layout), a focused parse keeps exactly what a
// whole-file parse keeps, for every name, in Go, TypeScript, TSX,
// JavaScript and Python.
func FuzzFocus(f *testing.F) {
	for _, s := range []string{
		"package a\n\n// T is.\ntype T int\n\nconst (\n\tA T = iota\n)\n\nfunc F() {}\n",
		"export class A {\n  m(): void {}\n} // A\n\nconst s = `\n${`x`}\n`;\nexport function f() {}\n",
		"class A:\n    x = 1\n\n\n@d\ndef f():\n    '''\ndef g(): pass\n'''\n",
	} {
		for k := range focusExts {
			f.Add([]byte(s), uint8(k))
		}
	}
	p := NewParser()
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		ext := focusExts[int(which)%len(focusExts)]
		lang := ForPath("x" + ext)
		if len(src) > 4096 {
			return
		}
		spans, ok := Focus(lang, src, func([]byte) bool { return true })
		if ok {
			prev := 0
			for _, s := range spans {
				if s.Start < prev || s.End <= s.Start || s.End > len(src) || s.Start > 0 && src[s.Start-1] != '\n' {
					t.Fatalf("bad spans %v for %d bytes", spans, len(src))
				}
				prev = s.End
			}
		}
		// The contract is for files that parse: in a broken one, error
		// recovery may read different garbage in a part than in the
		// whole (a focused parse meeting an error parses the whole).
		tree, err := p.parse(context.Background(), lang, "x"+ext, src)
		if err != nil {
			return
		}
		broken := tree.RootNode().HasError()
		tree.Close()
		if ext == ".go" {
			// Go's contract is for gofmt's layout, which all Go code has;
			// tree-sitter reads some unformatted layouts gofmt would refuse.
			if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
				broken = true
			}
		}
		if !broken {
			checkFocusEquivalent(t, p, "x"+ext, src)
		}
	})
}

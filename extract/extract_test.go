package extract_test

import (
	"context"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// TestTrailingCommentIsNoDocComment: a comment ending a line of code
// speaks of that line, not of the definition below it.
func TestTrailingCommentIsNoDocComment(t *testing.T) {
	for file, src := range map[string]string{
		"a.go": "package a\n\nvar tries = 5 // minutes\nfunc After() {}\n",
		"a.py": "tries = 5  # minutes\nwait_seconds = 1\n",
		"a.ts": "type A = () => unknown; // any function\ntype B = A | string;\n",
	} {
		p := extract.NewParser()
		defs, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(src))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		last := defs[len(defs)-1]
		if strings.Contains(last.Text(), "minutes") || strings.Contains(last.Text(), "any function") || last.StartLine != last.EndLine {
			t.Errorf("%s: %s took the comment of the line above: %q (lines %d-%d)", file, last.Name, last.Text(), last.StartLine, last.EndLine)
		}
	}
}

// TestFirstMemberComment: the comment above the first statement of a
// body (a sibling of Ruby's body_statement, which starts at that
// statement) is that statement's; one ending the line that opens the body
// is that line's, and the first member starts below it.
func TestFirstMemberComment(t *testing.T) {
	for file, tc := range map[string]struct {
		src   string
		start int
		text  string
	}{
		"a.rb": {"module Shop\n  # Charges a card.\n  class Charge\n    # Captures it.\n    def capture; end\n  end\nend\n", 4, "# Charges a card.\nclass Charge"},
		"b.rb": {"class Charge # :nodoc:\n  def capture; end\n\n  def refund; end\nend\n", 2, "class Charge # :nodoc:"},
		"a.py": {"class Charge:  # noqa: D101\n    def capture(self):\n        pass\n\n    def refund(self):\n        pass\n", 2, "class Charge:  # noqa: D101"},
	} {
		p := extract.NewParser()
		defs, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(tc.src))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		var charge *extract.Definition
		for i := range defs {
			if defs[i].Name == "Charge" {
				charge = &defs[i]
			}
		}
		if charge == nil || len(charge.Members) == 0 {
			t.Fatalf("%s: no Charge with members in %v", file, defs)
		}
		if got := charge.Members[0].Start; got != tc.start {
			t.Errorf("%s: first member starts on line %d, want %d", file, got, tc.start)
		}
		if !strings.HasPrefix(charge.Text(), tc.text) {
			t.Errorf("%s: Charge is shown as %q, want it to start %q", file, charge.Text(), tc.text)
		}
	}
}

// TestKeepBySerializedName: a type answers to a name its field is
// serialized as; a function to none of its members.
func TestKeepBySerializedName(t *testing.T) {
	want := func(n string) bool { return n == "requeueAt" }
	typ := &extract.Definition{Name: "RequeueState", Kind: extract.KindSchema,
		Members: []extract.Member{{Name: "RequeueAt", Serialized: []string{"requeueAt"}}}}
	if !extract.Keep(typ, want) {
		t.Error("the type whose field is serialized as requeueAt is not kept")
	}
	fn := &extract.Definition{Name: "f", Kind: extract.KindFunction, Members: typ.Members}
	if extract.Keep(fn, want) {
		t.Error("a function is kept for a member")
	}
}

// TestCRLFLineEnds: a file with Windows line ends gives the snippets the
// same file gives with Unix ones.
func TestCRLFLineEnds(t *testing.T) {
	for file, src := range map[string]string{
		"a.go": "package a\n\n// T is.\ntype T struct {\n\tA int\n}\n\nfunc (t T) M(a int,\n\tb int) error {\n\treturn nil\n}\n",
		"a.py": "class A:\n    x = 1\n\n    def m(self):\n        pass\n",
		"a.ts": "export class A {\n  m(): void {\n    run();\n  }\n}\n",
	} {
		p := extract.NewParser()
		unix, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		windows, err := p.Definitions(context.Background(), lang.ForPath(file), file, []byte(strings.ReplaceAll(src, "\n", "\r\n")))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		var a, b []string
		for i := range unix {
			a = append(a, unix[i].Text())
			b = append(b, windows[i].Text())
		}
		if strings.Join(a, "\n--\n") != strings.Join(b, "\n--\n") {
			t.Errorf("%s: with CRLF line ends\n%q\nwant\n%q", file, b, a)
		}
	}
}

// TestBrokenDefinitionSpansItsName: a definition that does not parse
// spans the lines from its first (a decorator's) to the one that names
// it, where the gap about it points.
func TestBrokenDefinitionSpansItsName(t *testing.T) {
	p := extract.NewParser()
	defer p.Close()
	defs, err := p.Definitions(context.Background(), lang.ForPath("a.py"), "a.py", []byte("@decorated\n@twice\ndef f(:\n    pass\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range defs {
		if d.Broken && (d.DeclLine < d.StartLine || d.DeclLine > d.EndLine) {
			t.Errorf("%s: declared on line %d, outside %d-%d", d.Name, d.DeclLine, d.StartLine, d.EndLine)
		}
	}
}

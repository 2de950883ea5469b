package extract_test

import (
	"context"
	"fmt"
	"slices"
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
// (after its colon or brace) is that line's, and the first member starts
// below it.
func TestFirstMemberComment(t *testing.T) {
	for file, tc := range map[string]struct {
		src   string
		start int
		text  string
	}{
		"a.rb":    {"module Shop\n  # Charges a card.\n  class Charge\n    # Captures it.\n    def capture; end\n  end\nend\n", 4, "# Charges a card.\nclass Charge"},
		"b.rb":    {"class Charge # :nodoc:\n  def capture; end\n\n  def refund; end\nend\n", 2, "class Charge # :nodoc:"},
		"a.py":    {"class Charge:  # noqa: D101\n    def capture(self):\n        pass\n\n    def refund(self):\n        pass\n", 2, "class Charge:  # noqa: D101"},
		"a.java":  {"class Charge { // the charge\n    void capture() {}\n\n    void refund() {}\n}\n", 2, "class Charge { // the charge"},
		"a.swift": {"struct Charge {  // the charge\n    func capture() {}\n\n    func refund() {}\n}\n", 2, "struct Charge {  // the charge"},
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

// TestSyntaxErrorCostsItsStatement: a statement that does not parse (an
// unbalanced brace, an unclosed parenthesis) is a broken definition, and
// the definitions before and after it are found whole, on their lines.
func TestSyntaxErrorCostsItsStatement(t *testing.T) {
	for _, tc := range []struct {
		file, src, broken string
		found             map[string]int // name -> declaring line
	}{
		{"a.go", "package a\n\n// Before is fine.\ntype Before struct{ X int }\n\nfunc Broken(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\treturn 0\n}\n\n// After is after it.\ntype After struct{ Y int }\n\nfunc Later() int { return 2 }\n",
			"Broken", map[string]int{"Before": 4, "After": 13, "Later": 15}},
		{"a.ts", "export interface Before {\n  x: number;\n}\n\nexport function broken(x: number) {\n  if (x > 0) {\n    return 1;\n  return 0;\n}\n\nexport class After {\n  y = 2;\n}\n\nexport const LIMIT = 3;\n",
			"broken", map[string]int{"Before": 1, "After": 11, "LIMIT": 15}},
		{"a.py", "class Before:\n    x = 1\n\ndef broken(:\n    return 1\n\nclass After:\n    y = 2\n",
			"broken", map[string]int{"Before": 1, "After": 7}},
		{"A.java", "package a;\n\nclass Before {\n  int x;\n}\n\nclass Broken {\n  void run() {\n    if (x) {\n  }\n}\n\nclass After {\n  int y;\n}\n",
			"Broken", map[string]int{"Before": 3, "After": 13}},
		{"a.rs", "pub struct Before {\n    x: i32,\n}\n\npub fn broken(x: i32) -> i32 {\n    if x > 0 {\n        return 1;\n    0\n}\n\npub struct After {\n    y: i32,\n}\n\npub const LIMIT: u32 = 3;\n",
			"broken", map[string]int{"Before": 1, "After": 11, "LIMIT": 15}},
	} {
		p := extract.NewParser()
		defs, err := p.Definitions(context.Background(), lang.ForPath(tc.file), tc.file, []byte(tc.src))
		p.Close()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]extract.Definition{}
		for _, d := range defs {
			if d.Container == "" {
				got[d.Name] = d
			}
		}
		for name, line := range tc.found {
			d, ok := got[name]
			switch {
			case !ok:
				t.Errorf("%s: %s not found after the syntax error", tc.file, name)
			case d.Broken || d.DeclLine != line:
				t.Errorf("%s: %s broken=%v on line %d, want whole on line %d", tc.file, name, d.Broken, d.DeclLine, line)
			}
		}
		if d, ok := got[tc.broken]; ok && !d.Broken && len(d.Lines) > 1 {
			// A function whose error lies in its own body, which its
			// snippet cuts, is shown by its signature alone.
			t.Errorf("%s: %s is shown past its signature: %q", tc.file, tc.broken, d.Text())
		}
		p = extract.NewParser()
		for l := 1; l <= strings.Count(tc.src, "\n"); l++ {
			line := strings.Split(tc.src, "\n")[l-1]
			broken, err := p.BrokenAt(context.Background(), lang.ForPath(tc.file), tc.file, []byte(tc.src), l)
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.Contains(line, tc.broken); strings.Contains(line, tc.broken) && broken != want {
				t.Errorf("%s: BrokenAt(%d) = %v, want %v (%q)", tc.file, l, broken, want, line)
			}
			for name, at := range tc.found {
				if at == l && broken {
					t.Errorf("%s: BrokenAt(%d) holds %s, which parses", tc.file, l, name)
				}
			}
		}
		p.Close()
	}
}

// TestMisreadBesideCutBody: a definition whose errors are one its
// language's grammar misreads (Swift's typed throws) and one inside a body
// its snippet cuts is shown: neither is an error it shows.
func TestMisreadBesideCutBody(t *testing.T) {
	src := "enum Github {\n    static func parse(url: String) throws(Github.Error) -> String {\n        let x = \n    }\n}\n"
	p := extract.NewParser()
	defer p.Close()
	defs, err := p.Definitions(context.Background(), lang.ForPath("Github.swift"), "Github.swift", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range defs {
		got = append(got, fmt.Sprintf("%s broken=%v %q", d.Name, d.Broken, d.Text()))
	}
	want := []string{"Github broken=false \"enum Github {\\n    static func parse(url: String) throws(Github.Error) -> String { ... }\\n}\"",
		"parse broken=false \"static func parse(url: String) throws(Github.Error) -> String\""}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestParameters: the words of a signature's parameter list, from the
// parenthesis after the name to the one that closes it, over lines.
func TestParameters(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{"exchange_to", []string{"# Converts (money).", "def exchange_to(other, date: Date.current, fallback_rate: nil)"}, []string{"other", "date", "Date", "current", "fallback_rate", "nil"}},
		{"Open", []string{"func (s *Store) Open(", "\tctx context.Context,", "\tat Lsn) error"}, []string{"ctx", "context", "Context", "at", "Lsn"}},
		{"run", []string{"run = 1"}, nil},
	} {
		d := &extract.Definition{Name: c.name}
		for i, l := range c.lines {
			d.Lines = append(d.Lines, extract.Line{Row: i + 1, Text: l})
		}
		if got := extract.Parameters(d); !slices.Equal(got, c.want) {
			t.Errorf("Parameters(%s) = %q, want %q", c.name, got, c.want)
		}
	}
}

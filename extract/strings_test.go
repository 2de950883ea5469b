package extract_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// TestStringRows: the parts of rows strings of several lines take, in
// each language's strings (row:from-to, to -1 for the rest of the row):
// the row a string opens on keeps the code before it, the row it closes
// on the code after it ("`)" closes a call); a comment's rows and a
// template literal's ${...} code are none.
func TestStringRows(t *testing.T) {
	for _, c := range []struct {
		file, src string
		want      []string
	}{
		{"x.rs", "fn a() {\n    check(r#\"\nfn foo() {}\n\"#);\n    let s = \"one\ntwo\";\n}\n// r#\"\nfn b() {}\n",
			[]string{"1:10--1", "2:0--1", "3:0-2", "4:12--1", "5:0-4"}},
		{"x.go", "f(`NOT EXISTS (\nSELECT 1\n)`, a)\n/* `\nfunc bar() {} */\nfunc b() {}\n",
			[]string{"0:2--1", "1:0--1", "2:0-2"}},
		{"x.ts", "const q = `a ${f({\n  x: 1,\n})} b\nfunction foo() {}\n`;\nfunction b() {}\n",
			[]string{"2:2--1", "3:0--1", "4:0-1"}},
		{"x.py", "def a():\n    '''Doc\n    def foo(): pass\n    '''\n",
			[]string{"1:4--1", "2:0--1", "3:0-7"}},
	} {
		var got []string
		for _, r := range extract.StringRows(lang.ForPath(c.file).Lex, []byte(c.src)) {
			got = append(got, fmt.Sprintf("%d:%d-%d", r.Row, r.From, r.To))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.file, got, c.want)
		}
	}
}

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

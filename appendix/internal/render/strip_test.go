package render

import (
	"strings"
	"testing"
)

const sampleAppendix = "---\n\n## APPENDIX: Codebase Context (Round 2)\n\n> This appendix contains real code artifacts extracted from the codebase.\n\n### A1. Type: a.go (line 3)\n\n```go\ntype A struct{}\n```\n"

func TestStripRoundTrip(t *testing.T) {
	for _, sp := range []string{
		"# Spec\n\nBody.\n", "# Spec\n\nBody.", "Body\n\n", "Body\n \n", "x", "\n",
		"# Spec\n\n## Appendix A\n\nOur own appendix.\n",
		"Spec\n\n```md\n---\n\n## APPENDIX: Codebase Context (Round 2)\n```\n",
		"Spec with a rule\n\n---\n\nand more\n",
	} {
		got := string(Strip(Attach([]byte(sp), sampleAppendix)))
		if got != sp {
			t.Errorf("strip(attach(%q)) = %q", sp, got)
		}
		if string(Strip([]byte(sp))) != sp {
			t.Errorf("strip changed a spec without appendix: %q", sp)
		}
	}
}

func TestStripEchoedInsideSpecTags(t *testing.T) {
	payload := "[SPEC]\n# Spec\nBody.\n\n" + sampleAppendix + "[/SPEC]\n\nCritique follows.\n"
	want := "[SPEC]\n# Spec\nBody.\n[/SPEC]\n\nCritique follows.\n"
	if got := string(Strip([]byte(payload))); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestStripOnlyOurHeading(t *testing.T) {
	sp := "Spec\n\n---\n\n## APPENDIX: Codebase Context (draft)\n\nnot ours\n"
	if got := string(Strip([]byte(sp))); got != sp {
		t.Errorf("stripped a heading that is not ours: %q", got)
	}
	if !strings.Contains(string(Attach([]byte("x"), sampleAppendix)), "x\n \n---\n") {
		t.Error("a spec without a final newline is not separated by a space line")
	}
}

func FuzzStrip(f *testing.F) {
	for _, s := range []string{"# Spec\n", "no newline", "```\n---\n```\n", "[SPEC]\nx\n[/SPEC]\n", "a\n \n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sp string) {
		if strings.Contains(sp, "[/SPEC]") || findAppendix([]byte(sp)) >= 0 {
			return // a spec that already carries an appendix or a closing tag is not a spec to attach to
		}
		if got := string(Strip(Attach([]byte(sp), sampleAppendix))); got != sp {
			t.Fatalf("strip(attach(%q)) = %q", sp, got)
		}
	})
}

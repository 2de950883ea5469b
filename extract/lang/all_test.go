package lang

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

func TestQueriesCompile(t *testing.T) {
	for _, l := range All {
		if _, err := l.Query(); err != nil {
			t.Errorf("%s: %v", l.Name, err)
		}
	}
}

func TestForPath(t *testing.T) {
	for name, want := range map[string]string{
		"a.go": "go", "x/y.py": "python", "t.ts": "typescript", "t.d.ts": "typescript", "c.tsx": "tsx",
		"j.js": "javascript", "j.jsx": "jsx", "m.mjs": "javascript", "README.md": "", "a.sql": "sql", "s.prisma": "prisma", "x.gql": "graphql", "o.proto": "protobuf", "a.txt": "",
	} {
		got := ""
		if l := ForPath(name); l != nil {
			got = l.Name
		}
		if got != want {
			t.Errorf("ForPath(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestRegistry: the order of All is part of what a fingerprint hashes, and
// every registered name, and the pseudo-languages, are found by name.
func TestRegistry(t *testing.T) {
	var names []string
	for _, l := range All {
		names = append(names, l.Name)
		if ByName(l.Name) != l {
			t.Errorf("ByName(%q) is not the registered language", l.Name)
		}
	}
	want := "go python typescript tsx javascript jsx sql prisma graphql protobuf"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("registry order %q, want %q", got, want)
	}
	if ByName("text") != extract.Text || ByName("markdown") != extract.Markdown || ByName("cobol") != nil {
		t.Error("ByName does not find the pseudo-languages, or finds what is not there")
	}
}

// TestFingerprintCoversRevisions: every language names the revision of
// its rules, and a new revision is a new fingerprint.
func TestFingerprintCoversRevisions(t *testing.T) {
	for _, l := range All {
		if l.Revision == "" {
			t.Errorf("%s has no revision", l.Name)
		}
	}
	before := Fingerprint()
	l := All[len(All)-1]
	old := l.Revision
	l.Revision += "+test"
	changed := Fingerprint()
	l.Revision = old
	if changed == before || Fingerprint() != before {
		t.Errorf("fingerprint %s, with %s's revision changed %s", before, l.Name, changed)
	}
}

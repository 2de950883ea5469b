package inventory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// saveInto writes sample() into a session file holding text and returns
// the file's text after.
func saveInto(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	st := Store{File: p, session: true}
	if err := st.Save(sample()); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if inv, err := st.Load(); err != nil || inv.GitHash != "abc1234" {
		t.Fatalf("Load after Save: %+v %v", inv, err)
	}
	return string(b)
}

// A session file keeps every byte outside the inventory: its keys in
// their order, its indentation, escapes and numbers as written. The
// inventory is indented as the file is.
func TestSessionFileRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name, text string
		// before and after are the text kept on each side of the inventory;
		// inside is a line the inventory must hold.
		before, after, inside string
	}{
		{
			name: "null in the middle, four spaces",
			text: "{\n    \"session_id\": \"adv-1\",\n    \"round\": 2.0,\n    \"extended_state\": {\n        \"origin\": \"caf\\u00e9 \\u2014 x\",\n" +
				"        \"context_inventory\": null,\n        \"zeta\": [1, 2,   3]\n    },\n    \"alpha\": {\"b\": 1, \"a\": 2}\n}\n",
			before: "{\n    \"session_id\": \"adv-1\",\n    \"round\": 2.0,\n    \"extended_state\": {\n        \"origin\": \"caf\\u00e9 \\u2014 x\",\n" +
				"        \"context_inventory\": {\n",
			after:  "\n        },\n        \"zeta\": [1, 2,   3]\n    },\n    \"alpha\": {\"b\": 1, \"a\": 2}\n}\n",
			inside: "\n            \"schema_version\": \"1.1\",\n",
		},
		{
			name:   "no inventory yet, tabs",
			text:   "{\n\t\"spec_path\": \"specs/a.md\",\n\t\"extended_state\": {\n\t\t\"notes\": \"keep\"\n\t},\n\t\"z\": 0\n}",
			before: "{\n\t\"spec_path\": \"specs/a.md\",\n\t\"extended_state\": {\n\t\t\"notes\": \"keep\",\n\t\t\"context_inventory\": {\n",
			after:  "\n\t\t}\n\t},\n\t\"z\": 0\n}",
			inside: "\n\t\t\t\"git_hash\": \"abc1234\",\n",
		},
		{
			name:   "no extended_state",
			text:   "{\n  \"z\": 1,\n  \"a\": 2\n}\n",
			before: "{\n  \"z\": 1,\n  \"a\": 2,\n  \"extended_state\": {\n    \"context_inventory\": {\n",
			after:  "\n    }\n  }\n}\n",
			inside: "\n      \"blast_zone\": [\n        \"a.go\"\n      ],\n",
		},
		{
			name:   "extended_state null, CRLF",
			text:   "{\r\n  \"b\": 1,\r\n  \"extended_state\": null\r\n}\r\n",
			before: "{\r\n  \"b\": 1,\r\n  \"extended_state\": {\r\n    \"context_inventory\": {\r\n",
			after:  "\r\n    }\r\n  }\r\n}\r\n",
			inside: "\r\n      \"git_hash\": \"abc1234\",\r\n",
		},
		{
			name:   "one line",
			text:   `{"z":1,"extended_state":{},"a":[]}`,
			before: `{"z":1,"extended_state":{"context_inventory":{"schema_version":"1.1",`,
			after:  `}},"a":[]}`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := saveInto(t, c.text)
			if !strings.HasPrefix(got, c.before) || !strings.HasSuffix(got, c.after) || !strings.Contains(got, c.inside) {
				t.Errorf("saved:\n%s\nwant it to start with:\n%s\nand end with:\n%s\nholding %q", got, c.before, c.after, c.inside)
			}
			// Saving again changes nothing.
			if again := saveInto(t, got); again != got {
				t.Errorf("second save changed the file:\n%s\n----\n%s", got, again)
			}
		})
	}
}

// Only the last of duplicate keys counts, as when the file is read.
func TestSessionFileDuplicateKeys(t *testing.T) {
	got := saveInto(t, `{"extended_state": {"context_inventory": 1}, "extended_state": {"context_inventory": null}}`)
	if !strings.HasPrefix(got, `{"extended_state": {"context_inventory": 1}, "extended_state": {"context_inventory": {`) {
		t.Errorf("saved: %s", got)
	}
}

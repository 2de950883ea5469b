package scan

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestWordPrint: a print holds every whole word of its file, in the files
// of every fixture, and answers false for most words the file does not
// hold; a word with other bytes than an identifier's is no print's.
func TestWordPrint(t *testing.T) {
	paths, err := filepath.Glob("../../../fixtures/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	absent, said := 0, 0
	for _, p := range paths {
		arch, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range arch.Files {
			src := f.Data
			print := wordPrint(src)
			held := map[string]bool{}
			for _, w := range strings.FieldsFunc(string(src), func(r rune) bool { return r < 0x80 && !identBytes[byte(r)] }) {
				held[w] = true
				if !print.May(w) {
					t.Fatalf("%s: %s: the print says %q is not there", filepath.Base(p), f.Name, w)
				}
			}
			for i := range 50 {
				w := fmt.Sprintf("absentWord%d", i)
				if !held[w] {
					absent++
					if print.May(w) {
						said++
					}
				}
			}
		}
	}
	if said*10 > absent {
		t.Errorf("the prints may hold %d of %d words their files do not hold", said, absent)
	}
	if Word("x.y") || Word("") || !Word("_x9") {
		t.Error("Word tells identifier words wrong")
	}
	if !WordPrint("").May("anything") {
		t.Error("an empty print (no scan's) must hold anything")
	}
}

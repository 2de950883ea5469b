package scan

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract/lang"
)

// TestSlashWordsSkipImports: the words after a "/" say which files may
// register a route; a module path on an import line registers none.
func TestSlashWordsSkipImports(t *testing.T) {
	src := "import { a } from '../webhooks/trigger/a';\nimport {\n  b,\n} from './zapier/subscribe';\nexport * from './lib/jobs';\nimport \"github.com/x/queue\"\n" +
		"app.post('/trigger', handler) // see docs/guide\nrouter.use('/hooks', require('./routes/mounted'))\nconst re = a / b\n"
	if got, want := slashWords([]byte(src)), "trigger\nguide\nhooks\nroutes\nmounted"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestNoImportLineStartsAComment: importLine reads a line that starts
// with "/" or "*" as no import without asking the languages; each
// language's own test agrees, on comments holding what its imports hold.
func TestNoImportLineStartsAComment(t *testing.T) {
	bodies := []string{`import x from "a/b"`, `#include <a/b.h>`, `require "a/b"`, `require_once 'a/b.php'`,
		`load "a/b.rb"`, `import "github.com/a/b"`, `} from "./a/b"`, `export * from "./a/b"`, `include 'a/b.php';`}
	for _, b := range bodies {
		if !importLine([]byte(b)) {
			t.Errorf("importLine(%q) = false, want true", b)
		}
		for _, lead := range []string{"// ", "/* ", "  * ", "/** ", "\t// "} {
			line := []byte(lead + b)
			if importLine(line) {
				t.Errorf("importLine(%q) = true", line)
			}
			for _, l := range lang.All {
				if l.ImportLine != nil && l.ImportLine(line) {
					t.Errorf("%s's import line test reads %q as an import", l.Name, line)
				}
			}
		}
	}
}

// TestImportStarts: a line a language's import line test accepts starts,
// after its blanks, with one of the language's ImportStarts, so that the
// test is asked only of such lines.
func TestImportStarts(t *testing.T) {
	bodies := []string{`import x from "a/b"`, `#include <a/b.h>`, `# include "a/b.h"`, `require "a/b"`, `require_once 'a/b.php'`,
		`require_relative "../a/b"`, `autoload :B, "a/b"`, `load "a/b.rb"`, `import "github.com/a/b"`, `} from "./a/b"`,
		`export * from "./a/b"`, `export { x } from "./a/b"`, `include 'a/b.php';`, `include_once("a/b.php");`,
		`import a.b.C;`, `import static a.b.C.d;`, `from a.b import c`, `import a.b`}
	for _, l := range lang.All {
		if l.ImportLine == nil || l.ImportStarts == "" {
			continue
		}
		for _, b := range bodies {
			for _, lead := range []string{"", "  ", "\t", "\f"} {
				line := []byte(lead + b)
				if l.ImportLine(line) && !strings.Contains(l.ImportStarts, b[:1]) {
					t.Errorf("%s reads %q as an import, which starts with none of %q", l.Name, line, l.ImportStarts)
				}
			}
		}
	}
}

// TestSlashWordsCallArguments: a call's first argument that is one word
// in quotes, or starts with one before a "/", may be a route path without
// its leading slash (Laravel's Route::get('orders/{order}', ...)); a
// longer string, or a later argument, is none.
func TestSlashWordsCallArguments(t *testing.T) {
	src := "router.post(\n  \"shares.list\",\n  auth(),\n);\nt(\"Some text\");\nlog(x, \"other.word\");\nfetch('users');\n" +
		"Route::get('orders/{order}', [OrderController::class, 'show']);\n"
	if got, want := slashWords([]byte(src)), "shares.list\nusers\norders"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestReadBounded: whole files whatever the size hint says (a file can
// change between its stat and its read), never more than one byte over
// the limit.
func TestReadBounded(t *testing.T) {
	dir := t.TempDir()
	buf := make([]byte, 0, 16)
	for _, c := range []struct {
		size int
		hint int64
	}{{0, 0}, {0, -1}, {10, 10}, {10, -1}, {100000, 100000}, {100000, 10}, {100000, 200000}, {MaxFileSize + 5000, -1}} {
		want := bytes.Repeat([]byte("x"), c.size)
		file := filepath.Join(dir, "f")
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadBounded(file, &buf, c.hint, MaxFileSize)
		if err != nil {
			t.Fatal(err)
		}
		if n := min(c.size, MaxFileSize+1); len(got) != n {
			t.Errorf("size %d, hint %d: read %d bytes, want %d", c.size, c.hint, len(got), n)
		}
	}
	if _, err := ReadBounded(filepath.Join(dir, "missing"), &buf, -1, MaxFileSize); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing file: %v", err)
	}
}

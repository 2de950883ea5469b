package scan

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestImportedModules(t *testing.T) {
	src := "import x from './music';\nimport { a,\n b } from \"../lib/format\";\nexport * from 'pkg';\nconst y = require('./util');\nfrom app.music import play\nfrom .local import z\nimport os, sys.path\n"
	want := "./music\n../lib/format\npkg\n./util\napp.music\n.local\nos\nsys.path"
	if got := importedModules([]byte(src)); got != want {
		t.Errorf("got %q", got)
	}
}

// TestImportParts checks the import reader against the regular expression
// it replaced, on the forms it must read and on near misses.
func TestImportParts(t *testing.T) {
	oracle := regexp.MustCompile(`^\s*(?:import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']|from\s+([\w.]+)\s+import\s+\(?([\w, \t\n]+)\)?)`)
	for _, stmt := range []string{
		`import { A, B } from "pkg"`,
		`import type { A } from '@scope/pkg';`,
		"import {\n  A,\n  B as C,\n} from 'pkg/sub';",
		`  import{ A } from "pkg"`,
		`import {A}from"pkg"`,
		`import A from "pkg"`,
		`import * as A from "pkg"`,
		`import "side-effect"`,
		`import { A } from './local'`,
		`from pkg.sub import A, B`,
		"from pkg import (\n    A,\n    B,\n)",
		`from . import views`,
		`from pkg import *`,
		`from pkg import A  # note`,
		`from pkg`,
		`import os`,
		`important { A } from "x"`,
	} {
		names, mod, ok := ImportParts([]byte(stmt))
		m := oracle.FindStringSubmatch(stmt)
		var wn, wm string
		if m != nil {
			wn, wm = m[1], m[2]
			if wn == "" && wm == "" {
				wn, wm = m[4], m[3]
			}
		}
		if ok != (m != nil) || string(names) != wn || string(mod) != wm {
			t.Errorf("%q: got %q from %q (%v), the expression reads %q from %q (%v)", stmt, names, mod, ok, wn, wm, m != nil)
		}
	}
}

// TestSlashWordsSkipImports: the words after a "/" say which files may
// register a route; a module path on an import line registers none.
func TestSlashWordsSkipImports(t *testing.T) {
	src := "import { a } from '../webhooks/trigger/a';\nimport {\n  b,\n} from './zapier/subscribe';\nexport * from './lib/jobs';\nimport \"github.com/x/queue\"\n" +
		"app.post('/trigger', handler) // see docs/guide\nrouter.use('/hooks', require('./routes/mounted'))\nconst re = a / b\n"
	if got, want := slashWords([]byte(src)), "trigger\nguide\nhooks\nroutes\nmounted"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestImportsOf(t *testing.T) {
	src := "import { A, B as C } from 'pkg';\nimport {\n  D,\n} from \"@scope/x\";\nimport { E } from './local';\nimport \"fmt\"\nfrom app.models import (\n    Item,\n    User,\n)\nimport { A } from 'other';\n"
	want := "A\tpkg\nC\tpkg\nD\t@scope/x\nItem\tapp.models\nUser\tapp.models\nA\tother\n"
	if got := importsOf([]byte(src)); got != want {
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
		got, err := ReadBounded(file, &buf, c.hint)
		if err != nil {
			t.Fatal(err)
		}
		if n := min(c.size, MaxFileSize+1); len(got) != n {
			t.Errorf("size %d, hint %d: read %d bytes, want %d", c.size, c.hint, len(got), n)
		}
	}
	if _, err := ReadBounded(filepath.Join(dir, "missing"), &buf, -1); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing file: %v", err)
	}
}

package imports

import (
	"regexp"
	"slices"
	"testing"
)

func TestModules(t *testing.T) {
	src := "import x from './music';\nimport { a,\n b } from \"../lib/format\";\nexport * from 'pkg';\nconst y = require('./util');\nfrom app.music import play\nfrom .local import z\nimport os, sys.path\n"
	want := "./music\n../lib/format\npkg\n./util\napp.music\n.local\nos\nsys.path"
	if got := Modules([]byte(src)); got != want {
		t.Errorf("got %q", got)
	}
}

// TestParts checks the import reader against the regular expression
// it replaced, on the forms it must read and on near misses.
func TestParts(t *testing.T) {
	oracle := regexp.MustCompile(`^\s*(?:import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']|from\s+([\w.]+)\s+import\s+\(?([\w, \t\n]+)\)?)`)
	for _, stmt := range []string{
		`import { A, B } from "pkg"`,
		`import type { A } from '@scope/pkg';`,
		"import {\n  A,\n  B as C,\n} from 'pkg/sub';",
		`  import{ A } from "pkg"`,
		`import {A}from"pkg"`,
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
		names, mod, ok := Parts([]byte(stmt))
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

// TestDefaultImports: a default import and a namespace's name the names
// they bind, alone or beside the braces.
func TestDefaultImports(t *testing.T) {
	for stmt, want := range map[string]string{
		`import A from "pkg"`:           "A",
		`import * as A from "pkg"`:      "A",
		`import A, { B, C } from 'pkg'`: "A, B, C ",
		`import A, * as N from 'pkg'`:   "A,N",
		`import type A from "pkg"`:      "A",
		`import from from "pkg"`:        "",
		`import * from "pkg"`:           "",
		`import A "pkg"`:                "",
	} {
		names, mod, ok := Parts([]byte(stmt))
		if want == "" {
			if ok {
				t.Errorf("%q: got %q from %q, want none", stmt, names, mod)
			}
			continue
		}
		if !ok || string(names) != want || string(mod) != "pkg" {
			t.Errorf("%q: got %q from %q (%v), want %q from pkg", stmt, names, mod, ok, want)
		}
	}
}

func TestNames(t *testing.T) {
	src := "import { A, B as C } from 'pkg';\nimport {\n  D,\n} from \"@scope/x\";\nimport { E } from './local';\nimport \"fmt\"\nfrom app.models import (\n    Item,\n    User,\n)\nimport { A } from 'other';\n"
	want := "A\tpkg\nC\tpkg\nD\t@scope/x\nItem\tapp.models\nUser\tapp.models\nA\tother\n"
	if got := Names([]byte(src)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWildcards: each module a wildcard import line names, once, in order.
func TestWildcards(t *testing.T) {
	read := Wildcards(regexp.MustCompile(`(?m)^import[ \t]+([\w.]+)\.\*;`))
	src := []byte("import java.util.List;\nimport javax.persistence.*;\nimport javax.validation.*;\nimport javax.persistence.*;\n")
	if got, want := read(src), []string{"javax.persistence", "javax.validation"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

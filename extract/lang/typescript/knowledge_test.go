package typescript

import (
	"reflect"
	"testing"
)

func TestJSTests(t *testing.T) {
	tests := []string{"src/music.test.ts", "src/music.spec.js", "src/__tests__/music.tsx", "lib/music.test.ts", "tests/__tests__/music.ts", "src/musics.test.ts"}
	want := []string{"src/music.test.ts", "src/music.spec.js", "src/__tests__/music.tsx", "tests/__tests__/music.ts"}
	if m := jsTests("src/music.ts", tests); !reflect.DeepEqual(m.Named, want) || m.ByPackage {
		t.Errorf("got %+v, want %q", m, want)
	}
}

func TestRouteFile(t *testing.T) {
	for file, want := range map[string]bool{"app/api/items/route.ts": true, "src/routes/items.tsx": true, "pages/api/items.js": true, "src/items.ts": false} {
		if routeFile(file) != want {
			t.Errorf("routeFile(%q) = %v", file, !want)
		}
	}
}

func TestTestNames(t *testing.T) {
	src := []byte("describe('x', () => {\n  it('adds a tag', () => {})\n  test(`removes it`, async () => {})\n})\n")
	if got := TypeScript.TestNames(src); !reflect.DeepEqual(got, []string{"adds a tag", "removes it"}) {
		t.Errorf("got %q", got)
	}
}

// A file's packages: by package name (a scoped one with its scope), once;
// not Node's built-in modules, relative paths or the project's aliases.
func TestExternalImports(t *testing.T) {
	src := []string{`import React from "react";`, `import { useQuery } from "@tanstack/react-query";`, `import fs from "node:fs";`,
		`import path from "path";`, `import { x } from "./local";`, `import { y } from "@/lib/y";`, `import "zod/v4";`,
		`const lodash = require("lodash/fp");`, `export { z } from '@acme/kit/sub';`, `import { h } from "react/jsx-runtime";`}
	want := []string{"react", "@tanstack/react-query", "zod", "lodash", "@acme/kit"}
	if got := externalImports(src); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

package python

import (
	"reflect"
	"testing"
)

func TestPyTests(t *testing.T) {
	tests := []string{"app/test_music.py", "app/music_test.py", "tests/test_music.py", "other/test_music.py", "app/test_musics.py"}
	want := []string{"app/test_music.py", "app/music_test.py", "tests/test_music.py"}
	if m := pyTests("app/music.py", tests); !reflect.DeepEqual(m.Named, want) || m.ByPackage {
		t.Errorf("got %+v, want %q", m, want)
	}
	if m := pyTests("app/music.pyi", tests); m.Named != nil {
		t.Errorf("a stub file has tests: %+v", m)
	}
}

func TestTestNames(t *testing.T) {
	src := []byte("def test_a():\n    pass\n\nclass T:\n    async def test_b(self):\n        pass\n    def helper(self):\n        pass\n")
	if got := Lang.TestNames(src); !reflect.DeepEqual(got, []string{"test_a", "test_b"}) {
		t.Errorf("got %q", got)
	}
}

// A file's packages: every form of import, by its top-level module, once;
// not the standard library's, not a relative import.
func TestExternalImports(t *testing.T) {
	src := []string{"from __future__ import annotations", "import os, sys", "import requests as r", "from pydantic import BaseModel",
		"from pydantic.fields import Field", "import google.cloud.storage", "from . import sibling", "from .models import X", "from dataclasses import dataclass"}
	want := []string{"requests", "pydantic", "google"}
	if got := externalImports(src); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if !declaredBy("pydantic_settings", "pydantic-settings") || !declaredBy("Yaml", "yaml") || declaredBy("jwt", "pyjwt") {
		t.Error("declaredBy does not compare names as pip does")
	}
}

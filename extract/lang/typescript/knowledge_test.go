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

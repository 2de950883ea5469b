package appendix

import "testing"

func TestImportedModules(t *testing.T) {
	src := "import x from './music';\nimport { a,\n b } from \"../lib/format\";\nexport * from 'pkg';\nconst y = require('./util');\nfrom app.music import play\nfrom .local import z\nimport os, sys.path\n"
	want := "./music\n../lib/format\npkg\n./util\napp.music\n.local\nos\nsys.path"
	if got := importedModules([]byte(src)); got != want {
		t.Errorf("got %q", got)
	}
}

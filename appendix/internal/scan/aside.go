package scan

import (
	"path"
	"strings"
)

// asideDirs are the directory names that hold copies rather than the
// source: vendored and bundled code, examples and samples, documentation,
// the debate's own spec folders, and code kept for history.
var asideDirs = map[string]bool{
	"vendor": true, "vendored": true, "third_party": true, "third-party": true, "thirdparty": true, "bower_components": true,
	"example": true, "examples": true, "sample": true, "samples": true,
	"docs": true, "doc": true, "documentation": true,
	".adversarial-spec": true, ".adversarial-spec-gauntlet": true,
	"legacy": true, "deprecated": true, "obsolete": true, "archive": true, "archived": true, "old": true,
}

// packageRoots start a package path named for a domain in reverse
// (com/google/samples/..., org/example/...): the directories below are
// the package's name.
var packageRoots = map[string]bool{"com": true, "org": true, "net": true}

// assetDirs hold bundled third-party code when they sit under a public or
// static folder (public/plugins/pdfjs/...).
var assetDirs = map[string]bool{"plugins": true, "lib": true, "libs": true, "vendor": true, "bundles": true}

// Aside reports a file that is a copy rather than the source: under one of
// asideDirs, a bundle under public/ or static/, a bundled or minified file
// (*.bundle.js, *.min.js), or an example or sample configuration
// (settings.example.py, config.sample.ts).
func Aside(rel string) bool {
	dirs := strings.Split(path.Dir(rel), "/")
	for i, d := range dirs {
		d = strings.ToLower(d)
		if packageRoots[d] {
			break // com/google/samples/apps: a package's name, not a folder of samples
		}
		if i >= 2 && strings.ToLower(dirs[i-2]) == "src" && (strings.ToLower(dirs[i-1]) == "main" || strings.ToLower(dirs[i-1]) == "test") {
			break // src/main/<language>/io/github/jhipster/sample: Maven's source root, then a package's name
		}
		if asideDirs[d] {
			return true
		}
		if assetDirs[d] && i > 0 {
			if p := strings.ToLower(dirs[i-1]); p == "public" || p == "static" || p == "assets" {
				return true
			}
		}
	}
	base := strings.ToLower(path.Base(rel))
	for _, mark := range []string{".bundle.", ".min.", ".example.", ".sample.", "-bundle.", ".umd."} {
		if strings.Contains(base, mark) {
			return true
		}
	}
	return false
}

// testDataDirs are the directory names that hold the inputs and snapshots
// of tests: Go's testdata, a parser's test_data, Jest's __snapshots__.
var testDataDirs = map[string]bool{"testdata": true, "test_data": true, "test-data": true, "__snapshots__": true}

// TestData reports a file under one of testDataDirs: a test's input, whose
// definitions are no code of the project (a parser's test_data holding
// `fn foo`, a fuzzer's crash inputs).
func TestData(rel string) bool {
	for _, d := range strings.Split(path.Dir(rel), "/") {
		if testDataDirs[strings.ToLower(d)] {
			return true
		}
	}
	return false
}

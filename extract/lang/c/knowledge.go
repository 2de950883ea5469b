package c

import (
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// knowing sets on l the rules code outside extraction asks of C (see
// extract.Language), and returns l.
func knowing(l *extract.Language) *extract.Language {
	l.SpecWords = []string{"c", "c99", "c11", "c17", "c23"}
	l.RouteFrameworks = []string{"CivetWeb", "Ulfius"}
	l.NotNames = clike.NotNames
	l.Builtins = clike.Builtins
	l.Frameworks = []string{"curl", "openssl", "libevent", "event2", "uv", "civetweb", "mongoose", "ulfius", "microhttpd", "jansson",
		"cjson", "sqlite3", "zlib", "pthread", "glib", "gtk", "check", "cmocka", "unity", "CUnit"}
	l.Keywords = clike.Keywords
	l.Generated = []string{".pb-c.c", ".pb-c.h", ".tab.c", ".tab.h", ".yy.c", "lex.yy.c"}
	l.GeneratedMarks = clike.GeneratedMarks
	l.SkipDirs = clike.SkipDirs
	l.ImportedModules = clike.Included
	l.ImportLine, l.ImportStarts = clike.IncludeLine, "#"
	l.ExternalImports = clike.ExternalIncludes
	l.TestFiles = []string{"test_*.c", "*_test.c", "*_tests.c", "test-*.c", "*-test.c"}
	l.TestDirs = []string{"tests"}
	l.Tests = clike.Tests
	l.TestNames = clike.TestNames
	l.Declares = route.TypedDeclares
	l.DocPrefixes = []string{"//", "/*", "*"}
	l.Headers = clike.HeaderExts
	return l
}

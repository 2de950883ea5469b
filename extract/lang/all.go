package lang

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/c"
	"github.com/appendix-dev/appendix/extract/lang/cpp"
	"github.com/appendix-dev/appendix/extract/lang/csharp"
	"github.com/appendix-dev/appendix/extract/lang/golang"
	"github.com/appendix-dev/appendix/extract/lang/graphql"
	"github.com/appendix-dev/appendix/extract/lang/java"
	"github.com/appendix-dev/appendix/extract/lang/kotlin"
	"github.com/appendix-dev/appendix/extract/lang/php"
	"github.com/appendix-dev/appendix/extract/lang/prisma"
	"github.com/appendix-dev/appendix/extract/lang/protobuf"
	"github.com/appendix-dev/appendix/extract/lang/python"
	"github.com/appendix-dev/appendix/extract/lang/ruby"
	"github.com/appendix-dev/appendix/extract/lang/rust"
	"github.com/appendix-dev/appendix/extract/lang/sql"
	"github.com/appendix-dev/appendix/extract/lang/swift"
	"github.com/appendix-dev/appendix/extract/lang/typescript"
)

// All is the ordered registry of the languages extraction reads. A file's
// language is the first whose extensions include the file's; TSX and JSX
// reuse their base languages' rules.
var All = []*extract.Language{
	golang.Lang,
	python.Lang,
	typescript.TypeScript,
	typescript.TSX,
	typescript.JavaScript,
	typescript.JSX,
	java.Lang,
	kotlin.Lang,
	rust.Lang,
	csharp.Lang,
	ruby.Lang,
	php.Lang,
	swift.Lang,
	c.Lang,
	cpp.Lang,
	sql.Lang,
	prisma.Lang,
	graphql.Lang,
	protobuf.Lang,
}

// ByName returns a registered language, one of the pseudo-languages
// extract.Text and extract.Markdown, or a language no parser reads (see
// Unparsed), by its name; nil when none has it.
func ByName(name string) *extract.Language {
	for _, l := range All {
		if l.Name == name {
			return l
		}
	}
	for _, l := range []*extract.Language{extract.Text, extract.Markdown} {
		if l.Name == name {
			return l
		}
	}
	return unparsedNamed[name] // a definition located by text in a file no parser reads (a .vue file's)
}

// Fingerprint identifies the extraction rules: every language's name,
// revision and query, in registry order, and the rules a cached scan of a
// file depends on that are data (its keywords, the names of test files).
// A cache of extraction results or scans is valid only under the same
// fingerprint.
func Fingerprint() string {
	h := sha256.New()
	for _, l := range All {
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00", l.Name, l.Revision, l.QuerySource)
		// (Every field of Keywords, by Go syntax: a rule added to it
		// changes the fingerprint without being listed here.)
		fmt.Fprintf(h, "%#v\x00%q\x00%q\x00", l.Keywords, l.TestFiles, l.TestDirs)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// ForPath returns the language of a file name, or nil.
func ForPath(name string) *extract.Language {
	ext := strings.ToLower(path.Ext(name))
	for _, l := range All {
		for _, e := range l.Exts {
			if e == ext {
				return l
			}
		}
	}
	return nil
}

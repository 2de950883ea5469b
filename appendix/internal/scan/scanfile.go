package scan

import (
	"bytes"
	"reflect"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/internal/filestat"
)

// Entry is what scanning one file content found, independent of any
// spec: its declaration words, the words that follow a "/" (for routes),
// the names it imports from packages, and whether to skip it. Its stamp
// is the stat of the file scanned (the size is the content's).
type Entry struct {
	filestat.Stamp
	Key     string // blobKey of the content, once a search needed it
	Tokens  Tokens
	Slash   string    // words a route path may start with (see slashWords, Language.RouteWords), newline-joined
	Imports string    // "name\tmodule" lines: what it imports from packages
	Mods    string    // every module the file imports, relative ones too, newline-joined
	Values  string    // the string literals it sets values to (see valueWords), newline-joined
	Keys    string    // the string literals it holds as keys (see keyWords), newline-joined
	Skip    bool      // generated (by its header or as a bundle), or over the size limit
	Mounts  bool      // it holds one of its language's MountMarks
	Words   WordPrint // the whole words it holds (see WordPrint)
}

// File reads one file content. Only a test file's imported modules are
// kept: they say which files it covers.
func File(l *extract.Language, rel string, src []byte) *Entry {
	e := &Entry{Stamp: filestat.Stamp{Size: int64(len(src))}} // Key: only once a search needs it (keyOf)
	if len(src) > Limit(l) || Generated(src) || Bundled(l, src) {
		e.Skip = true
		return e
	}
	e.Words = wordPrint(src)                      // (of the bytes as a text search reads them)
	src = bytes.TrimPrefix(src, []byte("\ufeff")) // a byte order mark is no part of the first line's first word
	kw := keywordsOf(l).forFile(rel)
	e.Tokens = declTokens(kw, kw.code(src))
	if l.Imports != nil {
		e.Imports = l.Imports(src)
	}
	e.Mounts = l.MountMarks != nil && marked(src, l.MountMarks)
	if marked(src, l.RouteMarks) { // (else it registers no route: no path it spells is one)
		e.Slash = slashWords(src)
		if l.RouteWords != nil {
			for _, w := range l.RouteWords(src) {
				e.Slash += "\n" + w
			}
			e.Slash = strings.TrimPrefix(e.Slash, "\n")
		}
	}
	var args func(int) bool
	if l.Lex != nil && l.Lex.TripleQuotes && l.Lex.LineComment == "#" {
		args = pythonArgs(src)
	}
	e.Values, e.Keys = literalWords(src, args)
	if HoldsTests(rel) && l.ImportedModules != nil {
		e.Mods = l.ImportedModules(src)
	}
	return e
}

// marked reports whether src holds one of a language's route marks, or
// the language has none.
func marked(src []byte, marks []string) bool {
	if marks == nil {
		return true
	}
	for _, m := range marks {
		if bytes.Contains(src, []byte(m)) {
			return true
		}
	}
	return false
}

// importLines are the import line tests of every language, each once
// (dialects share theirs), by the first byte of the lines each may accept
// (Language.ImportStarts): slashWords asks them of every line with a "/".
var importLines = func() (byFirst [256][]func([]byte) bool) {
	seen := map[[2]uintptr]bool{}
	for _, l := range lang.All {
		if l.ImportLine == nil {
			continue
		}
		p := reflect.ValueOf(l.ImportLine).Pointer()
		for c := range 256 {
			if l.ImportStarts != "" && strings.IndexByte(l.ImportStarts, byte(c)) < 0 || seen[[2]uintptr{p, uintptr(c)}] {
				continue
			}
			seen[[2]uintptr{p, uintptr(c)}] = true
			byFirst[c] = append(byFirst[c], l.ImportLine)
		}
	}
	return byFirst
}()

// importLine reports a line that imports a module by its path, in any
// language. No language's import line starts with a "/" or a "*" (a
// comment's), which most lines holding a "/" do.
func importLine(line []byte) bool {
	i := 0 // (a loop: bytes.TrimLeft builds its set of bytes on every call)
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n' || line[i] == '\f' || line[i] == '\v') {
		i++
	}
	if i == len(line) || line[i] == '/' || line[i] == '*' {
		return false
	}
	for _, f := range importLines[line[i]] {
		if f(line) {
			return true
		}
	}
	return false
}

// slashWords lists, once each, the words a route path may start with:
// those that follow a "/" in src, except on import lines (a module path,
// ../webhooks/trigger/..., registers no route, and would make every file
// importing it one to parse for routes); and a call's first argument that
// is one word in quotes, or starts with one before a "/", a path without
// its leading slash (router.post("shares.list", ...),
// Route::get('orders/{order}', ...)); and the word a static constant
// holds (static let uri = "users"), which a group may be given.
func slashWords(src []byte) string {
	seen := map[string]bool{}
	var out []byte
	add := func(w []byte) {
		if !seen[string(w)] {
			seen[string(w)] = true
			if len(out) > 0 {
				out = append(out, '\n')
			}
			out = append(out, w...)
		}
	}
	lineEnd, skip := -1, false
	for i := 0; i+1 < len(src); {
		k := bytes.IndexByte(src[i:], '/')
		if k < 0 {
			break
		}
		if at := i + k; at >= lineEnd {
			start := bytes.LastIndexByte(src[:at], '\n') + 1
			lineEnd = len(src)
			if e := bytes.IndexByte(src[at:], '\n'); e >= 0 {
				lineEnd = at + e
			}
			skip = importLine(src[start:lineEnd])
		}
		if skip {
			i = lineEnd
			continue
		}
		i += k + 1
		if i >= len(src) || !extract.IdentByte(src[i]) {
			continue
		}
		j := routeWordEnd(src, i)
		add(src[i:j])
		i = j
	}
	for i := 0; i < len(src); {
		k := bytes.IndexByte(src[i:], '(')
		if k < 0 {
			break
		}
		i += k + 1
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r' || src[i] == '\n') {
			i++
		}
		if i+1 >= len(src) || src[i] != '"' && src[i] != '\'' && src[i] != '`' || !extract.IdentByte(src[i+1]) {
			continue
		}
		if j := routeWordEnd(src, i+1); j < len(src) && (src[j] == src[i] || src[j] == '/') {
			add(src[i+1 : j])
			i = j
		}
	}
	// A static constant holding one word in quotes, a path component a
	// group is given by name (static let uri = "users").
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("static "))
		if k < 0 {
			break
		}
		i += k + len("static ")
		end := bytes.IndexByte(src[i:], '\n')
		if end < 0 {
			end = len(src) - i
		}
		line := src[i : i+end]
		eq := bytes.LastIndexByte(line, '=')
		if eq < 0 {
			continue
		}
		v := bytes.TrimSpace(line[eq+1:])
		v = bytes.TrimSuffix(v, []byte(";"))
		if len(v) > 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] && extract.IdentByte(v[1]) {
			if j := routeWordEnd(v, 1); j == len(v)-1 {
				add(v[1:j])
			}
		}
	}
	return string(out)
}

// routeWordEnd is where the route word starting at i ends.
func routeWordEnd(src []byte, i int) int {
	for i < len(src) && (extract.IdentByte(src[i]) || src[i] == '-' || src[i] == '.') {
		i++
	}
	return i
}

// Routable reports whether the file can register one of the spec's
// endpoints: "/<segment>" appears in it, or it is a file-based route whose
// path holds the segment.
func (e *Entry) Routable(file string, segs []string) bool {
	for _, s := range segs {
		if strings.Contains(file, s) && routeFile(file) {
			return true
		}
		for rest := e.Slash; rest != ""; {
			w := rest
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				w, rest = rest[:i], rest[i+1:]
			} else {
				rest = ""
			}
			// (In any case: ASP.NET Core matches `/Auth/Keys` to "keys".)
			if len(w) >= len(s) && strings.EqualFold(w[:len(s)], s) && (len(w) == len(s) || !extract.IdentByte(w[len(s)])) {
				return true
			}
		}
	}
	return false
}

// routeFiles are the route file tests of every language: a path that
// holds a segment of an endpoint makes a file worth parsing for routes
// whatever its language.
var routeFiles = func() []func(string) bool {
	var out []func(string) bool
	for _, l := range lang.All {
		if l.RouteFile != nil {
			out = append(out, l.RouteFile)
		}
	}
	return out
}()

// routeFile reports files whose path is their route.
func routeFile(file string) bool {
	for _, f := range routeFiles {
		if f(file) {
			return true
		}
	}
	return false
}

// HoldsTests reports files whose imports say what they test.
func HoldsTests(rel string) bool {
	return TestFile(rel)
}

package scan

import (
	"bytes"
	"path"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// Entry is what scanning one file content found, independent of any
// spec: its declaration words, the words that follow a "/" (for routes),
// the names it imports from packages, and whether to skip it.
type Entry struct {
	Size, Mtime int64
	Key         string // blobKey of the content, once a search needed it
	Tokens      Tokens
	Slash       string // words after "/", newline-joined, for route search
	Imports     string // "name\tmodule" lines: what it imports from packages
	Mods        string // every module the file imports, relative ones too, newline-joined
	Skip        bool   // generated, or over the size limit
}

// File reads one file content. Only a test file's imported modules are
// kept: they say which files it covers.
func File(lang *extract.Language, rel string, src []byte) *Entry {
	e := &Entry{Size: int64(len(src))} // Key: only once a search needs it (keyOf)
	if len(src) > MaxFileSize || Generated(src) {
		e.Skip = true
		return e
	}
	e.Tokens = declTokens(src)
	if importsNames(lang) {
		e.Imports = importsOf(src)
	}
	e.Slash = slashWords(src)
	if HoldsTests(rel) && importsNames(lang) {
		// (A Go test covers its own package: its imports say nothing.)
		e.Mods = importedModules(src)
	}
	return e
}

// importLine reports a line that imports a module by its path: import
// ... from "x", } from "x", export ... from "x", import "x".
func importLine(line []byte) bool {
	t := trimBlank(line)
	switch {
	case bytes.HasPrefix(t, []byte("import ")), bytes.HasPrefix(t, []byte("} from ")):
		return true
	case bytes.HasPrefix(t, []byte("export ")):
		return bytes.Contains(t, []byte(" from "))
	}
	return false
}

// importsNames reports a language whose imports name what they bring in
// from a package: import { A } from "pkg", from pkg import A.
func importsNames(lang *extract.Language) bool {
	switch BaseLang(lang.Name) {
	case "typescript", "javascript", "python":
		return true
	}
	return false
}

// importedModules lists the modules a file imports: "./music",
// "../lib/format", "app.music", ".music". Only lines that start an import
// (or hold a require call) are looked at.
func importedModules(src []byte) string {
	if !bytes.Contains(src, []byte("import")) && !bytes.Contains(src, []byte("require(")) {
		return ""
	}
	var out []string
	quoted := func(b []byte) string {
		for i, c := range b {
			if c == '"' || c == '\'' || c == '`' {
				if j := bytes.IndexByte(b[i+1:], c); j >= 0 {
					return string(b[i+1 : i+1+j])
				}
				return ""
			}
		}
		return ""
	}
	for len(src) > 0 {
		var line []byte
		line, src = nextLine(src)
		t := trimBlank(line)
		switch {
		case bytes.HasPrefix(t, []byte("from ")) && bytes.Contains(t, []byte(" import")):
			// Python: from app.music import x
			if f := bytes.Fields(t); len(f) >= 2 {
				out = append(out, string(f[1]))
			}
		case bytes.HasPrefix(t, []byte("import ")) && !bytes.ContainsAny(t, "'\"`{"):
			// Python: import a.b, c
			for _, m := range bytes.Split(t[len("import "):], []byte(",")) {
				if f := bytes.Fields(m); len(f) > 0 {
					out = append(out, string(f[0]))
				}
			}
		default:
			// JavaScript: import x from "m", } from "m", export * from "m", require("m")
			if i := bytes.Index(t, []byte("from ")); i >= 0 && (bytes.HasPrefix(t, []byte("import")) || bytes.Contains(t, []byte("} from ")) || bytes.HasPrefix(t, []byte("export"))) {
				if q := quoted(t[i:]); q != "" {
					out = append(out, q)
				}
			} else if bytes.HasPrefix(t, []byte("import ")) || bytes.HasPrefix(t, []byte("import(")) {
				if q := quoted(t); q != "" {
					out = append(out, q)
				}
			} else if i := bytes.Index(t, []byte("require(")); i >= 0 {
				if q := quoted(t[i:]); q != "" {
					out = append(out, q)
				}
			}
		}
	}
	return strings.Join(out, "\n")
}

// slashWords lists, once each, the words that follow a "/" in src, except
// on import lines: a module path (../webhooks/trigger/...) registers no
// route, and would make every file importing it one to parse for routes.
func slashWords(src []byte) string {
	seen := map[string]bool{}
	var out []byte
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
		if i >= len(src) || !identByte(src[i]) {
			continue
		}
		j := i
		for j < len(src) && (identByte(src[j]) || src[j] == '-' || src[j] == '.') {
			j++
		}
		if w := src[i:j]; !seen[string(w)] {
			seen[string(w)] = true
			if len(out) > 0 {
				out = append(out, '\n')
			}
			out = append(out, w...)
		}
		i = j
	}
	return string(out)
}

// Routable reports whether the file can register one of the spec's
// endpoints: "/<segment>" appears in it, or it is a file-based route whose
// path holds the segment.
func (e *Entry) Routable(file string, segs [][]byte) bool {
	for _, s := range segs {
		if strings.Contains(file, string(s)) && routeFile(file) {
			return true
		}
		for rest := e.Slash; rest != ""; {
			w := rest
			if i := strings.IndexByte(rest, '\n'); i >= 0 {
				w, rest = rest[:i], rest[i+1:]
			} else {
				rest = ""
			}
			if w == string(s) || strings.HasPrefix(w, string(s)) && !identByte(w[len(s)]) {
				return true
			}
		}
	}
	return false
}

// ImportParts reads one import statement that brings names from a
// package, import { A, B } from "pkg" or from pkg import A, B, and returns
// the names and the package. It runs only on the statements importsOf
// cuts out, never over a whole file, and by hand: a regular expression
// here was a fifth of a cold run's scanning.
func ImportParts(stmt []byte) (names, mod []byte, ok bool) {
	s := bytes.TrimLeft(stmt, " \t\r\n")
	word := func(w string) bool {
		r, found := bytes.CutPrefix(s, []byte(w))
		if !found || len(r) == 0 || !isSpace(r[0]) {
			return false
		}
		s = bytes.TrimLeft(r, " \t\r\n")
		return true
	}
	switch {
	case word("import"):
		word("type")
		if len(s) == 0 || s[0] != '{' {
			return nil, nil, false
		}
		end := bytes.IndexByte(s, '}')
		if end < 0 {
			return nil, nil, false
		}
		names, s = s[1:end], bytes.TrimLeft(s[end+1:], " \t\r\n")
		r, found := bytes.CutPrefix(s, []byte("from"))
		if !found {
			return nil, nil, false
		}
		r = bytes.TrimLeft(r, " \t\r\n")
		if len(r) == 0 || r[0] != '"' && r[0] != '\'' {
			return nil, nil, false
		}
		q := bytes.IndexAny(r[1:], `"'`)
		if q <= 0 {
			return nil, nil, false
		}
		return names, r[1 : 1+q], true
	case word("from"):
		n := 0
		for n < len(s) && (identByte(s[n]) || s[n] == '.') {
			n++
		}
		mod, s = s[:n], s[n:]
		if n == 0 || len(s) == 0 || !isSpace(s[0]) {
			return nil, nil, false
		}
		s = bytes.TrimLeft(s, " \t\r\n")
		if !word("import") {
			return nil, nil, false
		}
		s, _ = bytes.CutPrefix(s, []byte("("))
		n = 0
		for n < len(s) && (identByte(s[n]) || bytes.IndexByte([]byte(", \t\n"), s[n]) >= 0) {
			n++
		}
		if n == 0 {
			return nil, nil, false
		}
		return s[:n], mod, true
	}
	return nil, nil, false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// importsOf lists the names a file imports from packages, a "name\tmodule"
// line each, in file order (a later import of a name wins). Names imported
// from relative paths are the repository's own and not listed. It looks
// only at lines that start an import statement.
func importsOf(src []byte) string {
	var out []byte
	for off := 0; off < len(src); {
		// Jump to the next line holding "import" (Python's "from x import
		// y" does too): a search, not a walk over every line.
		k := bytes.Index(src[off:], []byte("import"))
		if k < 0 {
			break
		}
		at := off + k
		start := bytes.LastIndexByte(src[:at], '\n') + 1
		end := len(src)
		if nl := bytes.IndexByte(src[at:], '\n'); nl >= 0 {
			end = at + nl
		}
		off = end + 1
		line := trimBlank(src[start:end])
		if !bytes.HasPrefix(line, []byte("import ")) && !bytes.HasPrefix(line, []byte("import{")) && !bytes.HasPrefix(line, []byte("from ")) {
			continue
		}
		// The statement: to the closing brace or parenthesis when it opens
		// one on this line, else the line.
		stmtEnd := end
		if open := bytes.IndexAny(line, "{("); open >= 0 {
			closer := byte('}')
			if line[open] == '(' {
				closer = ')'
			}
			if c := bytes.IndexByte(src[start:], closer); c >= 0 && c < 4096 {
				stmtEnd = min(len(src), start+c+1)
				if q := bytes.IndexByte(src[stmtEnd:min(len(src), stmtEnd+200)], '\n'); q >= 0 {
					stmtEnd += q
				} else {
					stmtEnd = min(len(src), stmtEnd+200)
				}
			}
		}
		stmt := src[start:stmtEnd]
		if !bytes.Contains(stmt, []byte("from")) {
			continue // import "fmt", import x = require(...): no names from a package
		}
		names, mod, ok := ImportParts(stmt)
		if !ok || len(mod) == 0 || mod[0] == '.' || bytes.HasPrefix(mod, []byte("@/")) || bytes.HasPrefix(mod, []byte("~/")) || bytes.ContainsAny(mod, "\t\n") {
			continue
		}
		for _, n := range bytes.Split(names, []byte(",")) {
			f := bytes.Fields(n)
			if len(f) == 0 {
				continue
			}
			out = append(out, f[len(f)-1]...) // "A as B" imports B
			out = append(out, '\t')
			out = append(out, mod...)
			out = append(out, '\n')
		}
	}
	return string(out)
}

// routeFile reports files whose path is their route: Next.js and Remix
// route files, Django url modules.
func routeFile(file string) bool {
	return strings.Contains(file, "/routes/") || strings.HasPrefix(file, "routes/") || strings.Contains(file, "/app/") ||
		strings.HasPrefix(file, "app/") || strings.Contains(file, "pages/api/") || path.Base(file) == "urls.py"
}

// HoldsTests reports files whose imports say what they test.
func HoldsTests(rel string) bool {
	return TestFile(rel) || strings.Contains(rel, "/__tests__/")
}

// BaseLang folds TSX into TypeScript and JSX into JavaScript.
func BaseLang(l string) string {
	switch l {
	case "tsx":
		return "typescript"
	case "jsx":
		return "javascript"
	}
	return l
}

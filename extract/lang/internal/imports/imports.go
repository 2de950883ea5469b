package imports

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// Keyword reports a line that starts with the import keyword: import "x",
// import os.
func Keyword(line []byte) bool {
	return bytes.HasPrefix(extract.TrimIndent(line), []byte("import "))
}

// KeywordStarts are the bytes a line Keyword accepts starts with.
const KeywordStarts = "i"

// PathLineStarts are the bytes a line PathLine accepts starts with.
const PathLineStarts = "i}e"

// PathLine reports a line that imports a module by its path: import ...
// from "x", } from "x", export ... from "x", import "x".
func PathLine(line []byte) bool {
	t := extract.TrimIndent(line)
	switch {
	case bytes.HasPrefix(t, []byte("import ")), bytes.HasPrefix(t, []byte("} from ")):
		return true
	case bytes.HasPrefix(t, []byte("export ")):
		return bytes.Contains(t, []byte(" from "))
	}
	return false
}

// Modules lists the modules a file imports, newline-joined: "./music",
// "../lib/format", "app.music", ".music". Only lines that start an import
// (or hold a require call) are looked at.
func Modules(src []byte) string {
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
		line, src = extract.NextLine(src)
		t := extract.TrimIndent(line)
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

// Parts reads one import statement that brings names from a package,
// import { A, B } from "pkg", import A from "pkg", import * as A from
// "pkg" or from pkg import A, B, and returns the names (comma-separated)
// and the package. It runs only on the statements Names cuts out,
// or on single lines, never over a whole file, and by hand: a regular
// expression here was a fifth of a cold run's scanning.
func Parts(stmt []byte) (names, mod []byte, ok bool) {
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
		// A default import (`import dayjs from "dayjs"`) or a namespace's
		// (`import * as path from "path"`), alone or before the braces.
		var first []byte
		if len(s) > 0 && s[0] == '*' {
			s = bytes.TrimLeft(s[1:], " \t\r\n")
			if !word("as") {
				return nil, nil, false
			}
		}
		if n := identLen(s); n > 0 && string(s[:n]) != "from" {
			first, s = s[:n], bytes.TrimLeft(s[n:], " \t\r\n")
			if len(s) > 0 && s[0] == ',' {
				s = bytes.TrimLeft(s[1:], " \t\r\n")
			}
		}
		if len(s) > 0 && s[0] == '*' {
			s = bytes.TrimLeft(s[1:], " \t\r\n")
			if !word("as") {
				return nil, nil, false
			}
			if n := identLen(s); n > 0 {
				first, s = append(append(slices.Clip(first), ','), s[:n]...), bytes.TrimLeft(s[n:], " \t\r\n")
			}
		}
		if len(s) > 0 && s[0] == '{' {
			end := bytes.IndexByte(s, '}')
			if end < 0 {
				return nil, nil, false
			}
			names, s = s[1:end], bytes.TrimLeft(s[end+1:], " \t\r\n")
		}
		if len(first) > 0 && len(names) > 0 {
			names = append(append(slices.Clip(first), ','), names...)
		} else if len(first) > 0 {
			names = first
		}
		if len(names) == 0 {
			return nil, nil, false
		}
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
		for n < len(s) && (extract.IdentByte(s[n]) || s[n] == '.') {
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
		for n < len(s) && (extract.IdentByte(s[n]) || bytes.IndexByte([]byte(", \t\n"), s[n]) >= 0) {
			n++
		}
		if n == 0 {
			return nil, nil, false
		}
		return s[:n], mod, true
	}
	return nil, nil, false
}

// Names lists the names a file imports from packages, a "name\tmodule"
// line each, in file order (a later import of a name wins). Names imported
// from relative paths are the repository's own and not listed. It looks
// only at lines that start an import statement.
func Names(src []byte) string {
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
		line := extract.TrimIndent(src[start:end])
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
		names, mod, ok := Parts(stmt)
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

// identLen is the length of the identifier s starts with.
func identLen(s []byte) int {
	n := 0
	for n < len(s) && extract.IdentByte(s[n]) {
		n++
	}
	return n
}

// Wildcards returns a Language.WildcardImports that reads each match of
// re, a line importing every name of the module its first group names:
// the modules, once each, in file order.
func Wildcards(re *regexp.Regexp) func(src []byte) []string {
	return func(src []byte) []string {
		var mods []string
		for _, m := range re.FindAllSubmatch(src, -1) {
			if mod := string(m[1]); !slices.Contains(mods, mod) {
				mods = append(mods, mod)
			}
		}
		return mods
	}
}

package clike

import (
	"bytes"
	"regexp"

	"github.com/appendix-dev/appendix/extract"
)

// The grammar reads C and C++ without their preprocessor, so a macro that
// stands where the language puts a keyword or an attribute reads as a
// syntax error around it: an export macro in a class head or before a
// declaration (class LEVELDB_EXPORT DB {, CURL_EXTERN CURLcode
// curl_easy_perform(...)), an annotation after a declarator (void Run()
// LOCKS_EXCLUDED(mu_);, int n_ GUARDED_BY(mu_);), a macro that is a
// statement of its own (Q_OBJECT), Qt's signals and slots sections. Mask
// blanks them out, byte for byte, for the grammar only: what is shown is
// the file's own text. A macro is a word in capitals, digits and
// underscores, of two characters or more. And a C header's extern "C"
// guard (#ifdef __cplusplus / extern "C" { / #endif, and the "}" closed
// the same way) is blanked too.

// Mask returns src with such macros blanked out (see above), a copy, or
// src itself when it holds none. A file parsed statement by statement (it
// does not parse whole) is masked once: the files masked last are kept.
func Mask(src []byte) []byte {
	text := masks.Get(src, func(src []byte) []byte {
		if text := mask(src); len(text) > 0 && &text[0] != &src[0] {
			return text
		}
		return nil // the file itself, which the memo does not keep
	})
	if text == nil {
		return src
	}
	return text
}

// masks are the files masked last, and what the grammar reads of them.
var masks Memo[[]byte]

// mask is Mask, done.
func mask(src []byte) []byte {
	m := masker{src: src}
	prev := []byte(";") // the code line above
	continued := false  // the line goes on a directive
	cplusplus := false  // the line above is #ifdef __cplusplus
	for ls := 0; ls < len(src); {
		le := bytes.IndexByte(src[ls:], '\n')
		if le < 0 {
			le = len(src)
		} else {
			le += ls
		}
		line := src[ls:le]
		t := bytes.TrimRight(line, " \t\r")
		start := len(line) - len(extract.TrimIndent(line))
		guarded := cplusplus
		cplusplus = false
		switch {
		case len(bytes.TrimSpace(t)) == 0:
		case continued || t[start] == '#':
			continued = t[len(t)-1] == '\\'
			cplusplus = cplusplusRe.Match(t)
		case t[start] == '/' && start+1 < len(t) && (t[start+1] == '/' || t[start+1] == '*'), t[start] == '*':
			// A comment's line: neither code nor what ends the code above.
		case guarded && (externCRe.Match(t) || closingRe.Match(t)):
			// #ifdef __cplusplus / extern "C" { / #endif, and the "}" that
			// closes it the same way: C++'s view of a C header, whose
			// brace the grammar, reading both branches, cannot match.
			m.blank(ls+start, ls+len(t))
		case tableEntry(t[start:], prev, src, le):
			// An X-macro table's entry (ERROR( name, 1235, "..." ) over
			// and over): a definition of its first argument, which the
			// grammar reads as a call; blanked, it would define nothing.
			prev = t
		default:
			m.line(ls, t, start, prev, nextStart(src, le))
			prev = t
		}
		ls = le + 1
	}
	if m.out == nil {
		return src
	}
	return m.out
}

var (
	// cplusplusRe is a directive that holds what follows for C++ only.
	cplusplusRe = regexp.MustCompile(`^\s*#\s*(?:ifdef\s+__cplusplus|if\s+defined\s*\(?\s*__cplusplus\s*\)?)\s*(?:$|//|/\*)`)
	// externCRe opens C's linkage for C++: extern "C" {.
	externCRe = regexp.MustCompile(`^\s*extern\s+"C"\s*\{\s*(?:$|//|/\*)`)
	// closingRe is a line that only closes a brace.
	closingRe = regexp.MustCompile(`^\s*\}\s*(?:$|//|/\*)`)
)

// masker blanks bytes of src in a copy made on the first change.
type masker struct {
	src, out []byte
}

func (m *masker) blank(from, to int) {
	if m.out == nil {
		m.out = bytes.Clone(m.src)
	}
	for i := from; i < to; i++ {
		if c := m.out[i]; c != '\n' && c != '\r' {
			m.out[i] = ' '
		}
	}
}

// tableEntry reports a line of an X-macro table: a macro's call alone on
// its line, whose first argument is a name, with a call of the same macro
// on the code line above or below (comments and blank lines between).
func tableEntry(code, prev, src []byte, le int) bool {
	end, args := macroCall(code)
	if end != len(code) || !args {
		return false
	}
	w := word(code, 0)
	if r := extract.TrimIndent(code[len(w):]); len(r) < 2 || !extract.IdentByte(extract.TrimIndent(r[1:])[0]) {
		return false // (no first argument, or not a name)
	}
	return extract.StartsCall(prev, w) || le < len(src) && extract.NextCallOf(src[le+1:], w)
}

// nextStart is the first character of the first line below offset le
// that holds any, or 0.
func nextStart(src []byte, le int) byte {
	if t := bytes.TrimLeft(src[min(le+1, len(src)):], " \t\r\n"); len(t) > 0 {
		return t[0]
	}
	return 0
}

// line masks one line of code, t (without its line end), which starts at
// offset off of the file and whose code starts at column start; prev is
// the code line above and next starts the one below.
func (m *masker) line(off int, t []byte, start int, prev []byte, next byte) {
	code := t[start:]
	prevEnd := prev[len(prev)-1]
	if !capsIn(code) && !bytes.Contains(code, []byte("signals")) && !bytes.Contains(code, []byte("slots")) {
		m.leading(off+start, code)
		return
	}
	// A macro alone on its line, between statements (Q_OBJECT,
	// GENERATED_BODY()): neither an enumerator (a comma above it, or a
	// closing brace below) nor part of an expression.
	if end, args := macroCall(code); end == len(code) && (args || start > 0) && (prevEnd == '{' || prevEnd == ';' || prevEnd == '}' || prevEnd == ':') && next != '}' && next != '{' {
		m.blank(off+start, off+len(t))
		return
	}
	// An annotation on a line of its own, after a declaration's parameters
	// on the line above (EXCLUSIVE_LOCKS_REQUIRED(mu_);).
	if w := word(code, 0); prevEnd == ')' && caps(w) && len(w) >= 4 && parameters(prev) {
		if r := extract.TrimIndent(code[len(w):]); len(r) > 0 && r[0] == '(' {
			if end := extract.CloseParen(r); end > 0 {
				at := len(code) - len(r) + end
				if after := extract.TrimIndent(code[at:]); len(after) == 0 || endsDecl(after) {
					m.blank(off+start, off+start+at)
					return
				}
			}
		}
	}
	// Qt's signals: and public slots: sections.
	if w := word(code, 0); string(w) == "signals" || string(w) == "Q_SIGNALS" {
		if r := extract.TrimIndent(code[len(w):]); len(r) > 0 && r[0] == ':' && (len(r) == 1 || r[1] != ':') {
			copy(m.copyOut()[off+start:], "public")
			m.blank(off+start+len("public"), off+start+len(w))
		}
		return
	}
	if w := word(code, 0); string(w) == "public" || string(w) == "protected" || string(w) == "private" {
		r := extract.TrimIndent(code[len(w):])
		if s := word(r, 0); string(s) == "slots" || string(s) == "Q_SLOTS" {
			at := off + len(t) - len(r)
			m.blank(at, at+len(s))
			return
		}
	}
	m.words(off+start, code)
	if m.out != nil {
		code = m.out[off+start : off+len(t)] // what the annotations left
	}
	m.leading(off+start, code)
}

func (m *masker) copyOut() []byte {
	if m.out == nil {
		m.out = bytes.Clone(m.src)
	}
	return m.out
}

// token is a word of a declaration's head, with its qualifiers and
// template arguments (std::vector<int>): where it is, and whether a type
// keyword (struct, class) introduces it.
type token struct {
	from, to int
	w        []byte
	named    bool
}

// leading masks the macros before a declaration that starts a line: its
// words up to the parameters, the value or the end ("LEVELDB_EXPORT Status
// DestroyDB(", "static REDIS_INLINE int f(", "static redisAtomic size_t
// n = 0;", "API void (*hook)(int);", "ABSL_DEPRECATED(\"x\") void f();"),
// of which the last is the declared name. C names a type by one word, or
// by keywords (unsigned long, struct order): of the words before the name
// that are neither keywords nor introduced by one, all but the type are
// macros, and all are when a keyword names the type.
func (m *masker) leading(off int, code []byte) {
	var buf [8]token
	toks := buf[:0]
	intro, pointer := false, false
	i := 0
scan:
	for i < len(code) {
		switch c := code[i]; {
		case c == ' ' || c == '\t' || c == '*' || c == '&':
			i++
		case c == '(' && len(toks) > 0:
			// (*name): a pointer to a function, declared.
			r := bytes.TrimLeft(code[i+1:], " \t")
			if len(r) == 0 || r[0] != '*' {
				break scan
			}
			r = bytes.TrimLeft(r[1:], " \t")
			w := word(r, 0)
			if len(w) == 0 || !bytes.HasPrefix(bytes.TrimLeft(r[len(w):], " \t"), []byte(")")) {
				break scan
			}
			from := len(code) - len(r)
			toks = append(toks, token{from: from, to: from + len(w), w: w})
			pointer = true
			break scan
		case !extract.IdentByte(c) || c >= '0' && c <= '9':
			break scan
		default:
			w := word(code, i)
			t := token{from: i, to: i + len(w), w: w, named: intro}
			i += len(w)
			intro = typeIntro[string(w)]
			if len(toks) == 0 && caps(w) {
				if r := extract.TrimIndent(code[i:]); len(r) > 0 && r[0] == '(' {
					// A macro with arguments before the declaration.
					end := extract.CloseParen(r)
					if end < 0 {
						return
					}
					if after := extract.TrimIndent(r[end:]); len(after) == 0 || !extract.IdentByte(after[0]) {
						return // a call: FOO(x);, TEST(a, b) {
					}
					i = len(code) - len(r) + end
					m.attribute(off+t.from, off+i)
					continue
				}
			}
			// A qualified name and its template arguments are one word.
			for i < len(code) {
				if code[i] == ':' && i+2 < len(code) && code[i+1] == ':' && extract.IdentByte(code[i+2]) {
					i += 2 + len(word(code, i+2))
				} else if code[i] == '<' {
					if i = closeAngle(code, i); i < 0 {
						return
					}
				} else {
					break
				}
			}
			t.to = i
			t.w = code[t.from:t.to]
			toks = append(toks, t)
			if len(toks) == len(buf) {
				return
			}
		}
	}
	if len(toks) < 3 || !pointer && (i >= len(code) || bytes.IndexByte([]byte("(;=[{,"), code[i]) < 0) {
		return
	}
	others := toks[:len(toks)-1]
	var types []token
	keyword := false // a keyword names the type: int, struct order
	for _, t := range others {
		w := string(t.w)
		switch {
		case t.named || primitives[w]:
			keyword = true
		case specifiers[w] || typeIntro[w] || notTypes[w]:
			if notTypes[w] {
				return // a statement, not a declaration
			}
		default:
			types = append(types, t)
		}
	}
	if !keyword && len(types) > 0 {
		types = types[:len(types)-1] // the type
	}
	for _, t := range types {
		if t.from == 0 {
			m.attribute(off+t.from, off+t.to)
		} else {
			m.blank(off+t.from, off+t.to)
		}
	}
}

// attribute masks the macro a declaration starts with, from offset from
// to to, as an attribute ([[x]]) where it fits, which the declaration
// starts with as the macro did (its snippet shows the macro); else blank.
func (m *masker) attribute(from, to int) {
	m.blank(from, to)
	if to-from < len("[[x]]") || bytes.IndexByte(m.src[from:to], '\n') >= 0 {
		return
	}
	copy(m.out[from:], "[[x")
	copy(m.out[to-2:], "]]")
}

// words masks, anywhere on the line, a macro between a class keyword and
// the class's name (class LEVELDB_EXPORT DB {, struct PACKED hdr :), and
// an annotation macro after a parameter list or a declared name, before
// what ends the declaration (void f() EXCLUSIVE_LOCKS_REQUIRED(mu_);,
// int n_ GUARDED_BY(mu_) = 0;, void g() OVERRIDE {).
func (m *masker) words(off int, code []byte) {
	for i := 0; i < len(code); {
		if !extract.IdentByte(code[i]) || code[i] >= '0' && code[i] <= '9' {
			i++
			continue
		}
		w := word(code, i)
		at := i
		i += len(w)
		switch {
		case string(w) == "class" || string(w) == "struct" || string(w) == "union":
			r := extract.TrimIndent(code[i:])
			mac := word(r, 0)
			if len(mac) == 0 || !caps(mac) || len(r) == len(code[i:]) {
				continue
			}
			r2 := extract.TrimIndent(r[len(mac):])
			name := word(r2, 0)
			if len(name) == 0 || len(r2) == len(r[len(mac):]) {
				continue
			}
			after := extract.TrimIndent(r2[len(name):])
			if len(after) == 0 || after[0] == '{' || after[0] == ':' && (len(after) == 1 || after[1] != ':') || string(word(after, 0)) == "final" {
				from := off + len(code) - len(r)
				m.blank(from, from+len(mac))
			}
		case caps(w) && annotates(code, at):
			end := i
			if i < len(code) && code[i] == '(' {
				n := extract.CloseParen(code[i:])
				if n < 0 {
					continue
				}
				end = i + n
			}
			if r := extract.TrimIndent(code[end:]); len(r) > 0 && !endsDecl(r) {
				continue
			}
			m.blank(off+at, off+end)
			i = end
		}
	}
}

// annotates reports a macro at offset at of code that stands after a
// parameter list (and the qualifiers after it) or after a declared name
// that a type precedes, with an argument list that holds no parameter
// (two words side by side) when the name precedes it.
func annotates(code []byte, at int) bool {
	b := bytes.TrimRight(code[:at], " \t")
	if len(b) == len(code[:at]) || len(b) == 0 {
		return false
	}
	for {
		w := lastWord(b)
		if string(w) != "const" && string(w) != "override" && string(w) != "final" && string(w) != "noexcept" && string(w) != "volatile" {
			break
		}
		b = bytes.TrimRight(b[:len(b)-len(w)], " \t")
	}
	if len(b) > 0 && b[len(b)-1] == ')' {
		return len(word(code, at)) >= 4 && parameters(b)
	}
	for len(b) > 0 && b[len(b)-1] == ']' {
		// An array's bounds: stats_[kLevels] GUARDED_BY(mu_).
		open := bytes.LastIndexByte(b, '[')
		if open < 0 {
			return false
		}
		b = bytes.TrimRight(b[:open], " \t")
	}
	name := lastWord(b)
	if len(name) == 0 || caps(name) {
		return false
	}
	before := bytes.TrimRight(b[:len(b)-len(name)], " \t")
	if len(before) == len(b[:len(b)-len(name)]) || len(before) == 0 {
		return false
	}
	if c := before[len(before)-1]; !extract.IdentByte(c) && c != '*' && c != '&' && c != '>' {
		return false
	}
	rest := code[at+len(word(code, at)):]
	if len(rest) == 0 || rest[0] != '(' {
		return false
	}
	end := extract.CloseParen(rest)
	if end < 0 {
		return false
	}
	args := bytes.TrimSpace(rest[1 : end-1])
	if len(args) == 0 || string(args) == "void" {
		return false
	}
	pair := false
	extract.EachWord(args, func(w []byte) bool {
		i := bytes.Index(args, w) + len(w)
		r := args[i:]
		t := bytes.TrimLeft(r, " \t*&")
		pair = len(t) < len(r) && len(t) > 0 && extract.IdentByte(t[0]) && !(t[0] >= '0' && t[0] <= '9')
		return pair
	})
	return !pair
}

// parameters reports a parameter list that b ends with: its "(" follows
// a name (not a keyword that takes a condition), a ")" or a "]", or opens
// on a line above; not a cast or a condition.
func parameters(b []byte) bool {
	depth := 0
	for i := len(b) - 1; i >= 0; i-- {
		switch b[i] {
		case ')':
			depth++
		case '(':
			if depth--; depth > 0 {
				continue
			}
			before := bytes.TrimRight(b[:i], " \t")
			if len(before) == 0 {
				return false
			}
			if c := before[len(before)-1]; c == ')' || c == ']' || c == '>' {
				return true
			}
			w := lastWord(before)
			return len(w) > 0 && !conditions[string(w)]
		}
	}
	return depth > 0 // a list that opens on a line above: a long declaration's
}

// conditions are the keywords a parenthesis follows that is no parameter
// list.
var conditions = extract.WordSet("if while for switch return sizeof alignof decltype typeof catch case else do not and or")

// endsDecl reports what may follow an annotation macro: the end of the
// declaration, its body or value, a base initializer list, another
// annotation.
func endsDecl(r []byte) bool {
	switch r[0] {
	case ';', '{', '=', ',', ':':
		return true
	}
	w := word(r, 0)
	return caps(w) || string(w) == "override" || string(w) == "final" || string(w) == "const"
}

// macroCall returns where a macro call that all of code holds ends (its
// name, or its arguments, and a comment), and whether it has arguments;
// 0 when code holds more.
func macroCall(code []byte) (int, bool) {
	w := word(code, 0)
	if !caps(w) || len(w) < 4 {
		return 0, false
	}
	i := len(w)
	args := false
	if r := extract.TrimIndent(code[i:]); len(r) > 0 && r[0] == '(' {
		end := extract.CloseParen(r)
		if end < 0 {
			return 0, false
		}
		i = len(code) - len(r) + end
		args = true
	}
	if r := bytes.TrimSpace(code[i:]); len(r) > 0 && !bytes.HasPrefix(r, []byte("//")) && !bytes.HasPrefix(r, []byte("/*")) {
		return 0, false
	}
	return len(code), args
}

// capsIn reports a word in capitals in b: two capitals, or a capital and
// an underscore, side by side.
func capsIn(b []byte) bool {
	for i := 0; i+1 < len(b); i++ {
		if c := b[i]; c >= 'A' && c <= 'Z' {
			if d := b[i+1]; d >= 'A' && d <= 'Z' || d == '_' {
				return true
			}
		}
	}
	return false
}

// word returns the identifier at offset i of b, or nil.
func word(b []byte, i int) []byte {
	j := i
	for j < len(b) && extract.IdentByte(b[j]) {
		j++
	}
	return b[i:j]
}

// lastWord returns the identifier b ends with, or nil.
func lastWord(b []byte) []byte {
	i := len(b)
	for i > 0 && extract.IdentByte(b[i-1]) {
		i--
	}
	return b[i:]
}

// caps reports a macro's name: two characters or more, capitals, digits
// and underscores, starting with a capital.
func caps(w []byte) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, c := range w {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// closeAngle returns the offset after the ">" that closes the "<" at i,
// or -1.
func closeAngle(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch b[i] {
		case '<':
			depth++
		case '>':
			if depth--; depth == 0 {
				return i + 1
			}
		case ';', '{', '}', '(':
			return -1
		}
	}
	return -1
}

var (
	// typeIntro are the words a type's name follows.
	typeIntro = extract.WordSet("struct union enum class typename")
	// primitives are the built-in types.
	primitives = extract.WordSet("void char short int long float double signed unsigned bool _Bool auto wchar_t char8_t char16_t char32_t")
	// notTypes are the keywords that start what is no declaration, or
	// one whose head this does not read.
	notTypes = extract.WordSet("return else goto case new delete throw sizeof template operator using namespace typedef " +
		"public private protected co_return co_await co_yield")
	// specifiers are the words before a declaration that name no type.
	specifiers = extract.WordSet("static extern inline const volatile register constexpr consteval constinit virtual explicit " +
		"friend mutable thread_local typedef restrict __inline __inline__ __forceinline __restrict")
)

// Package literals finds the literal text every match of a regular
// expression holds, so that a search reads with the expression only the
// files, or lines, that hold one.
package literals

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Most files a search reads hold no match, and a regular expression
// reads them far slower than a search for the literal text every match
// must hold. So a file is read by the expression only when it holds one
// of those literals.

// Required is what every match of a regular expression holds: one of lits
// (lowercased, and looked for in the lowercased text, when fold is set).
// None (nil) when no literal is required of a match.
type Required struct {
	lits [][]byte
	strs []string // lits, as strings
	fold bool
}

// requiredOf is the required literals of each expression, worked out once.
var requiredOf = struct {
	sync.Mutex
	m map[*regexp.Regexp]*Required
}{m: map[*regexp.Regexp]*Required{}}

// Of returns what every match of re holds, or nil.
func Of(re *regexp.Regexp) *Required {
	requiredOf.Lock()
	defer requiredOf.Unlock()
	if r, ok := requiredOf.m[re]; ok {
		return r
	}
	var r *Required
	if t, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		if lits, fold, ok := literalsOf(t.Simplify()); ok && !(fold && beyondASCII(lits)) {
			r = &Required{fold: fold}
			for _, l := range lits {
				if fold {
					l = strings.ToLower(l)
				}
				r.lits, r.strs = append(r.lits, []byte(l)), append(r.strs, l)
			}
		}
	}
	requiredOf.m[re] = r
	return r
}

// literalsOf returns literals one of which every match of t holds, and
// whether any is to be found folding case; false when a match may hold
// none (an empty alternative, an optional part alone).
func literalsOf(t *syntax.Regexp) (lits []string, fold bool, ok bool) {
	if all, f, ok := exactly(t); ok && !slices.Contains(all, "") {
		return all, f, true
	}
	switch t.Op {
	case syntax.OpCapture, syntax.OpPlus:
		return literalsOf(t.Sub[0])
	case syntax.OpRepeat:
		if t.Min >= 1 {
			return literalsOf(t.Sub[0])
		}
	case syntax.OpAlternate:
		for _, s := range t.Sub {
			l, f, ok := literalsOf(s)
			if !ok {
				return nil, false, false
			}
			lits, fold = append(lits, l...), fold || f
		}
		return lits, fold, true
	case syntax.OpConcat:
		// Every match holds a match of each part, and of each run of
		// parts that match only given texts (the parser factors "login|
		// logout" into "log" then "in|out"): the part or run whose
		// shortest literal is longest says the most.
		best := -1
		consider := func(l []string, f bool) {
			if len(l) == 0 {
				return
			}
			shortest := len(l[0])
			for _, x := range l {
				shortest = min(shortest, len(x))
			}
			if shortest > best {
				best, lits, fold = shortest, l, f
			}
		}
		var run []string // the texts the current run of exact parts matches
		runFold := false
		for _, s := range t.Sub {
			all, f, exact := exactly(s)
			if exact && run != nil && f == runFold {
				if longer, ok := product(run, all); ok {
					run = longer
					continue
				}
			}
			consider(run, runFold)
			run = nil
			if exact {
				run, runFold = all, f
			} else if l, f, ok := literalsOf(s); ok {
				consider(l, f)
			}
		}
		consider(run, runFold)
		return lits, fold, best > 0
	}
	return nil, false, false
}

// maxExact bounds the texts exactly keeps for one expression.
const maxExact = 64

// exactly returns the texts t matches when they are few: literals, and
// alternations and sequences of them, all matched folding case or none
// (a text found without folding is found fastest); false otherwise.
func exactly(t *syntax.Regexp) (all []string, fold bool, ok bool) {
	switch t.Op {
	case syntax.OpLiteral:
		return []string{string(t.Rune)}, t.Flags&syntax.FoldCase != 0, true
	case syntax.OpEmptyMatch:
		return []string{""}, false, true
	case syntax.OpCapture:
		return exactly(t.Sub[0])
	case syntax.OpAlternate:
		for i, s := range t.Sub {
			a, f, ok := exactly(s)
			if !ok || i > 0 && f != fold || len(all)+len(a) > maxExact {
				return nil, false, false
			}
			all, fold = append(all, a...), f
		}
		return all, fold, true
	case syntax.OpConcat:
		all = []string{""}
		for i, s := range t.Sub {
			a, f, ok := exactly(s)
			if !ok || i > 0 && f != fold {
				return nil, false, false
			}
			if all, ok = product(all, a); !ok {
				return nil, false, false
			}
			fold = f
		}
		return all, fold, true
	}
	return nil, false, false
}

// product is every text of a followed by every text of b; false when
// there would be more than maxExact.
func product(a, b []string) ([]string, bool) {
	if len(a)*len(b) > maxExact {
		return nil, false
	}
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return out, true
}

// beyondASCII reports a literal with a letter beyond ASCII: folding case,
// an expression matches letters lowercasing does not make it ("ς" for
// "σ"), so such literals say nothing.
func beyondASCII(lits []string) bool {
	for _, l := range lits {
		for i := 0; i < len(l); i++ {
			if l[i] >= utf8.RuneSelf {
				return true
			}
		}
	}
	return false
}

// longS is the one letter beyond ASCII that folds to an ASCII letter
// lowercasing does not make it: "ſ" matches "s" folding case.
var longS = []byte("ſ")

// lower is src as the literals are looked for in it; nil when a text
// that folds to them may not lowercase to them.
func (r *Required) lower(src []byte) []byte {
	if !r.fold {
		return src
	}
	if bytes.Contains(src, longS) {
		return nil
	}
	return bytes.ToLower(src)
}

// Literals returns the literals, and whether they are to be found
// folding case (then they are lowercase).
func (r *Required) Literals() ([]string, bool) {
	out := make([]string, len(r.lits))
	for i, l := range r.lits {
		out[i] = string(l)
	}
	return out, r.fold
}

// Lines returns the lines of src (by index, from 0) that hold one of the
// literals, the only ones a match can be on; nil when any line may.
func (r *Required) Lines(src []byte) map[int]bool {
	return r.LinesOf(NewText(src))
}

// Text is a text searched by several expressions, lowercased once, when
// first one of them folds case.
type Text struct {
	src, low []byte
	lowered  bool
}

// NewText is src, to search.
func NewText(src []byte) *Text { return &Text{src: src} }

// folded is the text as a search folding case reads it (nil: as any line
// may match).
func (t *Text) folded() []byte {
	if !t.lowered {
		t.low, t.lowered = bytes.ToLower(t.src), true
		if bytes.Contains(t.src, longS) {
			t.low = nil
		}
	}
	return t.low
}

// LinesOf is Lines of a text several expressions search.
func (r *Required) LinesOf(t *Text) map[int]bool {
	if r == nil {
		return nil
	}
	src := t.src
	if r.fold {
		if src = t.folded(); src == nil {
			return nil
		}
	}
	may := map[int]bool{}
	for _, l := range r.lits {
		line, counted := 0, 0 // the line of src[counted]
		for at := 0; ; {
			i := bytes.Index(src[at:], l)
			if i < 0 {
				break
			}
			line += bytes.Count(src[counted:at+i], []byte("\n"))
			counted = at + i
			may[line] = true
			at += i + len(l)
		}
	}
	return may
}

// MayMatchString is MayMatch of a string, such as a path: one of
// lowercase ASCII (most paths) is searched as it is, with no copy.
func (r *Required) MayMatchString(s string) bool {
	if r == nil {
		return true
	}
	if r.fold && !lowerASCII(s) {
		return r.MayMatch([]byte(s))
	}
	for _, l := range r.strs {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// lowerASCII reports a string that lowercasing leaves as it is.
func lowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return false
		}
	}
	return true
}

// MayMatch reports whether src may hold a match: false when it holds
// none of the literals.
func (r *Required) MayMatch(src []byte) bool {
	if r == nil {
		return true
	}
	if src = r.lower(src); src == nil {
		return true
	}
	for _, l := range r.lits {
		if bytes.Contains(src, l) {
			return true
		}
	}
	return false
}

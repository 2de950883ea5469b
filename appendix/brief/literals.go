package brief

import (
	"bytes"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// A briefing greps the blast zone's directories, and for some kinds every
// file of the repository, line by line: most files hold no match, and a
// regular expression reads them far slower than a search for the literal
// text every match must hold. So a file is read by the expression only
// when it holds one of those literals.

// required is what every match of a regular expression holds: one of lits
// (lowercased, and looked for in the lowercased text, when fold is set).
// None (nil) when no literal is required of a match.
type required struct {
	lits [][]byte
	fold bool
}

// requiredOf is the required literals of each expression, worked out once.
var requiredOf = struct {
	sync.Mutex
	m map[*regexp.Regexp]*required
}{m: map[*regexp.Regexp]*required{}}

// requiredLiterals returns what every match of re holds, or nil.
func requiredLiterals(re *regexp.Regexp) *required {
	requiredOf.Lock()
	defer requiredOf.Unlock()
	if r, ok := requiredOf.m[re]; ok {
		return r
	}
	var r *required
	if t, err := syntax.Parse(re.String(), syntax.Perl); err == nil {
		if lits, fold, ok := literalsOf(t.Simplify()); ok {
			r = &required{fold: fold}
			for _, l := range lits {
				if fold {
					l = strings.ToLower(l)
				}
				r.lits = append(r.lits, []byte(l))
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
	switch t.Op {
	case syntax.OpLiteral:
		return []string{string(t.Rune)}, t.Flags&syntax.FoldCase != 0, true
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
		// Every match holds a match of each part: the part whose shortest
		// literal is longest says the most.
		best := -1
		for _, s := range t.Sub {
			l, f, ok := literalsOf(s)
			if !ok {
				continue
			}
			shortest := len(l[0])
			for _, x := range l {
				shortest = min(shortest, len(x))
			}
			if shortest > best {
				best, lits, fold = shortest, l, f
			}
		}
		return lits, fold, best > 0
	}
	return nil, false, false
}

// mayMatch reports whether src holds a literal every match of r's
// expression holds; true when there is none to look for.
// lines returns the lines of src (by index, from 0) that hold one of the
// literals, the only ones a match can be on; nil when any line may.
func (r *required) lines(src []byte) map[int]bool {
	if r == nil {
		return nil
	}
	if r.fold {
		src = bytes.ToLower(src)
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

// mayMatch reports whether src may hold a match.
func (r *required) mayMatch(src []byte) bool {
	if r == nil {
		return true
	}
	if r.fold {
		src = bytes.ToLower(src)
	}
	for _, l := range r.lits {
		if bytes.Contains(src, l) {
			return true
		}
	}
	return false
}

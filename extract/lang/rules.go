package lang

import (
	"slices"

	"github.com/appendix-dev/appendix/extract"
)

// Union lists, once each and in registry order, the strings a rule of
// every registered language gives: the rule generic code applies to every
// file, whatever the file's language.
func Union(rule func(*extract.Language) []string) []string {
	var out []string
	for _, l := range All {
		for _, s := range rule(l) {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// Set is Union as a set.
func Set(rule func(*extract.Language) []string) map[string]bool {
	out := map[string]bool{}
	for _, s := range Union(rule) {
		out[s] = true
	}
	return out
}

// Family returns the family of a language name (see
// extract.Language.Family); a name no language has is its own family.
func Family(name string) string {
	if l := ByName(name); l != nil {
		return l.Family()
	}
	return name
}

// Means reports whether code in language l is code in the language a spec
// names: of the same family, or of a family the named language includes
// (a spec's TypeScript means its JavaScript too).
func Means(named string, l *extract.Language) bool {
	f := Family(named)
	if f == l.Family() {
		return true
	}
	n := ByName(f)
	return n != nil && slices.Contains(n.Includes, l.Family())
}

package ruby

import (
	"regexp"
	"strings"
	"unicode"
)

// Rails names a model's table, a resource's controller and a reference's
// model by its inflector: User is users, resources :people is
// PeopleController, has_many :line_items is LineItem. These are its
// default rules.

// inflection is one rule: a word ending as re does ends as repl instead.
type inflection struct {
	re   *regexp.Regexp
	repl string
}

func rules(pairs ...string) []inflection {
	var out []inflection
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, inflection{regexp.MustCompile("(?i)" + pairs[i]), pairs[i+1]})
	}
	return out
}

var (
	// uncountables are the same in the plural.
	uncountables = map[string]bool{"equipment": true, "information": true, "rice": true, "money": true, "species": true,
		"series": true, "fish": true, "sheep": true, "jeans": true, "police": true}
	// irregulars are singular and plural words no rule makes.
	irregulars = [][2]string{{"person", "people"}, {"man", "men"}, {"child", "children"}, {"sex", "sexes"}, {"move", "moves"},
		{"zombie", "zombies"}}
	// plurals and singulars are the rules, the first that matches applies.
	plurals = rules(`(quiz)$`, "${1}zes", `^(oxen|ox)$`, "oxen", `([ml])(?:ice|ouse)$`, "${1}ice",
		`(matr|vert|ind)(?:ix|ex)$`, "${1}ices", `(x|ch|ss|sh)$`, "${1}es", `([^aeiouy]|qu)y$`, "${1}ies", `(hive)$`, "${1}s",
		`([^f])fe$`, "${1}ves", `([lr])f$`, "${1}ves", `sis$`, "ses", `([ti])(?:a|um)$`, "${1}a", `(buffal|tomat)o$`, "${1}oes",
		`(bu)s$`, "${1}ses", `(alias|status)$`, "${1}es", `(octop|vir)(?:us|i)$`, "${1}i", `^(ax|test)is$`, "${1}es",
		`s$`, "s", `$`, "s")
	singulars = rules(`(database)s$`, "${1}", `(quiz)zes$`, "${1}", `(matr)ices$`, "${1}ix", `(vert|ind)ices$`, "${1}ex",
		`^(ox)en`, "${1}", `(alias|status)(?:es)?$`, "${1}", `(octop|vir)(?:us|i)$`, "${1}us", `^(a)x[ie]s$`, "${1}xis",
		`(cris|test)(?:is|es)$`, "${1}is", `(shoe)s$`, "${1}", `(o)es$`, "${1}", `(bus)(?:es)?$`, "${1}", `([ml])ice$`, "${1}ouse",
		`(x|ch|ss|sh)es$`, "${1}", `(m)ovies$`, "${1}ovie", `(s)eries$`, "${1}eries", `([^aeiouy]|qu)ies$`, "${1}y",
		`([lr])ves$`, "${1}f", `(tive)s$`, "${1}", `(hive)s$`, "${1}", `([^f])ves$`, "${1}fe", `(^analy)(?:sis|ses)$`, "${1}sis",
		`((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(?:sis|ses)$`, "${1}sis", `([ti])a$`, "${1}um", `(n)ews$`, "${1}ews",
		`(ss)$`, "${1}", `s$`, "")
)

// inflect applies the first rule to the last word of a snake_case name.
func inflect(name string, rs []inflection, irregular func(pair [2]string) (from, to string)) string {
	head, word := "", name
	if i := strings.LastIndexByte(name, '_'); i >= 0 {
		head, word = name[:i+1], name[i+1:]
	}
	lw := strings.ToLower(word)
	if uncountables[lw] {
		return name
	}
	for _, p := range irregulars {
		if from, to := irregular(p); lw == from {
			return head + word[:1] + to[1:]
		}
	}
	for _, r := range rs {
		if r.re.MatchString(word) {
			return head + r.re.ReplaceAllString(word, r.repl)
		}
	}
	return name
}

// plural is the plural of a snake_case name: line_item is line_items.
func plural(name string) string {
	return inflect(name, plurals, func(p [2]string) (string, string) { return p[0], p[1] })
}

// singular is the singular of a snake_case name: people is person.
func singular(name string) string {
	return inflect(name, singulars, func(p [2]string) (string, string) { return p[1], p[0] })
}

// underscore spells a CamelCase name in snake_case: LineItem is
// line_item, HTMLParser html_parser.
func underscore(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) ||
			i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// camelize spells a snake_case name in CamelCase: line_items is LineItems,
// admin/users is Admin::Users.
func camelize(name string) string {
	var b strings.Builder
	for i, seg := range strings.Split(name, "/") {
		if i > 0 {
			b.WriteString("::")
		}
		for _, w := range strings.Split(seg, "_") {
			if w != "" {
				b.WriteString(strings.ToUpper(w[:1]) + w[1:])
			}
		}
	}
	return b.String()
}

// tableName is the table Active Record maps a model to by default: User
// is users, LineItem line_items, Person people.
func tableName(model string) string { return plural(underscore(model)) }

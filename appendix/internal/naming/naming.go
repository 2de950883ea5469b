package naming

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/extract"
)

// Words splits an identifier into lowercase words at case changes,
// underscores, dashes and dots: "OrderItemModel" and "order_items" give
// [order item model] and [order items].
func Words(name string) []string {
	var out []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) || unicode.IsDigit(cur[len(cur)-1]) ||
			i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// SharesWord reports that two identifiers have a word in common, singular
// or plural alike: "ownedJobs" and "ReplicatedJobStatus" share "job".
func SharesWord(a, b string) bool {
	ws := Words(b)
	for _, w := range Words(a) {
		for _, v := range ws {
			if singular(w) == singular(v) {
				return true
			}
		}
	}
	return false
}

// tableSuffixes are words that name the role of a definition, not the data.
var tableSuffixes = map[string]bool{"model": true, "models": true, "schema": true, "table": true, "entity": true,
	"record": true, "row": true, "doc": true, "document": true}

// RoleSuffixed reports a name of several words whose last is a role a
// table's type may add (OrderModel, LinkRecord, UserEntity): TableKey
// drops it.
func RoleSuffixed(name string) bool {
	ws := Words(name)
	return len(ws) > 1 && tableSuffixes[ws[len(ws)-1]]
}

// singular makes the last word singular, as a developer reads table names.
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "oes") && len(w) > 4:
		return w[:len(w)-2] // heroes, potatoes
	case strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// PluralOf reports a name whose last word is the plural of name's
// (Options of Option, order_items of OrderItem), role suffixes aside.
func PluralOf(plural, name string) bool {
	pw, nw := Words(plural), Words(name)
	for len(pw) > 1 && tableSuffixes[pw[len(pw)-1]] {
		pw = pw[:len(pw)-1]
	}
	for len(nw) > 1 && tableSuffixes[nw[len(nw)-1]] {
		nw = nw[:len(nw)-1]
	}
	if len(pw) == 0 || len(nw) == 0 {
		return false
	}
	p, n := pw[len(pw)-1], nw[len(nw)-1]
	return p != n && singular(p) == n
}

// TableKey folds the ways code names one table: orders, Order, order,
// OrderModel and ORDERS share "order"; order_items and OrderItem share
// "orderitem".
func TableKey(name string) string {
	ws := Words(name)
	for len(ws) > 1 && tableSuffixes[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 {
		return ""
	}
	ws[len(ws)-1] = singular(ws[len(ws)-1])
	return strings.Join(ws, "")
}

// StabilityPrefixes are the prefixes a library gives an API before it
// is stable (React's and Remix's `unstable_dataStrategy`, `UNSAFE_`,
// `experimental_`): a spec names the API without them.
var StabilityPrefixes = []string{"unstable_", "experimental_", "UNSAFE_"}

// TableVariants spells a table name the ways a codebase may: snake and
// camel case, singular and plural, with a role suffix. They are searched
// for alongside the name itself.
func TableVariants(name string, apps map[string]bool) []string {
	ws := Words(name)
	if len(ws) == 0 || len(ws) > 4 {
		return nil
	}
	for len(ws) > 1 && tableSuffixes[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	one := append([]string(nil), ws...)
	one[len(one)-1] = singular(one[len(one)-1])
	many := append([]string(nil), one...)
	last := many[len(many)-1]
	switch {
	case strings.HasSuffix(last, "y") && !strings.HasSuffix(last, "ey"):
		many[len(many)-1] = last[:len(last)-1] + "ies"
	case strings.HasSuffix(last, "s") || strings.HasSuffix(last, "x") || strings.HasSuffix(last, "ch") || strings.HasSuffix(last, "sh"):
		many[len(many)-1] = last + "es"
	default:
		many[len(many)-1] = last + "s"
	}
	camel := func(ws []string, upper bool) string {
		var b strings.Builder
		for i, w := range ws {
			if i == 0 && !upper {
				b.WriteString(w)
				continue
			}
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
		return b.String()
	}
	var out []string
	for _, f := range [][]string{one, many} {
		out = append(out, strings.Join(f, "_"), camel(f, true), camel(f, false), strings.ToUpper(strings.Join(f, "_")))
	}
	for _, s := range []string{"Model", "Table", "Schema", "Entity"} {
		out = append(out, camel(one, true)+s)
	}
	out = append(out, strings.Join(one, "_")+"_table")
	for i := 1; i < len(ws); i++ {
		// fundraising_payment, where fundraising is a directory, may be
		// Django's <app>_<model>: the model is searched for too, and
		// matched by its alias. An app's name may hold underscores
		// (user_profiles_avatar).
		if apps[strings.Join(ws[:i], "_")] {
			out = append(out, TableVariants(strings.Join(ws[i:], "_"), nil)...)
		}
	}
	return out
}

// KeyField is the relation field a foreign key's column is named for:
// channel for channel_id, as Django, Rails and most ORMs name the column.
func KeyField(column string) (string, bool) {
	field, ok := strings.CutSuffix(column, "_id")
	return field, ok && field != "" && strings.ToLower(column) == column
}

// TableLike reports definitions a table name can mean.
func TableLike(k extract.Kind) bool {
	return k == extract.KindSchema || k == extract.KindType || k == extract.KindInterface || k == extract.KindEnum
}

// TypeKind reports the kinds a type's name can stand for: a table or a
// type (TableLike), or an error type.
func TypeKind(k extract.Kind) bool { return TableLike(k) || k == extract.KindError }

// Place is where a definition stands when places are counted: its file
// and declaring line; for a function or method, its file, type and name,
// so that a set of overloads (Java's create(...) taking other parameters)
// is one place.
func Place(d *extract.Definition) string {
	if d.Kind == extract.KindFunction || d.Kind == extract.KindMethod {
		return d.Path + "\x00" + d.Container + "\x00" + d.Name
	}
	return At(d.Path, d.DeclLine)
}

// MigrationPath reports files of migration history, which rank after a
// schema file that states the current shape.
func MigrationPath(p string) bool {
	l := strings.ToLower(p)
	if strings.Contains(l, "migration") || strings.Contains(l, "/migrate/") || strings.HasPrefix(l, "migrate/") {
		return true
	}
	base := l[strings.LastIndexByte(l, '/')+1:]
	return len(base) > 0 && base[0] >= '0' && base[0] <= '9'
}

// MigrationBefore orders migration files as a migration tool runs them:
// by the number their names start with where both start with one
// (2_create-splits before 10_add-split-incarnation-id), else by path.
func MigrationBefore(a, b string) bool {
	na, oka := leadingNumber(a[strings.LastIndexByte(a, '/')+1:])
	nb, okb := leadingNumber(b[strings.LastIndexByte(b, '/')+1:])
	if oka && okb && na != nb {
		return na < nb
	}
	return a < b
}

// leadingNumber reads the digits a name starts with.
func leadingNumber(s string) (uint64, bool) {
	var n uint64
	i := 0
	for ; i < len(s) && i < 19 && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + uint64(s[i]-'0')
	}
	return n, i > 0
}

// Article puts "a" or "an" before a word.
func Article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// Plural is one or many, as n says.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Thousands formats 1180 as "1,180".
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Capitalize is s with its first letter in upper case.
func Capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// HasWord reports w in s between bytes that cannot continue an ASCII
// name (letters, digits, _).
func HasWord(s, w string) bool { return WordIndex(s, w) >= 0 }

// WordIndex is the offset of the first w in s between bytes that cannot
// continue an ASCII name, or -1.
func WordIndex(s, w string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], w)
		if i < 0 {
			return -1
		}
		i += off
		end := i + len(w)
		if (i == 0 || !nameByte(s[i-1])) && (end == len(s) || !nameByte(s[end])) {
			return i
		}
		off = i + 1
	}
}

func nameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

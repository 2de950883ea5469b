package php

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// knowing sets on l the rules code outside extraction asks of PHP (see
// extract.Language), and returns l.
func knowing(l *extract.Language) *extract.Language {
	l.SpecWords = []string{"php", "laravel", "symfony", "eloquent", "doctrine", "phpunit", "pest", "composer", "artisan", "blade"}
	l.RouteFrameworks = []string{"Laravel", "Symfony"}
	l.NotNames = notNames
	l.Builtins = builtins
	l.Frameworks = []string{"laravel/framework", "illuminate", "symfony", "doctrine", "phpunit/phpunit", "pestphp/pest", "livewire/livewire",
		"guzzlehttp/guzzle", "laravel/sanctum", "laravel/passport", "filament/filament", "api-platform"}
	l.Keywords = keywords
	l.Generated = []string{"_ide_helper.php", "_ide_helper_models.php", ".phpstorm.meta.php"}
	l.GeneratedMarks = []string{"A helper file for Laravel, to provide autocomplete information to your IDE",
		"A helper file for your Eloquent Models"}
	l.SkipDirs = []string{"vendor"}
	l.Imports = importNames
	l.ImportedModules = importedModules
	l.ImportLine, l.ImportStarts = importLine, "ri" // require, include
	l.ExternalImports = externalImports
	l.TestFiles = []string{"*Test.php"}
	l.TestDirs = []string{"tests"}
	l.Tests = phpTests
	l.TestNames = testNames
	l.Declares = declares
	l.DocPrefixes = []string{"//", "/*", "*", "#"}
	l.KeyMembers = []string{"construct", "table", "primarykey", "fillable"}
	l.Sigil = "$"
	l.Amendable = true
	return l
}

var (
	keywords = extract.Keywords{
		Decl: []string{"function", "class", "interface", "trait", "enum", "const", "case", "abstract", "final", "readonly",
			"public", "protected", "private", "static", "var"},
		Type: []string{"class", "interface", "trait", "enum"},
		// define('API_KEY', ...), a migration's table and the columns
		// it adds ($table->string('note')).
		Quoted: append([]string{"define('", `define("`, "Schema::create('", `Schema::create("`, "Schema::table('", `Schema::table("`},
			columnCalls()...),
		// A configuration array's key: 'timezone' => 'UTC'.
		Keys:      []string{"=>"},
		KeyDirs:   configDirs,
		VarMark:   "$",
		CodeOpen:  "<?php",
		CodeClose: "?>",
	}
	// notNames are PHP's and its frameworks' names as prose spells them,
	// and its own values and receivers (not its type names, which are
	// every language's words: array, object, parent, static).
	notNames = []string{"PHP", "Laravel", "Symfony", "Eloquent", "Doctrine", "PHPUnit", "Livewire", "this", "self", "null",
		"true", "false"}
	// builtins are PHP's own classes, interfaces and exceptions, its
	// functions and magic methods a spec may spell like code: those no
	// other language's or English word spells (not Error, count, env).
	builtins = []string{"RuntimeException", "LogicException", "InvalidArgumentException", "DomainException", "LengthException",
		"OutOfRangeException", "OutOfBoundsException", "RangeException", "OverflowException", "UnderflowException",
		"UnexpectedValueException", "BadMethodCallException", "BadFunctionCallException", "ErrorException", "JsonException",
		"ArgumentCountError", "DivisionByZeroError", "Throwable", "Stringable", "Countable", "ArrayAccess", "Traversable",
		"IteratorAggregate", "JsonSerializable", "Closure", "stdClass", "ArrayObject", "ArrayIterator", "SplObjectStorage",
		"WeakMap", "BackedEnum", "UnitEnum", "DateTimeImmutable", "DateTimeInterface", "DateInterval", "DateTimeZone", "PDO",
		"PDOException", "__construct", "__destruct", "__toString", "__get", "__set", "__call", "__callStatic", "__invoke",
		"__isset", "__unset", "array_map", "array_filter", "array_merge", "array_keys", "array_values", "in_array", "strlen",
		"json_encode", "json_decode", "is_null", "str_replace", "preg_match", "var_dump", "print_r", "bcrypt",
		// Laravel's facades and the methods of its query builder, Eloquent
		// relations and jobs that no other language's word spells: a
		// spec's `Queue::fake()` or `->whereNull(...)` is the framework's.
		"Queue", "Bus", "DB", "Gate", "Http", "Notification", "Storage", "Validator", "Artisan",
		"whereNull", "whereNotNull", "whereIn", "whereNotIn", "whereHas", "whereDoesntHave", "whereBetween", "whereDate",
		"orWhere", "orderBy", "orderByDesc", "firstOrFail", "findOrFail", "firstOrCreate", "updateOrCreate", "pluck",
		"paginate", "simplePaginate", "chunkById", "lockForUpdate", "withTrashed", "onlyTrashed", "forceDelete",
		"belongsTo", "hasMany", "hasOne", "belongsToMany", "morphTo", "morphMany", "dispatchSync", "afterResponse",
		"onQueue", "assertPushed", "assertDispatched", "shouldReceive", "joinSub", "leftJoinSub", "groupBy", "selectRaw",
		"whereRaw", "havingRaw", "orderByRaw", "whereExists", "whereColumn", "nullOnDelete", "cascadeOnDelete",
		"restrictOnDelete", "MassPrunable", "Prunable", "SoftDeletes", "HasFactory", "UPDATED_AT", "CREATED_AT"}
	// testNameRe reads the names of a test class's tests: test*
	// methods, and those #[Test] or @test marks.
	testNameRe = regexp.MustCompile(`(?m)^[ \t]*(?:(?:#\[(?:\\?[\w\\]*\\)?Test\][ \t]*\n[ \t]*|/\*\*(?:[^*]|\*[^/])*@test\b(?:[^*]|\*[^/])*\*/[ \t]*\n[ \t]*)(?:#\[[^\n]*\n[ \t]*)*(?:(?:public|protected|private|static|final)[ \t]+)*function[ \t]+(\w+)` +
		`|(?:(?:public|protected|private|static|final)[ \t]+)*function[ \t]+(test\w*)[ \t]*\()`)
	// ownRoots are the namespace roots of an application's own code by
	// convention: Laravel's and Symfony's App, Laravel's Database and
	// Tests.
	ownRoots = []string{"App", "Database", "Tests"}
)

// columnCalls are the calls that declare a column by its name:
// ->string(', ->integer(", ..., in a fixed order.
func columnCalls() []string {
	var out []string
	for t := range columnTypes {
		out = append(out, "->"+t+"('", "->"+t+`("`)
		if l := strings.ToLower(t); l != t {
			out = append(out, "->"+l+"('", "->"+l+`("`) // PHP's methods answer whatever their case
		}
	}
	slices.Sort(out)
	return out
}

// useRe reads a top-level use declaration: use A\B\C;, use A\B\C as D;,
// use A\B\{C, D as E};, use function A\b;, use const A\B;.
var useRe = regexp.MustCompile(`^use\s+(?:(function|const)\s+)?\\?([\w\\]+?)(?:\\\{([^}]*)\}|\s+as\s+(\w+))?\s*;`)

// namespaceRe reads a file's namespace statement.
var namespaceRe = regexp.MustCompile(`(?m)^\s*namespace\s+\\?([\w\\]+)\s*[;{]`)

// eachUse calls fn with each name a file's use declarations import
// (classes, functions and constants): the name it is bound to (its alias
// or itself), itself, and the namespace it is imported from. A type's use
// of a trait, indented inside its body, is none.
func eachUse(src []byte, fn func(alias, name, ns string)) {
	for len(src) > 0 {
		var line []byte
		line, src = extract.NextLine(src)
		if !bytes.HasPrefix(line, []byte("use ")) {
			continue
		}
		decl := string(bytes.TrimSpace(line))
		for !strings.Contains(decl, ";") && len(src) > 0 {
			line, src = extract.NextLine(src)
			decl += " " + strings.TrimSpace(string(line))
		}
		m := useRe.FindStringSubmatch(decl)
		if m == nil {
			continue
		}
		if m[3] != "" {
			for _, item := range strings.Split(m[3], ",") {
				f := strings.Fields(item)
				if len(f) == 0 {
					continue
				}
				full := m[2] + `\` + f[0]
				i := strings.LastIndexByte(full, '\\')
				fn(f[len(f)-1], full[i+1:], full[:i])
			}
			continue
		}
		i := strings.LastIndexByte(m[2], '\\')
		if i < 0 {
			continue
		}
		name, alias := m[2][i+1:], m[4]
		if alias == "" {
			alias = name
		}
		fn(alias, name, m[2][:i])
	}
}

// dotted spells a namespace as specs of other languages qualify a name:
// App\Models is App.Models.
func dotted(ns string) string { return strings.ReplaceAll(ns, `\`, ".") }

// root is a namespace's first part.
func root(ns string) string {
	r, _, _ := strings.Cut(ns, `\`)
	return r
}

// ownNamespace reports a namespace of the application itself: one of the
// conventional roots, or the root of the file's own namespace.
func ownNamespace(fileNS, ns string) bool {
	r := root(ns)
	return slices.Contains(ownRoots, r) || fileNS != "" && root(fileNS) == r
}

// fileNamespace is the namespace a file declares, or "".
func fileNamespace(src []byte) string {
	if !bytes.Contains(src, []byte("namespace")) {
		return "" // (a file without the word: namespaceRe would scan it all for nothing)
	}
	if m := namespaceRe.FindSubmatch(src); m != nil {
		return string(m[1])
	}
	return ""
}

// importNames lists the names a file imports from outside the
// application, a "name\tmodule" line each, the module dotted
// (Illuminate.Support.Facades, as a spec's Illuminate\Support\Facades\Route
// is read).
func importNames(src []byte) string {
	if !bytes.Contains(src, []byte("use ")) {
		return ""
	}
	ns := fileNamespace(src)
	var b strings.Builder
	eachUse(src, func(alias, _, mod string) {
		if !ownNamespace(ns, mod) {
			b.WriteString(alias + "\t" + dotted(mod) + "\n")
		}
	})
	return b.String()
}

// importedModules lists the classes a test file imports, dotted and
// without their namespace's root, which Composer maps to a directory
// (App\Models\User, in app/Models/User.php, is Models.User): what a test
// covers.
func importedModules(src []byte) string {
	var out []string
	eachUse(src, func(_, name, mod string) {
		_, rest, _ := strings.Cut(mod+`\`+name, `\`)
		if m := dotted(rest); m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	})
	return strings.Join(out, "\n")
}

// externalImports lists, once each, the roots of the namespaces a file
// imports from outside the application: Illuminate, Symfony, Carbon.
func externalImports(lines []string) []string {
	src := []byte(strings.Join(lines, "\n"))
	ns := fileNamespace(src)
	var out []string
	eachUse(src, func(_, _, mod string) {
		if r := root(mod); !ownNamespace(ns, mod) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	})
	return out
}

// importLine: require, include and their _once forms name a file by its
// path.
func importLine(line []byte) bool {
	t := extract.TrimIndent(line)
	for _, w := range []string{"require", "include"} {
		if r, ok := bytes.CutPrefix(t, []byte(w)); ok {
			r = bytes.TrimPrefix(r, []byte("_once"))
			return len(r) > 0 && (r[0] == ' ' || r[0] == '(' || r[0] == '\'' || r[0] == '"')
		}
	}
	return false
}

// phpTests: UserTest.php (or UserTests.php) for User.php, in a tests
// directory; those whose path under it holds the source's directory come
// first (tests/Unit/Models/UserTest.php for app/Models/User.php).
func phpTests(source string, tests []string) extract.TestMatch {
	if path.Ext(source) != ".php" {
		return extract.TestMatch{}
	}
	stem := strings.TrimSuffix(path.Base(source), ".php")
	sub := path.Base(path.Dir(source))
	var near, far []string
	for _, t := range tests {
		b := path.Base(t)
		if b != stem+"Test.php" && b != stem+"Tests.php" || !strings.HasPrefix(t, "tests/") && !strings.Contains(t, "/tests/") {
			continue
		}
		if strings.Contains(t, "/"+sub+"/") {
			near = append(near, t)
		} else {
			far = append(far, t)
		}
	}
	return extract.TestMatch{Named: append(near, far...)}
}

// testNames lists the tests of a test class: its test* methods and those
// #[Test] or @test marks, in file order.
func testNames(src []byte) []string {
	var out []string
	for _, m := range testNameRe.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1])+string(m[2]))
	}
	return out
}

// declares: function name(.
func declares(line, name string) bool {
	return strings.Contains(line, "function "+name+"(") || strings.Contains(line, "function &"+name+"(")
}

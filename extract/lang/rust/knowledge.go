package rust

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// knowing sets on l the rules code outside extraction asks of Rust (see
// extract.Language), and returns l.
func knowing(l *extract.Language) *extract.Language {
	l.SpecWords = []string{"rust", "cargo", "axum", "actix", "actix-web", "rocket", "diesel", "sqlx", "sea-orm", "seaorm", "tokio", "serde"}
	l.RouteFrameworks = []string{"axum", "actix-web", "Rocket"}
	l.NotNames = []string{"self", "Self", "crate", "super", "str", "char", "usize", "isize", "u8", "u16", "u32", "u64", "u128", "i8", "i16",
		"i32", "i64", "i128", "f32", "f64", "SeaORM"}
	l.Builtins = builtins
	l.Frameworks = []string{"axum", "actix-web", "rocket", "diesel", "sea-orm", "sqlx", "tokio", "serde", "thiserror", "anyhow", "tower",
		"tower-http", "hyper", "reqwest", "tracing"}
	l.Keywords = keywords
	l.Imports = importNames
	l.ImportedModules = importedModules
	l.ExternalImports = externalImports
	l.TestFiles = []string{"*_test.rs", "*_tests.rs", "tests.rs"}
	l.TestDirs = []string{"tests"}
	l.Tests = rustTests
	l.TestNames = testNames
	l.Declares = declares
	l.DocPrefixes = []string{"//", "/*", "*", "#["}
	l.IndexStems = []string{"mod"}
	return l
}

var (
	keywords = extract.Keywords{
		Decl:     []string{"fn", "struct", "enum", "trait", "impl", "type", "const", "static", "mod", "union", "macro_rules", "pub", "async", "unsafe", "extern"},
		Type:     []string{"struct", "enum", "trait", "union", "type"},
		Var:      []string{"const", "static"},
		Receiver: []string{"pub("}, // pub(crate) fn name: the name comes after the parenthesis
	}
	// builtins are the prelude's and the standard library's types, traits
	// and variants, and the standard macros, that a spec may spell like code.
	builtins = []string{"Vec", "String", "Option", "Some", "None", "Result", "Ok", "Err", "Box", "Rc", "Arc", "RefCell", "Cell",
		"Mutex", "RwLock", "HashMap", "HashSet", "BTreeMap", "BTreeSet", "VecDeque", "Cow", "PhantomData", "Send", "Sync", "Sized",
		"Clone", "Copy", "Debug", "Default", "Display", "PartialEq", "PartialOrd", "Eq", "Ord", "Hash", "Iterator", "IntoIterator",
		"FromStr", "From", "Into", "TryFrom", "TryInto", "AsRef", "Deref", "DerefMut", "Drop", "Fn", "FnMut", "FnOnce", "ToString",
		"println", "eprintln", "vec", "assert", "assert_eq", "assert_ne", "debug_assert", "todo", "unimplemented", "unreachable", "dbg",
		"writeln", "include_str"}
	testNameRe = regexp.MustCompile(`(?m)^[ \t]*#\[(?:[\w:]*::)?(?:test|rstest|test_case)\b[^\]\n]*\][ \t]*\n(?:[ \t]*#\[[^\n]*\n)*[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+(\w+)`)
	// ownRoots start a path into the crate itself; stdRoots into the
	// standard library.
	ownRoots = []string{"crate", "self", "super"}
	stdRoots = []string{"std", "core", "alloc"}
)

// useDecls calls fn with the path of every use declaration in src (pub
// ones too), its braces expanded: each leaf as its path's segments and the
// name it is bound to (its alias, or its last segment; "" for a glob).
func useDecls(src []byte, fn func(segs []string, name string)) {
	for len(src) > 0 {
		var line []byte
		line, src = extract.NextLine(src)
		t := extract.TrimIndent(line)
		if rest, ok := bytes.CutPrefix(t, []byte("pub")); ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '(') {
			if i := bytes.Index(rest, []byte("use ")); i >= 0 {
				t = rest[i:]
			}
		}
		if !bytes.HasPrefix(t, []byte("use ")) {
			continue
		}
		decl := string(t[len("use "):])
		for !strings.Contains(decl, ";") && len(src) > 0 {
			line, src = extract.NextLine(src)
			decl += " " + string(line)
		}
		decl, _, _ = strings.Cut(decl, ";")
		expandUse(nil, useSpaceRe.ReplaceAllString(strings.Join(strings.Fields(decl), " "), "$1"), fn)
	}
}

// useSpaceRe is the space around a use tree's punctuation, which goes.
var useSpaceRe = regexp.MustCompile(`\s*([{},]|::)\s*`)

// expandUse expands one use tree ("a::{b,c::D as E}") below the segments
// prefix.
func expandUse(prefix []string, tree string, fn func(segs []string, name string)) {
	tree = strings.TrimPrefix(tree, "::")
	if i := strings.IndexByte(tree, '{'); i >= 0 && strings.HasSuffix(tree, "}") {
		head := splitPath(strings.TrimSuffix(tree[:i], "::"))
		for _, item := range splitTop(tree[i+1 : len(tree)-1]) {
			expandUse(append(slices.Clone(prefix), head...), item, fn)
		}
		return
	}
	segs, name := prefix, ""
	if leaf, alias, ok := strings.Cut(tree, " as "); ok {
		tree, name = leaf, alias
	}
	segs = append(slices.Clone(segs), splitPath(tree)...)
	if len(segs) == 0 {
		return
	}
	last := segs[len(segs)-1]
	switch {
	case last == "*":
		name = ""
	case last == "self":
		segs = segs[:len(segs)-1]
		if len(segs) == 0 {
			return
		}
		if name == "" {
			name = segs[len(segs)-1]
		}
	case name == "":
		name = last
	}
	fn(segs, name)
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, "::")
}

// splitTop splits a use list at its top-level commas.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// importNames lists the names a file imports from other crates, a
// "name\tmodule" line each (use axum::routing::get: "get\taxum::routing");
// paths into the crate (crate::, self::, super::) are left out.
func importNames(src []byte) string {
	if !bytes.Contains(src, []byte("use ")) {
		return ""
	}
	var b strings.Builder
	useDecls(src, func(segs []string, name string) {
		if name == "" || len(segs) < 2 || slices.Contains(ownRoots, segs[0]) {
			return
		}
		b.WriteString(name + "\t" + strings.Join(segs[:len(segs)-1], "::") + "\n")
	})
	return b.String()
}

// importedModules lists, dotted, the modules a file's use declarations
// name below their crate (use shop::models::user::User names models.user),
// and the path of a lowercase leaf, which may be a module itself
// (use shop::handlers gives handlers); the standard library's are left out.
func importedModules(src []byte) string {
	if !bytes.Contains(src, []byte("use ")) {
		return ""
	}
	var out []string
	add := func(segs []string) {
		if m := strings.Join(segs, "."); m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	useDecls(src, func(segs []string, name string) {
		if len(segs) < 2 || slices.Contains(stdRoots, segs[0]) {
			return
		}
		segs = segs[1:]
		for len(segs) > 0 && segs[0] == "super" {
			segs = segs[1:]
		}
		last := segs[len(segs)-1]
		if last == "*" || last != "" && last[0] >= 'A' && last[0] <= 'Z' {
			segs = segs[:len(segs)-1]
		} else if len(segs) > 1 {
			add(segs[:len(segs)-1])
		}
		add(segs)
	})
	return strings.Join(out, "\n")
}

// externalImports lists the crates a file's use declarations name, other
// than the crate itself and the standard library's.
func externalImports(lines []string) []string {
	src := []byte(strings.Join(lines, "\n"))
	var out []string
	useDecls(src, func(segs []string, _ string) {
		if len(segs) > 1 && !slices.Contains(ownRoots, segs[0]) && !slices.Contains(stdRoots, segs[0]) && !slices.Contains(out, segs[0]) {
			out = append(out, segs[0])
		}
	})
	return out
}

// rustTests: a source file's tests are the tests.rs of its module
// directory (foo/tests.rs for foo.rs, tests.rs beside mod.rs), foo_test.rs
// or foo_tests.rs beside it, and the integration tests of its crate
// (tests/ beside src/) named after it; else the crate's integration tests.
func rustTests(source string, tests []string) extract.TestMatch {
	if path.Ext(source) != ".rs" {
		return extract.TestMatch{}
	}
	dir, stem := path.Dir(source), strings.TrimSuffix(path.Base(source), ".rs")
	crate := ""
	if i := strings.LastIndex("/"+source, "/src/"); i >= 0 {
		crate = strings.TrimSuffix(("/" + source)[:i], "/")
		crate = strings.TrimPrefix(crate, "/")
	}
	testDir := path.Join(crate, "tests")
	moduleDir := path.Join(dir, stem)
	if stem == "mod" || stem == "lib" || stem == "main" {
		moduleDir = dir
	}
	var m extract.TestMatch
	for _, t := range tests {
		b := path.Base(t)
		switch {
		case t == path.Join(moduleDir, "tests.rs"),
			path.Dir(t) == dir && (b == stem+"_test.rs" || b == stem+"_tests.rs"),
			strings.HasPrefix(t, testDir+"/") && (b == stem+".rs" || b == stem+"_test.rs" || b == stem+"_tests.rs" || b == "test_"+stem+".rs"):
			m.Named = append(m.Named, t)
		case strings.HasPrefix(t, testDir+"/") && path.Ext(t) == ".rs":
			m.Package = append(m.Package, t)
		}
	}
	return m
}

// declares: fn name( or fn name<.
func declares(line, name string) bool {
	return strings.Contains(line, "fn "+name+"(") || strings.Contains(line, "fn "+name+"<")
}

// testNames lists the names of the functions a test attribute marks:
// #[test], #[tokio::test], #[rstest], #[test_case(...)].
func testNames(src []byte) []string {
	var out []string
	for _, m := range testNameRe.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

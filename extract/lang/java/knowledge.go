package java

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/imports"
	"github.com/appendix-dev/appendix/extract/lang/internal/jvm"
)

// The rules code outside extraction asks of Java (see extract.Language).
var (
	keywords = extract.Keywords{
		Decl: []string{"public", "private", "protected", "static", "final", "abstract", "class", "interface", "enum",
			"void", "synchronized", "native", "default", "transient", "volatile", "sealed", "strictfp", "var",
			"int", "long", "short", "byte", "char", "boolean", "float", "double"},
		Type:         []string{"class", "interface", "enum", "record"},
		Var:          []string{"var"},
		TypeFirst:    true,
		IndentBodies: true,
		Statements: []string{"return", "throw", "new", "else", "case", "yield", "assert", "do", "try", "catch", "finally",
			"if", "for", "while", "switch", "break", "continue", "this", "super", "import", "package",
			"throws", "extends", "implements", "permits"},
		// A line ending with "(" opens a parameter or an argument list:
		// "String databaseName)" below it declares nothing.
		ParamLists: true,
		Quoted:     jvm.StorageNames,
	}
	notNames = []string{"true", "false", "null", "this", "super", "void", "int", "long", "short", "byte", "char", "boolean",
		"float", "double", "var", "Java", "JVM", "JDK", "Spring", "Maven", "Gradle", "JUnit", "Mockito", "Hibernate", "Lombok"}
	// builtins are java.lang's types and exceptions, the collections,
	// time and concurrency types every Java file uses, and the methods of
	// Object.
	builtins = []string{"String", "Object", "Integer", "Long", "Short", "Byte", "Character", "Boolean", "Double", "Float",
		"Number", "Math", "System", "Thread", "Runnable", "Iterable", "Comparable", "CharSequence", "StringBuilder", "Class",
		"Enum", "Record", "Void", "Throwable", "Exception", "RuntimeException", "IllegalArgumentException",
		"IllegalStateException", "NullPointerException", "UnsupportedOperationException", "IndexOutOfBoundsException",
		"ArithmeticException", "ClassCastException", "NumberFormatException", "InterruptedException", "IOException",
		"UncheckedIOException", "Override", "Deprecated", "FunctionalInterface", "SuppressWarnings", "SafeVarargs",
		"Optional", "List", "ArrayList", "LinkedList", "Collection", "Collections", "Arrays", "HashMap", "LinkedHashMap",
		"TreeMap", "HashSet", "LinkedHashSet", "TreeSet", "Iterator", "Stream", "Collectors", "Objects", "UUID",
		"BigDecimal", "BigInteger", "LocalDate", "LocalDateTime", "LocalTime", "Instant", "ZonedDateTime",
		"OffsetDateTime", "ZoneId", "Clock", "TimeUnit", "CompletableFuture", "Future", "Executor", "ExecutorService",
		"ConcurrentHashMap", "AtomicInteger", "AtomicLong", "AtomicBoolean", "Function", "BiFunction", "Supplier",
		"Consumer", "BiConsumer", "Predicate", "toString", "equals", "hashCode", "getClass", "compareTo", "main",
		"println"}
	frameworks = []string{"org.springframework", "org.springframework.boot", "jakarta.persistence", "javax.persistence",
		"org.hibernate", "io.micronaut", "io.quarkus", "junit", "org.junit", "org.mockito", "org.projectlombok",
		"com.fasterxml.jackson"}
	testNameRe = regexp.MustCompile(`(?m)@(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\b(?:\([^)]*\))?\s*` +
		`(?:@[\w.]+(?:\([^)]*\))?\s*)*(?:(?:public|protected|private|static|final)\s+)*(?:[\w<>\[\]?,. ]+\s+)?(\w+)\s*\(` +
		`|^\s*public\s+void\s+(test\w*)\s*\(`)
)

// importLine: import a.b.C;
var importLine = imports.Keyword

// importStarts are the bytes an importLine starts with.
const importStarts = imports.KeywordStarts

// importRe reads an import declaration: import a.b.C;, import static
// a.b.C.name;, import a.b.*;.
var importRe = regexp.MustCompile(`^\s*import\s+(static\s+)?([\w.]+?)(\.\*)?\s*;`)

// packageRe reads a file's package declaration, after a byte order mark too.
var packageRe = regexp.MustCompile(`(?m)^\x{FEFF}?\s*package\s+([\w.]+)\s*;`)

// eachImport calls fn with each import declaration of a file, in order:
// the imported name (a class, or a static import's member), the module it
// is imported from (a package, or a static import's class), whether it is
// static and whether it is a wildcard (the module is then all of it). The
// imports end at the first type declaration.
func eachImport(src []byte, fn func(name, module string, static, wildcard bool)) {
	for len(src) > 0 {
		var l []byte
		l, src = extract.NextLine(src)
		t := bytes.TrimSpace(l)
		var m []string
		if bytes.HasPrefix(t, []byte("import")) { // (importRe's first word: no other line is asked)
			m = importRe.FindStringSubmatch(string(t))
		}
		if m == nil {
			if startsAny(t, "public ", "class ", "@", "interface ", "enum ", "record ") {
				return
			}
			continue
		}
		static := m[1] != ""
		if m[3] != "" {
			fn("", m[2], static, true)
			continue
		}
		i := strings.LastIndexByte(m[2], '.')
		if i < 0 {
			continue
		}
		fn(m[2][i+1:], m[2][:i], static, false)
	}
}

// startsAny reports whether b starts with one of prefixes.
func startsAny(b []byte, prefixes ...string) bool {
	for _, p := range prefixes {
		if bytes.HasPrefix(b, []byte(p)) {
			return true
		}
	}
	return false
}

// importNames lists the classes and static members a file imports from
// outside its project, a "name\tmodule" line each.
func importNames(src []byte) string {
	pkg := ""
	if m := packageRe.FindSubmatch(src); m != nil {
		pkg = string(m[1])
	}
	var b strings.Builder
	eachImport(src, func(name, module string, _, wildcard bool) {
		if !wildcard && !jvm.OwnPackage(pkg, module) {
			b.WriteString(name + "\t" + module + "\n")
		}
	})
	return b.String()
}

// importedModules lists every class a file imports (its own project's
// too), and the package or class of a wildcard import: what a test
// covers.
func importedModules(src []byte) string {
	var out []string
	eachImport(src, func(name, module string, static, wildcard bool) {
		switch {
		case wildcard, static:
			out = append(out, module) // import static a.b.C.name: the class C
		default:
			out = append(out, module+"."+name)
		}
	})
	return strings.Join(out, "\n")
}

// externalImports lists, once each, the packages a file imports from
// outside its project and the JDK's java.* packages.
func externalImports(lines []string) []string {
	src := []byte(strings.Join(lines, "\n"))
	pkg := ""
	if m := packageRe.FindSubmatch(src); m != nil {
		pkg = string(m[1])
	}
	var mods []string
	eachImport(src, func(name, module string, static, _ bool) {
		if static {
			module = module[:max(strings.LastIndexByte(module, '.'), 0)] // a static member's class's package
		}
		mods = append(mods, module)
	})
	return jvm.External(pkg, mods, "java.")
}

// javaTests: OrderTest.java, OrderTests.java, OrderIT.java, TestOrder.java
// (and the like) in Order.java's package, in its module's test sources.
func javaTests(source string, tests []string) extract.TestMatch {
	return jvm.Tests(source, ".java", tests)
}

// testNames lists the test methods of a test class: those annotated as
// tests (JUnit 4 and 5, TestNG), and JUnit 3's public void test...().
func testNames(src []byte) []string {
	var out []string
	for _, m := range testNameRe.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1])+string(m[2]))
	}
	return out
}

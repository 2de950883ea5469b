package jvm

import (
	"path"
	"regexp"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// OwnPackage reports an import from the file's own project: one whose
// first three segments (fewer when the file's package has fewer) are those
// of the file's package, the reverse domain and project of both. A file
// without a package owns nothing.
func OwnPackage(filePkg, imp string) bool {
	if filePkg == "" {
		return false
	}
	own, segs := strings.Split(filePkg, "."), strings.Split(imp, ".")
	k := min(3, len(own))
	if len(segs) < k {
		return false
	}
	for i := 0; i < k; i++ {
		if own[i] != segs[i] {
			return false
		}
	}
	return true
}

// SourceRoot splits a source file's path into its module root and its
// package directory, across Maven's and Gradle's source sets
// (shop/src/main/java/com/x/Order.java, shop/src/test/kotlin/com/x/...,
// shop/src/jvmTest/kotlin/...: shop and com/x).
func SourceRoot(file string) (root, pkg string) {
	dir := path.Dir(file)
	segs := strings.Split(dir, "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if segs[i] != "src" {
			continue
		}
		rest := segs[i+1:]
		if len(rest) >= 2 && (rest[1] == "java" || rest[1] == "kotlin") {
			rest = rest[2:]
		}
		return strings.Join(segs[:i], "/"), strings.Join(rest, "/")
	}
	return "", dir
}

// testSuffixes end the name of a test class after the name of the class
// it tests: OrderTest, OrderTests, OrderIT, OrderIntegrationTest.
var testSuffixes = []string{"Test", "Tests", "IT", "TestCase", "IntegrationTest", "IntegrationTests"}

// Tests picks, among tests, the test classes of a source file of the
// extension ext: OrderTest, OrderTests, OrderIT, TestOrder (and the like)
// of Order, in its package, in its module's test sources.
func Tests(source, ext string, tests []string) extract.TestMatch {
	if path.Ext(source) != ext {
		return extract.TestMatch{}
	}
	stem := strings.TrimSuffix(path.Base(source), ext)
	root, pkg := SourceRoot(source)
	var m extract.TestMatch
	for _, t := range tests {
		if path.Ext(t) != ext || t == source {
			continue
		}
		b := strings.TrimSuffix(path.Base(t), ext)
		named := b == "Test"+stem
		for _, s := range testSuffixes {
			named = named || b == stem+s
		}
		if tr, tp := SourceRoot(t); named && tr == root && tp == pkg {
			m.Named = append(m.Named, t)
		}
	}
	return m
}

// Annotation is one annotation of a declaration: its simple name (Table
// for @jakarta.persistence.Table) and its node.
type Annotation struct {
	Name string
	Node *sitter.Node
}

// SchemaTitles are the annotations that map a class to storage, and the
// title each gives it: JPA entities, embeddables and mapped superclasses,
// Spring Data documents.
var SchemaTitles = map[string]string{"Entity": "Entity", "Table": "Entity", "Embeddable": "Embeddable",
	"MappedSuperclass": "Mapped Superclass", "Document": "Document"}

// StorageNames open the quoted name an annotation stores a class or a
// field under, which the line declares: JPA's @Table(name = "orders") and
// @Column(name = "created_at"), Room's @Entity(tableName = "orders") (its
// arguments often one to a line) and @ColumnInfo(name = "created_at").
var StorageNames = []string{`@Table(name = "`, `@Table(name="`, `tableName = "`, `tableName="`,
	`@Column(name = "`, `@Column(name="`, `@ColumnInfo(name = "`, `@ColumnInfo(name="`}

// StoredNames are the annotations that give a field a name it is stored
// or serialized as, and the argument that holds it: JPA's @Column(name =
// "created_at"), Room's @ColumnInfo(name = ...), Moshi's @Json(name = ...),
// Jackson's @JsonProperty("x"), Gson's @SerializedName("x"),
// kotlinx.serialization's @SerialName("x").
var StoredNames = map[string]string{"Column": "name", "ColumnInfo": "name", "Json": "name",
	"JsonProperty": "value", "SerializedName": "value", "SerialName": "value"}

// StoredAs lists the names a field's annotations store or serialize it
// as (StoredNames); value reads an annotation's string argument by key,
// as the language writes it.
func StoredAs(anns []Annotation, value func(annotation *sitter.Node, key string) (string, bool)) []string {
	var out []string
	for _, a := range anns {
		key, ok := StoredNames[a.Name]
		if !ok {
			continue
		}
		if s, ok := value(a.Node, key); ok && s != "" {
			out = append(out, s)
		}
	}
	return out
}

// SpringVerbs are Spring MVC's mapping annotations and the method each
// maps; @RequestMapping says its methods in its arguments.
var SpringVerbs = map[string]string{"GetMapping": "GET", "PostMapping": "POST", "PutMapping": "PUT",
	"DeleteMapping": "DELETE", "PatchMapping": "PATCH", "RequestMapping": "ANY"}

// regexVarRe is a path variable with a pattern: {id:\d+}, {id: [0-9]+}.
var regexVarRe = regexp.MustCompile(`\{(\w+)\s*:[^{}]*(?:\{[^{}]*\}[^{}]*)*\}`)

// JoinPath joins a controller's prefix and a mapping's path as a request
// sees them, each variable as {name}.
func JoinPath(prefix, p string) string {
	s := strings.TrimRight(prefix, "/")
	switch {
	case p == "" && prefix == "":
		s = "/"
	case p == "":
		s = prefix
	default:
		s += "/" + strings.TrimLeft(p, "/")
	}
	if !strings.HasPrefix(s, "/") {
		s = "/" + s
	}
	return regexVarRe.ReplaceAllString(s, "{$1}")
}

// External lists, once each, the modules among those a file of the
// package pkg imports that are from outside its project and outside the
// standard library's packages (std, each a package or a prefix ending in
// a dot).
func External(pkg string, modules []string, std ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range modules {
		if m == "" || seen[m] || OwnPackage(pkg, m) || standard(m, std) {
			continue
		}
		seen[m] = true
		out = append(out, m)
	}
	return out
}

// standard reports a module among the std packages.
func standard(m string, std []string) bool {
	for _, s := range std {
		if m == s || strings.HasSuffix(s, ".") && strings.HasPrefix(m, s) {
			return true
		}
	}
	return false
}

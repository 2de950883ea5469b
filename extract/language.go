package extract

import (
	"fmt"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
)

// SchemaFileSize is the largest schema file read: SDL snapshots and
// structure dumps of large projects run to several megabytes.
const SchemaFileSize = 8 << 20

// Command is a way a project runs a command of its own: the program a
// shell line names before the command (`manage.py`), and the definition
// the command's module gives it (Command).
type Command struct {
	Runner string
	Type   string
}

// Language is everything the package knows about one source language.
// The exported hooks are set by the language's own package; generic code
// asks them and never tests a language's name. A Definition points to its
// Language and is cached with gob: a field holds plain data or a func.
type Language struct {
	Name    string   // stable identifier, also the JSON "language" value
	Display string   // the name as people write it ("TypeScript"); see DisplayName
	Fence   string   // markdown code fence tag
	Exts    []string // file name endings, with the dot
	Comment string   // line comment prefix, for truncation notes
	// Revision names the version of the language's extraction rules. A
	// change to them that can change what is extracted from some file
	// (its hooks, its query, its scanner, its lexer syntax) or what a
	// cached scan of a file holds (Imports, ImportedModules, ImportLine)
	// gets a new revision, and caches keyed by the fingerprint of the
	// rules are dropped. (The fingerprint hashes the scan's rules that are
	// data, Keywords and the test file names, itself.)
	Revision string
	// MaxSize is the largest file of the language read, in bytes (0: the
	// tool's default). Schema languages, read by a block scanner rather
	// than a parser, keep a whole API in one file: a GraphQL SDL snapshot,
	// a SQL structure dump.
	MaxSize int

	// Grammar returns the tree-sitter grammar; nil for a language whose
	// files Scan reads.
	Grammar func() *sitter.Language
	// Prepare returns the text the grammar parses in place of a file's,
	// for a grammar that reads a construct of the language it does not
	// know in a way that breaks what surrounds it (Kotlin's trailing
	// commas, C's export and annotation macros): a copy of the same length
	// and as many lines, in which the definitions and members span the
	// same bytes and lines as in the file, whose own text snippets show.
	// Nil: the file's text.
	Prepare func(src []byte) []byte
	// QuerySource is the tree-sitter query whose patterns Matches finds:
	// the reference Matches is tested against, and part of the extraction
	// rules a cache depends on.
	QuerySource string

	// Funcs lists node types whose "body" field (or what Body gives) is a
	// function body to cut.
	Funcs map[string]bool
	// Bodies lists node types whose "body" field holds declarations
	// each named by a word of it: a class's members, an interface's, an
	// enum's, a namespace's statements. A walk for a Want leaves out such a
	// body when no word of it is wanted.
	Bodies map[string]bool
	// BodiesKeepNothing says Refine keeps no definition found inside a
	// function body (Java's: a class, method or field declared in a
	// method, a lambda or an anonymous class is local): every walk for
	// definitions leaves the bodies of Funcs out.
	BodiesKeepNothing bool
	// OpenBody reports a function of Funcs whose body, in a language whose
	// bodies keep nothing, holds definitions all the same: CommonJS's
	// `module.exports = function (Topics) {...}`, whose statements add
	// members to the object it is given. Nil: none does.
	OpenBody func(fn *sitter.Node, src []byte) bool
	// FuncBodies, for a language whose bodies keep nothing, returns the
	// interiors of src's function bodies (see extract.FuncBodies), false
	// when its lexer cannot tell them: a parse for definitions leaves them
	// out, when what is left parses without an error.
	FuncBodies func(src []byte) ([]Span, bool)
	// CallsDefine says calls inside function bodies define things whose
	// names the text may not spell (a migration's timestamps adds
	// created_at): an extraction walks every body, and every type body.
	CallsDefine bool
	// Body returns the body of a node of Funcs and whether it is a block
	// of statements, for a grammar whose nodes have no "body" field
	// (Kotlin's; a Swift closure is its own block, a computed property's
	// its accessors). A block is cut wherever it is; an expression body only
	// from the definition's own signature. Nil: the "body" field.
	Body func(fn *sitter.Node) (body *sitter.Node, block bool)
	// Refine adjusts a raw match into a Definition: kind, title, the node
	// whose text is shown, the container of a method, whether it is
	// exported. It returns false for a match that defines nothing to show.
	Refine func(m *Match) bool
	// Members lists the member nodes of a type-like definition (fields,
	// methods, enum values), used to trim a long type to what a spec names.
	Members func(def *sitter.Node) []*sitter.Node
	// MemberName names a member node Members listed: a C# field, whose
	// attributes and type come before its declarators (MemberNameOf is
	// the general rule, to fall back on); "" for one that is no member
	// after all (a call in a Ruby class body that declares nothing:
	// Members, without the source, cannot tell). Nil: the general rule,
	// the member's name field, its declarator's, or its first identifier.
	MemberName func(member *sitter.Node, src []byte) string
	// MoreNames names the further members one member node declares after
	// the one it is named by (C's int a, b;), each a member of its own.
	MoreNames func(member *sitter.Node, src []byte) []string
	// Expanded lists the members a type-like definition's body gets from
	// macros it expands on lines of their own (C's X-macro lists: a
	// struct's THREAD_STATS_FIELDS line declares each X(name) the file's
	// #define of it lists), each on the line that expands it.
	Expanded func(def *sitter.Node, src []byte) []Member
	// MadeOf gives the word a member name MoreNames derives is made of
	// (Lombok's getData of the field data), "" for none: a statement that
	// holds the word may declare the name, though the name is not in it.
	MadeOf func(name string) string
	// Assigns names the attributes a member node gives its type without
	// declaring them (Python's `self.x = ...` in a method, the entries of
	// `__slots__`): members of the type once it is chosen, never what makes
	// it wanted, since no scan reads them as declarations.
	Assigns func(member *sitter.Node, src []byte) []Assignment
	// Member names a member node, says whether it is a method, and gives
	// the node it ends with when that is not its own (nil), for a grammar
	// whose nodes have no "name" field (Kotlin's, where annotations, a
	// receiver and type parameters come before the name, and a property's
	// accessors follow it as its siblings). Nil: the member's name field,
	// or the first name in it, a method by its node type.
	Member func(member *sitter.Node, src []byte) (name string, method bool, last *sitter.Node)
	// Embedded reports a member that brings in the members of another
	// definition (a Go embedded struct, a JavaScript spread): kept when a
	// type is trimmed. Nil: no member does.
	Embedded func(member *sitter.Node) bool
	// Field describes a member that is a field: the type it holds, by name
	// (without pointer, list or map around it; "" for a built-in type),
	// and the names it is serialized as (Member.Serialized). Nil: members
	// carry neither.
	Field func(member *sitter.Node, src []byte) (typ string, serialized []string)
	// Attributes are the node types of the annotations a definition
	// carries as its preceding siblings (Rust's #[derive(...)]): the
	// snippet of a definition or member starts at the first of them, with
	// the comments among them and the doc comment above. Nil: none.
	Attributes map[string]bool
	// Misread reports an error or missing node that the grammar makes of
	// valid code it predates (C#'s empty collection expression [], read
	// as an element access missing its index): a definition whose every
	// parse error is one is shown, not reported broken. in is the node
	// whose text would be shown (the error may be a misread for a type
	// and not for the member that holds it). Nil: none is.
	Misread func(n, in *sitter.Node) bool
	// Elide returns where a nested body starts to be cut and what replaces
	// it. A definition's own body, when it ends the snippet, is cut from the
	// same place with nothing in its place.
	Elide func(body *sitter.Node) (start uint32, placeholder string)

	// Routes finds HTTP route registrations in a parsed file (path is the
	// file's, for routes its name spells); nil when the language has none.
	Routes func(root *sitter.Node, src []byte, path string) ([]RouteCall, []Mount)
	// Scan, for languages without a tree-sitter grammar here, finds the
	// definitions of a file directly (schema scanners: SQL, Prisma, ...).
	Scan func(l *Language, path string, src []byte) []Definition
	// Lex, when set, lets Focus pick the statements a search needs.
	Lex *LexSyntax
	// Matches finds the patterns of QuerySource in a tree, in the query's
	// order, without compiling the query (see match.go).
	Matches Matcher

	// The fields below are what code outside extraction knows of the
	// language: how its files, imports, tests and prose name things (see
	// knowledge.go). Generic code asks the language of a file; a rule it
	// applies to every file whatever the file's language (a test file's
	// name, a comment line) is the union of the rule over the registry.

	// Dialect names the language this one is a variant of, sharing its
	// rules under another grammar or fence (TSX of TypeScript, JSX of
	// JavaScript); "" for none. A language and its dialects are one family
	// (see Family): code is grouped by family, and a spec that names a
	// language names its dialects too.
	Dialect string
	// Includes names the families whose code a spec that names this
	// language also means: TypeScript includes JavaScript, the code a
	// TypeScript project holds beside its TypeScript.
	Includes []string
	// Interop names the families whose types this language's types extend
	// and use as their own, besides those it Includes (Kotlin's classes
	// Java's): a base class may be one of theirs.
	Interop []string
	// SpecWords are the words, lowercase, that name the language or one of
	// its frameworks in a spec's prose ("golang", "django"): a reference
	// next to one prefers definitions in the language.
	SpecWords []string
	// RouteFrameworks names, for messages, the frameworks whose route
	// registrations Routes recognises.
	RouteFrameworks []string
	// NotNames are words a spec spells like code that never name the
	// project's code: the language's built-in types, values and receivers
	// ("nil", "str", "self"), and its own and its frameworks' names as
	// prose spells them ("TypeScript", "FastAPI").
	NotNames []string
	// Builtins are the language's built-in functions, types, exceptions
	// and the standard library's constants a spec may spell like code
	// ("len", "KeyboardInterrupt", "store_true"). The project may define
	// one too, and then it is shown; one it does not define is the
	// language's, never a gap.
	Builtins []string
	// BuiltinsAnywhere: the language is written inside others' code (SQL in
	// strings), so its built-in words are built in whatever the
	// repository's languages.
	BuiltinsAnywhere bool
	// AttributeSuffix is what the language's attribute classes end with
	// and their uses leave out (C#'s Attribute: `[DynamicallyAccessedMembers]`
	// is the class DynamicallyAccessedMembersAttribute); "" for none.
	AttributeSuffix string
	// SymbolDeclares returns the offset in src of a call that declares
	// name, given it as a symbol (Ruby's `scope :recently_active`,
	// `has_many :posts`, `attr_reader :total`, `delegate :name`), or -1;
	// nil where no call declares so.
	SymbolDeclares func(src []byte, name string) int
	// UndeclaredCalls: methods reach a file without an import (Ruby's gems
	// and the framework's mixins), so a lowercase name the code calls in
	// several files and defines in none is a dependency's, not one the
	// repository lacks.
	UndeclaredCalls bool
	// Commands are how the language's projects run a command of their own
	// from a shell, and what defines it: Django's `manage.py sendalerts` is
	// the class Command of the module sendalerts (a
	// management/commands/sendalerts.py).
	Commands []Command
	// ForeignMethod reports whether a name the code calls as a method of
	// a value (`x.Context(ctx).Sync(`), and the repository declares
	// nowhere, is one only a dependency or the standard library can give:
	// where every method is declared with its type and a method of
	// another package must be exported (Go's upper-case names). Nil: the
	// language says nothing of it.
	ForeignMethod func(name string) bool
	// Migrated says the language's tables are made and dropped by
	// migration files in sequence (SQL's CREATE TABLE and DROP TABLE): a
	// table a later file drops stands no more.
	Migrated bool
	// ClientMethods are the methods a client generated from this
	// language's schemas gives each table (Prisma Client's
	// `prisma.envelope.update`): a table's member by that name, reached
	// through a value, is the client's, outside the repository.
	ClientMethods []string
	// EmptyBases are the standard library's bases that declare no member
	// a spec names on a class (Python's ABC and object): a class whose
	// bases end in them inherits nothing from outside the repository.
	EmptyBases []string
	// Frameworks are dependency names of the language's frameworks and
	// SDKs, whose built-ins may already do what a spec adds: a dependency
	// is one when its name is one of them, ends in "/" and one, starts with
	// one and "/", or contains one that holds a "/".
	Frameworks []string

	// Keywords are the words the declaration scan reads declarations by.
	Keywords Keywords
	// Generated are file name endings of generated code (".pb.go"): such
	// files are never read. Every language's apply to every file.
	Generated []string
	// GeneratedFrom, when set, gives the spellings a name has in this
	// language's files when generated code spells it generated: protobuf's
	// field `max_series` (or `maxSeries`) is MaxSeries in the Go that
	// protoc-gen-go writes. A spec that quotes the generated code names
	// the definition here.
	GeneratedFrom func(generated string) []string
	// GeneratedMarks are texts in the head of a file that the language's
	// generators write and that the general markers ("Code generated ...
	// DO NOT EDIT.", "@generated") miss: rust-bindgen's "automatically
	// generated by rust-bindgen". Such files are never read. Every
	// language's apply to every file.
	GeneratedMarks []string
	// BundleLine, when set, is the line length that says a file of the
	// language is a bundler's or minifier's output: a file holding a line
	// at least this long is generated and never read. Code written by hand
	// keeps its lines short; a bundle packs a library onto a few lines.
	BundleLine int
	// SchemaMarks are the markers of files an ORM's tool writes from the
	// database (Diesel's schema.rs, SeaORM's entities): the language's only
	// statement of its tables, read whatever generated marker they carry.
	// Every language's apply to every file.
	SchemaMarks []string
	// SkipDirs are names of the directories of the language's installed
	// dependencies, build output and tool caches ("node_modules"): never
	// entered, whatever they hold.
	SkipDirs []string
	// Imports lists the names a file imports from packages, a
	// "name\tmodule" line each, in file order; names imported from the
	// repository's own modules (relative paths) are left out. Nil: the
	// language's imports name no definitions (a Go import names a package).
	Imports func(src []byte) string
	// ImportedModules lists, newline-joined, every module a file imports,
	// relative ones too ("./music", "app.music"): the sources a test file
	// covers. Nil: a test's imports say nothing of what it covers.
	ImportedModules func(src []byte) string
	// ImportLine reports a line that imports a module by its path: the
	// words after a "/" on it name a module, never a route. Every
	// language's apply to every file.
	ImportLine func(line []byte) bool
	// ImportStarts are the bytes a line ImportLine accepts starts with,
	// after its blanks: a line that starts otherwise is told without it.
	// Empty: any.
	ImportStarts string
	// WildcardImports lists the modules a file imports every name of
	// (Java's `import javax.persistence.*;`, C#'s `using Quartz;`), in
	// file order: a capitalized name a file of the language uses and the
	// repository defines nowhere came from one of them, or from the
	// language itself. Nil: no import does.
	WildcardImports func(src []byte) []string
	// ModuleImports: every import brings a module's every name, and no
	// generator adds names to the code that imports it (Swift's `import
	// Vapor`): a capitalized name a file uses and the repository defines
	// nowhere came from a module the file imports, however the file uses
	// it. Otherwise only a name used as an annotation is taken so (a class
	// a generator makes in the file's own package is used otherwise).
	ModuleImports bool
	// ExternalImports lists the packages from outside the repository that
	// a file, given as its lines, imports: not the standard library's,
	// each named as a manifest names it where the language says how
	// (Python's top-level module, an npm package with its scope, a Go
	// import path).
	ExternalImports func(lines []string) []string
	// Manifests are patterns (path.Match, on a file's base name) of the
	// dependency manifests whose entries the language's imports name
	// ("go.mod", "requirements*.txt"). Nil: none says what an import is.
	Manifests []string
	// OwnModules lists the modules a manifest of the repository itself
	// defines, as imports name them (go.mod's module path, a Cargo
	// package's crate name): an import from one is the repository's own.
	// Nil: a manifest names no module of the repository.
	OwnModules func(manifest []byte) []string
	// RootPackage names the package whose files sit beside the manifest
	// that defines module (Go's package at a module's root: the module
	// path's last element, past a major version), by which a spec
	// qualifies its names (`telegraf.Warn`). Nil: none is named so.
	RootPackage func(module string) string
	// DeclaredBy reports whether a manifest's dependency dep provides the
	// package imp that ExternalImports lists; nil: when the names are the
	// same.
	DeclaredBy func(imp, dep string) bool
	// RootModules says that an import's first segment may name a module
	// at the top of the repository's code (a directory, or a file by its
	// stem: `app` for app/, `hooks` for hooks.py): such an import is the
	// repository's own, not a package.
	RootModules bool

	// TestFiles are patterns (path.Match, on a file's base name) of the
	// names of test files: "*_test.go", "test_*.py". Every language's, and
	// its TestDirs, apply to every file.
	TestFiles []string
	// TestDirs are names of directories whose files are all tests.
	TestDirs []string
	// Tests picks, among the repository's test files (in walk order), those
	// that test a source file of the language by convention; nil: none do.
	Tests func(source string, tests []string) TestMatch
	// TestNames lists the names of the tests a test file of the language
	// defines, in file order.
	TestNames func(src []byte) []string
	// InlineTests says that a source file may hold its own tests (Rust's
	// #[cfg(test)] modules): one in which TestNames finds tests is among
	// the test files that cover it.
	InlineTests bool

	// RouteFile reports a path that is a route by itself (a Next.js route
	// file, a Django urls.py): a file whose path holds a segment of an
	// endpoint a spec names is parsed for routes. Every language's apply to
	// every file.
	RouteFile func(path string) bool
	// RouteWords lists the path segments a file of the language registers
	// routes with that no "/" precedes (Rails' resources :orders): the
	// file is parsed for routes when one is a segment of an endpoint a
	// spec names. Nil: every segment follows a "/".
	RouteWords func(src []byte) []string
	// WireSchemas says the language's schemas describe messages or an
	// API's types, never a database's tables (protobuf, GraphQL): a table
	// the spec names is none of them by a naming convention.
	WireSchemas bool
	// TextRoutes are the routes a file of a language read without a
	// grammar declares (protobuf's google.api.http options), with their
	// snippets.
	TextRoutes func(path string, src []byte) []Definition
	// RouteMarks, when set, are the words a file that registers a route or
	// mounts routes holds one of whatever its framework (PHP's Route, for
	// Route:: and #[Route]): a file holding none is never parsed for
	// routes, however many paths its tests or templates spell.
	RouteMarks []string
	// MountMarks, when set, are the words a file that mounts routes under
	// a prefix holds one of (Ktor's route("/orders") { orderRoutes() },
	// whose routes another file's function registers; a Django REST
	// framework router, whose viewsets' actions their own files
	// register): such a file is parsed for routes when it spells a literal
	// segment of an endpoint before its last, not only its last. Nil: none.
	MountMarks []string
	// Declares reports a line that defines the function or value name
	// ("def name(", "function name("): a route whose snippet holds one
	// already shows its handler. Every language's apply to every snippet.
	Declares func(line, name string) bool
	// DocPrefixes start the comment and decorator lines written above a
	// definition ("//", "@"): a signature is shown without them. Every
	// language's apply to every definition.
	DocPrefixes []string

	// KeyReaders are the functions the language's code reads a setting
	// with, by its key as a string (PHP's config('app.timezone') and
	// env('APP_KEY')): a spec writing such a call names the key.
	KeyReaders []string

	// SuffixedMethods says a method's name may end with ! or ? (Ruby's
	// save!, valid?), and names another method than the name alone: its
	// definitions keep the suffix in Definition.Suffix.
	SuffixedMethods bool
	// MemberSeps are what the language writes between a type and its
	// member besides "." (PHP's and C++'s "::", Ruby's "#", Java's method
	// reference "::" and Javadoc's "#"): a spec writing `Route::post`
	// means a type of a language that writes "::", never a TypeScript
	// interface of the name.
	MemberSeps []string
	// SignatureDecls says a method's signature alone, its result's type
	// after a colon (`async restorePost(id: string): Promise<void>;`),
	// declares it in a spec's code block of the language.
	SignatureDecls bool

	// PackageDir says that code names a file's module by its directory (a
	// Go package), not by the file's stem.
	PackageDir bool
	// ConstantDirs says that a module named in CamelCase lives in the
	// directory of its snake_case name (Ruby's Admin::UsersController in
	// admin/users_controller.rb): a qualifier names that directory.
	ConstantDirs bool
	// IndexStems are file stems that make a file its directory's module
	// ("index", "__init__"), whatever the file's language.
	IndexStems []string
	// ModelFiles are base names of the files that hold a project's data
	// models by convention ("models.py"): a table is looked for there first.
	ModelFiles []string
	// Headers are file name endings of the language's headers (".h"): what
	// they declare is the interface the sources include and define, and a
	// name declared in one is shown from there first.
	Headers []string
	// AppTables says that the language's ORM names a model's default table
	// after the model's app directory and the model, lowercased ("<app>_<model>"):
	// a statement naming the model is worth parsing when such a table is
	// searched for.
	AppTables bool
	// ValueMethods are the methods of the language's built-in values (a
	// dict's get, a list's append): `PRICES.get` calls one on the variable
	// PRICES, and names that variable.
	ValueMethods []string
	// Delegates names, from a file's source, the types a value of the
	// type called name hands the members it lacks to (Rust's Deref
	// target: `impl Deref for Semantics { type Target = SemanticsImpl; }`);
	// nil where the language has no such thing.
	Delegates func(src []byte, name string) []string
	// DerivedMembers names the members a definition's attributes or
	// conformances make the compiler or a macro generate for it (Rust's
	// `#[derive(new)]` gives `new`, `#[derive(Default)]` `default`;
	// Swift's CaseIterable `allCases`); nil where none does.
	DerivedMembers func(d *Definition) []string
	// Sigil is the character code writes before a property's name where
	// the member is named without it (PHP's `$fillable`, the member
	// `fillable`): a spec writes the property the code's way.
	Sigil string
	// KeyMembers are member names, lowercase without underscores, that
	// configure a model or make a value of a type ("tablename", "init"):
	// trimming a type keeps them, whatever its language.
	KeyMembers []string
	// KeyMarkers are texts that mark a member as its record's key
	// ("primary_key", "@id"): trimming a type keeps the member, whatever
	// its language.
	KeyMarkers []string
	// FieldNoun names a schema definition's fields, singular and plural,
	// in the note on trimmed ones ("column"); empty: the definition's kind
	// decides.
	FieldNoun [2]string
	// Amendable says that later statements amend a schema definition of
	// the language (Definition.Amends: an ALTER TABLE in a later
	// migration): a table chosen from a migration lists the files that
	// alter it.
	Amendable bool

	once  sync.Once
	query *sitter.Query
	qerr  error
}

// Text is the pseudo-language of artifacts that are lists, not code.
var Text = &Language{Name: "text", Fence: "text", Comment: "#"}

// Markdown is the pseudo-language of architecture excerpts.
var Markdown = &Language{Name: "markdown", Fence: "markdown", Comment: "<!-- -->"}

// DisplayName is the language's name as people write it: Display, else
// Name with a capital.
func (l *Language) DisplayName() string {
	if l.Display != "" {
		return l.Display
	}
	return strings.ToUpper(l.Name[:1]) + l.Name[1:]
}

// Query returns the language's compiled QuerySource, nil for a scanned
// language. It is compiled once and shared: a tree-sitter query is
// immutable. Extraction does not use it (Matches finds the same patterns
// without compiling them); it is the reference Matches is tested against.
func (l *Language) Query() (*sitter.Query, error) {
	if l.Scan != nil {
		return nil, nil
	}
	l.once.Do(func() {
		l.query, l.qerr = sitter.NewQuery([]byte(l.QuerySource), l.Grammar())
		if l.qerr != nil {
			l.qerr = fmt.Errorf("compile %s query: %w", l.Name, l.qerr)
		}
	})
	return l.query, l.qerr
}

// BraceElide cuts a brace-delimited body and shows "{ ... }" in its place.
func BraceElide(body *sitter.Node) (uint32, string) { return body.StartByte(), "{ ... }" }

// NamedChildren returns the named children of n that are not comments.
func NamedChildren(n *sitter.Node) []*sitter.Node {
	if n == nil {
		return nil
	}
	count := int(n.NamedChildCount())
	var out []*sitter.Node
	if count < cursorFrom {
		for i := 0; i < count; i++ {
			c := n.NamedChild(i)
			if !IsComment(c) {
				out = append(out, c)
			}
		}
		return out
	}
	// Each NamedChild(i) walks the children from the first: a cursor
	// visits them once.
	cur := sitter.NewTreeCursor(n)
	defer cur.Close()
	out = make([]*sitter.Node, 0, count)
	for ok := cur.GoToFirstChild(); ok; ok = cur.GoToNextSibling() {
		if c := cur.CurrentNode(); c.IsNamed() && !IsComment(c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// cursorFrom is the number of named children from which NamedChildren
// walks them with a cursor.
const cursorFrom = 8

// IsComment reports a comment node: "comment" in most grammars,
// "line_comment" and "block_comment" in Rust's.
func IsComment(n *sitter.Node) bool {
	t := n.Type()
	return t == "comment" || strings.HasSuffix(t, "_comment")
}

// Broken reports a node holding a parse error the language's grammar
// does not misread from valid code (see Misread).
func (l *Language) Broken(n *sitter.Node) bool {
	if !n.HasError() {
		return false
	}
	if l.Misread == nil {
		return true
	}
	in := n
	var bad func(n *sitter.Node) bool
	bad = func(n *sitter.Node) bool {
		if n.IsError() || n.IsMissing() {
			return !l.Misread(n, in)
		}
		for i := 0; i < int(n.ChildCount()); i++ {
			if c := n.Child(i); (c.HasError() || c.IsMissing()) && bad(c) {
				return true
			}
		}
		return false
	}
	return bad(n)
}

// LastRow is the 0-based row of a node's last character: a node that ends
// with its line's newline (a Rust line comment) ends on the row before
// the one its end point names.
func LastRow(n *sitter.Node) uint32 {
	end := n.EndPoint()
	if end.Column == 0 && end.Row > n.StartPoint().Row {
		return end.Row - 1
	}
	return end.Row
}

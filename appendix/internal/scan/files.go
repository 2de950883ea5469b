package scan

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// MaxFileSize is the largest source file the tool reads, unless its
// language reads larger ones (Limit).
const MaxFileSize = 1 << 20

// Limit is the largest file of language l the tool reads.
func Limit(l *extract.Language) int {
	if l != nil && l.MaxSize > 0 {
		return l.MaxSize
	}
	return MaxFileSize
}

// skipDirs are directories of vendored or generated code, never entered:
// those of every language (Language.SkipDirs), and these.
var skipDirs = func() map[string]bool {
	out := lang.Set(func(l *extract.Language) []string { return l.SkipDirs })
	for _, d := range []string{"third_party", "_generated", "__generated__",
		".appendix", // this tool's own state: it changes on every run
	} {
		out[d] = true
	}
	return out
}()

func SkipDir(rel string) bool {
	return skipDirs[path.Base(rel)]
}

// generatedNames are file name endings of generated code, in any
// language, by their own extension: a path is tested against the endings
// of its extension only (and those without one).
var generatedNames = func() map[string][]string {
	byExt := map[string][]string{}
	for _, g := range lang.Union(func(l *extract.Language) []string { return l.Generated }) {
		byExt[path.Ext(g)] = append(byExt[path.Ext(g)], g)
	}
	return byExt
}()

// generatedName reports a path that ends as generated code is named.
func generatedName(rel string) bool {
	for _, ext := range [2]string{path.Ext(rel), ""} {
		for _, g := range generatedNames[ext] {
			if strings.HasSuffix(rel, g) {
				return true
			}
		}
	}
	return false
}

// SecretName reports files that may hold secrets; they are never read.
func SecretName(rel string) bool {
	b := strings.ToLower(path.Base(rel))
	if b == ".env" || strings.HasPrefix(b, ".env.") || strings.HasSuffix(b, ".env") {
		return true
	}
	for _, s := range []string{".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".crt", ".cer", ".der"} {
		if strings.HasSuffix(b, s) {
			return true
		}
	}
	if strings.HasPrefix(b, "id_") && (path.Ext(b) == "" || path.Ext(b) == ".pub") {
		return true // ssh keys: id_rsa, id_ed25519, id_ecdsa_sk.pub
	}
	switch b {
	case "credentials.json", "credentials", ".npmrc", ".pypirc", ".netrc", ".git-credentials", ".htpasswd",
		"service-account.json", "secrets.json", "secrets.yaml", "secrets.yml", ".dockercfg":
		return true
	}
	for _, s := range []string{".p8", ".pkcs12", ".gpg", ".asc", ".kdbx", ".tfvars", ".tfstate"} {
		if strings.HasSuffix(b, s) {
			return true
		}
	}
	return false
}

// SourceFile returns the language of a file the tool may read for
// definitions, or nil for anything it must not read.
func SourceFile(rel string, size int64) *extract.Language {
	if SecretName(rel) {
		return nil
	}
	if generatedName(rel) {
		return nil
	}
	if l := lang.ForPath(rel); size <= int64(Limit(l)) {
		return l
	}
	return nil
}

// Bundled reports a file of language l that holds a line of at least
// l.BundleLine bytes: a bundler's or minifier's output (a standalone
// build of a library under docs/static/, a hashed chunk under assets/).
func Bundled(l *extract.Language, src []byte) bool {
	if l == nil || l.BundleLine == 0 || len(src) < l.BundleLine {
		return false
	}
	for start := 0; start < len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src) - start
		}
		if end >= l.BundleLine {
			return true
		}
		start += end + 1
	}
	return false
}

// generatedMarks and schemaMarks are the generated-file markers every
// language states (Language.GeneratedMarks, Language.SchemaMarks).
var (
	generatedMarks = lang.Union(func(l *extract.Language) []string { return l.GeneratedMarks })
	schemaMarks    = lang.Union(func(l *extract.Language) []string { return l.SchemaMarks })
)

// Generated reports a generated-code marker in the head of a file: a
// generator's own marker, a @Generated annotation naming the generator
// (MapStruct's, OpenAPI Generator's, jOOQ's; Hibernate's @Generated marks
// a column and names none), or comment lines saying that the file is
// generated and not to be edited, in any case ("This file was
// automatically generated from pydantic models", "Do not modify it by
// hand"): its source is in the repository. A schema an ORM's tool writes
// from the database is read all the same: it states the tables.
func Generated(src []byte) bool {
	head := src[:min(len(src), 2048)]
	if !slices.ContainsFunc(generatedAnchors, func(a []byte) bool { return bytes.Contains(head, a) }) {
		return false
	}
	for _, m := range schemaMarks {
		if bytes.Contains(head, []byte(m)) {
			return false
		}
	}
	for _, m := range generatedMarks {
		if bytes.Contains(head, []byte(m)) {
			return true
		}
	}
	return bytes.Contains(head, []byte("@generated")) ||
		bytes.Contains(head, []byte("Generated(")) && generatorAnnotationRe.Match(head) ||
		bytes.Contains(head, []byte("Code generated")) && bytes.Contains(head, []byte("DO NOT EDIT")) ||
		bytes.Contains(head, []byte("auto-generated")) && bytes.Contains(head, []byte("do not edit")) ||
		bytes.Contains(head, []byte("AUTO-GENERATED")) ||
		bytes.Contains(head, []byte("<auto-generated")) || // .NET tools' <auto-generated> comment
		generatedComment(head)
}

// generatedAnchors are texts one of which every marker Generated looks
// for holds: a head without any is no generated file's, which most heads
// are, told in a few searches instead of one per marker. Each starts with
// a letter code seldom holds ("enerat" would start with the commonest),
// so that a search skips to its candidates quickly.
var generatedAnchors = [][]byte{[]byte("generat"), []byte("Generat"), []byte("GENERAT"), []byte("helper file"),
	[]byte("Bison"), []byte("Meta object"), []byte("gperf")}

// generatorAnnotationRe is a @Generated annotation whose value names the
// generator: @Generated("org.mapstruct.ap.MapStructProcessor"),
// @jakarta.annotation.Generated(value = {"https://www.jooq.org", ...}).
var generatorAnnotationRe = regexp.MustCompile(`@(?:[\w.]+\.)?Generated\(\s*(?:(?:value|from|generator)\s*=\s*)?\{?\s*"`)

// generatedComment reports comment lines in head that say "generated" and
// "do not edit" (or "do not modify").
func generatedComment(head []byte) bool {
	if !bytes.Contains(head, []byte("enerated")) && !bytes.Contains(head, []byte("ENERATED")) {
		return false
	}
	generated, keep := false, false
	for _, line := range bytes.Split(head, []byte("\n")) {
		if !CommentLine(string(line)) {
			continue
		}
		l := bytes.ToLower(line)
		if fileGeneratedRe.Match(l) {
			return true // "This file is auto-generated by @hey-api/openapi-ts"
		}
		generated = generated || bytes.Contains(l, []byte("generated"))
		keep = keep || bytes.Contains(l, []byte("do not edit")) || bytes.Contains(l, []byte("do not modify"))
	}
	return generated && keep
}

// fileGeneratedRe reads a comment saying, of the file itself, that a tool
// writes it.
var fileGeneratedRe = regexp.MustCompile(`this file (?:is|was|has been) (?:auto-?|automatically )generated`)

// The test file names of every language: a file named so, or in such a
// directory, holds tests whatever its own language. The name patterns are
// compiled once: path.Match over every walked file was most of a warm run.
var (
	testFileNames = compileGlobs(lang.Union(func(l *extract.Language) []string { return l.TestFiles }))
	testDirs      = lang.Union(func(l *extract.Language) []string { return l.TestDirs })
	// testDirParts are testDirs as path parts: "/tests/".
	testDirParts = func() []string {
		out := make([]string, len(testDirs))
		for i, d := range testDirs {
			out[i] = "/" + d + "/"
		}
		return out
	}()
)

// testSupportDirs hold the code tests are built from, in any language:
// helper factories, fixtures, fakes and mocks, end-to-end suites. A
// NodePool() factory in pkg/test/ is no NodePool type, however much it
// shares the name.
var testSupportDirs = map[string]bool{
	"test": true, "testing": true, "testutil": true, "testutils": true, "testhelper": true, "testhelpers": true,
	"testsupport": true, "testdata": true, "test_data": true, "test-data": true, "test_utils": true, "test-utils": true,
	"e2e": true, "conformance": true, "fixtures": true, "__fixtures__": true, "__testfixtures__": true, "test_runner": true,
	"mock": true, "mocks": true, "__mocks__": true, "fake": true, "fakes": true,
	"test-files": true, "test_files": true, "testfiles": true, "test-fixtures": true, "test_fixtures": true,
}

// testSupportSuffixes end the names of packages of test helpers in a
// monorepo (`query-test-utils`, `shared_test_utils`).
var testSupportSuffixes = []string{"-test-utils", "_test_utils", "-testing", "-test-support"}

// testLibraryDirs are the test-support directories that hold a library
// for writing tests (a fixture parser, assertion helpers), not tests,
// their data or their doubles.
var testLibraryDirs = map[string]bool{
	"testing": true, "testutil": true, "testutils": true, "testhelper": true, "testhelpers": true,
	"testsupport": true, "test_utils": true, "test-utils": true,
}

// TestLibrary reports a file of a library for writing tests: a directory
// of testLibraryDirs or a package named like one (`test-utils`,
// `query-test-utils`).
func TestLibrary(rel string) bool {
	return anyDir(rel, func(d string) bool { return testLibraryDirs[d] || testPackage(d) })
}

// TestFile reports files that hold tests or what tests are built from: a
// test file name, a directory of tests, a test-support directory. Their
// definitions rank last.
func TestFile(rel string) bool {
	b := path.Base(rel)
	for _, g := range testFileNames {
		if g.match(b) {
			return true
		}
	}
	slashed := "/" + rel
	for _, d := range testDirParts {
		if strings.Contains(slashed, d) {
			return true
		}
	}
	return anyDir(rel, func(d string) bool { return testSupportDirs[d] || testPackage(d) })
}

// testPackage reports a directory named like a package of test helpers.
func testPackage(d string) bool {
	return slices.ContainsFunc(testSupportSuffixes, func(s string) bool { return strings.HasSuffix(d, s) })
}

// anyDir reports whether a directory of rel, lowercased, satisfies is.
func anyDir(rel string, is func(d string) bool) bool {
	for rest := path.Dir(rel); rest != ""; {
		var d string
		d, rest, _ = strings.Cut(rest, "/")
		if is(strings.ToLower(d)) {
			return true
		}
	}
	return false
}

// glob is a path.Match pattern whose only wildcard is "*": the text
// between its stars, to be found in order, the first part at the start
// and the last at the end. A pattern with another special character keeps
// path.Match.
type glob struct {
	parts   []string
	pattern string // set when path.Match decides
}

func compileGlobs(patterns []string) []glob {
	out := make([]glob, len(patterns))
	for i, p := range patterns {
		if strings.ContainsAny(p, `?[\`) {
			out[i] = glob{pattern: p}
		} else {
			out[i] = glob{parts: strings.Split(p, "*")}
		}
	}
	return out
}

func (g glob) match(s string) bool {
	if g.pattern != "" {
		ok, _ := path.Match(g.pattern, s)
		return ok
	}
	if len(g.parts) == 1 {
		return s == g.parts[0]
	}
	first, last := g.parts[0], g.parts[len(g.parts)-1]
	if len(s) < len(first)+len(last) || !strings.HasPrefix(s, first) || !strings.HasSuffix(s, last) {
		return false
	}
	s = s[len(first) : len(s)-len(last)]
	for _, mid := range g.parts[1 : len(g.parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return true
}

// keywords are one language's declaration keywords (extract.Keywords) as
// the scan reads them. A word is a keyword only in a file of a language
// that declares it: SQL's CREATE is no keyword in a Go file, where
// `func (s *Store) Create(` declares Create, nor Go's type in a Python
// file, where `type = ...` declares a field.
type keywords struct {
	decl, typ, vars map[string]bool
	receiver        []string
	tags            [][]byte // what precedes a serialized name (extract.Keywords.Tags)
	spacedTags      [][]byte // what precedes words, one of them a stored name (extract.Keywords.SpacedTags)
	quoted          [][]byte // calls whose quoted first argument is declared (extract.Keywords.Quoted)
	// quotedEnds are the quoted calls spelled backwards from their
	// quote: a line's quotes are looked up by what ends at each, one byte
	// at a time, instead of searching the line for every call.
	quotedEnds suffixTrie
	keys       [][]byte // what follows a quoted key a line declares (extract.Keywords.Keys)
	locals     [][]byte // what starts a function whose indented body holds locals (extract.Keywords.Locals)
	// colonKeys, loneCalls and colonBases: see extract.Keywords.
	colonKeys, loneCalls, colonBases bool
	spaces                           map[string]bool // extract.Keywords.Spaces
	bindings                         map[string]bool // extract.Keywords.Bindings
	// lex says which lines are comments (extract.LexSyntax); nil: none.
	lex *extract.LexSyntax
	// triple: see extract.Keywords.TripleQuotes; lineComment is the
	// language's line comment, which ends what a line can open.
	triple      string
	lineComment string
	// params, sigil and constants: see extract.Keywords.
	params     map[string]bool
	sigil      string
	constants  bool
	paramLists bool
	attributes byte // see extract.Keywords.Attributes
	enums      map[string]bool
	// typeFirst, statements and annotated: see extract.Keywords.
	typeFirst  bool
	statements map[string]bool
	annotated  bool
	// keyDirs, varMark, codeOpen and codeClose: see extract.Keywords;
	// noKeys is the table without keys, for a file outside keyDirs.
	keyDirs             []string
	indentBodies        bool
	memberAssigns       bool            // see extract.Keywords.MemberAssigns
	commentDecl         []byte          // see extract.Keywords.CommentDecl
	testMarks           [][]byte        // see extract.Keywords.TestMarks
	camelVariants       bool            // see extract.Keywords.CamelVariants
	localWords          map[string]bool // see extract.Keywords.LocalWords
	macroArgs           bool            // see extract.Keywords.MacroArgs
	varMark             string
	codeOpen, codeClose []byte
	noKeys              *keywords
	// start and lens say which first letters and lengths the tables
	// hold: most words are none, and are told so without hashing them
	// (declTokens runs on every line of every file).
	start [256]bool
	lens  [16]bool
}

func newKeywords(k extract.Keywords) *keywords {
	set := func(words []string) map[string]bool {
		out := map[string]bool{}
		for _, w := range words {
			out[w] = true
		}
		return out
	}
	kw := &keywords{decl: set(k.Decl), typ: set(k.Type), vars: set(k.Var), receiver: k.Receiver, typeFirst: k.TypeFirst,
		statements: set(k.Statements), annotated: k.Annotated, colonKeys: k.ColonKeys, loneCalls: k.LoneCalls, colonBases: k.ColonBases, spaces: set(k.Spaces), bindings: set(k.Bindings),
		triple: k.TripleQuotes, params: set(k.Params), sigil: k.Sigil, constants: k.Constants, paramLists: k.ParamLists, attributes: k.Attributes, enums: set(k.Enums),
		keyDirs: k.KeyDirs, indentBodies: k.IndentBodies, varMark: k.VarMark, codeOpen: []byte(k.CodeOpen), codeClose: []byte(k.CodeClose)}
	for _, t := range k.Tags {
		kw.tags = append(kw.tags, []byte(t))
	}
	for _, t := range k.SpacedTags {
		kw.spacedTags = append(kw.spacedTags, []byte(t))
	}
	kw.camelVariants, kw.localWords, kw.macroArgs = k.CamelVariants, set(k.LocalWords), k.MacroArgs
	kw.memberAssigns = k.MemberAssigns
	if k.CommentDecl != "" {
		kw.commentDecl = []byte(k.CommentDecl)
	}
	for _, t := range k.TestMarks {
		kw.testMarks = append(kw.testMarks, []byte(t))
	}
	for i, q := range k.Quoted {
		kw.quoted = append(kw.quoted, []byte(q))
		kw.quotedEnds.add(q, i)
	}
	for _, k := range k.Keys {
		kw.keys = append(kw.keys, []byte(k))
	}
	for _, l := range k.Locals {
		kw.locals = append(kw.locals, []byte(l))
	}
	for _, m := range []map[string]bool{kw.decl, kw.typ, kw.vars} {
		for w := range m {
			if len(w) >= len(kw.lens) {
				panic("scan: the keyword " + w + " is longer than maybe reads")
			}
			kw.start[w[0]], kw.lens[len(w)] = true, true
		}
	}
	return kw
}

// langKeywords are the keyword tables of the registered languages.
var langKeywords = func() map[*extract.Language]*keywords {
	out := map[*extract.Language]*keywords{}
	for _, l := range lang.All {
		kw := newKeywords(l.Keywords)
		kw.lex, kw.lineComment = l.Lex, l.Comment
		if len(kw.keyDirs) > 0 {
			nk := *kw
			nk.keys = nil
			kw.noKeys = &nk
		}
		out[l] = kw
	}
	return out
}()

// forFile is the table a file at rel is read with: without keys outside
// the directories keys apply in.
func (kw *keywords) forFile(rel string) *keywords {
	if kw.noKeys == nil || extract.InDirNamed(rel, kw.keyDirs) {
		return kw
	}
	return kw.noKeys
}

// code is what of src the scan reads: with codeOpen set, the text
// between each codeOpen and the codeClose after it (a close inside a
// quoted string on its line does not close), joined by newlines; nil when
// src opens none. A file that opens its code once and never closes it
// (PHP's usual) is read from after the opening, without a copy.
func (kw *keywords) code(src []byte) []byte {
	if len(kw.codeOpen) == 0 {
		return src
	}
	var out []byte
	for first := true; ; first = false {
		i := bytes.Index(src, kw.codeOpen)
		if i < 0 {
			return out
		}
		src = bytes.TrimLeft(src[i+len(kw.codeOpen):], " \t") // ("<?php namespace App;")
		end := closeAt(src, kw.codeClose)
		if end < 0 {
			if first {
				return src
			}
			return append(append(out, '\n'), src...)
		}
		out = append(append(out, '\n'), src[:end]...)
		src = src[end+len(kw.codeClose):]
	}
}

// closeAt returns where in src the first close outside a quoted string of
// its line is, or -1.
func closeAt(src, close []byte) int {
	for at := 0; ; {
		k := bytes.Index(src[at:], close)
		if k < 0 {
			return -1
		}
		end := at + k
		line := src[bytes.LastIndexByte(src[:end], '\n')+1 : end]
		if bytes.Count(line, []byte("'"))%2 == 0 && bytes.Count(line, []byte(`"`))%2 == 0 {
			return end
		}
		at = end + len(close)
	}
}

// keywordsOf is the keyword table of a file's language.
func keywordsOf(l *extract.Language) *keywords {
	if kw, ok := langKeywords[l]; ok {
		return kw
	}
	if l == nil {
		return newKeywords(extract.Keywords{})
	}
	return newKeywords(l.Keywords)
}

// receiverLine reports a declaration line on which a parenthesised
// receiver comes before the name.
func (kw *keywords) receiverLine(t []byte) bool {
	for _, k := range kw.receiver {
		if bytes.HasPrefix(t, []byte(k)) {
			return true
		}
	}
	return false
}

// Where a word stands on its line, as declTokens records it.
const (
	fDecl   uint8 = 1 << iota // on a declaration line, before its "="
	fTop                      // the same, on an unindented line; an unindented assignment is one
	fMember                   // first word, followed by what follows a declared name
	fMethod                   // first word, followed by a parameter list opening a block
	fType                     // on a declaration line of a type: type, class, interface, model, CREATE ...
	fWire                     // a name a member's tag serializes it as (json:"requeueAt")
	fNoDef                    // where no extraction returns a definition: a local inside a function's body, a namespace's name
)

// maybe reports whether a word can be one of the keywords.
func (kw *keywords) maybe(w []byte) bool {
	return len(w) < len(kw.lens) && kw.lens[len(w)] && kw.start[w[0]]
}

// Tokens is what declTokens found in one file: the words, joined by
// newlines, and each word's flags. It holds one string, so it is cheap to
// build and to cache.
type Tokens struct {
	Names string
	Flags []byte
}

// each calls fn for every word and its flags.
func (ts Tokens) each(fn func(name string, f uint8)) {
	for k, at := 0, 0; at < len(ts.Names); k++ {
		var tok string
		tok, at = word(ts.Names, at)
		fn(tok, ts.Flags[k])
	}
}

// word is the word of names that starts at at, and where the next one
// starts. Words are short: a byte loop finds their end sooner than a
// vectorised search, which pays its setup on every word.
func word(names string, at int) (string, int) {
	end := at
	for end < len(names) && names[end] != '\n' {
		end++
	}
	return names[at:end], end + 1
}

// declTokens scans src once and records every word that stands where a
// definition could be: on a line that starts with a declaration keyword
// (within its first words, before any "="), or as the first word of a
// line followed by what follows a declared name ("Name Type", "NAME =",
// "name:", "name(...) {"); an unindented "NAME = value" declares a
// module-level variable. It does not depend on what is searched for, so
// its result can be cached per file content. kw are the keywords of the
// file's language.
func declTokens(kw *keywords, src []byte) Tokens {
	var names []byte
	var flags []byte
	// bodyLine: the line is in a function's body (kw.indentBodies), where
	// what a line declares is a local.
	var funcs bodies
	var bodyLine bool
	// params: how many brackets the parameter or argument list the line
	// is in has open (kw.paramLists), 0 for none; paramLine: the line is
	// in one, where what it declares is a parameter or an argument.
	var params int
	var paramLine bool
	// testMod: the indentation of the test module the line is in (or of
	// the test mark above the line), -1 for none; marked: a test mark
	// was the line above.
	testMod, marked := -1, false
	add := func(tok []byte, f uint8) {
		if (bodyLine || paramLine || testMod >= 0 && !marked) && f&^fNoDef != 0 {
			f = fNoDef
		}
		if len(flags) > 0 {
			names = append(names, '\n')
		}
		names = append(names, tok...)
		flags = append(flags, f)
	}
	// bodies are the blocks the line is in, innermost last: the indent of
	// their header, and whether it is a function's (kw.locals) rather than
	// a class's, whose assignments declare members wherever it stands.
	type block struct {
		indent int
		local  bool
	}
	var bodies []block
	var closer byte      // the bracket that ends the import list the line is in; 0: none
	var listDepth int    // how many of its brackets that list has open
	var inTriple byte    // the quote of the triple-quoted string the line starts in; 0: none
	var inBlock bool     // the line starts inside a block comment
	var inEnum byte      // the bracket that ends the enum's values the line is in; 0: none
	var prevMacro []byte // the macro the code line above calls with a name first, if it does
	// mixin: the line is in the body of the function a module exports
	// (kw.memberAssigns); mixinIndent: the indentation of that body's
	// statements, -1 before its first.
	mixin, mixinIndent := false, -1
	var continued bool // the line ends with a backslash: the next goes on a directive
	var typeAbove bool // the code line above is a type alone, whose declarator a formatter moved to this line
	// The lines that start inside a string of several lines (a test's
	// source in r#"..."# or `...`) declare nothing; a line of SQL there
	// (a migration's CREATE TABLE) marks SQL in strings.
	inString := kw.stringRows(src)
	for row := 0; len(src) > 0; row++ {
		var line []byte
		line, src = extract.NextLine(src)
		t := extract.TrimIndent(line)
		listed := continued // the line goes on a directive: an X-macro list's entry, if it is one
		continued = kw.macroArgs && bytes.HasSuffix(bytes.TrimRight(line, " \t\r"), []byte("\\"))
		if len(inString) > 0 && inString[0].Row == row && inString[0].From == 0 && inString[0].To < 0 {
			if head := sqlHead(t); head != nil {
				add(head, fNoDef) // a migration's CREATE TABLE in a string: SQL read as text
			}
		}
		if len(inString) > 0 && inString[0].Row == row {
			// Only the code around a string is read: before the one the
			// line opens (`Sprintf(`NOT EXISTS (` opens no list), after
			// the one it closes ("`)" closes a call).
			lo, hi := 0, len(line)
			for ; len(inString) > 0 && inString[0].Row == row; inString = inString[1:] {
				if r := inString[0]; r.To < 0 {
					hi = min(hi, r.From)
				} else {
					lo = max(lo, r.To)
				}
			}
			if lo >= hi {
				continue
			}
			line = line[lo:hi]
			t = extract.TrimIndent(line)
		}

		if inTriple != 0 {
			// A line that starts inside a string declares nothing; the
			// string may close on it and another open.
			if end := extract.CloseTriple(t, 0, inTriple); end >= 0 {
				inTriple = kw.opensTriple(t[end:])
			}
			continue
		}
		if len(t) == 0 {
			continue
		}
		if inBlock {
			inBlock = !bytes.Contains(t, []byte("*/"))
			continue // a block comment's text ("The view assumes ...")
		}
		if rest, ok := bytes.CutPrefix(t, kw.commentDecl); ok && len(kw.commentDecl) > 0 {
			// "-- name: GetAccount :one", "-- name: save-user!": the query
			// below (not a sentence, "-- name: seed settings").
			if f := bytes.Fields(rest); len(f) > 0 && (len(f) == 1 || f[1][0] == ':') {
				add(bytes.TrimRight(f[0], "!<*^$#"), fDecl|fTop)
			}
			continue
		}
		if kw.comment(t) {
			// "// Entities", "# currency": what a comment says declares
			// nothing, nor do the lines of a block comment it opens.
			inBlock = kw.lex != nil && kw.lex.BlockComments && bytes.HasPrefix(t, []byte("/*")) && !bytes.Contains(t[2:], []byte("*/"))
			continue
		}
		if len(kw.tags) > 0 && (t[0] == '#' || t[0] == '@' || t[0] == '[') {
			// #[serde(rename = "ackId")]: the name the member below is
			// serialized as.
			for _, w := range wireNames(kw, t) {
				add(w, fWire)
			}
		}
		if kw.attributes != 0 && t[0] == kw.attributes {
			if t = afterAttributes(t, kw.attributes); len(t) == 0 {
				continue
			}
		}
		split := typeAbove
		typeAbove = kw.typeFirst && loneType(kw, t)
		if len(kw.testMarks) > 0 {
			indent := len(line) - len(t)
			switch {
			case marked:
				// The line after a test mark: a module it makes test code,
				// or an item it marks alone (a test function's).
				marked = false
				if !(bytes.HasPrefix(t, []byte("mod ")) || bytes.HasPrefix(t, []byte("pub mod "))) || !bytes.HasSuffix(bytes.TrimRight(t, " \t\r"), []byte("{")) {
					testMod = -1
				}
			case testMod >= 0 && indent == testMod && t[0] == '}':
				testMod = -1
				continue
			case testMod < 0 && slices.ContainsFunc(kw.testMarks, func(m []byte) bool { return bytes.HasPrefix(t, m) }):
				testMod, marked = indent, true
				continue
			}
		}
		if kw.indentBodies {
			bodyLine = funcs.line(t, len(line)-len(t))
		}
		if kw.memberAssigns {
			indent := len(line) - len(t)
			switch {
			case indent == 0:
				mixin = mixin && t[0] != '}'
				if exportsFunc(t) {
					mixin, mixinIndent = true, -1
				}
			case mixin && mixinIndent < 0:
				mixinIndent = indent
			}
			if name := memberAssign(t); name != nil && (indent == 0 || mixin && indent == mixinIndent) {
				// "Topics.getTopicData = async function (tids) {": a
				// member of the module's object.
				body := bodyLine
				bodyLine = false
				add(name, fDecl|fTop)
				bodyLine = body
				continue
			}
		}
		if inEnum != 0 {
			// "funds_movement: "funds_movement",", ":draft,": a value.
			if bytes.IndexByte(t, inEnum) >= 0 {
				inEnum = 0
			}
			w := bytes.TrimPrefix(t, []byte(":"))
			j := 0
			for j < len(w) && extract.IdentByte(w[j]) {
				j++
			}
			if j > 0 && (len(w) < len(t) || j < len(w) && w[j] == ':' && (j+1 == len(w) || w[j+1] != ':')) {
				add(w[:j], fMember)
			}
			continue
		}
		if len(kw.enums) > 0 && firstWordIn(t, kw.enums) {
			inEnum = leftOpen(t, [2]byte{'{', '}'}, [2]byte{'[', ']'}) // (a hash or an array of values)
		}
		if paramLine = params > 0; paramLine {
			params = max(0, params+bracketBalance(t, ')'))
		}
		if closer != 0 {
			// A name listed in a multi-line import is used, not declared,
			// to the bracket that closes the list (lists nest: Rust's
			// "api::{\n ... },").
			if listDepth += bracketBalance(t, closer); listDepth <= 0 {
				closer = 0
			}
			continue
		}
		if c := importOpens(t); c != 0 {
			closer, listDepth = c, max(1, bracketBalance(t, c))
			continue
		}
		if useLine(t) {
			continue // "pub use self::send::{Send, SendId};"
		}
		if kw.paramLists && !paramLine && opensList(t) {
			params = max(1, bracketBalance(t, ')')) // (the line itself is read as any other)
		}
		if kw.triple != "" {
			inTriple = kw.opensTriple(t)
			if tripleAt(t, 0, kw.triple) {
				continue // a docstring: its first word is no name
			}
		}
		top := len(t) == len(line)
		local := false
		if len(kw.locals) > 0 {
			indent := len(line) - len(t)
			// (A closing bracket continues the header: ") -> User:".)
			for len(bodies) > 0 && indent <= bodies[len(bodies)-1].indent && !closes(t[0]) {
				bodies = bodies[:len(bodies)-1]
			}
			local = len(bodies) > 0 && bodies[len(bodies)-1].local
			if kw.opensBody(t) || t[0] == '@' && kw.opensBody(skipAnnotations(t)) { // "@Test func check() {"
				bodies = append(bodies, block{indent, true})
			}
			if local && firstWordIn(t, kw.typ) {
				bodies = append(bodies, block{indent, false}) // a class inside a function
			}
		}
		for _, name := range quotedNames(kw, t) {
			add(name, fDecl|fTop|fType)
		}
		if name := keyName(kw, t); name != nil {
			add(name, fMember)
		}
		if kw.sigil != "" && bytes.HasPrefix(t, []byte(kw.sigil)) {
			continue // "@title = ...": an instance variable
		}
		if !kw.typeFirst && closes(t[0]) {
			continue // "}, [shares, collection]);": what a bracket closes goes on
		}
		if t = skipAnnotations(t); len(t) == 0 {
			continue
		}
		if name := kw.localAfter(t); name != nil {
			add(name, fNoDef) // "let syntax_kinds = ...": a local, which stands
			continue
		}
		if name := kw.macroArg(t, listed); name != nil {
			// "ERROR( wrong_shard_server, 1001, ...)": what the macro may
			// declare; an entry of an X-macro table (the same macro on the
			// code line above or below, at the file's top level), which
			// extraction reads as a definition, declares it; an entry of
			// a #define's list ("X(get_cmds) \\"), a member of the structs
			// that expand the list.
			if listed {
				add(name, fMember)
				continue
			}
			f := uint8(fNoDef)
			macro := t[:bytes.IndexByte(t, '(')]
			macro = bytes.TrimRight(macro, " \t")
			if top && (bytes.Equal(macro, prevMacro) || extract.NextCallOf(src, macro)) {
				f = fDecl | fTop
			}
			prevMacro = macro
			add(name, f)
			continue
		}
		prevMacro = nil
		if name := declarator(kw, t); split && name != nil {
			// "bool\n    BLOBSTORE_CHECK; // ...": the name of the type above.
			f := uint8(fDecl)
			if top {
				f |= fTop
			}
			if local {
				f = fNoDef
			}
			add(name, f)
			continue
		}
		if kw.typeFirst && typedDecl(kw, t, top, add) {
			continue
		}
		if kw.typeFirst && closingNames(t, top, add) {
			continue
		}
		if len(t) > 1 && t[0] == '.' && extract.IdentByte(t[1]) {
			continue // ".on_conflict((": a call a chain goes on with, which declares nothing
		}
		first := true
		// (spaceLine: a namespace's line, extract.Keywords.Spaces.)
		decl, varLine, typeLine, params, spaceLine := false, false, false, false, false
		angles := 0 // open "<": a type's parameters, whose bounds follow a ":"
		for i, n := 0, 0; i < len(t) && n < maxDeclTokens; {
			if t[i] == '=' && decl {
				break
			}
			if decl && t[i] == '<' {
				angles++
			} else if decl && t[i] == '>' && angles > 0 {
				angles--
			}
			if t[i] == '(' && decl {
				// "func (r *Repo) Walk(": a receiver comes before the name;
				// any other parenthesis starts the parameters, which are uses.
				if n == 1 && kw.receiverLine(t) {
					if c := bytes.IndexByte(t[i:], ')'); c > 0 {
						i += c + 1
						continue
					}
				}
				break
			}
			if !extract.IdentByte(t[i]) {
				if kw.comment(t[i:]) && i > 0 && !extract.IdentByte(t[i-1]) {
					break // "}  // namespace leveldb": the rest is a comment
				}
				if first && (t[i] == '"' || t[i] == '\'' || t[i] == '`') {
					break // `&["    fn foo() {"],`: a string's words before any of the line's
				}
				i++
				continue
			}
			j := i
			for j < len(t) && extract.IdentByte(t[j]) {
				j++
			}
			tok := t[i:j]
			if decl && !first && kw.varMark != "" && typedVar(t[j:], kw.varMark) {
				i = j
				continue // "protected PageRepo $pages": the variable's type
			}
			if typeLine && angles == 0 && (string(tok) == "extends" || string(tok) == "implements") {
				break // "class Box<T> extends Holder<T>": what follows are its bases
			}
			if first {
				decl = kw.maybe(tok) && kw.decl[string(tok)] && !keyUse(t[j:])
				if decl {
					first = false // the keyword itself is never a name
					varLine = kw.vars[string(tok)]
					typeLine = kw.typ[string(tok)]
					params = kw.params[string(tok)]
					spaceLine = kw.spaces[string(tok)]
					if varLine && !top || local && kw.bindings[string(tok)] {
						// "  const teamId = ...", "\tvar n int": a local
						// variable inside a function, never a definition
						// the extractor returns. Go's var/const blocks
						// and class fields have no keyword on the line.
						break
					}
					i, n = j, n+1
					continue
				}
			}
			if decl && kw.maybe(tok) && kw.vars[string(tok)] {
				varLine = true
				i, n = j, n+1
				continue
			}
			if decl && kw.maybe(tok) && kw.typ[string(tok)] {
				typeLine = true // "export default class X", "CREATE TABLE x"
				i, n = j, n+1
				continue
			}
			if decl && kw.maybe(tok) && kw.decl[string(tok)] && wordFollows(t[j:]) {
				spaceLine = spaceLine || kw.spaces[string(tok)]
				i, n = j, n+1
				continue // "static func fetch": a modifier, then the declaring keyword
			}
			if decl && (angles > 0 || qualifier(t[j:])) {
				// "<T: Decodable>": a type's or a function's parameters;
				// "extension App.Search.Filter": a module or an enclosing
				// type of the name.
				i = j
				continue
			}
			if decl && kw.camelVariants && tok[0] >= 'a' && tok[0] <= 'z' && bytes.HasPrefix(t[j:], []byte("::")) {
				// "impl std::fmt::Debug for Ty": a module of the path.
				i = j
				continue
			}
			if !decl && kw.typeFirst && !kw.statements[string(tok)] {
				// "List<Order> findAll();", "Order order;": the name after
				// the type; the type is no name.
				if name, nf := typedName(t[j:]); name != nil {
					add(name, nf)
					if nf&fMember != 0 {
						for _, w := range wireNames(kw, t[j:]) {
							add(w, fWire)
						}
					}
					break
				}
			}
			if !decl && top && kw.constants {
				if name := scopedAssign(t[j:]); name != nil {
					add(name, fDecl|fTop) // "Shop::Config = AppConfiguration.new": Shop's constant
					break
				}
			}
			var f uint8
			if decl {
				f |= fDecl
				if top {
					f |= fTop
				}
				if typeLine {
					f |= fType
				}
				if spaceLine {
					f = fNoDef // "mod mail;": no extraction returns it
				}
			} else {
				if startsDecl(t[j:]) && !kw.statements[string(tok)] && !kw.noMember(tok, t[j:]) {
					switch kw.standing(t[j:], local) {
					case fNoDef:
						f |= fNoDef
					case fMember:
						f |= fMember
					}
				}
				if top && startsAssign(t[j:]) {
					f |= fDecl | fTop // "ID = NewType(...)": a module-level variable
				}
				if kw.constants && startsAssign(t[j:]) && !('A' <= tok[0] && tok[0] <= 'Z') {
					f = fNoDef // "stories = ...": a local; only a constant is a definition
				}
				if startsMethod(t[j:]) && !local {
					// (In a function's body, "Order(id: id," is a call.)
					f |= fMethod
				}
				if kw.typeFirst && top {
					if name := head(t); name != nil {
						// "order_find(int id)" under "static order_t *", "Order::cancel()":
						// a function whose type is on the line above.
						add(name, fDecl|fTop)
						break
					}
				}
			}
			if f != 0 {
				add(tok, f)
			}
			if !decl {
				if f&fMember != 0 {
					for _, w := range wireNames(kw, t[j:]) {
						add(w, fWire)
					}
				}
				break // only a declaration line has more than its first word to offer
			}
			if kw.annotated && decl && f != 0 && angles == 0 && typeAnnotation(t[j:]) {
				// "readonly logger: ILogger": what follows is the name's
				// type, up to a comma that names another ("let a: Int, b: Int").
				c := nextAnnotated(t[j:])
				if c < 0 {
					break
				}
				first, i, n = false, j+c, n+1
				continue
			}
			if params && f != 0 && (j >= len(t) || t[j] != '.') {
				break // "def invalid reason": what follows the name are its parameters
			}
			if typeLine && f != 0 && angles == 0 && (basesFollow(t[j:]) || kw.colonBases && colonFollows(t[j:])) {
				break // "class Tag < ApplicationRecord": what follows is its superclass
			}
			if varLine && f != 0 {
				// "var acc testutil.Accumulator", "const x: Type": the name,
				// and the names a comma adds; what follows is a type.
				rest := extract.TrimIndent(t[j:])
				if len(rest) == 0 || rest[0] != ',' {
					break
				}
			}
			first = false
			i = j
			n++
		}
	}
	return Tokens{Names: string(names), Flags: flags}
}

// loneType reports a line that is a type and nothing else ("bool",
// "const char *", "static std::vector<int>"): the declarator, or the
// function's name, is on the line below. A statement's keyword, a label
// ("public:"), an annotation and a line that ends a list are none.
func loneType(kw *keywords, t []byte) bool {
	if c := bytes.Index(t, []byte("//")); c >= 0 {
		t = t[:c]
	}
	t = bytes.TrimRight(t, " \t\r")
	if len(t) == 0 || !extract.IdentByte(t[0]) || t[0] >= '0' && t[0] <= '9' {
		return false
	}
	n := 0
	for n < len(t) && extract.IdentByte(t[n]) {
		n++
	}
	if kw.statements[string(t[:n])] {
		return false
	}
	angles := 0
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case extract.IdentByte(c), c == ' ', c == '\t', c == '*', c == '&':
		case c == '<':
			angles++
		case c == '>' && angles > 0:
			angles--
		case c == ',' && angles > 0:
		case c == ':' && i+1 < len(t) && t[i+1] == ':':
			i++
		default:
			return false
		}
	}
	return angles == 0
}

// declarator is the name a line starts with when what follows it ends a
// declarator (";", "=", "[", ",", a bit-field's ":"), or nil.
func declarator(kw *keywords, t []byte) []byte {
	n := 0
	for n < len(t) && extract.IdentByte(t[n]) {
		n++
	}
	if n == 0 || t[0] >= '0' && t[0] <= '9' || kw.statements[string(t[:n])] {
		return nil
	}
	r := extract.TrimIndent(t[n:])
	if len(r) == 0 {
		return nil
	}
	switch r[0] {
	case ';', '[', ',':
		return t[:n]
	case '=':
		if len(r) == 1 || r[1] != '=' {
			return t[:n]
		}
	case ':':
		if len(r) == 1 || r[1] != ':' {
			return t[:n]
		}
	}
	return nil
}

// afterAttributes is what follows the attribute lists that start t, each
// opened by open ("[Fact] public void Works()": "public void Works()");
// nothing when a list stays open to the line's end.
func afterAttributes(t []byte, open byte) []byte {
	close := byte(']')
	for len(t) > 0 && t[0] == open {
		depth, end := 0, -1
		for i := 0; i < len(t) && end < 0; i++ {
			switch t[i] {
			case '"':
				if j := bytes.IndexByte(t[i+1:], '"'); j >= 0 {
					i += j + 1
				}
			case open:
				depth++
			case close:
				if depth--; depth == 0 {
					end = i
				}
			}
		}
		if end < 0 {
			return nil
		}
		t = extract.TrimIndent(t[end+1:])
	}
	return t
}

// opensList reports a line that ends by opening a parameter or argument
// list: its last byte before a line comment is "(", and it is no group
// declaration ("const (", "var (", "type (") nor a type's primary
// constructor ("public record Order(", "data class Order("), whose
// parameters are its members.
func opensList(t []byte) bool {
	if i := bytes.Index(t, []byte("//")); i >= 0 {
		t = t[:i]
	}
	t = bytes.TrimRight(t, " \t\r")
	if len(t) == 0 || t[len(t)-1] != '(' {
		return false
	}
	w := bytes.TrimRight(t[:len(t)-1], " \t")
	return !(string(w) == "const" || string(w) == "var" || string(w) == "type") && !kindBefore(w)
}

// SQLHeads are the first words of the lines of SQL that declare: a
// source file with lines that start with one holds SQL in its strings.
var SQLHeads = [2]string{"CREATE", "ALTER"}

// sqlHead is the head of SQLHeads a line starts with, as a word, or nil.
func sqlHead(t []byte) []byte {
	for _, h := range SQLHeads {
		if bytes.HasPrefix(t, []byte(h)) && len(t) > len(h) && (t[len(h)] == ' ' || t[len(h)] == '\t') {
			return t[:len(h)]
		}
	}
	return nil
}

// stringRows are the parts of rows of src that strings of several lines
// take (extract.StringRows), in a file that holds a string that opens
// one: a raw string, a template literal, a heredoc, a verbatim string.
// Triple-quoted strings are followed line by line (kw.triple).
func (kw *keywords) stringRows(src []byte) []extract.StringRow {
	lx := kw.lex
	if lx == nil || lx.TripleQuotes {
		return nil
	}
	if lx.Raw && spansLines(src, []byte("`"), []byte("`")) || lx.RawHashes && (spansLines(src, []byte(`r#"`), []byte(`"#`)) || spansLines(src, []byte(`r"`), []byte(`"`))) ||
		lx.RawDelimited && bytes.Contains(src, []byte(`R"`)) || lx.Heredocs && bytes.Contains(src, []byte("<<<")) || lx.Verbatim && bytes.Contains(src, []byte(`@"`)) {
		return extract.StringRows(lx, src)
	}
	return nil
}

// spansLines reports whether something src opens with open goes on past
// its line before close (a backtick string of several lines, not a Go
// struct tag's), or is not closed: then a string may span lines, and the
// file's strings are lexed. (A comment's quote may say so wrongly: the
// lexer then finds no such string.)
func spansLines(src, open, close []byte) bool {
	for i := 0; ; {
		a := bytes.Index(src[i:], open)
		if a < 0 {
			return false
		}
		a += i + len(open)
		b := bytes.Index(src[a:], close)
		if b < 0 || bytes.IndexByte(src[a:a+b], '\n') >= 0 {
			return true
		}
		i = a + b + len(close)
	}
}

// tripleAt reports a triple quote of one of quotes at t[i].
func tripleAt(t []byte, i int, quotes string) bool {
	return i+2 < len(t) && strings.IndexByte(quotes, t[i]) >= 0 && t[i+1] == t[i] && t[i+2] == t[i]
}

// opensTriple returns the quote of a triple-quoted string the code t
// leaves open at its end, or 0. Strings on one line and what follows a
// line comment open nothing.
func (kw *keywords) opensTriple(t []byte) byte {
	// (Most lines hold no quote: they are told so without the loop.)
	first := -1
	for k := 0; k < len(kw.triple); k++ {
		if q := bytes.IndexByte(t, kw.triple[k]); q >= 0 && (first < 0 || q < first) {
			first = q
		}
	}
	if first < 0 || kw.lineComment != "" && bytes.Contains(t[:first], []byte(kw.lineComment)) {
		return 0
	}
	for i := first; i < len(t); i++ {
		c := t[i]
		switch {
		case kw.lineComment != "" && c == kw.lineComment[0] && bytes.HasPrefix(t[i:], []byte(kw.lineComment)):
			return 0
		case tripleAt(t, i, kw.triple):
			end := extract.CloseTriple(t, i+3, c)
			if end < 0 {
				return c
			}
			i = end - 1
		case strings.IndexByte(kw.triple, c) >= 0:
			i = extract.CloseQuote(t, i+1, c) - 1 // a string on one line
		}
	}
	return 0
}

// standing says how a line's first word stands, given what follows it in
// a member's form: fMember; fNoDef for a local ("name :=", "name, err
// :=" under colonKeys; any inside a function's body, local); 0 for a key,
// an import's name or an expression ("name:" and `name "path"` under
// colonKeys; nothing, or a call's arguments, under loneCalls).
func (kw *keywords) standing(rest []byte, local bool) uint8 {
	r := extract.TrimIndent(rest)
	switch {
	case kw.loneCalls && (len(r) == 0 || r[0] == '('):
		return 0
	case kw.colonKeys && len(r) > 1 && r[0] == ':' && r[1] == '=', kw.colonKeys && len(r) > 0 && r[0] == ',' && bytes.Contains(r, []byte(":=")):
		return fNoDef
	case kw.colonKeys && len(r) > 0 && (r[0] == ':' || r[0] == '"'):
		return 0 // (metav1 "k8s.io/apimachinery/pkg/apis/meta/v1": an import's name)
	case local:
		return fNoDef
	}
	return fMember
}

// localAfter returns the name a line declares a local of with a word of
// LocalWords ("let mut x = ..."), or nil.
func (kw *keywords) localAfter(t []byte) []byte {
	if len(kw.localWords) == 0 {
		return nil
	}
	j := 0
	for j < len(t) && extract.IdentByte(t[j]) {
		j++
	}
	if j == 0 || j == len(t) || t[j] != ' ' || !kw.localWords[string(t[:j])] {
		return nil
	}
	r := extract.TrimIndent(t[j:])
	if rest, ok := bytes.CutPrefix(r, []byte("mut ")); ok {
		r = extract.TrimIndent(rest)
	}
	k := 0
	for k < len(r) && extract.IdentByte(r[k]) {
		k++
	}
	if k == 0 {
		return nil // "let (a, b) = ...": a pattern
	}
	return r[:k]
}

// macroArg returns the name a line that calls an all-capitals macro
// passes first (extract.Keywords.MacroArgs), or nil.
func (kw *keywords) macroArg(t []byte, listed bool) []byte {
	if !kw.macroArgs || len(t) == 0 || t[0] < 'A' || t[0] > 'Z' {
		return nil
	}
	j := 0
	for j < len(t) && (t[j] >= 'A' && t[j] <= 'Z' || t[j] >= '0' && t[j] <= '9' || t[j] == '_') {
		j++
	}
	if j < 2 && !listed || j == len(t) || extract.IdentByte(t[j]) || kw.maybe(t[:j]) && kw.decl[string(t[:j])] {
		return nil // a word with lowercase letters, or TEST(...), which declares
	}
	r := extract.TrimIndent(t[j:])
	if len(r) == 0 || r[0] != '(' {
		return nil
	}
	r = extract.TrimIndent(r[1:])
	k := 0
	for k < len(r) && extract.IdentByte(r[k]) {
		k++
	}
	if k == 0 || k == len(r) {
		return nil
	}
	if rest := extract.TrimIndent(r[k:]); len(rest) == 0 || rest[0] != ',' && rest[0] != ')' {
		return nil
	}
	return r[:k]
}

// noMember reports a line's first word that, in a language of
// capitalized variants and bang macros, declares no member whatever
// follows it (extract.Keywords.CamelVariants).
func (kw *keywords) noMember(tok, rest []byte) bool {
	if !kw.camelVariants {
		return false
	}
	r := extract.TrimIndent(rest)
	switch {
	case len(r) > 0 && (r[0] == '!' || r[0] == '<'):
		return true
	case len(r) == 0 || r[0] == ',':
		return tok[0] >= 'a' && tok[0] <= 'z'
	}
	return false
}

// opensBody reports a line that opens a function's body (kw.locals),
// after the modifiers before its keyword ("private suspend fun", "async
// def"): the keyword, then a blank or a parenthesis.
func (kw *keywords) opensBody(t []byte) bool {
	if len(kw.locals) == 0 {
		return false
	}
	for {
		for _, l := range kw.locals {
			if bytes.HasPrefix(t, l) && len(t) > len(l) && (t[len(l)] == ' ' || t[len(l)] == '(') {
				return true
			}
		}
		j := 0
		for j < len(t) && extract.IdentByte(t[j]) {
			j++
		}
		if j == 0 || j == len(t) || t[j] != ' ' || !kw.maybe(t[:j]) || !kw.decl[string(t[:j])] {
			return false
		}
		t = extract.TrimIndent(t[j:])
	}
}

// importOpens returns the closing bracket of an import list a line opens
// and leaves open ("import {", "import X, {", Go's "import (", a
// re-exporting "export {", Python's "from x import ("), or 0.
func importOpens(t []byte) byte {
	if len(t) == 0 || t[0] != 'i' && t[0] != 'e' && t[0] != 'f' && t[0] != 'u' && t[0] != 'p' {
		return 0 // (most lines: told by their first byte)
	}
	switch {
	case bytes.HasPrefix(t, []byte("import ")), bytes.HasPrefix(t, []byte("export {")), bytes.HasPrefix(t, []byte("export type {")),
		bytes.HasPrefix(t, []byte("from ")) && bytes.Contains(t, []byte(" import (")), useLine(t):
	default:
		return 0
	}
	return leftOpen(t, [2]byte{'{', '}'}, [2]byte{'(', ')'})
}

// useLine reports Rust's use declaration ("use crate::{", "pub use
// self::send::Send;", "pub(crate) use x") and PHP's ("use App\Models\{"):
// what it names is imported, or re-exported, never declared.
func useLine(t []byte) bool {
	if len(t) < 4 || t[0] != 'p' && t[0] != 'u' {
		return false
	}
	if bytes.HasPrefix(t, []byte("pub")) {
		r := t[3:]
		if len(r) > 0 && r[0] == '(' {
			if k := bytes.IndexByte(r, ')'); k >= 0 {
				r = r[k+1:]
			}
		}
		if len(r) == len(t)-3 && (len(r) == 0 || r[0] != ' ') {
			return false // "public", "pubsub"
		}
		t = extract.TrimIndent(r)
	}
	return bytes.HasPrefix(t, []byte("use "))
}

// bracketBalance is how many more of the brackets that close leaves open
// t opens than it closes.
func bracketBalance(t []byte, close byte) int {
	open := byte('(')
	switch close {
	case '}':
		open = '{'
	case ']':
		open = '['
	}
	return bytes.Count(t, []byte{open}) - bytes.Count(t, []byte{close})
}

// leftOpen returns the closing bracket of the first of the pairs that t
// opens more often than it closes, or 0.
func leftOpen(t []byte, pairs ...[2]byte) byte {
	for _, b := range pairs {
		if bytes.Count(t, b[:1]) > bytes.Count(t, b[1:]) {
			return b[1]
		}
	}
	return 0
}

// comment reports a line that is a comment in the file's language: it
// opens with a line comment or a block comment, or goes on one (" * ").
func (kw *keywords) comment(t []byte) bool {
	lx := kw.lex
	switch {
	case lx == nil:
		// (A language the lexer does not split: its line comment.)
		return kw.lineComment != "" && bytes.HasPrefix(t, []byte(kw.lineComment))
	case lx.LineComment != "" && bytes.HasPrefix(t, []byte(lx.LineComment)):
		return true
	case lx.HashComments && t[0] == '#' && (len(t) == 1 || t[1] != '['):
		return true
	case lx.BlockComments:
		return bytes.HasPrefix(t, []byte("/*")) || t[0] == '*' && (len(t) == 1 || t[1] == ' ' || t[1] == '/' || t[1] == '\t')
	}
	return false
}

// closes reports a closing bracket.
func closes(c byte) bool { return c == ')' || c == ']' || c == '}' }

// firstWordIn reports a line whose first word is one of words.
func firstWordIn(t []byte, words map[string]bool) bool {
	j := 0
	for j < len(t) && extract.IdentByte(t[j]) {
		j++
	}
	return j > 0 && words[string(t[:j])]
}

// keyUse reports what follows a keyword used as a name: a key or a
// property ("type: Sequelize.DATE,", "type?: string", "class=\"x\""), a
// member ("type.name"), a list's item. (A parenthesis may follow a
// modifier: Swift's "private(set) var".)
func keyUse(rest []byte) bool {
	if len(rest) > 0 && bytes.IndexByte([]byte(":.?,)="), rest[0]) >= 0 {
		return len(rest) < 2 || rest[0] != ':' || rest[1] != ':' // (C++'s "class::", Ruby's "module::" are paths)
	}
	r := extract.TrimIndent(rest)
	return len(r) > 0 && (r[0] == ':' || r[0] == '=' && (len(r) < 2 || r[1] != '>'))
}

// scopedAssign is the constant a line assigns in a scope, after its first
// word: the last of the "::"-joined names that "=" follows
// ("::Config = ..." of "Shop::Config = ..."); nil for anything else.
func scopedAssign(rest []byte) []byte {
	var name []byte
	for len(rest) > 2 && rest[0] == ':' && rest[1] == ':' {
		k := 2
		for k < len(rest) && extract.IdentByte(rest[k]) {
			k++
		}
		if k == 2 {
			return nil
		}
		name, rest = rest[2:k], rest[k:]
	}
	if name == nil || name[0] < 'A' || name[0] > 'Z' || !startsAssign(rest) {
		return nil
	}
	return name
}

// colonFollows reports a ":" (not "::") after blanks.
func colonFollows(rest []byte) bool {
	r := extract.TrimIndent(rest)
	return len(r) > 0 && r[0] == ':' && (len(r) == 1 || r[1] != ':')
}

// basesFollow reports what follows a type's name when Ruby's superclass
// comes next, which the line uses and does not declare: " < " ("<T>"
// opens type parameters).
func basesFollow(rest []byte) bool {
	r := extract.TrimIndent(rest)
	return len(r) > 1 && r[0] == '<' && (r[1] == ' ' || r[1] == '\t') && len(r) < len(rest)
}

// typeAnnotation reports what follows a name that gives its type: ":"
// (after a "?" or "!", "name?: T") and a blank or a word, but not "::"
// (a path), ":=" or a tag's `json:"name"`.
func typeAnnotation(rest []byte) bool {
	if len(rest) > 0 && (rest[0] == '?' || rest[0] == '!') {
		rest = rest[1:]
	}
	return len(rest) > 1 && rest[0] == ':' && (rest[1] == ' ' || rest[1] == '\t' || extract.IdentByte(rest[1]) && rest[1] != '$')
}

// wordFollows reports a blank and then a word after a word.
func wordFollows(rest []byte) bool {
	r := extract.TrimIndent(rest)
	return len(r) < len(rest) && len(r) > 0 && extract.IdentByte(r[0])
}

// qualifier reports a word followed by "." and a word: what it qualifies
// is the name.
func qualifier(rest []byte) bool {
	return len(rest) > 1 && rest[0] == '.' && extract.IdentByte(rest[1])
}

// typedVar reports a word followed by a variable's mark, or by a union's
// "|": the word is the variable's type.
func typedVar(rest []byte, mark string) bool {
	r := extract.TrimIndent(rest)
	return bytes.HasPrefix(r, []byte(mark)) || len(rest) > 0 && rest[0] == '|'
}

// nextAnnotated returns the offset in rest, a name's type annotation and
// what follows it, of the next name a comma outside brackets declares
// ("let a: Int, b: Int"); -1 when a value, a body or the line's end comes
// first.
func nextAnnotated(rest []byte) int {
	depth := 0
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '(', '[', '<':
			depth++
		case ')', ']', '>':
			if c != '>' || i == 0 || rest[i-1] != '-' { // (an arrow's "->" closes nothing)
				depth--
			}
		case '=', '{', '/':
			return -1
		case ',':
			if depth == 0 {
				r := extract.TrimIndent(rest[i+1:])
				k := 0
				for k < len(r) && extract.IdentByte(r[k]) {
					k++
				}
				if k > 0 && typeAnnotation(r[k:]) {
					return len(rest) - len(r)
				}
				return -1
			}
		}
	}
	return -1
}

// quotedNames returns the names a line declares as the quoted first
// argument of a call (extract.Keywords.Quoted): users in
// Schema::create('users', ...).
func quotedNames(kw *keywords, t []byte) [][]byte {
	if len(kw.quoted) == 0 {
		return nil
	}
	// Each call's first occurrence in the line, found by the quote it
	// ends with; the names in the order of the calls.
	type call struct{ q, after int } // index in quoted, offset after it
	var found []call
	var buf [4]int
	for at, c := range t {
		if c != '\'' && c != '"' {
			continue
		}
		for _, q := range kw.quotedEnds.appendEnding(buf[:0], t[:at+1]) {
			if !slices.ContainsFunc(found, func(c call) bool { return c.q == q }) {
				found = append(found, call{q, at + 1})
			}
		}
	}
	slices.SortFunc(found, func(a, b call) int { return a.q - b.q })
	var out [][]byte
	for _, c := range found {
		q, name := kw.quoted[c.q], t[c.after:]
		if end := bytes.IndexByte(name, q[len(q)-1]); end > 0 && ident(name[:end]) {
			out = append(out, name[:end])
		}
	}
	return out
}

// suffixTrie holds strings by their bytes from the last: which of them
// end where a text does.
type suffixTrie struct {
	nodes []trieNode // the root first, once a string is added
}

type trieNode struct {
	next []trieEdge
	id   int // the string that ends here (read backwards: starts), or -1
}

type trieEdge struct {
	b    byte
	node int32
}

// add adds s, known as id; a string added twice keeps its first id.
func (tr *suffixTrie) add(s string, id int) {
	if len(tr.nodes) == 0 {
		tr.nodes = append(tr.nodes, trieNode{id: -1})
	}
	n := 0
	for i := len(s) - 1; i >= 0; i-- {
		k := slices.IndexFunc(tr.nodes[n].next, func(e trieEdge) bool { return e.b == s[i] })
		if k < 0 {
			tr.nodes = append(tr.nodes, trieNode{id: -1})
			tr.nodes[n].next = append(tr.nodes[n].next, trieEdge{s[i], int32(len(tr.nodes) - 1)})
			k = len(tr.nodes[n].next) - 1
		}
		n = int(tr.nodes[n].next[k].node)
	}
	if tr.nodes[n].id < 0 {
		tr.nodes[n].id = id
	}
}

// appendEnding appends to ids the id of each string t ends with, the
// shortest first.
func (tr *suffixTrie) appendEnding(ids []int, t []byte) []int {
	if len(tr.nodes) == 0 {
		return ids
	}
	n := 0
	for i := len(t) - 1; i >= 0; i-- {
		next := -1
		for _, e := range tr.nodes[n].next {
			if e.b == t[i] {
				next = int(e.node)
				break
			}
		}
		if next < 0 {
			return ids
		}
		n = next
		if id := tr.nodes[n].id; id >= 0 {
			ids = append(ids, id)
		}
	}
	return ids
}

// keyName returns the key a line declares by starting with it in quotes
// before one of the language's key markers (extract.Keywords.Keys):
// timezone in 'timezone' => 'UTC'; nil for none.
func keyName(kw *keywords, t []byte) []byte {
	if len(kw.keys) == 0 || len(t) < 2 || t[0] != '\'' && t[0] != '"' {
		return nil
	}
	end := bytes.IndexByte(t[1:], t[0])
	if end < 1 || !ident(t[1:1+end]) {
		return nil
	}
	rest := extract.TrimIndent(t[end+2:])
	for _, k := range kw.keys {
		if bytes.HasPrefix(rest, k) {
			return t[1 : 1+end]
		}
	}
	return nil
}

// wireNames returns the names a member line's tags serialize the member as
// (requeueAt in `json:"requeueAt,omitempty"`), but a one-word lowercase
// name: `json:"spec"` names too many fields to stand for one of them.
func wireNames(kw *keywords, rest []byte) [][]byte {
	var out [][]byte
	for _, tag := range kw.tags {
		if name, ok := tagValue(rest, tag, `,";'`); ok && ident(name) && !spec.BareWord(string(name)) {
			out = append(out, name)
		}
	}
	for _, tag := range kw.spacedTags {
		if v, ok := tagValue(rest, tag, `"`); ok {
			if name := extract.SpacedTagName(string(v)); name != "" && !spec.BareWord(name) {
				out = append(out, []byte(name))
			}
		}
	}
	return out
}

// tagValue is what follows tag in rest, up to the first byte of stops,
// where the tag starts no longer word; false where rest has no such tag.
func tagValue(rest, tag []byte, stops string) ([]byte, bool) {
	i := bytes.Index(rest, tag)
	if i < 0 || i > 0 && extract.IdentByte(rest[i-1]) {
		return nil, false
	}
	v := rest[i+len(tag):]
	if end := bytes.IndexAny(v, stops); end >= 0 {
		v = v[:end]
	}
	return v, true
}

// ident reports a word made of identifier bytes only.
func ident(w []byte) bool {
	if len(w) == 0 {
		return false
	}
	for _, c := range w {
		if !extract.IdentByte(c) {
			return false
		}
	}
	return true
}

// Definable filters a file's declaration words by what is searched for.
func Definable(ts Tokens, wanted map[string]Want) map[string]bool {
	return NewWanted(wanted).Definable(ts)
}

// Filter tells most words that are not among a set of names without
// hashing them: element c has bit n set when a name starts with byte c
// and is n bytes long (bit 63: 63 or more).
type Filter [256]uint64

// Add adds a name to the set.
func (f *Filter) Add(name string) {
	if name != "" {
		f[name[0]] |= 1 << min(len(name), 63)
	}
}

// May reports whether w may be among the names.
func (f *Filter) May(w string) bool {
	return w != "" && f[w[0]]&(1<<min(len(w), 63)) != 0
}

// Wanted is what a search looks for, with its Filter.
type Wanted struct {
	names  map[string]Want
	filter Filter
}

// NewWanted is the search for wanted.
func NewWanted(wanted map[string]Want) *Wanted {
	return &Wanted{names: wanted, filter: filterOf(wanted)}
}

// filterOf is the Filter of a set's names.
func filterOf[V any](set map[string]V) Filter {
	var f Filter
	for n := range set {
		f.Add(n)
	}
	return f
}

// May reports whether name may be searched for: false is certain, and
// costs two loads where a map lookup hashes the name.
func (ws *Wanted) May(name string) bool { return ws.filter.May(name) }

// Definable filters a file's declaration words by what is searched for.
func (ws *Wanted) Definable(ts Tokens) map[string]bool { return ws.Walk(ts, nil, nil, nil) }

// Words is a set of words, with its filter.
type Words struct {
	set    map[string]bool
	filter Filter
}

// NewWords is the set of words.
func NewWords(set map[string]bool) *Words { return &Words{set: set, filter: filterOf(set)} }

// Has reports whether w is in the set, most words answered by the filter.
func (ws *Words) Has(w string) bool { return ws.filter.May(w) && ws.set[w] }

// Walk reads a file's declaration words once for a search: it returns
// the names wanted that the file may define, with the words declared
// unindented whose lowercase spelling folded holds (nil: none), and calls
// stand with each word of also and how it stands, word by word (also nil:
// none). Every word of every file goes through it: the loop is each's,
// written out, and each test starts with a filter.
func (ws *Wanted) Walk(ts Tokens, folded *Folded, also *Words, stand func(name string, s Stands)) map[string]bool {
	var found map[string]bool
	add := func(tok string) {
		if found == nil {
			found = map[string]bool{}
		}
		found[tok] = true
	}
	for k, at := 0, 0; at < len(ts.Names); k++ {
		var tok string
		tok, at = word(ts.Names, at)
		f := ts.Flags[k]
		if ws.filter.May(tok) {
			if w := ws.names[tok]; w != 0 && w.accepts(f) {
				add(tok)
			}
		}
		if folded != nil && f&fTop != 0 && folded.may(tok) && folded.lower[strings.ToLower(tok)] {
			add(tok)
		}
		if also != nil && also.Has(tok) {
			stand(tok, Stands(f))
		}
	}
	return found
}

// accepts reports whether a word standing as flags f says may be a name
// wanted w.
func (w Want) accepts(f uint8) bool {
	switch w {
	case WantAny:
		return f&(fDecl|fMember|fWire) != 0
	case WantDecl:
		return f&(fDecl|fMethod|fWire) != 0
	case WantTop:
		return f&fTop != 0
	case WantType:
		return f&(fType|fMember) != 0
	case WantAssigned:
		return f&(fDecl|fMember|fWire|fNoDef) != 0
	}
	return false
}

// Each calls fn with every word of ts that may be a name wanted w.
func (ts Tokens) Each(w Want, fn func(name string)) {
	ts.each(func(tok string, f uint8) {
		if w.accepts(f) {
			fn(tok)
		}
	})
}

// Stands is how a word stands where it is: its flags on one line, or the
// union of its lines' (a word that stands declared on one line of a file
// stands declared in the file).
type Stands uint8

// Any reports whether fn holds for a word of ts, asking no word after the
// first it holds for.
func (ts Tokens) Any(fn func(name string) bool) bool {
	for at := 0; at < len(ts.Names); {
		var tok string
		tok, at = word(ts.Names, at)
		if fn(tok) {
			return true
		}
	}
	return false
}

// EachStanding calls fn with every word of ts and how it stands.
func (ts Tokens) EachStanding(fn func(name string, s Stands)) {
	ts.each(func(tok string, f uint8) { fn(tok, Stands(f)) })
}

// Accepts reports whether a word standing as s (on a line, or anywhere in
// a file) may be a name wanted w: every test is of a flag, so the union of
// a file's lines is accepted when one of them is.
func (w Want) Accepts(s Stands) bool { return w.accepts(uint8(s)) }

// Member reports a word that stands as a member (`resolve: (...) =>`,
// `Name string`) or a name a member is serialized as, and not on a
// declaration line.
func (s Stands) Member() bool { return uint8(s)&(fMember|fWire) != 0 && uint8(s)&fDecl == 0 }

// Folded is a set of lowercase names, for the words whose lowercase
// spelling is among them.
type Folded struct {
	lower  map[string]bool
	filter Filter // of the names as they are: lowercase
}

// NewFolded is the set of lower, lowercase names.
func NewFolded(lower map[string]bool) *Folded { return &Folded{lower: lower, filter: filterOf(lower)} }

// may reports whether the lowercase spelling of w may be in the set,
// without lowercasing it: an ASCII word lowercases byte for byte, so its
// first byte lowercased and its length must be a name's. (Lowercasing
// another word may change its length: it is always tried.)
func (fo *Folded) may(w string) bool {
	c := w[0]
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	if fo.filter[c]&(1<<min(len(w), 63)) != 0 {
		return true
	}
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// Want says where a searched name may be defined.
type Want uint8

const (
	// wantAny: declared anywhere, or as a member: "Name Type", "NAME =",
	// or a member's serialized name.
	WantAny Want = iota + 1
	// wantDecl: only on a declaration line (a field the spec names), or
	// as a member's serialized name.
	WantDecl
	// wantTop: only on an unindented declaration line (a table name's
	// spellings by convention: models and types are top level).
	WantTop
	// wantType: only where a type or table is declared ("the `Metric`
	// interface"), or as a member line (an enum value, a Convex table).
	WantType
	// WantAssigned: as WantAny, or where no extraction returns it (a local
	// inside a function's body, a namespace's name): where a gap may say a
	// name stands, never a reason to parse a file.
	WantAssigned
)

// maxDeclTokens is how many words into a declaration line its name can be.
const maxDeclTokens = 8

// skipAnnotations cuts the annotations a line starts with, and the blanks
// after them: "@Id @Column(name = \"id\") private Long id;" declares what
// "private Long id;" does, and C#'s "[Key] public Guid Id { get; set; }"
// what "public Guid Id { get; set; }" does. "@interface" declares an
// annotation type and stays.
func skipAnnotations(t []byte) []byte {
	if bytes.HasPrefix(t, []byte("@interface")) {
		return t
	}
	t = skipAttributes(t)
	if r, ok := extract.SkipDecorators(t, '@'); ok {
		return r
	}
	return t // arguments that go on below: in doubt, the line as it is
}

// skipAttributes cuts the bracketed attribute lists a line starts with
// when a declaration follows them on the line: [Key], [Required,
// MaxLength(80)]. A list that is all the line holds, or one followed by
// anything but a word or another list ([a, b] = pair), stays.
func skipAttributes(t []byte) []byte {
	r := t
	for len(r) > 1 && r[0] == '[' && extract.IdentByte(r[1]) {
		end := extract.CloseGroup(r, 0)
		if end < 0 {
			return t
		}
		r = extract.TrimIndent(r[end:])
	}
	if len(r) == len(t) || len(r) == 0 || !extract.IdentByte(r[0]) && r[0] != '[' {
		return t
	}
	return r
}

// typedDecl reads a line of a language whose declarations may start with
// their type, when its first word is a declaration keyword ("public",
// "static", "void"): it emits the names the line declares, and reports
// whether it read the line. Such a line names its types too, which it
// does not declare: on a type's line the name is the word after the type
// keyword (class Visit extends BaseEntity declares Visit); on any other,
// a name is a word that "(", "=", ",", ";" or the line's end follows,
// outside type arguments, up to the parameters or the value
// (public ResponseEntity<List<OrderDto>> list() declares list only). A
// local variable (an indented var line) declares nothing.
func typedDecl(kw *keywords, t []byte, top bool, emit func([]byte, uint8)) bool {
	i := 0
	for i < len(t) && !extract.IdentByte(t[i]) {
		if kw.comment(t[i:]) {
			return true // "}  // namespace leveldb"
		}
		i++
	}
	j := i
	for j < len(t) && extract.IdentByte(t[j]) {
		j++
	}
	if first := t[i:j]; len(first) == 0 || !kw.maybe(first) || !kw.decl[string(first)] {
		return false
	} else if kw.vars[string(first)] && !top {
		return true
	}
	var base uint8 = fDecl
	if top {
		base |= fTop
	}
	if kw.spaces[string(t[i:j])] {
		base = fNoDef // "namespace leveldb {": no extraction returns it
	}
	depth := 0
	for k := i; k < len(t); {
		c := t[k]
		switch {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case depth == 0 && c == '(':
			// "int (*handler)(int)": a pointer to a function, declared.
			if name := pointerName(t[k+1:]); name != nil {
				emit(name, base)
			}
			return true
		case depth == 0 && (c == '=' || c == '{'):
			return true
		case extract.IdentByte(c):
			e := k
			for e < len(t) && extract.IdentByte(t[e]) {
				e++
			}
			w := t[k:e]
			if kw.maybe(w) && kw.typ[string(w)] {
				// "class Visit", "@interface Audited": the next word, or
				// the one after a second type keyword ("record struct
				// Point"), or the first word of a keyword's parenthesis
				// (a macro that declares: "TEST(OrderTest, Cancels)").
				r := extract.TrimIndent(t[e:])
				if e < len(t) && t[e] == '(' {
					r = extract.TrimIndent(t[e+1:])
				}
				n := 0
				for n < len(r) && extract.IdentByte(r[n]) {
					n++
				}
				if next := r[:n]; n > 0 && kw.maybe(next) && kw.typ[string(next)] {
					r = extract.TrimIndent(r[n:])
					for n = 0; n < len(r) && extract.IdentByte(r[n]); n++ {
					}
				}
				if n > 0 && typeUsed(r[n:]) {
					// "struct order *order_create(", "struct server srv;": the type is
					// used; the name after it is declared.
					k = len(t) - len(r) + n
					continue
				}
				if n > 0 {
					emit(r[:n], base|fType)
				}
				if name := macroed(r[n:]); n > 0 && name != nil {
					emit(name, base|fType) // "class LEVELDB_EXPORT DB {": the name after the macro, perhaps
				}
				return true
			}
			if depth == 0 && !(kw.maybe(w) && kw.decl[string(w)]) {
				// A name ends the line, or "(", "=", ",", ";" or a
				// property's "{" follows it, or its type parameters and "(".
				if r := extract.TrimIndent(t[e:]); len(r) == 0 || bytes.IndexByte([]byte("(=,;{["), r[0]) >= 0 || typeParamsCall(r) {
					emit(w, base)
				}
			}
			k = e
			continue
		}
		k++
	}
	return true
}

// typedName reads what follows a type's first word in a language whose
// declarations may start with their type: its type arguments, array
// brackets and qualifiers (a.b, a::b), blanks, pointers and references,
// then a name, qualified or not (Order::cancel names cancel); words before
// the name beyond the type are qualifiers or macros (LEVELDB_EXPORT Status
// DestroyDB). It returns the name and how it stands: fDecl for a method's
// ("(" follows), fMember for a field's or a variable's ("=", ";", ",", "{"
// or an array's "[" follows); nil for anything else.
func typedName(rest []byte) ([]byte, uint8) {
	for words := 0; words < 4; words++ {
		i := typeEnd(rest)
		if i < 0 {
			return nil, 0
		}
		j := i
		for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t' || rest[j] == '*' || rest[j] == '&') {
			j++
		}
		k := j
		for k < len(rest) && extract.IdentByte(rest[k]) {
			k++
		}
		if j == i || k == j {
			return nil, 0
		}
		for k+2 < len(rest) && rest[k] == ':' && rest[k+1] == ':' && extract.IdentByte(rest[k+2]) {
			for j, k = k+2, k+2; k < len(rest) && extract.IdentByte(rest[k]); k++ {
			}
		}
		switch after := extract.TrimIndent(rest[k:]); {
		case len(after) == 0:
			return nil, 0
		case after[0] == '(' || typeParamsCall(after):
			return rest[j:k], fDecl
		case after[0] == '=' && (len(after) < 2 || after[1] != '='), after[0] == ';', after[0] == ',', after[0] == '{', after[0] == '[':
			return rest[j:k], fMember
		case extract.IdentByte(after[0]) || after[0] == '*' || after[0] == '&':
			rest = rest[k:] // the word read was the type: the name is ahead
			continue
		}
		return nil, 0
	}
	return nil, 0
}

// typeEnd is where the type rest goes on with ends: after its type
// arguments, array brackets and qualifiers (.b, ::b); -1 when its type
// arguments are not closed.
func typeEnd(rest []byte) int {
	i := 0
	for i < len(rest) {
		switch c := rest[i]; {
		case c == '<':
			depth := 0
			for ; i < len(rest); i++ {
				if rest[i] == '<' {
					depth++
				} else if rest[i] == '>' {
					if depth--; depth == 0 {
						break
					}
				}
			}
			if i == len(rest) {
				return -1
			}
			i++
		case c == '[' && i+1 < len(rest) && rest[i+1] == ']':
			i += 2
		case c == '.' && i+1 < len(rest) && extract.IdentByte(rest[i+1]):
			for i++; i < len(rest) && extract.IdentByte(rest[i]); i++ {
			}
		case c == ':' && i+2 < len(rest) && rest[i+1] == ':' && extract.IdentByte(rest[i+2]):
			for i += 2; i < len(rest) && extract.IdentByte(rest[i]); i++ {
			}
		default:
			return i
		}
	}
	return i
}

// typeUsed reports what follows a type keyword's name when the line uses
// the type rather than declares it: a pointer or a reference, or the name
// of what is declared and what ends it ("struct order *find(",
// "struct server srv;").
func typeUsed(after []byte) bool {
	r := extract.TrimIndent(after)
	if len(r) == 0 {
		return false
	}
	if r[0] == '*' || r[0] == '&' {
		return true
	}
	n := 0
	for n < len(r) && extract.IdentByte(r[n]) {
		n++
	}
	if n == 0 || n == len(r) && len(r) == len(after) {
		return false
	}
	next := extract.TrimIndent(r[n:])
	return len(next) > 0 && bytes.IndexByte([]byte("(;=,[)"), next[0]) >= 0
}

// macroed returns the word after the word a type keyword names, which may
// be the type's name after a macro ("class LEVELDB_EXPORT DB {", "struct
// PACKED hdr :"): the next word, when the type's body, base list or end of
// line follows it; nil otherwise.
func macroed(after []byte) []byte {
	r := extract.TrimIndent(after)
	if len(r) == len(after) || len(r) == 0 || r[0] >= '0' && r[0] <= '9' {
		return nil
	}
	n := 0
	for n < len(r) && extract.IdentByte(r[n]) {
		n++
	}
	if n == 0 {
		return nil
	}
	next := extract.TrimIndent(r[n:])
	if len(next) == 0 || next[0] == '{' || next[0] == ':' && (len(next) == 1 || next[1] != ':') || bytes.HasPrefix(next, []byte("final")) {
		return r[:n]
	}
	return nil
}

// pointerName returns the name of a pointer a declarator declares,
// "*name)" after its "(": int (*handler)(int); nil for anything else.
func pointerName(r []byte) []byte {
	r = extract.TrimIndent(r)
	if len(r) == 0 || r[0] != '*' {
		return nil
	}
	r = extract.TrimIndent(r[1:])
	n := 0
	for n < len(r) && extract.IdentByte(r[n]) {
		n++
	}
	if n == 0 || !bytes.HasPrefix(extract.TrimIndent(r[n:]), []byte(")")) {
		return nil
	}
	return r[:n]
}

// closingNames reads a line that closes a type's body and names what the
// declaration declares ("} order_t;", "} order_t, *order_p;": C's typedef
// struct { ... } name): it emits them as types, and reports whether it
// read the line.
func closingNames(t []byte, top bool, emit func([]byte, uint8)) bool {
	if len(t) == 0 || t[0] != '}' {
		return false
	}
	r := extract.TrimIndent(t[1:])
	var names [][]byte
	for {
		r = bytes.TrimLeft(r, " \t*")
		n := 0
		for n < len(r) && extract.IdentByte(r[n]) {
			n++
		}
		if n == 0 {
			return false
		}
		names = append(names, r[:n])
		r = extract.TrimIndent(r[n:])
		if len(r) > 0 && r[0] == ',' {
			r = r[1:]
			continue
		}
		if len(r) == 0 || r[0] != ';' {
			return false
		}
		break
	}
	var f uint8 = fDecl | fType
	if top {
		f |= fTop
	}
	for _, n := range names {
		emit(n, f)
	}
	return true
}

// head returns the name a line declares by starting with it, its type on
// the line above: "order_find(int id)" or "Order::cancel(int x)" alone on
// the line, or opening a body ("{" or a parameter list going on below);
// nil for anything else.
func head(t []byte) []byte {
	n := 0
	for n < len(t) && extract.IdentByte(t[n]) {
		n++
	}
	name := t[:n]
	for n+2 < len(t) && t[n] == ':' && t[n+1] == ':' && extract.IdentByte(t[n+2]) {
		m := n + 2
		for n = m; n < len(t) && extract.IdentByte(t[n]); n++ {
		}
		name = t[m:n]
	}
	if len(name) == 0 || n >= len(t) || t[n] != '(' {
		return nil
	}
	e := bytes.TrimRight(t, " \t\r")
	switch e[len(e)-1] {
	case ')', '{', ',', '(':
		return name
	}
	return nil
}

// typeParamsCall reports type parameters followed by "(": what follows a
// generic method's name ("<T>(", "<TKey, TValue> (").
func typeParamsCall(r []byte) bool {
	if len(r) == 0 || r[0] != '<' {
		return false
	}
	depth := 0
	for i, c := range r {
		switch {
		case c == '<':
			depth++
		case c == '>':
			if depth--; depth == 0 {
				after := extract.TrimIndent(r[i+1:])
				return len(after) > 0 && after[0] == '('
			}
		case !extract.IdentByte(c) && c != ',' && c != ' ' && c != '.' && c != '?' && c != '[' && c != ']':
			return false
		}
	}
	return false
}

// startsMethod reports a method declared without a keyword: "name(a) {".
func startsMethod(rest []byte) bool {
	r := extract.TrimIndent(rest)
	return len(r) > 0 && (r[0] == '(' || r[0] == '<') && startsDecl(rest)
}

// startsAssign reports whether what follows a line's first word assigns
// to it: "name = value", not "name == value".
// memberAssign is the member a statement assigns to an object
// (`Topics.exists = async function`, `Store.prototype.get = function`,
// `helpers.limit = 20`, `Admin.chats.deleteRoom = async`) or to the module's exports (`exports.create =`,
// `module.exports.create =`), nil for any other line; an assignment to
// this or a global is none.
func memberAssign(t []byte) []byte {
	if bytes.HasPrefix(t, []byte("module.exports.")) {
		t = t[len("module."):] // exports.create
	}
	i := 0
	for i < len(t) && extract.IdentByte(t[i]) {
		i++
	}
	if i == 0 || i == len(t) || t[i] != '.' {
		return nil
	}
	switch string(t[:i]) {
	case "module", "this", "window", "document", "global", "globalThis", "process", "console", "self":
		return nil
	}
	rest := t[i+1:]
	if p := []byte("prototype."); bytes.HasPrefix(rest, p) {
		rest = rest[len(p):]
	}
	for depth := 0; ; depth++ {
		j := 0
		for j < len(rest) && extract.IdentByte(rest[j]) {
			j++
		}
		if j > 0 && j < len(rest) && rest[j] == '.' && depth < 2 {
			rest = rest[j+1:] // `Admin.chats.deleteRoom =`: a member of a nested object
			continue
		}
		if j == 0 || !startsAssign(rest[j:]) || bytes.HasPrefix(extract.TrimIndent(rest[j:]), []byte("=>")) {
			return nil
		}
		return rest[:j]
	}
}

// exportsFunc reports a line that assigns a function that opens its body
// on the line to the module's exports: `module.exports = function
// (Topics) {`, `module.exports = (Posts) => {`.
func exportsFunc(t []byte) bool {
	rest, ok := bytes.CutPrefix(t, []byte("module.exports"))
	if !ok || !startsAssign(rest) || !bytes.HasSuffix(bytes.TrimRight(t, " \t\r"), []byte("{")) {
		return false
	}
	rest = extract.TrimIndent(extract.TrimIndent(rest)[1:])
	rest = bytes.TrimPrefix(rest, []byte("async "))
	return bytes.HasPrefix(rest, []byte("function")) || bytes.Contains(rest, []byte("=>"))
}

func startsAssign(rest []byte) bool {
	r := extract.TrimIndent(rest)
	return len(r) > 0 && r[0] == '=' && (len(r) < 2 || r[1] != '=')
}

// startsDecl reports whether what follows a line's first word reads like a
// declaration: "Name Type", "name =", "name:", "Name(...) {".
func startsDecl(rest []byte) bool {
	r := extract.TrimIndent(rest)
	if len(r) == 0 {
		return true // a name alone on its line: Go's iota constants, enum members
	}
	switch c := r[0]; {
	case c == '=':
		return len(r) < 2 || r[1] != '='
	case c == ':':
		return len(r) < 2 || r[1] != ':' // "Order::PAID =>", "Order::class,": a use
	case c == ',' || c == '?' || c == '!':
		return true
	case c == '(' || c == '<':
		e := bytes.TrimRight(r, " \t\r")
		last := e[len(e)-1]
		return last == '{' || last == '(' || last == ',' || last == ':'
	case extract.IdentByte(c) || c == '*' || c == '[' || c == '"' || c == '`':
		return len(r) < len(rest) // "Name Type" needs the space
	}
	return false
}

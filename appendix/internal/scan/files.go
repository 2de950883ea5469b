package scan

import (
	"bytes"
	"path"
	"regexp"
	"strings"

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
// language.
var generatedNames = lang.Union(func(l *extract.Language) []string { return l.Generated })

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
	for _, g := range generatedNames {
		if strings.HasSuffix(rel, g) {
			return nil
		}
	}
	if l := lang.ForPath(rel); size <= int64(Limit(l)) {
		return l
	}
	return nil
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
		generatedComment(head)
}

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
		generated = generated || bytes.Contains(l, []byte("generated"))
		keep = keep || bytes.Contains(l, []byte("do not edit")) || bytes.Contains(l, []byte("do not modify"))
	}
	return generated && keep
}

// The test file names of every language: a file named so, or in such a
// directory, holds tests whatever its own language. The name patterns are
// compiled once: path.Match over every walked file was most of a warm run.
var (
	testFileNames = compileGlobs(lang.Union(func(l *extract.Language) []string { return l.TestFiles }))
	testDirs      = lang.Union(func(l *extract.Language) []string { return l.TestDirs })
)

// testSupportDirs hold the code tests are built from, in any language:
// helper factories, fixtures, fakes and mocks, end-to-end suites. A
// NodePool() factory in pkg/test/ is no NodePool type, however much it
// shares the name.
var testSupportDirs = map[string]bool{
	"test": true, "testing": true, "testutil": true, "testutils": true, "testhelper": true, "testhelpers": true,
	"testsupport": true, "testdata": true, "e2e": true, "fixtures": true,
	"mock": true, "mocks": true, "fake": true, "fakes": true,
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
	for _, d := range testDirs {
		if strings.Contains("/"+rel, "/"+d+"/") {
			return true
		}
	}
	for _, d := range strings.Split(path.Dir(rel), "/") {
		if testSupportDirs[strings.ToLower(d)] {
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
	// typeFirst and statements: see extract.Keywords.
	typeFirst  bool
	statements map[string]bool
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
		statements: set(k.Statements)}
	for _, t := range k.Tags {
		kw.tags = append(kw.tags, []byte(t))
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
		out[l] = newKeywords(l.Keywords)
	}
	return out
}()

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
	rest := ts.Names
	for k := 0; rest != ""; k++ {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			fn(rest, ts.Flags[k])
			return
		}
		fn(rest[:i], ts.Flags[k])
		rest = rest[i+1:]
	}
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
	add := func(tok []byte, f uint8) {
		if len(flags) > 0 {
			names = append(names, '\n')
		}
		names = append(names, tok...)
		flags = append(flags, f)
	}
	for len(src) > 0 {
		var line []byte
		line, src = extract.NextLine(src)
		t := extract.TrimIndent(line)
		if len(t) == 0 {
			continue
		}
		top := len(t) == len(line)
		if t = skipAnnotations(t); len(t) == 0 {
			continue
		}
		if kw.typeFirst && typedDecl(kw, t, top, add) {
			continue
		}
		first := true
		decl, varLine, typeLine := false, false, false
		for i, n := 0, 0; i < len(t) && n < maxDeclTokens; {
			if t[i] == '=' && decl {
				break
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
				i++
				continue
			}
			j := i
			for j < len(t) && extract.IdentByte(t[j]) {
				j++
			}
			tok := t[i:j]
			if first {
				decl = kw.maybe(tok) && kw.decl[string(tok)]
				if decl {
					first = false // the keyword itself is never a name
					varLine = kw.vars[string(tok)]
					typeLine = kw.typ[string(tok)]
					if varLine && !top {
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
			if !decl && kw.typeFirst && !kw.statements[string(tok)] {
				// "List<Order> findAll();", "Order order;": the name after
				// the type; the type is no name.
				if name, nf := typedName(t[j:]); name != nil {
					add(name, nf)
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
			} else {
				if startsDecl(t[j:]) {
					f |= fMember
				}
				if top && startsAssign(t[j:]) {
					f |= fDecl | fTop // "ID = NewType(...)": a module-level variable
				}
				if startsMethod(t[j:]) {
					f |= fMethod
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

// wireNames returns the names a member line's tags serialize the member as
// (requeueAt in `json:"requeueAt,omitempty"`), but a one-word lowercase
// name: `json:"spec"` names too many fields to stand for one of them.
func wireNames(kw *keywords, rest []byte) [][]byte {
	var out [][]byte
	for _, tag := range kw.tags {
		i := bytes.Index(rest, tag)
		if i < 0 || i > 0 && extract.IdentByte(rest[i-1]) {
			continue
		}
		name := rest[i+len(tag):]
		if end := bytes.IndexAny(name, `,"`); end >= 0 {
			name = name[:end]
		}
		if ident(name) && !spec.BareWord(string(name)) {
			out = append(out, name)
		}
	}
	return out
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
	var found map[string]bool
	ts.each(func(tok string, f uint8) {
		w := wanted[tok]
		if w == 0 {
			return
		}
		if w.accepts(f) {
			if found == nil {
				found = map[string]bool{}
			}
			found[tok] = true
		}
	})
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

// TopFolded lists the words declared on an unindented line whose
// lowercase spelling is in lower: the models behind default table names
// that lowercase them (Django's shop_cartitem is class CartItem).
func TopFolded(ts Tokens, lower map[string]bool) []string {
	var out []string
	ts.each(func(tok string, f uint8) {
		if f&fTop != 0 && lower[strings.ToLower(tok)] {
			out = append(out, tok)
		}
	})
	return out
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
	depth := 0
	for k := i; k < len(t); {
		c := t[k]
		switch {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case depth == 0 && (c == '(' || c == '=' || c == '{'):
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
				// Point").
				r := extract.TrimIndent(t[e:])
				n := 0
				for n < len(r) && extract.IdentByte(r[n]) {
					n++
				}
				if next := r[:n]; n > 0 && kw.maybe(next) && kw.typ[string(next)] {
					r = extract.TrimIndent(r[n:])
					for n = 0; n < len(r) && extract.IdentByte(r[n]); n++ {
					}
				}
				if n > 0 {
					emit(r[:n], base|fType)
				}
				return true
			}
			if depth == 0 && !(kw.maybe(w) && kw.decl[string(w)]) {
				// A name ends the line, or "(", "=", ",", ";" or a
				// property's "{" follows it, or its type parameters and "(".
				if r := extract.TrimIndent(t[e:]); len(r) == 0 || bytes.IndexByte([]byte("(=,;{"), r[0]) >= 0 || typeParamsCall(r) {
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
// brackets and qualifiers, blanks, then a name. It returns the name and
// how it stands: fDecl for a method's ("(" follows), fMember for a field's
// or a variable's ("=", ";" or "," follows); nil for anything else.
func typedName(rest []byte) ([]byte, uint8) {
	i := 0
type_:
	for i < len(rest) {
		switch c := rest[i]; {
		case c == '<':
			depth := 0
			for ; i < len(rest); i++ {
				if rest[i] == '<' {
					depth++
				} else if rest[i] == '>' {
					if depth--; depth == 0 {
						i++
						continue type_
					}
				}
			}
			return nil, 0
		case c == '[' && i+1 < len(rest) && rest[i+1] == ']':
			i += 2
		case c == '.' && i+1 < len(rest) && extract.IdentByte(rest[i+1]):
			for i++; i < len(rest) && extract.IdentByte(rest[i]); i++ {
			}
		default:
			break type_
		}
	}
	j := i
	for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
		j++
	}
	k := j
	for k < len(rest) && extract.IdentByte(rest[k]) {
		k++
	}
	if j == i || k == j {
		return nil, 0
	}
	switch after := extract.TrimIndent(rest[k:]); {
	case len(after) == 0:
		return nil, 0
	case after[0] == '(' || typeParamsCall(after):
		return rest[j:k], fDecl
	case after[0] == '=' && (len(after) < 2 || after[1] != '='), after[0] == ';', after[0] == ',', after[0] == '{':
		return rest[j:k], fMember
	}
	return nil, 0
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
	case c == ':' || c == ',' || c == '?' || c == '!':
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

package extract

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
)

// Kind is the kind of a definition, as named in the JSON contract.
type Kind string

// The definition kinds this package produces.
const (
	KindType         Kind = "type"
	KindInterface    Kind = "interface"
	KindFunction     Kind = "function"
	KindMethod       Kind = "method"
	KindConstant     Kind = "constant"
	KindEnum         Kind = "enum"
	KindError        Kind = "error"
	KindSchema       Kind = "schema" // a table, model, message or other data definition
	KindTestFiles    Kind = "test_files"
	KindArchitecture Kind = "architecture"
	KindIndex        Kind = "index" // one line per definition not shown whole
)

// Line is one line of a snippet and the 1-based source line it starts on.
type Line struct {
	Row  int
	Text string
}

// Member is a field, method or enum value inside a type-like definition,
// with the 1-based source rows it spans (leading comments included).
type Member struct {
	Name       string
	Start, End int
	// Decl is the first line of the member's own node, past the comments
	// and decorators Start takes in (a doc comment's @code example names
	// the member too), and an assigned attribute's assignment; 0 when not
	// recorded.
	Decl int
	// Line is an assigned attribute's line of source (`self.trackers =
	// {}`), which the type's own lines, its methods' bodies cut, lack.
	Line     string
	Method   bool   // a method or function, not a field or value
	Type     string // the type a schema field refers to, for relations
	Embedded bool   // a Go embedded struct or JS spread: kept when trimming
	// Assigned is an attribute a member gives its type without declaring
	// it (Language.Assigns): a member of its type, not what makes it wanted.
	Assigned bool
	// Serialized are the names a field is written as on the wire, where
	// they are declared (Go's json:"x" and yaml:"x" tags, protobuf's
	// json_name): a spec may name the field by them.
	Serialized []string
}

// Code is the first line of the member past the comments before it: its
// declaration's, or its decorators'.
func (m Member) Code() int {
	return max(m.Start, m.Decl)
}

// An Assignment is an attribute a member gives its type (Language.Assigns)
// and the node that assigns it.
type Assignment struct {
	Name string
	At   *sitter.Node
}

// sourceLine is the line of src that holds byte at, without its line end
// or trailing blanks.
func sourceLine(src []byte, at uint32) string {
	start := bytes.LastIndexByte(src[:at], '\n') + 1
	end := len(src)
	if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
		end = int(at) + i
	}
	return strings.TrimRight(string(src[start:end]), " \t\r")
}

// Answers reports whether the member is named name, as declared or as
// it is serialized.
func (m Member) Answers(name string) bool {
	return m.Name == name || slices.Contains(m.Serialized, name)
}

// Definition is one named definition and its snippet.
type Definition struct {
	Name string
	// Suffix is the ! or ? that ends a Ruby method's name (save!,
	// valid?), which Name is written without: the method is another than
	// the one of Name alone.
	Suffix    string
	Container string // receiver or class of a method
	Kind      Kind
	Title     string // heading word(s): "Interface", "Function Signature", ...
	Path      string
	Lang      *Language
	Exported  bool
	StartLine int // 1-based, inclusive: the source lines the snippet shows
	EndLine   int
	// Extent is the last line of the whole definition, body included,
	// when it ends past EndLine: the lines a location inside it names.
	Extent  int
	Lines   []Line
	Members []Member
	Broken  bool // the definition does not parse; Lines is empty
	// Unbuilt is a definition an extraction was not for (see Wants): its
	// name, kind, members and values are known, its snippet is not built.
	Unbuilt bool
	// Grouped is one name shown inside its declaration block (Go's
	// const ( ... ) and var ( ... )); Members are the block's names.
	Grouped bool
	// Bases are the classes or interfaces a class or interface extends,
	// the structs a Go struct embeds, the objects a JS object spreads in,
	// the class a variable is made from (tracker = Tracker()) or declared
	// as (Go's var Opts *configOptions): by name, for members inherited
	// from them.
	Bases []string
	// Aliases are other names the definition answers to: a model's table
	// name (Django db_table or app_model, __tablename__, Prisma @@map, a
	// Drizzle or TypeORM table name).
	Aliases []string
	// Namespace is the namespace the code declares the definition in,
	// dotted, where the file's path need not spell it (C#'s namespace
	// Shop.Api.Orders in src/Shop.Api/Orders, PHP's App\Models as
	// App.Models): a name qualified by its segments is the definition's.
	Namespace string
	// Amends marks a statement that changes another definition (SQL's
	// ALTER TABLE): it is listed by file, never shown.
	Amends bool
	// Route is set on route definitions.
	Route *Route
	// DeclLine is the line that declares the name: where to look.
	DeclLine int
	// Values are the string literals its value is made of, or its
	// members' values (see Value).
	Values []Value
	// Strings are the string literals of several lines the snippet
	// shows (a prompt, a docstring, a query), as first and last line.
	Strings [][2]int
}

// Text joins the snippet lines.
func (d *Definition) Text() string {
	var b strings.Builder
	for i, l := range d.Lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.Text)
	}
	return b.String()
}

// QualifiedName is Container.Name for methods and Name otherwise.
func (d *Definition) QualifiedName() string {
	if d.Container != "" {
		return d.Container + "." + d.Name
	}
	return d.Name
}

// ParseTimeout bounds one file's parse: tree-sitter can work very hard on
// pathological input, and one file must not stall a run. The bound is wall
// time, so it is set far above what any real source file under the size
// limit takes even on a loaded machine: a run's output must not depend on
// the load. A file that reaches it is read as text only, and said so.
const ParseTimeout = 30 * time.Second

// ErrGaveUp is the error of a parse that reached ParseTimeout.
var ErrGaveUp = errors.New("parse gave up")

// Parser parses files of any registered language. It holds one tree-sitter
// parser per language and is not safe for concurrent use: give each worker
// its own, and Close it when done.
type Parser struct {
	ps    map[*Language]*sitter.Parser
	focus map[*Language]*sitter.Parser // for parses of included ranges
	// want, during DefinitionsIn, is what it extracts for; skipped
	// collects the type bodies and member lists its Word rejected.
	want    *Want
	skipped []Span
}

// NewParser returns a parser with no languages loaded yet.
func NewParser() *Parser {
	return &Parser{ps: map[*Language]*sitter.Parser{}, focus: map[*Language]*sitter.Parser{}}
}

// Close frees the underlying tree-sitter parsers.
func (p *Parser) Close() {
	for _, sp := range p.ps {
		sp.Close()
	}
	for _, sp := range p.focus {
		sp.Close()
	}
	p.ps, p.focus = nil, nil
}

// Definitions returns every definition in src, in source order.
func (p *Parser) Definitions(ctx context.Context, lang *Language, name string, src []byte) (defs []Definition, err error) {
	if lang.Scan != nil {
		return lang.Scan(lang, name, src), nil
	}
	if stmts, ok := apartStatements(lang, src, nil); ok {
		return p.apart(ctx, lang, name, src, stmts)
	}
	defs, _, err = p.wholeOr(ctx, lang, name, src, nil)
	return defs, err
}

// wholeOr returns the definitions of src parsed whole; when the file does
// not parse, those of its statements each parsed on its own, of the
// statements that overlap only (all of them for nil only), and whole is
// false when only left some out.
func (p *Parser) wholeOr(ctx context.Context, lang *Language, name string, src []byte, only []Span) (defs []Definition, whole bool, err error) {
	tree, err := p.parseDefinitions(ctx, lang, name, src)
	if err != nil {
		return nil, false, err
	}
	defer tree.Close()
	if lang.Broken(tree.RootNode()) {
		// (A file whose every error is one the grammar makes of valid code
		// parses: C's macros in its functions' bodies.)
		if defs, ok, err := p.recovered(ctx, lang, name, src, only); ok || err != nil {
			return defs, only == nil, err
		}
	}
	defs, err = p.definitions(lang, name, src, tree)
	return defs, true, err
}

// definitions finds the language's definition patterns in a parsed file.
func (p *Parser) definitions(lang *Language, name string, src []byte, tree *sitter.Tree) (defs []Definition, err error) {
	return mergeOverloads(p.found(lang, name, src, tree), src), nil
}

// found is definitions before overloads are merged.
func (p *Parser) found(lang *Language, name string, src []byte, tree *sitter.Tree) (defs []Definition) {
	seen := map[[2]uint32]bool{}
	// snippets are the snippets built, by the bytes of the node shown: the
	// names of one declaration block (Go's const ( ... ) of a thousand
	// names) share one, instead of building it once per name.
	snippets := map[[2]uint32]*Definition{}
	members := map[[3]uint32][]Member{}
	memo := map[any]any{}
	for _, rm := range lang.Matches(tree.RootNode(), p.skip(lang, src)) {
		m := Match{Src: src, Kind: rm.Kind, Def: rm.Def, Name: rm.Name, Receiver: rm.Receiver, memo: memo}
		m.Out.Name = m.Name.Content(src)
		key := [2]uint32{m.Name.StartByte(), m.Def.StartByte()}
		if m.Out.Name == "" || seen[key] {
			// (An empty name is one the parser made up, recovering from an
			// error: it names nothing.)
			continue
		}
		seen[key] = true
		m.Out.Path, m.Out.Lang, m.Show = name, lang, m.Def
		if !lang.Refine(&m) {
			continue
		}
		m.Out.Name = Unquoted(m.Out.Name)
		m.Out.DeclLine = int(m.Name.StartPoint().Row) + 1
		if p.want != nil && p.want.Def != nil {
			// Whether it is wanted may hang on its members; its snippet,
			// the costly part, is built only when it is. Members are named
			// by words of the definition: when it holds no word the Want
			// wants, none of them is wanted, and they are built only if it
			// is wanted all the same; else its text is recorded as skipped.
			mentioned := p.mentionsWanted(lang, &m)
			if mentioned {
				buildMembers(lang, &m, members)
			}
			if !p.want.Def(&m.Out) {
				if !mentioned {
					p.skipped = append(p.skipped, m.membersSpan())
				}
				m.Out.Unbuilt = true
				defs = append(defs, m.Out)
				continue
			}
			if !mentioned {
				buildMembers(lang, &m, members)
			}
		}
		if brokenShown(lang, m.Show, m.OwnFunc) || m.ShowEnd != nil && lang.Broken(m.ShowEnd) {
			// A snippet around a parse error could show anything: say where
			// the definition is, show nothing.
			m.Out.Broken, m.Out.Members = true, nil
			m.Out.StartLine = int(m.Show.StartPoint().Row) + 1
			m.Out.EndLine = max(m.Out.StartLine, m.Out.DeclLine) // below its decorators, the name
			defs = append(defs, m.Out)
			continue
		}
		end := m.Show.EndByte()
		if m.ShowEnd != nil {
			end = m.ShowEnd.EndByte()
		}
		shown := [2]uint32{m.Show.StartByte(), end}
		if sn := snippets[shown]; sn != nil && m.OwnFunc == nil && m.from == nil {
			m.Out.Lines, m.Out.Strings, m.Out.StartLine, m.Out.EndLine = sn.Lines, sn.Strings, sn.StartLine, sn.EndLine
		} else {
			buildSnippet(lang, &m)
			if m.OwnFunc == nil && m.from == nil {
				snippets[shown] = &m.Out
			}
		}
		if end := m.Def; end != nil {
			if m.ShowEnd != nil {
				end = m.ShowEnd
			}
			if last := int(end.EndPoint().Row) + 1; last > m.Out.EndLine {
				m.Out.Extent = last
			}
		}
		if p.want == nil || p.want.Def == nil {
			buildMembers(lang, &m, members)
		}
		defs = append(defs, m.Out)
	}
	return defs
}

// Wants picks the definitions an extraction is for: the others are
// returned Unbuilt.
type Wants func(d *Definition) bool

// Want is what an extraction is for.
type Want struct {
	// Def picks the definitions whose snippets are built; nil: all.
	Def Wants
	// Word and Held say which source text may declare a wanted definition
	// (a name, a member's, a serialized name; a held value): text with a
	// word Word accepts, read as Focus reads the words of a statement, or
	// text Held accepts. A type body (Language.Bodies) that holds neither
	// is not walked, and what it declares is not returned: see
	// Extraction.Skipped. A nil Word: every type body is walked.
	Word func(w []byte) bool
	Held func(text []byte) bool
}

// Holds reports whether text may declare a wanted definition.
func (w *Want) Holds(text []byte) bool {
	return mentions(text, w.Word) || w.Held != nil && w.Held(text)
}

// mentionsWanted reports whether the text m's members are read from
// holds a word the Want wants; true when the Want reads no words, the
// language has no members, its calls define members the text may not
// spell, or Refine found them elsewhere.
func (p *Parser) mentionsWanted(lang *Language, m *Match) bool {
	if p.want.Word == nil || lang.Members == nil || lang.CallsDefine || m.OwnFunc != nil || m.MemberNodes != nil {
		return true
	}
	s := m.membersSpan()
	if p.want.Holds(m.Src[s.Start:s.End]) {
		return true
	}
	if lang.Expanded != nil {
		// (The members a macro it expands lists, which its text does not
		// spell.)
		for _, mem := range lang.Expanded(m.Def, m.Src) {
			if p.want.Word([]byte(mem.Name)) {
				return true
			}
		}
	}
	return false
}

// membersSpan is the text a match's members are read from: its
// definition node and the node its snippet runs on to.
func (m *Match) membersSpan() Span {
	s := Span{int(m.Def.StartByte()), int(m.Def.EndByte())}
	if m.ShowEnd != nil {
		s.Start, s.End = min(s.Start, int(m.ShowEnd.StartByte())), max(s.End, int(m.ShowEnd.EndByte()))
	}
	return s
}

// skip is the walk's Skip for the extraction under way: every function
// body of a language whose bodies keep nothing (Language.BodiesKeepNothing),
// and a body of Language.Bodies that does not hold what the Want wants,
// recorded in p.skipped.
func (p *Parser) skip(lang *Language, src []byte) Skip {
	byWords := p.want != nil && p.want.Word != nil && len(lang.Bodies) > 0 && !lang.CallsDefine
	if !byWords && !lang.BodiesKeepNothing {
		return nil
	}
	return func(n *sitter.Node) *sitter.Node {
		t := n.Type()
		if lang.BodiesKeepNothing && lang.Funcs[t] && (lang.OpenBody == nil || !lang.OpenBody(n, src)) {
			body, _ := funcBody(lang, n)
			return body // (unrecorded: nothing in it is kept, whatever is wanted)
		}
		if !byWords || !lang.Bodies[t] {
			return nil
		}
		body := n.ChildByFieldName("body")
		if body == nil || body.EndByte() <= body.StartByte() || p.want.Holds(src[body.StartByte():body.EndByte()]) {
			return nil
		}
		p.skipped = append(p.skipped, Span{int(body.StartByte()), int(body.EndByte())})
		return body
	}
}

// Built reports whether every definition wants picks is built: whether
// an extraction can answer wants.
func Built(defs []Definition, wants Wants) bool {
	for i := range defs {
		if defs[i].Unbuilt && (wants == nil || wants(&defs[i])) {
			return false
		}
	}
	return true
}

// Keep reports whether a definition answers to a wanted name: its own, an
// alias, or (for anything but a function) one of its members, by its name
// or a name it is serialized as.
func Keep(d *Definition, want func(string) bool) bool {
	if want(d.Name) {
		return true
	}
	for _, a := range d.Aliases {
		if want(a) {
			return true
		}
	}
	if d.Kind == KindFunction || d.Kind == KindMethod {
		return false
	}
	for _, m := range d.Members {
		if !m.Assigned && (want(m.Name) || slices.ContainsFunc(m.Serialized, want)) {
			return true
		}
	}
	return false
}

// mergeOverloads joins a function's consecutive declarations, separated by
// blank lines only, into one definition: TypeScript overload signatures and
// their implementation, Python's @overload stubs.
func mergeOverloads(defs []Definition, src []byte) []Definition {
	if len(defs) < 2 {
		return defs
	}
	var lines []string
	out := defs[:1]
	for _, d := range defs[1:] {
		prev := &out[len(out)-1]
		if d.Name == prev.Name && d.Suffix == prev.Suffix && d.Container == prev.Container && !d.Broken && !prev.Broken &&
			(d.Kind == KindFunction || d.Kind == KindMethod) && d.Kind == prev.Kind && d.StartLine > prev.EndLine {
			if lines == nil {
				lines = strings.Split(string(src), "\n")
			}
			// (A stub's body the snippet does not show, `...` under
			// Python's @overload with comments, is no separation; a body
			// of code is.)
			end := prev.EndLine
			if prev.Extent > end && prev.Extent < d.StartLine && stubBody(lines[end:prev.Extent]) {
				end = prev.Extent
			}
			blank := true
			for r := end + 1; r < d.StartLine; r++ {
				if strings.TrimSpace(lines[r-1]) != "" {
					blank = false
					break
				}
			}
			if blank {
				for r := end + 1; r < d.StartLine; r++ {
					prev.Lines = append(prev.Lines, Line{Row: r})
				}
				prev.Lines = append(prev.Lines, d.Lines...)
				prev.EndLine, prev.Extent = d.EndLine, d.Extent
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// stubBody reports lines that hold no code: blank, comments, and the
// placeholders a declaration's stub body is made of (`...`, `pass`).
func stubBody(lines []string) bool {
	for _, l := range lines {
		switch t := strings.TrimSpace(l); {
		case t == "", t == "...", t == "pass", strings.HasPrefix(t, "#"), strings.HasPrefix(t, "//"):
		default:
			return false
		}
	}
	return true
}

// parse parses src with the worker's parser for lang, within ParseTimeout.
func (p *Parser) parse(ctx context.Context, lang *Language, name string, src []byte) (*sitter.Tree, error) {
	return p.parseWith(ctx, p.parser(p.ps, lang), name, grammarText(lang, src))
}

// parseDefinitions parses src for its definitions: without the interiors
// of its function bodies (Language.FuncBodies), which declare nothing
// kept, when the lexer finds them and the rest parses without an error;
// else whole. Nodes span the bytes they do in src either way.
func (p *Parser) parseDefinitions(ctx context.Context, lang *Language, name string, src []byte) (*sitter.Tree, error) {
	if lang.FuncBodies != nil && lang.BodiesKeepNothing {
		if bodies, ok := lang.FuncBodies(src); ok && len(bodies) > 0 {
			tree, err := p.parseRangesOf(ctx, lang, name, grammarText(lang, src), ranges(Outside(bodies, len(src)), src))
			if err != nil {
				return nil, err
			}
			if !tree.RootNode().HasError() {
				return tree, nil
			}
			tree.Close()
		}
	}
	return p.parse(ctx, lang, name, src)
}

// parseRanges parses only the given spans of src, after the file's
// opening (LexSyntax.Opening), with a parser kept for that use: a
// parser's included ranges stay set until changed.
func (p *Parser) parseRanges(ctx context.Context, lang *Language, name string, src []byte, spans []Span) (*sitter.Tree, error) {
	if lx := lang.Lex; lx != nil && lx.Opening != nil {
		if n, ok := lx.Opening(src); ok && n > 0 {
			spans = Union([]Span{{0, n}}, spans)
		}
	}
	return p.parseRangesOf(ctx, lang, name, grammarText(lang, src), ranges(spans, src))
}

// parseRangesOf parses the given ranges of the text the grammar reads for
// a file, with a parser kept for that use.
func (p *Parser) parseRangesOf(ctx context.Context, lang *Language, name string, text []byte, ranges []sitter.Range) (*sitter.Tree, error) {
	sp := p.parser(p.focus, lang)
	sp.SetIncludedRanges(ranges)
	return p.parseWith(ctx, sp, name, text)
}

// grammarText is the text the language's grammar parses for src (see
// Language.Prepare): nodes span the same bytes in both, and snippets are
// always taken from src.
func grammarText(lang *Language, src []byte) []byte {
	if lang.Prepare == nil {
		return src
	}
	return lang.Prepare(src)
}

// parser returns the worker's tree-sitter parser for lang from ps.
func (p *Parser) parser(ps map[*Language]*sitter.Parser, lang *Language) *sitter.Parser {
	sp := ps[lang]
	if sp == nil {
		sp = sitter.NewParser()
		sp.SetLanguage(lang.Grammar())
		// The deadline is tree-sitter's own timeout, not a cancelable
		// context: go-tree-sitter's context watcher can fire after a parse
		// has finished and then abort the parser's next, unrelated parse.
		sp.SetOperationLimit(int(ParseTimeout / time.Microsecond))
		ps[lang] = sp
	}
	return sp
}

func (p *Parser) parseWith(ctx context.Context, sp *sitter.Parser, name string, src []byte) (*sitter.Tree, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	tree, err := sp.ParseCtx(context.Background(), nil, src)
	if err != nil {
		sp.Reset()
		if errors.Is(err, sitter.ErrOperationLimit) {
			return nil, fmt.Errorf("parse %s: %w after %s", name, ErrGaveUp, ParseTimeout)
		}
		return nil, fmt.Errorf("parse %s: %w", name, err)
	}
	return tree, nil
}

// buildSnippet fills Lines, Strings, StartLine and EndLine from m.Show:
// the node's text with a short leading doc comment, every nested function
// body replaced by the language's placeholder, and the definition's own
// body (when it ends the node) cut away so that only its signature stays.
func buildSnippet(lang *Language, m *Match) {
	src := m.Src
	start, startRow, startCol := m.Show.StartByte(), m.Show.StartPoint().Row, m.Show.StartPoint().Column
	// (Where the snippet starts at a lead or at one call of a chain, no
	// doc comment is looked for: a call deep in a long chain starts where
	// every call before it does, and the walk up to its statement would
	// climb the whole chain for each.)
	if m.lead == nil && (m.from == nil || m.from.StartByte() == 0) {
		if c := leading(lang, m.Show); c != nil {
			start, startRow, startCol = c.StartByte(), c.StartPoint().Row, c.StartPoint().Column
		}
	}
	if m.lead != nil {
		start, startRow, startCol = m.lead.StartByte(), m.lead.StartPoint().Row, m.lead.StartPoint().Column
	}
	if m.from != nil && m.from.StartByte() > 0 {
		// Include the "." of a chained call.
		start, startRow, startCol = m.from.StartByte()-1, m.from.StartPoint().Row, max(m.from.StartPoint().Column, 1)-1
	}
	end := m.Show.EndByte()
	if m.ShowEnd != nil {
		end = m.ShowEnd.EndByte()
	}

	type cut struct {
		from, to    uint32
		resumeRow   uint32
		placeholder string
	}
	var cuts []cut
	var strs [][2]int
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if stringNode(n) {
			if r0, r1 := int(n.StartPoint().Row)+1, int(n.EndPoint().Row)+1; r1 > r0 {
				strs = append(strs, [2]int{r0, r1})
			}
			return
		}
		if lang.Funcs[n.Type()] {
			// A function's own body always goes; a nested arrow function
			// keeps an expression body, which is part of a shape.
			if body, block := funcBody(lang, n); body != nil && (block || m.OwnFunc != nil && n.Equal(m.OwnFunc)) {
				from, ph := lang.Elide(body)
				if m.OwnFunc != nil && n.Equal(m.OwnFunc) && body.EndByte() >= lastCodeByte(m.Show) {
					// The definition's own body is cut where the language cuts
					// any body (after Python's colon), with nothing in its place.
					from, _ = lang.Elide(body)
					ph = ""
					cuts = append(cuts, cut{from: from, to: end, resumeRow: body.EndPoint().Row, placeholder: ph})
					return
				}
				to, resume := body.EndByte(), body.EndPoint().Row
				if e := closer(body); e != nil {
					to, resume = e.EndByte(), e.EndPoint().Row // the language's placeholder stands for it too
				}
				cuts = append(cuts, cut{from: from, to: to, resumeRow: resume, placeholder: ph})
				for i := 0; i < int(n.NamedChildCount()); i++ {
					if c := n.NamedChild(i); !c.Equal(body) {
						walk(c)
					}
				}
				return
			}
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	walk(m.Show)

	var lines []Line
	cur := Line{Row: int(startRow) + 1}
	row := startRow
	lastRow := startRow
	emit := func(from, to uint32) {
		seg := src[from:to]
		for {
			i := strings.IndexByte(string(seg), '\n')
			if i < 0 {
				cur.Text += string(seg)
				if len(strings.TrimSpace(string(seg))) > 0 {
					lastRow = row
				}
				return
			}
			cur.Text = strings.TrimSuffix(cur.Text+string(seg[:i]), "\r") // a CRLF line end is a line end
			if strings.TrimSpace(cur.Text) != "" {
				lastRow = row
			}
			lines = append(lines, cur)
			row++
			cur = Line{Row: int(row) + 1}
			seg = seg[i+1:]
		}
	}
	pos := start
	for _, c := range cuts {
		if c.from < pos {
			continue
		}
		emit(pos, c.from)
		if c.placeholder != "" {
			cur.Text += c.placeholder
			lastRow = row
		}
		pos, row = c.to, c.resumeRow
	}
	if pos < end {
		emit(pos, end)
	}
	lines = append(lines, cur)
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1].Text) == "" {
		lines = lines[:len(lines)-1]
	}
	if n := len(lines); n > 0 {
		lines[n-1].Text = strings.TrimRight(lines[n-1].Text, " \t\r")
	}
	Dedent(lines, int(startCol))
	m.Out.Lines = lines
	m.Out.Strings = strs
	m.Out.StartLine = int(startRow) + 1
	m.Out.EndLine = int(lastRow) + 1
}

// brokenShown reports a parse error in what a snippet of show shows. A
// body the snippet cuts whole may hold one (a construct the grammar does
// not know, deep in a body) and leave the rest as it is written: its own
// function's body, and a nested function's block whose braces both
// parsed, which keeps the error inside it. An error the language says its
// grammar misreads (Language.Misread) is none.
func brokenShown(lang *Language, show, own *sitter.Node) bool {
	if !lang.Broken(show) {
		return false
	}
	var errorOutside func(n *sitter.Node) bool
	errorOutside = func(n *sitter.Node) bool {
		if !n.HasError() {
			return false
		}
		if n.IsMissing() || n.Type() == "ERROR" {
			return lang.Misread == nil || !lang.Misread(n, show)
		}
		var cut *sitter.Node
		if lang.Funcs[n.Type()] {
			if body, block := funcBody(lang, n); body != nil &&
				(own != nil && n.Equal(own) && body.EndByte() >= lastCodeByte(show) || block && braced(body)) {
				cut = body
			}
		}
		if cut != nil && cut.Equal(n) {
			return false
		}
		inChild := false
		for i := 0; i < int(n.ChildCount()); i++ {
			if c := n.Child(i); c.HasError() && (cut == nil || !c.Equal(cut)) {
				inChild = true
				if errorOutside(c) {
					return true
				}
			}
		}
		return !inChild && (cut == nil || !cut.HasError() || n.ChildCount() == 0)
	}
	return errorOutside(show)
}

// braced reports a block whose opening and closing braces both parsed, or
// an expression body (= when { ... }, = transaction { ... }) whose
// expression ends with such a pair: an error inside stays inside.
func braced(body *sitter.Node) bool {
	k := int(body.ChildCount())
	if k < 2 {
		return false
	}
	first, last := body.Child(0), body.Child(k-1)
	if first.Type() == "=" && !first.IsMissing() {
		return endsBraced(last)
	}
	return first.Type() == "{" && last.Type() == "}" && !first.IsMissing() && !last.IsMissing()
}

// endsBraced reports a node whose last token is a } that parsed, closing
// a { that parsed among the children of the same node.
func endsBraced(n *sitter.Node) bool {
	for {
		k := int(n.ChildCount())
		if k == 0 {
			return false
		}
		last := n.Child(k - 1)
		if last.Type() != "}" {
			n = last
			continue
		}
		if last.IsMissing() {
			return false
		}
		for i := range k - 1 {
			if c := n.Child(i); c.Type() == "{" {
				return !c.IsMissing()
			}
		}
		return false
	}
}

// funcBody is the body of a node of lang.Funcs and whether it is a block
// of statements (see Language.Body).
func funcBody(lang *Language, n *sitter.Node) (*sitter.Node, bool) {
	if lang.Body != nil {
		return lang.Body(n)
	}
	body := n.ChildByFieldName("body")
	return body, body != nil && isBlock(body)
}

// buildMembers fills Members from the definition node (or the node the
// snippet runs on to). built holds the members already built, by the
// bytes of the member nodes and their count: the names of one declaration
// block share them.
func buildMembers(lang *Language, m *Match, built map[[3]uint32][]Member) {
	if lang.Members == nil || m.OwnFunc != nil {
		return
	}
	def := m.Def
	if m.ShowEnd != nil {
		def = m.ShowEnd
	}
	mems := m.MemberNodes
	if mems == nil {
		mems = lang.Members(def)
	}
	if lang.Expanded != nil {
		defer func() {
			if more := lang.Expanded(def, m.Src); len(more) > 0 {
				m.Out.Members = slices.Concat(m.Out.Members, more) // (a copy: members built are shared)
			}
		}()
	}
	if len(mems) == 0 {
		return
	}
	key := [3]uint32{mems[0].StartByte(), mems[len(mems)-1].EndByte(), uint32(len(mems))}
	if ms, ok := built[key]; ok {
		m.Out.Members = ms
		return
	}
	before := siblingsBefore(mems)
	for _, mem := range mems {
		if mem.Type() == "decorator" {
			continue // a TypeScript decorator is a sibling of the member it decorates: its first lines
		}
		mm := Member{Start: int(mem.StartPoint().Row) + 1, End: int(mem.EndPoint().Row) + 1, Embedded: lang.Embedded != nil && lang.Embedded(mem)}
		mm.Decl = mm.Start
		switch {
		case lang.Member != nil:
			var last *sitter.Node
			if mm.Name, mm.Method, last = lang.Member(mem, m.Src); last != nil {
				mm.End = int(LastRow(last)) + 1
			}
		case lang.MemberName != nil:
			if mm.Name = lang.MemberName(mem, m.Src); mm.Name == "" {
				continue
			}
			mm.Method = isMethodNode(mem)
		default:
			mm.Name, mm.Method = memberName(mem, m.Src), isMethodNode(mem)
		}
		mm.Name = Unquoted(mm.Name)
		if lang.Field != nil {
			mm.Type, mm.Serialized = lang.Field(mem, m.Src)
		}
		for c := prevNamedOf(mem, before); c != nil && (IsComment(c) && !endsCode(c) || c.Type() == "decorator" || lang.Attributes[c.Type()]) && int(LastRow(c))+1 >= mm.Start-1; c = prevOf(c, before) {
			mm.Start = int(c.StartPoint().Row) + 1
		}
		if c := mem.NextNamedSibling(); c != nil && IsComment(c) && c.StartPoint().Row == LastRow(mem) {
			mm.End = max(mm.End, int(LastRow(c))+1) // its comment, on its last line and those below
		}
		m.Out.Members = append(m.Out.Members, mm)
		if lang.MoreNames != nil {
			for _, n := range lang.MoreNames(mem, m.Src) {
				more := mm
				more.Name = n
				m.Out.Members = append(m.Out.Members, more)
			}
		}
		if lang.Assigns != nil {
			for _, a := range lang.Assigns(mem, m.Src) {
				at := Member{Name: a.Name, Start: mm.Start, End: mm.End, Assigned: true}
				if a.At != nil {
					// Its line loses the indentation the snippet's lines lose:
					// the definition's own.
					line := sourceLine(m.Src, a.At.StartByte())
					col := min(int(m.Show.StartPoint().Column), len(line)-len(strings.TrimLeft(line, " \t")))
					at.Decl, at.Line = int(a.At.StartPoint().Row)+1, line[col:]
				}
				m.Out.Members = append(m.Out.Members, at)
			}
		}
	}
	built[key] = m.Out.Members
}

// stringNode reports a string literal: a node whose grammar type names a
// string (string, raw_string_literal, template_string, string_literal...),
// not one of its parts.
func stringNode(n *sitter.Node) bool {
	t := n.Type()
	return strings.Contains(t, "string") && !strings.Contains(t, "content") && !strings.Contains(t, "fragment") &&
		!strings.HasSuffix(t, "_start") && !strings.HasSuffix(t, "_end")
}

// isMethodNode reports members that are methods rather than fields.
func isMethodNode(n *sitter.Node) bool {
	t := n.Type()
	if t == "decorated_definition" {
		if d := n.ChildByFieldName("definition"); d != nil {
			t = d.Type()
		}
	}
	if t == "template_declaration" {
		// A C++ template's declaration: its last named child.
		if c := n.NamedChild(int(n.NamedChildCount()) - 1); c != nil {
			return isMethodNode(c)
		}
	}
	return strings.Contains(t, "method") || strings.Contains(t, "constructor") || t == "function_definition" || t == "function_item" || t == "function_signature_item" ||
		strings.HasSuffix(t, "function_declaration") || t == "init_declaration" || // Swift's func, protocol func, init
		DeclaresFunction(n)
}

// DeclaresFunction reports a C or C++ declaration whose declarator is a
// function's, through pointers and references: a method declared in its
// class (void cancel();, Order *find(int id);), not a pointer to a
// function ((*cb)(int)).
func DeclaresFunction(n *sitter.Node) bool {
	for d := n.ChildByFieldName("declarator"); d != nil; {
		switch d.Type() {
		case "function_declarator":
			inner := d.ChildByFieldName("declarator")
			return inner == nil || inner.Type() != "parenthesized_declarator"
		case "pointer_declarator":
			d = d.ChildByFieldName("declarator")
		case "reference_declarator":
			d = d.NamedChild(0)
		default:
			return false
		}
	}
	return false
}

// lastCodeByte is the end of the node's last child that is not a comment,
// a punctuation-only trailer such as a semicolon, or the keyword that
// closes a body (Ruby's end).
func lastCodeByte(n *sitter.Node) uint32 {
	for i := int(n.ChildCount()) - 1; i >= 0; i-- {
		c := n.Child(i)
		if c.IsNamed() && !IsComment(c) {
			return lastCodeByte(c)
		}
		if !c.IsNamed() && c.Type() != ";" && c.Type() != "end" {
			return c.EndByte()
		}
	}
	return n.EndByte()
}

// closer returns the keyword that closes a body after it, past comments
// (Ruby's end); nil for none.
func closer(body *sitter.Node) *sitter.Node {
	c := body.NextSibling()
	for c != nil && IsComment(c) {
		c = c.NextSibling()
	}
	if c != nil && !c.IsNamed() && c.Type() == "end" {
		return c
	}
	return nil
}

// isBlock reports whether a body node is a statement block rather than an
// expression (an arrow function's expression body is kept).
func isBlock(n *sitter.Node) bool {
	switch n.Type() {
	case "block", "statement_block", "constructor_body", "compound_statement", "class_body", "body_statement":
		return n.Type() != "class_body"
	}
	return false
}

// leading returns the node a definition's snippet starts at, when it is
// not the definition's own: the first of the attributes right above it
// (Language.Attributes, the comments among them included), or the doc
// comment above those (see docComment); nil for none.
func leading(lang *Language, n *sitter.Node) *sitter.Node {
	first := n
	for c, below := n.PrevNamedSibling(), n; c != nil && (lang.Attributes[c.Type()] || IsComment(c)) && LastRow(c)+1 >= below.StartPoint().Row; c, below = c.PrevNamedSibling(), c {
		if lang.Attributes[c.Type()] {
			first = c
		}
	}
	if c := docComment(first); c != nil {
		return c
	}
	if first != n {
		return first
	}
	return nil
}

// docComment returns the first node of a contiguous comment block that ends
// on the line before n, when that block is at most three lines long. A
// comment that ends a line of code is that line's, not n's.
func docComment(n *sitter.Node) *sitter.Node {
	var first *sitter.Node
	want := n.StartPoint().Row
	for c := prevNamed(n); c != nil && IsComment(c); c = c.PrevNamedSibling() {
		if LastRow(c)+1 != want {
			break
		}
		if endsCode(c) {
			break // a comment at the end of the line above speaks of that line
		}
		first, want = c, c.StartPoint().Row
	}
	if first == nil || n.StartPoint().Row-first.StartPoint().Row > 3 {
		return nil
	}
	return first
}

// prevNamed returns the named node before n: its previous named sibling,
// or, when n starts a body that starts where n does (Ruby's
// body_statement), the body's: the comments above the first statement of
// a body are siblings of the body. A comment that ends the line that opens
// the body (Python's "class A:  # noqa") speaks of that line: nil.
func prevNamed(n *sitter.Node) *sitter.Node { return prevNamedOf(n, nil) }

// prevNamedOf is prevNamed, the siblings before the nodes of before
// known already.
func prevNamedOf(n *sitter.Node, before map[*sitter.Node]*sitter.Node) *sitter.Node {
	climbed := false
	for prevOf(n, before) == nil && n.Parent() != nil && n.Parent().StartByte() == n.StartByte() && n.Parent().Parent() != nil {
		n, climbed = n.Parent(), true
	}
	c := prevOf(n, before)
	if climbed && c != nil && IsComment(c) && endsCode(c) {
		return nil
	}
	return c
}

// prevOf is n's previous named sibling, from before when it knows n.
func prevOf(n *sitter.Node, before map[*sitter.Node]*sitter.Node) *sitter.Node {
	if p, ok := before[n]; ok {
		return p
	}
	return n.PrevNamedSibling()
}

// siblingsBefore maps each named child of the nodes' parents (comments
// too) to the named child before it (nil for the first), listing each
// parent's children once with a cursor: tree-sitter finds a node's
// previous sibling by walking its parent's children from the first, which
// for each member of a class of a thousand is the square of its size.
func siblingsBefore(nodes []*sitter.Node) map[*sitter.Node]*sitter.Node {
	if len(nodes) < cursorFrom {
		return nil
	}
	out := map[*sitter.Node]*sitter.Node{}
	done := map[*sitter.Node]bool{}
	for _, n := range nodes {
		p := n.Parent()
		if p == nil || done[p] {
			continue
		}
		done[p] = true
		cur := sitter.NewTreeCursor(p)
		var prev *sitter.Node
		for ok := cur.GoToFirstChild(); ok; ok = cur.GoToNextSibling() {
			if c := cur.CurrentNode(); c.IsNamed() {
				out[c], prev = prev, c
			}
		}
		cur.Close()
	}
	return out
}

// endsCode reports a comment that ends a line of code, the line that
// opens a body too (after its brace or colon): it speaks of that line.
func endsCode(c *sitter.Node) bool {
	p := c.PrevSibling()
	return p != nil && LastRow(p) == c.StartPoint().Row
}

// Dedent removes the common indentation of lines after the first, which
// starts at column col in its file: a method's snippet reads as if it
// stood at the file's left edge.
func Dedent(lines []Line, col int) {
	cut := col
	for _, l := range lines[min(1, len(lines)):] {
		if strings.TrimSpace(l.Text) == "" {
			continue
		}
		cut = min(cut, len(l.Text)-len(strings.TrimLeft(l.Text, " \t")))
	}
	for i := 1; i < len(lines); i++ {
		t := lines[i].Text
		if len(t) >= cut && strings.TrimSpace(t[:cut]) == "" {
			lines[i].Text = t[cut:]
		} else {
			lines[i].Text = strings.TrimLeft(t, " \t")
		}
	}
}

// MemberNameOf is the general rule for a member node's name, for a
// Language.MemberName to fall back on: see memberName.
func MemberNameOf(n *sitter.Node, src []byte) string { return memberName(n, src) }

// Unquoted is a name as code calls it: an identifier escaped with
// backticks (Swift's func `default`, case `default`; Kotlin's fun `does
// x`) is the text between them.
func Unquoted(name string) string {
	if len(name) > 2 && name[0] == '`' && name[len(name)-1] == '`' {
		return name[1 : len(name)-1]
	}
	return name
}

// memberName is the name of a member node: its name field, its
// definition's or first declarator's (a Java field's), or the first
// identifier-like node in it.
func memberName(n *sitter.Node, src []byte) string {
	for _, f := range []string{"name", "left", "definition", "declarator"} {
		if c := n.ChildByFieldName(f); c != nil {
			if f == "definition" || f == "declarator" {
				return memberName(c, src)
			}
			return c.Content(src)
		}
	}
	if n.Type() == "expression_statement" && n.NamedChildCount() > 0 {
		return memberName(n.NamedChild(0), src)
	}
	if strings.HasSuffix(n.Type(), "identifier") {
		return n.Content(src)
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		if s := memberName(n.NamedChild(i), src); s != "" {
			return s
		}
	}
	return ""
}

// Parameters returns the words a function's or method's signature writes
// in its parameter list, from the first parenthesis after its name to the
// one that closes it: its parameters' names, and their types and default
// values' words. A definition whose snippet is not built has none.
func Parameters(d *Definition) []string {
	var out []string
	depth, started := 0, false
	for _, l := range d.Lines {
		text := l.Text
		if !started {
			i := strings.Index(text, d.Name)
			if i < 0 {
				continue
			}
			j := strings.IndexAny(text[i+len(d.Name):], "(")
			if j < 0 {
				continue
			}
			text, started = text[i+len(d.Name)+j:], true
		}
		for k := 0; k < len(text); k++ {
			switch c := text[k]; {
			case c == '(':
				depth++
			case c == ')':
				if depth--; depth == 0 {
					return out
				}
			case IdentByte(c) && (k == 0 || !IdentByte(text[k-1])):
				e := k
				for e < len(text) && IdentByte(text[e]) {
					e++
				}
				out = append(out, text[k:e])
				k = e - 1
			}
		}
	}
	return out
}

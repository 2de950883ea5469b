package extract

import "strings"

// Keywords are the words by which the declaration scan, which picks the
// files worth parsing, reads a line of source text. The scan reads a file
// by its own language's keywords only: another language's (SQL's CREATE,
// Go's type) may be a name there.
type Keywords struct {
	// Decl start a line that declares something ("func", "class", "CREATE").
	Decl []string
	// Type, on a declaration line, make it one of a type or table
	// ("interface", "TABLE").
	Type []string
	// Var declare names followed by their type: only the names count, and
	// on an indented line they declare locals, never a definition.
	Var []string
	// Receiver start a line on which a parenthesised receiver comes before
	// the declared name: "func (r *Repo) Walk(". A line is such a line when
	// its text starts with one.
	Receiver []string
	// Tags are what precedes, on a member's line, a name the member is
	// serialized as (Go's `json:"` in json:"requeueAt,omitempty",
	// protobuf's `json_name = "`): a spec may name the member so.
	Tags []string
	// SpacedTags are tags whose value is words apart by spaces, of which
	// the name the member is stored as is one (SpacedTagName: xorm's
	// `xorm:"not null INT(11) user_id"`).
	SpacedTags []string
	// TypeFirst says a declaration may start with its type, no keyword
	// before it (Java's `List<Order> findAll();`, `Order order;`): on a
	// line whose first word is neither a keyword of Decl nor one of
	// Statements, the word after that type (its type arguments, array
	// brackets and qualifiers) is declared: a method's name before "(", a
	// field's or a variable's before "=", ";" or ",".
	TypeFirst bool
	// Statements start a line that declares nothing, whatever follows
	// (return, throw, new): read only under TypeFirst.
	Statements []string
	// Annotated says a name's type may follow it after a ":" on its
	// declaration line ("readonly logger: ILogger"): the type is used
	// there, not declared.
	Annotated bool
	// Quoted open a call whose first argument, in quotes, is a name it
	// declares, wherever the call stands (PHP's define('API_KEY', and a
	// Laravel migration's Schema::create('users',).
	Quoted []string
	// Locals start a line whose more indented lines below are a
	// function's body, in a language whose blocks are marked by
	// indentation (Python's def) or formatted so (gofmt's func): there
	// "name = value" assigns a local, never a member.
	Locals []string
	// ColonBases says a ":" after a type's name opens its bases and
	// conformances (Swift's, Kotlin's), which its line uses, not declares.
	ColonBases bool
	// Bindings declare a member in a type's body and a local in a
	// function's (Kotlin's val and var, Swift's let and var): below a
	// line of Locals, a local, never a definition.
	Bindings []string
	// LocalWords declare only locals (Rust's let): the name after one
	// (and after `mut`) stands as a local, so that a gap can say where it
	// stands, and makes no file a candidate.
	LocalWords []string
	// Spaces declare a namespace no extraction returns a definition of
	// (C++'s namespace): its name stands there, but no file is parsed for
	// it.
	Spaces []string
	// ColonKeys says "name:" at a line's start is a key, a label or a
	// parameter, never a member (Go's fields are "Name Type"; Kotlin's and
	// Swift's members are declared with val, var or let; Ruby's by calls).
	ColonKeys bool
	// LoneCalls says a word alone on its line is an expression or a call
	// (Python's, Ruby's), never a member such as an enum value.
	LoneCalls bool
	// Keys follow a quoted word that starts a line when the word is a key
	// the line declares (PHP's "=>" in a configuration array:
	// 'timezone' => 'UTC'): the word stands as a member's name.
	Keys []string
	// TripleQuotes are the quotes that, tripled, open a string spanning
	// lines (Python's """ and ''', GraphQL's """): a line that starts inside
	// such a string, or with one, declares nothing (a GraphQL query in a
	// Python test, a docstring's first word).
	TripleQuotes string
	// Params are keywords whose name may be followed by its parameters
	// without parentheses (Ruby's "def invalid reason"): the line declares
	// the one name (and a receiver before a ".").
	Params []string
	// Sigil marks an instance variable (Ruby's @name): a line that starts
	// with one sets or uses it, and declares nothing.
	Sigil string
	// ParamLists says a line ending with "(" opens a parameter or argument
	// list, not a group declaration (Go's const, var and type blocks
	// aside) nor a type's primary constructor: the lines after it, to the
	// ")" that closes it, declare only parameters and arguments (a long
	// signature's "version string,"), whose names stand, as a local's do,
	// and make no file a candidate.
	ParamLists bool
	// Attributes opens an attribute list at a line's start (C#'s "[" in
	// [KernelFunction, Description("...")]): the list declares nothing;
	// what follows it on the line is read as a line of its own.
	Attributes byte
	// Enums are calls whose hash or array, spanning lines, lists a type's
	// values (Rails' enum): each line's key or symbol is declared.
	Enums []string
	// Constants says an assignment declares a definition only to a
	// capitalized name (Ruby's constants): "stories = ..." sets a local.
	Constants bool
	// KeyDirs, when set, are the directory names under which Keys apply
	// (PHP's config/): elsewhere a key is data, a test's or a view's.
	KeyDirs []string
	// VarMark marks a variable's name (PHP's $): on a declaration line a word
	// followed by one is the variable's type ("protected PageRepo
	// $pages"), used, not declared.
	VarMark string
	// IndentBodies says a function's body is formatted between a header
	// that opens it and the "}" at the header's indentation (C's, C++'s,
	// Java's and C#'s usual formatting, the brace on the header's line or
	// below it): the declarations there are locals. A line of another kind
	// at the header's indentation or less ends a body the scan took for
	// one.
	IndentBodies bool
	// CommentDecl starts a comment that names the statement below it:
	// the word after it is declared (sqlc's and yesql's `-- name:
	// GetAccount :one` above a query).
	CommentDecl string
	// MemberAssigns says a statement `Name.member = ...` (or
	// `Name.prototype.member = ...`) declares member as its object's, at a
	// module's top level or directly in the body of the function the
	// module exports (`module.exports = function (Topics) {`, a mixin that
	// adds to the object it is given): CommonJS modules define their API so.
	MemberAssigns bool
	// CamelVariants says an enum's variants are capitalized words and a
	// name before "!" is a macro's call (Rust): a line that starts with a
	// lowercase word alone or before a comma (a struct literal's
	// shorthand field, an argument), with a word before "!" (`never!(`)
	// or before "<" (a tuple struct's field type, `Option<Id>,`) declares
	// no member.
	CamelVariants bool
	// MacroArgs says a line that is a call of an all-capitals macro with
	// a name for its first argument (an X-macro's list entry,
	// `ERROR( transaction_throttled_hot_shard, 1235, "...")`) may declare
	// that name through the macro: it stands, so that no gap calls it
	// absent, and makes no file a candidate (C, C++).
	MacroArgs bool
	// TestMarks start an attribute line that makes the module the next
	// line opens test code (Rust's #[cfg(test)] above `mod tests {`): to
	// the "}" at the attribute's indentation, what the module declares
	// is nothing the extraction returns.
	TestMarks []string
	// CodeOpen and CodeClose enclose the code of a file that may hold
	// other text around it (PHP's <?php and ?>, in a template of HTML):
	// outside them, nothing is declared. A file with no CodeOpen declares
	// nothing.
	CodeOpen, CodeClose string
}

// TestMatch is what Language.Tests finds for one source file.
type TestMatch struct {
	// Named are the tests named after the source file (foo_test.go,
	// test_foo.py, foo.test.ts).
	Named []string
	// Package are the tests of the source file's package: they cover it
	// when none is named after it.
	Package []string
	// ByPackage says that the source file's tests are its package's: a
	// test elsewhere never covers it by importing it.
	ByPackage bool
}

// Family is the language a language is a dialect of, or the language
// itself: the name code is grouped by.
func (l *Language) Family() string {
	if l.Dialect != "" {
		return l.Dialect
	}
	return l.Name
}

// spacedTagWords are the words of a spaced tag that are no name: its
// options and the SQL types it may write in lower case.
var spacedTagWords = WordSet(`pk autoincr null notnull not unique index extends deleted created updated version default comment
	local utc json jsonb int integer bigint smallint tinyint mediumint varchar char text longtext mediumtext tinytext bool boolean
	datetime timestamp timestamptz date time float double decimal numeric real blob longblob mediumblob tinyblob bit binary varbinary
	bytea uuid serial bigserial`)

// SpacedTagName is the name a spaced tag's value stores its member as: a
// word in single quotes ('user_id'), else the last lower-case identifier
// that is no option and no type; an option's value (after default or
// comment, quoted or in parentheses: `default 'active'`,
// `comment('notify user id')`) is none. "" for none.
func SpacedTagName(v string) string {
	words := spacedWords(v)
	name := ""
	for i := 0; i < len(words); i++ {
		w := words[i]
		lower := strings.ToLower(w)
		if lower == "default" || lower == "comment" {
			i++ // (its value)
			continue
		}
		if strings.HasPrefix(lower, "default(") || strings.HasPrefix(lower, "comment(") {
			continue
		}
		if len(w) > 2 && w[0] == '\'' && w[len(w)-1] == '\'' {
			return w[1 : len(w)-1]
		}
		if spacedTagWords[lower] {
			continue
		}
		if w[0] >= 'a' && w[0] <= 'z' && strings.IndexFunc(w, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) < 0 {
			name = w
		}
	}
	return name
}

// spacedWords splits a spaced tag's value at its spaces, but not inside
// single quotes or parentheses: `comment('notify user id')` is one word.
func spacedWords(v string) []string {
	var out []string
	depth, quoted, start := 0, false, -1
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == ' ' && depth == 0 && !quoted {
			if start >= 0 {
				out = append(out, v[start:i])
			}
			start = -1
			continue
		}
		if start < 0 {
			start = i
		}
		switch c := v[i]; {
		case c == '\'':
			quoted = !quoted
		case c == '(' && !quoted:
			depth++
		case c == ')' && !quoted && depth > 0:
			depth--
		}
	}
	return out
}

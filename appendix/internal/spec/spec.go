package spec

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// Source says where in the spec a reference was found.
type Source int

// Sources in priority order: a name in an inline code span outranks one in
// prose, which outranks one inside a fenced code block.
const (
	FromCode Source = iota
	FromProse
	FromFence
)

// Hint is what the words around a reference say it is.
type Hint string

// Hints read from the spec's wording.
const (
	HintNone      Hint = ""
	HintTable     Hint = "table"
	HintType      Hint = "type"
	HintInterface Hint = "interface"
	HintFunction  Hint = "function"
	HintEnum      Hint = "enum"
	HintConstant  Hint = "constant"
	HintField     Hint = "field"
)

// Ref is one code-like name or path the spec mentions. Mentions of the same
// name are merged: Line is the first, Modified is true if any mention
// proposes a change.
type Ref struct {
	Name     string // identifier, dotted name (Order.total) or slash path
	Line     int    // 1-based spec line of the first mention
	Source   Source
	Modified bool
	Hint     Hint
	Path     string // a path named near the reference, to choose between definitions
	// Placed is a file or directory the wording says defines the name:
	// "`billing/models.py` defines `UsageMeter`", "`UsageMeter` in
	// `billing/models.py`". A definition elsewhere, and none there, is
	// drift between the spec and the code.
	Placed string
	IsPath bool
	// At is the line a location names in its file
	// (`pkg/core/controller.go:807`, `app/models.py#L40`): the definition
	// around that line is meant. Name keeps the spelling; File is the path.
	At   int
	File string
	// Rev is the revision a code host's link names a line at
	// (github.com/o/r/blob/v1.10.1/pkg/x.go#L264): At is a line of that
	// revision's file, whose definition around it is meant, if the
	// revision is this repository's; otherwise the link is no reference.
	Rev string
	// Route is set for an endpoint: `POST /items/{id}/tags`, `/webhook`.
	Route *RouteRef
	// Command says the name is the definition of a project's own command
	// a shell line runs (`manage.py sendalerts`: sendalerts.Command), whose
	// module is the repository's, never a dependency's.
	Command bool
	// Strong references are reported when they cannot be resolved; weak
	// ones (prose words, fenced code) are kept only if they resolve.
	Strong bool
	// Lang is the language the wording names next to the reference ("the
	// `Order` GraphQL type"): definitions in it rank first.
	Lang string
	// Compat is a name the spec promises to keep compatible ("backward
	// compatible with X", "must not change X"): Round 1 shows only these.
	Compat bool
	// Mentions counts the spec's lines that name the reference as a word,
	// and KeySection says one of them is under a heading that states the
	// design (current state, blast zone, changes, data model, interfaces):
	// how central the name is to the spec.
	Mentions   int
	KeySection bool
	// Proposed is a name the spec introduces ("add a `retries` field",
	// "the new `CostTracker` type"): its absence is expected, and says so.
	Proposed bool
	// Called is a name the spec writes as a call (`prune()`): a function,
	// never a string value.
	Called bool
	// Via is a name written right after "via" or "through" ("ETag support
	// via `/all.xml`"): the way to what the clause adds, which may exist.
	Via bool
	// Guessed is a member the spec's code names on a variable it binds
	// (`inv.is_expired()` of `let inv = LocalUserInvite::read_by_token(...)`),
	// read as the member of the type that made the value: shown when that
	// type has it, never a gap (the value may be another type's).
	Guessed bool
	// Invoked is a name every mention of which is the spec's code calling
	// it on a value (`.primary_key()`): a method of what it is called on,
	// never a table's name.
	Invoked bool
	// Suffix is the ! or ? the spec's code span ends the name with
	// (`save!`, `Comment#is_gone?`): a Ruby method of that full name,
	// another than the one without it. Name is written without it.
	Suffix string
	// Namespace is the namespace path the spec writes the name under,
	// dotted (App.Support.Webhook of PHP's
	// `App\Support\Webhook\RetryPolicy`, App.Models of
	// `App\Models\Webhook::find`): its parts name no type.
	Namespace string
	// Declared is a name the spec's own code declares at its top level
	// (`def shard_matmul(lhs, rhs):`, `class RetryPolicy:`): the code's
	// own definition of the name is one, no documentation's copy.
	Declared bool
	// OwnMember is a name the spec's own code declares as a member of a
	// type it declares (`fn unlock_user` in its `trait LockHandler`): where
	// no definition answers it, the spec introduces it.
	OwnMember bool
	// Value is the string a code span gives the name (`CONFIRM_VALUE =
	// 'RESET'`): of several constants of the name, the one that holds it.
	Value string
	// OwnEnum is the enum the spec's code declares the name a value of
	// (`Playback` in its `enum ApiKeyScope { ... }`): no other enum's
	// value of that name.
	OwnEnum string
	// OwnTypes are the types the spec's code declares the name a field of
	// (`resolved_at = Column(...)` in its `class IncidentSlaBreach`): no
	// other type's field of that name, but what they inherit from
	// OwnBases, the types their declarations name after their own names.
	OwnTypes []string
	OwnBases []string
	// Listed is the heading that lists the name among what the spec
	// introduces ("New types"), "" for none: where no definition answers
	// it, the spec introduces it.
	Listed string
	// Also are the places further mentions give the name that the first
	// one's contradict ("the object type `Docs` (docs.model.ts)", then
	// "the Prisma model `Docs`"): the spec may mean a definition at each.
	// (Path and Lang still take the first path and language of any
	// mention.)
	Also []Placement
	// ConfigKey is a configuration key's path, its parts spelled in
	// kebab case (Spring Boot's `application.elasticsearch.reindex-on-startup`):
	// set in a configuration file, no identifier of the code.
	ConfigKey bool
	// Keyword is a name the spec's code writes only as a keyword
	// argument or a parameter's default (`model_name="BlogPage"`): it
	// names a member of what is called, if anything of the repository.
	Keyword bool
	// FenceLang is the language (extract.Language.Name) of the fenced
	// block the name is first written in, by the block's info string
	// (```java): where the spec's code is, rather than what its wording
	// says the name is.
	FenceLang string
	// Imports is the module the spec's code imports the name, or the
	// head of a dotted name, from (`import java.nio.file.FileStore;`,
	// `from typing import Optional`, `use std::collections::HashMap;`):
	// outside the repository when no directory of it is that module's.
	Imports string
	// Package is the package the spec's code imports the name from in
	// JavaScript's way (`import { useQuery } from '@tanstack/react-query'`):
	// the repository's own package of that name, if it has one.
	Package string
	// Sep is what every mention writes between the type and the member
	// of a dotted name besides "." (`Route::post`'s "::", `User#admin?`'s
	// "#"), "" for none: the language of the type is one that writes it.
	Sep string
	// MarkedNew is a field the spec's code declares with a comment that
	// calls it new (`expiresAt DateTime? // new`): the spec adds it to the
	// type it declares it in, whatever the prose says of the name.
	MarkedNew bool
	// Written is the name as the spec's code span spells it, where that
	// differs from Name by its separators only (`Mailer#gem_unyanked`,
	// `Deletion::REASON_CODES`): what a gap line says, so that a Ruby
	// instance method is not named as a class method. "" otherwise.
	Written string
	// Sketch is set for a method the spec's code shows without its type
	// (`fn call(&mut self, req: HecRequest) -> Self::Future { ... }`):
	// what tells which type's method it is.
	Sketch *Sketch
}

// Sketch is what the spec's code shows of a method it writes without its
// type: the types its parameters are declared with, and the members of its
// own type its body uses (`self.batch_service`, `this.client`, `@cache`).
type Sketch struct {
	Params []string
	Fields []string
}

// Placement is where one mention of a name places it: a path the
// sentence names, or a language its wording names.
type Placement struct {
	Line int
	Path string
	Lang string
}

// contradicts reports a mention placed (by path or language) where the
// reference's place is not: another file, or a language its file is not in.
func (r *Ref) contradicts(m *Ref) bool {
	switch {
	case r.IsPath || r.Route != nil || m.Path == r.Path && m.Lang == r.Lang:
		return false
	case r.Path != "" && m.Path != "":
		return r.Path != m.Path && path.Ext(r.Path) != "" && path.Ext(m.Path) != ""
	case r.Path != "" && m.Lang != "":
		l := lang.ForPath(r.Path)
		return l != nil && !lang.Means(m.Lang, l)
	case r.Lang != "" && m.Path != "":
		l := lang.ForPath(m.Path)
		return l != nil && !lang.Means(r.Lang, l)
	}
	return false
}

// Spec is a parsed spec: its bytes, its references, and the words it uses
// for fields, which trim long types to what the spec talks about.
type Spec struct {
	Name  string
	Src   []byte
	Refs  []Ref
	Words map[string]bool // every identifier-like word in the spec
	// lines are the spec's lines, and para the paragraph of each: a run
	// of prose lines between blank lines, headings and fences (a list
	// continues it: the items under "`Order` has:"), a table row, or one
	// fenced block; -1 for a blank line or a fence.
	lines []string
	para  []int
	// fenced marks the lines of fenced blocks and their fences.
	fenced []bool
}

// QuotedParams returns the lowercase words of the parameters the spec's
// fenced code declares name with (`func takingOwnershipOfDescriptor<Output>(inputOutput:
// CInt, channelInitializer: ...)`: inputoutput, channelinitializer, ...),
// over every line that declares it, and of the plain names a code span of
// its prose passes it (`Notifications.markRead(nid, uid)`: nid, uid), or
// nil when none does.
func (s *Spec) QuotedParams(name string) map[string]bool {
	var out map[string]bool
	for i, l := range s.lines {
		if !s.fenced[i] {
			for _, m := range spanArgsRe.FindAllStringSubmatch(l, -1) {
				if m[1] != name && !strings.HasSuffix(m[1], "."+name) {
					continue
				}
				if out == nil {
					out = map[string]bool{}
				}
				for _, w := range wordRe.FindAllString(m[2], -1) {
					out[strings.ToLower(w)] = true
				}
			}
			continue
		}
		at := strings.Index(l, name)
		if at < 0 || !funcLineRe.MatchString(l) && !javaMethodRe.MatchString(l) {
			continue
		}
		rest := l[at+len(name):]
		if !strings.HasPrefix(rest, "(") && !strings.HasPrefix(rest, "<") {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		for _, w := range wordRe.FindAllString(rest, -1) {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// commandRes are the shell lines that run a project's own command, one per
// language's Commands, with the definition the command's module gives it:
// `python manage.py sendalerts --num-workers 4`.
var commandRes = func() (out []struct {
	re  *regexp.Regexp
	typ string
}) {
	for _, l := range lang.All {
		for _, c := range l.Commands {
			re := regexp.MustCompile(`^(?:[\w.-]+\s+){0,2}(?:\./)?` + regexp.QuoteMeta(c.Runner) + `\s+([A-Za-z_]\w*)(?:\s|$)`)
			out = append(out, struct {
				re  *regexp.Regexp
				typ string
			}{re, c.Type})
		}
	}
	return out
}()

// projectCommand is the definition a code span's shell line names by
// running a project's command (`manage.py sendalerts`: sendalerts.Command).
func projectCommand(code string) (string, bool) {
	for _, c := range commandRes {
		if m := c.re.FindStringSubmatch(code); m != nil {
			return m[1] + "." + c.typ, true
		}
	}
	return "", false
}

// spanArgsRe is a code span that calls a name with plain names for its
// arguments: `Notifications.markRead(nid, uid)`, the name and the list.
var spanArgsRe = regexp.MustCompile("`([A-Za-z_][\\w.]*)\\(([a-z_]\\w*(?:\\s*,\\s*[a-z_]\\w*)*)\\)`")

// Line is the spec's 1-based line n, "" past its ends.
func (s *Spec) Line(n int) string {
	if n < 1 || n > len(s.lines) {
		return ""
	}
	return s.lines[n-1]
}

// Beside is the distance in lines between the nearest mentions of the
// words a and b within one paragraph, and false when no paragraph names
// both.
func (s *Spec) Beside(a, b string) (dist int, ok bool) {
	dist = len(s.lines)
	for i, l := range s.lines {
		if s.para[i] < 0 || !naming.HasWord(l, a) {
			continue
		}
		for j := i; j >= 0 && s.para[j] == s.para[i]; j-- {
			if naming.HasWord(s.lines[j], b) {
				dist, ok = min(dist, i-j), true
				break
			}
		}
		for j := i + 1; j < len(s.lines) && s.para[j] == s.para[i]; j++ {
			if naming.HasWord(s.lines[j], b) {
				dist, ok = min(dist, j-i), true
				break
			}
		}
	}
	return dist, ok
}

// paragraphs numbers the paragraph of each line (see Spec.para).
func paragraphs(lines []string, kinds []lineKind) []int {
	para := make([]int, len(lines))
	n, open := 0, false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case kinds[i] == fenceLine || kinds[i] != codeLine && t == "":
			para[i], open = -1, false
			continue
		case kinds[i] == codeLine:
			if i > 0 && kinds[i-1] != codeLine {
				n++
			}
		case !open || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "|"):
			n++
		}
		para[i], open = n, kinds[i] != codeLine && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "|")
	}
	return para
}

var (
	identRe  = regexp.MustCompile(`^[\pL_$][\pL\p{Nd}_$]*(\.[\pL_$][\pL\p{Nd}_$]*)*(\(\))?$`)
	proseRe  = regexp.MustCompile(`[A-Za-z_$][\w$]*(?:(?:[.#\\]|::|->)[A-Za-z_$][\w$]*)*(?:\(\))?`)
	wordRe   = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	camelRe  = regexp.MustCompile(`^(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|I[A-Z][a-z0-9]{2,}(?:[A-Z][a-z0-9]*)*|[A-Z]{2,}[A-Z][a-z0-9]{2,}(?:[A-Z][a-z0-9]*)*)$`)
	snakeRe  = regexp.MustCompile(`^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$`)
	screamRe = regexp.MustCompile(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)
	modRe    = regexp.MustCompile(`\b(?:extend|extends|extended|extending|modif(?:y|ies|ied|ying)|change[sd]?|changing|renam(?:e|es|ed|ing)|remov(?:e|es|ed|ing)|replac(?:e|es|ed|ing)|updat(?:e|es|ed|ing)|delet(?:e|es|ed|ing)|deprecat(?:e|es|ed|ing)|refactor(?:s|ed|ing)?|rewrit(?:e|es|ing)|rewritten|wrap(?:s|ped|ping)?|split(?:s|ting)?|mov(?:e|es|ed|ing)|add(?:s|ed|ing)?\b[^.;]*\bto|drop(?:s|ped|ping)?|gain(?:s|ed|ing)?|gets? (?:a |an )?new)\b`)
	FenceRe  = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	// blockStartRe starts a new paragraph: a list item or a quote.
	blockStartRe = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)]|>)\s`)
	spaceRunRe   = regexp.MustCompile(`\S+`)
	proseRouteRe = regexp.MustCompile(`\b(?:GET|POST|PUT|PATCH|DELETE)\s+/[\w{}:<>\[\]\-./]*`)
	compatRe     = regexp.MustCompile(`(?i)\b(?:backwards?[- ]compatib\w*|compatible with|compatibility with|maintain\w*\s+(?:\S+\s+){0,3}(?:api|interface|contract|signature|behaviou?r)s?|must not (?:change|break)|without breaking|keep\w*\s+(?:\S+\s+){0,3}(?:api|interface|contract|signature)s?\s+(?:stable|unchanged|intact|compatible))\b`)
	newRe        = regexp.MustCompile(`\b(?:add|adds|added|adding|new|introduce[sd]?|introducing|create[sd]?|creating|gains?|gets|proposed?)\b`)
	isNewRe      = regexp.MustCompile("^[^,;]*?\\b(?:is|are|(?:will|should|must|shall) be|to be) (?:an? )?(?:\\*\\*|\\*|_)?(?:new|introduced|added|created)\\b")
	creatingRe   = regexp.MustCompile(`^(?:new|create[sd]?|creating)$`)
	clauseRe     = regexp.MustCompile(`,\s+(?:and|but|while|so|or|whereas)\s+|;\s*|\s+(?:but|while|whereas)\s+|,\s+(?:which|that)\s+`)
	keepRe       = regexp.MustCompile(`\b(?:keeps?|kept|keeping|unchanged|untouched|stays?|remains?|reuses?|reused|as is|never|(?:is|are|be) not (?:touched|changed|modified)|(?:must|should|will|do|does|did) not (?:be )?(?:change|changed|modify|modified|touch|touched|delete|deleted|remove|removed|rename|renamed)|no changes?|gains? no|adds? no)\b`)
	settingRe    = regexp.MustCompile(`^[A-Za-z_][\w.-]*=[\w.-]+$`)
	// labelPairRe is a label's or annotation's key, prefixed by a domain,
	// with a value: `cert-manager.io/next-private-key: true`,
	// `app.kubernetes.io/name=web`.
	labelPairRe = regexp.MustCompile(`^([a-z0-9][-a-z0-9]*(?:\.[-a-z0-9]+)+/[A-Za-z0-9][-\w.]*)\s*[:=]\s*(?:"[^"]*"|'[^']*'|[\w.-]+)$`)
	// protoFieldRe is a protobuf field's declaration: its label, its type
	// (a scalar, a message, a map), its name and its number.
	protoFieldRe = regexp.MustCompile(`^(?:(?:repeated|optional|required)\s+)?(map<[^<>]+>|[A-Za-z_][\w.]*)\s+([A-Za-z_]\w*)\s*=\s*\d+\s*(?:\[[^\]]*\])?\s*;?$`)
	// typedMemberSpanRe is a type's member and its type, Go's way:
	// `ServiceConfig.MaxBookmarkFolders int`.
	typedMemberSpanRe = regexp.MustCompile(`^([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s+(?:\*|\[\])*[A-Za-z_][\w.]*(?:\[[\w.,\s]*\])?$`)
	declSpanRe        = regexp.MustCompile(`^([A-Za-z_]\w*)\s*(?:(?::?=|:)\s*\S.*|\s[\w\[\]*.<>|]+)$`)
	genericRe         = regexp.MustCompile(`^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*[\[<]\s*([^\s].*?)\s*[\]>]$`)
	qualifiedRe       = regexp.MustCompile(`[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*`)
	// arityRe is a function named with its arity: `Sites.get_by_domain/1`.
	arityRe = regexp.MustCompile(`^([A-Za-z_][\w.]*[!?]?)/[0-9]{1,2}$`)
	// manPageRe is a manual page's name and section: `timeout(1)`,
	// `pthread_create(3p)`.
	manPageRe = regexp.MustCompile(`^[a-z][a-z0-9_.-]*\([1-8][a-z]*\)$`)
	// scopePathRe is a code span's lower-case scope written with ::
	// (`std::`, `drogon::orm::`), up to the last ::.
	scopePathRe = regexp.MustCompile(`^(?:[a-z_][a-z0-9_]*::)+`)
	receiverRe  = regexp.MustCompile(`^\(\*?([A-Za-z_]\w*)\)`)
	// memberSepRe is a member written after "#", "::" or "@" on a type
	// (Javadoc's Order#total, a method reference's Order::total, Ruby's
	// User#admin? and Order#cancel!, named without their ? or !, Laravel's
	// OrderController@store): a dotted name. (README.md#usage is an
	// anchor, std::io a path, user@example.com an address.)
	memberSepRe = regexp.MustCompile(`^((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)(?:#|::|@)([A-Za-z_$][\w$]*)[?!]?((?:\(.*\))?)$`)
	// predicateRe is a Ruby predicate method, named without its ?:
	// `admin?`, `User.admin?`, called too: `api_key_scope?(:yank, gem)`.
	predicateRe = regexp.MustCompile(`^([A-Za-z_][\w.]*[a-z0-9_])\?(\(.*\))?$`)
	callArgsRe  = regexp.MustCompile(`^\([\w$., *:&\[\]?!]*\)$`)
	// leadingDotRe is a member written after the dot it is called with
	// (`.iter_records()`, `._eval()`, `.specs_map`).
	leadingDotRe = regexp.MustCompile(`^\.([A-Za-z_$][\w$]*)(\(.*\))?$`)
	// typeArgsCallRe is a function or method called with type arguments
	// (`App::getPlugin<Exporter>()`, `useQuery<Order>()`): the name called.
	typeArgsCallRe = regexp.MustCompile(`^([A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*)\s*<[^()<>]*(?:<[^()<>]*>[^()<>]*)*>(\(.*\))$`)
	// nameofRe is C#'s nameof(x) or typeof(x), which name x.
	nameofRe = regexp.MustCompile(`^(?:nameof|typeof)\(\s*([\w.]+)\s*\)$`)
	// genericMemberRe is a member of a generic type, written with its type
	// arguments: IRepository<Order>.GetByIdAsync.
	genericMemberRe = regexp.MustCompile(`^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*<([^()]+)>\.([A-Za-z_$][\w$]*)(\(.*\))?$`)
)

// pathExts are the endings, lowercase and without the dot, that make a
// dotted word a file name: those of the registered languages, and of the
// other files a spec names (documents, configuration, code no registered
// language reads).
var pathExts = func() map[string]bool {
	out := map[string]bool{
		"md": true, "json": true, "yaml": true, "yml": true, "toml": true, "mod": true, "sum": true, "txt": true, "sh": true,
		"css": true, "html": true, "lock": true, "cfg": true, "ini": true, "env": true, "xml": true, "properties": true,
		"gradle": true, "conf": true, "csv": true, "tf": true, "hcl": true, "plist": true, "xsd": true,
		"png": true, "jpg": true, "jpeg": true, "gif": true, "svg": true, "webp": true, "pdf": true,
	}
	// Source, template, style and schema files of what no grammar here
	// parses: a `SignalFilterCreateDialog.vue` is a file, not a member vue
	// of a type; `fight.avsc` an Avro schema.
	for _, e := range strings.Fields("vue svelte astro mdx erb haml slim jinja jinja2 j2 hbs handlebars mustache ejs twig liquid " +
		"scss sass less styl rst adoc ex exs scala clj cljs lua dart zig groovy bzl bazel nix ps1 bat cmake mk " +
		"avsc avdl avpr thrift wsdl xsl xslt tmpl tpl jsonnet libsonnet cue") {
		out[e] = true
	}
	for _, l := range lang.All {
		for _, e := range l.Exts {
			out[strings.ToLower(strings.TrimPrefix(e, "."))] = true
		}
	}
	return out
}()

// NotName reports a word that looks like code but never names a project
// artifact (see notNames): a language's, a framework's or a product's.
func NotName(w string) bool { return notNames[w] }

// notNames are words that look like code but never name a project
// artifact: every language's NotNames, these names of products and
// abbreviations, RFC 2119's requirement words and HTTP's methods, which
// specs set in code spans alone (`MUST`, `MAY`, "call `PUT` on ...").
var notNames = func() map[string]bool {
	out := lang.Set(func(l *extract.Language) []string { return l.NotNames })
	for _, n := range []string{"GitHub", "GitLab", "MongoDB", "OpenAI", "iOS", "macOS", "YouTube", "LinkedIn", "WebSocket",
		"WebSockets", "OAuth", "NoSQL", "DynamoDB", "README", "TODO", "FIXME", "e.g", "i.e", "etc", "vs",
		"MUST", "SHALL", "SHOULD", "MAY", "REQUIRED", "RECOMMENDED", "OPTIONAL",
		"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"} {
		out[n] = true
	}
	return out
}()

// commonWords are lowercase words a spec writes in code spans as words:
// they name too many things (a field in every model, a variable in every
// function). One is a reference only where the wording says what it is
// ("the `scope` column", "a new `status` field") or where it is (a path in
// the same sentence).
var commonWords = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(`name names type types scope status state mode kind id ids key keys value values data text title
		label count size index item items list map path paths url file files line lines time date error errors result results
		config options info meta body content message messages event events action actions source target input output
		request response default enabled active flag flags level order parent child children owner user group role
		token code note notes tag tags version page params args kwargs self`) {
		out[w] = true
	}
	return out
}()

var fieldWords = map[string]bool{"field": true, "fields": true, "column": true, "columns": true, "property": true,
	"properties": true, "param": true, "parameter": true, "parameters": true, "argument": true, "arguments": true,
	"attribute": true, "attributes": true, "key": true, "flag": true, "option": true, "prop": true, "props": true, "member": true,
	"value": true, "values": true, "variant": true, "variants": true, "case": true}

var hintWords = map[string]Hint{
	"table": HintTable, "tables": HintTable, "model": HintTable, "models": HintTable, "collection": HintTable, "schema": HintTable, "entity": HintTable,
	"type": HintType, "types": HintType, "interface": HintInterface, "interfaces": HintInterface, "protocol": HintInterface,
	"trait": HintInterface, "struct": HintType, "class": HintType, "dataclass": HintType,
	"function": HintFunction, "func": HintFunction, "method": HintFunction, "handler": HintFunction, "decorator": HintFunction, "endpoint": HintFunction, "hook": HintFunction,
	"enum": HintEnum, "status": HintNone, "constant": HintConstant, "const": HintConstant, "setting": HintConstant,
}

// Parse finds the references in a markdown spec.
func Parse(name string, src []byte) *Spec {
	s := &Spec{Name: name, Src: src, Words: map[string]bool{}}
	byName := map[string]int{}
	add := func(r Ref) {
		r.Name = unselfed(r.Name)
		if i, ok := byName[suffixKey(r)]; ok {
			old := &s.Refs[i]
			old.Modified = old.Modified || r.Modified
			old.Strong = old.Strong || r.Strong
			if r.Source < old.Source {
				old.Source = r.Source
			}
			old.Proposed = old.Proposed || r.Proposed
			old.Declared = old.Declared || r.Declared
			old.Called = old.Called || r.Called
			old.Keyword = old.Keyword && r.Keyword
			old.Invoked = old.Invoked && r.Invoked
			old.Guessed = old.Guessed && r.Guessed
			old.Via = old.Via && r.Via
			if old.Suffix != r.Suffix {
				old.Suffix = "" // (written both ways: either)
			}
			if old.Sep != r.Sep {
				old.Sep = "" // (written both ways: any language's)
			}
			if old.Namespace == "" {
				old.Namespace = r.Namespace
			}
			if old.Listed == "" {
				old.Listed = r.Listed
			}
			if old.Value == "" {
				old.Value = r.Value
			}
			if old.FenceLang == "" {
				old.FenceLang = r.FenceLang
			}
			if old.Sketch == nil {
				old.Sketch = r.Sketch
			}
			if old.contradicts(&r) && !slices.ContainsFunc(old.Also, func(p Placement) bool { return p.Path == r.Path && p.Lang == r.Lang }) {
				old.Also = append(old.Also, Placement{r.Line, r.Path, r.Lang})
			}
			old.Compat = old.Compat || r.Compat
			if old.Hint == HintNone || old.Hint == HintField && r.Hint != HintField && r.Hint != HintNone {
				old.Hint = r.Hint
			}
			if old.Path == "" {
				old.Path = r.Path
			}
			if old.Placed == "" {
				old.Placed = r.Placed
			}
			if old.Lang == "" {
				old.Lang = r.Lang
			}
			return
		}
		byName[suffixKey(r)] = len(s.Refs)
		s.Refs = append(s.Refs, r)
	}

	lines := strings.Split(string(src), "\n")
	nonGoals := false   // the lines are under a heading of what the spec does not do
	describing := false // the lines are under a heading of what the code does today
	proposing := false  // the heading names a proposal too: "Current state vs. target"
	listing := ""       // the heading of what the spec introduces the lines are under ("New types")
	type section struct {
		level                           int
		nonGoals, describing, proposing bool
	}
	var sections []section // the headings the lines are under, outermost first
	// Prose is read a paragraph at a time, so that a sentence that wraps
	// ("`create_item` in\n`backend/app/crud.py`") keeps its path.
	var para strings.Builder
	var paraLines []int // spec line of each byte of para, by line start offset
	var paraStarts []int
	leadNew := false // the list the lines are items of follows a lead-in that introduces them ("We add two new endpoints:")
	flush := func() {
		if para.Len() == 0 {
			return
		}
		text := para.String()
		lineAt := func(off int) int {
			i := sort.SearchInts(paraStarts, off+1) - 1
			return paraLines[max(i, 0)]
		}
		off := 0
		addHere := add
		table := strings.HasPrefix(strings.TrimSpace(lines[paraLines[0]-1]), "|")
		item := blockStartRe.MatchString(lines[paraLines[0]-1]) || table
		if !item {
			lower := maskSpans(strings.ToLower(strings.TrimSpace(text)))
			leadNew = strings.HasSuffix(lower, ":") && leadNewRe.MatchString(lower) && !keepRe.MatchString(lower)
		}
		if table && leadNew {
			// "New fields on `model.Cron`:" then a table of them: what a
			// row names in its cells, but in its last (what each means),
			// the lead-in introduces.
			addHere = func(r Ref) {
				if r.Source == FromCode && r.Line >= 1 && r.Line <= len(lines) && !inLastCell(lines[r.Line-1], r.Name) {
					r.Proposed = true
				}
				add(r)
			}
		} else if item && leadNew {
			// "We add two new endpoints:" then "- `GET /Info`: a probe.":
			// what each item names first, the lead-in introduces.
			first := true
			addHere = func(r Ref) {
				if first && r.Source == FromCode {
					r.Proposed, first = true, false
				}
				add(r)
			}
		}
		if nonGoals || describing {
			// Under "Non-goals": what the spec will not change. Under
			// "Current state": what the code does today ("builds a `Vote`
			// and wraps it", "`ROLE_USER` gets `create_tag`"), which the
			// verbs describe and neither change nor add.
			addHere = func(r Ref) {
				r.Modified = false
				r.Proposed = r.Proposed && describing && !nonGoals && proposing // ("Background and proposal" may add)
				add(r)
			}
		} else if listing != "" {
			addHere = func(r Ref) {
				// (Not one its line says stays: "| `StoreMigrator` | unchanged |".)
				// (Nor a call under a heading of other things: "New columns"
				// over `jsonb_typeof(schedule) != 'null'`.)
				if r.Source == FromCode && !strings.Contains(r.Name, ".") && r.Route == nil && !r.IsPath &&
					(r.Line < 1 || r.Line > len(lines) || !keepRe.MatchString(strings.ToLower(lines[r.Line-1]))) &&
					(!r.Called || funcHeadingRe.MatchString(listing)) {
					r.Listed = listing
				}
				add(r)
			}
		}
		if table && !leadNew {
			// "| `Check.paused_until` | column | new |": a row a cell of
			// which says the row is new introduces what its first cell
			// names (the others say what it is or uses), where the
			// section's wording lets anything be new.
			inner := addHere
			addHere = func(r Ref) {
				if r.Source == FromCode && r.Line >= 1 && r.Line <= len(lines) && newRow(lines[r.Line-1]) && inFirstCell(lines[r.Line-1], r.Name) {
					r.Proposed = true
				}
				inner(r)
			}
		}
		for _, sent := range sentences(text) {
			o := off
			scanSentence(sent, func(i int) int { return lineAt(o + i) }, addHere)
			off += len(sent)
		}
		para.Reset()
		paraLines, paraStarts = paraLines[:0], paraStarts[:0]
	}
	kinds := lineKinds(lines)
	s.lines, s.para = lines, paragraphs(lines, kinds)
	s.fenced = make([]bool, len(lines))
	for i, k := range kinds {
		s.fenced[i] = k == codeLine || k == fenceLine
	}
	inFence, fenceLang := false, ""      // in a fenced block, and its language by its info string
	margin := -1                         // the indentation of the current code block's first line
	var funcs []int                      // the indentations of the functions the code block is inside
	open := 0                            // the parentheses the code block's lines above leave open
	params := false                      // those parentheses are a declaration's parameter list
	typeIndent := -1                     // the indentation of the type declaration whose body the lines are in
	locals := map[string]bool{}          // the parameters and variables the code block's functions declare
	bound := map[string]string{}         // the variables the code block binds (`let inv = ...`): the type a value of it is made by, or ""
	imported := map[string]string{}      // the names the spec's code imports, by name: their modules
	packaged := map[string]string{}      // the names the spec's code imports from JavaScript packages, by name
	sketch, sketchIndent := -1, 0        // the reference of the method the code block shows without its type, while its body lasts
	enumIndent := -1                     // the indentation of the enum declaration whose body the lines are in
	ownValues := map[string]string{}     // the values of the enums the spec's code declares: their enums
	enumName := ""                       // the enum whose body the lines are in
	ownFields := map[string][]string{}   // the fields of the types the spec's code declares: their types
	newFields := map[string]bool{}       // those of them a comment on their line calls new (`expiresAt DateTime? // new`)
	typeName := ""                       // the type whose body the lines are in
	typeBases := map[string][]string{}   // the types the spec's code declares: the types they name after their own names
	ownMembers := map[string]bool{}      // the members of the types the spec's code declares
	extended := map[string]string{}      // the members the spec's code declares in an extension of a type: the type
	extIndent, extName := -1, ""         // the indentation and type of the extension block the lines are in
	receiverMethods := map[string]bool{} // the methods the spec's code declares on a receiver (Go's func (T) M)
	for i, line := range lines {
		n := i + 1
		for _, w := range wordRe.FindAllString(line, -1) {
			s.Words[w] = true
		}
		if kinds[i] != codeLine {
			margin, funcs, open, typeIndent, sketch, enumIndent, params = -1, funcs[:0], 0, -1, -1, -1, false
			clear(locals)
			clear(bound)
		} else if margin < 0 && strings.TrimSpace(line) != "" {
			margin = indentWidth(line)
		}
		switch kinds[i] {
		case fenceLine:
			flush()
			if fenceLang == "" && !inFence {
				fenceLang = fenceLangs[fenceInfo(line)]
			} else {
				fenceLang = ""
			}
			inFence = !inFence
			continue
		case codeLine:
			flush()
			declared := ""
			decl := fenceDeclRe.FindStringSubmatch(line)
			if decl != nil {
				declared = decl[1] + decl[2]
			} else if c := tsMethodDeclRe.FindStringSubmatch(line); c != nil && signatureFence(fenceLang) {
				// `async getTrash(orgId: string): Promise<string[]>;`:
				// a method the block declares, its class's (the prose's).
				decl, declared = c, c[1]
			} else if c := constDeclRe.FindStringSubmatch(line); c != nil && indentWidth(line) <= margin && fenceLang != "" {
				// `PAUSE_THRESHOLD = int(...)`: a constant of the module a
				// block of a programming language shows (not a shell's
				// `env UPDATE_EXPECT=1`).
				decl, declared = c, c[1]
			}
			if t := strings.TrimSpace(line); sketch >= 0 && t != "" && indentWidth(line) <= sketchIndent && !strings.HasPrefix(t, "}") {
				sketch = -1 // the method's body ended
			}
			if sketch >= 0 {
				sk := s.Refs[sketch].Sketch
				for _, m := range selfMemberRe.FindAllStringSubmatch(line, -1) {
					if f := m[1] + m[2]; !slices.Contains(sk.Fields, f) {
						sk.Fields = append(sk.Fields, f)
					}
				}
			}
			if decl != nil && indentWidth(line) <= margin && methodDeclRe.MatchString(line) {
				// A method shown without its type: which type's, its
				// parameters' types and the members its body uses tell.
				add(Ref{Name: declared, Line: n, Source: FromFence, FenceLang: fenceLang, Sketch: &Sketch{Params: paramTypes(line)}})
				if i, ok := byName[declared]; ok && s.Refs[i].Sketch != nil {
					sketch, sketchIndent = i, indentWidth(line)
				}
			}
			if decl != nil && indentWidth(line) <= margin && !methodDeclRe.MatchString(line) {
				// The spec's own code declares it: a name it introduces,
				// reported as new when the repository lacks it. A
				// declaration nested in another (a method of the class the
				// block declares), or a method shown without its class,
				// belongs to a class: alone, its name says nothing of which.
				name := declared
				if r := fenceMethodRe.FindStringSubmatch(line); r != nil {
					name = r[1] + r[3] + "." + r[2] + r[4] // func (c *Composer) Compose: the method of that type
				}
				var hint Hint
				if fenceTypeRe.MatchString(line) {
					hint = HintType // `interface InvokeCallback extends CallbackBase {`: a type, never a method or a value
				}
				add(Ref{Name: name, Line: n, Source: FromFence, Strong: true, Proposed: true, Declared: true, Hint: hint, FenceLang: fenceLang})
			}
			local := ""
			if t := strings.TrimSpace(line); t != "" {
				w := indentWidth(line)
				for len(funcs) > 0 && w <= funcs[len(funcs)-1] {
					funcs = funcs[:len(funcs)-1]
				}
				if m := localRe.FindStringSubmatch(line); m != nil && len(funcs) > 0 && open == 0 {
					local = m[1] // a variable of the function the block shows
				}
				if m := typedLocalRe.FindStringSubmatch(line); m != nil {
					locals[m[1]] = true // `FileIO ossFileIO = fileIO;`
				}
				if m := bindRe.FindStringSubmatchIndex(line); m != nil {
					// `const user: User = ...`; `let inv =
					// LocalUserInvite::read_by_token(...)`, a constructor or
					// a finder: a LocalUserInvite, as likely as not; not what
					// a call chained on the result makes
					// (`Client::new().get(url)`), nor another function's
					// (`Session::current_user(&req)`).
					name, typ := line[m[2]:m[3]], ""
					rest := strings.NewReplacer(".await", "", "?", "").Replace(line[m[1]:])
					switch {
					case m[4] >= 0:
						typ = line[m[4]:m[5]]
					case m[6] >= 0 && !strings.Contains(rest, ")."):
						typ = line[m[6]:m[7]]
					}
					bound[name] = typ
				}
				if funcLineRe.MatchString(line) {
					funcs = append(funcs, w)
				}
			}
			if strings.TrimSpace(line) != "" && indentWidth(line) <= typeIndent {
				typeIndent = -1 // the type's body ended
			}
			if t := strings.TrimSpace(line); t != "" && t != "{" && indentWidth(line) <= extIndent {
				extIndent = -1 // the extension's body ended
			}
			if extIndent >= 0 && decl != nil && indentWidth(line) > extIndent {
				extended[declared] = extName // `public enum DisabledReason` in `extension PushToken {`
			}
			if m := extensionRe.FindStringSubmatch(line); m != nil {
				extIndent, extName = indentWidth(line), m[1]
			}
			if t := strings.TrimSpace(line); t != "" && t != "{" && indentWidth(line) <= enumIndent {
				enumIndent = -1 // the enum's body ended (a brace on a line of its own opens it: C#'s)
			}
			inType := typeIndent >= 0
			inEnum := enumIndent >= 0 && indentWidth(line) > enumIndent
			if fenceTypeRe.MatchString(line) {
				typeIndent, typeName = indentWidth(line), declared
				if at := strings.Index(line, declared); declared != "" && at >= 0 {
					typeBases[declared] = upperWordRe.FindAllString(line[at+len(declared):], -1) // `(ModelViewSet)`, `extends Base`
				}
				if enumDeclRe.MatchString(line) {
					enumIndent, enumName = typeIndent, declared
				}
			}
			depth := parenDepths(line, open)
			// A declaration's parameters: their lowercase names (and
			// lowercase types) are the function's, no references; so are
			// the names written with a type on the lines of a parameter
			// list the declaration's line leaves open (`orgId: string,`,
			// one per line).
			declLine := decl != nil || funcLineRe.MatchString(line) || javaMethodRe.MatchString(line)
			paramLines := params && open > 0
			open = depth[len(line)]
			params = (declLine || paramLines) && open > 0
			for n, mod := range importsOf(line) {
				imported[n] = mod
			}
			for n, pkg := range jsImportsOf(line) {
				packaged[n] = pkg
			}
			if inType && indentWidth(line) > margin {
				// A method of a type the spec's code declares: the spec's
				// own, which no definition elsewhere of that name is.
				if decl != nil {
					locals[declared] = true
					ownMembers[declared] = true
				} else if m := javaMethodRe.FindStringSubmatch(line); m != nil {
					locals[m[1]] = true // `boolean isValid() { ... }`
					ownMembers[m[1]] = true
				} else if m := fieldLine(line); m != nil && len(funcs) == 0 && typeName != "" && !enumDeclRe.MatchString(line) && enumIndent < 0 {
					if !slices.Contains(ownFields[m[1]], typeName) {
						ownFields[m[1]] = append(ownFields[m[1]], typeName) // `resolved_at = Column(DateTime)`, `resolvedAt?: Date;`
					}
					if newCommentRe.MatchString(line) {
						newFields[m[1]] = true
					}
				}
			}
			if m := enumValueRe.FindStringSubmatch(line); m != nil && inEnum {
				ownValues[m[1]] = enumName // `SessionsRead = 1 << 1,` of the spec's own enum
			}
			holes := placeholderRe.FindAllStringIndex(line, -1)
			paths := pathLiteralRe.FindAllStringIndex(line, -1)
			// `func (PipelineApproval) TableName()` declares
			// PipelineApproval.TableName (above): the method's name alone
			// is no reference of its own.
			ownMethod := ""
			if fm := fenceMethodRe.FindStringSubmatch(line); fm != nil {
				ownMethod = fm[2] + fm[4]
				receiverMethods[ownMethod] = true
			}
			for _, at := range proseRe.FindAllStringIndex(line, -1) {
				w := line[at[0]:at[1]]
				if w == local || locals[strings.TrimSuffix(w, "()")] {
					continue // a variable, a parameter of a function above, a method of the spec's own type
				}
				if slices.ContainsFunc(holes, func(h []int) bool {
					return h[0] <= at[0] && at[1] <= h[1] && (line[h[0]] == '#' || fenceLang == "" || EmbeddedLang(fenceLang))
				}) {
					continue // `#{productSkuId}`: a parameter a mapper's statement binds, no definition's name
				}
				if slices.ContainsFunc(paths, func(h []int) bool { return h[0] <= at[0] && at[1] <= h[1] }) {
					continue // "/repos/:repo_id/pipelines": a route's segments and parameters
				}
				if ownMethod != "" && strings.TrimSuffix(w, "()") == ownMethod {
					continue
				}
				if (declLine || paramLines && typedParam(line[at[1]:])) && depth[at[0]] > 0 && w[0] >= 'a' && w[0] <= 'z' && !strings.ContainsAny(w, ".:#") {
					locals[w] = true
					continue
				}
				guessed := false
				if head, rest, dotted := strings.Cut(w, "."); dotted && rest != "" {
					if t, ok := bound[head]; ok && t == "" {
						guessed = true // `row.get(0)`: a member of a value the code binds, whose type it does not say
					} else if ok {
						w, guessed = t+"."+rest, true // `inv.is_expired()` of `let inv = LocalUserInvite::read_by_token(...)`
					}
				}
				name, ok := codeLike(namePath(w))
				if !ok && strings.HasPrefix(line[at[1]:], "(") {
					// `jax.lax.ppermute(lhs, ...)`: a call the spec's code
					// makes on a module's path is code, in plain words too.
					name, ok = calledPath(namePath(line[at[0]:at[1]]))
				}
				annotated := (inType || declLine && depth[at[0]] > 0) && annotationAt(line[:at[0]]) ||
					declLine && depth[at[0]] > 0 && paramNameRe.MatchString(line[:at[0]]) || // Go's `(at Lsn)`
					typedName(line[at[1]:], depth[at[0]] > 0) && !commented(line[:at[0]])
				if !ok && (typeAt(line[:at[0]], line[at[1]:]) || annotated) && IsUpperStart(line[at[0]:at[1]]) && at[1]-at[0] >= 3 &&
					!strings.ContainsAny(line[at[0]:at[1]], ".#\\:$") {
					// `Hostname *Hostname`, `[]Group`: one capitalized word
					// written as a type is a type's name.
					name, ok = line[at[0]:at[1]], !notNames[line[at[0]:at[1]]]
				}
				if ok {
					// `checkAllowed(x)`: a function the code calls by its
					// bare name, not a method, a package's function or the
					// name the line declares.
					called := strings.HasPrefix(line[at[1]:], "(") && !strings.Contains(name, ".") && name != declared &&
						(at[0] == 0 || line[at[0]-1] != '.')
					invoked := (strings.HasSuffix(w, "()") || strings.HasPrefix(line[at[1]:], "(")) && at[0] > 0 && line[at[0]-1] == '.'
					var sep string
					if memberSepOf(w) == "::" {
						sep = "::" // `Route::post(...)` in the spec's code: a type of a language that writes "::"
					}
					add(Ref{Name: name, Line: n, Source: FromFence, Called: called, Invoked: invoked, Keyword: depth[at[0]] > 0 && keywordAt(line[at[1]:]), FenceLang: fenceLang, Sep: sep, Guessed: guessed})
				}
			}
			continue
		}
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || blockStartRe.MatchString(line) {
			flush()
		}
		if m := headingRe.FindStringSubmatch(t); m != nil {
			// A heading's section runs to the next heading of its level or
			// above; a subsection ("### 2.1 Model" under "## 2. Current
			// state") is of its parent's kind unless it names its own.
			level := len(t) - len(strings.TrimLeft(t, "#"))
			for len(sections) > 0 && sections[len(sections)-1].level >= level {
				sections = sections[:len(sections)-1]
			}
			var parent section
			if len(sections) > 0 {
				parent = sections[len(sections)-1]
			}
			// ("Background jobs", "Background cleanup": a section of the
			// proposal about background work, where names may be new.)
			proposing = proposingRe.MatchString(m[1]) || backgroundWorkRe.MatchString(m[1])
			nonGoals = nonGoalRe.MatchString(m[1]) || parent.nonGoals
			describing = currentRe.MatchString(m[1]) || parent.describing && !proposing && !newHeadingRe.MatchString(m[1])
			proposing = proposing || parent.describing && describing && parent.proposing
			// (A document's title, "# Retry storms: the current behaviour
			// and its fix", is of no section's kind; nor does a heading of
			// goals as well as non-goals make its subsections non-goals.)
			inherit := section{level, nonGoals && !goalsTooRe.MatchString(nonGoalRe.ReplaceAllString(m[1], "")), describing, proposing}
			if level == 1 {
				inherit = section{level: level}
			}
			sections = append(sections, inherit)
			listing = ""
			if newHeadingRe.MatchString(m[1]) {
				listing = strings.TrimSpace(m[1])
			}
		}
		if t == "" {
			continue
		}
		if para.Len() > 0 {
			para.WriteByte(' ')
		}
		paraStarts = append(paraStarts, para.Len())
		paraLines = append(paraLines, n)
		para.WriteString(linkLabelRe.ReplaceAllStringFunc(t, func(l string) string { return strings.Repeat(" ", len(l)) }))
		if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "|") {
			flush() // a heading or table row stands alone
		}
	}
	flush()
	for i, line := range lines {
		for _, m := range emptyLinkRe.FindAllStringSubmatch(line, -1) {
			// `[](stream_children_to_list_block_operation)`: MyST shows the
			// target's title, often the class a reference page is about and
			// whose name the target spells in snake case
			// (StreamChildrenToListBlockOperation). Weak: a target is as
			// often a section's.
			if ws := naming.Words(m[1]); len(ws) > 1 && strings.Contains(m[1], "_") {
				var b strings.Builder
				for _, w := range ws {
					b.WriteString(naming.Capitalize(w))
				}
				add(Ref{Name: b.String(), Line: i + 1, Source: FromProse})
			}
		}
		for _, m := range blobLinkRe.FindAllStringSubmatch(line, -1) {
			rev, file := m[1], m[2]
			at, err := strconv.Atoi(m[3])
			if err != nil || at <= 0 || !FileExt(file) {
				continue
			}
			if _, ok := PathLike(file); ok {
				add(Ref{Name: file + ":" + m[3] + "@" + rev, Line: i + 1, Source: FromProse, IsPath: true, At: at, File: file, Rev: rev})
			}
		}
	}
	for i := range s.Refs {
		head, _, _ := strings.Cut(s.Refs[i].Name, ".") // `FileStore.type`: FileStore's
		s.Refs[i].Imports = imported[head]
		s.Refs[i].Package = packaged[head]
		if !strings.Contains(s.Refs[i].Name, ".") && ownMembers[s.Refs[i].Name] && s.Refs[i].Source != FromFence {
			// `unlock_user` in prose, a method of the trait the spec's
			// code declares: the spec's own, new where the code lacks it.
			s.Refs[i].OwnMember = true
		}
		if head, last, ok := strings.Cut(s.Refs[i].Name, "."); ok && extended[last] == head {
			// `PushToken.DisabledReason`, declared in the spec's
			// `extension PushToken { ... }`: a member it adds.
			s.Refs[i].OwnMember = true
		}
		if head, last, ok := strings.Cut(s.Refs[i].Name, "."); ok && ownMembers[last] && head == strings.ToLower(head) {
			// `job.pause_job`: the same, called on a variable.
			s.Refs[i].OwnMember = true
		}
		if newFields[s.Refs[i].Name] {
			s.Refs[i].Proposed = true // `expiresAt DateTime? // new`: the spec adds it
			s.Refs[i].MarkedNew = true
		}
		for _, owner := range ownFields[s.Refs[i].Name] {
			// `resolved_at`, a field of the class the spec's code
			// declares: that class's (a class of the repository's, if the
			// spec shows one).
			s.Refs[i].OwnTypes = append(s.Refs[i].OwnTypes, owner)
			s.Refs[i].OwnBases = append(s.Refs[i].OwnBases, typeBases[owner]...)
		}
		if enum, ok := ownValues[s.Refs[i].Name[strings.LastIndexByte(s.Refs[i].Name, '.')+1:]]; ok && ownValueOf(s.Refs[i].Name, enum) {
			// `SessionsRead`, a value of the enum the spec's code
			// declares: a name the spec introduces, new where the code
			// lacks it.
			s.Refs[i].Proposed = true
			if !strings.Contains(s.Refs[i].Name, ".") {
				s.Refs[i].OwnEnum = enum
			}
		}
	}
	// A weak word of the spec's code that names a method the code declares
	// on a receiver (its doc comment's `// TableName return ...`) is that
	// method, which its declaration names whole.
	s.Refs = slices.DeleteFunc(s.Refs, func(r Ref) bool {
		return r.Source == FromFence && !r.Strong && receiverMethods[r.Name]
	})
	salience(s, lines)
	return s
}

// ownValueOf reports a name that is the value of the spec's enum it
// ends with: the value alone, or on the enum (`Scope.SessionsRead`), never
// the same word on another type (`DOCUMENT_AUDIT_LOG_TYPE.DOCUMENT_CANCELLED`,
// an existing enum's value the spec's new enum happens to share).
func ownValueOf(name, enum string) bool {
	i := strings.LastIndexByte(name, '.')
	return i < 0 || name[:i] == enum || strings.HasSuffix(name[:i], "."+enum)
}

var (
	// javaImportRe is a Java, Kotlin or Scala import of one name.
	javaImportRe = regexp.MustCompile(`^\s*import\s+(?:static\s+)?([a-z][\w]*(?:\.[a-z_][\w]*)*)\.([A-Za-z_]\w*)\s*;?\s*$`)
	// pythonImportRe is a Python import of names from an absolute module.
	pythonImportRe = regexp.MustCompile(`^\s*from\s+([A-Za-z_][\w.]*)\s+import\s+\(?([\w\s,]+?)\)?\s*$`)
	// rustUseRe is a Rust use of one name.
	rustUseRe = regexp.MustCompile(`^\s*(?:pub\s+)?use\s+([a-z_]\w*(?:::[a-z_]\w*)*)::([A-Za-z_]\w*)\s*;`)
)

// jsImportRe is a JavaScript import of names from a package that is no
// relative path: `import { a, b as c } from '@scope/pkg'`, `import X
// from "pkg"`, `import type { T } from 'pkg'`.
var jsImportRe = regexp.MustCompile(`^\s*import\s+(?:type\s+)?(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s+['"]([^'".][^'"]*)['"]`)

// jsImportsOf returns the names a line of the spec's code imports from a
// JavaScript package, each with the package.
func jsImportsOf(line string) map[string]string {
	m := jsImportRe.FindStringSubmatch(line)
	if m == nil || strings.HasPrefix(m[3], "@/") || strings.HasPrefix(m[3], "~/") || strings.HasPrefix(m[3], "#") {
		return nil // `@/generated/prisma/client`: the project's own path alias, no package
	}
	out := map[string]string{}
	if m[1] != "" {
		out[m[1]] = m[3]
	}
	for _, n := range strings.Split(m[2], ",") {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(n), "type "))
		if len(f) > 0 {
			out[f[len(f)-1]] = m[3] // `b as c`: c
		}
	}
	return out
}

// importsOf returns the names a line of the spec's code imports, each with
// its module: `import java.nio.file.FileStore;`, `from typing import
// Optional, Any`, `use std::collections::HashMap;`.
func importsOf(line string) map[string]string {
	if m := javaImportRe.FindStringSubmatch(line); m != nil {
		return map[string]string{m[2]: m[1]}
	}
	if m := rustUseRe.FindStringSubmatch(line); m != nil {
		return map[string]string{m[2]: m[1]}
	}
	if m := pythonImportRe.FindStringSubmatch(line); m != nil {
		out := map[string]string{}
		for _, n := range strings.Split(m[2], ",") {
			if f := strings.Fields(n); len(f) > 0 {
				out[f[len(f)-1]] = m[1] // `import x as y`: y
			}
		}
		return out
	}
	return nil
}

// blobLinkRe is a link to a line of a file at a revision, as GitHub and
// GitLab write one: https://github.com/o/r/blob/v1.10.1/pkg/x.go#L264,
// .../-/blob/main/app/x.rb#L12-L20. The revision is one path segment (a
// tag, a branch without a slash, a commit).
var blobLinkRe = regexp.MustCompile(`https?://(?:github\.com|gitlab\.com)/[\w.-]+/[\w.-]+(?:/-)?/blob/([\w.-]+)/([\w./-]+?)#L(\d+)(?:-L?\d+)?\b`)

// keySectionRe matches the headings under which a spec states its design.
var keySectionRe = regexp.MustCompile(`(?i)current state|as[- ]is|blast zone|proposed|changes?\b|data model|schema|interfaces?|api\b|architecture|design`)

// CodeLines counts the spec's lines, outside fenced blocks, that hold
// name as a word inside an inline code span (`batchprocessor`,
// `batchprocessor.Config`): how often the spec names it as code, which a
// heading or a sentence saying the word does not.
func (s *Spec) CodeLines(name string) int {
	n := 0
	for i, l := range s.lines {
		if s.fenced[i] {
			continue
		}
		parts := strings.Split(l, "`")
		for k := 1; k < len(parts)-1; k += 2 {
			if naming.HasWord(parts[k], name) {
				n++
				break
			}
		}
	}
	return n
}

// unselfed is a chain of members without the object a method's code
// starts it from (`this.userService.resetAnalytics` is
// `userService.resetAnalytics`): `this` and `self` name no type the
// search could follow. A member of the object itself (`self.store`)
// keeps it.
func unselfed(name string) string {
	for _, w := range []string{"this.", "self."} {
		if rest, ok := strings.CutPrefix(name, w); ok && strings.Contains(rest, ".") {
			return rest
		}
	}
	return name
}

// spelledAs is code, without a call's arguments and a method's ? or !,
// when it spells name with other separators than dots (`Mailer#gem_unyanked`
// for Mailer.gem_unyanked); false when it is name as it stands or spells
// anything else.
func spelledAs(code, name string) (string, bool) {
	code = strings.TrimSpace(code)
	if i := strings.IndexByte(code, '('); i > 0 {
		code = code[:i]
	}
	code = strings.TrimRight(code, "?!")
	if code == name || !strings.ContainsAny(code, "#:\\>") {
		return "", false
	}
	return code, sepReplacer.Replace(code) == name
}

// sepReplacer writes every separator a language puts between a scope and
// a name as a dot.
var sepReplacer = strings.NewReplacer("::", ".", "#", ".", "->", ".", "\\", ".")

// suffixKey is what tells references apart: the name, and the ? or ! a
// method's is written with (`Version#yanked?` and the scope
// `Version.yanked` are two methods). A type's suffix is no other name
// (C#'s `Order?` is `Order`).
func suffixKey(r Ref) string {
	last := r.Name[strings.LastIndexByte(r.Name, '.')+1:]
	if last == "" || last[0] < 'a' || last[0] > 'z' {
		return r.Name
	}
	// (A ! is a Ruby method's only where the spec writes it on a type's
	// method with # or ::: TypeScript's non-null `expiresAt!` and a Rust
	// macro are the name.)
	if r.Suffix == "?" || r.Suffix == "!" && (strings.Contains(r.Written, "#") || strings.Contains(r.Written, "::")) {
		return r.Name + r.Suffix
	}
	return r.Name
}

// salience records, for each reference, how many lines of the spec name it
// (as a whole word, dotted names by their last part too) and whether one
// is in a key section.
func salience(s *Spec, lines []string) {
	key := make([]bool, len(lines))
	inKey := false
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			inKey = keySectionRe.MatchString(t)
		}
		key[i] = inKey
	}
	for i := range s.Refs {
		r := &s.Refs[i]
		name := r.Name
		if j := strings.LastIndexByte(name, '.'); j >= 0 && !r.IsPath && r.Route == nil {
			name = name[j+1:]
		}
		if name == "" {
			continue
		}
		for n, l := range lines {
			if naming.HasWord(l, name) {
				r.Mentions++
				r.KeySection = r.KeySection || key[n]
			}
		}
	}
}

// sentences splits a line at sentence ends, keeping code spans whole.
func sentences(line string) []string {
	var out []string
	start, inCode := 0, false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '`':
			inCode = !inCode
		case !inCode && (c == '.' || c == ';' || c == '!' || c == '?') && (i+1 == len(line) || line[i+1] == ' '):
			out = append(out, line[start:i+1])
			start = i + 1
		}
	}
	return append(out, line[start:])
}

// scanSentence finds the references of one sentence: code spans first,
// then code-like words in the prose around them.
func scanSentence(sent string, lineAt func(int) int, add func(Ref)) {
	clauses := clauseModified(sent)
	compat := compatRe.MatchString(sent)
	type found struct {
		ref       Ref
		start, to int
	}
	// typed are the types declaration spans give their names (`korrigertFra:
	// MeldekortId?`), by span start and name: a clause that introduces the
	// name does not introduce its type.
	typed := map[string]bool{}
	decls := map[int]bool{} // the starts of the spans that write a declaration: `byte[] encode(byte[] json)`
	var refs []found
	var prose strings.Builder
	path := ""
	for i := 0; i < len(sent); {
		if sent[i] != '`' {
			prose.WriteByte(sent[i])
			i++
			continue
		}
		// A code span: a run of backticks closed by a run of the same length.
		j := i
		for j < len(sent) && sent[j] == '`' {
			j++
		}
		tick := sent[i:j]
		k := strings.Index(sent[j:], tick)
		if k < 0 {
			prose.WriteString(sent[i:])
			break
		}
		code := strings.TrimSpace(sent[j : j+k])
		if role := roleRe.FindString(sent[:i]); role != "" {
			if proseRoles[strings.Trim(role, "{}:")] {
				// {ref}`here <index_reduction_tricks>`, {doc}`install`: a
				// cross-reference to a section or a page, no code.
				prose.WriteString(strings.Repeat(" ", j+k+len(tick)-i))
				i = j + k + len(tick)
				continue
			}
			code = roleTarget(code)
		}
		if m := ddlRe.FindStringSubmatch(code); m != nil && !sqlWords[strings.ToUpper(m[1])] {
			// `ALTER TABLE feeds ADD COLUMN retention_days int`: the spec
			// introduces the column (the table, index or column a DDL
			// statement creates), new when the repository lacks it.
			refs = append(refs, found{Ref{Name: m[1], Line: lineAt(i), Source: FromCode, Strong: true, Proposed: true}, i, j + k + len(tick)})
		}
		if m := lambdaCallRe.FindStringSubmatch(code); m != nil {
			code = m[1] + "()" // `HttpRequestBuilder.retry { ... }`: Kotlin's, Swift's, Ruby's call with a trailing block
		}
		if m := pytestIDRe.FindStringSubmatch(code); m != nil {
			// `tests/unit/test_cache.py::TestCache::test_roundtrip[http]`:
			// pytest's id of a test, the test by its class, in that file.
			name := strings.ReplaceAll(m[2], "::", ".")
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Path: m[1], Placed: m[1]}, i, j + k + len(tick)})
			prose.WriteString(strings.Repeat(" ", j+k+len(tick)-i))
			i = j + k + len(tick)
			continue
		}
		if rest, ok := strings.CutPrefix(code, "^"); ok && strings.HasSuffix(strings.TrimSuffix(rest, "$"), "/") && !strings.ContainsAny(rest, " \t") {
			// `^trash/`: a Django re_path's pattern, relative to the
			// include() it is in: the route that ends with it.
			p := "/" + strings.TrimPrefix(strings.TrimSuffix(rest, "$"), "/")
			refs = append(refs, found{Ref{Name: code, Line: lineAt(i), Source: FromCode, Strong: true, Route: &RouteRef{Path: p, Tail: true}}, i, j + k + len(tick)})
			prose.WriteString(strings.Repeat(" ", j+k+len(tick)-i))
			i = j + k + len(tick)
			continue
		}
		spelled, suffix := methodSuffix(code)
		written := code
		namespace := ""
		if p := nsPathRe.FindString(code); p != "" {
			namespace = strings.ReplaceAll(strings.Trim(p[:strings.LastIndexByte(p, '\\')], `\`), `\`, ".")
		} else if p := scopePathRe.FindString(code); p != "" {
			// `std::mutex`, `orm::Criteria`: a lower-case scope written
			// with :: is a namespace or a module, never a variable.
			namespace = strings.ReplaceAll(strings.TrimSuffix(p, "::"), "::", ".")
		}
		first := len(refs)
		sep := memberSepOf(code)
		code = namePath(code)
		if m := labelPairRe.FindStringSubmatch(code); m != nil {
			// `controller.cert-manager.io/fao: true`: a label (or
			// annotation) and its value; the key is what the code spells.
			code = m[1]
		}
		end := j + k + len(tick)
		prose.WriteString(strings.Repeat(" ", end-i))
		if key, ok := readKey(code); ok {
			// `config('firefly.webhooks.max_attempts')`: the setting the
			// call reads, by its key.
			refs = append(refs, found{Ref{Name: key, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
		} else if rt, ok := RouteLike(code); ok || methodBefore(sent[:i]) != "" && routeRe.MatchString(code) && !fileRootRe.MatchString(code) {
			if !ok {
				rt = &RouteRef{Path: routeRe.FindStringSubmatch(code)[2]} // GET `/a/b/c/d/e`: however deep, an endpoint
			}
			if m := methodBefore(sent[:i]); m != "" && rt.Method == "" {
				rt.Method = m // GET `/items/:id`: the method the prose sets before the span
			}
			alts := alternatives(code)
			for _, alt := range alts {
				// `/otlp/v1/{logs,traces}`: an endpoint for each.
				r := *rt
				r.Path = strings.Replace(r.Path, alt.group, alt.word, 1)
				refs = append(refs, found{Ref{Name: strings.Replace(code, alt.group, alt.word, 1), Line: lineAt(i), Source: FromCode, Strong: true, Route: &r}, i, end})
			}
			if len(alts) == 0 {
				refs = append(refs, found{Ref{Name: code, Line: lineAt(i), Source: FromCode, Strong: true, Route: rt}, i, end})
			}
		} else if file, at, ok := Location(code); ok {
			refs = append(refs, found{Ref{Name: file + ":" + strconv.Itoa(at), Line: lineAt(i), Source: FromCode, IsPath: true, Strong: true, At: at, File: file}, i, end})
			if path == "" {
				path = file
			}
		} else if dir, name, ok := packageQualified(code); ok {
			// `internal/controllers/machine.patchNode`: a name, in the
			// package the directory holds.
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Placed: dir, Path: dir}, i, end})
			if path == "" {
				path = dir
			}
		} else if configKeyPath(code) {
			// `application.goals.max-streak-weeks`: a key of a
			// configuration file.
			refs = append(refs, found{Ref{Name: code, Line: lineAt(i), Source: FromCode, Strong: true, ConfigKey: true}, i, end})
		} else if p, ok := PathLike(code); ok {
			refs = append(refs, found{Ref{Name: p, Line: lineAt(i), Source: FromCode, IsPath: true, Strong: true}, i, end})
			if path == "" {
				path = p
			}
		} else if m := genericMemberRe.FindStringSubmatch(code); m != nil {
			// `IRepository<Order>.GetByIdAsync`: the member of the generic
			// type, and the type's arguments.
			if name, ok := codeName(m[1] + "." + m[3]); ok {
				refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Called: m[4] != ""}, i, end})
			}
			for _, part := range qualifiedRe.FindAllString(m[2], -1) {
				if name, ok := codeName(part); ok && !BareWord(name) {
					refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
				}
			}
		} else if m := genericRe.FindStringSubmatch(code); m != nil {
			// `configoptional.Optional[exporterhelper.QueueBatchConfig]`,
			// `Result<Order, ApiError>`: the generic type and its arguments.
			for _, part := range append([]string{m[1]}, qualifiedRe.FindAllString(m[2], -1)...) {
				if name, ok := codeName(part); ok && !BareWord(name) {
					refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
				}
			}
		} else if m := symbolDeclRe.FindStringSubmatch(code); m != nil && symbolDecls[m[1]] && !notNames[m[2]] {
			// `has_one :deletion`, `scope :active`: a call that declares a
			// member by the symbol it is given, as a class body writes it.
			refs = append(refs, found{Ref{Name: m[2], Line: lineAt(i), Source: FromCode, Strong: true, Hint: HintField}, i, end})
			decls[i] = true
		} else if m := implForRe.FindStringSubmatch(code); m != nil {
			// `impl TryFrom<endpoint::Model> for CreateMessageEndpoint`: the
			// type, the trait and the types the trait is given.
			for _, part := range append([]string{namePath(m[2])}, qualifiedRe.FindAllString(namePath(m[1]), -1)...) {
				if name, ok := codeName(part); ok && !BareWord(name) {
					refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
				}
			}
		} else if name, hint, lang, ok := declared(code); ok {
			// `service Maintenance`, `func (s *Server) Serve`: the keyword
			// says what the name is, and may say in which language.
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Hint: hint, Lang: lang}, i, end})
			decls[i] = true
		} else if name, hint, ok := typedDeclared(code); ok {
			// `public async Task<bool> Handle(CancelOrderCommand c)`,
			// `public decimal Total { get; set; }`: a C# or Java member
			// written with its modifiers and type.
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Hint: hint}, i, end})
			decls[i] = true
		} else if m := protoFieldRe.FindStringSubmatch(code); m != nil && protoType(m[1]) && !notNames[m[2]] {
			// `bool deleted = 4;`, `repeated string tags = 3;`: a protobuf
			// field, declared with its number.
			refs = append(refs, found{Ref{Name: m[2], Line: lineAt(i), Source: FromCode, Strong: true, Hint: HintField}, i, end})
			decls[i] = true
		} else if name, ok := projectCommand(code); ok {
			// `manage.py sendalerts`, `python manage.py sendalerts --num-workers 4`:
			// the command's definition, sendalerts' Command.
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Hint: HintType, Command: true}, i, end})
		} else if m := testMacroRe.FindStringSubmatch(code); m != nil {
			// `TEST(Set, Unanchored)`: a GoogleTest test, its suite's
			// member.
			refs = append(refs, found{Ref{Name: m[1] + "." + m[2], Line: lineAt(i), Source: FromCode, Strong: true, Hint: HintFunction}, i, end})
		} else if name, ok := signature(code); ok {
			// `DefragmentAsync(ctx, endpoint) (*DefragmentResponse, error)`,
			// `giftCardBulkExtendExpiry(ids: [ID!]!): Payload`: a function
			// written with its parameters and result.
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Called: true}, i, end})
			for _, m := range typeArgRe.FindAllStringSubmatch(code, -1) {
				// `PermissionsDependency([SensitiveProjectActionPermission])`:
				// a type the call is given alone, as an argument or an item.
				if arg := m[1]; len(naming.Words(arg)) > 1 && arg != name {
					refs = append(refs, found{Ref{Name: arg, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
				}
			}
		} else if name, ok := decorator(code); ok {
			// `@connection`, `@relay.connection(...)`: a decorator, a function.
			// A bare lowercase word (`@fpetkovski`) is as often a person's
			// handle: a decorator when called or when the wording says so.
			// One capitalized word not called (`@Router`, `@Override`) is
			// as often a framework's or a doc tool's tag: shown when the
			// code defines it, never a gap.
			var hint Hint
			if !BareWord(name) && !(IsUpperStart(name) && len(naming.Words(name)) == 1) || strings.HasSuffix(code, ")") {
				hint = HintFunction
			}
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: hint != HintNone, Hint: hint,
				Called: strings.HasSuffix(code, ")")}, i, end}) // (`@action(detail=True)` calls a function: no field of a model)
			if open := strings.IndexByte(code, '('); open > 0 {
				// `@CheckPolicies([AuthorizationActions.Create, Sections.POSTS])`:
				// the qualified names its arguments give are references of
				// their own (a string's words are not).
				for _, part := range qualifiedRe.FindAllString(stringsBlanked(code[open:]), -1) {
					if n, ok := codeName(part); ok && strings.Contains(n, ".") && IsUpperStart(n) {
						refs = append(refs, found{Ref{Name: n, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
					}
				}
			}
		} else if name, ok := macroCall(code); ok {
			// `query_as!`, `my_macro!(a, b)`: a macro, called.
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true, Hint: HintFunction}, i, end})
		} else if name, ok := codeName(code); ok {
			// A bare lowercase word (`spec`, `env`) is as often the spec's
			// word as a name: weak, unless it is called or the wording says
			// what or where it is (below).
			called := strings.HasSuffix(code, ")")
			strong := (!BareWord(name) || called) && !strings.HasPrefix(code, ".")
			// (`.put(edit_comment)`, a member called on a value, is as
			// often a library's: shown when the code defines it, no gap.)
			refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: strong, Called: called}, i, end})
		} else if m := typedMemberSpanRe.FindStringSubmatch(code); m != nil && IsUpperStart(m[1]) {
			// `ServiceConfig.CleanOrphanBookmarksPeriodHours int`: a type's
			// field and its type.
			refs = append(refs, found{Ref{Name: m[1] + "." + m[2], Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
		} else if m := declSpanRe.FindStringSubmatch(code); m != nil {
			// `MaxFailedLogins = 5`, `FailedLogins int`: the declared name.
			// `QuotaReserved=true`, `env=prod` set a condition, a label, a
			// flag: the key may be a string the code compares, as often as
			// a name it declares, and is shown only when it resolves.
			value, isRef := "", false
			if _, v, ok := strings.Cut(code, "="); ok {
				value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), ";"))
				if name, ok := codeName(value); ok && strings.ContainsAny(value, ".:#") {
					// `modelDeleter = newsResourceDao::deleteNewsResources`:
					// what a named argument or a variable is given, a
					// reference of its own; the name given it is the call's
					// or the caller's.
					refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
					isRef = true
				}
			}
			if name, ok := codeLike(m[1]); ok && !strings.Contains(name, ".") {
				given := ""
				if q := len(value); q >= 2 && (value[0] == '\'' || value[0] == '"') && value[q-1] == value[0] {
					given = value[1 : q-1] // `CONFIRM_VALUE = 'RESET'`
				}
				refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: !settingRe.MatchString(code) && !isRef, Value: given}, i, end})
			}
			if t, ok := annotatedSpan(code); ok {
				// `safekeepers: Vec<SafekeeperId>`, `term: Term`: a field and
				// its type, whose names the type writes (`Event:
				// model.EventCron`: a package's capitalized name). One
				// capitalized word alone is as often a YAML value (`reason:
				// Evicted`): weak.
				parts := qualifiedRe.FindAllString(t, -1)
				for _, part := range parts {
					if name, ok := codeName(part); ok && !BareWord(name) && IsUpperStart(lastPart(name)) && !notNames[name] {
						refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: len(parts) > 1 || t != part}, i, end})
						if name != m[1] {
							typed[strconv.Itoa(i)+" "+name] = true // (`Status: Status`: the field is still new)
						}
					}
				}
			}
		} else if ops := comparedRe.Split(code, -1); len(ops) > 1 {
			// `p.Event == model.EventCron`, `cron.Enabled && !paused`: a
			// condition; the qualified names with a capitalized last part
			// it compares are references (a local's fields are not).
			for _, op := range ops {
				op = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(op), "!("))
				op = strings.TrimRight(op, ")")
				if name, ok := codeName(op); ok && strings.Contains(name, ".") && IsUpperStart(lastPart(name)) &&
					len(name[:strings.IndexByte(name, '.')]) > 2 && !notNames[name] {
					refs = append(refs, found{Ref{Name: name, Line: lineAt(i), Source: FromCode, Strong: true}, i, end})
				}
			}
		}
		for k := first; k < len(refs); k++ {
			r := &refs[k].ref
			if suffix != "" && !r.IsPath && r.Route == nil && strings.HasSuffix(spelled, r.Name[strings.LastIndexByte(r.Name, '.')+1:]) {
				r.Suffix = suffix
			}
			if namespace != "" && strings.HasPrefix(r.Name, namespace+".") && !r.IsPath && r.Route == nil {
				r.Namespace = namespace
			}
			if sep != "" && k == first && strings.Contains(r.Name, ".") {
				r.Sep = sep
			}
			if w, ok := spelledAs(written, r.Name); ok {
				r.Written = w
			}
		}
		i = end
	}
	// A URL's words are no names (`computer_science` of a Wikipedia link).
	text := urlRe.ReplaceAllStringFunc(prose.String(), func(u string) string { return strings.Repeat(" ", len(u)) })
	for _, loc := range proseRe.FindAllStringIndex(text, -1) {
		tok := text[loc[0]:loc[1]]
		if loc[1] < len(text) && text[loc[1]] == '/' || loc[0] > 0 && text[loc[0]-1] == '/' {
			continue // part of a path, handled below
		}
		if productNameRe.MatchString(tok) {
			continue // "Last.fm", "Node.js" in prose: a product's name, no type's member
		}
		if name, ok := codeLike(namePath(tok)); ok {
			called := strings.HasSuffix(tok, "()")
			strong := strings.Contains(name, "_") || called || strings.Contains(name, ".")
			refs = append(refs, found{Ref{Name: name, Line: lineAt(loc[0]), Source: FromProse, Strong: strong, Called: called}, loc[0], loc[1]})
		} else if hint, ok := kindNamed(text, loc[0], loc[1]); ok {
			// "the Distributor interface (`pkg/querier/...`)": a capitalized
			// word the wording calls a type, read as one where a type of
			// that name and kind is found, never a gap (it may be a
			// product's).
			refs = append(refs, found{Ref{Name: tok, Line: lineAt(loc[0]), Source: FromProse, Guessed: true, Hint: hint}, loc[0], loc[1]})
		}
	}
	// Endpoints in prose: "POST /items/{id}/tags". One ends before the
	// punctuation that ends its sentence or clause ("calls POST /orders.",
	// "POST /orders: ..."), and is named as a code span would name it, so
	// that both mentions are one reference.
	for _, loc := range proseRouteRe.FindAllStringIndex(text, -1) {
		name := strings.Join(strings.Fields(strings.TrimRight(text[loc[0]:loc[1]], ".,:;")), " ")
		if rt, ok := RouteLike(name); ok {
			refs = append(refs, found{Ref{Name: name, Line: lineAt(loc[0]), Source: FromProse, Strong: true, Route: rt}, loc[0], loc[1]})
		}
	}
	// Paths in prose: "and/or" is not one, so a path outside a code span
	// needs a file extension, a trailing slash or two slashes.
	for _, loc := range spaceRunRe.FindAllStringIndex(text, -1) {
		// "(server/models/Share.ts).": punctuation around, in any order.
		f := strings.TrimRight(strings.TrimLeft(text[loc[0]:loc[1]], "\"'(["), "\"'()[],:;.")
		if file, at, ok := Location(f); ok && strings.Contains(file, "/") {
			refs = append(refs, found{Ref{Name: file + ":" + strconv.Itoa(at), Line: lineAt(loc[0]), Source: FromProse, IsPath: true, Strong: true, At: at, File: file}, loc[0], loc[1]})
			if path == "" {
				path = file
			}
		} else if strings.Contains(f, "/") && (strings.Count(f, "/") >= 2 || strings.HasSuffix(f, "/") || pathExts[strings.ToLower(f[strings.LastIndexByte(f, '.')+1:])]) {
			if p, ok := PathLike(f); ok {
				refs = append(refs, found{Ref{Name: p, Line: lineAt(loc[0]), Source: FromProse, IsPath: true, Strong: true}, loc[0], loc[1]})
				if path == "" {
					path = p
				}
			}
		} else if p, ok := PathLike(f); ok && path == "" && text[loc[0]] == '(' && strings.Count(p, ".") >= 2 {
			// "`PublishedDocs` (published-docs.model.ts)": a file's name
			// places the sentence's names (in the files of that name),
			// but is no reference of its own: "(Node.js)" is no file.
			path = p
		}
	}
	sort.SliceStable(refs, func(a, b int) bool { return refs[a].start < refs[b].start })
	placed := placements(sent)
	owner, ownerNew := "", false // the type the declarations that follow it declare members of, and whether the spec introduces it
	for _, f := range refs {
		r := f.ref
		if r.Placed == "" {
			r.Placed = placed[r.Name]
		}
		modified, proposed := clauses(f.start)
		if before := strings.TrimRight(sent[:f.start], " `"); strings.HasSuffix(before, " via") || strings.HasSuffix(before, " through") {
			r.Via = true // "add ETag support via `/all.xml`": the way in, which may be there already
		}
		r.Modified, r.Proposed = modified, r.Proposed || proposed && !typed[strconv.Itoa(f.start)+" "+r.Name]
		decl := decls[f.start] && f.ref.Source == FromCode
		switch {
		case decl && owner != "" && !strings.Contains(r.Name, ".") && (r.Proposed || ownerNew):
			// "`PayloadCodec` (new interface): `byte[] encode(byte[]
			// json)`", "`RecordStore` gains `void compact(int level)`":
			// a member the spec declares for the type, not a function of
			// that name elsewhere.
			r.Name, r.Proposed = owner+"."+r.Name, true
		case decl:
			owner = ""
		case typeLike(r):
			owner, ownerNew = r.Name, r.Proposed
		default:
			owner = ""
		}
		r.Compat = compat
		if !r.IsPath && r.Route == nil {
			r.Path = cmp.Or(r.Path, r.Placed, path) // the place the wording gives the name, before the sentence's first path
			r.Hint = cmp.Or(r.Hint, hintAround(sent, f.start, f.to))
			r.Lang = cmp.Or(r.Lang, langAround(sent, f.start, f.to))
			switch {
			case r.Strong:
			case r.Hint != HintNone:
				r.Strong = true // "the PaymentService class", "the `scope` column": the wording says it is code
			case r.Source == FromCode && (r.Proposed || r.Path != ""):
				r.Strong = true // "a new `retries`", "`retries` in `app/jobs.py`": introduced, or placed
			}
			if commonWords[r.Name] && r.Hint == HintNone && !r.Proposed && r.Path == "" {
				continue // `status`, `name`: a word, unless the wording says what or where it is
			}
		}
		add(r)
	}
}

// keyReadRe is a call with a quoted first argument: `config('app.timezone')`,
// `env("APP_KEY", 'x')`.
var keyReadRe = regexp.MustCompile(`^([A-Za-z_][\w.]*)\(\s*(['"])([^'"\s]+)['"]\s*(?:,[^()]*)?\)$`)

// keyReaders are the functions the registered languages read a setting
// with by its key (Language.KeyReaders).
var keyReaders = func() map[string]bool {
	out := map[string]bool{}
	for _, l := range lang.All {
		for _, f := range l.KeyReaders {
			out[f] = true
		}
	}
	return out
}()

// configKeyRe is a dotted path of lower-case parts, one at least in kebab
// case: a configuration key (`server.servlet.context-path`).
var configKeyRe = regexp.MustCompile(`^[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*(?:\.[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*)+$`)

// domainEnds are the last parts of host names, which configKeyPath leaves
// out (`my-service.default.svc.cluster.local`, `api.my-shop.com`).
var domainEnds = map[string]bool{"com": true, "org": true, "net": true, "io": true, "dev": true, "local": true, "app": true,
	"ai": true, "co": true, "cloud": true, "internal": true, "svc": true, "example": true, "test": true, "localhost": true}

// configKeyPath reports a code span that is a configuration key's path:
// dotted, in kebab case, no host name or file name.
func configKeyPath(code string) bool {
	if !strings.Contains(code, "-") || !configKeyRe.MatchString(code) {
		return false
	}
	last := code[strings.LastIndexByte(code, '.')+1:]
	// (`docker-compose.yml` is a file; `api.my-shop.de` a host, as every
	// two-letter last part is a country's.)
	return !domainEnds[last] && !pathExts[last] && len(last) != 2
}

// readKey reads a code span that reads a setting by its key
// (`config('firefly.webhooks.max_attempts')`): the key, when it is spelled
// like code.
func readKey(code string) (string, bool) {
	m := keyReadRe.FindStringSubmatch(code)
	if m == nil || !keyReaders[m[1]] {
		return "", false
	}
	return codeLike(m[3])
}

// typeLike reports a reference a code span writes as a type's name: one
// capitalized word, named as nothing else (`PayloadCodec`).
func typeLike(r Ref) bool {
	return r.Source == FromCode && !r.IsPath && r.Route == nil && !strings.Contains(r.Name, ".") && IsUpperStart(r.Name) &&
		(r.Hint == HintNone || r.Hint == HintType || r.Hint == HintInterface)
}

// modifiers are the access and other modifiers C# and Java write before a
// declaration's keyword or type: public sealed class, private readonly.
const modifiers = `(?:public|private|protected|internal|static|const|sealed|abstract|partial|readonly|virtual|override|final|required|file)`

// funcLineRe finds the line that opens a function in a spec's code
// block, and localRe an assignment to a plain name.
var (
	funcLineRe = regexp.MustCompile(`^\s*(?:(?:pub(?:\([^)]*\))?|export|async|static|private|public|protected|internal|override|suspend)\s+)*(?:def|func|fn|fun|function)\b`)
	localRe    = regexp.MustCompile(`^\s*(?:(?:let|var|const|val|mut)\s+)*([A-Za-z_]\w*)\s*(?::=|=[^=>])`)
	// typedLocalRe is a variable declared with its type first, in a
	// function's body: `FileIO ossFileIO = fileIO;`, `final var x = 1;`.
	// bindRe is a variable the spec's code binds with a keyword (`let
	// inv = LocalUserInvite::read_by_token(...)`, `const u = new User(`):
	// its name, and the type whose constructor or function makes the
	// value, when one does.
	bindRe       = regexp.MustCompile(`^\s*(?:let|var|const|val|auto)\s+(?:mut\s+)?([a-z_]\w*)\s*(?::\s*([A-Z]\w*)\b[^=]*|:[^=]*)?=[^=>]\s*(?:(?:await|try|new)\s+|&)*(?:([A-Z]\w*)(?:(?:::|\.)(?:new|default|from\w*|create\w*|build\w*|read\w*|find\w*|load\w*|fetch\w*|parse\w*|with_\w+)\b|\(|\{|<))?`)
	typedLocalRe = regexp.MustCompile(`^\s+(?:final\s+)?[A-Za-z_][\w.]*(?:<[^=]*>)?(?:\[\])*\s+([a-z_]\w*)\s*=[^=>]`)
)

// parenDepths is, for each byte of a code line, how many parentheses
// are open before it, depth of them from the lines above; strings are
// skipped. Its last entry is the depth at the line's end.
func parenDepths(line string, depth int) []int {
	d := make([]int, len(line)+1)
	quote := byte(0)
	for i := 0; i < len(line); i++ {
		d[i] = depth
		switch c := line[i]; {
		case quote != 0:
			if c == '\\' {
				i++
				if i < len(line) {
					d[i] = depth
				}
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		}
	}
	d[len(line)] = depth
	return d
}

// typeAt reports a name written as a type between before and after, in
// the forms no configuration file writes: after a pointer's star
// (`*Hostname`), a slice's `[]` or an opening angle bracket
// (`Promise<Match>`), or before `[]` (`Match[]`), or after `new`. (After
// a colon is as often a YAML value, `reason: Evict`.)
func typeAt(before, after string) bool {
	return strings.HasSuffix(before, "*") && !strings.HasSuffix(before, "**") || strings.HasSuffix(before, "[]") ||
		strings.HasSuffix(before, "<") || strings.HasPrefix(after, "[]") || constructedRe.MatchString(before)
}

// typedName reports the text after a type that declares a variable of it
// (`Widget w = ...`, `Identifier id;`) or, inside parentheses, a
// parameter (`Path path)`, `Path path,`), in the languages that write the
// type first.
func typedName(after string, inParens bool) bool {
	m := typedNameRe.FindStringSubmatch(after)
	return m != nil && (inParens || m[1] == "=" || m[1] == ";")
}

// commented reports that a line's text before some point is in a comment.
func commented(before string) bool {
	t := strings.TrimSpace(before)
	return strings.Contains(before, "//") || strings.HasPrefix(t, "#") || strings.Contains(before, " # ") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "/*")
}

var (
	// constructedRe is the text before a constructed type: `new RESTCatalog(ctx)`.
	constructedRe = regexp.MustCompile(`(?:^|[^\w.])new\s+$`)
	// typedNameRe is the text after a type and the name it declares: the
	// character after the name.
	typedNameRe = regexp.MustCompile(`^\s+[a-z_]\w*\s*([,);]|=)(?:[^=>]|$)`)
	// paramNameRe is the text before a parameter's type, in the languages
	// that write it after the name: `func open(at Lsn)`.
	paramNameRe = regexp.MustCompile(`[(,]\s*[a-z_]\w*\s+$`)
)

// annotationAt reports a name written after a type annotation's colon,
// `term: Term` or `x?: Foo`: read as a type only in a type's body or a
// declaration's parameters, where no YAML value stands.
func annotationAt(before string) bool {
	b := strings.TrimRight(before, " ")
	if !strings.HasSuffix(b, ":") || strings.HasSuffix(b, "::") {
		return false
	}
	b = strings.TrimSuffix(strings.TrimSuffix(b, ":"), "?")
	return b != "" && (b[len(b)-1] == '_' || b[len(b)-1] >= 'a' && b[len(b)-1] <= 'z' || b[len(b)-1] >= 'A' && b[len(b)-1] <= 'Z' || b[len(b)-1] >= '0' && b[len(b)-1] <= '9')
}

// urlRe is a URL in prose, up to the blank, bracket or quote after it.
var urlRe = regexp.MustCompile(`https?://[^\s<>"'\x60]+`)

// lambdaCallRe is a code span that calls a name with a trailing block,
// after a blank: `RateLimitConfig.global { }`, `client.config {
// install(X) }`; Go's composite literal `client.MergeFrom{}` and a
// metric's labels `moves_total{pool="a"}` are none.
var lambdaCallRe = regexp.MustCompile(`^([A-Za-z_][\w.]*)(?:\s*\([^()]*\))?\s+\{.*\}$`)

// annotatedSpanRe is a code span that writes a name and its type after a
// colon: `safekeepers: Vec<SafekeeperId>`, `expires_at?: Date | null`.
var annotatedSpanRe = regexp.MustCompile(`^[A-Za-z_]\w*\??\s*:\s+([A-Za-z_][\w.:<>\[\]?|&*, ]*)$`)

// annotatedSpan returns the type a code span writes after a name and a
// colon.
func annotatedSpan(code string) (string, bool) {
	m := annotatedSpanRe.FindStringSubmatch(code)
	if m == nil {
		return "", false
	}
	return strings.TrimSpace(m[1]), true
}

// keywordAt reports text that follows a keyword argument's name: `=`,
// not `==` or `=>`.
func keywordAt(rest string) bool {
	rest = strings.TrimLeft(rest, " ")
	return strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && !strings.HasPrefix(rest, "=>")
}

// fenceDeclRe finds a declaration in a spec's code block: a type, class,
// function, interface, enum, protobuf message or service, Prisma model,
// Swift protocol or actor, or SQL table the spec writes out.
var fenceDeclRe = regexp.MustCompile(`^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:` + modifiers + `\s+)*(?:async\s+)?` + kotlinModifiers + `(?:type|class|module|def(?:\s+self\.)?|interface|enum(?:\s+class)?|message|service|model|struct|record(?:\s+(?:struct|class))?|trait|object|protocol|actor|typealias|fn|fun\s+interface|fun(?:\s+<[^>]*>)?|func(?:\s+\([^)]*\))?)\s*\b([A-Za-z_]\w*)|^\s*CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?["\x60]?([A-Za-z_]\w*)`)

// tsMethodDeclRe is a method the spec's code declares without its class,
// by its signature (Language.SignatureDecls): `async restorePost(orgId: string): Promise<void>;`,
// a name, its parameters, then the result's type after a colon.
var tsMethodDeclRe = regexp.MustCompile(`^\s*(?:` + modifiers + `\s+)*(?:async\s+)?([a-z_$][\w$]*)\s*(?:<[^>]*>)?\(.*\)\s*:\s*[^=]+$`)

// extensionRe is a block that extends a type the code has (Swift's
// `extension PushToken {`, `public extension Array where ...`): what it
// declares are the type's members.
var extensionRe = regexp.MustCompile(`^\s*(?:(?:public|private|internal|fileprivate)\s+)?extension\s+([A-Z]\w*)\b`)

// signatureFence reports a block of a language whose method signatures
// declare (Language.SignatureDecls), by the language's name.
func signatureFence(name string) bool {
	l := lang.ByName(name)
	return l != nil && l.SignatureDecls
}

// constDeclRe is a constant the spec's code declares, named in capitals
// (MAX_RETRIES, TTL): `MAX_RETRIES = 5`, `export const MAX_RETRIES: number
// = 5`, `public static final int MAX_RETRIES = 5;`.
var constDeclRe = regexp.MustCompile(`^\s*(?:export\s+)?(?:(?:` + modifiers + `|let|var|val|pub)\s+)*(?:[\w<>\[\],.]+\s+)?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,})\s*(?::\s*[^=]+?\s*)?=[^=>]`)

// typedFieldRe is a line of a struct's body in the spec's code that
// declares a field by its name and then its type, Go's way: `PipelineID
// int64` with its tag after it, `Reviewer *string // who`.
var typedFieldRe = regexp.MustCompile("^\\s+([A-Za-z_]\\w*)\\s+[*\\[\\]]*([A-Za-z_][\\w.]*)(?:\\[[^\\]]*\\])?(?:\\s+`[^`]*`)?\\s*(?://.*)?$")

// fieldLine matches a line of a type's body that declares a field, either
// way (fieldDeclRe, typedFieldRe), or returns nil.
func fieldLine(line string) []string {
	if m := fieldDeclRe.FindStringSubmatch(line); m != nil && !symbolCallRe.MatchString(line) {
		return m
	}
	if m := typedFieldRe.FindStringSubmatch(line); m != nil && m[1] != m[2] {
		return m // (`Hostname *Hostname`: the name is its type's too, a reference)
	}
	return schemaFieldRe.FindStringSubmatch(line)
}

// symbolCallRe is a line of a Ruby class body that calls a method with a
// symbol (`before_action :authenticate_user!`, `after_discard
// :publish`): a call, not a field typed as `name: Type` declares one.
var symbolCallRe = regexp.MustCompile(`^\s+[a-z_]\w*[?!]?\s+:[A-Za-z_]`)

// newCommentRe is a comment at the end of a line of the spec's code that
// calls what the line declares new: `// new`, `# NEW`, `-- new column`.
var newCommentRe = regexp.MustCompile(`(?i)(?://|#|--)\s*(?:new|added)\b`)

// schemaFieldRe is a line of a model's body in the spec's code that
// declares a field Prisma's way: its name, its type, optional or a list,
// then its attributes (`expiresAt DateTime? // new`, `scopes String[]
// @default([])`).
var schemaFieldRe = regexp.MustCompile(`^\s+([a-z_]\w*)\s+[A-Z]\w*(?:\[\])?\??(?:\s+@.*?)?\s*(?://.*)?$`)

// upperWordRe is a capitalized word.
var upperWordRe = regexp.MustCompile(`\b[A-Z]\w*`)

// fieldDeclRe is a line of a type's body in the spec's code that declares
// a field, lowercase: Python's and Ruby's `resolved_at = Column(...)`,
// `resolved_at: datetime | None = None`, TypeScript's, Kotlin's and Swift's
// `resolvedAt?: Date;`.
var fieldDeclRe = regexp.MustCompile(`^\s+(?:(?:readonly|public|private|protected|var|val|let)\s+)*([a-z_]\w*)\??\s*(?::\s*[^=(]+?\s*)?(?:=[^=]|;?\s*$)`)

// fenceTypeRe is a line of the spec's code that declares a type: its
// keyword before the name, after any modifiers.
var fenceTypeRe = regexp.MustCompile(`^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:` + modifiers + `\s+)*` + kotlinModifiers +
	`(?:class|interface|enum(?:\s+class)?|message|model|struct|record(?:\s+(?:struct|class))?|trait|protocol|actor|typealias)\s+[A-Za-z_]` +
	`|^\s*type\s+\w+(?:\[[^\]]*\])?\s+(?:struct|interface)\b`)

// ddlRe matches a SQL statement in a code span that creates a table, an
// index or a column: its name.
var ddlRe = regexp.MustCompile(`(?i)^(?:ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?\S+\s+ADD\s+(?:COLUMN\s+)?|CREATE\s+(?:TEMP(?:ORARY)?\s+)?TABLE\s+|CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?)(?:IF\s+NOT\s+EXISTS\s+)?["\x60]?([A-Za-z_]\w*)`)

// sqlWords are the words of a DDL statement's head that ddlRe may take
// for a name when the span ends early (`CREATE INDEX CONCURRENTLY`).
var sqlWords = map[string]bool{"CONCURRENTLY": true, "IF": true, "NOT": true, "EXISTS": true, "ON": true, "COLUMN": true, "TABLE": true, "INDEX": true, "UNIQUE": true}

// kotlinModifiers are the modifiers Kotlin writes before a declaring
// keyword (data class, enum class, const val, suspend fun), those other
// languages do not share: private static final declares no "final".
const kotlinModifiers = `(?:(?:data|sealed|value|inner|open|internal|suspend|inline|annotation|const|lateinit|tailrec|operator|infix)\s+)*`

// fenceMethodRe finds a Go method's receiver type and name, or a Kotlin
// extension function's (fun Order.refund(): its receiver is Order).
var fenceMethodRe = regexp.MustCompile(`^\s*func\s+\(\s*(?:\w+\s+)?\*?\s*([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*([A-Za-z_]\w*)|^\s*` + kotlinModifiers + `fun\s+(?:<[^>]*>\s*)?([A-Za-z_]\w*)(?:<[^>]*>)?\??\.([A-Za-z_]\w*)`)

// selfMemberRe is a member of a method's own type its body uses:
// `self.batch_service`, `this.client`, Ruby's `@cache`.
var selfMemberRe = regexp.MustCompile(`\b(?:self|this)\.([A-Za-z_]\w*)|(?:^|[^\w@])@([a-z_]\w*)`)

// paramTypes are the capitalized type names a method's declaring line
// writes inside its parameter list: `(&mut self, req: HecRequest)` gives
// HecRequest.
func paramTypes(line string) []string {
	open := strings.IndexByte(line, '(')
	if open < 0 {
		return nil
	}
	list := line[open+1:]
	depth := 1
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				list = list[:i] // (not the result's `Poll<()>`)
			}
		}
		if depth == 0 {
			break
		}
	}
	var out []string
	for _, w := range typeWordRe.FindAllString(list, -1) {
		if w != "Self" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// enumDeclRe is a line of the spec's code that declares an enum.
var enumDeclRe = regexp.MustCompile(`\benum\b`)

// enumValueRe is a line of an enum's body that declares a value: its
// name alone, with a value or arguments, or after Swift's case
// (`SessionsRead = 1 << 1,`, `PENDING("p"),`, `case retry`).
var enumValueRe = regexp.MustCompile(`^\s*(?:case\s+)?([A-Za-z_]\w*)\s*(?:=[^=>].*|\(.*\)\s*[,;]?|[,;])?\s*(?:(?://|#).*)?$`)

// newHeadingRe is the heading of a list of what a spec introduces: "New
// types", "3.2 New files (all new in this RFC)".
var newHeadingRe = regexp.MustCompile(`(?i)^(?:[\d.]+\s+)?new\s+\w+`)

// headingRe is a markdown heading and its text.
var headingRe = regexp.MustCompile(`^#{1,6}\s+(.*)$`)

// nonGoalRe is the heading of what a spec does not do: "Non-goals", "Out
// of scope", "Not in scope", "Alternatives considered", "Rejected
// alternatives". A change named under it is not proposed.
// currentRe matches the headings under which a spec describes what the
// code does today.
// proposingRe matches a heading that names what the spec proposes beside
// what the code does today ("Background and proposal", "Current state vs.
// target"): under it a name may be new.
// backgroundWorkRe matches a heading about background work ("Background
// jobs"), not the background of the spec.
var backgroundWorkRe = regexp.MustCompile(`(?i)\bbackground\s+(?:jobs?|tasks?|workers?|processing|cleanup|sync\w*|queues?|threads?|services?)\b`)

var proposingRe = regexp.MustCompile(`(?i)\b(?:propos\w*|target|plan\w*|changes?|future|new)\b`)

var currentRe = regexp.MustCompile(`(?i)\bcurrent (?:state|behaviou?r|design|implementation|architecture)\b|\bas[- ]is\b|\bbackground\b|\bstatus quo\b|\bhow it works today\b`)

// goalsTooRe is a heading's word of goals, left when its non-goals are
// taken out: "Goals and non-goals".
var goalsTooRe = regexp.MustCompile(`(?i)\bgoals?\b`)

var nonGoalRe = regexp.MustCompile(`(?i)\bnon[- ]?goals?\b|\bout of scope\b|\bnot in scope\b|\balternatives? considered\b|\brejected alternatives?\b`)

// typeWordRe is a type's name as a parameter list writes it: capitalized,
// with a lower-case letter (HecRequest; not a constant such as MAX).
var typeWordRe = regexp.MustCompile(`\b[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*\b`)

// methodDeclRe finds a method declared without its class: its first
// parameter is the instance or the class (Python's self or cls, Rust's
// self, &self, &'a mut self), or it is one of the class (Ruby's def self.x).
// javaMethodRe is a method the spec's code declares with its result's
// type before its name (Java's, C#'s: `void batchReadEntries(long
// ledgerId);`, `default List<Order> find(`), after any modifiers.
var javaMethodRe = regexp.MustCompile(`^\s*(?:(?:public|private|protected|static|final|abstract|default|synchronized|override|virtual|async)\s+)*[A-Za-z_][\w.]*(?:<[^()]*>)?(?:\[\])*\??\s+([A-Za-z_]\w*)\s*\(`)

var methodDeclRe = regexp.MustCompile(`^\s*def\s+self\.|^\s*(?:async\s+)?def\s+\w+\s*\(\s*(?:self|cls)\b|^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+\w+\s*(?:<[^>]*>)?\(\s*(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b`)

// The wordings that place a name in a path, both in code spans: the path
// defines the name, or the name is in (from, defined in) the path.
var (
	pathDefinesRe = regexp.MustCompile("`([^`\\s]+/[^`\\s]*|[^`\\s]+\\.[a-z]{1,5})` (?:defines|declares|exports|contains) (?:the |a |an )?(?:[a-z]+ )?`([A-Za-z_][\\w.]*)`")
	nameInPathRe  = regexp.MustCompile("`([A-Za-z_][\\w.]*)`(?: [a-z]+)?,? \\(?(?:(?:is |are )?(?:defined|declared|implemented|located) )?(?:in|from) `([^`\\s]+/[^`\\s]*|[^`\\s]+\\.[a-z]{1,5}|[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+)`")
	// listInPathRe is a list of names placed in one file or directory:
	// "`get` and `delete` in `src/case/sla/service.py`".
	listInPathRe = regexp.MustCompile("((?:`[A-Za-z_][\\w.]*`(?:, and |, or |, | and | or ))+`[A-Za-z_][\\w.]*`)(?: [a-z]+)? (?:in|from) `([^`\\s]+/[^`\\s]*|[^`\\s]+\\.[a-z]{1,5})`")
	// fileNamesRe is a file with the names it holds in parentheses after
	// it, as a table of modules writes them: "`core.py` (`Array`)".
	fileNamesRe = regexp.MustCompile("`([^`\\s]+\\.[a-z]{1,5})` \\(((?:`[A-Za-z_][\\w.]*`(?:,? (?:and )?)?)+)[^)]*\\)")
	spanNameRe  = regexp.MustCompile("`([A-Za-z_][\\w.]*)`")
)

// placements maps each name a sentence places in a path to that path.
func placements(sent string) map[string]string {
	out := map[string]string{}
	for _, m := range pathDefinesRe.FindAllStringSubmatch(sent, -1) {
		if p, ok := PathLike(m[1]); ok {
			out[m[2]] = p
		}
	}
	for _, m := range nameInPathRe.FindAllStringSubmatch(sent, -1) {
		if p, ok := PathLike(m[2]); ok {
			out[m[1]] = p
		} else if p, ok := packagePath(m[2]); ok && strings.HasSuffix(m[0], "in `"+m[2]+"`") {
			// "`InvalidPasswordException` in `web.rest.errors`": that
			// package's directory. (A name "from" a package written whole
			// is placed by where the package's files are.)
			out[m[1]] = p
		}
	}
	for _, m := range listInPathRe.FindAllStringSubmatch(sent, -1) {
		// "`get` and `delete` in `service.py`": each name of the list.
		if p, ok := PathLike(m[2]); ok {
			for _, n := range spanNameRe.FindAllStringSubmatch(m[1], -1) {
				if _, set := out[n[1]]; !set {
					out[n[1]] = p
				}
			}
		}
	}
	for _, m := range fileNamesRe.FindAllStringSubmatch(sent, -1) {
		if p, ok := PathLike(m[1]); ok {
			for _, n := range spanNameRe.FindAllStringSubmatch(m[2], -1) {
				if _, set := out[n[1]]; !set {
					out[n[1]] = p
				}
			}
		}
	}
	return out
}

// clauseModified splits a sentence into clauses and reports, for a byte
// offset, whether its clause proposes a change: "Add a field to `User`,
// and `New` keeps its signature" modifies User, not New. A clause that
// says a thing stays as it is ("keeps", "unchanged", "reuse") modifies
// nothing.
func clauseModified(sent string) func(off int) (modified, proposed bool) {
	lower := maskSpans(strings.ToLower(sent))
	bounds := [][]int{{0, 0}}
	for _, b := range clauseRe.FindAllStringIndex(lower, -1) {
		// "`A`, `B`, and `C`.": the last item of a list of names that
		// ends the sentence, no clause of its own.
		if rest := lower[b[1]:]; strings.HasSuffix(lower[:b[0]], "`") && strings.HasPrefix(rest, "`") && strings.HasPrefix(lower[b[0]:b[1]], ",") &&
			strings.Contains(lower[b[0]:b[1]], "and") && strings.Count(rest, "`") == 2 && strings.Trim(rest[strings.LastIndexByte(rest, '`')+1:], " .;:)") == "" {
			continue
		}
		bounds = append(bounds, b)
	}
	type clause struct {
		start, end int
		mod        bool
		text       string
	}
	var cs []clause
	for i, b := range bounds {
		end := len(lower)
		if i+1 < len(bounds) {
			end = bounds[i+1][0]
		}
		text := strings.ReplaceAll(lower[b[1]:end], "next to", "beside")
		cs = append(cs, clause{b[1], end, modRe.MatchString(text) && !keepRe.MatchString(text), text})
	}
	return func(off int) (bool, bool) {
		var cur clause
		for _, c := range cs {
			if off >= c.start {
				cur = c
			}
		}
		return cur.mod, proposedAt(cur.text, off-cur.start)
	}
}

// maskSpans blanks what a sentence's code spans hold, keeping every
// offset: `Transfer.create!` is a name, not the verb "create".
func maskSpans(sent string) string {
	if !strings.Contains(sent, "`") {
		return sent
	}
	b := []byte(sent)
	in := false
	for i, c := range b {
		switch {
		case c == '`':
			in = !in
		case in:
			b[i] = ' '
		}
	}
	return string(b)
}

// proposedAt reports whether the name at off in a clause is one the
// clause introduces: it follows "add", "new", "introduce", "create",
// "gains" (and "with" after "extend") without a "to" between ("add X to Y"
// introduces X, not Y) nor a "no" right after ("gains no field"), or the
// clause says it "is new".
func proposedAt(clause string, off int) bool {
	if off < 0 || off > len(clause) {
		return false
	}
	if isNewRe.MatchString(clause[off:]) || newAfterRe.MatchString(clause[off:]) {
		return true
	}
	before := clause[:off]
	locs := newRe.FindAllStringIndex(before, -1)
	if strings.Contains(clause, "extend") {
		if i := strings.LastIndex(before, " with "); i >= 0 {
			locs = append(locs, []int{i, i + 6})
		}
	}
	for _, l := range locs {
		between := before[l[1]:]
		if newListRe.MatchString(between) {
			return true // "New types: `A`, `B`, `C`": each item of the list the colon opens
		}
		if w := strings.TrimSpace(before[l[0]:l[1]]); (w == "new" && len(strings.Fields(between)) > 3 || strings.Contains(between, "`")) && creatingRe.MatchString(w) &&
			!coordinatedRe.MatchString(between[strings.LastIndexByte(between, '`')+1:]) {
			// "a new X ... through Y", "creates X ... through Y": they
			// name X, not Y (but "new service X and controller Y" both).
			continue
		}
		if f := strings.Fields(between); len(f) > 0 && strings.HasSuffix(f[0], "ed") && strings.HasPrefix(strings.TrimSpace(before[l[0]:l[1]]), "get") {
			continue // "gets filtered by X": a passive, which introduces nothing
		}
		if f := strings.Fields(between); len(f) > 0 && f[0] == "no" {
			continue // "gains no field", "adds no column": nothing is introduced
		}
		if strings.HasSuffix(strings.TrimRight(before[:l[0]], " *_"), "(") && strings.Contains(between, ")") {
			continue // "`x.php` (new if missing): `time` ...": the parenthesis marks what it follows
		}
		last := max(strings.LastIndex(between, " to "), strings.LastIndex(between, " of "), strings.LastIndex(between, " on "),
			strings.LastIndex(between, " from "))
		if via := max(strings.LastIndex(between, " through "), strings.LastIndex(between, " via ")); via > 0 && strings.Contains(between[:via], "`") {
			last = max(last, via) // (but "introduce rate limiting via a `RateLimiter`" introduces it)
		}
		// "add X to Y" (or "new columns on Y", "the new keys from Y",
		// "gains X so that an operator can un-retire through Y")
		// introduces X, not Y; "add X to Y and Z to W" also Z.
		if last < 0 || strings.Contains(between[last:], " and ") {
			return true
		}
	}
	return false
}

// comparedRe splits a condition at its comparison and boolean operators.
var comparedRe = regexp.MustCompile(`\s(?:==|!=|===|!==|>=|<=|&&|\|\|)\s`)

// lastPart is the last dotted part of a name.
func lastPart(name string) string {
	return name[strings.LastIndexByte(name, '.')+1:]
}

// plainEnough reports a name that is ASCII, or that holds letters beyond
// ASCII among at least three and an ASCII one (`Loggnivå`): a unit, a
// symbol or a Greek letter (`µs`, `θ`, `Δt`) is no code's name.
func plainEnough(name string) bool {
	ascii := true
	letter := false
	for _, r := range name {
		if r >= 0x80 {
			ascii = false
		} else if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			letter = true
		}
	}
	return ascii || letter && utf8.RuneCountInString(name) >= 3
}

// newRowRe is a table cell that says its row is new: "new", "**New**",
// "(new)", "added", "yes (new)".
var newRowRe = regexp.MustCompile(`^(?:\*\*|_|\*)?\(?(?:new|added|to add|yes \(new\))\)?(?:\*\*|_|\*)?$`)

// newRow reports a table row one of whose cells says the row is new.
func newRow(row string) bool {
	t := strings.TrimSpace(row)
	if !strings.HasPrefix(t, "|") {
		return false
	}
	for _, c := range strings.Split(strings.Trim(t, "|"), "|") {
		if newRowRe.MatchString(strings.ToLower(strings.TrimSpace(c))) {
			return true
		}
	}
	return false
}

// inLastCell reports a table row whose last cell, or no cell, holds the
// code span naming name: the cells before the last name things, the last
// says what they mean.
// inFirstCell reports a table row whose first cell holds the code span
// naming name.
func inFirstCell(row, name string) bool {
	at := strings.Index(row, "`"+name+"`")
	if at < 0 {
		at = strings.Index(row, "`"+name+"(")
	}
	return at >= 0 && !strings.Contains(strings.TrimLeft(row[:at], " \t|"), "|")
}

func inLastCell(row, name string) bool {
	at := strings.Index(row, "`"+name+"`")
	if at < 0 {
		at = strings.Index(row, "`"+name+"(")
	}
	if at < 0 {
		return true // (spelled otherwise in the row: not proposed by it)
	}
	cells := strings.Split(strings.Trim(strings.TrimSpace(row), "|"), "|")
	before := strings.Count(strings.TrimLeft(row[:at], " \t|"), "|") // the cells before it
	return before >= len(cells)-1
}

// leadNewRe is the word of a list's lead-in that introduces its items:
// "We add two new endpoints:", "Add new fields to the status:" (not
// "secrets that users create:").
var leadNewRe = regexp.MustCompile(`\b(?:add|adds|adding|new|introduces?|introducing)\b`)

// newAfterRe is a name (or a list of them) the spec marks new right
// after it: "`PayloadCodec` (new interface)", "`A` and `B` (new,
// package-private)", "`duration` (**new**)", "**`Migrator`** (new)",
// "(`route.ts`, new)", a table's row "| `PayloadCodecs` | new class |".
var newAfterRe = regexp.MustCompile("^`?[^`]*`(?:\\*\\*|\\*|_)?(?:\\s*(?:,|and|or)\\s*(?:\\*\\*|\\*|_)?`[^`]*`(?:\\*\\*|\\*|_)?)*\\s*(?:(?:enum|type|class|struct|interface|trait|record|field|column|table|constant|setting|option|flag|method|function|endpoint|route|file|module|package|days|hours|minutes|seconds)\\s+)?(?:(?:\\(|\\|\\s*)(?:\\*\\*|\\*|_)?(?:an? |all |both )?new\\b|,\\s*(?:\\*\\*|\\*|_)?new(?:\\*\\*|\\*|_)?\\s*\\))")

// EmbeddedLang reports a language written inside others' code (SQL in a
// mapper or a string): its ${...} is a parameter bound from outside, and
// what it calls is the database's function.
func EmbeddedLang(name string) bool {
	l := lang.ByName(name)
	return name != "" && l != nil && l.BuiltinsAnywhere
}

// pathLiteralRe is a string literal of a path, "/repos/:repo_id/x".
var pathLiteralRe = regexp.MustCompile("\"/[^\"]*\"|'/[^']*'|`/[^`]*`")

// placeholderRe is a parameter of a statement or a template: MyBatis's
// #{orderId} and ${table}, a shell's ${VAR}.
var placeholderRe = regexp.MustCompile(`[#$]\{[^{}]*\}`)

// funcHeadingRe is a heading's word for things that are called.
var funcHeadingRe = regexp.MustCompile(`(?i)\b(?:functions?|methods?|helpers?|procedures?|hooks?|utilities|calls?|apis?|endpoints?|commands?)\b`)

// newListRe is the text between "new" and a name in the list of names a
// colon opens after it: " types: `A`, `B`, ".
var newListRe = regexp.MustCompile("^[\\w ]{0,30}:\\s*(?:`[^`]*`\\s*(?:,|and|or)?\\s*)*$")

// coordinatedRe is the text after the last name a "new" introduces that
// joins the next to it: " (a service) and controller ", ", and ".
var coordinatedRe = regexp.MustCompile(`^(?:\s*\([^()]*\))?(?:,?\s+and\s+(?:an?\s+)?(?:new\s+)?[a-z]*|,)\s*$`)

// langWords name a language or schema source in prose: each language's
// SpecWords, to its name.
var langWords = func() map[string]string {
	out := map[string]string{}
	for _, l := range lang.All {
		for _, w := range l.SpecWords {
			out[w] = l.Name
		}
	}
	return out
}()

// fenceLangs are the languages by the info strings their fenced blocks
// are written with: a language's fence name, its name and its files'
// extensions (```java, ```go, ```rs, ```py).
var fenceLangs = func() map[string]string {
	out := map[string]string{}
	for _, l := range lang.All {
		for _, w := range append([]string{l.Fence, l.Name}, l.Exts...) {
			if w = strings.TrimPrefix(strings.ToLower(w), "."); w != "" {
				if _, dup := out[w]; !dup {
					out[w] = l.Name
				}
			}
		}
	}
	return out
}()

// fenceInfo is the first word of a fence line's info string, lowercase
// ("```java title=x" is java).
func fenceInfo(line string) string {
	t := strings.TrimLeft(strings.TrimSpace(line), "`~")
	if f := strings.Fields(t); len(f) > 0 {
		return strings.ToLower(strings.Trim(f[0], "{}."))
	}
	return ""
}

// langAround reads a language named within two words of a reference.
func langAround(sent string, start, end int) string {
	if end <= 0 {
		return ""
	}
	clean := func(w string) string { return strings.Trim(strings.ToLower(w), ".,;:()'`\"") }
	after := strings.Fields(sent[end:])
	for i := 0; i < len(after) && i < 2; i++ {
		if l, ok := langWords[clean(after[i])]; ok {
			return l
		}
	}
	before := strings.Fields(sent[:start])
	for i := len(before) - 1; i >= 0 && i >= len(before)-2; i-- {
		if l, ok := langWords[clean(before[i])]; ok {
			return l
		}
	}
	return ""
}

// hintAround reads the word after (or before) a reference: "the `orders`
// table", "the `Status` enum", "function `placeOrder`".
func hintAround(sent string, start, end int) Hint {
	if end <= 0 {
		return HintNone
	}
	after := strings.Fields(strings.ToLower(sent[end:]))
	// "`expiresAt` and `visibility` fields", "`a`, `b` or `c` columns":
	// the word after a list of code spans is each one's.
	for i := 0; i+1 < len(after) && i < 8; i++ {
		w := after[i]
		if w != "and" && w != "or" && w != "," && !(strings.HasPrefix(w, "`") && strings.HasSuffix(strings.TrimRight(w, ","), "`") && len(w) > 2) {
			if i > 0 && strings.HasPrefix(after[i-1], "`") {
				after = after[i:]
			}
			break
		}
	}
	if len(after) > 0 {
		w := strings.Trim(after[0], ".,;:()")
		if fieldWords[w] {
			return HintField
		}
		if h, ok := hintWords[w]; ok {
			return h
		}
	}
	before := strings.Fields(strings.ToLower(sent[:start]))
	if len(before) > 0 {
		w := strings.Trim(before[len(before)-1], ".,;:()")
		if h, ok := hintWords[w]; ok && h != HintNone {
			return h
		}
		if fieldWords[w] && w != "key" {
			return HintField
		}
	}
	return HintNone
}

// RouteRef is an endpoint a spec names.
type RouteRef struct {
	Method string // "" when the spec gives none
	Path   string
	// Tail says the path is a pattern as a registration writes it,
	// relative to the prefixes it is included under (`^trash/`): a route
	// that ends with it, however short, is the one meant.
	Tail bool
	// Prefix says the spec elides the rest of the path
	// (`/nonprofits/:nonprofit_id/supporters/...`): any route under Path
	// is one meant.
	Prefix bool
}

// relRouteRe is a route written without its leading slash, as Django's
// path() writes one, with a parameter in angle brackets: `checks/<uuid:code>/pause`.
// (A file's is no route: `dask/<module>/backends.py`.)
var relRouteRe = regexp.MustCompile(`^[\w-]+(?:/(?:[\w-]+|<[\w:]+>))*/<[\w:]+>(?:/(?:[\w-]+|<[\w:]+>))*/?$`)

// proseMethodRe is an HTTP method written in capitals right before a
// route's code span: "GET `/items/:id` gets an item", or in the table
// cell before it: "| GET | `/items/:id` |".
// methodBefore is the HTTP method the prose sets right before a code
// span, "" for none.
func methodBefore(before string) string {
	if m := proseMethodRe.FindStringSubmatch(before); m != nil {
		return m[1]
	}
	return ""
}

var proseMethodRe = regexp.MustCompile(`(?:^|[\s(*_|])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[*_]*(?:\s+|\s*\|\s*)$`)

var routeRe = regexp.MustCompile(`^(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+)?(/[^\s?#]*)(?:[?#]\S*)?$`)

// verbRouteRe is a route written after its method without the leading
// slash, as ASP.NET's route templates write one: `POST api/reader/progress`.
var verbRouteRe = regexp.MustCompile(`^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+([\w{}\-.<>\[\]]+(?:/[^\s?#/]+)+/?)(?:[?#]\S*)?$`)

// apiSegRe is a path whose first or second segment only an endpoint's
// path has: `/answer/api/v1/...`, `/v2/items/...` (not
// `/var/lib/app/v1/...`, a file's).
var apiSegRe = regexp.MustCompile(`^/(?:[\w.-]+/)?(?:api|v\d+)/`)

// fileRootRe is the first segment of a file system's path:
// `/usr/share/nginx/html/app/index`, whatever method word precedes it.
var fileRootRe = regexp.MustCompile(`^/(?:usr|var|etc|opt|srv|home|tmp|mnt|proc|dev|bin|sbin|lib|lib64|workspace|root|run|sys|data|Users|Library|System|Applications)/`)

// RouteLike accepts an endpoint in a code span: "POST /items/{id}/tags",
// "/replicate_webhook", "GET /api/orders?limit=10". A path with a file
// extension in its last segment is a file, not a route.
func RouteLike(code string) (*RouteRef, bool) {
	if relRouteRe.MatchString(code) {
		// `checks/<uuid:code>/pause`: Django's path(), with no leading
		// slash; a parameter in angle brackets is in no file's path.
		return &RouteRef{Path: "/" + code}, true
	}
	if m := verbRouteRe.FindStringSubmatch(code); m != nil {
		return &RouteRef{Method: m[1], Path: "/" + m[2]}, true
	}
	m := routeRe.FindStringSubmatch(code)
	if m == nil {
		return nil, false
	}
	last := m[2][strings.LastIndexByte(m[2], '/')+1:]
	if i := strings.LastIndexByte(last, '.'); i > 0 && pathExts[strings.ToLower(last[i+1:])] && m[1] == "" {
		return nil, false // "/docs/a.md" is a file; "GET /api/openapi.json" is an endpoint
	}
	if m[1] == "" && strings.Count(m[2], "/") > 4 && !strings.ContainsAny(m[2], "{:<[") && (!apiSegRe.MatchString(m[2]) || fileRootRe.MatchString(m[2])) {
		return nil, false // a deep absolute path without parameters or an API segment reads as a file path
	}
	if m[1] == "" && paramsOnly(m[2]) {
		return nil, false // `/<org_slug>`: a prefix a rule builds, no endpoint
	}
	if p, ok := strings.CutSuffix(m[2], "/..."); ok && p != "" {
		return &RouteRef{Method: m[1], Path: p, Prefix: true}, true // `/supporters/...`: what is under it
	}
	if p, ok := strings.CutSuffix(m[2], "/…"); ok && p != "" {
		return &RouteRef{Method: m[1], Path: p, Prefix: true}, true
	}
	return &RouteRef{Method: m[1], Path: m[2]}, true
}

// paramsOnly reports a path all of whose segments are parameters
// (`/<org_slug>`, `/{id}/`), and which has one at least.
func paramsOnly(p string) bool {
	segs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' })
	for _, s := range segs {
		if !(strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") || strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") ||
			strings.HasPrefix(s, ":") && len(s) > 1) {
			return false
		}
	}
	return len(segs) > 0
}

// stringsBlanked blanks the string literals of code, keeping offsets.
func stringsBlanked(code string) string {
	b := []byte(code)
	var quote byte
	for i, c := range b {
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b[i] = ' '
		case c == '\'' || c == '"' || c == '`':
			quote = c
		}
	}
	return string(b)
}

// productNameRe is a product's or a site's name prose writes with a dot:
// Last.fm, Node.js, Socket.io, Booking.com.
var productNameRe = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*\.(?:js|io|fm|ai|com|org|net|dev|app|tv)$`)

// packagePath is the directory a dotted package name written in lower
// case stands for (web.rest.errors is web/rest/errors), when it is no
// file's name.
func packagePath(s string) (string, bool) {
	if !packageNameRe.MatchString(s) || pathExts[s[strings.LastIndexByte(s, '.')+1:]] {
		return "", false
	}
	return strings.ReplaceAll(s, ".", "/"), true
}

// packageNameRe is a dotted package name in lower case.
var packageNameRe = regexp.MustCompile(`^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$`)

// memberSepOf is what code writes between a type and its member besides
// "." (`Route::post`'s "::", `User#admin?`'s "#"; see Ref.Sep), "" for
// none.
func memberSepOf(code string) string {
	m := memberSepRe.FindStringSubmatchIndex(code)
	if m == nil {
		return ""
	}
	switch code[m[3]] {
	case '#':
		return "#"
	case ':':
		return "::"
	}
	return ""
}

// typedParam reports what follows a parameter's name when its type
// follows it (`: string,`, `?: string`), as TypeScript, Python, Kotlin,
// Swift and Rust write one.
func typedParam(rest string) bool {
	rest = strings.TrimPrefix(strings.TrimLeft(rest, " \t"), "?")
	return strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, "::")
}

// codeName accepts the contents of a code span that names an identifier:
// `OrderRequest`, `placeOrder()`, `Order.total`, `orders`.
func codeName(code string) (string, bool) {
	if m := leadingDotRe.FindStringSubmatch(code); m != nil && (m[2] != "" || strings.Contains(m[1], "_") ||
		strings.ToLower(m[1]) != m[1] && strings.ToUpper(m[1]) != m[1]) {
		code = code[1:] // .iter_records(), ._eval: a member, called on a value (.env, .NET are no members)
	}
	code = receiverRe.ReplaceAllString(code, "$1") // (*Server).cancel -> Server.cancel
	code = elementType(code)                       // []*model.Throughput -> model.Throughput
	for strings.HasSuffix(code, "[]") && len(code) > 2 {
		code = code[:len(code)-2] // options_table[], Order[]: the array's name or element
	}
	code = typeArgsCallRe.ReplaceAllString(code, "$1$2")          // App::getPlugin<Exporter>() -> App::getPlugin()
	code = memberSepRe.ReplaceAllString(code, "$1.$2$3")          // Order#total, Order::total -> Order.total
	code = predicateRe.ReplaceAllString(code, "$1$2")             // admin? -> admin
	code = strings.TrimSuffix(strings.TrimPrefix(code, "<"), ">") // <OrderTicket> -> OrderTicket
	code = strings.TrimSpace(strings.TrimSuffix(code, "/"))
	if m := nameofRe.FindStringSubmatch(code); m != nil {
		code = m[1] // nameof(Order.Status), typeof(Order): the name
	}
	code = strings.TrimSuffix(code, "?") // Order?: a nullable Order
	if m := arityRe.FindStringSubmatch(code); m != nil {
		code = m[1] // Sites.get_by_domain/1, update_site/2: Elixir's and Erlang's function and arity
	}
	if manPageRe.MatchString(code) {
		return "", false // timeout(1), pthread_create(3): a manual page, no call
	}
	if i := strings.IndexByte(code, '('); i > 0 && strings.HasSuffix(code, ")") && callArgsRe.MatchString(code[i:]) {
		code = code[:i] + "()" // placeOrder(creds, order) -> placeOrder()
	}
	if !identRe.MatchString(code) {
		return "", false
	}
	name := strings.TrimSuffix(code, "()")
	if notNames[name] || len(name) < 2 || !plainEnough(name) {
		return "", false
	}
	return name, true
}

// elementType is the type a type expression holds, past its pointers,
// references, slices, arrays, channels and map keys: `[]*model.Throughput`
// and `map[string]*model.Throughput` name model.Throughput, `&mut Order`
// names Order. Only a type is taken so: a qualified or capitalized name,
// qualified after a lone `*` (`*Millis` and `*_test.py` are patterns of
// names, `*args` a parameter); `[]byte` names nothing, nor a file name.
// Any other code is returned as is.
func elementType(code string) string {
	t, pattern := code, strings.HasPrefix(code, "*")
	for {
		switch {
		case strings.HasPrefix(t, "*"), strings.HasPrefix(t, "&"):
			t = strings.TrimPrefix(strings.TrimLeft(t, "*&"), "mut ")
		case strings.HasPrefix(t, "..."):
			t = t[3:]
		case strings.HasPrefix(t, "chan "), strings.HasPrefix(t, "<-chan "):
			t = t[strings.IndexByte(t, ' ')+1:]
		case strings.HasPrefix(t, "map["), strings.HasPrefix(t, "["):
			depth, end := 0, -1
			for i := strings.IndexByte(t, '['); i < len(t) && end < 0; i++ {
				switch t[i] {
				case '[':
					depth++
				case ']':
					if depth--; depth == 0 {
						end = i
					}
				}
			}
			if end < 0 {
				return code
			}
			t, pattern = t[end+1:], false
		default:
			qualified := strings.Contains(t, ".")
			if t == code || !identRe.MatchString(t) || strings.HasSuffix(t, "()") || !qualified && (pattern || !IsUpperStart(t)) ||
				qualified && pathExts[strings.ToLower(t[strings.LastIndexByte(t, '.')+1:])] {
				return code
			}
			return t
		}
	}
}

// kindNouns are the words after a capitalized prose word that call it a
// type: "the Distributor interface", "the Ingester service" (a gRPC one).
var kindNouns = map[string]Hint{"interface": HintInterface, "trait": HintInterface, "protocol": HintInterface,
	"service": HintInterface, "struct": HintType, "class": HintType, "type": HintType, "model": HintTable, "enum": HintEnum}

// determiners are the words before such a word that make the phrase a
// name, as a possessive does: "the Distributor interface", "its Store
// service", "the Querier's Distributor interface".
var determiners = map[string]bool{"the": true, "a": true, "an": true, "its": true, "our": true, "this": true, "that": true,
	"existing": true}

// plainCapRe is a capitalized word of lower-case letters, four or more
// characters: what codeLike leaves out of prose.
var plainCapRe = regexp.MustCompile(`^[A-Z][a-z][a-z0-9]{2,}$`)

// kindNamed reports a capitalized word of prose, text[start:end], that a
// determiner and a kind noun frame as a type's name ("the Distributor
// interface"), and that is no language's, framework's or product's name
// ("the Python class", "a Prisma model").
func kindNamed(text string, start, end int) (Hint, bool) {
	tok := text[start:end]
	if !plainCapRe.MatchString(tok) || notNames[tok] {
		return HintNone, false
	}
	if _, ok := langWords[strings.ToLower(tok)]; ok {
		return HintNone, false
	}
	// (One space apart: a code span between them, blanked in text, is
	// what the noun calls a type: "the Cassandra `Store` struct".)
	rest := text[min(end+1, len(text)):]
	noun := rest[:len(rest)-len(strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyz"))]
	hint, ok := kindNouns[noun]
	if end == len(text) || text[end] != ' ' || !ok || start < 2 || text[start-1] != ' ' {
		return HintNone, false
	}
	// The word one space before it (only the text back to the blank
	// before that word is read, not the paragraph's).
	prev := text[strings.LastIndexFunc(text[:start-1], unicode.IsSpace)+1 : start-1]
	if prev == "" {
		return HintNone, false
	}
	prev = strings.ToLower(prev)
	return hint, determiners[prev] || strings.HasSuffix(prev, "'s")
}

// codeLike accepts a prose or fenced word that only a programmer would
// write: CamelCase, snake_case, SCREAMING_SNAKE, pkg.Func, call().
// calledPath reads a dotted name of plain words that the spec's code
// calls (`jax.lax.ppermute`): two to four identifiers, the last of three
// letters or more.
func calledPath(tok string) (string, bool) {
	parts := strings.Split(tok, ".")
	if len(parts) < 2 || len(parts) > 4 || len(parts[len(parts)-1]) < 3 || notNames[tok] {
		return "", false
	}
	for _, p := range parts {
		if p == "" || !extract.IdentByte(p[0]) || p[0] >= '0' && p[0] <= '9' || strings.IndexFunc(p, func(c rune) bool { return c > 0x7f || !extract.IdentByte(byte(c)) }) >= 0 {
			return "", false
		}
	}
	return tok, true
}

func codeLike(tok string) (string, bool) {
	name := strings.TrimSuffix(tok, "()")
	if m := memberSepRe.FindStringSubmatch(name); m != nil {
		name = m[1] + "." + m[2] // Order#total: Javadoc's member of Order; User#admin?: Ruby's
	}
	if notNames[name] || len(name) < 3 {
		return "", false
	}
	if strings.Contains(name, ".") {
		parts := strings.Split(name, ".")
		if pathExts[strings.ToLower(parts[len(parts)-1])] || len(parts) > 3 {
			return "", false
		}
		for _, p := range parts {
			if len(p) == 0 {
				return "", false
			}
		}
		// pkg.Func or Type.method: one side must look like code.
		for _, p := range parts {
			if camelRe.MatchString(p) || snakeRe.MatchString(p) || screamRe.MatchString(p) || IsUpperStart(p) && len(parts) == 2 {
				return name, true
			}
		}
		return "", false
	}
	if camelRe.MatchString(name) || snakeRe.MatchString(name) || screamRe.MatchString(name) || strings.HasSuffix(tok, "()") {
		return name, true
	}
	return "", false
}

// MinValueLen is the shortest text a reference may resolve by as a string
// value a constant holds: shorter ones ("ok", "id") are held everywhere.
const MinValueLen = 3

// Valued reports a reference whose text may be a string value the code
// holds in a constant rather than a name: a label or annotation key, a
// state, an environment variable (`Retry`, `cluster.x-k8s.io/paused`,
// `APP_TOKEN`). It is written in a code span or as a path in prose, is
// no endpoint and no call, and is MinValueLen characters or more; a bare
// lowercase word only when the wording makes it a reference and it is not
// one of the common words (`name`, `status`), which name too many things.
func Valued(r *Ref) bool {
	if r.Route != nil || r.Source == FromFence || len(r.Name) < MinValueLen || r.Hint == HintFunction || r.Called {
		return false
	}
	return !BareWord(r.Name) || r.Strong && !commonWords[r.Name]
}

func IsUpperStart(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// BareWord reports a one-word lowercase name (`spec`, `status`, `env`): as
// often the spec's word as a name, and a name of too many things.
func BareWord(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 1; i < len(name); i++ {
		if c := name[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// PathLike accepts a file or directory path: it has a slash, or ends in a
// known file extension. A link's anchor is left out. A Windows path of a
// file (`xtask\src\codegen\docs.rs`) is the same path with slashes; a
// PHP namespace (`App\Models\Order`) names no file.
func PathLike(s string) (string, bool) {
	if strings.Contains(s, `\`) && !strings.Contains(s, "/") && FileExt(strings.ReplaceAll(s, `\`, "/")) {
		s = strings.ReplaceAll(strings.TrimPrefix(s, `.\`), `\`, "/")
	}
	s = strings.TrimPrefix(s, "./")
	if i := strings.IndexByte(s, '#'); i > 0 && strings.Contains(s[:i], ".") {
		s = s[:i] // `docs/api.md#auth`: the file; the anchor is a heading in it
	}
	if s == "" || strings.ContainsAny(s, " \t*?<>|\"'`{}()=") || strings.HasPrefix(s, "-") || strings.Contains(s, "://") {
		return "", false
	}
	if m := arityRe.FindStringSubmatch(s); m != nil && (strings.ContainsAny(m[1], "._") || IsUpperStart(m[1])) {
		return "", false // `Sites.get_by_domain/1`: a function and its arity, no path
	}
	if strings.Contains(s, "/") {
		for _, seg := range strings.Split(strings.TrimSuffix(s, "/"), "/") {
			if seg == "" && s[0] != '/' {
				return "", false
			}
		}
		if strings.HasPrefix(s, "/") && !strings.Contains(s[1:], ".") {
			return "", false // "/items/{id}" is a route, not a file
		}
		return s, true
	}
	if i := strings.LastIndexByte(s, '.'); i > 0 && pathExts[strings.ToLower(s[i+1:])] {
		if ext := s[i+1:]; ext != strings.ToLower(ext) && s[:i] != strings.ToUpper(s[:i]) {
			return "", false // `Result.JSON`, `c.JSON`: a method; LICENSE.TXT is a file
		}
		return s, true
	}
	return "", false
}

// FileExt reports a path whose last segment ends in an extension a spec's
// file names use (a source language's, or a config or document format's).
func FileExt(p string) bool {
	last := p[strings.LastIndexByte(p, '/')+1:]
	i := strings.LastIndexByte(last, '.')
	return i > 0 && pathExts[strings.ToLower(last[i+1:])]
}

// typeArgRe is a capitalized name that stands alone as an argument of a
// call or an item of a list in one (`Depends([AdminPermission])`), not a
// parameter's type (`Handle(CancelOrderCommand c)`).
var typeArgRe = regexp.MustCompile(`[(\[,]\s*([A-Z][A-Za-z0-9_]*)\s*[\])},]`)

// roleRe ends the text before a Sphinx or MyST cross-reference's code
// span: {class}`...`, :meth:`...`.
var roleRe = regexp.MustCompile(`(?:\{[a-z]+(?::[a-z]+)*\}|:[a-z]+(?::[a-z]+)*:)$`)

// proseRoles are the Sphinx and MyST roles whose targets are sections,
// pages, terms and figures, not code.
var proseRoles = map[string]bool{"ref": true, "doc": true, "numref": true, "term": true, "eq": true, "download": true,
	"abbr": true, "any": true}

// emptyLinkRe is a link with no text to a MyST target, `[](target)`.
var emptyLinkRe = regexp.MustCompile(`\[\]\(([\w-]+)\)`)

// linkLabelRe matches what markdown and MyST write for links and targets,
// which no code spells: a reference link's label (`][conda_package_naming]`),
// an inline link to a MyST target (`](viewsets_reference)`: no file's path),
// a link definition's (`[label]: https://...`), a MyST target
// (`(details_explicit_installs)=`).
var linkLabelRe = regexp.MustCompile(`\]\[[^\]\n]*\]|\]\([\w-]+\)|(?m:^[ \t]{0,3}\[[^\]\n]+\]:[ \t])|(?m:^[ \t]*\([\w.:-]+\)=[ \t]*$)`)

// roleTarget is what a cross-reference names: the target of
// "title <target>", without the "~" and "." that shorten how it is shown
// (~wagtail.admin.viewsets.model.ModelViewSetGroup, ~.ViewSetGroup.menu_label).
func roleTarget(code string) string {
	if l, r := strings.LastIndexByte(code, '<'), strings.LastIndexByte(code, '>'); l >= 0 && r == len(code)-1 && l < r {
		code = code[l+1 : r]
	}
	return strings.TrimLeft(code, "~.!")
}

// locationRe is a file and a line in it, as editors and code hosts write
// one: path:807, path:807:12, path:807-812, path#L807, path#L807-L812.
var locationRe = regexp.MustCompile(`^(.+?)(?::(\d+)(?:[:-]\d+)?|#L(\d+)(?:-L?\d+)?)$`)

// Location accepts a file path with a line: the definition around that line
// is what the spec points at.
func Location(code string) (file string, line int, ok bool) {
	m := locationRe.FindStringSubmatch(code)
	if m == nil || !FileExt(m[1]) {
		return "", 0, false
	}
	file, ok = PathLike(m[1])
	if n, err := strconv.Atoi(m[2] + m[3]); err == nil && ok && n > 0 {
		return file, n, true
	}
	return "", 0, false
}

// packageQualified accepts a directory path qualifying a name, as Go
// writes a package's member: internal/controllers/machine.patchNode,
// pkg/store.Reader.Read. The directory's segments are plain names (no
// domain like github.com or k8s.io, whose packages are dependencies), the
// package's name starts in lower case (`src/Infrastructure.Dapper` is a
// .NET project's directory), and what follows the dot is no file
// extension but a name spelled like code.
func packageQualified(code string) (dir, name string, ok bool) {
	slash := strings.LastIndexByte(code, '/')
	if slash <= 0 || strings.Contains(code[:slash], ".") || strings.ContainsAny(code, " \t:#") {
		return "", "", false
	}
	pkg, name, ok := strings.Cut(code[slash+1:], ".")
	if !ok || pkg == "" || IsUpperStart(pkg) || pathExts[strings.ToLower(name)] || !identRe.MatchString(name) {
		return "", "", false
	}
	first, _, _ := strings.Cut(name, ".")
	if _, code := codeLike(first); !code && !IsUpperStart(first) {
		return "", "", false
	}
	dir, ok = PathLike(code[:slash+1] + pkg)
	return dir, strings.TrimSuffix(name, "()"), ok
}

// declHints are what a declaring keyword written before a name says the
// name is: `service Maintenance`, `type Config struct`, `def run`.
var declHints = map[string]Hint{
	"service": HintInterface, "interface": HintInterface, "trait": HintInterface, "protocol": HintInterface,
	"message": HintType, "struct": HintType, "class": HintType, "type": HintType, "input": HintType, "record": HintType, "union": HintType, "module": HintType,
	"actor": HintType,
	"model": HintTable, "table": HintTable, "view": HintTable,
	"enum": HintEnum,
	"func": HintFunction, "def": HintFunction, "function": HintFunction, "fn": HintFunction, "rpc": HintFunction,
	"const": HintConstant, "var": HintConstant, "let": HintConstant, "static": HintConstant, "define": HintConstant,
	"fun": HintFunction, "val": HintConstant, "object": HintType, "typealias": HintType,
}

// declLangs maps a declaring keyword that one language alone uses
// (protobuf's message and rpc, Go's func) to that language.
var declLangs = soleLangs(func(l *extract.Language) []string { return l.Keywords.Decl })

// receiverLangs maps a declaring keyword to the language that alone
// writes a receiver in parentheses after it (Go's func (s *Server)).
var receiverLangs = soleLangs(func(l *extract.Language) []string {
	var out []string
	for _, w := range l.Keywords.Receiver {
		if slices.Contains(l.Keywords.Decl, w) {
			out = append(out, w)
		}
	}
	return out
})

// soleLangs maps each word the registered languages list (words of one)
// to the one language that lists it; a word several list is left out.
func soleLangs(words func(l *extract.Language) []string) map[string]string {
	by := map[string][]string{}
	for _, l := range lang.All {
		for _, w := range words(l) {
			if !slices.Contains(by[w], l.Name) {
				by[w] = append(by[w], l.Name)
			}
		}
	}
	out := map[string]string{}
	for w, ls := range by {
		if len(ls) == 1 {
			out[w] = ls[0]
		}
	}
	return out
}

// symbolDeclRe is a code span that calls a declaring word with a symbol
// (`has_one :deletion`, `attr_reader :total`): the word and the name.
var symbolDeclRe = regexp.MustCompile(`^([a-z][a-z_]*)\s+:([A-Za-z_]\w*)(?:$|[\s,])`)

// symbolDecls are the declaring words of every language (its
// Keywords.Decl): after one, a symbol is the name declared.
var symbolDecls = func() map[string]bool {
	out := map[string]bool{}
	for w := range soleLangs(func(l *extract.Language) []string { return l.Keywords.Decl }) {
		out[w] = true
	}
	return out
}()

// implForRe is a Rust trait's implementation for a type, written as its
// header: `impl From<X> for Error`, `impl<T: Send> Handler for Router<T>`.
var implForRe = regexp.MustCompile(`^(?:unsafe\s+)?impl(?:<[^>]*>)?\s+(.+?)\s+for\s+([A-Za-z_][\w:]*)(?:<[^>]*>)?\s*(?:\{.*)?$`)

// declRe is a code span that declares a name: a keyword (after Kotlin's
// modifiers; a preprocessor directive's too: #define), a Go receiver (or Ruby's self.), the name (a Ruby path,
// Admin::Users, read as Admin.Users; a predicate's ? or a bang's ! after
// it), then the end or what a declaration continues with.
var declRe = regexp.MustCompile(`^(?:#\s*)?(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?` + kotlinModifiers + `(enum\s+class|fun\s+interface|[a-z]+)\s+(\([^)]*\)\s*)?(?:<[^>]*>\s*)?(?:self\.)?([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)[?!]?(?:$|[\s(<:\[={;])`)

// declWords are the two-word keywords of declRe, by the word that says
// what they declare.
var declWords = map[string]string{"enum class": "enum", "fun interface": "interface"}

// declared reads a code span that declares a name (`service Maintenance`,
// `rpc Defragment(DefragmentRequest) returns (DefragmentResponse)`,
// `func (s *Server) Serve(l net.Listener) error`): the name, what the
// keyword says it is, and the language that alone uses the keyword, or
// alone writes the receiver after it.
func declared(code string) (name string, hint Hint, language string, ok bool) {
	m := declRe.FindStringSubmatch(code)
	if m == nil {
		return "", "", "", false
	}
	if w, ok := declWords[strings.Join(strings.Fields(m[1]), " ")]; ok {
		m[1] = w
	}
	hint, ok = declHints[m[1]]
	if _, keyword := declHints[m[3]]; ok && keyword {
		// `static let schema = "Users"`: a modifier, then the keyword
		// that declares the name.
		if rest := strings.TrimSpace(code[strings.Index(code, m[3]):]); rest != code {
			return declared(rest)
		}
	}
	if !ok || notNames[m[3]] || len(m[3]) < 2 {
		return "", "", "", false
	}
	language = declLangs[m[1]]
	if language == "" && m[2] != "" {
		language = receiverLangs[m[1]]
	}
	return m[3], hint, language, true
}

// typeDeclRe is a C# or Java type declared after its modifiers: public
// sealed class Order, public record struct Point, internal interface IStore.
var typeDeclRe = regexp.MustCompile(`^(?:` + modifiers + `\s+)+(class|interface|struct|record(?:\s+(?:struct|class))?|enum)\s+([A-Za-z_]\w*)(?:$|[\s(<:{;])`)

// memberDeclRe is a C# or Java member declared with its type: after
// modifiers, or before a parameter list that ends the span (an interface
// method): its name, and what follows it.
var memberDeclRe = regexp.MustCompile(`^((?:` + modifiers + `\s+|async\s+)*)([A-Za-z_][\w.]*)(?:<[^()]*>)?(?:\[\])*\??\s+([A-Za-z_]\w*)\s*(?:<[^()]*>\s*)?([({;=]|$)`)

// primitives are the built-in types a C# or Java member may be declared
// with, lowercase.
var primitives = map[string]bool{"void": true, "int": true, "long": true, "short": true, "byte": true, "bool": true,
	"boolean": true, "char": true, "float": true, "double": true, "decimal": true, "string": true, "object": true}

// protoScalars are protobuf's scalar types.
var protoScalars = map[string]bool{"double": true, "float": true, "int32": true, "int64": true, "uint32": true, "uint64": true,
	"sint32": true, "sint64": true, "fixed32": true, "fixed64": true, "sfixed32": true, "sfixed64": true, "bool": true,
	"string": true, "bytes": true}

// protoType reports a word that reads as a protobuf field's type: a
// scalar, a map, or a message or enum, capitalized (`Status`,
// `temporal.api.Status`); never a keyword in capitals (SQL's `WHERE`).
func protoType(t string) bool {
	last := t[strings.LastIndexByte(t, '.')+1:]
	return protoScalars[t] || strings.HasPrefix(t, "map<") || IsUpperStart(last) && strings.ToUpper(last) != last
}

// typeName reports a word that reads as a C# or Java type: capitalized
// with a lowercase letter (Task, List; not SQL's PRIMARY), or built in.
func typeName(w string) bool {
	return primitives[w] || IsUpperStart(w) && strings.ToUpper(w) != w
}

// typedDeclared reads a code span that declares a type or a member the way
// C# and Java write it: the name and what it is. A member needs a
// modifier, or a type (typeName) and a parameter list that closes the span (`Task<Order> GetAsync(int orderId);`); a const or
// static readonly one is a constant.
func typedDeclared(code string) (string, Hint, bool) {
	if m := typeDeclRe.FindStringSubmatch(code); m != nil && !notNames[m[2]] {
		return m[2], declHints[strings.Fields(m[1])[0]], true
	}
	m := memberDeclRe.FindStringSubmatch(code)
	if m == nil || notNames[m[3]] || len(m[3]) < 2 {
		return "", "", false
	}
	mods := strings.Fields(m[1])
	switch {
	case m[4] == "(" && (len(mods) > 0 || typeName(m[2]) && strings.HasSuffix(strings.TrimSuffix(strings.TrimSpace(code), ";"), ")")):
		return m[3], HintFunction, true
	case len(mods) == 0:
		return "", "", false
	case slices.Contains(mods, "const") || slices.Contains(mods, "static") && slices.Contains(mods, "readonly"):
		return m[3], HintConstant, true
	}
	return m[3], HintField, true
}

// decorator reads a code span that applies a decorator or annotation,
// with or without arguments: `@connection`, `@relay.node(id=1)`.
func decorator(code string) (string, bool) {
	d, ok := strings.CutPrefix(code, "@")
	if !ok {
		return "", false
	}
	if i := strings.IndexByte(d, '('); i > 0 && strings.HasSuffix(d, ")") {
		d = d[:i]
	}
	return codeName(d)
}

// signature reads a code span that writes a function with its parameters
// and perhaps its result: a name, then a parenthesis that closes later in
// the span. A call's arguments are plain (codeName takes those); these
// hold types, defaults or a result after them.
func signature(code string) (string, bool) {
	i := strings.IndexByte(code, '(')
	if i <= 0 || !identRe.MatchString(code[:i]) || manPageRe.MatchString(code) {
		return "", false
	}
	depth := 0
	for _, c := range code[i:] {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth < 0 {
			return "", false
		}
	}
	if depth != 0 || !strings.Contains(code[i:], ")") {
		return "", false
	}
	return codeName(code[:i])
}

// pytestIDRe is pytest's id of a test: its file, then the test's class
// and name after "::", a parametrized one's arguments in brackets.
var pytestIDRe = regexp.MustCompile(`^([\w./-]+\.py)::((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)(?:\[[^\]]*\])?$`)

// namePathRe is a path of names joined by "::", as Rust (and C++, PHP,
// Ruby) qualify a name: Order::new, crate::models::Order.
var namePathRe = regexp.MustCompile(`(?:[A-Za-z_]\w*::)+[A-Za-z_]\w*`)

// nsPathRe is a name qualified by PHP's namespace separator, its
// namespaces capitalized: App\Models\Order, \RuntimeException.
var nsPathRe = regexp.MustCompile(`\\?(?:[A-Z]\w*\\)*[A-Z]\w*\\[A-Za-z_]\w*|\\[A-Z]\w*`)

// arrowRe is a member reached by an arrow, on a name or a variable: PHP's
// Order->cancel, $order->cancel, C's and C++'s client->db.
var arrowRe = regexp.MustCompile(`\$?\b(\w+)->([A-Za-z_])`)

// classLiteralRe is a class literal with the members read off it:
// Kotlin's `Order::class.java`, `::class.simpleName`.
var classLiteralRe = regexp.MustCompile(`::class(?:\.\w+)+`)

// NamespaceMember reports a name whose qualifier is its namespace alone
// (`App\Support\Webhook\RetryPolicy`): a type or function there, no
// member of a type.
func (r *Ref) NamespaceMember() bool {
	return r.Namespace != "" && !strings.Contains(strings.TrimPrefix(r.Name, r.Namespace+"."), ".")
}

// methodSuffix splits the name a code span ends with, its arguments
// aside, from the ! or ? that ends it (`save!`, `Comment#is_gone?`,
// `user.update!(name: x)`): the name before it and the suffix; "" for a
// name without one.
func methodSuffix(code string) (name, suffix string) {
	if i := strings.IndexByte(code, '('); i >= 0 {
		code = code[:i]
	}
	code = strings.TrimSpace(code)
	if n := len(code); n > 1 && (code[n-1] == '!' || code[n-1] == '?') && extract.IdentByte(code[n-2]) {
		return code[:n-1], code[n-1:]
	}
	return "", ""
}

// namePath spells the paths of names in s as dotted names, the way specs
// of other languages qualify one: Order::new is Order.new, and a path
// from the crate itself (crate::, self::, super::) is one from its first
// module: crate::models::Order is models.Order; C#'s global::Shop.Order
// is Shop.Order. PHP's App\Models\Order is App.Models.Order,
// Order->cancel and $order->cancel are Order.cancel and order.cancel, and
// C's client->db is client.db.
// A class literal (PHP's `Order::class`, Kotlin's `Order::class.java`)
// is the class itself.
func namePath(s string) string {
	if strings.Contains(s, `\`) {
		s = nsPathRe.ReplaceAllStringFunc(s, func(p string) string {
			return strings.ReplaceAll(strings.TrimPrefix(p, `\`), `\`, ".")
		})
	}
	for strings.Contains(s, "->") {
		t := arrowRe.ReplaceAllString(s, "$1.$2")
		if t == s {
			break
		}
		s = t
	}
	if !strings.Contains(s, "::") {
		return s
	}
	s = strings.ReplaceAll(s, "::$", "::") // PHP's static property, `Link::$fillable`, is the member `fillable`
	s = strings.TrimPrefix(s, "::")
	s = classLiteralRe.ReplaceAllString(s, "::class") // `Order::class.java`
	return namePathRe.ReplaceAllStringFunc(s, func(p string) string {
		segs := strings.Split(p, "::")
		for len(segs) > 1 && (segs[0] == "crate" || segs[0] == "self" || segs[0] == "super" || segs[0] == "global") {
			segs = segs[1:]
		}
		if i := slices.Index(segs, "class"); i > 0 {
			segs = segs[:i] // `ProcessReminders::class`, Kotlin's `Order::class.java`: the class itself
		}
		return strings.Join(segs, ".")
	})
}

// alternative is one word of a group of alternatives a route spells in
// braces, as a shell expands them: /otlp/v1/{logs,traces,metrics}.
type alternative struct{ group, word string }

// alternatives lists the words of the first group of alternatives in a
// route's text, none when it has no such group (a {param} has no comma).
func alternatives(code string) []alternative {
	open := strings.IndexByte(code, '{')
	if open < 0 {
		return nil
	}
	end := strings.IndexByte(code[open:], '}')
	if end < 0 {
		return nil
	}
	group := code[open : open+end+1]
	words := strings.Split(group[1:len(group)-1], ",")
	if len(words) < 2 {
		return nil
	}
	var out []alternative
	for _, w := range words {
		w = strings.TrimSpace(w)
		if w == "" || strings.IndexFunc(w, func(c rune) bool { return c > 0x7f || !extract.IdentByte(byte(c)) && c != '-' }) >= 0 {
			return nil
		}
		out = append(out, alternative{group, w})
	}
	return out
}

// testMacroRe is a GoogleTest test as its file writes it: TEST(Suite,
// Name), TEST_F(Fixture, Name).
var testMacroRe = regexp.MustCompile(`^(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\(\s*([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*\)$`)

// macroRe is a macro invoked, with or without its arguments: query_as!,
// my_macro!(a, b), vec![1].
var macroRe = regexp.MustCompile(`^([A-Za-z_][\w.]*)!\s*(?:\(.*\)|\[.*\]|\{.*\})?$`)

// macroCall reads a code span that invokes a macro: the macro's name.
func macroCall(code string) (string, bool) {
	m := macroRe.FindStringSubmatch(code)
	if m == nil {
		return "", false
	}
	return codeName(m[1])
}

// Rebase reads the paths the spec writes relative to itself
// (`../pkg/y.go`) from dir, the spec's directory under the repository
// root ("" for the root itself): a path reference's File, and the Path and
// Placed of every reference, become repository paths. A path that would
// leave the repository is kept as written, and so is `./x.go`, which
// specs write from the root as often as from their own directory. Names
// keep the spec's spelling.
func (s *Spec) Rebase(dir string) {
	from := func(p string) string {
		if !strings.HasPrefix(p, "../") {
			return p
		}
		j := path.Join(dir, p)
		if j == ".." || strings.HasPrefix(j, "../") {
			return p
		}
		if strings.HasSuffix(p, "/") && j != "." {
			j += "/"
		}
		return j
	}
	for i := range s.Refs {
		r := &s.Refs[i]
		if p := cmp.Or(r.File, r.Name); r.IsPath && from(p) != p {
			r.File = from(p)
		}
		r.Path, r.Placed = from(r.Path), from(r.Placed)
	}
}

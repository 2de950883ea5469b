package redact

import (
	"math"
	"regexp"
	"strings"
	"sync"

	"github.com/appendix-dev/appendix/extract"
)

// Secrets inside snippets are found with gitleaks' rule set (the version
// pinned in go.mod: cloud keys, GitHub, Slack, Stripe, JWTs and some two
// hundred more), plus three rules of our own that a snippet needs and the
// rule set leaves to its generic rule: private key blocks, passwords in
// connection strings, and high-entropy literals assigned to names that say
// secret. The literal is replaced, never the declaration around it.

// Redacted replaces a secret literal.
const Redacted = "<redacted>"

// secretRule is one gitleaks rule. Its expressions compile on first use:
// most rules never meet their keywords in an appendix, and compiling all
// of them would cost more than a warm run.
type secretRule struct {
	ID          string
	Path        string // the rule holds only in files whose path matches
	Regex       string
	SecretGroup int
	Entropy     float64
	Keywords    []string // lower case
	Allowlists  []*secretAllow

	once   sync.Once
	re     *regexp.Regexp
	pathRe *regexp.Regexp
}

type secretAllow struct {
	RegexTarget string
	Regexes     []string
	Stopwords   []string
	Condition   string

	once sync.Once
	res  []*regexp.Regexp
}

type ruleSet struct {
	Rules     []*secretRule
	Allowlist *secretAllow

	once  sync.Once
	index keywordIndex
}

// keywordIndex tells which rules' keywords a lowercased line holds, in one
// pass over it: a line is checked at each byte against the keywords that
// start with that byte and the next, instead of once per keyword of each
// rule (over two hundred of them).
type keywordIndex struct {
	pairs  [1 << 16 / 64]uint64 // the keywords' first two bytes, as a bit set
	byPair map[uint16][]int     // keywords, by their first two bytes
	words  []string
	rules  [][]int // the rules of each keyword
}

func pair(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

// build indexes the keywords of rules; a keyword shorter than two bytes
// is matched at every position.
func (ix *keywordIndex) build(rules []*secretRule) {
	ix.byPair = map[uint16][]int{}
	at := map[string]int{}
	for ri, r := range rules {
		for _, k := range r.Keywords {
			w, ok := at[k]
			if !ok {
				w = len(ix.words)
				at[k] = w
				ix.words = append(ix.words, k)
				ix.rules = append(ix.rules, nil)
				if len(k) >= 2 {
					p := pair(k[0], k[1])
					ix.pairs[p/64] |= 1 << (p % 64)
					ix.byPair[p] = append(ix.byPair[p], w)
				}
			}
			ix.rules[w] = append(ix.rules[w], ri)
		}
	}
}

// rulesIn sets hit[r] for each rule r one of whose keywords low holds.
func (ix *keywordIndex) rulesIn(low string, hit []bool) {
	mark := func(w int) {
		for _, r := range ix.rules[w] {
			hit[r] = true
		}
	}
	for w, k := range ix.words {
		if len(k) < 2 && strings.Contains(low, k) {
			mark(w)
		}
	}
	for i := 0; i+1 < len(low); i++ {
		p := pair(low[i], low[i+1])
		if ix.pairs[p/64]&(1<<(p%64)) == 0 {
			continue
		}
		for _, w := range ix.byPair[p] {
			if strings.HasPrefix(low[i:], ix.words[w]) {
				mark(w)
			}
		}
	}
}

// secretRules is gitleaks' rule set, generated into secretrules_gen.go
// from the module version go.mod pins (TestSecretRulesGenerated keeps the
// two equal; -update rewrites the file after an upgrade).
func secretRules() *ruleSet { return &gitleaksRules }

func (r *secretRule) compiled() *regexp.Regexp {
	r.once.Do(func() {
		r.re, _ = regexp.Compile(r.Regex)
		if r.Path != "" {
			r.pathRe, _ = regexp.Compile(r.Path)
		}
	})
	return r.re
}

// holdsIn reports whether the rule applies to a file. A snippet whose file
// is not known gets every rule: redacting too much is the safe mistake.
func (r *secretRule) holdsIn(file string) bool {
	return r.Path == "" || file == "" || r.pathRe != nil && r.pathRe.MatchString(file)
}

// allows reports whether an allowlist excuses a finding.
func (a *secretAllow) allows(secret, match, line string) bool {
	a.once.Do(func() {
		for _, s := range a.Regexes {
			if re, err := regexp.Compile(s); err == nil {
				a.res = append(a.res, re)
			}
		}
	})
	target := secret
	switch a.RegexTarget {
	case "match":
		target = match
	case "line":
		target = line
	}
	byRegex := false
	for _, re := range a.res {
		if re.MatchString(target) {
			byRegex = true
			break
		}
	}
	byStop := false
	low := strings.ToLower(secret)
	for _, w := range a.Stopwords {
		if strings.Contains(low, w) {
			byStop = true
			break
		}
	}
	if a.Condition == "AND" && len(a.res) > 0 && len(a.Stopwords) > 0 {
		return byRegex && byStop
	}
	return byRegex || byStop
}

// span is a byte range of a line to replace.
type span struct{ from, to int }

// findSecrets returns the secret literals in one line of file, by
// gitleaks' rules.
func findSecrets(file, line string) []span {
	rs := secretRules()
	rs.once.Do(func() { rs.index.build(rs.Rules) })
	low := strings.ToLower(line)
	hit := make([]bool, len(rs.Rules))
	rs.index.rulesIn(low, hit)
	var out []span
	for ri, r := range rs.Rules {
		if !hit[ri] {
			continue
		}
		re := r.compiled()
		if re == nil || !r.holdsIn(file) {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(line, -1) {
			from, to := m[0], m[1]
			switch {
			case r.SecretGroup > 0 && 2*r.SecretGroup+1 < len(m) && m[2*r.SecretGroup] >= 0:
				from, to = m[2*r.SecretGroup], m[2*r.SecretGroup+1]
			case r.SecretGroup == 0:
				for g := 1; 2*g+1 < len(m); g++ {
					if m[2*g] >= 0 && m[2*g+1] > m[2*g] {
						from, to = m[2*g], m[2*g+1]
						break
					}
				}
			}
			if to-from >= 2 && strings.ContainsRune(`"'`+"`", rune(line[from])) && line[to-1] == line[from] {
				from, to = from+1, to-1 // the literal's content, not its quotes
			}
			secret, match := line[from:to], line[m[0]:m[1]]
			if r.ID == "generic-api-key" && codeReference(line, from, secret) {
				continue // gosnmp.SHA512, config.Token: code, not a literal
			}
			if r.Entropy > 0 && entropy(secret) <= r.Entropy {
				continue
			}
			allowed := rs.Allowlist.allows(secret, match, line)
			for _, a := range r.Allowlists {
				allowed = allowed || a.allows(secret, match, line)
			}
			if !allowed {
				out = append(out, span{from, to})
			}
		}
	}
	return out
}

var (
	// scheme://user:password@host: the password goes.
	// The password runs to the last "@" before the host, "/" and "@"
	// included: postgres://app:p@ss/w0rd@db/app.
	urlPasswordRe = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@"'` + "`" + `]+:([^\s"'` + "`" + `]+)@[^\s@/"'` + "`" + `]+`)
	// Go's MySQL DSN has no scheme: root:pass@tcp(127.0.0.1:3306)/app.
	dsnPasswordRe    = regexp.MustCompile(`(?:^|[\s"'` + "`" + `=])[A-Za-z0-9_.-]+:([^\s"'` + "`" + `]+)@(?:tcp|unix|udp)\(`)
	qualifiedIdentRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)
	// a literal assigned to a name that says secret, in any of the
	// languages' assignment forms: x = "..", x := "..", x: "..", "x": "..",
	// x => "..", Kotlin's pairs ("password" to ".."), keyword arguments,
	// typed ones (const X: &str = ".."), a
	// C# property's initializer (X { get; set; } = ".."), through a
	// constructor ([]byte(".."), String::from(".."),
	// Encoding.UTF8.GetBytes("..")), C++'s braced initializer
	// (kKey{".."}), with a string prefix (b"..", r#"..."#, f"..", @"..",
	// $"..", Swift's #".."#, C++'s R"(..)"), and Ruby's percent literals
	// (%q(..), %(..)).
	secretAssignRe = regexp.MustCompile(`(?i)([a-z0-9_.-]*` + secretNamePattern + `[a-z0-9_.-]*)["']?` + typePattern + accessorsPattern + `\s*(?::=|=>|=|:|\{|(?-i:\bto\b))\s*(?:(?:new\s+)?[a-z_.:\[\]][a-z0-9_.:\[\]]*\()?(?:br?|r#*|#+|f|[@$]{1,2})?("\(([^"\n]{8,})\)"|"((?:[^"\\\n]|\\.){8,})"|'((?:[^'\\\n]|\\.){8,})'|` + "`" + `([^` + "`" + `\n]{8,})` + "`" + `|%[qQ]?(?:\(([^()\n]{8,})\)|\[([^\[\]\n]{8,})\]|\{([^{}\n]{8,})\}))`)
	// a macro defined as a literal, named after a secret: C's
	// #define API_KEY "..".
	secretDefineRe = regexp.MustCompile(`(?i)^\s*#\s*define\s+([a-z0-9_]*` + secretNamePattern + `[a-z0-9_]*)\s+"((?:[^"\\\n]|\\.){8,})"`)
	// a password in an ADO.NET connection string: Password=..;, Pwd=..;.
	connPasswordRe = regexp.MustCompile(`(?i)[;"']\s*(?:password|pwd)=([^;"'\s]+)`)
	// a literal a secret falls back to when the environment lacks it:
	// ENV.fetch("JWT_SECRET", ".."), ENV.fetch("JWT_SECRET") { ".." },
	// ENV["API_TOKEN"] || "..", os.getenv("API_TOKEN", ".."), Vapor's
	// Environment.get("JWT_SECRET") ?? "..", Foundation's
	// environment["API_TOKEN"] ?? "..".
	secretFallbackRe = regexp.MustCompile(`(?i)(?:ENV\.fetch\(|ENV\[|environment\[|getenv\(|environ\.get\(|Environment\.get\()\s*["']([a-z0-9_.-]*` + secretNamePattern + `[a-z0-9_.-]*)["']\s*(?:,\s*|\)\s*\{\s*|\]\s*(?:\|\||or|\?\?)\s*|\)\s*\?\?\s*)(?:"((?:[^"\\\n]|\\.){8,})"|'((?:[^'\\\n]|\\.){8,})')`)
	// a literal given to a setter or builder method named after a secret:
	// setPassword(".."), .clientSecret(".."), withApiKey("..").
	secretCallRe = regexp.MustCompile(`(?i)(?:^|[^\w$])([a-z0-9_]*` + secretNamePattern + `[a-z0-9_]*)\(\s*(?:"((?:[^"\\\n]|\\.){8,})"|'((?:[^'\\\n]|\\.){8,})')`)
	// a column or field default: client_secret TEXT DEFAULT '..',
	// apiToken String @default("..").
	secretDefaultRe = regexp.MustCompile(`(?i)([a-z0-9_]*(?:secret|token|passw(?:or)?d|pwd|api_?key|apikey)[a-z0-9_]*)["'` + "`" + `]?\s+[a-z0-9_()\[\]?, @=]*?\bdefault\b\s*[=(]?\s*(?:"([^"\\\n]{8,})"|'([^'\\\n]{8,})')`)
	keyBeginRe      = regexp.MustCompile(`-----BEGIN[ A-Z0-9_-]*PRIVATE KEY( BLOCK)?-----`)
	keyEndRe        = regexp.MustCompile(`-----END[ A-Z0-9_-]*PRIVATE KEY( BLOCK)?-----`)
)

// codeReference reports an unquoted dotted name of short parts, such as
// gosnmp.SHA512: an expression, where a token (a JWT, dp.pt.xxx) has at
// least one long part.
func codeReference(line string, from int, secret string) bool {
	if from > 0 && strings.ContainsRune(`"'`+"`", rune(line[from-1])) || !qualifiedIdentRe.MatchString(secret) {
		return false
	}
	for _, part := range strings.Split(secret, ".") {
		if len(part) > 24 {
			return false
		}
	}
	return true
}

// typePattern is the type a declaration may give a name before its value:
// string, []byte, Optional[str], &str, &'static str, &[u8].
const typePattern = `(?:\s*:?\s*(?:&(?:'[a-z_]+\s+)?(?:mut\s+)?)?[a-z_\[][a-z0-9_.\[\]<>|?:]*)?`

// accessorsPattern is the accessor list of a C# property before its
// initializer: { get; set; }, { get; private init; }.
const accessorsPattern = `(?:\s*\{\s*(?:(?:public|private|protected|internal)\s+)*(?:get|set|init)\b[^{}]*\})?`

// secretNamePattern is what a name that says secret holds.
const secretNamePattern = `(?:secret|token|passw(?:or)?d|pwd|api[_.-]?key|apikey|(?:private|access|auth|signing|encryption|jwt|hmac|master|session|client)[_.-]?key|credential|salt)`

// placeholder reports literals that name where a secret comes from
// rather than holding one: "${DB_PASSWORD}", "<token>", "changeme".
func placeholder(s string) bool {
	low := strings.ToLower(s)
	return strings.ContainsAny(s, " ${}<>%") || strings.HasPrefix(low, "env:") ||
		strings.Contains(low, "example") || strings.Contains(low, "changeme") || strings.Contains(low, "placeholder") ||
		strings.Contains(low, "your") || strings.Contains(low, "xxxx") || strings.Contains(low, "****") ||
		strings.Trim(low, "x*._-") == ""
}

// ownSecrets finds what gitleaks' specific rules leave to judgment.
func ownSecrets(line string) []span {
	var out []span
	if !strings.Contains(line, "://") && !strings.Contains(line, "@tcp(") && !strings.Contains(line, "@unix(") && !strings.Contains(line, "@udp(") {
		goto assignments
	}
	for _, re := range []*regexp.Regexp{urlPasswordRe, dsnPasswordRe} {
		for _, m := range re.FindAllStringSubmatchIndex(line, -1) {
			if pw := line[m[2]:m[3]]; !placeholder(pw) && !strings.Contains(pw, `\`) {
				out = append(out, span{m[2], m[3]})
			}
		}
	}
assignments:
	if !hasSecretWord(line) {
		return out
	}
	for _, m := range connPasswordRe.FindAllStringSubmatchIndex(line, -1) {
		if pw := line[m[2]:m[3]]; !placeholder(pw) && entropy(pw) >= 3.0 {
			out = append(out, span{m[2], m[3]})
		}
	}
	out = append(out, assigned(line, secretAssignRe, 3)...)
	out = append(out, assigned(line, secretCallRe, 2)...)
	out = append(out, assigned(line, secretDefineRe, 2)...)
	out = append(out, assigned(line, secretFallbackRe, 2)...)
	return append(out, assigned(line, secretDefaultRe, 2)...)
}

// verbs start the name of a method that does something with a secret
// rather than set one: getPassword("key"), hashPassword("..."),
// findByToken("...").
var verbs = []string{"get", "find", "fetch", "load", "read", "has", "is", "hash", "validate", "verify", "check", "parse",
	"decode", "encode", "generate", "create", "resolve", "lookup", "compare", "match", "remove", "delete", "revoke",
	"require", "assert", "expect", "log", "print", "format", "mask", "redact"}

// calledVerb reports a method name (as secretCallRe found it, lowercase)
// that starts with one of verbs.
func calledVerb(name string) bool {
	for _, v := range verbs {
		if strings.HasPrefix(name, v) {
			return true
		}
	}
	return false
}

// hasSecretWord reports whether line holds one of secretWords.
func hasSecretWord(line string) bool {
	low := strings.ToLower(line)
	for _, w := range secretWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// secretWords are what a name must hold for secretAssignRe or
// secretDefaultRe to match: a line without one is not tried.
var secretWords = []string{"secret", "token", "passw", "pwd", "key", "credential", "salt"}

// assigned finds the literals re captures (groups lit and on) after a
// name that says secret (group 1).
func assigned(line string, re *regexp.Regexp, lit int) []span {
	var out []span
	for _, m := range re.FindAllStringSubmatchIndex(line, -1) {
		if name := strings.ToLower(line[m[2]:m[3]]); notSecretName(name) || re == secretCallRe && calledVerb(name) {
			continue
		}
		for g := lit; 2*g+1 < len(m); g++ {
			if m[2*g] < 0 {
				continue
			}
			v := line[m[2*g]:m[2*g+1]]
			if strings.Contains(v, "://") && !strings.Contains(v, "@") {
				continue // an address; one with credentials is urlPasswordRe's
			}
			if !placeholder(v) && entropy(v) >= 3.0 && !identifierLike(v) {
				out = append(out, span{m[2*g], m[2*g+1]})
			}
		}
	}
	return out
}

// notSecretName: a name that says where a secret is or what kind it is,
// not the secret: DB_PASSWORD_ENV, tokenURL, secret_name, api_key_header.
func notSecretName(name string) bool {
	if strings.Contains(name, "tokenizer") {
		return true
	}
	for _, suf := range []string{"name", "env", "path", "file", "url", "uri", "type", "header", "endpoint", "id", "prefix", "field", "key_len", "length", "size",
		"regexp", "regex", "pattern", "format", "label", "message", "msg", "prompt", "query", "title", "description"} {
		if strings.HasSuffix(name, suf) && !strings.HasSuffix(name, "secret"+suf) {
			return true
		}
	}
	return false
}

// identifierLike: "session_token", "X-Api-Key", "auth.password": a name,
// not a value (every character a letter, '_', '-', '.' or ':').
func identifierLike(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c == '.' || c == ':' || c == '/') {
			return false
		}
	}
	return true
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	h := 0.0
	n := float64(len(s))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// redactLine replaces every secret literal in one line of file.
func redactLine(file, line string) (string, int) {
	return applySpans(line, append(findSecrets(file, line), ownSecrets(line)...))
}

// applySpans replaces the spans of line, overlapping ones merged: one
// secret, one replacement.
func applySpans(line string, spans []span) (string, int) {
	if len(spans) == 0 {
		return line, 0
	}
	sortSpans(spans)
	merged := spans[:1]
	for _, s := range spans[1:] {
		last := &merged[len(merged)-1]
		if s.from < last.to {
			last.to = max(last.to, s.to)
			continue
		}
		merged = append(merged, s)
	}
	var b strings.Builder
	prev := 0
	for _, s := range merged {
		b.WriteString(line[prev:s.from])
		b.WriteString(Redacted)
		prev = s.to
	}
	b.WriteString(line[prev:])
	return b.String(), len(merged)
}

func sortSpans(s []span) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (s[j].from < s[j-1].from || s[j].from == s[j-1].from && s[j].to > s[j-1].to); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Lines replaces the secrets in a snippet in place and returns how
// many it replaced. In a private key block each run of key material
// becomes "<redacted>", so the snippet keeps its lines; a BEGIN marker
// that code merely compares against starts no block.
func Lines(file string, lines []extract.Line) int {
	n := 0
	inKey := false
	pending := "" // a secret's name that ended the previous line: "clientSecret:"
	for i := range lines {
		t := lines[i].Text
		switch {
		case inKey:
			if loc := keyEndRe.FindStringIndex(t); loc != nil {
				inKey = false
				t = pemRunRe.ReplaceAllString(t[:loc[0]], Redacted) + t[loc[0]:]
			} else if pemLine(t) {
				t = pemRunRe.ReplaceAllString(t, Redacted)
			} else {
				inKey = false // not key material: the block was not a key
			}
		case keyBeginRe.MatchString(t):
			loc := keyBeginRe.FindStringIndex(t)
			rest := t[loc[1]:]
			if end := keyEndRe.FindStringIndex(rest); end != nil {
				if strings.TrimSpace(rest[:end[0]]) != "" { // a key on one line
					t = t[:loc[1]] + Redacted + rest[end[0]:]
					n++
				}
			} else if i+1 < len(lines) && (pemLine(lines[i+1].Text) || keyEndRe.MatchString(lines[i+1].Text)) || pemRunRe.MatchString(rest) {
				inKey = true
				t = t[:loc[1]] + pemRunRe.ReplaceAllString(rest, Redacted)
				n++
			}
		}
		red, c := redactLine(file, t)
		if pending != "" {
			var c2 int
			red, c2 = redactCarried(pending, red)
			c += c2
		}
		pending = trailingSecretName(t)
		n += c
		lines[i].Text = red
	}
	return n
}

var (
	// pemRunRe is key material: base64 runs of a PEM body.
	pemRunRe = regexp.MustCompile(`[A-Za-z0-9+/=]{16,}`)
	// pemLineRe is one line of a PEM body, bare or inside a string literal
	// ("MIIEow...\n" +), or a PEM header (Proc-Type, DEK-Info).
	pemLineRe = regexp.MustCompile(`^\s*(?:["'` + "`" + `]?[A-Za-z0-9+/=]{16,}(?:\\n)?["'` + "`" + `]?\s*[+,;]?\s*|(?:Proc-Type|DEK-Info|Comment):.*)$`)
	// trailingNameRe is a secret's name ending a line before its value.
	trailingNameRe = regexp.MustCompile(`(?i)([a-z0-9_.-]*` + secretNamePattern + `[a-z0-9_.-]*)["']?` + typePattern + `\s*(?::=|=>|=|:|\()\s*$`)
)

func pemLine(t string) bool { return pemLineRe.MatchString(t) }

// trailingSecretName returns the name of a secret whose value starts on
// the next line ("clientSecret:" as Prettier leaves it), or "".
func trailingSecretName(t string) string {
	t = strings.TrimRight(t, " \t")
	if t == "" || !strings.ContainsRune("=:(>", rune(t[len(t)-1])) || !hasSecretWord(t) {
		return ""
	}
	m := trailingNameRe.FindStringSubmatch(t)
	if m == nil || notSecretName(strings.ToLower(m[1])) {
		return ""
	}
	return m[1]
}

// redactCarried redacts a literal that opens a line as the value of the
// secret named at the end of the line before.
func redactCarried(name, line string) (string, int) {
	prefix := name + " = "
	var spans []span
	for _, sp := range assigned(prefix+strings.TrimLeft(line, " \t"), secretAssignRe, 3) {
		shift := len(prefix) - (len(line) - len(strings.TrimLeft(line, " \t")))
		if sp.from >= len(prefix) {
			spans = append(spans, span{sp.from - shift, sp.to - shift})
		}
	}
	return applySpans(line, spans)
}

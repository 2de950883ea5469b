package hooks

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// AppendixMarker is the heading every appendix opens with: a payload that
// holds it already has its appendix.
const AppendixMarker = "## APPENDIX: Codebase Context"

// mentionRe is a command that may send something to debate.py critique or
// gauntlet.
var mentionRe = regexp.MustCompile(`debate\.py\b[\s\S]*\b(critique|gauntlet)\b`)

// DebateGate looks at a Bash command about to run in round round. When
// the command sends a spec to debate.py critique or gauntlet from round 2
// on without an appendix, it returns the command rewritten so that the
// payload passes through appendixCmd --round N, for the shapes it
// recognises exactly, a file or a heredoc sent to debate.py:
//
//	cat F | python3 debate.py critique ARGS
//	python3 debate.py critique ARGS < F
//	python3 debate.py critique ARGS <<'EOF' ... EOF
//	cat <<'EOF' | python3 debate.py critique ARGS ... EOF
//
// Any other command that sends something to debate.py critique or
// gauntlet gets advice instead: the command to run. Everything else, a
// round before 2, a command that already runs appendix, a payload that
// already holds an appendix or a file that cannot be read, gets neither.
// Relative paths are read from the current directory, where the command
// runs. flags follow --round N in what it writes (the repositories a
// session spans).
func DebateGate(command string, round int, appendixCmd string, flags []string) (rewritten string, advice string) {
	if round < 2 || !mentionRe.MatchString(command) {
		return "", ""
	}
	app, ok := shellQuote(appendixCmd)
	if !ok || appendixCmd == "" {
		return "", ""
	}
	app += " --round " + strconv.Itoa(round)
	for _, f := range flags {
		q, ok := shellQuote(f)
		if !ok {
			return "", ""
		}
		app += " " + q
	}
	first, _, heredoc := strings.Cut(strings.TrimRight(command, " \t\n"), "\n")
	rest := ""
	if heredoc {
		rest = command[len(first)+1:]
	}
	toks, ok := lex(first)
	if ok && runsAppendix(toks, appendixCmd) {
		return "", ""
	}
	if ok {
		switch g := match(toks, heredoc); {
		case g == nil:
		case g.delim != "":
			body, ok := heredocBody(rest, g.delim)
			if !ok {
				break
			}
			if strings.Contains(body, AppendixMarker) {
				return "", ""
			}
			return fmt.Sprintf("%s - <<%s | %s\n%s", app, g.delimRaw, g.stage, rest), ""
		default:
			data, err := os.ReadFile(g.file)
			if err != nil || strings.Contains(string(data), AppendixMarker) {
				return "", ""
			}
			if f, ok := quotePath(g.file); ok {
				return fmt.Sprintf("%s %s | %s", app, f, g.stage), ""
			}
		}
	}
	return "", advise(toks, ok, round, app)
}

// gated is a command recognised exactly: the debate.py stage (without
// its input) and where its payload comes from, a file or a heredoc.
type gated struct {
	stage    string
	file     string
	delim    string // the heredoc's delimiter, unquoted
	delimRaw string // as the command wrote it
}

// token is a word or an operator of a shell command line: raw as written,
// val the word's value after quote removal. exact says the value is
// literal: no expansion or glob changes it. subst says the word runs a
// command ($(...) or backquotes).
type token struct {
	raw, val string
	op       bool
	exact    bool
	subst    bool
}

// lex splits one line of shell into words and operators; false when it
// cannot (an unterminated quote, a comment).
func lex(s string) ([]token, bool) {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte("|&;<>()", c) >= 0:
			j := i
			for j < len(s) && strings.IndexByte("|&;<>()", s[j]) >= 0 {
				j++
			}
			// A file descriptor's number belongs to its redirection.
			if n := len(toks); n > 0 && !toks[n-1].op && i > 0 && s[i-1] >= '0' && s[i-1] <= '9' && isDigits(toks[n-1].raw) {
				toks[n-1] = token{raw: toks[n-1].raw + s[i:j], op: true}
			} else {
				toks = append(toks, token{raw: s[i:j], op: true})
			}
			i = j
		case c == '#':
			return nil, false
		default:
			t, j, ok := lexWord(s, i)
			if !ok {
				return nil, false
			}
			toks = append(toks, t)
			i = j
		}
	}
	return toks, true
}

// lexWord reads the word starting at s[i].
func lexWord(s string, i int) (token, int, bool) {
	var v strings.Builder
	t := token{exact: true}
	start := i
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == '\t' || strings.IndexByte("|&;<>()", c) >= 0 {
			break
		}
		switch c {
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return t, 0, false
			}
			v.WriteString(s[i+1 : i+1+j])
			i += j + 2
			continue
		case '"':
			i++
			for {
				if i >= len(s) {
					return t, 0, false
				}
				d := s[i]
				if d == '"' {
					break
				}
				switch d {
				case '\\':
					if i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
						i++
						d = s[i]
					}
				case '$', '`':
					t.exact = false
					if d == '`' || strings.HasPrefix(s[i:], "$(") {
						t.subst = true
					}
				}
				v.WriteByte(d)
				i++
			}
			i++
			continue
		case '\\':
			if i+1 >= len(s) {
				return t, 0, false
			}
			v.WriteByte(s[i+1])
			i += 2
			continue
		case '$', '`':
			t.exact = false
			if c == '`' || strings.HasPrefix(s[i:], "$(") {
				t.subst = true
			}
		case '*', '?', '[', '{', '}':
			t.exact = false
		case '~':
			if i == start {
				t.exact = false
			}
		}
		v.WriteByte(c)
		i++
	}
	t.raw, t.val = s[start:i], v.String()
	return t, i, true
}

func isDigits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// runsAppendix says whether a command of the line is appendix itself: its
// payload is an appendix's output already.
func runsAppendix(toks []token, appendixCmd string) bool {
	atStart := true
	for _, t := range toks {
		if t.op {
			atStart = t.raw != "<" && t.raw != "<<" && !strings.HasSuffix(t.raw, ">")
			continue
		}
		if atStart && (t.val == appendixCmd || path.Base(t.val) == "appendix") {
			return true
		}
		atStart = false
	}
	return false
}

// match recognises the three shapes the gate rewrites; nil for any
// other. heredoc says the command goes on past its first line, which
// only a heredoc may.
func match(toks []token, heredoc bool) *gated {
	if len(toks) >= 4 && !heredoc && word(toks[0], "cat") && toks[2].op && toks[2].raw == "|" {
		f := toks[1]
		if f.op || !f.exact || f.val == "" || strings.HasPrefix(f.val, "-") {
			return nil
		}
		if stage, _, ok := debateStage(toks[3:]); ok {
			return &gated{stage: stage, file: f.val}
		}
		return nil
	}
	if len(toks) >= 5 && heredoc && word(toks[0], "cat") && toks[1].op && toks[1].raw == "<<" && toks[3].op && toks[3].raw == "|" {
		d := toks[2]
		if stage, in, ok := debateStage(toks[4:]); ok && in == nil && !d.op && d.exact && d.val != "" {
			return &gated{stage: stage, delim: d.val, delimRaw: d.raw}
		}
		return nil
	}
	stage, in, ok := debateStage(toks)
	switch {
	case !ok || in == nil:
		return nil
	case in[0].raw == "<" && !heredoc:
		if !in[1].exact || in[1].val == "" {
			return nil
		}
		return &gated{stage: stage, file: in[1].val}
	case in[0].raw == "<<" && heredoc:
		d := in[1]
		if d.val == "" || !d.exact {
			return nil
		}
		return &gated{stage: stage, delim: d.val, delimRaw: d.raw}
	}
	return nil
}

// word says whether t is the plain word w.
func word(t token, w string) bool { return !t.op && t.exact && t.raw == w }

// debateStage reads "python3 debate.py critique|gauntlet ARGS", its
// arguments words or output redirections, and at most one input
// redirection (< F or << DELIM), which it returns apart: the stage is
// written back without it.
func debateStage(toks []token) (stage string, in []token, ok bool) {
	// debate.py's path may be ~/... or "$DIR"/...: written back as it
	// was, it expands as it would have.
	if len(toks) < 3 || toks[0].op || toks[1].op || toks[2].op || !toks[0].exact || toks[1].subst {
		return "", nil, false
	}
	if py := path.Base(toks[0].val); py != "python3" && py != "python" {
		return "", nil, false
	}
	if path.Base(toks[1].val) != "debate.py" || !word(toks[2], "critique") && !word(toks[2], "gauntlet") {
		return "", nil, false
	}
	raws := []string{toks[0].raw, toks[1].raw, toks[2].raw}
	for i := 3; i < len(toks); i++ {
		t := toks[i]
		if !t.op {
			if t.subst {
				return "", nil, false
			}
			raws = append(raws, t.raw)
			continue
		}
		if i+1 >= len(toks) || toks[i+1].op || toks[i+1].subst {
			return "", nil, false
		}
		next := toks[i+1]
		switch t.raw {
		case "<", "<<":
			if in != nil {
				return "", nil, false
			}
			in = []token{t, next}
		case ">", ">>", "2>", "2>>", "&>", "1>", "1>>":
			raws = append(raws, t.raw, next.raw)
		case "2>&":
			if next.raw != "1" {
				return "", nil, false
			}
			raws = append(raws, t.raw+next.raw)
		default:
			return "", nil, false
		}
		i++
	}
	return strings.Join(raws, " "), in, true
}

// heredocBody is the text of a heredoc whose delimiter is delim, from
// rest, what follows the command's first line; false unless the
// delimiter's line ends the command.
func heredocBody(rest, delim string) (string, bool) {
	lines := strings.Split(strings.TrimRight(rest, "\n"), "\n")
	for i, l := range lines {
		if l == delim {
			if i != len(lines)-1 {
				return "", false
			}
			return strings.Join(lines[:i], "\n"), true
		}
	}
	return "", false
}

// advise is the advice for a command that sends something to debate.py
// critique or gauntlet in a shape the gate does not rewrite: the command
// to run, with its spec file and its debate.py stage when the line names
// them plainly, else SPEC and the stage's usual form.
func advise(toks []token, lexed bool, round int, app string) string {
	spec, stage := "SPEC", "python3 debate.py critique ..."
	if lexed {
		for i, t := range toks {
			if i+1 >= len(toks) || toks[i+1].op || !toks[i+1].exact {
				continue
			}
			if word(t, "cat") || t.op && t.raw == "<" {
				if f, ok := quotePath(toks[i+1].val); ok && toks[i+1].val != "" && !strings.HasPrefix(toks[i+1].val, "-") {
					spec = f
				}
			}
		}
		for i := range toks {
			if i+1 < len(toks) && !toks[i+1].op && path.Base(toks[i+1].val) == "debate.py" {
				end := i
				for end < len(toks) && !(toks[end].op && !strings.ContainsAny(toks[end].raw, "<>")) {
					end++
				}
				if s, _, ok := debateStage(toks[i:end]); ok {
					stage = s
				}
				break
			}
		}
	}
	how := ""
	if spec == "SPEC" {
		how = " (SPEC: the spec file)"
	}
	return fmt.Sprintf("Round %d: this command sends a spec to debate.py without passing it through appendix, in a shape the debate gate does not rewrite. Unless the spec already holds its appendix, run instead%s:\n  %s %s | %s", round, how, app, spec, stage)
}

// safeWord is a word the shell reads as itself.
var safeWord = regexp.MustCompile(`^[A-Za-z0-9_./@%+=:,-]+$`)

// shellQuote writes s as one shell word with that value; false when s
// holds a control character, which no quoting carries safely through a
// command line.
func shellQuote(s string) (string, bool) {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return "", false
		}
	}
	if safeWord.MatchString(s) {
		return s, true
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'", true
}

// quotePath is shellQuote for a file argument, which never starts with a
// dash: appendix would read one as a flag.
func quotePath(p string) (string, bool) {
	if strings.HasPrefix(p, "-") {
		p = "./" + p
	}
	return shellQuote(p)
}

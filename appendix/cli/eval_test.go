package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
	"github.com/appendix-dev/appendix/gitinfo"
)

// The evaluation runs the command on real specs in real repositories and
// scores what the appendix shows against what a reviewer of each spec
// would need to see. A case is one fixtures/eval/*.json file; its
// repository is a clone at $APPENDIX_EVAL_REPOS/<owner>+<name>, checked
// out at the case's commit. The evaluation reports; it fails only when
// the harness cannot run a case as written.

// evalFixtures is the directory of the cases, relative to this package.
const evalFixtures = "../../fixtures/eval"

// longSpec is the length in lines from which a spec counts as long.
const longSpec = 400

// evalCase is one case file. Every field is documented in README.md,
// under Development, Evaluation.
type evalCase struct {
	Name     string       `json:"name"`
	Repo     string       `json:"repo"`
	Commit   string       `json:"commit"`
	Spec     string       `json:"spec"`
	SpecFile string       `json:"spec_file"`
	Args     []string     `json:"args"`
	Why      string       `json:"why"`
	Expect   []evalExpect `json:"expect"`
	Gaps     []string     `json:"gaps"`
	Never    []string     `json:"never"`
	Long     *bool        `json:"long"`
}

// evalExpect is a definition the appendix should show: line of path lies
// in the definition of symbol.
type evalExpect struct {
	Path   string `json:"path"`
	Symbol string `json:"symbol"`
	Line   int    `json:"line"`
	Why    string `json:"why"`
}

var (
	evalRepoRe   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	evalCommitRe = regexp.MustCompile(`^[0-9a-f]{40}$`)
)

// evalOwnedFlags are the flags the harness sets on every run; a case
// cannot set them.
var evalOwnedFlags = []string{"--repo", "--now", "--no-cache", "--format", "--inventory"}

// parseEvalCase decodes a case file strictly (an unknown field, a second
// value or a missing required field is an error) and checks its values.
// specDir is the directory spec_file is relative to.
func parseEvalCase(file string, data []byte, specDir string) (*evalCase, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var c evalCase
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: data after the case object", file)
	}
	bad := func(format string, args ...any) (*evalCase, error) {
		return nil, fmt.Errorf("%s: %s", file, fmt.Sprintf(format, args...))
	}
	switch base := strings.TrimSuffix(filepath.Base(file), ".json"); {
	case c.Name != base:
		return bad("name %q is not the file name %q", c.Name, base)
	case !evalRepoRe.MatchString(c.Repo):
		return bad("repo %q is not owner/name", c.Repo)
	case !evalCommitRe.MatchString(c.Commit):
		return bad("commit %q is not 40 lowercase hex digits", c.Commit)
	case (c.Spec == "") == (c.SpecFile == ""):
		return bad("give exactly one of spec (a path in the repository) and spec_file (a path in fixtures/eval)")
	case strings.TrimSpace(c.Why) == "":
		return bad("why is empty: say who would review this spec and what they would check")
	}
	if c.Spec != "" && !evalRelPath(c.Spec) {
		return bad("spec %q is not a clean relative slash path", c.Spec)
	}
	if c.SpecFile != "" {
		if !evalRelPath(c.SpecFile) {
			return bad("spec_file %q is not a clean relative slash path", c.SpecFile)
		}
		if st, err := os.Stat(filepath.Join(specDir, filepath.FromSlash(c.SpecFile))); err != nil || st.IsDir() {
			return bad("spec_file %q: no such file in %s", c.SpecFile, specDir)
		}
	}
	for i, e := range c.Expect {
		switch {
		case !evalRelPath(e.Path):
			return bad("expect[%d]: path %q is not a clean relative slash path", i, e.Path)
		case e.Line < 1:
			return bad("expect[%d]: line %d: lines start at 1", i, e.Line)
		case evalWord(e.Symbol) == "":
			return bad("expect[%d]: symbol %q: want a name, or dotted names", i, e.Symbol)
		}
	}
	for _, list := range [][]string{c.Gaps, c.Never} {
		if slices.Contains(list, "") || slices.ContainsFunc(list, func(s string) bool { return strings.TrimSpace(s) != s }) {
			return bad("gaps and never hold names and strings with no surrounding space")
		}
	}
	for _, a := range c.Args {
		name, _, _ := strings.Cut(a, "=")
		if slices.Contains(evalOwnedFlags, name) {
			return bad("args: %s is set by the harness", name)
		}
	}
	var o Options
	fs := pflag.NewFlagSet("args", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	o.Flags(fs)
	if err := fs.Parse(c.Args); err != nil {
		return bad("args: %v", err)
	}
	if fs.NArg() > 0 || o.Help || o.Version {
		return bad("args: only flags that change the appendix; the spec is given by spec or spec_file")
	}
	return &c, nil
}

// evalRelPath reports whether p is a clean, relative, slash-separated
// path inside its root.
func evalRelPath(p string) bool {
	return p != "" && p == path.Clean(p) && !path.IsAbs(p) && p != "." && !strings.HasPrefix(p, "../") && p != ".." &&
		!strings.Contains(p, `\`)
}

// loadEvalCases reads every case in dir, sorted by name, with one error
// per file that is not a valid case.
func loadEvalCases(dir string) ([]*evalCase, []error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, []error{err}
	}
	slices.Sort(files)
	var cases []*evalCase
	var errs []error
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil {
			var c *evalCase
			if c, err = parseEvalCase(f, data, dir); err == nil {
				cases = append(cases, c)
				continue
			}
		}
		errs = append(errs, err)
	}
	return cases, errs
}

// evalResult is the score of one case.
type evalResult struct {
	Case *evalCase
	// Failed says why the case could not be scored (a missing repository,
	// another commit, a failing run); the case counts as failed, and its
	// expected definitions as not found.
	Failed        string
	SpecLines     int // 0 when the spec could not be read
	Long          bool
	Found         int
	Indexed       int      // of Found, shown as a line of the signature index
	Misses        []string // expected definitions not found, with what was shown instead
	FalseGaps     []string // gaps claiming no definition where a plain search finds one
	MissingGaps   []string // names of the case's gaps the run did not report
	Forbidden     []string // never strings present in the markdown
	BudgetUsed    int
	BudgetLimit   int
	Deterministic bool
	Elapsed       time.Duration // the first markdown run
}

func (r *evalResult) budgetOK() bool { return r.Failed == "" && r.BudgetUsed <= r.BudgetLimit }

// evalDoc is the part of the JSON output the scoring reads.
type evalDoc struct {
	Artifacts []struct {
		Label     string   `json:"label"`
		Kind      string   `json:"kind"`
		Path      string   `json:"path"`
		StartLine int      `json:"start_line"`
		EndLine   int      `json:"end_line"`
		Symbols   []string `json:"symbols"`
		Text      string   `json:"text"`
		Entries   []struct {
			Path      string `json:"path"`
			Line      int    `json:"line"`
			Symbol    string `json:"symbol"`
			Signature string `json:"signature"`
		} `json:"entries"`
	} `json:"artifacts"`
	Unresolved []struct {
		Ref      string `json:"ref"`
		SpecLine int    `json:"spec_line"`
		Hint     string `json:"hint"`
		Kind     string `json:"kind"`
	} `json:"unresolved"`
	Dropped []struct {
		Ref    string `json:"ref"`
		Reason string `json:"reason"`
	} `json:"dropped"`
}

// runEvalCase runs one case against the clones under root and scores it.
// problems are faults of the case as written (a spec or an expected line
// that does not exist at the pinned commit, a never string the spec
// itself contains): the harness reports them as errors.
func runEvalCase(ctx context.Context, c *evalCase, root, specDir string) (r *evalResult, problems []string) {
	r = &evalResult{Case: c, BudgetLimit: 200}
	if c.Long != nil {
		r.Long = *c.Long
	}
	for i, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "--budget="); ok {
			r.BudgetLimit = atoiOr(v, r.BudgetLimit)
		} else if a == "--budget" && i+1 < len(c.Args) {
			r.BudgetLimit = atoiOr(c.Args[i+1], r.BudgetLimit)
		}
	}
	var src []byte
	readSpecFile := func(p string) bool {
		b, err := os.ReadFile(p)
		if err != nil {
			return false
		}
		src = b
		r.SpecLines = strings.Count(string(b), "\n")
		if len(b) > 0 && b[len(b)-1] != '\n' {
			r.SpecLines++
		}
		if c.Long == nil {
			r.Long = r.SpecLines >= longSpec
		}
		return true
	}
	specPath := filepath.Join(specDir, filepath.FromSlash(c.SpecFile))
	if c.SpecFile != "" && !readSpecFile(specPath) {
		return r, []string{"spec_file " + c.SpecFile + ": cannot read it"}
	}

	dir := filepath.Join(root, strings.Replace(c.Repo, "/", "+", 1))
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		r.Failed = "missing repo: clone " + c.Repo + " into " + dir + " and check out " + c.Commit
		return r, nil
	}
	files, failed := evalCheckRepo(ctx, dir, c.Commit)
	if failed != "" {
		r.Failed = failed
		return r, nil
	}
	if c.Spec != "" {
		specPath = filepath.Join(dir, filepath.FromSlash(c.Spec))
		if !readSpecFile(specPath) {
			r.Failed = "spec " + c.Spec + " is not in the repository at the pinned commit"
			return r, []string{r.Failed}
		}
	}
	for _, s := range c.Never {
		if strings.Contains(string(src), s) {
			problems = append(problems, fmt.Sprintf("never %q: the spec itself contains it, and the markdown output holds the spec", s))
		}
	}

	tmp, err := os.MkdirTemp("", "appendix-eval-")
	if err != nil {
		r.Failed = err.Error()
		return r, append(problems, err.Error())
	}
	defer os.RemoveAll(tmp)
	// Each run gets its own round history outside the repository: the
	// clone is never written to, and no run sees another's rounds.
	run := func(n int, extra ...string) (string, error) {
		args := []string{"--repo", dir, "--now", fixedNow, "--no-cache", "--inventory", filepath.Join(tmp, fmt.Sprintf("inventory%d.json", n))}
		args = append(append(append(args, extra...), c.Args...), specPath)
		return evalRun(ctx, args)
	}
	t0 := time.Now()
	md, err := run(1)
	r.Elapsed = time.Since(t0)
	if err != nil {
		r.Failed = "markdown run: " + err.Error()
		return r, problems
	}
	md2, err := run(2)
	if err != nil {
		r.Failed = "second markdown run: " + err.Error()
		return r, problems
	}
	r.Deterministic = md == md2
	js, err := run(3, "--format", "json")
	if err != nil {
		r.Failed = "json run: " + err.Error()
		return r, problems
	}
	var doc evalDoc
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		r.Failed = "json run: " + err.Error()
		return r, problems
	}
	problems = append(problems, scoreEval(ctx, r, dir, files, specPath, md, &doc)...)
	return r, problems
}

// evalCheckRepo checks that dir is the root of a git work tree whose HEAD
// is commit and whose files are those of the commit, and returns the
// files it holds; failed says why not.
func evalCheckRepo(ctx context.Context, dir, commit string) (files []string, failed string) {
	repo, err := gitinfo.Open(dir)
	if err != nil {
		return nil, "cannot open the repository: " + err.Error()
	}
	real := func(p string) string {
		p, _ = filepath.Abs(p)
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		return p
	}
	if real(repo.Root) != real(dir) || !repo.Git() && repo.Warning == "" {
		return nil, dir + " is not the root of a git work tree"
	}
	var head string
	if repo.Git() {
		h, err := repo.Head()
		if err != nil || h == nil {
			return nil, fmt.Sprintf("cannot read HEAD: %v", err)
		}
		head = h.Commit
	} else {
		// A repository go-git cannot read (a partial clone, an extension
		// it does not know): ask git itself.
		out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "HEAD").Output()
		if err != nil {
			return nil, repo.Warning
		}
		head = strings.TrimSpace(string(out))
	}
	if head != commit {
		short := head
		if len(short) > 12 {
			short = short[:12]
		}
		return nil, fmt.Sprintf("not at the pinned commit: HEAD is %s, the case pins %s", short, commit[:12])
	}
	walked, err := repo.Walk(ctx, nil)
	if err != nil {
		return nil, "cannot list the work tree: " + err.Error()
	}
	for _, f := range walked {
		files = append(files, f.Path)
	}
	if repo.Git() {
		dirty, err := repo.Dirty(files)
		if err != nil {
			return nil, "cannot compare the work tree with HEAD: " + err.Error()
		}
		if len(dirty) > 0 {
			more := ""
			if len(dirty) > 3 {
				more = fmt.Sprintf(" and %d more", len(dirty)-3)
				dirty = dirty[:3]
			}
			return nil, "the work tree differs from the pinned commit: " + strings.Join(dirty, ", ") + more
		}
	}
	return files, ""
}

// evalRun runs the command line in-process and returns its standard
// output; a non-zero exit or a panic is an error.
func evalRun(ctx context.Context, args []string) (out string, err error) {
	var stdout, stderr bytes.Buffer
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	if code := Run(ctx, args, strings.NewReader(""), &stdout, &stderr, func(string) string { return "" }); code != 0 {
		msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return "", fmt.Errorf("exit %d: %s", code, msg)
	}
	return stdout.String(), nil
}

// scoreEval scores one run: md is the markdown output, doc the JSON one,
// files the repository's files. It returns the faults of the case.
func scoreEval(ctx context.Context, r *evalResult, dir string, files []string, specPath, md string, doc *evalDoc) (problems []string) {
	c := r.Case
	r.BudgetUsed = appendixLines(md)
	for _, s := range c.Never {
		if strings.Contains(md, s) {
			r.Forbidden = append(r.Forbidden, s)
		}
	}
	// Gaps: every name the case lists is an unresolved reference, as
	// the spec writes it or qualified (exporterhelper.DefaultQueueBatchConfig
	// for DefaultQueueBatchConfig).
	refs := map[string]bool{}
	for _, g := range doc.Unresolved {
		refs[g.Ref] = true
		for q := g.Ref; strings.Contains(q, "."); {
			_, q, _ = strings.Cut(q, ".")
			refs[q] = true
		}
	}
	for _, g := range c.Gaps {
		if !refs[g] {
			r.MissingGaps = append(r.MissingGaps, g)
		}
	}

	// Expected definitions: shown when an artifact of the file spans the
	// line, names the symbol (its last dotted part, as a word) and really
	// holds the line, not a note standing for it.
	sources := map[string][]string{}
	for _, e := range c.Expect {
		lines, ok := sources[e.Path]
		if !ok {
			if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path))); err == nil {
				lines = strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
			}
			sources[e.Path] = lines
		}
		where := fmt.Sprintf("%s:%d %s", e.Path, e.Line, e.Symbol)
		word := evalWord(e.Symbol)
		if e.Line > len(lines) || strings.TrimSpace(lines[e.Line-1]) == "" {
			problems = append(problems, fmt.Sprintf("expect %s: no such line, or a blank one, at the pinned commit", where))
			r.Misses = append(r.Misses, where+": the case is wrong, see the errors")
			continue
		}
		if !evalHasWord(strings.Join(lines, "\n"), word) {
			problems = append(problems, fmt.Sprintf("expect %s: %s is nowhere in the file", where, word))
		}
		want := strings.TrimSpace(lines[e.Line-1])
		var why, spans []string
		found, indexed := false, false
		for _, a := range doc.Artifacts {
			for _, x := range a.Entries {
				// A signature index line: the definition's declaring line,
				// its name in the signature.
				if x.Path == e.Path && x.Line == e.Line && evalHasWord(x.Signature, word) {
					indexed = true
				}
			}
			if a.Path != e.Path {
				continue
			}
			spans = append(spans, fmt.Sprintf("%s %d-%d", a.Label, a.StartLine, a.EndLine))
			if a.StartLine > e.Line || e.Line > a.EndLine {
				continue
			}
			switch {
			case !evalHasWord(a.Text, word):
				why = append(why, fmt.Sprintf("%s (lines %d-%d) spans the line but does not name %s", a.Label, a.StartLine, a.EndLine, word))
			case !evalHasLine(a.Text, want, lines[e.Line:]):
				why = append(why, fmt.Sprintf("%s (lines %d-%d) spans the line but elides it", a.Label, a.StartLine, a.EndLine))
			default:
				found = true
			}
		}
		if found || indexed {
			r.Found++
			if !found {
				r.Indexed++
			}
			continue
		}
		if len(why) == 0 {
			if len(spans) > 0 {
				why = append(why, "the file is shown at "+strings.Join(spans, ", ")+" only")
			} else {
				why = append(why, "no artifact from this file")
			}
		}
		for _, a := range doc.Artifacts {
			for _, x := range a.Entries {
				if x.Path != e.Path && evalWord(x.Symbol) == word {
					why = append(why, fmt.Sprintf("%s lists %s at %s:%d", a.Label, word, x.Path, x.Line))
				}
			}
			if a.Path != e.Path && len(a.Entries) == 0 && slices.ContainsFunc(a.Symbols, func(s string) bool { return evalWord(s) == word }) {
				why = append(why, fmt.Sprintf("%s shows %s from %s (lines %d-%d)", a.Label, word, a.Path, a.StartLine, a.EndLine))
			}
		}
		for _, g := range doc.Unresolved {
			if evalWord(g.Ref) == word {
				why = append(why, fmt.Sprintf("`%s` is a gap (%s): %s", g.Ref, g.Kind, g.Hint))
			}
		}
		for _, d := range doc.Dropped {
			if evalWord(d.Ref) == word {
				why = append(why, fmt.Sprintf("`%s` was dropped: %s", d.Ref, d.Reason))
			}
		}
		r.Misses = append(r.Misses, where+": "+strings.Join(why, "; "))
	}

	// False gaps: a gap saying the repository has no definition (absent)
	// or that the spec introduces the name (new), where a plain search
	// finds a definition.
	var names, owners []string
	claims := map[string][]string{}
	ownedBy := map[string]string{} // a claim's member name, by claim: the name it is a member of
	for _, g := range doc.Unresolved {
		if g.Kind != "absent" && g.Kind != "new" && !strings.HasPrefix(g.Hint, "no definition") && !strings.HasPrefix(g.Hint, "new in this spec") {
			continue
		}
		if strings.Contains(g.Ref, "-") && evalKeyRe.MatchString(g.Ref) {
			// A configuration key (`fuse.local-path.root`) is falsely new
			// or absent when a file other than a document spells it whole.
			if at := evalKeySpelled(dir, files, specPath, g.Ref); at != "" {
				r.FalseGaps = append(r.FalseGaps, fmt.Sprintf("`%s` (%s, spec line %d): spelled at %s", g.Ref, g.Kind, g.SpecLine, at))
			}
			continue
		}
		if strings.Contains(g.Ref, "/") {
			// A path is falsely new or absent when a file is at it.
			p := strings.TrimPrefix(g.Ref, "/")
			if i := slices.IndexFunc(files, func(f string) bool { return f == p || strings.HasSuffix(f, "/"+p) }); i >= 0 {
				r.FalseGaps = append(r.FalseGaps, fmt.Sprintf("`%s` (%s, spec line %d): a file is at %s", g.Ref, g.Kind, g.SpecLine, files[i]))
			}
			continue
		}
		w := evalWord(g.Ref)
		if w == "" {
			continue
		}
		if _, ok := claims[w]; !ok {
			names = append(names, w)
		}
		claim := fmt.Sprintf("`%s` (%s, spec line %d)", g.Ref, g.Kind, g.SpecLine)
		claims[w] = append(claims[w], claim)
		if o := evalOwner(g.Ref); o != "" {
			ownedBy[claim] = o
			owners = append(owners, o)
		}
	}
	rel, _ := filepath.Rel(dir, specPath)
	defs, occurs := evalPlainDefinitions(ctx, dir, files, filepath.ToSlash(rel), names, owners)
	for _, w := range names {
		at, ok := defs[w]
		if !ok {
			continue
		}
		// A member of a name the repository's code never spells
		// (`filteredSecretsInformer.Informer` of a type the spec
		// proposes) is new whatever other types define.
		var held []string
		for _, c := range claims[w] {
			if o, ok := ownedBy[c]; !ok || occurs[o] != "" {
				held = append(held, c)
			}
		}
		if len(held) > 0 {
			r.FalseGaps = append(r.FalseGaps, strings.Join(held, ", ")+": defined at "+at)
		}
	}
	return problems
}

// evalDotted is a reference without a call's parentheses, its parts
// joined by "." whatever separated them ("::", "#", "->").
func evalDotted(ref string) string {
	s := strings.TrimSpace(ref)
	if i := strings.IndexByte(s, '('); i >= 0 {
		s = s[:i]
	}
	for _, sep := range []string{"::", "#", "->"} {
		s = strings.ReplaceAll(s, sep, ".")
	}
	return s
}

// evalKeyRe, with a dash in it, is a configuration key's path in kebab
// case, which no plain definition declares: it is searched for whole.
var evalKeyRe = regexp.MustCompile(`^[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*(?:\.[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*)+$`)

// evalKeySpelled is where a file of the repository, no document (markdown,
// HTML, text) and not the spec, spells key whole: path:line, "" for none.
func evalKeySpelled(dir string, files []string, specPath, key string) string {
	keyByte := func(c byte) bool {
		return c == '_' || c == '.' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for _, f := range files {
		switch strings.ToLower(filepath.Ext(f)) {
		case ".md", ".markdown", ".html", ".htm", ".txt", ".rst", ".adoc":
			continue
		}
		full := filepath.Join(dir, filepath.FromSlash(f))
		if full == specPath {
			continue
		}
		src, err := os.ReadFile(full)
		if err != nil {
			continue
		}
		for off := 0; ; {
			at := bytes.Index(src[off:], []byte(key))
			if at < 0 {
				break
			}
			at += off
			off = at + 1
			if at > 0 && keyByte(src[at-1]) || at+len(key) < len(src) && keyByte(src[at+len(key)]) {
				continue
			}
			return fmt.Sprintf("%s:%d", f, bytes.Count(src[:at], []byte("\n"))+1)
		}
	}
	return ""
}

// evalOwner is the name a reference's last part is a member of
// (`Informer` of `filteredSecretsInformer.Informer`), or "".
func evalOwner(ref string) string {
	s := evalDotted(ref)
	i := strings.LastIndexByte(strings.TrimRight(s, "."), '.')
	if i < 0 {
		return ""
	}
	return evalWord(s[:i])
}

// evalWord is the name a reference or symbol comes down to: its last
// part after ".", "::", "#" or "->", without a call's parentheses; "" when
// that is not an identifier.
func evalWord(ref string) string {
	s := strings.TrimRight(evalDotted(ref), ".")
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		s = s[i+1:]
	}
	if !evalIdentRe.MatchString(s) {
		return ""
	}
	return s
}

var evalIdentRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// evalHasWord reports whether text holds word with no identifier
// character on either side.
func evalHasWord(text, word string) bool {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_$])` + regexp.QuoteMeta(word) + `($|[^A-Za-z0-9_$])`).MatchString(text)
}

// evalElidedRe is what stands for a body the appendix does not show:
// "{ ... }", "...", Ruby's "... end".
var evalElidedRe = regexp.MustCompile(`^\s*(?::\s*)?(?:\{\s*\.\.\.\s*\}|\.\.\.(?:\s+end)?)\s*;?$`)

// evalHasLine reports whether text holds the source line want (trimmed
// of surrounding space) as the appendix shows it: whole, without the
// opener of a body it does not show ("{", ":", "=>", Kotlin's "="), followed by the
// placeholder of that body ("...", "{ ... }"), or followed by the note
// counting the signature lines it omits, or followed by the lines after
// it in the source (next), joined onto it ("interface A" and "extends B {"
// shown as "interface A extends B {"). A comment that ends the line
// after a body's opener (`{ //nolint:gocyclo`) goes with the body, and one
// after an open bracket or list (`def f(  # type: ignore[misc]`) is cut
// where the lines are joined.
func evalHasLine(text, want string, next []string) bool {
	forms := []string{want}
	cur := want
	for _, c := range []string{" //", " #"} {
		if i := strings.Index(want, c); i > 0 && strings.ContainsAny(strings.TrimSpace(want[:i])[len(strings.TrimSpace(want[:i]))-1:], "{([,<") {
			cur = strings.TrimSpace(want[:i])
			forms = append(forms, cur)
			break
		}
	}
	for {
		next := cur
		for _, opener := range []string{"{", ":", "=>", "="} {
			if next == cur {
				next = strings.TrimSpace(strings.TrimSuffix(cur, opener))
			}
		}
		if next == cur || next == "" {
			break
		}
		forms, cur = append(forms, next), next
	}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		for _, f := range forms {
			if rest, ok := strings.CutPrefix(l, f); ok && (rest == "" || evalOmittedRe.MatchString(rest) || evalElidedRe.MatchString(rest) || evalJoined(f, rest) || evalContinued(rest, next)) {
				return true
			}
		}
	}
	return false
}

// evalJoined reports the rest of a signature joined onto a first line
// that leaves a bracket open or a list going ("func Walk(", "def run(self,",
// "async query<"): the line is shown, with what followed it.
func evalJoined(first, rest string) bool {
	if !strings.HasSuffix(first, "(") && !strings.HasSuffix(first, "[") && !strings.HasSuffix(first, "{") && !strings.HasSuffix(first, ",") && !strings.HasSuffix(first, "<") {
		return false
	}
	t := strings.TrimSpace(rest)
	return t != "" && !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "--") && !strings.HasPrefix(t, "/*")
}

// evalContinued reports the rest of an artifact's line that is the source
// lines after the expected one joined onto it, in order, each trimmed
// (what follows the last may be cut, or end in the placeholder of a body).
func evalContinued(rest string, next []string) bool {
	rest = strings.TrimSpace(rest)
	for _, n := range next[:min(len(next), 4)] {
		n = strings.TrimSpace(n)
		if n == "" {
			return false
		}
		after, ok := strings.CutPrefix(rest, n)
		if !ok {
			// The last line joined may end in what stands for its body.
			for _, f := range []string{strings.TrimSpace(strings.TrimSuffix(n, "{")), strings.TrimSpace(strings.TrimSuffix(n, ":"))} {
				if f != n && f != "" && strings.HasPrefix(rest, f) {
					return true
				}
			}
			return false
		}
		if strings.TrimSpace(after) == "" || evalElidedRe.MatchString(after) {
			return true
		}
		rest = strings.TrimSpace(after)
	}
	return false
}

// evalOmittedRe is the note after a signature's first line that counts the
// lines omitted after it.
var evalOmittedRe = regexp.MustCompile(`^ \S+ \.\.\. \d+ more lines? omitted$`)

// evalDefinitionRe matches a plain definition of name, in the forms most
// languages declare with: a keyword before the name (func, fn, fun,
// function, def, class, interface, enum, struct, trait, type, const, let,
// var, val, model, message, object), a Go method's receiver or a Kotlin
// extension function's (fun Order.cancel() declares cancel) before it, a member
// declared after its modifiers and type (Java's and TypeScript's
// "public List<Order> find(", "private static final int MAX ="), an
// interface method declared by its type alone ("List<Order> find(Long
// id);"), the name assigned at the very start of a line (indented, it is
// as often a local variable), or a SQL CREATE TABLE of it (any case,
// optionally schema-qualified or quoted). The keyword and the name share
// a line.
func evalDefinitionRe(name string) *regexp.Regexp {
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`(?m)` +
		`\b(?:func|fn|fun|function|def|class|interface|enum|struct|trait|type|const|let|var|val|model|message|object)[ \t]+` + q + `\b` +
		`|\bfunc[ \t]*\([^)\n]*\)[ \t]*` + q + `\b` +
		`|\bfun[ \t]+(?:<[^>\n]*>[ \t]*)?[\w<>?, ]+\.` + q + `[ \t]*[(<]` +
		`|^[ \t]*(?:public|protected|private|static|final|abstract|synchronized|default|readonly)[ \t]+(?:[\w<>\[\],.?]+[ \t]+)*` + q + `[ \t]*[(=;,]` +
		`|^[ \t]*(?:[A-Z][\w<>\[\],.?]*|void|int|long|boolean|double|float|char|byte|short)[ \t]+` + q + `[ \t]*\([^)\n]*\)[ \t]*(?:throws[ \t][\w., \t]+)?;` +
		`|^` + q + `[ \t]*=(?:[^=]|$)` +
		"|(?i:\\bcreate\\s+table\\s+(?:if\\s+not\\s+exists\\s+)?(?:[\\w\"`\\[\\]]+\\.)?[\"`\\[]?" + q + `\b)`)
}

// evalProse are the extensions of prose files: a name in a code block of
// a design document is not a definition.
var evalProse = []string{".md", ".markdown", ".mdx", ".rst", ".txt", ".adoc"}

// evalPlainDefinitions finds, for each name, its first plain definition
// ("path:line", by path order) in the text files of the repository,
// outside vendor and node_modules directories, prose files and the spec,
// and, for each of words, its first occurrence as a word there.
func evalPlainDefinitions(ctx context.Context, dir string, files []string, specRel string, names, words []string) (defined, occurs map[string]string) {
	defined, occurs = map[string]string{}, map[string]string{}
	if len(names)+len(words) == 0 {
		return defined, occurs
	}
	type pattern struct {
		name  string
		lower []byte
		re    *regexp.Regexp
		word  bool
	}
	var pats []pattern
	for _, n := range names {
		pats = append(pats, pattern{n, []byte(strings.ToLower(n)), evalDefinitionRe(n), false})
	}
	for _, w := range words {
		pats = append(pats, pattern{w, []byte(strings.ToLower(w)), regexp.MustCompile(`(?:^|[^A-Za-z0-9_$])` + regexp.QuoteMeta(w) + `(?:$|[^A-Za-z0-9_$])`), true})
	}
	type key struct {
		name string
		word bool
	}
	type hit struct {
		path string
		line int
	}
	best := map[key]hit{}
	var mu sync.Mutex
	jobs := make(chan string)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
				if err != nil || bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
					continue
				}
				if l := lang.ForPath(p); l != nil && l.Lex != nil {
					data = evalBlankStrings(l.Lex, data)
				}
				lower := bytes.ToLower(data)
				for _, pt := range pats {
					if !bytes.Contains(lower, pt.lower) {
						continue
					}
					var loc []int
					for _, at := range pt.re.FindAllIndex(data, -1) {
						if pt.word || !evalLocal(p, data, at[0], pt.name) {
							loc = at
							break
						}
					}
					if loc == nil {
						continue
					}
					h := hit{p, bytes.Count(data[:loc[0]], []byte("\n")) + 1}
					mu.Lock()
					if b, ok := best[key{pt.name, pt.word}]; !ok || h.path < b.path || h.path == b.path && h.line < b.line {
						best[key{pt.name, pt.word}] = h
					}
					mu.Unlock()
				}
			}
		}()
	}
feed:
	for _, p := range files {
		if p == specRel || slices.Contains(evalProse, strings.ToLower(path.Ext(p))) || evalVendored(p) {
			continue
		}
		select {
		case jobs <- p:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	for k, h := range best {
		if k.word {
			occurs[k.name] = fmt.Sprintf("%s:%d", h.path, h.line)
		} else {
			defined[k.name] = fmt.Sprintf("%s:%d", h.path, h.line)
		}
	}
	return defined, occurs
}

// evalLocalKeyword are, by extension, the languages whose let, var and
// const declare a local when indented: no member is declared with them
// (Rust's let; JavaScript's and TypeScript's class fields take none; Go's
// grouped declarations put the keyword on the group's first line).
var evalLocalKeyword = map[string]bool{".rs": true, ".js": true, ".jsx": true, ".mjs": true, ".ts": true, ".tsx": true, ".go": true}

// evalLocal reports a match of name's definition pattern at offset at of
// file p that defines nothing: an indented let, var or const of a language
// that declares members otherwise (`    let new_conf = ...`), or a key at a
// line's start in a file of no programming language (pyproject.toml's
// `xfail_strict = true`), which is a setting, not a definition, or a val or
// var in a Kotlin function's or lambda's body.
func evalLocal(p string, data []byte, at int, name string) bool {
	start := bytes.LastIndexByte(data[:at], '\n') + 1
	line := string(data[start:min(len(data), at+len(name)+64)])
	trimmed := strings.TrimLeft(line, " \t")
	if lang.ForPath(p) == nil && strings.HasPrefix(trimmed, name) {
		return true
	}
	if trimmed == line {
		return false
	}
	if evalBodyLocal[strings.ToLower(path.Ext(p))] {
		return (strings.HasPrefix(trimmed, "val "+name) || strings.HasPrefix(trimmed, "var "+name)) &&
			!evalInClassBody(data[:start], len(line)-len(trimmed))
	}
	if !evalLocalKeyword[strings.ToLower(path.Ext(p))] {
		return false
	}
	for _, kw := range []string{"let ", "let mut ", "var ", "const "} {
		if strings.HasPrefix(trimmed, kw+name) {
			return true
		}
	}
	return false
}

// evalBodyLocal are, by extension, the languages whose val and var declare
// a property in a class body and a local in a function's or a lambda's
// (a build script's `tasks { val jvmTest = register("jvmTest") }`).
var evalBodyLocal = map[string]bool{".kt": true, ".kts": true}

// evalInClassBody reports whether the nearest line before the end of before
// that is indented less than indent opens a class, an object or an
// interface.
func evalInClassBody(before []byte, indent int) bool {
	for end := len(before); end > 0; {
		start := bytes.LastIndexByte(before[:end-1], '\n') + 1
		line := string(before[start : end-1])
		end = start
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" || len(line)-len(trimmed) >= indent {
			continue
		}
		return evalClassOpenerRe.MatchString(trimmed)
	}
	return false
}

var evalClassOpenerRe = regexp.MustCompile(`(^|\s)(class|object|interface)\b`)

// evalBlankStrings returns source with the text of its strings of
// several lines and of its comment lines blanked (newlines kept), as its
// language's lexer finds them: a docstring's example (`def
// do_something():`), a test's fixture in a raw string (`r#"fn spam()
// {}"#`) or a doc comment's (`/// let spam = 92;`) defines nothing.
func evalBlankStrings(lx *extract.LexSyntax, src []byte) []byte {
	out := bytes.Clone(src)
	if lx.LineComment != "" {
		for at := 0; at < len(out); {
			end := bytes.IndexByte(out[at:], '\n')
			if end < 0 {
				end = len(out) - at
			}
			if bytes.HasPrefix(bytes.TrimLeft(out[at:at+end], " \t"), []byte(lx.LineComment)) {
				for k := at; k < at+end; k++ {
					out[k] = ' '
				}
			}
			at += end + 1
		}
	}
	rowStart := 0
	row := 0
	for _, r := range extract.StringRows(lx, src) {
		for row < r.Row {
			nl := bytes.IndexByte(out[rowStart:], '\n')
			if nl < 0 {
				return out
			}
			rowStart += nl + 1
			row++
		}
		end := len(out)
		if nl := bytes.IndexByte(out[rowStart:], '\n'); nl >= 0 {
			end = rowStart + nl
		}
		from, to := rowStart+r.From, end
		if r.To >= 0 {
			to = rowStart + r.To
		}
		for k := from; k < min(to, end); k++ {
			out[k] = ' '
		}
	}
	return out
}

// evalVendored reports whether p lies in a vendor or node_modules
// directory.
func evalVendored(p string) bool {
	dirs := strings.Split(path.Dir(p), "/")
	return slices.Contains(dirs, "vendor") || slices.Contains(dirs, "node_modules")
}

// evalReport is the evaluation as markdown: one table with a row per case
// and the totals, then, per case, what was not found and the false gaps.
func evalReport(results []*evalResult) string {
	header := []string{"case", "repo@short", "spec lines", "expected", "found", "of which index", "recall", "false gaps", "missing gaps", "forbidden", "budget ok", "deterministic", "ms"}
	rows := [][]string{}
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "NO"
	}
	for _, r := range results {
		c := r.Case
		lines := "-"
		if r.SpecLines > 0 {
			lines = fmt.Sprint(r.SpecLines)
			if r.Long {
				lines += " (long)"
			}
		}
		row := []string{c.Name, c.Repo + "@" + c.Commit[:7], lines, fmt.Sprint(len(c.Expect))}
		if r.Failed != "" {
			row = append(row, "-", "-", "FAILED", "-", "-", "-", "-", "-", "-")
		} else {
			row = append(row, fmt.Sprint(r.Found), fmt.Sprint(r.Indexed), evalPercent(r.Found, len(c.Expect)), fmt.Sprint(len(r.FalseGaps)),
				fmt.Sprint(len(r.MissingGaps)), fmt.Sprint(len(r.Forbidden)),
				fmt.Sprintf("%s (%d/%d)", yes(r.budgetOK()), r.BudgetUsed, r.BudgetLimit), yes(r.Deterministic),
				fmt.Sprint(r.Elapsed.Milliseconds()))
		}
		rows = append(rows, row)
	}
	total := func(label string, keep func(*evalResult) bool) []string {
		var n, failed, expected, found, indexed, falseGaps, missing, forbidden, budget, det int
		var ms int64
		for _, r := range results {
			if !keep(r) {
				continue
			}
			n++
			expected += len(r.Case.Expect)
			if r.Failed != "" {
				failed++
				continue
			}
			found += r.Found
			indexed += r.Indexed
			falseGaps += len(r.FalseGaps)
			missing += len(r.MissingGaps)
			forbidden += len(r.Forbidden)
			if r.budgetOK() {
				budget++
			}
			if r.Deterministic {
				det++
			}
			ms += r.Elapsed.Milliseconds()
		}
		cases := "cases"
		if n == 1 {
			cases = "case"
		}
		return []string{fmt.Sprintf("%s (%d %s, %d failed)", label, n, cases, failed), "", "", fmt.Sprint(expected), fmt.Sprint(found),
			fmt.Sprint(indexed), evalPercent(found, expected), fmt.Sprint(falseGaps), fmt.Sprint(missing), fmt.Sprint(forbidden),
			fmt.Sprintf("%d/%d", budget, n), fmt.Sprintf("%d/%d", det, n), fmt.Sprint(ms)}
	}
	rows = append(rows, total("**TOTAL**", func(*evalResult) bool { return true }),
		total(fmt.Sprintf("**long specs**, %d+ lines", longSpec), func(r *evalResult) bool { return r.Long }))

	var b strings.Builder
	widths := make([]int, len(header))
	for _, row := range append([][]string{header}, rows...) {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	writeRow := func(row []string) {
		b.WriteString("|")
		for i, cell := range row {
			fmt.Fprintf(&b, " %-*s |", widths[i], cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("## Evaluation\n\n")
	writeRow(header)
	sep := make([]string, len(header))
	for i := range sep {
		sep[i] = strings.Repeat("-", widths[i])
	}
	writeRow(sep)
	for _, row := range rows {
		writeRow(row)
	}
	b.WriteString("\nA failed case (missing repository, another commit, a failing run) counts its expected definitions as not found.\n")

	b.WriteString("\n## Not found, false gaps\n")
	clean := true
	for _, r := range results {
		var items []string
		if r.Failed != "" {
			items = append(items, "FAILED: "+r.Failed)
		}
		for _, m := range r.Misses {
			items = append(items, "not found: "+m)
		}
		for _, g := range r.FalseGaps {
			items = append(items, "false gap: "+g)
		}
		for _, g := range r.MissingGaps {
			items = append(items, "missing gap: `"+g+"` is not among the unresolved references")
		}
		for _, s := range r.Forbidden {
			items = append(items, fmt.Sprintf("forbidden: %q is in the output", s))
		}
		if r.Failed == "" && !r.budgetOK() {
			items = append(items, fmt.Sprintf("budget: the appendix has %d lines, the budget is %d", r.BudgetUsed, r.BudgetLimit))
		}
		if r.Failed == "" && !r.Deterministic {
			items = append(items, "not deterministic: two markdown runs differ")
		}
		if len(items) == 0 {
			continue
		}
		clean = false
		fmt.Fprintf(&b, "\n### %s (%s@%s)\n\n", r.Case.Name, r.Case.Repo, r.Case.Commit[:7])
		for _, it := range items {
			b.WriteString("- " + it + "\n")
		}
	}
	if clean {
		b.WriteString("\nNothing: every expected definition was found and no gap is false.\n")
	}
	return b.String()
}

func evalPercent(n, of int) string {
	if of == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// TestEval runs the cases in fixtures/eval against clones under
// $APPENDIX_EVAL_REPOS (each at <owner>+<name>, at the case's commit),
// prints the report and writes it to $APPENDIX_EVAL_OUT when set.
// $APPENDIX_EVAL_CASE runs one case by name. It fails only on faults of
// the harness or of a case as written, never on a score.
func TestEval(t *testing.T) {
	root := os.Getenv("APPENDIX_EVAL_REPOS")
	if root == "" {
		t.Skip("set APPENDIX_EVAL_REPOS to a directory of clones to run the evaluation (see README.md, Evaluation)")
	}
	cases, errs := loadEvalCases(evalFixtures)
	for _, err := range errs {
		t.Error(err)
	}
	if one := os.Getenv("APPENDIX_EVAL_CASE"); one != "" {
		cases = slices.DeleteFunc(cases, func(c *evalCase) bool { return c.Name != one })
		if len(cases) == 0 {
			t.Fatalf("APPENDIX_EVAL_CASE=%s: no valid case of that name in fixtures/eval", one)
		}
	}
	if len(cases) == 0 {
		t.Fatal("no cases in fixtures/eval")
	}
	var results []*evalResult
	for _, c := range cases {
		r, problems := runEvalCase(context.Background(), c, root, evalFixtures)
		for _, p := range problems {
			t.Errorf("%s: %s", c.Name, p)
		}
		if r.Failed != "" {
			t.Logf("%s: FAILED: %s", c.Name, r.Failed)
		} else {
			t.Logf("%s: %d/%d found, %d false gaps, %d ms", c.Name, r.Found, len(c.Expect), len(r.FalseGaps), r.Elapsed.Milliseconds())
		}
		results = append(results, r)
	}
	report := evalReport(results)
	fmt.Print("\n" + report)
	if out := os.Getenv("APPENDIX_EVAL_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(report), 0o644); err != nil {
			t.Error(err)
		}
	}
}

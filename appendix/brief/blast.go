package brief

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/appendix-dev/appendix/appendix/audit"
	"github.com/appendix-dev/appendix/appendix/internal/architecture"
	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/extract"
)

// zoneFile is one entry of the blast zone: a file, or a directory (its
// path ends in "/"), the names the spec resolves to in it, and what it is
// to the spec in one line.
type zoneFile struct {
	path  string
	syms  []string
	named []string // the spec's own spelling of syms (`gateway_config`)
	role  string
}

// maxRole is the longest role shown, in bytes.
const maxRole = 160

// blastZone is the files the spec touches, most telling first: the active
// session's blast zone, then the files and directories the spec names,
// then the files that define what the spec names by its own name, most
// salient first, copies set aside (docs, examples, vendored) left out. A
// type whose member the spec names (`updated_at`) is no reason alone:
// every record has one. It also returns what the session
// lists that is not there, as gaps.
func (b *briefer) blastZone() ([]zoneFile, []string) {
	var out []zoneFile
	at := map[string]int{}
	add := func(p string, syms, named []string) {
		i, ok := at[p]
		if !ok {
			i = len(out)
			at[p] = i
			out = append(out, zoneFile{path: p})
		}
		for _, s := range syms {
			if !slices.Contains(out[i].syms, s) {
				out[i].syms = append(out[i].syms, s)
			}
		}
		for _, n := range named {
			if !slices.Contains(out[i].named, n) {
				out[i].named = append(out[i].named, n)
			}
		}
	}
	var gaps []string
	if b.session != nil {
		var missing, planned []string
		for _, p := range b.session.BlastZone {
			if q, ok := b.existing(p); ok {
				add(q, nil, nil)
			} else if name, ok := plannedFile(p); ok {
				planned = append(planned, naming.Code(name))
			} else {
				missing = append(missing, naming.Code(p))
			}
		}
		if len(missing) > 0 {
			gaps = append(gaps, fmt.Sprintf("blast zone: %s, listed by the session, %s not in the repository.", strings.Join(missing, ", "), naming.Plural(len(missing), "is", "are")))
		}
		if len(planned) > 0 {
			gaps = append(gaps, fmt.Sprintf("blast zone: %s, listed by the session as new, %s not in the repository yet.", strings.Join(planned, ", "), naming.Plural(len(planned), "is", "are")))
		}
	}
	var ambiguous []string
	for _, r := range b.spec.Refs {
		if !r.IsPath {
			continue
		}
		switch ps := b.resolvePath(cmp.Or(r.File, r.Name)); {
		case len(ps) == 1:
			add(ps[0], nil, nil)
		case len(ps) > 1 && !slices.Contains(ambiguous, naming.Code(r.Name)):
			ambiguous = append(ambiguous, naming.Code(r.Name))
		}
	}
	if len(ambiguous) > 0 {
		gaps = append(gaps, fmt.Sprintf("blast zone: the spec's %s %s several files; none of them is listed.", strings.Join(ambiguous, ", "), naming.Plural(len(ambiguous), "names", "each name")))
	}
	arts := append([]*artifact.Artifact(nil), b.doc.Artifacts...)
	sort.SliceStable(arts, func(i, j int) bool { return arts[i].Salience > arts[j].Salience })
	for _, a := range arts {
		if a.Path == "" || a.Kind == extract.KindArchitecture || b.class(a.Path).Aside {
			continue // (a copy set aside is not what the spec changes)
		}
		if syms, named := a.NamedItself(); len(syms) > 0 {
			add(a.Path, syms, named)
		}
	}
	for i := range out {
		out[i].role = b.role(out[i])
	}
	return out, gaps
}

// existing returns a path as it is in the repository: a walked file, a
// directory (with a trailing "/"), or a file on disk that the walk leaves
// out (.adversarial-spec may be ignored by git).
func (b *briefer) existing(p string) (string, bool) {
	p = strings.TrimPrefix(filepath.ToSlash(p), "./")
	if p == "" || path.IsAbs(p) || !filepath.IsLocal(filepath.FromSlash(p)) {
		return "", false
	}
	if _, ok := b.walked[p]; ok {
		return p, true
	}
	dir := strings.TrimSuffix(p, "/")
	if b.ix.IsDir(dir) {
		return dir + "/", true
	}
	st, err := os.Stat(filepath.Join(b.repo.Root, filepath.FromSlash(dir)))
	switch {
	case err != nil:
		return "", false
	case st.IsDir():
		return dir + "/", true
	}
	return dir, true
}

// resolvePath returns what a path the spec names is in the repository:
// the path itself, or the files (or directories) whose path ends with it;
// of several, the one in the spec's own directory.
func (b *briefer) resolvePath(p string) []string {
	if ps, ok := b.resolved[p]; ok {
		return ps
	}
	ps := b.resolvePathUncached(p)
	b.resolved[p] = ps
	return ps
}

func (b *briefer) resolvePathUncached(p string) []string {
	if strings.HasPrefix(p, "~") {
		return nil
	}
	if q, ok := b.existing(p); ok {
		return []string{q}
	}
	p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
	var out []string
	for _, f := range b.files {
		if strings.HasSuffix(f, "/"+p) {
			out = append(out, f)
		}
	}
	for _, d := range b.ix.DirsEnding(p) {
		out = append(out, d+"/")
	}
	if len(out) > 1 && b.specDir != "" {
		for _, f := range out {
			if path.Dir(f) == b.specDir {
				return []string{f}
			}
		}
	}
	return out
}

// role says in one line what a blast-zone file is to the spec: the
// spec's sentence that names it (one naming no other file, if any does),
// else the purpose of the manifest component it belongs to, else what
// the session's inventory says of it.
func (b *briefer) role(z zoneFile) string {
	var names []string
	for _, r := range b.spec.Refs {
		if ps := b.resolvePath(cmp.Or(r.File, r.Name)); r.IsPath && len(ps) == 1 && ps[0] == z.path {
			names = append(names, r.Name)
		}
	}
	names = append(append(names, z.named...), z.syms...)
	if s := b.sentenceNaming(names); s != "" {
		return s
	}
	for _, c := range architecture.ManifestComponents(b.repo.Root) {
		if c.Purpose != "" && c.Owns(z.path) {
			return c.Name + ": " + c.Purpose
		}
	}
	if b.session != nil {
		var ids []string
		for id := range b.session.Sources {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			// The audit's own sources describe what it found, not a file.
			if src := b.session.Sources[id]; src.Path == strings.TrimSuffix(z.path, "/") && src.Summary != "" && !audit.IsSource(id) {
				return oneLine(src.Summary)
			}
		}
	}
	return ""
}

// sentenceNaming returns the first sentence of the spec's prose that
// names one of names and no other path, else the first that names one;
// a name in a code span before a name as a word.
func (b *briefer) sentenceNaming(names []string) string {
	if len(names) == 0 {
		return ""
	}
	var paths []string
	for _, r := range b.spec.Refs {
		if r.IsPath {
			paths = append(paths, r.Name)
		}
	}
	for _, named := range []func(s, n string) bool{
		func(s, n string) bool { return strings.Contains(s, "`"+n+"`") },
		func(s, n string) bool { return naming.HasWord(s, n) },
	} {
		first := ""
		for _, s := range b.sentences() {
			if !slices.ContainsFunc(names, func(n string) bool { return named(s, n) }) {
				continue
			}
			if !slices.ContainsFunc(paths, func(p string) bool { return !slices.Contains(names, p) && strings.Contains(s, p) }) {
				return s
			}
			if first == "" {
				first = s
			}
		}
		if first != "" {
			return first
		}
	}
	return ""
}

// listItemRe() is the marker of a list item, a heading, a quote or a table
// row: a line that does not go on the sentence above.
var listItemRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*([-*+]\s|>|\||#{1,6}\s|\d{1,3}[.)]\s)\s*`) })

// sentences are the sentences of the spec's prose, each on one line: the
// lines of a paragraph or list item joined, list markers, heading marks
// and fenced code left out.
func (b *briefer) sentences() []string {
	if b.specSentences != nil {
		return b.specSentences
	}
	out := []string{}
	var para []string
	flush := func() {
		for _, s := range splitSentences(strings.Join(para, " ")) {
			if s != "" {
				out = append(out, oneLine(s))
			}
		}
		para = para[:0]
	}
	fence := ""
	for _, l := range strings.Split(string(b.spec.Src), "\n") {
		if m := spec.FenceRe.FindString(l); m != "" {
			flush()
			switch {
			case fence == "":
				fence = strings.TrimSpace(m)
			case strings.HasPrefix(strings.TrimSpace(m), fence):
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		t := strings.TrimSpace(l)
		if t == "" || listItemRe().MatchString(l) {
			flush()
		}
		m := listItemRe().FindString(l)
		if m != "" {
			t = strings.TrimSpace(l[len(m):])
		}
		if strings.HasPrefix(strings.TrimSpace(m), "|") {
			var cells []string // a table row reads as its cells
			for _, c := range strings.Split(strings.Trim(t, "| "), "|") {
				cells = append(cells, strings.TrimSpace(c))
			}
			t = strings.Join(cells, "; ")
		}
		if t != "" {
			para = append(para, t)
		}
		if strings.HasPrefix(strings.TrimSpace(m), "#") || strings.HasPrefix(strings.TrimSpace(m), "|") {
			flush() // a heading or a table row is a sentence of its own
		}
	}
	flush()
	b.specSentences = out
	return out
}

// splitSentences cuts a line after each ". " outside code spans.
func splitSentences(line string) []string {
	var out []string
	code := false
	start := 0
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '`':
			code = !code
		case !code && line[i] == '.' && i+1 < len(line) && line[i+1] == ' ':
			out = append(out, strings.TrimSpace(line[start:i+1]))
			start = i + 2
		}
	}
	return append(out, strings.TrimSpace(line[start:]))
}

// oneLine is s on one line of at most maxRole bytes.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxRole {
		cut := maxRole
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return naming.Inline(s)
}

// plannedFile reads a blast-zone entry the session marks as a file the
// spec will add ("rate_limit.go (new)"): its path, and true.
func plannedFile(entry string) (string, bool) {
	name, ok := strings.CutSuffix(strings.TrimSpace(entry), "(new)")
	name = strings.TrimSpace(name)
	return name, ok && name != ""
}

package brief

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/appendix-dev/appendix/appendix/internal/architecture"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
)

// primerFile is the architecture primer a base context condenses.
const primerFile = ".architecture/primer.md"

// The sections of a primer a base context keeps, by their headings: its
// summary first, the rest after the blast zone and the recent commits.
var (
	primerSummaryRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\b(summary|what .* does|purpose)\b`) })
	primerRestRes   = []*regexp.Regexp{
		regexp.MustCompile(`(?i)\bcomponents?\b`),
		regexp.MustCompile(`(?i)\b(contracts?|boundar(y|ies)|interfaces?)\b`),
		regexp.MustCompile(`(?i)\b(gotchas?|pitfalls?|non-obvious|caveats?|surprises?)\b`),
		regexp.MustCompile(`(?i)\b(concerns?|risks?|known issues?)\b`),
	}
)

// base is the shared context, most valuable first: the primer's summary,
// the blast zone one line per file with its role, the last five commits
// touching it, the primer's components, contracts, gotchas and top
// concerns, the overview subsection the spec points at, and the spec's
// target architecture.
func (b *briefer) base() []briefItem {
	root := b.repo.Root
	summary, rest := b.primer()
	items := append([]briefItem(nil), summary...)
	items = append(items, b.zoneItems()...)
	items = append(items, rest...)
	terms := architecture.Terms(root, b.spec, b.doc.Artifacts)
	if a := architecture.Excerpt(root, ".architecture/overview.md", terms, "", true); a != nil {
		items = append(items, briefItem{kind: supArchitecture, title: fmt.Sprintf("Architecture: %s (%s, %s)", strings.TrimPrefix(a.Notes[0], "Extracted subsection: "), naming.Inline(a.Path), a.LineRange()), text: a.Text(), file: a.Path})
	}
	if p := b.targetArchitecture(); p != "" {
		if a := architecture.Excerpt(root, p, terms, "", false); a != nil {
			items = append(items, briefItem{kind: supTarget, title: fmt.Sprintf("Target architecture (%s, %s)", naming.Inline(a.Path), a.LineRange()), text: a.Text(), file: a.Path})
		}
	}
	return items
}

// primer condenses the primer to the sections a reviewer needs, each an
// item: its summary, and its components, contracts, gotchas and concerns
// in that order. A primer with none of these headings is one item.
func (b *briefer) primer() (summary, rest []briefItem) {
	lines := readLines(b.repo.Root, primerFile)
	if len(lines) == 0 {
		return nil, nil
	}
	item := func(title string, start, end int) briefItem {
		text := strings.Trim(strings.Join(lines[start-1:end], "\n"), "\n")
		return briefItem{kind: supArchitecture, title: fmt.Sprintf("%s (%s, lines %d-%d)", title, primerFile, start, end), text: text, file: primerFile}
	}
	secs := architecture.Sections(lines)
	taken := map[int]bool{}
	pick := func(re *regexp.Regexp) []briefItem {
		var out []briefItem
		for i, s := range secs {
			if s.Level() > 1 && !taken[i] && re.MatchString(s.Title) && s.End > s.Start {
				taken[i] = true
				out = append(out, item("System primer: "+naming.Inline(s.Title), s.Start+1, s.End))
			}
		}
		return out
	}
	summary = pick(primerSummaryRe())
	for _, re := range primerRestRes {
		rest = append(rest, pick(re)...)
	}
	if len(summary)+len(rest) == 0 {
		return []briefItem{item("System primer", 1, len(lines))}, nil
	}
	return summary, rest
}

// zoneItems are the blast zone, one line per file with its role, and the
// last five commits that touch its files.
func (b *briefer) zoneItems() []briefItem {
	var items []briefItem
	if len(b.zone) > 0 {
		var lines []string
		for _, z := range b.zone {
			line := "- " + naming.Code(z.path)
			if len(z.syms) > 0 {
				line += " (" + naming.CodeList(z.syms) + ")"
			}
			if z.role != "" {
				line += " — " + z.role
			}
			lines = append(lines, line)
		}
		items = append(items, briefItem{kind: "blast_zone", title: "Files the spec touches (blast zone)", text: strings.Join(lines, "\n")})
	}
	if len(b.blast) == 0 {
		return items
	}
	cs, err := b.history(b.blast, 5)
	var commits []string
	for _, c := range cs {
		commits = append(commits, fmt.Sprintf("- %s %s %s", c.Hash, c.When.Format("2006-01-02"), naming.Inline(c.Subject)))
	}
	switch {
	case err != nil && len(cs) == 0:
		commits = append(commits, fmt.Sprintf("- git history unreadable: %v", err))
	case err != nil:
		commits = append(commits, fmt.Sprintf("- older history unreadable: %v", err))
	}
	if len(commits) > 0 {
		items = append(items, briefItem{kind: "recent_changes", title: "Last commits touching the blast zone", text: strings.Join(commits, "\n")})
	}
	return items
}

package brief

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/appendix-dev/appendix/appendix/internal/architecture"
	"github.com/appendix-dev/appendix/appendix/internal/naming"
)

// The architecture documents a briefing reads besides the primer and the
// overview: the ones .architecture/manifest.json names.

// archDir is where the architecture documents are.
const archDir = ".architecture"

// maxFlows is how many flows a briefing shows; the others are named.
const maxFlows = 4

// decisionRe() is the heading of a section that records decisions.
var decisionRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bdecisions?\b`) })

// archPath is a document the manifest names: relative to .architecture/,
// or to the root when it starts there.
func archPath(p string) string {
	p = strings.TrimPrefix(filepath.ToSlash(p), "./")
	if strings.HasPrefix(p, archDir+"/") {
		return p
	}
	return path.Join(archDir, p)
}

// flowsDoc is the architecture's flows document: the one the manifest
// lists, else structured/flows.md or flows.md; "" for none.
func (b *briefer) flowsDoc() string {
	cands := []string{}
	if raw, err := os.ReadFile(filepath.Join(b.repo.Root, archDir, "manifest.json")); err == nil {
		var m struct {
			Artifacts []json.RawMessage `json:"artifacts"`
		}
		if json.Unmarshal(raw, &m) == nil {
			for _, a := range m.Artifacts {
				var s string
				if json.Unmarshal(a, &s) == nil && path.Base(s) == "flows.md" {
					cands = append(cands, archPath(s))
				}
			}
		}
	}
	cands = append(cands, archDir+"/structured/flows.md", archDir+"/flows.md")
	for _, c := range cands {
		if p, ok := b.existing(c); ok && !strings.HasSuffix(p, "/") {
			return p
		}
	}
	return ""
}

// scoredSection is a section of a document and how much it speaks of
// what the spec touches.
type scoredSection struct {
	title      string
	start, end int
	score      int
}

// leafSections scores the sections of a document with no section below
// them by the spec's terms (see architecture.Terms) and the blast zone's
// names.
func (b *briefer) leafSections(lines []string) []scoredSection {
	terms := architecture.Terms(b.repo.Root, b.spec, b.doc.Artifacts)
	for _, z := range b.zone {
		for _, s := range z.syms {
			terms[strings.ToLower(s)] += 3
		}
	}
	secs := architecture.Sections(lines)
	var out []scoredSection
	for i, s := range secs {
		if i+1 < len(secs) && secs[i+1].Level() > s.Level() {
			continue
		}
		body := strings.ToLower(strings.Join(lines[s.Start-1:s.End], "\n"))
		score := 0
		for t, w := range terms {
			score += w * min(strings.Count(body, t), 3)
		}
		out = append(out, scoredSection{s.Title, s.Start, s.End, score})
	}
	return out
}

// flowItems are the flows that concern the spec most, in the document's
// order, and the names of the others.
func (b *briefer) flowItems(kind string) []briefItem {
	doc := b.flowsDoc()
	if doc == "" {
		return nil
	}
	lines := readLines(b.repo.Root, doc)
	secs := b.leafSections(lines)
	ranked := slices.Clone(secs)
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })
	shown := map[int]bool{}
	for _, s := range ranked[:min(maxFlows, len(ranked))] {
		if s.score > 0 {
			shown[s.start] = true
		}
	}
	var items []briefItem
	var others []string
	for _, s := range secs {
		if shown[s.start] {
			items = append(items, docItem(kind, "Flow: "+s.title, doc, lines, s.start, s.end))
		} else {
			others = append(others, naming.Inline(s.title))
		}
	}
	if len(items) > 0 && len(others) > 0 {
		items = append(items, briefItem{kind: kind, title: fmt.Sprintf("Other flows in %s (not shown)", naming.Code(doc)), text: strings.Join(others, "; ")})
	}
	return items
}

// docItem is lines start to end of a document (1-based, inclusive), its
// heading line left out for the title.
func docItem(kind, title, doc string, lines []string, start, end int) briefItem {
	from := start
	if architecture.HeadingRe.MatchString(lines[start-1]) && end > start {
		from++
	}
	text := strings.Trim(strings.Join(lines[from-1:end], "\n"), "\n")
	return briefItem{kind: kind, title: fmt.Sprintf("%s (%s, lines %d-%d)", naming.Inline(title), naming.Inline(doc), start, end), text: text, file: doc}
}

// decisionItems are the sections of the overview and the primer that
// record the architecture's decisions.
func (b *briefer) decisionItems(kind string) []briefItem {
	var items []briefItem
	for _, doc := range []string{archDir + "/overview.md", primerFile} {
		lines := readLines(b.repo.Root, doc)
		for _, s := range architecture.Sections(lines) {
			if s.Level() > 1 && decisionRe().MatchString(s.Title) && s.End > s.Start {
				items = append(items, docItem(kind, s.Title, doc, lines, s.Start, s.End))
			}
		}
	}
	return items
}

// componentItems are the documents (by the manifest's doc_path) of the
// components that own a blast-zone file, most files first, then every
// component in one line with its purpose. A document the manifest names
// that is not there is named in missing.
func (b *briefer) componentItems(kind string) (items []briefItem, missing []string) {
	comps := architecture.ManifestComponents(b.repo.Root)
	owned := map[int]int{}
	for i, c := range comps {
		for _, z := range b.zone {
			if c.Owns(z.path) {
				owned[i]++
			}
		}
	}
	var order []int
	for i := range comps {
		if owned[i] > 0 && comps[i].DocPath != "" {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return owned[order[x]] > owned[order[y]] })
	for _, i := range order {
		doc := archPath(comps[i].DocPath)
		p, ok := b.existing(doc)
		if !ok || strings.HasSuffix(p, "/") {
			missing = append(missing, naming.Code(doc))
			continue
		}
		lines := readLines(b.repo.Root, p)
		if len(lines) == 0 {
			continue
		}
		items = append(items, docItem(kind, "Component: "+comps[i].Name, p, lines, 1, len(lines)))
	}
	var lines []string
	for _, c := range comps {
		line := naming.Inline(c.Name)
		if c.Purpose != "" {
			line += " — " + oneLine(c.Purpose)
		}
		if len(c.KeyFiles) > 0 {
			line += " (" + naming.CodeList(c.KeyFiles[:min(3, len(c.KeyFiles))]) + ")"
		}
		lines = append(lines, line)
	}
	if len(comps) == 0 {
		// No manifest: the component documents found by their place.
		for _, f := range b.files {
			if (strings.HasPrefix(f, archDir+"/components/") || strings.HasPrefix(f, "docs/architecture/")) && strings.HasSuffix(f, ".md") {
				lines = append(lines, naming.Code(f))
			}
		}
	}
	items = append(items, listItem(kind, "Components", lines, 15)...)
	return items, missing
}

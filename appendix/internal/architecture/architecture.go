package architecture

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/appendix/internal/naming"

	"github.com/appendix-dev/appendix/extract"
)

// maxArchLines is the longest architecture excerpt shown: an overview over
// it gives only its relevant subsection.
const maxArchLines = 40

var (
	HeadingRe  = regexp.MustCompile(`^(#{1,6})\s+(.+?)\s*#*\s*$`)
	archFlowRe = regexp.MustCompile(`(?i)\b(?:data ?flow|flows?|pipeline|new (?:component|service|module|worker|subsystem)|between (?:the )?\w+ and|integrat\w+)\b`)
)

// section is a heading and the lines under it, up to the next heading of
// the same or a higher level.
type section struct {
	Title      string
	Start, End int // 1-based, inclusive
	level      int
}

// Level is the heading's level: 1 for "#".
func (s section) Level() int { return s.level }

// Sections returns the headed sections of a markdown document's lines,
// headings in fenced code aside.
func Sections(lines []string) []section {
	var out []section
	fence := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fence = !fence
		}
		if fence {
			continue
		}
		if m := HeadingRe.FindStringSubmatch(l); m != nil {
			out = append(out, section{Title: m[2], Start: i + 1, level: len(m[1])})
		}
	}
	for i := range out {
		out[i].End = len(lines)
		for j := i + 1; j < len(out); j++ {
			if out[j].level <= out[i].level {
				out[i].End = out[j].Start - 1
				break
			}
		}
		for out[i].End > out[i].Start && strings.TrimSpace(lines[out[i].End-1]) == "" {
			out[i].End--
		}
	}
	return out
}

// Artifacts returns A0, the compact primer, and, when the
// round and the spec call for it, A0b: the overview subsection that the
// spec's names and components point at.
func Artifacts(root string, round int, sp *spec.Spec, arts []*artifact.Artifact) []*artifact.Artifact {
	dir := filepath.Join(root, ".architecture")
	if st, err := os.Stat(dir); err != nil || !st.IsDir() || round != 2 {
		// Round 3 and later: the opponents saw it in Round 2.
		return nil
	}
	terms := Terms(root, sp, arts)
	var out []*artifact.Artifact
	if a := Excerpt(root, ".architecture/primer.md", terms, "Compact system summary and key boundaries", false); a != nil {
		a.Label = "A0"
		out = append(out, a)
	}
	if archCalledFor(sp, arts) {
		if a := Excerpt(root, ".architecture/overview.md", terms, "", true); a != nil {
			a.Label = "A0"
			if len(out) > 0 {
				a.Label = "A0b"
			}
			out = append(out, a)
		}
	}
	for _, a := range out {
		a.KeepLabel = true
	}
	return out
}

// archCalledFor says whether the overview belongs in the appendix: for a
// new component touching several existing ones or a change of data flow,
// not for a spec that modifies one isolated component.
func archCalledFor(sp *spec.Spec, arts []*artifact.Artifact) bool {
	dirs := map[string]bool{}
	modDirs := map[string]bool{}
	for _, a := range arts {
		if a.Path == "" {
			continue
		}
		d := strings.SplitN(a.Path, "/", 3)
		top := d[0]
		if len(d) > 2 {
			top = d[0] + "/" + d[1]
		}
		dirs[top] = true
		if a.Modified {
			modDirs[top] = true
		}
	}
	if len(modDirs) == 1 && len(dirs) == 1 {
		return false // one isolated component
	}
	return archFlowRe.Match(spec.ProseOnly(sp.Src)) || len(dirs) >= 3
}

// Terms are the words a relevant section mentions: the spec's names,
// their files' directories, and the manifest components that own them.
func Terms(root string, sp *spec.Spec, arts []*artifact.Artifact) map[string]int {
	terms := map[string]int{}
	for _, r := range sp.Refs {
		for _, w := range naming.Words(r.Name) {
			if len(w) > 3 {
				terms[w] += 2
			}
		}
	}
	files := map[string]bool{}
	for _, a := range arts {
		if a.Path == "" {
			continue
		}
		files[a.Path] = true
		for _, seg := range strings.Split(path.Dir(a.Path), "/") {
			if len(seg) > 3 {
				terms[strings.ToLower(seg)]++
			}
		}
	}
	for _, c := range ManifestComponents(root) {
		hit := false
		for f := range files {
			hit = hit || c.Owns(f)
		}
		if hit {
			for _, w := range naming.Words(c.Name) {
				terms[w] += 5
			}
			for _, tag := range c.IntentTags {
				for _, w := range naming.Words(tag) {
					terms[w] += 2
				}
			}
		}
	}
	return terms
}

// Component is a .architecture/manifest.json entry.
type Component struct {
	Name       string   `json:"name"`
	Purpose    string   `json:"purpose"`
	KeyFiles   []string `json:"key_files"`
	IntentTags []string `json:"intent_tags"`
	// DocPath is the component's document, relative to .architecture/.
	DocPath string `json:"doc_path"`
}

// Owns reports whether a file (or a directory, ending in "/") is one of
// the component's key files or lies under one of its key directories.
func (c Component) Owns(f string) bool {
	for _, kf := range c.KeyFiles {
		if f == kf || strings.HasPrefix(f, strings.TrimSuffix(kf, "/")+"/") {
			return true
		}
	}
	return false
}

// ManifestComponents reads the components of .architecture/manifest.json.
func ManifestComponents(root string) []Component {
	b, err := os.ReadFile(filepath.Join(root, ".architecture", "manifest.json"))
	if err != nil {
		return nil
	}
	var m struct {
		Components []Component `json:"components"`
	}
	if json.Unmarshal(b, &m) != nil {
		return nil
	}
	return m.Components
}

// Excerpt reads an architecture document: whole when short (and not
// forced to a subsection), else its most relevant section, cut to
// maxArchLines. Line numbers quoted inside the document are not trusted or
// used; only the excerpt's own lines are cited.
func Excerpt(root, rel string, terms map[string]int, mark string, subsection bool) *artifact.Artifact {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil || len(b) > scan.MaxFileSize {
		return nil
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	start, end, title := 1, len(lines), ""
	if subsection || len(lines) > maxArchLines {
		secs := Sections(lines)
		best, bestScore := -1, 0
		for i, s := range secs {
			score := 0
			body := strings.ToLower(strings.Join(lines[s.Start-1:s.End], "\n"))
			head := strings.ToLower(s.Title)
			for t, w := range terms {
				if strings.Contains(head, t) {
					score += 3 * w
				}
				score += w * min(strings.Count(body, t), 3)
			}
			if s.level == 1 {
				score /= 2 // the document's title section holds everything
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		if best < 0 {
			if subsection {
				return nil // nothing in the overview is about this spec
			}
		} else {
			start, end, title = secs[best].Start, secs[best].End, secs[best].Title
		}
	}
	a := &artifact.Artifact{Kind: extract.KindArchitecture, Title: "Architecture Context", Path: rel, Lang: extract.Markdown,
		Symbols: []string{path.Base(rel)}, Source: spec.FromProse, Order: -1}
	if title != "" {
		a.Notes = append(a.Notes, fmt.Sprintf("Extracted subsection: %q", title))
	} else if mark != "" {
		a.Notes = append(a.Notes, mark)
	}
	if end-start+1 > maxArchLines {
		end = start + maxArchLines - 1
		a.Truncated = "lines"
	}
	for r := start; r <= end; r++ {
		a.Lines = append(a.Lines, extract.Line{Row: r, Text: lines[r-1]})
	}
	if a.Truncated != "" {
		a.Lines = append(a.Lines, extract.Line{Row: end, Text: fmt.Sprintf("<!-- ... section continues in %s -->", rel)})
	}
	a.StartLine, a.EndLine = start, end
	a.SelectedBy = []artifact.Selection{{Ref: path.Base(rel), Reason: "architecture context for Round 2 (protocol section 6)"}}
	return a
}

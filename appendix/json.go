package appendix

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/appendix-dev/appendix/appendix/internal/render"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"
	"github.com/appendix-dev/appendix/gitinfo"
)

// SchemaVersion is the version of the JSON output format. Fields are added,
// never renamed.
const SchemaVersion = 1

// Output is the --format json document.
type Output struct {
	SchemaVersion  int              `json:"schema_version"`
	Round          int              `json:"round"`
	ExtractedAt    string           `json:"extracted_at"`
	Git            *GitOutput       `json:"git"`
	Budget         BudgetOutput     `json:"budget"`
	Artifacts      []ArtifactOutput `json:"artifacts"`
	Unresolved     []Gap            `json:"unresolved"`
	External       []Gap            `json:"external"`
	Dropped        []Dropped        `json:"dropped"`
	Reused         []render.Reuse   `json:"reused"`
	Skipped        string           `json:"skipped,omitempty"`
	Warnings       []string         `json:"warnings"`
	WarningDetails []Warning        `json:"warning_details"` // the warnings, with their kind and file
	Redactions     int              `json:"redactions"`      // secret literals replaced by "<redacted>"
	Submodules     []string         `json:"submodules"`      // nested repositories not entered
	// Repos are the repositories, when an appendix spans several (--repo
	// NAME=DIR); Git is then the first's.
	Repos []RepoOutput `json:"repos,omitempty"`
}

// RepoOutput is one repository of an appendix that spans several: its
// name and provenance, null outside git or with no commits, as Git.
type RepoOutput struct {
	Name string     `json:"name"`
	Git  *GitOutput `json:"git"`
}

// GitOutput is the provenance; null outside git or with no commits.
type GitOutput struct {
	Commit   string   `json:"commit"`
	Short    string   `json:"short"`
	Branch   string   `json:"branch"`
	Detached bool     `json:"detached"`
	Dirty    []string `json:"dirty"`
}

// BudgetOutput is the line budget and the lines the appendix uses.
type BudgetOutput struct {
	Limit int `json:"limit"`
	Used  int `json:"used"`
}

// ArtifactOutput is one artifact.
type ArtifactOutput struct {
	Label       string               `json:"label"`
	Kind        string               `json:"kind"`
	Title       string               `json:"title"`
	Repo        string               `json:"repo,omitempty"` // the repository's name, when an appendix spans several
	Path        string               `json:"path"`
	StartLine   int                  `json:"start_line"`
	EndLine     int                  `json:"end_line"`
	Language    string               `json:"language"`
	Symbols     []string             `json:"symbols"`
	Modified    bool                 `json:"modified"`
	Truncated   string               `json:"truncated"`
	Notes       []string             `json:"notes"`
	SelectedBy  []artifact.Selection `json:"selected_by"`
	Tokens      int                  `json:"tokens"`
	Text        string               `json:"text"`
	ContextFile string               `json:"context_file,omitempty"`
	// Body is a function or method shown whole, body included (--body);
	// its kind stays function or method.
	Body bool `json:"body,omitempty"`
	// Entries are the signature index's lines, one per definition.
	Entries []artifact.Entry `json:"entries,omitempty"`
}

// JSON renders the result as the --format json document.
func (r *Result) JSON() ([]byte, error) {
	d := r.Doc
	out := Output{
		SchemaVersion:  SchemaVersion,
		Round:          d.Round,
		ExtractedAt:    d.ExtractedAt.UTC().Format(time.RFC3339),
		Budget:         BudgetOutput{Limit: d.Budget, Used: d.Lines()},
		Artifacts:      []ArtifactOutput{},
		Unresolved:     append([]Gap{}, r.Unresolved...),
		External:       append([]Gap{}, r.External...),
		Dropped:        append([]Dropped{}, r.Dropped...),
		Warnings:       []string{},
		WarningDetails: append([]Warning{}, r.Warnings...),
		Reused:         append([]render.Reuse{}, d.Reused...),
		Skipped:        r.Skipped,
		Redactions:     r.Redactions,
		Submodules:     append([]string{}, d.Submodules...),
	}
	for _, w := range r.Warnings {
		out.Warnings = append(out.Warnings, w.String())
	}
	if len(d.Repos) == 0 {
		out.Git = gitOutput(d.Git, d.Head, d.ShownDirty())
	}
	for i, s := range d.Repos {
		// The dirty files shown are named after their repository.
		var dirty []string
		for _, f := range d.ShownDirty() {
			if p, ok := strings.CutPrefix(f, s.Name+": "); ok {
				dirty = append(dirty, p)
			}
		}
		r := RepoOutput{Name: s.Name, Git: gitOutput(s.Git, s.Head, dirty)}
		out.Repos = append(out.Repos, r)
		if i == 0 {
			out.Git = r.Git
		}
	}
	for _, a := range d.Artifacts {
		text := a.Text()
		if a.PointerOnly {
			text = a.Pointer()
		}
		out.Artifacts = append(out.Artifacts, ArtifactOutput{
			Label: a.Label, Kind: string(a.Kind), Title: a.Title, Repo: a.Repo, Path: a.Path, StartLine: a.StartLine, EndLine: a.EndLine,
			Language: a.Lang.Name, Symbols: a.Symbols, Modified: a.Modified, Truncated: a.Truncated, Notes: append([]string{}, a.Notes...),
			SelectedBy: a.SelectedBy, Tokens: a.Tokens(), Text: text, ContextFile: a.ContextFile, Body: a.Body, Entries: a.Entries(),
		})
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// gitOutput is one repository's provenance, nil outside git or with no
// commits.
func gitOutput(git bool, head *gitinfo.Head, dirty []string) *GitOutput {
	if !git || head == nil || head.Commit == "" {
		return nil
	}
	return &GitOutput{Commit: head.Commit, Short: head.Short, Branch: head.Branch, Detached: head.Detached, Dirty: append([]string{}, dirty...)}
}

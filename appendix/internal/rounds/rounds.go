package rounds

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/render"

	"github.com/appendix-dev/appendix/appendix/internal/artifact"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/inventory"
)

// textHash identifies the full text an artifact shows (before budget trims).
func textHash(a *artifact.Artifact) string {
	h := sha256.New()
	for _, l := range a.FullLines() {
		fmt.Fprintf(h, "%d\x00%s\n", l.Row, l.Text)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// SelectRefs applies the round policy to the spec's
// references: Round 1 keeps what the spec promises to keep compatible;
// Round 4 and later keep what is new since the earlier rounds; --need
// names are always kept. It returns why a round shows nothing.
func SelectRefs(refs []spec.Ref, round int, history []inventory.Round, need []string) ([]spec.Ref, string) {
	var out []spec.Ref
	switch {
	case round == 1:
		for _, r := range refs {
			if r.Compat {
				out = append(out, r)
			}
		}
		if len(out) == 0 && len(need) == 0 {
			return nil, "round 1 shows no codebase context: the spec promises no compatibility with existing code (protocol section 1)"
		}
	case round >= 4:
		seen := map[string]bool{}
		for _, h := range history {
			if h.Round < round {
				for _, n := range h.Refs {
					seen[n] = true
				}
			}
		}
		for _, r := range refs {
			if !seen[r.Name] {
				out = append(out, r)
			}
		}
	default:
		out = refs
	}
	for _, n := range need {
		r := spec.Ref{Name: n, Source: spec.FromCode, Strong: true}
		if rt, ok := spec.RouteLike(n); ok {
			r.Route = rt
		} else if p, ok := spec.PathLike(n); ok && strings.Contains(n, "/") {
			r.Name, r.IsPath = p, true
		}
		out = append(out, r)
	}
	if len(out) == 0 && round >= 4 {
		return nil, fmt.Sprintf("round %d shows no codebase context: nothing the spec names is new since the earlier rounds (use --need NAME for a concern to check against code)", round)
	}
	return out, ""
}

// shownBefore is an artifact of an earlier round.
type shownBefore struct {
	inventory.Artifact
	round int
}

// ApplyHistory gives artifacts shown in an earlier round their label back,
// and from Round 3 on turns those whose file is unchanged into reuse lines
// instead of showing them again. A body asked for with --body is the same
// artifact only as a body of the same definition. It returns the
// artifacts still to show.
func ApplyHistory(doc *render.Document, arts []*artifact.Artifact, root string, round int, history []inventory.Round, need map[string]bool) []*artifact.Artifact {
	prev := map[string]shownBefore{}
	for _, h := range history {
		if h.Round >= round {
			continue
		}
		for _, a := range h.Artifacts {
			for _, s := range a.Symbols {
				prev[shownKey(a.Repo, a.Path, s, a.Body)] = shownBefore{a, h.Round}
			}
		}
	}
	var keep []*artifact.Artifact
	for _, a := range arts {
		var hit *shownBefore
		for _, s := range a.Symbols {
			if p, ok := prev[shownKey(a.Repo, a.Path, s, a.Body)]; ok {
				hit = &p
				break
			}
		}
		if hit == nil {
			keep = append(keep, a)
			continue
		}
		a.Label, a.KeepLabel = hit.Label, true
		blob, _ := gitinfo.BlobHash(root, a.Path)
		needed := false
		for _, s := range a.SelectedBy {
			needed = needed || need[s.Ref]
		}
		same := blob != "" && blob == hit.BlobHash || hit.TextHash != "" && hit.TextHash == textHash(a)
		if round >= 3 && same && !needed {
			doc.Reused = append(doc.Reused, render.Reuse{Label: hit.Label, Round: hit.round, Repo: a.Repo, Path: a.Path, Symbols: a.Symbols, Body: a.Body, TextHash: textHash(a)})
			continue
		}
		if !same {
			a.Notes = append(a.Notes, fmt.Sprintf("Re-extracted: it changed since Round %d.", hit.round))
		}
		keep = append(keep, a)
	}
	sort.SliceStable(doc.Reused, func(i, j int) bool { return labelNum(doc.Reused[i].Label) < labelNum(doc.Reused[j].Label) })
	doc.NextLabel = 1
	for _, h := range history {
		if h.Round >= round {
			continue
		}
		for _, a := range h.Artifacts {
			doc.NextLabel = max(doc.NextLabel, labelNum(a.Label)+1)
		}
	}
	return keep
}

// shownKey is what identifies an earlier round's artifact: its
// repository and file, one of its symbols, and whether it showed the
// body; a signature and the body of one function are two artifacts.
func shownKey(repo, path, symbol string, body bool) string {
	return fmt.Sprintf("%s|%s|%s|%t", repo, path, symbol, body)
}

func labelNum(l string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(l, "A"))
	return n
}

// Record is what this round showed, for the inventory's history. roots
// are the repositories' directories by name ("" for a single one).
func Record(doc *render.Document, refs []spec.Ref, roots map[string]string, round int) inventory.Round {
	rec := inventory.Round{Round: round, ExtractedAt: doc.ExtractedAt.UTC().Format("2006-01-02T15:04:05Z07:00"), Refs: []string{}, Artifacts: []inventory.Artifact{}}
	if doc.Head != nil {
		rec.GitHash = doc.Head.Commit
	}
	seen := map[string]bool{}
	for _, r := range refs {
		if !seen[r.Name] {
			seen[r.Name] = true
			rec.Refs = append(rec.Refs, r.Name)
		}
	}
	for _, a := range doc.Artifacts {
		if a.Path == "" {
			continue
		}
		blob, _ := gitinfo.BlobHash(roots[a.Repo], a.Path)
		rec.Artifacts = append(rec.Artifacts, inventory.Artifact{Label: a.Label, Kind: string(a.Kind), Title: a.Title, Path: a.Path,
			StartLine: a.StartLine, EndLine: a.EndLine, Symbols: a.Symbols, BlobHash: blob, TextHash: textHash(a), Body: a.Body, Repo: a.Repo})
	}
	for _, r := range doc.Reused {
		blob, _ := gitinfo.BlobHash(roots[r.Repo], r.Path)
		rec.Artifacts = append(rec.Artifacts, inventory.Artifact{Label: r.Label, Path: r.Path, Symbols: r.Symbols, BlobHash: blob, TextHash: r.TextHash, Body: r.Body, Repo: r.Repo})
	}
	return rec
}

// With replaces the record of a round in a history, or adds it.
func With(history []inventory.Round, rec inventory.Round) []inventory.Round {
	out := make([]inventory.Round, 0, len(history)+1)
	for _, h := range history {
		if h.Round != rec.Round {
			out = append(out, h)
		}
	}
	out = append(out, rec)
	sort.Slice(out, func(i, j int) bool { return out[i].Round < out[j].Round })
	return out
}

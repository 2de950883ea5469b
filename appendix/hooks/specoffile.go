package hooks

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
)

// specOfFile is the spec-of-file hook: after an edit, once per file per
// session, it names the specs that govern the file edited, with their
// artifacts in it, and says when the file is a shared hub. It never
// blocks.
func specOfFile(ctx context.Context, env *Env, in Input, root string) result {
	var ti struct {
		FilePath string `json:"file_path"`
	}
	json.Unmarshal(in.ToolInput, &ti)
	if ti.FilePath == "" {
		return result{outcome: "silent"}
	}
	p := ti.FilePath
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	rel, err := filepath.Rel(root, filepath.Clean(p))
	if err != nil || !filepath.IsLocal(rel) {
		return result{outcome: "silent"}
	}
	rel = filepath.ToSlash(rel)
	if rel == ".adversarial-spec" || strings.HasPrefix(rel, ".adversarial-spec/") || strings.HasPrefix(rel, ".appendix/") {
		return result{outcome: "silent"}
	}
	what := "spec-of-file\x00" + rel
	if marked(env, what, in.SessionID) {
		return result{outcome: "silent"}
	}
	gs, hub, resolved, err := governors(ctx, root, rel)
	if err != nil {
		if ctx.Err() != nil {
			return result{outcome: "silent", warning: "deadline: specs not resolved"}
		}
		return result{outcome: "silent", warning: "repository not readable"}
	}
	var warning string
	if _, err := mark(env, what, in.SessionID); err != nil {
		warning = "marker not made: noting at every edit"
	}
	if len(gs) == 0 {
		return result{outcome: "silent", warning: warning, resolved: resolved}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "appendix spec-of-file: %s\n", rel)
	for _, g := range gs {
		var parts []string
		for i, d := range g.defs {
			lines := "lines "
			if d.EndLine <= d.StartLine {
				lines = "line "
			}
			part := fmt.Sprintf("%s %s%s", naming.Code(d.Symbol), lines, span(d.StartLine, d.EndLine))
			if g.labels[i] != "" {
				part = g.labels[i] + " " + part
			}
			parts = append(parts, part)
		}
		fmt.Fprintf(&b, "governed by %s: %s\n", g.spec, strings.Join(parts, "; "))
	}
	if hub {
		fmt.Fprintf(&b, "shared hub: %d specs name this file; a change here reaches each of them.\n", len(gs))
	}
	b.WriteString("Keep the edit consistent with these specs, or say where it departs from them.")
	return result{
		out:     &Output{Specific{HookEventName: "PostToolUse", AdditionalContext: b.String()}},
		outcome: "noted", files: len(gs), tokens: tokens(b.Len()), warning: warning, resolved: resolved,
	}
}

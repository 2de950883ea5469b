package hooks

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/appendix-dev/appendix/appendix/governs"
)

// specFirst is the spec-first hook: at a session's first access to the
// project's code (a read, an edit, a search) before it touched a spec, it
// denies the tool call once, naming the live spec and its neighbours;
// every later call passes. Touching a spec first blesses the session
// silently. When its marker cannot be made it never blocks.
func specFirst(_ context.Context, env *Env, in Input, root string) result {
	if marked(env, "spec-first", in.SessionID) {
		return result{outcome: "silent"}
	}
	specs, _, err := liveSpecs(root)
	if err != nil || len(specs) == 0 {
		return result{outcome: "silent"}
	}
	if !codeAccess(in, root, specs) {
		if _, inside := accessed(in, root); !inside {
			return result{outcome: "silent"}
		}
		if _, err := mark(env, "spec-first", in.SessionID); err != nil {
			return result{outcome: "blessed", warning: "marker not made"}
		}
		return result{outcome: "blessed"}
	}
	made, err := mark(env, "spec-first", in.SessionID)
	if err != nil {
		return result{outcome: "silent", warning: "marker not made: not blocking"}
	}
	if !made {
		return result{outcome: "silent"}
	}
	var b strings.Builder
	b.WriteString("Read the spec before the code (appendix spec-first hook; it blocks once per session, the retry passes).\n")
	b.WriteString("The spec this session debates, the contract for this code:\n")
	for _, s := range specs {
		b.WriteString("  " + s + "\n")
	}
	if ns := neighbours(specs); len(ns) > 0 {
		b.WriteString("Its neighbours (same directory):\n")
		for _, n := range ns {
			b.WriteString("  " + n + "\n")
		}
	}
	b.WriteString("Read it, reconcile what you are about to do with it, then retry.")
	return result{
		out:     &Output{Specific{HookEventName: "PreToolUse", PermissionDecision: "deny", PermissionDecisionReason: b.String()}},
		outcome: "blocked", files: len(specs),
	}
}

// specFirstTools are the tools spec-first is registered for.
var specFirstTools = map[string]bool{"Read": true, "Edit": true, "Write": true, "MultiEdit": true, "Grep": true, "Glob": true}

// codeAccess reports whether a tool call reads, edits or searches the
// project's code, not its specs: what spec-first denies at first.
func codeAccess(in Input, root string, specs []string) bool {
	target, inside := accessed(in, root)
	return specFirstTools[in.ToolName] && inside && !isSpecFile(root, target, specs)
}

// accessed returns the absolute path a tool call reads, edits or searches
// (the project root for a search without a path), and whether it lies in
// the project.
func accessed(in Input, root string) (string, bool) {
	var ti struct {
		FilePath string `json:"file_path"`
		Path     string `json:"path"`
		Pattern  string `json:"pattern"`
	}
	json.Unmarshal(in.ToolInput, &ti)
	p := ti.FilePath
	if p == "" {
		p = ti.Path
	}
	if p == "" && (in.ToolName == "Glob" || in.ToolName == "Grep") {
		p = root
		if in.ToolName == "Glob" && !filepath.IsAbs(ti.Pattern) {
			p = filepath.Join(root, filepath.FromSlash(ti.Pattern))
		}
	}
	if p == "" {
		return "", false
	}
	if !filepath.IsAbs(p) {
		base := in.Cwd
		if base == "" {
			base = root
		}
		p = filepath.Join(base, p)
	}
	p = filepath.Clean(p)
	rel, err := filepath.Rel(root, p)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return p, false
	}
	return p, true
}

// isSpecFile reports whether p is a spec: under .adversarial-spec, or one
// of the live specs.
func isSpecFile(root, p string, specs []string) bool {
	rel, err := filepath.Rel(filepath.Join(root, ".adversarial-spec"), p)
	if err == nil && (filepath.IsLocal(rel) || rel == ".") {
		return true
	}
	for _, s := range specs {
		if s == p {
			return true
		}
	}
	return false
}

// neighbours are the other markdown files in the live specs' directories,
// earlier drafts left out.
func neighbours(specs []string) []string {
	own := map[string]bool{}
	for _, s := range specs {
		own[s] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, s := range specs {
		dir := filepath.Dir(s)
		if seen[dir] {
			continue
		}
		seen[dir] = true
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".md") && !governs.Draft.MatchString(e.Name()) && !own[p] {
				out = append(out, p)
			}
		}
	}
	return out
}

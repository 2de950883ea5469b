package hooks

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/inventory"
)

// TokenWarning is the size of context, in estimated tokens, above which
// the context gate warns in the log; it injects anyway.
const TokenWarning = 15000

var rule = strings.Repeat("=", 80)

// contextGate is the context-gate hook: once per session, at its first
// tool use, it adds to the agent's context a pointer to each live spec of
// the active debate (never its text), the last round's artifact index and
// the audit's gaps; when that first use is an access to code, which
// spec-first may deny, at the next tool use too. When the marker of the
// session cannot be made, it does so at every tool use.
func contextGate(ctx context.Context, env *Env, in Input, root string) result {
	if marked(env, "context-gate", in.SessionID) {
		return result{outcome: "silent"}
	}
	specs, missing, err := liveSpecs(root)
	if err != nil {
		return result{outcome: "silent", warning: "session pointer unreadable"}
	}
	var warnings []string
	if missing > 0 {
		warnings = append(warnings, fmt.Sprintf("%d named specs missing", missing))
	}
	if len(specs) == 0 {
		// No debate is active, or its specs are all gone: an inventory
		// left from another debate is not this session's context.
		return result{outcome: "silent", warning: strings.Join(warnings, "; ")}
	}
	size := 0
	for _, s := range specs {
		if st, err := os.Stat(s); err == nil {
			size += int(st.Size())
		}
	}
	type gathered struct {
		round int
		index []string
		gaps  []string
	}
	done := make(chan gathered, 1)
	go func() {
		if env.beforeIndex != nil {
			env.beforeIndex()
		}
		var g gathered
		g.round, g.index, g.gaps = lastRound(root, specs)
		done <- g
	}()
	var g gathered
	late := false
	select {
	case g = <-done:
	case <-ctx.Done():
		late = true
	}

	var b strings.Builder
	b.WriteString("DEBATE CONTEXT (auto-loaded by the appendix context-gate hook: already in your context window)\n" + rule + "\n\n")
	b.WriteString("--- Live specs (pointers, not bodies: read the file itself, it is the contract) ---\n")
	for _, s := range specs {
		b.WriteString(s + "\n")
	}
	b.WriteString("\n")
	if late {
		b.WriteString("(pointers only: the artifact index and the audit's gaps were not read within the hook's deadline; see appendix inventory)\n\n")
		warnings = append(warnings, "deadline: pointers only")
	} else {
		if len(g.index) > 0 {
			fmt.Fprintf(&b, "--- Round %d appendix: artifact index (label, kind, path:lines) ---\n", g.round)
			b.WriteString(strings.Join(g.index, "\n") + "\n\n")
		}
		if len(g.gaps) > 0 {
			b.WriteString("--- Context Readiness Audit: gaps ---\n")
			for _, gap := range g.gaps {
				b.WriteString("- " + gap + "\n")
			}
			b.WriteString("\n")
		}
	}
	b.WriteString(rule + "\n")
	msgTokens := tokens(b.Len())
	total := tokens(size) + msgTokens
	fmt.Fprintf(&b, "Context: %d %s (~%d tokens, len/4: the specs to read and this message).\n", len(specs), naming.Plural(len(specs), "file", "files"), total)
	b.WriteString("Before each debate.py critique from round 2 on, pass the spec through appendix --round N.\n")
	if total > TokenWarning {
		warnings = append(warnings, fmt.Sprintf("over %d tokens", TokenWarning))
	}
	// A first code access is the call spec-first denies, and whether a
	// denied call's added context reaches the agent is not the hook's to
	// know: such a call leaves the gate open for one more call.
	what := "context-gate"
	if codeAccess(in, root, specs) && !marked(env, "context-gate-denied", in.SessionID) {
		what = "context-gate-denied"
	}
	if _, err := mark(env, what, in.SessionID); err != nil {
		warnings = append(warnings, "marker not made: injecting at every tool use")
	}
	return result{
		out:     &Output{Specific{HookEventName: "PreToolUse", AdditionalContext: b.String()}},
		outcome: "injected", files: len(specs), tokens: total, warning: strings.Join(warnings, "; "),
	}
}

// lastRound returns the last round of the debate's appendix round
// history, its artifact index one line each, and the audit's gaps: from
// the active session when it is the live spec's, else from the
// inventory file.
func lastRound(root string, specs []string) (round int, index, gaps []string) {
	spec := ""
	if len(specs) > 0 {
		spec = specs[0]
	}
	st, _, err := inventory.Locate(root, ".appendix/inventory.json", spec)
	if err != nil {
		return 0, nil, nil
	}
	inv, err := st.Load()
	if err != nil {
		return 0, nil, nil
	}
	gaps = inv.GapsNoted
	if len(inv.Rounds) == 0 {
		return 0, nil, gaps
	}
	last := inv.Rounds[len(inv.Rounds)-1]
	for _, a := range last.Artifacts {
		index = append(index, indexLine(a, inv.Rounds))
	}
	return last.Round, index, gaps
}

// indexLine is an artifact's line in the index: "A2 struct path:12-28
// `OrderRequest`". An artifact reused from an earlier round takes its
// kind and lines from the round that showed it.
func indexLine(a inventory.Artifact, history []inventory.Round) string {
	if a.StartLine == 0 {
		for i := len(history) - 1; i >= 0; i-- {
			for _, e := range history[i].Artifacts {
				if e.StartLine > 0 && e.Path == a.Path && e.Repo == a.Repo && strings.Join(e.Symbols, ",") == strings.Join(a.Symbols, ",") {
					e.Label = a.Label
					a = e
					break
				}
			}
			if a.StartLine > 0 {
				break
			}
		}
	}
	path := a.Path
	if a.Repo != "" {
		path = a.Repo + ":" + path
	}
	kind := a.Kind
	if kind == "" {
		kind = "artifact"
	}
	line := fmt.Sprintf("%s %s %s", a.Label, kind, path)
	if a.StartLine > 0 {
		line += ":" + span(a.StartLine, a.EndLine)
	}
	if len(a.Symbols) > 0 {
		line += " `" + strings.Join(a.Symbols, "`, `") + "`"
	}
	return line
}

// span is a range of lines, "12-28", or one line, "12".
func span(start, end int) string {
	if end <= start {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d-%d", start, end)
}

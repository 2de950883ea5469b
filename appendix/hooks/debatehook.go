package hooks

import (
	"context"
	"encoding/json"
	"os"
	"strconv"

	"github.com/appendix-dev/appendix/inventory"
)

// AppendixCommand is how a rewritten command runs appendix: the name the
// hook entries run it by.
const AppendixCommand = "appendix"

// debateGate is the debate-gate hook: a Bash command that sends a spec to
// debate.py critique or gauntlet from round 2 on without an appendix is
// rewritten to pass through appendix --round N (see DebateGate), for the
// user to confirm; another shape of such a command gets the command to run
// instead, as added context. The round is the active session's. Relative
// paths in the command are read from the payload's cwd, where it runs.
func debateGate(_ context.Context, _ *Env, in Input, root string) result {
	if in.ToolName != "Bash" {
		return result{outcome: "silent"}
	}
	var ti map[string]json.RawMessage
	var command string
	if json.Unmarshal(in.ToolInput, &ti) != nil || json.Unmarshal(ti["command"], &command) != nil || command == "" {
		return result{outcome: "silent"}
	}
	round := sessionRound(root)
	if round < 2 {
		return result{outcome: "silent"}
	}
	dir := in.Cwd
	if dir == "" {
		dir = root
	}
	if os.Chdir(dir) != nil {
		return result{outcome: "silent", warning: "cwd not found"}
	}
	rewritten, advice := DebateGate(command, round, AppendixCommand, sessionRepos(root))
	switch {
	case rewritten != "":
		ti["command"] = json.RawMessage(marshal(rewritten))
		updated, err := json.Marshal(ti)
		if err != nil {
			return result{outcome: "silent"}
		}
		why := "appendix debate-gate: round " + strconv.Itoa(round) + " sends the spec to debate.py without its appendix; the command now passes it through appendix --round " + strconv.Itoa(round) + ":\n" + rewritten
		return result{
			out:     &Output{Specific{HookEventName: "PreToolUse", PermissionDecision: "ask", PermissionDecisionReason: why, UpdatedInput: updated, AdditionalContext: why}},
			outcome: "rewritten",
		}
	case advice != "":
		return result{out: &Output{Specific{HookEventName: "PreToolUse", AdditionalContext: "appendix debate-gate: " + advice}}, outcome: "advised"}
	}
	return result{outcome: "silent"}
}

// sessionRound is the round of the active adversarial-spec session, 0
// when there is none or it says none.
func sessionRound(root string) int {
	file, _, err := inventory.ActiveSession(root)
	if err != nil || file == "" {
		return 0
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	var s struct {
		Round int `json:"round"`
	}
	if json.Unmarshal(b, &s) != nil {
		return 0
	}
	return s.Round
}

// sessionRepos are the --repo NAME=DIR flags of the repositories the
// active session's inventory spans (see inventory.RepoArgs); none for one
// repository, or when the inventory cannot be read.
func sessionRepos(root string) []string {
	file, _, err := inventory.ActiveSession(root)
	if err != nil || file == "" {
		return nil
	}
	inv, err := inventory.SessionStore(file).Load()
	if err != nil {
		return nil
	}
	return inv.RepoArgs(root)
}

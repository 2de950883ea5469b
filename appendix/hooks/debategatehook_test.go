package hooks

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestDebateGateHook runs the debate-gate hook on Bash payloads in a
// project whose active session is in round 2, then in round 1.
func TestDebateGateHook(t *testing.T) {
	root := project(t, nil)
	t.Chdir(root)
	e := env(t, root)
	bash := func(cmd string) *Output {
		input, _ := json.Marshal(map[string]any{"command": cmd, "description": "critique", "timeout": 600000})
		in := strings.Replace(payload("s1", "Bash", string(input)), `"/nowhere"`, strconv.Quote(root), 1)
		_, o := fire(t, e, "debate-gate", in)
		return o
	}
	spec := ".adversarial-spec/specs/orders/spec.md"
	o := bash("cat " + spec + " | python3 debate.py critique --models a,b")
	if o == nil || o.HookSpecificOutput.PermissionDecision != "ask" {
		t.Fatalf("a recognised shape: %+v, want the rewritten command to confirm", o)
	}
	var got map[string]any
	json.Unmarshal(o.HookSpecificOutput.UpdatedInput, &got)
	if want := "appendix --round 2 " + spec + " | python3 debate.py critique --models a,b"; got["command"] != want || got["description"] != "critique" || got["timeout"] != float64(600000) {
		t.Errorf("updatedInput %v, want command %q and the other fields kept", got, want)
	}
	if !strings.Contains(o.HookSpecificOutput.PermissionDecisionReason, "appendix --round 2") {
		t.Errorf("reason %q", o.HookSpecificOutput.PermissionDecisionReason)
	}

	o = bash("python3 debate.py critique --models a,b < $SPEC")
	if o == nil || o.HookSpecificOutput.PermissionDecision != "" || len(o.HookSpecificOutput.UpdatedInput) != 0 ||
		!strings.Contains(o.HookSpecificOutput.AdditionalContext, "appendix --round 2") {
		t.Errorf("a shape it does not rewrite: %+v, want advice only", o)
	}
	if o := bash("go test ./..."); o != nil {
		t.Errorf("another command: %+v", o)
	}

	testrepo.Write(t, root, map[string]string{".adversarial-spec/sessions/s.json": strings.Replace(sessionFile, `"round": 2`, `"round": 1`, 1)})
	if o := bash("cat " + spec + " | python3 debate.py critique"); o != nil {
		t.Errorf("round 1: %+v", o)
	}
}

// TestDebateGateHookRepos: when the session's inventory spans several
// repositories, the rewritten command and the advice name each, so the
// appendix is built over all of them, as the inventory was.
func TestDebateGateHookRepos(t *testing.T) {
	withRepos := strings.Replace(sessionFile, `"gaps_noted"`,
		`"appendix_repos": [{"name": "client", "git_hash": "abc", "dir": "."}, {"name": "server", "git_hash": "def", "dir": "../my server"}], "gaps_noted"`, 1)
	root := project(t, map[string]string{".adversarial-spec/sessions/s.json": withRepos})
	t.Chdir(root)
	e := env(t, root)
	bash := func(cmd string) *Output {
		input, _ := json.Marshal(map[string]any{"command": cmd})
		in := strings.Replace(payload("s1", "Bash", string(input)), `"/nowhere"`, strconv.Quote(root), 1)
		_, o := fire(t, e, "debate-gate", in)
		return o
	}
	spec := ".adversarial-spec/specs/orders/spec.md"
	repos := "--repo client=" + root + " --repo 'server=" + filepath.Join(filepath.Dir(root), "my server") + "'"
	o := bash("cat " + spec + " | python3 debate.py critique --models a,b")
	if o == nil {
		t.Fatal("a recognised shape: no answer")
	}
	var got map[string]any
	json.Unmarshal(o.HookSpecificOutput.UpdatedInput, &got)
	if want := "appendix --round 2 " + repos + " " + spec + " | python3 debate.py critique --models a,b"; got["command"] != want {
		t.Errorf("command %q,\nwant %q", got["command"], want)
	}
	o = bash("python3 debate.py critique --models a,b < $SPEC")
	if o == nil || !strings.Contains(o.HookSpecificOutput.AdditionalContext, "appendix --round 2 "+repos+" ") {
		t.Errorf("advice %+v, want the repositories named", o)
	}
}

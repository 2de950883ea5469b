package hooks

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// Input is the payload Claude Code gives a hook on standard input: the
// fields every event has, and those of PreToolUse and PostToolUse.
type Input struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath string          `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id"`
}

// Output is what a hook answers on standard output.
type Output struct {
	HookSpecificOutput Specific `json:"hookSpecificOutput"`
}

// Specific is the event's part of an answer: for PreToolUse a permission
// decision with its reason (a denial's reason is shown to the agent),
// replaced tool input, and context added for the agent; for PostToolUse
// context added for the agent.
type Specific struct {
	HookEventName            string          `json:"hookEventName"`
	PermissionDecision       string          `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string          `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             json.RawMessage `json:"updatedInput,omitempty"`
	AdditionalContext        string          `json:"additionalContext,omitempty"`
}

// Deadline is the time every hook answers within; SoftDeadline is when
// a hook gives up on what it has not gathered yet and answers with what
// it has.
const (
	Deadline     = 2 * time.Second
	SoftDeadline = 1500 * time.Millisecond
)

// MaxInput is the largest payload a hook reads: a tool's input can hold a
// whole file being written.
const MaxInput = 16 << 20

// Env is where a hook runs.
type Env struct {
	// Root is the project directory; "" means $CLAUDE_PROJECT_DIR, else
	// the payload's cwd.
	Root string
	// StateDir holds the private directory of session markers; "" means
	// $TMPDIR, else the system's temporary directory.
	StateDir string
	Getenv   func(string) string
	// Soft is the soft deadline; zero means SoftDeadline.
	Soft time.Duration
	// Client posts to the webhook; nil means one with the webhook's
	// timeout.
	Client *http.Client
	// beforeIndex, when set, runs before the context gate reads the
	// inventory (tests: a slow disk).
	beforeIndex func()
	// logMax is the size the log grows to; zero means MaxLog.
	logMax int64
}

// result is what one run of a hook did: its answer (nil: silent) and the
// metadata logged about it.
type result struct {
	out     *Output
	outcome string // injected, blocked, noted, blessed, silent
	files   int
	tokens  int
	warning string
	// resolved is how many specs were resolved rather than read from a
	// cache.
	resolved int
}

// run is one hook's work on a payload, in a project with .adversarial-spec
// or .appendix, by a session with an id.
type run func(ctx context.Context, env *Env, in Input, root string) result

// Hook is one hook: its name on the command line, the event and tool
// matcher it is registered for, and its work.
type Hook struct {
	Name, Event, Matcher string
	run                  run
}

// All are the hooks, in the order hook install registers them.
var All = []Hook{
	{Name: "context-gate", Event: "PreToolUse", Matcher: "*", run: contextGate},
	{Name: "debate-gate", Event: "PreToolUse", Matcher: "Bash", run: debateGate},
	{Name: "spec-first", Event: "PreToolUse", Matcher: "Read|Edit|Write|MultiEdit|Grep|Glob", run: specFirst},
	{Name: "spec-of-file", Event: "PostToolUse", Matcher: "Edit|Write|MultiEdit", run: specOfFile},
}

// Names lists the hooks' names.
func Names() []string {
	var ns []string
	for _, h := range All {
		ns = append(ns, h.Name)
	}
	return ns
}

// Run runs the hook name on the payload in stdin and writes its answer to
// stdout. A hook never fails the tool call: a payload it cannot read, a
// project without .adversarial-spec or .appendix, a session without an id
// and any error of its own leave it silent. Only an unknown name is an
// error.
func Run(name string, stdin io.Reader, stdout io.Writer, env Env) error {
	t0 := time.Now()
	var h *Hook
	for i := range All {
		if All[i].Name == name {
			h = &All[i]
		}
	}
	if h == nil {
		return fmt.Errorf("unknown hook %q (hooks: %s)", name, joinNames())
	}
	if env.Getenv == nil {
		env.Getenv = func(string) string { return "" }
	}
	if env.Soft == 0 {
		env.Soft = SoftDeadline
	}
	raw, ok := readInput(stdin, t0.Add(SoftDeadline))
	if !ok {
		return nil
	}
	var in Input
	if json.Unmarshal(raw, &in) != nil {
		return nil
	}
	root := projectRoot(env, in)
	if root == "" {
		return nil
	}
	r := result{outcome: "silent"}
	if in.SessionID == "" {
		r.warning = "no session id"
	} else {
		ctx, cancel := context.WithDeadline(context.Background(), t0.Add(env.Soft))
		r = h.run(ctx, &env, in, root)
		cancel()
	}
	if r.out != nil {
		b, err := json.Marshal(r.out)
		if err == nil {
			stdout.Write(append(b, '\n'))
		}
	}
	logRun(&env, root, h.Name, in.SessionID, r, t0)
	return nil
}

// readInput reads the payload, up to MaxInput bytes, unless it has not
// ended by the deadline.
func readInput(stdin io.Reader, deadline time.Time) ([]byte, bool) {
	type read struct {
		b   []byte
		err error
	}
	done := make(chan read, 1)
	go func() {
		b, err := io.ReadAll(io.LimitReader(stdin, MaxInput))
		done <- read{b, err}
	}()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case r := <-done:
		return r.b, r.err == nil
	case <-timer.C:
		return nil, false
	}
}

func joinNames() string {
	s := ""
	for i, n := range Names() {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

// projectRoot is the project a payload is about, absolute: the nearest
// directory from Root, $CLAUDE_PROJECT_DIR or the payload's cwd up that
// holds .adversarial-spec or .appendix; "" when none does.
func projectRoot(env Env, in Input) string {
	root := env.Root
	if root == "" {
		root = env.Getenv("CLAUDE_PROJECT_DIR")
	}
	if root == "" {
		root = in.Cwd
	}
	if root == "" {
		return ""
	}
	dir, err := filepath.Abs(root)
	if err != nil {
		return ""
	}
	for !isDir(filepath.Join(dir, ".adversarial-spec")) && !isDir(filepath.Join(dir, ".appendix")) {
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
	return dir
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// tokens is the usual estimate of a text's tokens: a quarter of its bytes.
func tokens(n int) int { return n / 4 }

// sessionHash names a session without its id: the first 12 hex digits of
// the id's SHA-256.
func sessionHash(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:6])
}

// errNoMarker is a marker directory that cannot be made or is not private.
var errNoMarker = errors.New("no private marker directory")

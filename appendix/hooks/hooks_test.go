package hooks

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/internal/testrepo"
	"github.com/appendix-dev/appendix/inventory"
)

const specBody = "# Orders\n\nThe service takes an `OrderRequest` (internal/orders/order.go) and answers with `OrderReply`.\nSECRET-LOOKING SPEC LINE: the body never reaches the agent through the hook.\n"

const orderGo = `package orders

// OrderRequest is what a client sends.
type OrderRequest struct {
	ID    string
	Items []string
}

// OrderReply is what the service answers.
type OrderReply struct {
	Accepted bool
}
`

const sessionFile = `{
  "session_id": "debate-1",
  "round": 2,
  "spec_path": "specs/orders/spec.md",
  "extended_state": {"context_inventory": {
    "schema_version": "1.1", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "abc",
    "blast_zone": [], "sources": {}, "total_available_tokens": 0,
    "gaps_noted": ["no tests cover OrderReply"],
    "appendix_rounds": [{"round": 2, "git_hash": "abc", "extracted_at": "2026-01-01T00:00:00Z", "refs": ["OrderRequest"],
      "artifacts": [{"label": "A1", "kind": "struct", "title": "OrderRequest", "path": "internal/orders/order.go", "start_line": 4, "end_line": 7, "symbols": ["OrderRequest"], "blob_hash": "x"}]}]
  }}
}
`

// project is a repository with an active debate over one spec.
func project(t *testing.T, extra map[string]string) string {
	files := map[string]string{
		".adversarial-spec/session-state.json":                  `{"active_session_file": "sessions/s.json"}`,
		".adversarial-spec/sessions/s.json":                     sessionFile,
		".adversarial-spec/specs/orders/spec.md":                specBody,
		".adversarial-spec/specs/orders/spec-draft-v1.md":       "# Orders, first draft\n",
		".adversarial-spec/specs/orders/target-architecture.md": "# Target architecture\n",
		"internal/orders/order.go":                              orderGo,
		"README.md":                                             "# Shop\n",
	}
	for k, v := range extra {
		files[k] = v
	}
	dir := testrepo.New(t, files)
	dir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// env is a hook environment for the project at root with a fresh marker
// directory.
func env(t *testing.T, root string) Env {
	return Env{Root: root, StateDir: t.TempDir(), Getenv: func(string) string { return "" }}
}

func payload(session, tool, input string) string {
	id, _ := json.Marshal(session)
	return `{"session_id": ` + string(id) + `, "cwd": "/nowhere", "hook_event_name": "PreToolUse", "tool_name": "` + tool + `", "tool_input": ` + input + `, "tool_use_id": "t1"}`
}

// fire runs a hook on a payload and returns its output, decoded ("" and
// nil when silent).
func fire(t *testing.T, e Env, hook, in string) (string, *Output) {
	t.Helper()
	var out strings.Builder
	if err := Run(hook, strings.NewReader(in), &out, e); err != nil {
		t.Fatal(err)
	}
	if out.Len() == 0 {
		return "", nil
	}
	var o Output
	if err := json.Unmarshal([]byte(out.String()), &o); err != nil {
		t.Fatalf("%s: not JSON: %v\n%s", hook, err, out.String())
	}
	return out.String(), &o
}

func logLines(t *testing.T, root string) []logLine {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, ".appendix", "hooks.log"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var ls []logLine
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var l logLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		ls = append(ls, l)
	}
	return ls
}

// webhookEnv is an environment whose one variable is APPENDIX_HOOK_WEBHOOK.
func webhookEnv(url string) func(string) string {
	return func(k string) string {
		if k == "APPENDIX_HOOK_WEBHOOK" {
			return url
		}
		return ""
	}
}

const readOrder = `{"file_path": "internal/orders/order.go"}`

func TestContextGateSilentWithoutContextDirs(t *testing.T) {
	root := testrepo.New(t, map[string]string{"main.go": "package main\n"})
	if raw, _ := fire(t, env(t, root), "context-gate", payload("s1", "Read", readOrder)); raw != "" {
		t.Errorf("project without .adversarial-spec or .appendix: got %s", raw)
	}
	if _, err := os.Stat(filepath.Join(root, ".appendix")); err == nil {
		t.Error("the hook made .appendix in a project that has none")
	}
}

func TestContextGateSilentWithoutSession(t *testing.T) {
	root := project(t, nil)
	if raw, _ := fire(t, env(t, root), "context-gate", payload("", "Read", readOrder)); raw != "" {
		t.Errorf("empty session id: got %s", raw)
	}
}

func TestContextGateOncePerSession(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	_, o := fire(t, e, "context-gate", payload("s1", "Bash", `{"command": "ls"}`))
	if o == nil {
		t.Fatal("first tool use: nothing injected")
	}
	h := o.HookSpecificOutput
	if h.HookEventName != "PreToolUse" || h.PermissionDecision != "" {
		t.Errorf("answer %+v: want a PreToolUse answer with no permission decision", h)
	}
	spec := filepath.Join(root, ".adversarial-spec", "specs", "orders", "spec.md")
	for _, want := range []string{
		"DEBATE CONTEXT", "\n" + spec + "\n",
		"--- Round 2 appendix: artifact index (label, kind, path:lines) ---\nA1 struct internal/orders/order.go:4-7 `OrderRequest`\n",
		"- no tests cover OrderReply\n", "Context: 1 file (~",
	} {
		if !strings.Contains(h.AdditionalContext, want) {
			t.Errorf("context lacks %q:\n%s", want, h.AdditionalContext)
		}
	}
	if strings.Contains(h.AdditionalContext, "SECRET-LOOKING") {
		t.Errorf("the spec's body was injected:\n%s", h.AdditionalContext)
	}
	if raw, _ := fire(t, e, "context-gate", payload("s1", "Read", readOrder)); raw != "" {
		t.Errorf("second tool use of the session: got %s", raw)
	}
	if _, o := fire(t, e, "context-gate", payload("s2", "Read", readOrder)); o == nil {
		t.Error("another session: nothing injected")
	}
	ls := logLines(t, root)
	if len(ls) != 3 || ls[0].Outcome != "injected" || ls[1].Outcome != "silent" || ls[2].Outcome != "injected" || ls[0].Files != 1 {
		t.Errorf("log: %+v", ls)
	}
}

func TestContextGateTokensAreLenOver4(t *testing.T) {
	root := project(t, nil)
	_, o := fire(t, env(t, root), "context-gate", payload("s1", "Read", readOrder))
	ctx := o.HookSpecificOutput.AdditionalContext
	m := regexp.MustCompile(`Context: 1 file \(~([0-9]+) tokens`).FindStringSubmatch(ctx)
	if m == nil {
		t.Fatalf("no footer:\n%s", ctx)
	}
	got, _ := strconv.Atoi(m[1])
	before := ctx[:strings.LastIndex(ctx, rule+"\n")+len(rule)+1]
	if want := len(specBody)/4 + len(before)/4; got != want {
		t.Errorf("footer says ~%d tokens; len/4 of the spec and of the message is %d", got, want)
	}
	if ls := logLines(t, root); ls[0].Tokens != got {
		t.Errorf("log says %d tokens, footer %d", ls[0].Tokens, got)
	}
}

func TestContextGateMissingSpec(t *testing.T) {
	root := project(t, map[string]string{
		".adversarial-spec/session-state.json": `{"active_session_file": "sessions/s.json", "spec_path": "specs/gone/spec.md"}`,
	})
	_, o := fire(t, env(t, root), "context-gate", payload("s1", "Read", readOrder))
	if o == nil || !strings.Contains(o.HookSpecificOutput.AdditionalContext, filepath.Join(root, ".adversarial-spec/specs/orders/spec.md")) {
		t.Fatalf("a missing spec hid the others: %+v", o)
	}
	if strings.Contains(o.HookSpecificOutput.AdditionalContext, "gone") {
		t.Errorf("the missing spec was named:\n%s", o.HookSpecificOutput.AdditionalContext)
	}
	if ls := logLines(t, root); !strings.Contains(ls[0].Warning, "1 named specs missing") {
		t.Errorf("log: %+v", ls)
	}
}

func TestContextGateLargeWarnsAndInjects(t *testing.T) {
	root := project(t, map[string]string{".adversarial-spec/specs/orders/spec.md": specBody + strings.Repeat("Another requirement of the order service.\n", 1600)})
	if _, o := fire(t, env(t, root), "context-gate", payload("s1", "Read", readOrder)); o == nil {
		t.Fatal("a large context was not injected")
	}
	ls := logLines(t, root)
	if ls[0].Outcome != "injected" || ls[0].Tokens <= TokenWarning || !strings.Contains(ls[0].Warning, "over 15000 tokens") {
		t.Errorf("log: %+v", ls)
	}
}

func TestContextGateWithoutMarkerInjectsEveryTime(t *testing.T) {
	root := project(t, nil)
	for name, state := range map[string]func(t *testing.T) string{
		"not a directory": func(t *testing.T) string {
			f := filepath.Join(t.TempDir(), "file")
			os.WriteFile(f, nil, 0o600)
			return f
		},
		"readable by others": func(t *testing.T) string {
			d := t.TempDir()
			if err := os.Mkdir(filepath.Join(d, "appendix-hooks-"+strconv.Itoa(os.Getuid())), 0o755); err != nil {
				t.Fatal(err)
			}
			return d
		},
	} {
		t.Run(name, func(t *testing.T) {
			e := env(t, root)
			e.StateDir = state(t)
			for i := 0; i < 2; i++ {
				if _, o := fire(t, e, "context-gate", payload("s1", "Read", readOrder)); o == nil {
					t.Fatalf("tool use %d: nothing injected", i+1)
				}
			}
		})
	}
	if ls := logLines(t, root); !strings.Contains(ls[0].Warning, "marker not made") {
		t.Errorf("log: %+v", ls)
	}
}

func TestContextGateDeadlinePointersOnly(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	e.Soft = 1 // nanosecond: the deadline has passed when the index is read
	release := make(chan struct{})
	defer close(release)
	e.beforeIndex = func() { <-release }
	_, o := fire(t, e, "context-gate", payload("s1", "Read", readOrder))
	if o == nil {
		t.Fatal("nothing injected after the deadline")
	}
	ctx := o.HookSpecificOutput.AdditionalContext
	if !strings.Contains(ctx, filepath.Join(root, ".adversarial-spec/specs/orders/spec.md")) || !strings.Contains(ctx, "pointers only") || strings.Contains(ctx, "A1 ") {
		t.Errorf("after the deadline, want the pointers and a note saying so:\n%s", ctx)
	}
}

func TestMarkersStayInTheirDirectory(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	for _, id := range []string{"../../escape", "/etc/passwd", "a\x00b", strings.Repeat("x", 5000)} {
		if _, o := fire(t, e, "context-gate", payload(id, "Read", readOrder)); o == nil {
			t.Errorf("session %q: nothing injected", id)
		}
	}
	dir := filepath.Join(e.StateDir, "appendix-hooks-"+strconv.Itoa(os.Getuid()))
	st, err := os.Stat(dir)
	if err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("marker directory: %v, %v", st, err)
	}
	ents, _ := os.ReadDir(e.StateDir)
	if len(ents) != 1 {
		t.Errorf("the state directory holds %d entries, want the marker directory only", len(ents))
	}
	ms, _ := os.ReadDir(dir)
	for _, m := range ms {
		if !regexp.MustCompile(`^m-[0-9a-f]{32}$`).MatchString(m.Name()) {
			t.Errorf("marker %q", m.Name())
		}
	}
}

// TestMetadataOnly runs every hook with a webhook listening and checks that
// no line of any file the hooks read reaches the log or the webhook.
func TestMetadataOnly(t *testing.T) {
	var mu sync.Mutex
	var posted []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		posted = append(posted, string(b))
		mu.Unlock()
	}))
	defer srv.Close()
	root := project(t, nil)
	e := env(t, root)
	e.Getenv = webhookEnv(srv.URL)
	fire(t, e, "context-gate", payload("secret-session", "Read", readOrder))
	fire(t, e, "spec-first", payload("secret-session", "Read", readOrder))
	fire(t, e, "spec-of-file", payload("secret-session", "Edit", `{"file_path": "internal/orders/order.go"}`))
	logged, _ := os.ReadFile(filepath.Join(root, ".appendix", "hooks.log"))
	mu.Lock()
	defer mu.Unlock()
	if len(posted) != 3 || strings.Count(string(logged), "\n") != 3 {
		t.Fatalf("%d posts, log:\n%s", len(posted), logged)
	}
	for i, p := range posted {
		if p != strings.Split(string(logged), "\n")[i]+"\n" {
			t.Errorf("post %d %q is not log line %d", i, p, i)
		}
	}
	all := string(logged) + strings.Join(posted, "")
	for _, file := range []string{specBody, orderGo, sessionFile, "# Target architecture\n"} {
		for _, line := range strings.Split(file, "\n") {
			if line = strings.TrimSpace(line); len(line) > 2 && line != "}" && line != "{" && strings.Contains(all, line) {
				t.Errorf("log or webhook holds the line %q", line)
			}
		}
	}
	for _, s := range []string{"secret-session", root, "OrderRequest"} {
		if strings.Contains(all, s) {
			t.Errorf("log or webhook holds %q", s)
		}
	}
}

func TestWebhookTimeout(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-block }))
	defer srv.Close()
	defer close(block)
	root := project(t, nil)
	e := env(t, root)
	e.Getenv = webhookEnv(srv.URL)
	e.Client = &http.Client{Timeout: 1} // a server that never answers is given up on
	if _, o := fire(t, e, "context-gate", payload("s1", "Read", readOrder)); o == nil {
		t.Fatal("a webhook that does not answer stopped the injection")
	}
}

func TestPointer(t *testing.T) {
	root := project(t, map[string]string{
		".adversarial-spec/specs/billing/spec-draft-v2.md":  "# Billing v2\n",
		".adversarial-spec/specs/billing/spec-draft-v10.md": "# Billing v10\n",
	})
	spec := filepath.Join(root, ".adversarial-spec/specs/orders/spec.md")
	for id, want := range map[string]string{
		"":         spec,
		"debate-1": spec,
		"s":        spec,
		"orders":   spec,
		"billing":  filepath.Join(root, ".adversarial-spec/specs/billing/spec-draft-v10.md"),
		"nope":     "",
		"..":       "",
		"../specs": "",
		"@new":     "",
	} {
		if got := Pointer(root, id); got != want {
			t.Errorf("Pointer(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestSpecFirst(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	_, o := fire(t, e, "spec-first", payload("s1", "Grep", `{"pattern": "OrderRequest"}`))
	if o == nil || o.HookSpecificOutput.PermissionDecision != "deny" {
		t.Fatalf("first code access: %+v, want a denial", o)
	}
	reason := o.HookSpecificOutput.PermissionDecisionReason
	for _, want := range []string{filepath.Join(root, ".adversarial-spec/specs/orders/spec.md"), filepath.Join(root, ".adversarial-spec/specs/orders/target-architecture.md")} {
		if !strings.Contains(reason, want) {
			t.Errorf("reason lacks %s:\n%s", want, reason)
		}
	}
	if strings.Contains(reason, "spec-draft-v1") {
		t.Errorf("reason names an earlier draft:\n%s", reason)
	}
	if raw, _ := fire(t, e, "spec-first", payload("s1", "Read", readOrder)); raw != "" {
		t.Errorf("retry: %s, want it to pass", raw)
	}

	spec := `{"file_path": ` + strconv.Quote(filepath.Join(root, ".adversarial-spec/specs/orders/spec.md")) + `}`
	if raw, _ := fire(t, e, "spec-first", payload("s2", "Read", spec)); raw != "" {
		t.Errorf("reading the spec first: %s, want silence", raw)
	}
	if raw, _ := fire(t, e, "spec-first", payload("s2", "Edit", readOrder)); raw != "" {
		t.Errorf("code after the spec: %s, want it to pass", raw)
	}
	if raw, _ := fire(t, e, "spec-first", payload("s3", "Read", `{"file_path": "/etc/hosts"}`)); raw != "" {
		t.Errorf("a file outside the project: %s, want it to pass", raw)
	}
	ls := logLines(t, root)
	var outcomes []string
	for _, l := range ls {
		outcomes = append(outcomes, l.Outcome)
	}
	if got := strings.Join(outcomes, " "); got != "blocked silent blessed silent silent" {
		t.Errorf("outcomes %s", got)
	}
}

func TestSpecOfFile(t *testing.T) {
	hub := map[string]string{}
	for _, s := range []string{"a", "b", "c"} {
		hub[".adversarial-spec/specs/"+s+"/spec.md"] = "# " + s + "\n\nIt reads `OrderReply` in internal/orders/order.go.\n"
	}
	root := project(t, hub)
	e := env(t, root)
	post := func(session, file string) string {
		in := strings.Replace(payload(session, "Edit", `{"file_path": `+strconv.Quote(file)+`}`), "PreToolUse", "PostToolUse", 1)
		_, o := fire(t, e, "spec-of-file", in)
		if o == nil {
			return ""
		}
		if o.HookSpecificOutput.HookEventName != "PostToolUse" || o.HookSpecificOutput.PermissionDecision != "" {
			t.Errorf("answer %+v: want a PostToolUse context", o.HookSpecificOutput)
		}
		return o.HookSpecificOutput.AdditionalContext
	}
	got := post("s1", filepath.Join(root, "internal/orders/order.go"))
	for _, want := range []string{
		// Spec a has no round: no label a reviewer never saw.
		"governed by .adversarial-spec/specs/a/spec.md: `OrderReply` lines 9-12\n",
		// The debate's round 2 showed OrderRequest as A1 (at lines 4-7
		// then), not OrderReply: the label is the round's, the lines
		// are the file's now.
		"governed by .adversarial-spec/specs/orders/spec.md: A1 `OrderRequest` lines 3-7; `OrderReply` lines 9-12\n",
		"shared hub: 4 specs name this file",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("note lacks %q:\n%s", want, got)
		}
	}
	if again := post("s1", "internal/orders/order.go"); again != "" {
		t.Errorf("second edit of the file: %s", again)
	}
	if readme := post("s1", "README.md"); readme != "" {
		t.Errorf("a file no spec governs: %s", readme)
	}
}

func TestIndexLine(t *testing.T) {
	history := []inventory.Round{
		{Round: 2, Artifacts: []inventory.Artifact{{Label: "A1", Kind: "method", Path: "client.go", StartLine: 1817, EndLine: 1817, Symbols: []string{"Client.Insert"}}}},
		{Round: 3, Artifacts: []inventory.Artifact{{Label: "A1", Path: "client.go", Symbols: []string{"Client.Insert"}}, {Label: "A2", Path: "gone.go", Repo: "api"}}},
	}
	for i, want := range []string{"A1 method client.go:1817 `Client.Insert`", "A2 artifact api:gone.go"} {
		if got := indexLine(history[1].Artifacts[i], history); got != want {
			t.Errorf("indexLine = %q, want %q", got, want)
		}
	}
}

func TestSpecOfFileDeadline(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	in := strings.Replace(payload("s1", "Edit", `{"file_path": "internal/orders/order.go"}`), "PreToolUse", "PostToolUse", 1)
	e.Soft = 1
	if raw, _ := fire(t, e, "spec-of-file", in); raw != "" {
		t.Errorf("past the deadline: %s, want silence", raw)
	}
	e.Soft = 0
	if _, o := fire(t, e, "spec-of-file", in); o == nil {
		t.Error("the edit after a missed deadline: nothing noted")
	}
	if ls := logLines(t, root); ls[0].Warning != "deadline: specs not resolved" {
		t.Errorf("log: %+v", ls)
	}
}

func TestContextGateSilentWithoutDebate(t *testing.T) {
	inv := sessionFile[strings.Index(sessionFile, `{
    "schema_version"`) : strings.LastIndex(sessionFile, "}}")+1]
	root := project(t, map[string]string{".appendix/inventory.json": inv})
	os.RemoveAll(filepath.Join(root, ".adversarial-spec"))
	if raw, _ := fire(t, env(t, root), "context-gate", payload("s1", "Read", readOrder)); raw != "" {
		t.Errorf("no active debate: got %s", raw)
	}
}

// TestStdinNeverClosed: a payload that never ends leaves the hook silent
// at the soft deadline, not waiting for its end.
func TestStdinNeverClosed(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	r, w := io.Pipe()
	defer w.Close()
	go w.Write([]byte(payload("s1", "Read", readOrder)))
	var out strings.Builder
	if err := Run("context-gate", r, &out, e); err != nil || out.Len() != 0 {
		t.Errorf("Run = %v, %q; want silence", err, out.String())
	}
}

// TestContextGateAgainAfterADenial: spec-first denies the first code
// access of a session while the context gate answers the same call, and
// whether a denied call's added context reaches the agent is Claude
// Code's to decide; the gate answers that call and the next.
func TestContextGateAgainAfterADenial(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	for i, want := range []bool{true, true, false} {
		if _, o := fire(t, e, "context-gate", payload("s1", "Grep", `{"pattern": "OrderRequest"}`)); (o != nil) != want {
			t.Errorf("code access %d: injected %v, want %v", i+1, o != nil, want)
		}
	}
	for i, want := range []bool{true, false} {
		if _, o := fire(t, e, "context-gate", payload("s2", "Bash", `{"command": "ls"}`)); (o != nil) != want {
			t.Errorf("s2 Bash %d: injected %v, want %v", i+1, o != nil, want)
		}
	}
}

func TestPointerFromASubdirectory(t *testing.T) {
	root := project(t, nil)
	if got, want := Pointer(filepath.Join(root, "internal", "orders"), "orders"), filepath.Join(root, ".adversarial-spec/specs/orders/spec.md"); got != want {
		t.Errorf("Pointer from internal/orders = %q, want %q", got, want)
	}
}

func TestContextGateFromASubdirectory(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	e.Root = ""
	in := strings.Replace(payload("s1", "Bash", `{"command": "ls"}`), `"/nowhere"`, strconv.Quote(filepath.Join(root, "internal", "orders")), 1)
	if _, o := fire(t, e, "context-gate", in); o == nil {
		t.Error("a session whose cwd is below the root: nothing injected")
	}
}

// TestSpecOfFileWarm: a call with the specs and the tree as the last call
// found them reads the reverse index from its cache and resolves no spec;
// a change to a file resolves them again.
func TestSpecOfFileWarm(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	post := func(session string) string {
		in := strings.Replace(payload(session, "Edit", `{"file_path": "internal/orders/order.go"}`), "PreToolUse", "PostToolUse", 1)
		_, o := fire(t, e, "spec-of-file", in)
		if o == nil {
			t.Fatalf("%s: nothing noted", session)
		}
		return o.HookSpecificOutput.AdditionalContext
	}
	resolved := func() []int {
		b, err := os.ReadFile(filepath.Join(root, ".appendix", "hooks.log"))
		if err != nil {
			t.Fatal(err)
		}
		var ns []int
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var l map[string]any
			json.Unmarshal([]byte(line), &l)
			n, _ := l["resolved"].(float64)
			ns = append(ns, int(n))
		}
		return ns
	}
	cold := post("s1")
	if warm := post("s2"); warm != cold {
		t.Errorf("warm note differs:\n%s\nfrom the cold one:\n%s", warm, cold)
	}
	if err := os.WriteFile(filepath.Join(root, "internal/orders/order.go"), []byte("\n"+orderGo), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := post("s3"); !strings.Contains(got, "A1 `OrderRequest` lines 4-8") {
		t.Errorf("after the edit:\n%s", got)
	}
	if got, want := fmt.Sprint(resolved()), "[1 0 1]"; got != want {
		t.Errorf("specs resolved by each call %s, want %s", got, want)
	}
}

// TestLogRotates: writers at once past the log's bound move it to
// hooks.log.1 once, and every line written is whole in one of the two
// files, neither over the bound.
func TestLogRotates(t *testing.T) {
	root := project(t, nil)
	e := env(t, root)
	const writers, each = 8, 25
	t0 := time.Now()
	// A line as logRun writes it, but for its milliseconds, a digit or
	// two.
	line := func(w, i int) []byte {
		b, _ := json.Marshal(logLine{Time: t0.UTC().Format(time.RFC3339), Hook: "spec-first", Session: sessionHash(fmt.Sprint(w, "-", i)), Outcome: "silent", Files: w*each + i})
		return b
	}
	total := 0
	for w := range writers {
		for i := range each {
			total += len(line(w, i)) + 1
		}
	}
	// Past the bound once, not twice: the first generation is never
	// dropped.
	e.logMax = int64(total) * 6 / 10
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				logRun(&e, root, "spec-first", fmt.Sprint(w, "-", i), result{outcome: "silent", files: w*each + i}, t0)
			}
		}()
	}
	wg.Wait()
	seen := map[int]int{}
	for _, name := range []string{"hooks.log.1", "hooks.log"} {
		b, err := os.ReadFile(filepath.Join(root, ".appendix", name))
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(b)) > e.logMax {
			t.Errorf("%s: %d bytes, over the bound %d", name, len(b), e.logMax)
		}
		for _, l := range strings.SplitAfter(string(b), "\n") {
			if l == "" {
				continue
			}
			var ll logLine
			if !strings.HasSuffix(l, "\n") || json.Unmarshal([]byte(l), &ll) != nil {
				t.Fatalf("%s: a line not whole: %q", name, l)
			}
			seen[ll.Files]++
		}
	}
	for n := range writers * each {
		if seen[n] != 1 {
			t.Errorf("line %d written %d times", n, seen[n])
		}
	}
}

// TestLogStaysOutOfGit: the hooks' log, in an .appendix the hook made,
// is ignored by git, as the rest of .appendix is.
func TestLogStaysOutOfGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := project(t, nil)
	fire(t, env(t, root), "context-gate", payload("s1", "Bash", `{"command": "ls"}`))
	if _, err := os.Stat(filepath.Join(root, ".appendix", "hooks.log")); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=all").CombinedOutput()
	if err != nil {
		t.Fatalf("git status: %v\n%s", err, out)
	}
	if strings.Contains(string(out), ".appendix") {
		t.Errorf("git status shows the hooks' files:\n%s", out)
	}
}

// TestLogLineKeptWhenRotationFails: a log that cannot be moved aside
// still gets the line, past its bound.
func TestLogLineKeptWhenRotationFails(t *testing.T) {
	root := project(t, map[string]string{".appendix/hooks.log": strings.Repeat("x", 100) + "\n", ".appendix/hooks.log.1/in-the-way": ""})
	e := env(t, root)
	e.logMax = 50
	logRun(&e, root, "spec-first", "s1", result{outcome: "silent"}, time.Now())
	b, _ := os.ReadFile(filepath.Join(root, ".appendix", "hooks.log"))
	if !strings.Contains(string(b), `"hook":"spec-first"`) {
		t.Errorf("the line is lost:\n%s", b)
	}
}

// TestLogLineKeptWithoutLock: a log whose lock cannot be taken still gets
// the line; it is not moved aside.
func TestLogLineKeptWithoutLock(t *testing.T) {
	root := project(t, map[string]string{".appendix/hooks.log.lock/in-the-way": ""})
	e := env(t, root)
	logRun(&e, root, "spec-first", "s1", result{outcome: "silent"}, time.Now())
	b, _ := os.ReadFile(filepath.Join(root, ".appendix", "hooks.log"))
	if !strings.Contains(string(b), `"hook":"spec-first"`) {
		t.Errorf("the line is lost:\n%s", b)
	}
}

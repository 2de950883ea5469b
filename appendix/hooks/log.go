package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/internal/lock"
)

// LogFile is the hooks' log, relative to the project root.
const LogFile = ".appendix/hooks.log"

// MaxLog is the size the hooks' log grows to: a line that would take it
// past MaxLog first moves it to LogFile.1, replacing the one there, so the
// log keeps the latest lines and at most twice MaxLog on disk.
const MaxLog = 1 << 20

// WebhookTimeout bounds a post to APPENDIX_HOOK_WEBHOOK.
const WebhookTimeout = time.Second

// logLine is one run of a hook, metadata only: never a file's text, a
// path or the session id itself.
type logLine struct {
	Time    string `json:"time"`
	Hook    string `json:"hook"`
	Session string `json:"session"` // sessionHash of the id
	Outcome string `json:"outcome"`
	Files   int    `json:"files"`
	Tokens  int    `json:"tokens"`
	MS      int64  `json:"ms"`
	Warning string `json:"warning,omitempty"`
	// Resolved is how many specs the run resolved rather than read from
	// a cache: none on a warm run.
	Resolved int `json:"resolved,omitempty"`
}

// logRun appends the run's line to the project's hooks log and posts it to
// APPENDIX_HOOK_WEBHOOK when that is set, within what is left of the
// deadline and at most WebhookTimeout. Neither can fail the hook.
func logRun(env *Env, root, hook, session string, r result, t0 time.Time) {
	l := logLine{Time: t0.UTC().Format(time.RFC3339), Hook: hook, Outcome: r.outcome, Files: r.files, Tokens: r.tokens,
		MS: time.Since(t0).Milliseconds(), Warning: r.warning, Resolved: r.resolved}
	if session != "" {
		l.Session = sessionHash(session)
	}
	b, err := json.Marshal(l)
	if err != nil {
		return
	}
	b = append(b, '\n')
	max := env.logMax
	if max == 0 {
		max = MaxLog
	}
	atomic.IgnoreAll(filepath.Join(root, ".appendix"))
	appendLine(filepath.Join(root, filepath.FromSlash(LogFile)), b, max)
	url := env.Getenv("APPENDIX_HOOK_WEBHOOK")
	if url == "" {
		return
	}
	left := time.Until(t0.Add(Deadline)) - 100*time.Millisecond
	if left > WebhookTimeout {
		left = WebhookTimeout
	}
	if left <= 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), left)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	c := env.Client
	if c == nil {
		c = &http.Client{Timeout: WebhookTimeout}
	}
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
	}
}

// appendLine appends line to the log file, first moving the file to
// file.1 when the line would take it past max. It does both under the
// log's lock: a line is never written to a generation being moved, nor
// lost with one, and one write of a whole line never interleaves. A log
// whose lock cannot be taken, or that cannot be moved aside, gets the
// line all the same, past its bound.
func appendLine(file string, line []byte, max int64) error {
	if l, err := lock.Exclusive(file); err == nil {
		defer l.Unlock()
		if st, err := os.Stat(file); err == nil && st.Size() > 0 && st.Size()+int64(len(line)) > max {
			_ = os.Rename(file, file+".1")
		}
	}
	f, err := os.OpenFile(file, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(line)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

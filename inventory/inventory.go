package inventory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/internal/atomic"
	"github.com/appendix-dev/appendix/internal/lock"
)

// SchemaVersion is the version this package writes; 1.0 is read too.
const SchemaVersion = "1.1"

// Status of one context source.
type Status string

// The audit's verdicts on a source.
const (
	Available     Status = "AVAILABLE"
	Partial       Status = "PARTIAL"
	NotAvailable  Status = "NOT_AVAILABLE"
	NotApplicable Status = "NOT_APPLICABLE"
)

// Source is one kind of context and where it is.
type Source struct {
	Status    Status `json:"status"`
	Path      string `json:"path"`
	Summary   string `json:"summary"`
	EstTokens int    `json:"est_tokens"`
	TaskID    string `json:"task_id"`
	// Unknown holds the members this package does not know, as read.
	Unknown map[string]json.RawMessage `json:"-"`
	// read is the source as read (compact): it is written back so while
	// the fields above hold what it says.
	read json.RawMessage
}

// sourceJSON is a Source without its methods.
type sourceJSON Source

// UnmarshalJSON reads a source, keeping what it does not know.
func (s *Source) UnmarshalJSON(b []byte) error {
	var v sourceJSON
	unknown, err := splitUnknown(b, &v)
	if err != nil {
		return err
	}
	*s = Source(v)
	s.Unknown = unknown
	var buf bytes.Buffer
	if json.Compact(&buf, b) == nil {
		s.read = buf.Bytes()
	}
	return nil
}

// MarshalJSON writes a source as it was read while its fields hold what
// was read, else its fields and then the members it did not know.
func (s Source) MarshalJSON() ([]byte, error) {
	if s.read != nil {
		var was Source
		if json.Unmarshal(s.read, &was) == nil && was.Status == s.Status && was.Path == s.Path && was.Summary == s.Summary &&
			was.EstTokens == s.EstTokens && was.TaskID == s.TaskID && sameMembers(was.Unknown, s.Unknown) {
			return s.read, nil
		}
	}
	return joinUnknown(sourceJSON(s), s.Unknown)
}

// Inventory is ContextInventoryV1.
type Inventory struct {
	SchemaVersion        string            `json:"schema_version"`
	AuditTimestamp       string            `json:"audit_timestamp"`
	GitHash              string            `json:"git_hash"`
	BlastZone            []string          `json:"blast_zone"`
	Sources              map[string]Source `json:"sources"`
	TotalAvailableTokens int               `json:"total_available_tokens"`
	GapsNoted            []string          `json:"gaps_noted"`
	// OwnBlastZone is the entries of BlastZone that appendix's audit added,
	// after those it found there: the next audit replaces these and keeps
	// the rest, written by someone else. Nil when no audit recorded them.
	OwnBlastZone *[]string `json:"appendix_blast_zone,omitempty"`
	// Rounds is the appendix round history, kept alongside the audit.
	Rounds []Round `json:"appendix_rounds,omitempty"`
	// Repos are the repositories audited, when a spec spans several: each
	// one's name and commit. GitHash is then the first's, and each entry
	// of BlastZone is written after its repository's name, "server: x.go".
	Repos []Repo `json:"appendix_repos,omitempty"`
	// Unknown holds the members this package does not know, as read (a
	// session's inventory may carry more): they are written back after
	// the others.
	Unknown map[string]json.RawMessage `json:"-"`
}

// inventoryJSON is an Inventory without its methods.
type inventoryJSON Inventory

// UnmarshalJSON reads an inventory, keeping what it does not know.
func (inv *Inventory) UnmarshalJSON(b []byte) error {
	var v inventoryJSON
	unknown, err := splitUnknown(b, &v)
	if err != nil {
		return err
	}
	*inv = Inventory(v)
	inv.Unknown = unknown
	return nil
}

// MarshalJSON writes an inventory's fields, then the members it did not
// know.
func (inv Inventory) MarshalJSON() ([]byte, error) {
	return joinUnknown(inventoryJSON(inv), inv.Unknown)
}

// splitUnknown decodes the object b into v, a pointer to a struct, and
// returns its members that v's fields do not name.
func splitUnknown(b []byte, v any) (map[string]json.RawMessage, error) {
	if err := json.Unmarshal(b, v); err != nil {
		return nil, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	t := reflect.TypeOf(v).Elem()
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		delete(all, name)
	}
	if len(all) == 0 {
		return nil, nil
	}
	return all, nil
}

// joinUnknown marshals v, a struct, and adds the unknown members after
// its own, by name.
func joinUnknown(v any, unknown map[string]json.RawMessage) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || len(unknown) == 0 {
		return b, err
	}
	keys := make([]string, 0, len(unknown))
	for k := range unknown {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := bytes.TrimSuffix(b, []byte("}"))
	for _, k := range keys {
		if len(out) > 1 {
			out = append(out, ',')
		}
		name, _ := json.Marshal(k)
		out = append(append(append(out, name...), ':'), unknown[k]...)
	}
	return append(out, '}'), nil
}

// sameMembers reports whether two sets of members hold the same JSON.
func sameMembers(a, b map[string]json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !bytes.Equal(bytes.TrimSpace(v), bytes.TrimSpace(w)) {
			return false
		}
	}
	return true
}

// Round records what one debate round's appendix showed.
type Round struct {
	Round       int        `json:"round"`
	GitHash     string     `json:"git_hash"`
	ExtractedAt string     `json:"extracted_at"`
	Refs        []string   `json:"refs"`
	Artifacts   []Artifact `json:"artifacts"`
}

// Artifact is one artifact a round showed, with the content hash of its
// file then: the next round reuses it while the hash holds.
type Artifact struct {
	Label     string   `json:"label"`
	Kind      string   `json:"kind"`
	Title     string   `json:"title"`
	Path      string   `json:"path"`
	StartLine int      `json:"start_line"`
	EndLine   int      `json:"end_line"`
	Symbols   []string `json:"symbols"`
	BlobHash  string   `json:"blob_hash"`
	// TextHash is the hash of the text shown: a file can change around an
	// artifact that stays the same.
	TextHash string `json:"text_hash,omitempty"`
	// Body is a function or method shown whole (--body): it is reused only
	// by a body of the same definition, never by its signature.
	Body bool `json:"body,omitempty"`
	// Repo is the repository's name, when an appendix spans several: an
	// artifact is the same only in the same repository.
	Repo string `json:"repo,omitempty"`
}

// Repo is one repository of an audit that spans several.
type Repo struct {
	Name string `json:"name"`
	// GitHash is the commit audited, "none" outside git or with no
	// commits.
	GitHash string `json:"git_hash"`
	// Dir is the directory audited, slash-separated, relative to the
	// first repository's root (the first's is "."), for a later command
	// to name the same repositories (see RepoArgs).
	Dir string `json:"dir,omitempty"`
}

// RepoArgs are the --repo NAME=DIR flags naming the repositories an
// inventory spans, each directory joined to root, the first repository's
// root; nil for an inventory of one repository, or of repositories whose
// directories it does not record.
func (inv *Inventory) RepoArgs(root string) []string {
	var args []string
	for _, r := range inv.Repos {
		if r.Dir == "" {
			return nil
		}
		args = append(args, "--repo", r.Name+"="+filepath.Join(root, filepath.FromSlash(r.Dir)))
	}
	return args
}

// Validate checks the fields every reader relies on. Unknown fields were
// already ignored by decoding.
func (inv *Inventory) Validate() error {
	var missing []string
	if inv.SchemaVersion == "" {
		missing = append(missing, "schema_version")
	} else if inv.SchemaVersion != "1.0" && inv.SchemaVersion != "1.1" {
		return fmt.Errorf("schema_version %q: want 1.0 or 1.1", inv.SchemaVersion)
	}
	if inv.AuditTimestamp == "" {
		missing = append(missing, "audit_timestamp")
	}
	if inv.GitHash == "" {
		missing = append(missing, "git_hash")
	}
	if inv.BlastZone == nil {
		missing = append(missing, "blast_zone")
	}
	if inv.Sources == nil {
		missing = append(missing, "sources")
	}
	if len(missing) > 0 {
		return fmt.Errorf("not a ContextInventoryV1: missing %s", strings.Join(missing, ", "))
	}
	return nil
}

// jsonError says what is wrong with a file that does not decode: broken
// JSON, or JSON of another shape.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return fmt.Errorf("not a ContextInventoryV1 or session file: %q is a JSON %s, want %s", te.Field, te.Value, te.Type)
	case errors.As(err, &te):
		return fmt.Errorf("not a ContextInventoryV1 or session file: a JSON %s, want an object", te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("invalid JSON at byte %d: %v", se.Offset, err)
	}
	return fmt.Errorf("invalid JSON: %v", err)
}

// decode parses and validates an inventory object.
func decode(raw []byte) (*Inventory, error) {
	var inv Inventory
	if err := json.Unmarshal(raw, &inv); err != nil {
		return nil, jsonError(err)
	}
	if err := inv.Validate(); err != nil {
		return nil, err
	}
	return &inv, nil
}

// ErrNone means no inventory has been written yet: not an error for a
// round, which then works without one.
var ErrNone = errors.New("no inventory yet")

// Store is where an inventory lives.
type Store struct {
	// File holds the inventory: a file of its own, or a session file.
	File string
	// session is set when File is an adversarial-spec session file; the
	// inventory is its extended_state.context_inventory.
	session bool
}

// SessionState is the adversarial-spec pointer file, relative to a root.
const SessionState = ".adversarial-spec/session-state.json"

// Locate finds the store for the spec in specFile ("" for a run without a
// spec file, or with a spec read from standard input): the active
// adversarial-spec session file, when .adversarial-spec/session-state.json
// exists under root and the session is this spec's (see sessionSpec);
// else file, relative to root when not absolute. When a session is active
// but is not this spec's, note says so in one line.
func Locate(root, file, specFile string) (st Store, note string, err error) {
	if !filepath.IsAbs(file) {
		file = filepath.Join(root, file)
	}
	p, named, err := ActiveSession(root)
	if err != nil {
		return Store{}, "", err
	}
	if p == "" {
		return Store{File: file}, "", nil
	}
	rel := func(p string) string {
		if r, err := filepath.Rel(root, p); err == nil && filepath.IsLocal(r) {
			return filepath.ToSlash(r)
		}
		return p
	}
	switch {
	case specFile == "":
		note = fmt.Sprintf("no spec file to match with the active adversarial-spec session (%s): using %s instead", rel(p), rel(file))
	case len(named) == 0:
		note = fmt.Sprintf("the active adversarial-spec session (%s) names no spec: using %s instead", rel(p), rel(file))
	case !sessionSpec(root, named, specFile):
		note = fmt.Sprintf("the active adversarial-spec session (%s) is for %s, not this spec: using %s instead", rel(p), named[0], rel(file))
	default:
		return Store{File: p, session: true}, "", nil
	}
	return Store{File: file}, note, nil
}

// ActiveSession returns the active adversarial-spec session file under
// root, absolute, and the specs it names as written (see sessionSpecs);
// "" when .adversarial-spec/session-state.json does not exist.
func ActiveSession(root string) (file string, named []string, err error) {
	state := filepath.Join(root, filepath.FromSlash(SessionState))
	b, err := os.ReadFile(state)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", state, err)
	}
	var ptr struct {
		Active string `json:"active_session_file"`
		Spec   any    `json:"spec_path"`
	}
	if err := json.Unmarshal(b, &ptr); err != nil {
		return "", nil, fmt.Errorf("%s: invalid JSON: %w", state, err)
	}
	if ptr.Active == "" {
		return "", nil, fmt.Errorf("%s: no active_session_file", state)
	}
	p := ptr.Active
	if !filepath.IsAbs(p) {
		// Relative to the session directory, or else to the root.
		cand := filepath.Join(filepath.Dir(state), p)
		if _, err := os.Stat(cand); err != nil {
			cand = filepath.Join(root, p)
		}
		p = cand
	}
	named, err = sessionSpecs(p, ptr.Spec)
	if err != nil {
		return "", nil, err
	}
	return p, named, nil
}

// SessionStore is the store of an adversarial-spec session file's
// inventory (see ActiveSession).
func SessionStore(file string) Store { return Store{File: file, session: true} }

// Session reports whether the store is an adversarial-spec session file.
func (s Store) Session() bool { return s.session }

// Load reads the inventory. It returns ErrNone when none was written yet.
func (s Store) Load() (*Inventory, error) {
	b, err := os.ReadFile(s.File)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNone
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.File, err)
	}
	if !s.session {
		inv, err := decode(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.File, err)
		}
		return inv, nil
	}
	top, ext, err := sessionParts(s.File, b)
	if err != nil {
		return nil, err
	}
	_ = top
	raw, ok := ext["context_inventory"]
	if !ok || string(raw) == "null" {
		return nil, ErrNone
	}
	inv, err := decode(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: extended_state.context_inventory: %w", s.File, err)
	}
	return inv, nil
}

// sessionParts splits a session file into its top-level fields and its
// extended_state fields, each kept as raw JSON.
func sessionParts(file string, b []byte) (map[string]json.RawMessage, map[string]json.RawMessage, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return nil, nil, fmt.Errorf("%s: not a session file: %w", file, err)
	}
	ext := map[string]json.RawMessage{}
	if raw, ok := top["extended_state"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &ext); err != nil {
			return nil, nil, fmt.Errorf("%s: extended_state is not an object", file)
		}
	}
	return top, ext, nil
}

// Update changes the inventory under the store's lock: it reads the store
// as it is now, gives change the inventory it holds (nil when none was
// written yet) and writes what change returns. Runs that update one store
// at once take turns, each reading what the one before wrote, so none loses
// another's change. A store that cannot be read is not written.
func (s Store) Update(change func(cur *Inventory) (*Inventory, error)) (*Inventory, error) {
	l, err := lock.Exclusive(s.File)
	if err != nil {
		return nil, err
	}
	defer l.Unlock()
	cur, err := s.Load()
	if errors.Is(err, ErrNone) {
		cur, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	inv, err := change(cur)
	if err != nil {
		return nil, err
	}
	return inv, s.write(inv)
}

// Save replaces the inventory, under the store's lock.
func (s Store) Save(inv *Inventory) error {
	_, err := s.Update(func(*Inventory) (*Inventory, error) { return inv, nil })
	return err
}

// write writes the inventory atomically. In a session file only the value
// of extended_state.context_inventory changes; every other byte is kept.
func (s Store) write(inv *Inventory) error {
	inv.SchemaVersion = SchemaVersion
	if inv.BlastZone == nil {
		inv.BlastZone = []string{}
	}
	if inv.Sources == nil {
		inv.Sources = map[string]Source{}
	}
	if inv.GapsNoted == nil {
		inv.GapsNoted = []string{}
	}
	sort.Strings(inv.GapsNoted)
	body, err := json.Marshal(inv)
	if err != nil {
		return err
	}
	perm := os.FileMode(0o644)
	var out []byte
	was, err := os.ReadFile(s.File)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s: %w", s.File, err)
	}
	if s.session {
		if err == nil {
			if st, err := os.Stat(s.File); err == nil {
				perm = st.Mode().Perm()
			}
		}
		if out, err = setSessionInventory(s.File, was, body); err != nil {
			return err
		}
	} else {
		var buf bytes.Buffer
		json.Indent(&buf, body, "", "  ")
		out = append(buf.Bytes(), '\n')
	}
	if was != nil && bytes.Equal(was, out) {
		return nil // nothing changed: nothing to write, nor to sync
	}
	atomic.RemoveStale(filepath.Dir(s.File), filepath.Base(s.File))
	if err := atomic.WriteFile(s.File, out, perm); err != nil {
		return fmt.Errorf("%s: %w", s.File, err)
	}
	if !s.session {
		if dir := filepath.Dir(s.File); filepath.Base(dir) == ".appendix" {
			atomic.IgnoreAll(dir)
		}
	}
	return nil
}

// Of is the part of an inventory that spans the repositories named names
// (see Repos) that is the repository name's: the blast-zone entries
// written after its name, without it, and those written after no
// repository's name, which may be any one's; the rest as it is.
func (inv *Inventory) Of(names []string, name string) *Inventory {
	mine := func(entries []string) []string {
		out := []string{}
		for _, e := range entries {
			owner, p, ok := strings.Cut(e, ": ")
			switch {
			case ok && owner == name:
				out = append(out, p)
			case !ok || !slices.Contains(names, owner):
				out = append(out, e)
			}
		}
		return out
	}
	cp := *inv
	cp.BlastZone = mine(inv.BlastZone)
	if inv.OwnBlastZone != nil {
		own := mine(*inv.OwnBlastZone)
		cp.OwnBlastZone = &own
	}
	return &cp
}

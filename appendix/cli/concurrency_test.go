package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/appendix/brief"
	"github.com/appendix-dev/appendix/internal/lock"
	"github.com/appendix-dev/appendix/internal/testrepo"
	"github.com/appendix-dev/appendix/inventory"
)

// sharedRepo is a repository that concurrent runs share: a spec in two
// versions, and code both name.
var sharedRepo = map[string]string{
	"go.mod": "module shop\n\ngo 1.22\n",
	"orders/order.go": "package orders\n\n// Order is one order.\ntype Order struct {\n\tID int\n}\n\n" +
		"// Place stores an order; it retries after a timeout.\nfunc Place(o Order) error { return nil }\n",
	"payments/charge.go": "package payments\n\n// Charge takes the money for an order.\nfunc Charge(id int) error { return nil }\n",
	"specs/orders.md":    "# Orders\n\nChange `Place` so that an `Order` is placed once.\n",
	"specs/orders-v2.md": "# Orders\n\nChange `Place` so that an `Order` is placed once, and `Charge` runs after it.\n",
}

// runOK runs the command line in-process; a failure is reported, not
// fatal, so that it may be called from any goroutine.
func runOK(t *testing.T, args ...string) string {
	var out, errb bytes.Buffer
	if code := Run(context.Background(), args, nil, &out, &errb, func(string) string { return "" }); code != 0 {
		t.Errorf("appendix %v: exit %d: %s", args, code, errb.String())
	}
	return errb.String()
}

// stamp is the i-th distinct RFC 3339 time after fixedNow.
func stamp(i int) string {
	return time.Date(2026, 1, 2, 0, 0, i, 0, time.UTC).Format(time.RFC3339)
}

// checkBoth checks that the store holds the audit stamped now and the
// round 3 record stamped now, next to round 2's.
func checkBoth(file, now string) error {
	inv, err := inventory.Store{File: file}.Load()
	if err != nil {
		return err
	}
	if inv.AuditTimestamp != now {
		return fmt.Errorf("the audit of %s was lost: audit_timestamp %s", now, inv.AuditTimestamp)
	}
	var rounds []string
	for _, r := range inv.Rounds {
		rounds = append(rounds, fmt.Sprintf("%d@%s", r.Round, r.ExtractedAt))
	}
	if !slices.Contains(rounds, "3@"+now) || len(inv.Rounds) != 2 || inv.Rounds[0].Round != 2 {
		return fmt.Errorf("the round history of %s was lost: %v", now, rounds)
	}
	return nil
}

// TestConcurrentInventoryAndRound runs the audit and a round on one store
// at the same time, twenty times: each keeps what the other wrote.
func TestConcurrentInventoryAndRound(t *testing.T) {
	dir := testrepo.New(t, sharedRepo)
	spec := filepath.Join(dir, "specs", "orders.md")
	runOK(t, "--repo", dir, "--now", fixedNow, "--round", "2", "--appendix-only", spec)
	store := filepath.Join(dir, filepath.FromSlash(DefaultInventory))
	lost := 0
	for i := 1; i <= 20; i++ {
		now := stamp(i)
		var wg sync.WaitGroup
		wg.Go(func() { runOK(t, "inventory", "--repo", dir, "--now", now, spec) })
		wg.Go(func() { runOK(t, "--repo", dir, "--now", now, "--round", "3", "--appendix-only", spec) })
		wg.Wait()
		if err := checkBoth(store, now); err != nil {
			lost++
			t.Logf("run %d: %v", i, err)
		}
	}
	if lost > 0 {
		t.Errorf("%d of 20 runs lost a write", lost)
	}
}

// checkBundle checks that briefings.json describes exactly the
// briefing-*.md files beside it, each by its sha256.
func checkBundle(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "briefings.json"))
	if err != nil {
		return err
	}
	var bundle struct {
		Adversaries map[string]struct {
			File   string `json:"file"`
			SHA256 string `json:"sha256"`
		} `json:"adversaries"`
	}
	if err := json.Unmarshal(b, &bundle); err != nil {
		return fmt.Errorf("briefings.json: %v", err)
	}
	var listed []string
	for _, e := range bundle.Adversaries {
		listed = append(listed, e.File)
		md, err := os.ReadFile(filepath.Join(dir, e.File))
		if err != nil {
			return err
		}
		if sum := sha256.Sum256(md); hex.EncodeToString(sum[:]) != e.SHA256 {
			return fmt.Errorf("%s does not match briefings.json", e.File)
		}
	}
	found, _ := filepath.Glob(filepath.Join(dir, "briefing-*.md"))
	for i := range found {
		found[i] = filepath.Base(found[i])
	}
	slices.Sort(listed)
	if !slices.Equal(listed, found) {
		return fmt.Errorf("briefings.json lists %v, the directory holds %v", listed, found)
	}
	return nil
}

// TestConcurrentBriefs writes eight bundles at once into one directory,
// from two versions of a spec, ten times: the bundle left is always one
// run's, and a reader holding the bundle's lock shared sees one whole.
func TestConcurrentBriefs(t *testing.T) {
	dir := testrepo.New(t, sharedRepo)
	out := filepath.Join(t.TempDir(), "gauntlet")
	specs := []string{filepath.Join(dir, "specs", "orders.md"), filepath.Join(dir, "specs", "orders-v2.md")}
	done := make(chan struct{})
	var reader sync.WaitGroup
	reader.Go(func() { readBundles(t, out, done) })
	mixed := 0
	for i := 1; i <= 10; i++ {
		var wg sync.WaitGroup
		for w := range 8 {
			wg.Go(func() { runOK(t, "brief", "--repo", dir, "--out", out, "--now", stamp(i), specs[w%2]) })
		}
		wg.Wait()
		if err := checkBundle(out); err != nil {
			mixed++
			t.Logf("run %d: %v", i, err)
		}
	}
	close(done)
	reader.Wait()
	if mixed > 0 {
		t.Errorf("%d of 10 bundles mixed", mixed)
	}
}

// readBundles checks the bundle in dir under its shared lock, again and
// again until done.
func readBundles(t *testing.T, dir string, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		default:
		}
		l, err := lock.Shared(filepath.Join(dir, brief.BundleFile))
		if err != nil {
			t.Error(err)
			return
		}
		err = checkBundle(dir)
		l.Unlock()
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a reader holding the lock saw a mixed bundle: %v", err)
			return
		}
		time.Sleep(time.Millisecond) // leave the writers the processor
	}
}

// TestBriefLeavesNoOtherBundlesFiles writes a bundle for every adversary,
// then one for a single adversary: the briefings of the first are gone,
// so the directory holds one bundle.
func TestBriefLeavesNoOtherBundlesFiles(t *testing.T) {
	dir := testrepo.New(t, sharedRepo)
	out := filepath.Join(t.TempDir(), "gauntlet")
	os.MkdirAll(out, 0o755)
	os.WriteFile(filepath.Join(out, "concerns-1.json"), []byte("{}\n"), 0o644)
	spec := filepath.Join(dir, "specs", "orders.md")
	runOK(t, "brief", "--repo", dir, "--out", out, "--now", fixedNow, spec)
	runOK(t, "brief", "--repo", dir, "--out", out, "--now", fixedNow, "--adversaries", "PARA", spec)
	if err := checkBundle(out); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(out, "concerns-1.json")); err != nil {
		t.Errorf("a file of another tool was removed: %v", err)
	}
}

// TestConcurrentProcesses runs, ten times, eight appendix processes at
// once: the audit and rounds 2 and 3 of the active session's spec (into
// the session file), a round of another spec (into --inventory), and four
// briefs of two spec versions into one directory. After each wave every
// write is kept, the session file is as it was outside its inventory, and
// the bundle is one run's; a reader holding the bundle's lock shared sees
// one bundle whole throughout.
func TestConcurrentProcesses(t *testing.T) {
	bin := appendixBinary(t)
	files := maps.Clone(sharedRepo)
	files[".adversarial-spec/session-state.json"] = `{"active_session_file": "sessions/s.json"}`
	const head = "{\n  \"session_id\": \"s\",\n  \"round\": 2,\n  \"spec_path\": \"specs/orders.md\",\n  \"extended_state\": {\"notes\": \"keep\""
	const tail = "},\n  \"z\": [1, 2]\n}\n"
	files[".adversarial-spec/sessions/s.json"] = head + tail
	dir := testrepo.New(t, files)
	sess := filepath.Join(dir, ".adversarial-spec", "sessions", "s.json")
	own := filepath.Join(dir, filepath.FromSlash(DefaultInventory))
	spec, other := filepath.Join(dir, "specs", "orders.md"), filepath.Join(dir, "specs", "orders-v2.md")
	out := filepath.Join(t.TempDir(), "gauntlet")

	done := make(chan struct{})
	var reader sync.WaitGroup
	reader.Go(func() { readBundles(t, out, done) })
	for i := 1; i <= 10; i++ {
		now := stamp(i)
		runs := [][]string{
			{"inventory", "--repo", dir, "--now", now, spec},
			{"--repo", dir, "--now", now, "--round", "2", "--appendix-only", spec},
			{"--repo", dir, "--now", now, "--round", "3", "--appendix-only", spec},
			{"--repo", dir, "--now", now, "--round", "2", "--appendix-only", other},
		}
		for w := range 4 {
			runs = append(runs, []string{"brief", "--repo", dir, "--out", out, "--now", now, []string{spec, other}[w%2]})
		}
		var wg sync.WaitGroup
		for _, args := range runs {
			wg.Go(func() {
				if b, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
					t.Errorf("appendix %v: %v\n%s", args, err, b)
				}
			})
		}
		wg.Wait()

		b, _ := os.ReadFile(sess)
		if !strings.HasPrefix(string(b), head) || !strings.HasSuffix(string(b), tail) {
			t.Errorf("wave %d: the session file changed outside its inventory:\n%s", i, b)
		}
		inv, err := inventory.Store{File: own}.Load()
		switch {
		case err != nil:
			t.Errorf("wave %d: %v", i, err)
		case len(inv.Rounds) != 1 || inv.Rounds[0].ExtractedAt != now:
			t.Errorf("wave %d: the other spec's round was lost: %+v", i, inv.Rounds)
		}
		var s struct {
			Ext struct {
				Inv inventory.Inventory `json:"context_inventory"`
			} `json:"extended_state"`
		}
		json.Unmarshal(b, &s)
		var rounds []string
		for _, r := range s.Ext.Inv.Rounds {
			rounds = append(rounds, fmt.Sprintf("%d@%s", r.Round, r.ExtractedAt))
		}
		if want := []string{"2@" + now, "3@" + now}; s.Ext.Inv.AuditTimestamp != now || !slices.Equal(rounds, want) {
			t.Errorf("wave %d: session holds the audit of %s and rounds %v, want %s and %v", i, s.Ext.Inv.AuditTimestamp, rounds, now, want)
		}
		if err := checkBundle(out); err != nil {
			t.Errorf("wave %d: %v", i, err)
		}
	}
	close(done)
	reader.Wait()
}

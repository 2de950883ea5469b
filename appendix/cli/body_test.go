package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// bodyRepo holds what --body is tried on: a function with a body, a
// secret in one, a name two packages define, a type, an interface method
// and a test.
var bodyRepo = map[string]string{
	"go.mod": "module example.com/shop\n\ngo 1.22\n",
	"orders/order.go": `package orders

// Order is one customer order.
type Order struct {
	ID     int64
	Status string
}

// Store keeps orders.
type Store interface {
	Get(id int64) (*Order, error)
}
`,
	"orders/place.go": `package orders

import "errors"

// ErrNoOrder is returned for a nil order.
var ErrNoOrder = errors.New("no order")

// PlaceOrder stores an order.
func PlaceOrder(o *Order) error {
	if o == nil {
		return ErrNoOrder
	}
	o.Status = "placed"
	return nil
}

// Charge charges the customer.
func Charge(o *Order) error {
	key := "sk_live_83RZJzzzzgEOzdmenCkhvMdgaKjIg8xNbe3nNyjO"
	_ = key
	return nil
}
`,
	"payments/retry.go": "package payments\n\n// Retry pays again.\nfunc Retry(id int64) error {\n\treturn nil\n}\n",
	"orders/refund.go":  "package orders\n\n// Refund pays an order back.\nfunc Refund(o *Order) error {\n\treturn nil\n}\n",
	"legacy/refund.go":  "package legacy\n\n// Refund is the v1 refund.\nfunc Refund(id int64) error {\n\treturn nil\n}\n",
	"billing/retry.go":  "package billing\n\n// Retry charges again.\nfunc Retry(id int64) error {\n\treturn nil\n}\n",
	"web/job.ts":        "export abstract class Job {\n  abstract run(): void;\n}\n",
	"c/charge.h":        "/* charge charges an order. */\nint charge(int id);\n",
	"c/charge.c":        "#include \"charge.h\"\n\n/* charge charges an order. */\nint charge(int id) {\n    return id < 0 ? -1 : 0;\n}\n",
	"orders/place_test.go": `package orders

import "testing"

func TestPlaceOrder(t *testing.T) {
	if err := PlaceOrder(nil); err != ErrNoOrder {
		t.Fatal(err)
	}
}
`,
}

const bodySpec = "# Spec: order holds\n\n`PlaceOrder` must not place an `Order` twice; its `Status` check is questioned.\n"

// TestBody shows a function whole as its own artifact, in place of its
// signature, and says so in the JSON.
func TestBody(t *testing.T) {
	dir := testrepo.New(t, bodyRepo)
	md, stderr, code := runCLI(t, dir, []byte(bodySpec), "--round", "3", "--appendix-only", "--body", "PlaceOrder")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"### A1. Function Body: orders/place.go (lines 8-15)\n",
		"// PlaceOrder stores an order.\nfunc PlaceOrder(o *Order) error {\n\tif o == nil {\n\t\treturn ErrNoOrder\n\t}\n\to.Status = \"placed\"\n\treturn nil\n}\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in:\n%s", want, md)
		}
	}
	if strings.Contains(md, "Function Signature: orders/place.go") {
		t.Errorf("the signature is shown beside the body:\n%s", md)
	}
	js, _, code := runCLI(t, dir, []byte(bodySpec), "--round", "3", "--format", "json", "--body", "PlaceOrder")
	if code != 0 {
		t.Fatalf("json: exit %d", code)
	}
	var doc struct {
		Artifacts []struct {
			Label, Kind, Title string
			Body               bool
			SelectedBy         []struct{ Ref string } `json:"selected_by"`
		}
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatal(err)
	}
	bodies := 0
	for _, a := range doc.Artifacts {
		if a.Body {
			bodies++
			if a.Kind != "function" || a.Title != "Function Body" || len(a.SelectedBy) != 2 {
				t.Errorf("body artifact %+v: want kind function, title Function Body, chosen by the spec and --body", a)
			}
		}
	}
	if bodies != 1 {
		t.Errorf("%d artifacts say they are a body, want 1:\n%s", bodies, js)
	}
}

// TestBodyRequests covers what --body accepts, refuses with one line, and
// leaves out with a note.
func TestBodyRequests(t *testing.T) {
	dir := testrepo.New(t, bodyRepo)
	for _, tc := range []struct {
		name string
		args []string
		code int
		// out must be in the appendix; errs on stderr; never in neither.
		out, errs, never []string
	}{
		{name: "qualified by package", args: []string{"--body", "billing.Retry"},
			out: []string{"### A1. Function Body: billing/retry.go (lines 3-6)"}},
		{name: "a line inside it", args: []string{"--body", "orders/place.go:12"},
			out: []string{"Function Body: orders/place.go (lines 8-15)"}},
		{name: "chosen by the spec's other names", args: []string{"--body", "Refund"},
			out:  []string{"Function Body: orders/refund.go (lines 3-6)", "`Refund` also matches legacy/refund.go:4; this one because"},
			errs: []string{"appendix: warning: --body Refund: chose orders/refund.go:4 over 1 other definition, because "}},
		{name: "secrets redacted", args: []string{"--body", "Charge"},
			out: []string{"Function Body: orders/place.go (lines 17-22)", `key := "<redacted>"`}, never: []string{"sk_live_"}},
		{name: "round 2 with a note", args: []string{"--round", "2", "--body", "PlaceOrder"},
			out: []string{"Function Body: orders/place.go"}, errs: []string{"appendix: --body in Round 2:"}},
		{name: "a test's body stays out", args: []string{"--body", "TestPlaceOrder"},
			errs: []string{"appendix: warning: --body TestPlaceOrder: orders/place_test.go:5 is in a test file"}, never: []string{"t.Fatal(err)", "Body:"}},
		{name: "absent", args: []string{"--body", "Cancel"}, code: 1,
			errs: []string{"appendix: --body Cancel: no definition in the repository"}},
		{name: "ambiguous", args: []string{"--body", "Retry"}, code: 1,
			errs: []string{"appendix: --body Retry: defined at 2 places (billing/retry.go:4, payments/retry.go:4)"}},
		{name: "a type", args: []string{"--body", "Order"}, code: 1,
			errs: []string{"appendix: --body Order: orders/order.go:4 is a type, not a function or method"}},
		{name: "no body", args: []string{"--body", "Store.Get"}, code: 1,
			errs: []string{"appendix: --body Store.Get: `Get` is a member of the interface at orders/order.go:10, not a function or method"}},
		{name: "a file", args: []string{"--body", "orders/place.go"}, code: 1,
			errs: []string{"appendix: --body orders/place.go: names a file, not a function or method"}},
		{name: "an abstract method", args: []string{"--body", "Job.run"}, code: 1,
			errs: []string{"appendix: --body Job.run: web/job.ts:2 declares no body"}},
		{name: "a prototype's definition", args: []string{"--body", "charge"},
			out: []string{"### A1. Function Body: c/charge.c (lines 3-6)\n\n> Declared without a body at c/charge.h:2; this is its definition.\n",
				"    return id < 0 ? -1 : 0;\n"}},
		{name: "a --context file's", args: []string{"--context", "orders/place.go", "--body", "PlaceOrder"},
			out:   []string{"### A1. Function Body: orders/place.go (lines 8-15)\n\n(See --context file: orders/place.go, lines 8-15.)\n"},
			never: []string{"o.Status = \"placed\""}},
		{name: "as typed", args: []string{"--body", "Refund::nope"}, code: 1,
			errs: []string{"appendix: --body Refund::nope: "}},
		{name: "on one line", args: []string{"--body", "a\nb"}, code: 1,
			errs: []string{`appendix: --body "a\nb": not the name of one function or method`}},
		{name: "round 1", args: []string{"--round", "1", "--body", "PlaceOrder"}, code: 2,
			errs: []string{"appendix: --body: Round 1 shows"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(dir) // where --context names its file
			// Each case with a round history of its own.
			args := append([]string{"--round", "3", "--appendix-only", "--inventory", filepath.Join(t.TempDir(), "inventory.json")}, tc.args...)
			md, stderr, code := runCLI(t, dir, []byte(bodySpec), args...)
			checkBodyRun(t, md, stderr, code, tc.code, tc.out, tc.errs, tc.never)
		})
	}
}

// checkBodyRun checks a run that asked for bodies: its exit code is want;
// a failure writes one line on stderr and nothing on stdout; each of out
// is in the appendix, each of errs on stderr, and none of never in either.
func checkBodyRun(t *testing.T, md, stderr string, code, want int, out, errs, never []string) {
	t.Helper()
	if code != want {
		t.Fatalf("exit %d, want %d: %s", code, want, stderr)
	}
	if code != 0 && (md != "" || strings.Count(stderr, "\n") != 1) {
		t.Errorf("a failure writes one line on stderr and nothing on stdout; got stdout %q, stderr %q", md, stderr)
	}
	for _, w := range out {
		if !strings.Contains(md, w) {
			t.Errorf("no %q in:\n%s", w, md)
		}
	}
	for _, w := range errs {
		if !strings.Contains(stderr, w) {
			t.Errorf("no %q on stderr:\n%s", w, stderr)
		}
	}
	for _, w := range never {
		if strings.Contains(md, w) || strings.Contains(stderr, w) {
			t.Errorf("%q in the output:\n%s\n%s", w, md, stderr)
		}
	}
}

// TestBodyDeterministic runs the same request twice, warm and without the
// cache: the output is the same bytes.
func TestBodyDeterministic(t *testing.T) {
	dir := testrepo.New(t, bodyRepo)
	for _, format := range []string{"markdown", "json"} {
		args := []string{"--round", "3", "--format", format, "--body", "PlaceOrder", "--body", "Charge"}
		first, stderr, code := runCLI(t, dir, []byte(bodySpec), args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		for _, extra := range [][]string{nil, {"--no-cache"}} {
			again, _, _ := runCLI(t, dir, []byte(bodySpec), append(args, extra...)...)
			if again != first {
				t.Errorf("%s %v: the output changed on a rerun:\n%s\n---\n%s", format, extra, first, again)
			}
		}
	}
}

// TestBodyRounds runs fixtures/rounds/body.txtar: a body shown in Round 3
// is one reuse line in Round 4 while its text holds, though its file
// changed, and is shown again in Round 5 once it changed.
func TestBodyRounds(t *testing.T) {
	const file = "../../fixtures/rounds/body.txtar"
	f := loadFixture(t, file)
	dir := f.build(t)
	runRounds(t, f, file, dir, []roundStep{
		{name: "round2", args: []string{"--round", "2"}, want: "Function Signature: orders/place.go (lines 6-7)"},
		{name: "round3", args: []string{"--round", "3", "--body", "Release"}, want: "### A4. Function Body: orders/place.go (lines 6-15)"},
		{name: "round4", args: []string{"--round", "4", "--body", "Release"}, pre: f.commit(t, dir, "commit2/", "PlaceOrder returns the id", time.Hour),
			want: "\nA4 (reused from Round 3, no relevant changes)\n"},
		{name: "round5", args: []string{"--round", "5", "--body", "Release"}, pre: f.commit(t, dir, "commit3/", "Release retries until freed", 2*time.Hour),
			want: "### A4. Function Body: orders/place.go (lines 6-11)\n\n> Re-extracted: it changed since Round 4.\n"},
	})
}

// TestBodyHalfBudget cuts a body longer than half the budget to half of
// it, whatever the budget, keeping its head, the lines that name the
// spec's names and its last line.
func TestBodyHalfBudget(t *testing.T) {
	f := loadFixture(t, "../../fixtures/body-cut.txtar")
	dir := f.build(t)
	for _, budget := range []string{"40", "60", "100"} {
		md, stderr, code := runCLI(t, dir, f.spec, "--round", "3", "--appendix-only", "--budget", budget, "--body", "Schedule")
		if code != 0 {
			t.Fatalf("budget %s: exit %d: %s", budget, code, stderr)
		}
		start := strings.Index(md, "\n### A1. Function Body: jobs/schedule.go (lines 14-106)\n")
		if start < 0 {
			t.Fatalf("budget %s: no body artifact:\n%s", budget, md)
		}
		section := md[start+1:]
		if end := strings.Index(section, "\n### "); end >= 0 {
			section = section[:end+1]
		}
		// The room left after the head and the named lines goes to the head:
		// the cut fills half the budget but for a line its notes may need.
		if n, half := strings.Count(section, "\n"), atoiOr(budget, 0)/2; n > half || n < half-1 {
			t.Errorf("budget %s: the body takes %d lines, want %d or one less:\n%s", budget, n, half, section)
		}
		for _, want := range []string{
			"func Schedule(j *Job, now time.Time) (time.Time, bool) {\n",
			"\tif j.Attempt >= MaxAttempts {\n",
			"\treturn now.Add(wait + jitter(wait)), true\n}\n```",
			"lines omitted\n",
			"> Cut to half the line budget",
		} {
			if !strings.Contains(section, want) {
				t.Errorf("budget %s: no %q in:\n%s", budget, want, section)
			}
		}
	}
}

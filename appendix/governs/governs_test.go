package governs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
	"github.com/google/go-cmp/cmp"
)

// fixture is a repository with four specs: two name definitions in
// internal/orders/request.go, all four name internal/orders/registry.go.
var fixture = map[string]string{
	"go.mod": "module example.com/shop\n\ngo 1.22\n",
	"internal/orders/request.go": `package orders

// OrderRequest is what a client sends to place an order.
type OrderRequest struct {
	SKU      string
	Quantity int
}

// Validate checks the request.
func (r *OrderRequest) Validate() error {
	return nil
}
`,
	"internal/orders/registry.go": `package orders

// Registry holds every handler.
type Registry struct {
	handlers map[string]func()
}
`,
	"internal/billing/invoice.go": `package billing

// Invoice is a bill.
type Invoice struct {
	Total int
}
`,
	".adversarial-spec/specs/orders/spec.md":  "# Orders\n\nWe extend `OrderRequest` and `OrderRequest.Validate` checks the quantity.\nHandlers stay in the `Registry`.\n",
	".adversarial-spec/specs/refunds/spec.md": "# Refunds\n\nA refund reads the `OrderRequest` it reverses, found in the `Registry`.\n",
	".adversarial-spec/specs/billing/spec.md": "# Billing\n\nEach `Invoice` is registered in the `Registry`.\n",
	".adversarial-spec/specs/audit/spec.md":   "# Audit\n\nThe audit lists the `Registry`.\n",
}

func open(t *testing.T, dir string) *gitinfo.Repo {
	t.Helper()
	repo, err := gitinfo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return repo
}

func of(t *testing.T, dir string, files ...string) *Report {
	t.Helper()
	rep, err := Of(context.Background(), open(t, dir), files, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestTwoSpecsNameOneFile(t *testing.T) {
	dir := testrepo.New(t, fixture)
	rep := of(t, dir, "internal/orders/request.go", "internal/billing/invoice.go")
	want := []File{
		{Path: "internal/orders/request.go", Specs: []Spec{
			{Path: ".adversarial-spec/specs/orders/spec.md", Definitions: []Definition{
				{Symbol: "OrderRequest", Ref: "OrderRequest", Kind: "type", StartLine: 3, EndLine: 7, SpecLine: 3},
				{Symbol: "OrderRequest.Validate", Ref: "OrderRequest.Validate", Kind: "method", StartLine: 9, EndLine: 12, SpecLine: 3},
			}},
			{Path: ".adversarial-spec/specs/refunds/spec.md", Definitions: []Definition{
				{Symbol: "OrderRequest", Ref: "OrderRequest", Kind: "type", StartLine: 3, EndLine: 7, SpecLine: 3},
			}},
		}},
		{Path: "internal/billing/invoice.go", Specs: []Spec{
			{Path: ".adversarial-spec/specs/billing/spec.md", Definitions: []Definition{
				{Symbol: "Invoice", Ref: "Invoice", Kind: "type", StartLine: 3, EndLine: 6, SpecLine: 3},
			}},
		}},
	}
	if diff := cmp.Diff(want, rep.Files, cmpNoBlob); diff != "" {
		t.Errorf("governs (-want +got):\n%s", diff)
	}
	if rep.SpecsRead != 4 {
		t.Errorf("read %d specs, want 4", rep.SpecsRead)
	}
}

// cmpNoBlob compares files without their blob, which the JSON test
// checks.
var cmpNoBlob = cmp.Transformer("noBlob", func(f File) File { f.Blob = ""; return f })

func TestHubIsAFileFourSpecsName(t *testing.T) {
	dir := testrepo.New(t, fixture)
	rep := of(t, dir, "internal/orders/registry.go", "internal/orders/request.go")
	if f := rep.Files[0]; !f.Hub || len(f.Specs) != 4 {
		t.Errorf("registry.go: hub %v, %d specs; want a hub of 4 specs", f.Hub, len(f.Specs))
	}
	if f := rep.Files[1]; f.Hub {
		t.Errorf("request.go, named by %d specs, is flagged a hub", len(f.Specs))
	}
	want := strings.ReplaceAll(`internal/orders/registry.go: shared hub, named by 4 specs
  .adversarial-spec/specs/audit/spec.md: 'Registry' lines 3-6
  .adversarial-spec/specs/billing/spec.md: 'Registry' lines 3-6
  .adversarial-spec/specs/orders/spec.md: 'Registry' lines 3-6
  .adversarial-spec/specs/refunds/spec.md: 'Registry' lines 3-6
internal/orders/request.go: governed by 2 specs
  .adversarial-spec/specs/orders/spec.md: 'OrderRequest' lines 3-7, 'OrderRequest.Validate' lines 9-12
  .adversarial-spec/specs/refunds/spec.md: 'OrderRequest' lines 3-7
`, "'", "`")
	if got := rep.Markdown(); got != want {
		t.Errorf("markdown:\n%s", got)
	}
}

func TestCacheReusedThenRefreshed(t *testing.T) {
	dir := testrepo.New(t, fixture)
	first := of(t, dir, "internal/orders/request.go")
	if first.Resolved != 4 || first.Reused != 0 {
		t.Fatalf("first run: %d resolved, %d reused; want 4, 0", first.Resolved, first.Reused)
	}
	if _, err := os.Stat(filepath.Join(dir, CacheFile)); err != nil {
		t.Fatalf("no cache written: %v", err)
	}
	again := of(t, dir, "internal/orders/request.go")
	if again.Resolved != 0 || again.Reused != 4 {
		t.Errorf("nothing changed: %d resolved, %d reused; want 0, 4", again.Resolved, again.Reused)
	}
	if diff := cmp.Diff(first.Files, again.Files); diff != "" {
		t.Errorf("the cache changed the answer (-first +again):\n%s", diff)
	}

	// A spec changed is resolved again, alone.
	testrepo.Write(t, dir, map[string]string{".adversarial-spec/specs/refunds/spec.md": "# Refunds\n\nA refund reverses an `Invoice`.\n"})
	changed := of(t, dir, "internal/orders/request.go")
	if changed.Resolved != 1 || changed.Reused != 3 {
		t.Errorf("one spec changed: %d resolved, %d reused; want 1, 3", changed.Resolved, changed.Reused)
	}
	if n := len(changed.Files[0].Specs); n != 1 || changed.Files[0].Specs[0].Path != ".adversarial-spec/specs/orders/spec.md" {
		t.Errorf("after refunds stopped naming OrderRequest: %+v", changed.Files[0].Specs)
	}

	// Code changed: every spec is resolved again, and the lines follow.
	testrepo.Write(t, dir, map[string]string{"internal/orders/request.go": "package orders\n\n" + fixture["internal/orders/request.go"][len("package orders\n"):]})
	moved := of(t, dir, "internal/orders/request.go")
	if moved.Resolved != 4 {
		t.Errorf("code changed: %d specs resolved, want 4", moved.Resolved)
	}
	if d := moved.Files[0].Specs[0].Definitions[0]; d.StartLine != 4 || d.EndLine != 8 {
		t.Errorf("OrderRequest after a line was added above it: lines %d-%d, want 4-8", d.StartLine, d.EndLine)
	}
	if moved.Files[0].Blob == first.Files[0].Blob {
		t.Error("the blob did not follow the file's content")
	}

	// A damaged cache is rebuilt, with a warning.
	if err := os.WriteFile(filepath.Join(dir, CacheFile), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if rep := of(t, dir, "internal/orders/request.go"); rep.Resolved != 4 || len(rep.Warnings) != 1 {
		t.Errorf("damaged cache: %d resolved, warnings %q", rep.Resolved, rep.Warnings)
	}
}

// Only the live spec of a spec's directory governs: its earlier drafts
// and the tests pseudocode beside it are no specs of their own, so four
// drafts of one spec never make a file a hub.
func TestOnlyLiveDraftsGovern(t *testing.T) {
	files := map[string]string{"internal/orders/request.go": fixture["internal/orders/request.go"]}
	for _, v := range []string{"1", "2", "3", "10"} {
		files[".adversarial-spec/specs/orders/spec-draft-v"+v+".md"] = "# Orders v" + v + "\n\n`OrderRequest` changes.\n"
	}
	files[".adversarial-spec/specs/orders/tests-pseudo.md"] = "# Tests\n\n`OrderRequest` is validated.\n"
	dir := testrepo.New(t, files)
	rep := of(t, dir, "internal/orders/request.go")
	if len(rep.Files) != 1 || len(rep.Files[0].Specs) != 1 || rep.Files[0].Specs[0].Path != ".adversarial-spec/specs/orders/spec-draft-v10.md" || rep.Files[0].Hub {
		t.Errorf("governs: %+v", rep.Files)
	}
}

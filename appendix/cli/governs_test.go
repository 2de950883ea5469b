package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

func TestGovernsJSON(t *testing.T) {
	dir := testrepo.New(t, map[string]string{
		"orders/request.go":       "package orders\n\ntype OrderRequest struct {\n\tSKU string\n}\n\nfunc Place(r OrderRequest) error { return nil }\n",
		"orders/other.go":         "package orders\n\nvar unused = 1\n",
		"docs/specs/place.md":     "# Place\n\n`Place` takes an `OrderRequest`.\n",
		"docs/specs/request.md":   "# Request\n\nThe `OrderRequest` gains a `Note`.\n",
		"docs/specs/unrelated.md": "# Unrelated\n\nNothing here names code.\n",
	})
	var out, errb bytes.Buffer
	args := []string{"governs", "--repo", dir, "--format", "json", "--specs", filepath.Join(dir, "docs/specs/*.md"),
		filepath.Join(dir, "orders/request.go"), filepath.Join(dir, "orders/other.go")}
	if code := Run(context.Background(), args, nil, &out, &errb, func(string) string { return "" }); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := `{
  "files": [
    {
      "file": "orders/request.go",
      "blob": "d272695adac6d674dfa7467bb4e6a20fccea2314",
      "hub": false,
      "specs": [
        {
          "spec": "docs/specs/place.md",
          "definitions": [
            {
              "symbol": "OrderRequest",
              "ref": "OrderRequest",
              "kind": "type",
              "start_line": 3,
              "end_line": 5,
              "spec_line": 3
            },
            {
              "symbol": "Place",
              "ref": "Place",
              "kind": "function",
              "start_line": 7,
              "end_line": 7,
              "spec_line": 3
            }
          ]
        },
        {
          "spec": "docs/specs/request.md",
          "definitions": [
            {
              "symbol": "OrderRequest",
              "ref": "OrderRequest",
              "kind": "type",
              "start_line": 3,
              "end_line": 5,
              "spec_line": 3
            }
          ]
        }
      ]
    },
    {
      "file": "orders/other.go",
      "blob": "c134d3f7d0e0b987ec412025ad773c9ea160d60c",
      "hub": false,
      "specs": []
    }
  ],
  "specs_read": 3,
  "warnings": []
}
`
	if got := out.String(); got != want {
		t.Errorf("governs --format json:\n%s\nwant:\n%s", got, want)
	}
	if errb.Len() != 0 {
		t.Errorf("stderr: %s", errb.String())
	}
}

package rank_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/appendix"
	"github.com/appendix-dev/appendix/appendix/internal/spec"
	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestRankOrder pins which definition a reference resolves to, and the
// reason shown for it, on small repositories: a ranking change is one row.
func TestRankOrder(t *testing.T) {
	for _, c := range []struct {
		name  string
		spec  string
		files map[string]string
		ref   string
		want  string // path:line
		why   string // the "chosen because" part; "" when no rival is named
	}{
		{
			name: "language the wording names",
			spec: "The `Order` GraphQL type gains a field.\n",
			files: map[string]string{
				"graphql/schema.graphql": "type Order {\n  id: ID!\n}\n",
				"proto/orders.proto":     "syntax = \"proto3\";\n\nmessage Order {\n  string id = 1;\n}\n",
			},
			ref: "Order", want: "graphql/schema.graphql:1", why: "the spec names it as graphql",
		},
		{
			name: "kind the wording names",
			spec: "The `Metric` interface gains a method.\n",
			files: map[string]string{
				"a/metric.go": "package a\n\ntype Metric struct{}\n",
				"b/metric.go": "package b\n\ntype Metric interface {\n\tName() string\n}\n",
			},
			ref: "Metric", want: "b/metric.go:3", why: "the spec calls it an interface",
		},
		{
			name: "test files last",
			spec: "`Config` holds the settings.\n",
			files: map[string]string{
				"config/config.go":      "package config\n\ntype Config struct{ Port int }\n",
				"config/config_test.go": "package config\n\ntype Config struct{ Fake bool }\n",
			},
			ref: "Config", want: "config/config.go:3", why: "the others are in test files",
		},
		{
			name: "under a path the spec names",
			spec: "We touch `billing/invoice.go`.\n\nThe `Total` function changes.\n",
			files: map[string]string{
				"billing/invoice.go": "package billing\n\nfunc Total() int { return 0 }\n",
				"orders/order.go":    "package orders\n\nfunc Total() int { return 0 }\n",
			},
			ref: "Total", want: "billing/invoice.go:3", why: "it is in `billing/invoice.go`, which the spec names",
		},
		{
			name: "beside a settled reference",
			spec: "`Invoice` and `Total` change.\n",
			files: map[string]string{
				"billing/invoice.go": "package billing\n\ntype Invoice struct{}\n\nfunc Total() int { return 0 }\n",
				"orders/order.go":    "package orders\n\nfunc Total() int { return 0 }\n",
			},
			ref: "Total", want: "billing/invoice.go:5", why: "1 other definition the spec names is in `billing`",
		},
		{
			name: "a header's declaration before its source's definition",
			spec: "`order_total()` sums an order.\n",
			files: map[string]string{
				"src/order.c": "#include \"order.h\"\n\nint order_total(int qty) {\n    return qty;\n}\n",
				"src/order.h": "/* Sums an order. */\nint order_total(int qty);\n",
			},
			ref: "order_total", want: "src/order.h:1", why: "a header declares it; the others are the sources that define it",
		},
		{
			name: "exported before private",
			spec: "`format` renders a row.\n",
			files: map[string]string{
				"a/util.ts": "function format(row: string): string {\n  return row;\n}\n",
				"b/util.ts": "export function format(row: string): string {\n  return row;\n}\n",
			},
			ref: "format", want: "b/util.ts:1", why: "the others are not exported",
		},
		{
			name: "source before a vendored bundle",
			spec: "The `PDFViewer` class renders the invoice.\n",
			files: map[string]string{
				"public/plugins/pdfjs/viewer.js": "class PDFViewer {\n  render() {}\n}\n",
				"web/src/viewer.ts":              "export class PDFViewer {\n  render(): void {}\n}\n",
			},
			ref: "PDFViewer", want: "web/src/viewer.ts:1", why: "the others are vendored, example, documentation or legacy copies",
		},
		{
			name: "settings before an example configuration",
			spec: "`Settings` gains a `timeout`.\n",
			files: map[string]string{
				"app/config.example.py": "class Settings:\n    debug = True\n",
				"app/config.py":         "class Settings:\n    debug = False\n",
			},
			ref: "Settings", want: "app/config.py:1", why: "the others are vendored, example, documentation or legacy copies",
		},
		{
			name: "schema before a legacy DDL folder",
			spec: "The `accounts` table gains a column.\n",
			files: map[string]string{
				"legacy/ddl/accounts.sql": "CREATE TABLE accounts (\n  id INTEGER\n);\n",
				"db/schema.sql":           "CREATE TABLE accounts (\n  id BIGINT PRIMARY KEY\n);\n",
			},
			ref: "accounts", want: "db/schema.sql:1", why: "the others are vendored, example, documentation or legacy copies",
		},
		{
			name: "a documentation copy the spec names wins",
			spec: "We update `docs/snippets/client.go`.\n\nThe `Client` type changes.\n",
			files: map[string]string{
				"docs/snippets/client.go": "package snippets\n\ntype Client struct{}\n",
				"client/client.go":        "package client\n\ntype Client struct{}\n",
			},
			ref: "Client", want: "docs/snippets/client.go:3", why: "it is in `docs/snippets/client.go`, which the spec names",
		},
		{
			name: "source before a test-support factory",
			spec: "Each `NodePool` gains a policy.\n",
			files: map[string]string{
				"pkg/apis/v1/nodepool.go": "package v1\n\ntype NodePool struct{ Policy string }\n",
				"pkg/test/nodepool.go":    "package test\n\nfunc NodePool() {}\n",
				"go.mod":                  "module example.com/k\n\ngo 1.22\n",
			},
			ref: "NodePool", want: "pkg/apis/v1/nodepool.go:3", why: "the others are in test files",
		},
		{
			name: "the definition before one that only names it anew",
			spec: "The `StatusResponse` gains a field.\n",
			files: map[string]string{
				"api/rpc.proto":    "syntax = \"proto3\";\n\nmessage StatusResponse {\n  string version = 1;\n}\n",
				"client/client.go": "package client\n\nimport pb \"example.com/e/api\"\n\ntype StatusResponse pb.StatusResponse\n",
				"go.mod":           "module example.com/e\n\ngo 1.22\n",
			},
			ref: "StatusResponse", want: "api/rpc.proto:3", why: "the others only name it anew (`type StatusResponse pb.StatusResponse`) and show none of its shape",
		},
		{
			name: "the newest API version",
			spec: "`Cluster` gains a field.\n",
			files: map[string]string{
				"api/v1beta1/types.go": "package v1beta1\n\ntype Cluster struct{ Name string }\n",
				"api/v1beta2/types.go": "package v1beta2\n\ntype Cluster struct{ Name string }\n",
			},
			ref: "Cluster", want: "api/v1beta2/types.go:3", why: "the others are the same file in older API versions, and the spec names none",
		},
		{
			name: "the API version the spec names",
			spec: "`Cluster` gains a field, as in `apiVersion: x.io/v1beta1`.\n",
			files: map[string]string{
				"api/v1beta1/types.go": "package v1beta1\n\ntype Cluster struct{ Name string }\n",
				"api/v1beta2/types.go": "package v1beta2\n\ntype Cluster struct{ Name string }\n",
			},
			ref: "Cluster", want: "api/v1beta1/types.go:3", why: "the spec names its API version, v1beta1",
		},
		{
			name: "the variant the spec names first",
			spec: "See `db/postgres/schema.sql`, then `db/mysql/schema.sql`.\n\nThe `jobs` table gains a column.\n",
			files: map[string]string{
				"db/mysql/schema.sql":    "CREATE TABLE jobs (\n  id INTEGER\n);\n",
				"db/postgres/schema.sql": "CREATE TABLE jobs (\n  id BIGINT\n);\n",
			},
			ref: "jobs", want: "db/postgres/schema.sql:1", why: "the spec names `db/postgres/schema.sql` before the others' places",
		},
		{
			name: "nothing tells them apart",
			spec: "`Total` changes.\n",
			files: map[string]string{
				"b/x.go": "package b\n\nfunc Total() int { return 0 }\n",
				"a/x.go": "package a\n\nfunc Total() int { return 0 }\n",
			},
			ref: "Total", want: "a/x.go:3", why: "nothing in the spec tells them apart: first by path",
		},
		{
			name: "the spec's own name before a naming convention",
			spec: "The `OrderItem` type.\n",
			files: map[string]string{
				"db/schema.sql":        "CREATE TABLE order_items (\n  id INTEGER PRIMARY KEY\n);\n",
				"models/order_item.go": "package models\n\ntype OrderItem struct{ ID int }\n",
			},
			ref: "OrderItem", want: "models/order_item.go:3",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, reason := resolveOne(t, c.files, c.spec, c.ref)
			if got != c.want {
				t.Fatalf("%s -> %s, want %s (%s)", c.ref, got, c.want, reason)
			}
			why := ""
			if _, after, ok := strings.Cut(reason, "; chosen because "); ok {
				why, _, _ = strings.Cut(after, "; also defined at ")
			}
			if why != c.why {
				t.Errorf("%s: chosen because %q, want %q\n(%s)", c.ref, why, c.why, reason)
			}
		})
	}
}

// resolveOne resolves a spec over files with no budget and returns where
// ref went, as path:line, and the reason shown.
func resolveOne(t *testing.T, files map[string]string, src, ref string) (string, string) {
	t.Helper()
	repo, err := gitinfo.Open(testrepo.New(t, files))
	if err != nil {
		t.Fatal(err)
	}
	zone, err := appendix.BlastZone(context.Background(), repo, spec.Parse("spec.md", []byte(src)), appendix.ZoneOptions{Now: time.Unix(0, 0)})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range zone.Doc.Artifacts {
		for _, s := range a.SelectedBy {
			if s.Ref == ref {
				return fmt.Sprintf("%s:%d", a.Path, a.StartLine), s.Reason
			}
		}
	}
	return "nothing", ""
}

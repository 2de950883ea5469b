package cli

import (
	"maps"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestReposBody shows --body from the repository its name resolves in:
// the one it qualifies, the only one that defines it, or, defined in
// several, the one the spec's other references point at, with a note;
// when nothing decides, or no repository defines it, one line says so.
func TestReposBody(t *testing.T) {
	with := func(files map[string]string, name, text string) map[string]string {
		out := maps.Clone(files)
		out[name] = text
		return out
	}
	client := testrepo.New(t, with(clientRepo, "client/check.go", "package client\n\n// Check looks at a request before it is sent.\nfunc Check(r Request) error {\n\tif r.Body == \"\" {\n\t\treturn errEmpty\n\t}\n\treturn nil\n}\n"))
	server := testrepo.New(t, with(serverRepo, "internal/pipeline/check.go", "package pipeline\n\n// Check looks at a request before it is queued.\nfunc Check(r Request) error {\n\tif r.Tenant == \"\" {\n\t\treturn errTenant\n\t}\n\treturn nil\n}\n"))
	repos := []string{"--round", "3", "--appendix-only", "--repo", "client=" + client, "--repo", "server=" + server}
	serverSpec := "# Spec\n\n`HandleValidate` calls `ValidatePipeline` first.\n"
	for _, tc := range []struct {
		name, spec string
		body       string
		code       int
		out, errs  []string
		never      []string
	}{
		{name: "qualified", spec: serverSpec, body: "client:Check",
			out:   []string{"Function Body: client: client/check.go (lines 3-9)", "r.Body == \"\""},
			never: []string{"r.Tenant == \"\"", "also defined"}},
		{name: "in one only", spec: serverSpec, body: "NewClient",
			out: []string{"Function Body: client: client/client.go (lines 8-11)", "return &Client{BaseURL: baseURL}"}},
		{name: "where the spec points", spec: serverSpec, body: "Check",
			out:   []string{"Function Body: server: internal/pipeline/check.go (lines 3-9)", "r.Tenant == \"\"", "`Check` is also defined in `client` (client/check.go:4); shown from `server`, the repository the spec's other references point at."},
			never: []string{"r.Body == \"\""}},
		{name: "as the spec's own reference", spec: "# Spec\n\n`HandleValidate` and `client:Check` change.\n", body: "Check",
			out:   []string{"Function Body: client: client/check.go (lines 3-9)", "`Check` is also defined in `server` (internal/pipeline/check.go:4); shown from `client`, as the spec's own reference to it is."},
			never: []string{"r.Tenant == \"\""}},
		{name: "nothing decides", spec: "# Spec\n\n`NewClient` calls `HandleValidate`.\n", body: "Check", code: 1,
			errs: []string{"appendix: --body Check: defined in `client` (client/check.go:4) and `server` (internal/pipeline/check.go:4), and the spec's other references point at neither more: name one as client:Check or server:Check\n"}},
		{name: "in none", spec: serverSpec, body: "Nowhere", code: 1,
			errs: []string{"appendix: --body Nowhere: resolves to no definition in `client` at ", " and `server` at "}},
		{name: "qualified, elsewhere only", spec: serverSpec, body: "server:NewClient", code: 1,
			errs: []string{"appendix: --body server:NewClient: resolves to no definition in `server` at "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			md, stderr, code := runRepos(t, tc.spec, append(append([]string{"--inventory", t.TempDir() + "/inventory.json"}, repos...), "--body", tc.body)...)
			checkBodyRun(t, md, stderr, code, tc.code, tc.out, tc.errs, tc.never)
		})
	}
}

// TestReposBodyRounds reuses a body shown in Round 3 as one line in Round
// 4, in the repository it was shown from, and gives the same bytes on
// every run.
func TestReposBodyRounds(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	inv := t.TempDir() + "/inventory.json"
	round := func(n string) string {
		md, stderr, code := runRepos(t, "# Spec\n\n`HandleValidate` calls `ValidatePipeline` first.\n", "--round", n, "--appendix-only", "--inventory", inv,
			"--repo", "client="+client, "--repo", "server="+server, "--body", "server:ValidatePipeline")
		if code != 0 {
			t.Fatalf("round %s: exit %d: %s", n, code, stderr)
		}
		return md
	}
	if md := round("3"); !strings.Contains(md, "Function Body: server: internal/pipeline/validate.go (lines 3-6)") || round("3") != md {
		t.Fatalf("round 3 should show the body, the same on a rerun:\n%s", md)
	}
	if md := round("4"); !strings.Contains(md, "(reused from Round 3, no relevant changes)") || strings.Contains(md, "return nil") {
		t.Errorf("round 4 should reuse the body as one line:\n%s", md)
	}
}

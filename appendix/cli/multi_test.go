package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// clientRepo and serverRepo are a client library and the service it
// calls: both define `Request` and a version.go, each has names of its
// own.
var clientRepo = map[string]string{
	"go.mod": "module example.com/client\n\ngo 1.22\n",
	"client/client.go": `package client

// Client calls the validation service.
type Client struct {
	BaseURL string
}

// NewClient makes a client for the service at baseURL.
func NewClient(baseURL string) *Client {
	return &Client{BaseURL: baseURL}
}
`,
	"client/request.go": `package client

// Request is what the client sends.
type Request struct {
	Body string
}
`,
	"version.go":        "package client\n\n// Version is the client's version.\nconst Version = \"1.4.0\"\n",
	"client/options.go": "package client\n\n// Options tune a client.\ntype Options struct {\n\tRetries int\n}\n",
}

var serverRepo = map[string]string{
	"go.mod": "module example.com/server\n\ngo 1.22\n",
	"internal/pipeline/validate.go": `package pipeline

// ValidatePipeline checks a request before it is queued.
func ValidatePipeline(r Request) error {
	return nil
}
`,
	"internal/pipeline/request.go": `package pipeline

// Request is what the service accepts.
type Request struct {
	Body   string
	Tenant string
}
`,
	"internal/api/handler.go": `package api

// HandleValidate serves POST /validate.
func HandleValidate() {}
`,
	"version.go":                 "package server\n\n// Version is the service's version.\nconst Version = \"2.0.1\"\n",
	"internal/config/options.go": "package config\n\n// Options tune the service.\ntype Options struct {\n\tWorkers int\n}\n",
}

const reposSpec = "# Spec: validation\n\n" +
	"`NewClient` builds the client; `HandleValidate` serves it and `ValidatePipeline` in `internal/pipeline/validate.go` checks it.\n\n" +
	"The `Request` type gains a `Tenant` field.\n\n" +
	"`MissingThing` is to be removed. The client's `Version` in `client:version.go` stays.\n\n" +
	"The old `server:internal/gone.go` goes.\n\n" +
	"`NewClient` takes `Options`.\n"

// runRepos runs the command line with the spec on standard input and the
// arguments as given: no --repo of its own.
func runRepos(t *testing.T, sp string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	all := append(append([]string{"--now", fixedNow}, args...), "-")
	code = Run(context.Background(), all, strings.NewReader(sp), &out, &errb, func(string) string { return "" })
	return out.String(), errb.String(), code
}

// TestRepos searches two repositories named with --repo NAME=DIR: each
// artifact says which one it is from, the header stamps both, a name both
// define is shown from the one the spec's other references point at,
// with a note, a qualified path goes to its repository, and a gap says
// both were searched.
func TestRepos(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	md, stderr, code := runRepos(t, reposSpec, "--appendix-only", "--repo", "client="+client, "--repo", "server="+server)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"client: client/client.go (line",
		"server: internal/api/handler.go (line",
		"server: internal/pipeline/validate.go (line",
		"server: internal/pipeline/request.go (line",
		"client: version.go (line",
		`const Version = "1.4.0"`,
		"client: Git: ",
		"server: Git: ",
		"client/request.go",
		"`Options` is also defined in `server` (internal/config/options.go:4); shown from `client`, where it is defined next to other names the spec references.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in:\n%s", want, md)
		}
	}
	for _, bad := range []string{`"2.0.1"`, "Workers int", "type Request struct {\n\tBody string\n}", "NewClient`: no definition", "HandleValidate`: no definition"} {
		if strings.Contains(md, bad) {
			t.Errorf("unexpected %q in:\n%s", bad, md)
		}
	}
	var gap string
	for _, l := range strings.Split(md, "\n") {
		if strings.Contains(l, "MissingThing") {
			gap = l
		}
	}
	if !strings.Contains(gap, "`client`") || !strings.Contains(gap, "`server`") {
		t.Errorf("the gap for MissingThing should name both repositories: %q", gap)
	}
	if !strings.Contains(md, "`internal/gone.go` (spec line 9): no file or directory at this path in `server` at ") {
		t.Errorf("a qualified path should be searched, and missing, in its repository only:\n%s", md)
	}

	again, _, _ := runRepos(t, reposSpec, "--appendix-only", "--repo", "client="+client, "--repo", "server="+server)
	if again != md {
		t.Errorf("two runs differ:\n%s\n----\n%s", md, again)
	}
}

// TestReposJSON gives each artifact its repository and each repository
// its git stamp; the git field stays the first repository's.
func TestReposJSON(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	testrepo.Write(t, server, map[string]string{"internal/api/handler.go": "package api\n\n// HandleValidate serves POST /validate.\nfunc HandleValidate(strict bool) {}\n"})
	out, stderr, code := runRepos(t, reposSpec, "--format", "json", "--repo", "client="+client, "--repo", "server="+server)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Git *struct {
			Commit string `json:"commit"`
		} `json:"git"`
		Repos []struct {
			Name string `json:"name"`
			Git  *struct {
				Commit string   `json:"commit"`
				Dirty  []string `json:"dirty"`
			} `json:"git"`
		} `json:"repos"`
		Artifacts []struct {
			Repo string `json:"repo"`
			Path string `json:"path"`
		} `json:"artifacts"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Repos) != 2 || doc.Repos[0].Name != "client" || doc.Repos[1].Name != "server" || doc.Repos[0].Git == nil || doc.Repos[1].Git == nil {
		t.Fatalf("repos: %+v", doc.Repos)
	}
	if doc.Git == nil || doc.Git.Commit != doc.Repos[0].Git.Commit {
		t.Errorf("git should be the first repository's: %+v", doc.Git)
	}
	if d0, d1 := doc.Repos[0].Git.Dirty, doc.Repos[1].Git.Dirty; len(d0) != 0 || len(d1) != 1 || d1[0] != "internal/api/handler.go" {
		t.Errorf("dirty files: client %q, server %q: want the server's handler only", d0, d1)
	}
	got := map[string]string{}
	for _, a := range doc.Artifacts {
		got[a.Path] = a.Repo
	}
	if got["client/client.go"] != "client" || got["internal/api/handler.go"] != "server" {
		t.Errorf("artifact repositories: %v", got)
	}

	single, _, _ := runRepos(t, reposSpec, "--format", "json", "--repo", server)
	if strings.Contains(single, `"repo"`) || strings.Contains(single, `"repos"`) {
		t.Errorf("one bare --repo should give the JSON of before:\n%s", single)
	}
}

// TestReposFlag rejects --repo values that cannot be told apart.
func TestReposFlag(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	for _, args := range [][]string{
		{"--repo", client, "--repo", "server=" + server},
		{"--repo", "a=" + client, "--repo", "a=" + server},
		{"--repo", client, "--repo", server},
		{"--repo", "a b=" + client, "--repo", "c=" + server},
		{"--repo", "a=" + client, "--repo", "b=" + client + "/."},
	} {
		_, stderr, code := runRepos(t, reposSpec, args...)
		if code != 2 || !strings.Contains(stderr, "--repo") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q: want a one-line usage error naming --repo", args, code, stderr)
		}
	}
	for _, cmd := range []string{"inventory", "brief"} {
		_, stderr, code := runIn(t, nil, cmd, "--repo", client, "--repo", "server="+server, "-")
		if code != 2 || !strings.Contains(stderr, "--repo: give each repository a name") {
			t.Errorf("%s with a bare and a named --repo: exit %d, stderr %q: want a usage error asking for names", cmd, code, stderr)
		}
	}
}

// TestReposHistory keeps an artifact's identity across rounds to its
// repository: a file of the same path and symbol in the other repository
// is another artifact, neither reused nor re-extracted.
func TestReposHistory(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	repos := []string{"--repo", "client=" + client, "--repo", "server=" + server}
	_, stderr, code := runRepos(t, "# Spec\n\nThe client's `Version` in `client:version.go` stays.\n", append([]string{"--round", "2"}, repos...)...)
	if code != 0 {
		t.Fatalf("round 2: exit %d: %s", code, stderr)
	}
	md, stderr, code := runRepos(t, "# Spec\n\nThe server's `Version` in `server:version.go` moves.\n", append([]string{"--round", "3", "--appendix-only"}, repos...)...)
	if code != 0 {
		t.Fatalf("round 3: exit %d: %s", code, stderr)
	}
	if !strings.Contains(md, "server: version.go") || !strings.Contains(md, `"2.0.1"`) || strings.Contains(md, "Re-extracted") || strings.Contains(md, "reused") {
		t.Errorf("round 3 should show the server's Version as new:\n%s", md)
	}
	same, _, _ := runRepos(t, "# Spec\n\nThe client's `Version` in `client:version.go` stays.\n", append([]string{"--round", "3", "--appendix-only"}, repos...)...)
	if !strings.Contains(same, "A1 (reused from Round 2") {
		t.Errorf("round 3 should reuse the client's Version from round 2:\n%s", same)
	}
}

// TestReposTight keeps the repositories named when the budget folds the
// gaps to one line per kind and drops the test-file lists.
func TestReposTight(t *testing.T) {
	with := func(files map[string]string, name, text string) map[string]string {
		out := map[string]string{name: text}
		for k, v := range files {
			out[k] = v
		}
		return out
	}
	client := testrepo.New(t, with(clientRepo, "client/client_test.go", "package client\n\nimport \"testing\"\n\nfunc TestNewClient(t *testing.T) { NewClient(\"x\") }\n"))
	server := testrepo.New(t, with(serverRepo, "internal/api/handler_test.go", "package api\n\nimport \"testing\"\n\nfunc TestHandleValidate(t *testing.T) { HandleValidate() }\n"))
	sp := reposSpec + "\nTests cover `NewClient` and `HandleValidate`.\n"
	md, stderr, code := runRepos(t, sp, "--appendix-only", "--budget", "16", "--repo", "client="+client, "--repo", "server="+server)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(md, "No definition found: `MissingThing` (7)") {
		t.Fatalf("want the gaps folded:\n%s", md)
	}
	if !strings.Contains(md, "- Searched: `client` at ") || !strings.Contains(md, ", `server` at ") {
		t.Errorf("folded gaps should say which repositories were searched:\n%s", md)
	}
	if !strings.Contains(md, "`client: tests`") || !strings.Contains(md, "`server: tests`") {
		t.Errorf("the dropped test-file lists should say whose they are:\n%s", md)
	}
}

// TestReposQualifiedName searches a name written after a repository's
// name, `server:Version`, in that repository only.
func TestReposQualifiedName(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	md, stderr, code := runRepos(t, "# Spec\n\nBump `NewClient` and `server:Version`; `client:Nowhere` goes.\n", "--appendix-only", "--repo", "client="+client, "--repo", "server="+server)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(md, `"2.0.1"`) || strings.Contains(md, `"1.4.0"`) || strings.Contains(md, "also defined") {
		t.Errorf("want the server's Version alone:\n%s", md)
	}
	var gap string
	for _, l := range strings.Split(md, "\n") {
		if strings.Contains(l, "Nowhere") {
			gap = l
		}
	}
	if !strings.Contains(gap, "`Nowhere` (spec line 3): no definition in `client` at ") || strings.Contains(gap, "`server`") {
		t.Errorf("want a gap for Nowhere searched in the client only: %q", gap)
	}
}

// TestReposSubmodule says a gap inside one repository's submodule is
// there, not absent, whether the reference names the repository or not.
func TestReposSubmodule(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	gitCLI(t, server, "-c", "protocol.file.allow=always", "submodule", "-q", "add", "file://"+client, "lib/sub")
	gitCLI(t, server, "commit", "-q", "-m", "sub")
	md, stderr, code := runRepos(t, "# Spec\n\n`server:lib/sub/a.go` and `lib/sub/b.go` move.\n", "--appendix-only", "--repo", "client="+client, "--repo", "server="+server)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"- `lib/sub/a.go` (spec line 3): inside git submodule `lib/sub`, which is not entered",
		"- `lib/sub/b.go` (spec line 3): in `client`: no file or directory at this path in `client` at ",
		"; in `server`: inside git submodule `lib/sub`, which is not entered",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in:\n%s", want, md)
		}
	}
	if strings.Contains(md, "`server: lib/sub`: git submodule") {
		t.Errorf("the submodule a gap names needs no line of its own:\n%s", md)
	}
}

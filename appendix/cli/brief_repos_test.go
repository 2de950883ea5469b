package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/brief"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

// TestReposBrief briefs the adversaries on a spec that spans two
// repositories: each repository's blast zone and findings say whose they
// are, the header stamps both, the bundle records both commits, the spec
// ends each briefing as written, and a second run writes the same bytes.
func TestReposBrief(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	// Prose enough for the base context of both repositories to fit.
	sp := reposSpec + "\n" + strings.Repeat("The service validates each request before it is queued; the client waits for its answer.\n", 30)
	out := filepath.Join(t.TempDir(), "gauntlet")
	args := []string{"brief", "--now", fixedNow, "--out", out, "--repo", "client=" + client, "--repo", "server=" + server, "-"}
	_, stderr, code := runIn(t, []byte(sp), args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	read := func() map[string]string {
		files := map[string]string{}
		for _, p := range brief.DefaultProfiles {
			b, err := os.ReadFile(filepath.Join(out, "briefing-"+p.Code+".md"))
			if err != nil {
				t.Fatal(err)
			}
			files[p.Code] = string(b)
		}
		b, err := os.ReadFile(filepath.Join(out, brief.BundleFile))
		if err != nil {
			t.Fatal(err)
		}
		files[brief.BundleFile] = string(b)
		return files
	}
	first := read()
	heads := map[string]string{"client": head(t, client), "server": head(t, server)}
	for _, p := range brief.DefaultProfiles {
		md := first[p.Code]
		for _, want := range []string{
			"| Git: client " + heads["client"][:7] + ", server " + heads["server"][:7] + " | Branch: client main, server main\n",
			"**client: Files the spec touches (blast zone)**\n",
			"- `client/client.go` (`NewClient`)",
			"**server: Files the spec touches (blast zone)**\n",
			"- `internal/pipeline/validate.go`",
			"## SPECIFICATION TO REVIEW\n\n" + sp,
		} {
			if !strings.Contains(md, want) {
				t.Errorf("%s: missing %q in:\n%s", p.Code, want, md)
			}
		}
		zone := md[strings.Index(md, "**server: Files the spec touches"):]
		zone = zone[:strings.Index(zone, "\n\n")]
		if strings.Contains(zone, "`version.go`") {
			t.Errorf("%s: the server's blast zone holds version.go, which the spec names in the client only:\n%s", p.Code, zone)
		}
	}
	var bundle struct {
		GitHash string `json:"git_hash"`
		Repos   []struct {
			Name    string `json:"name"`
			GitHash string `json:"git_hash"`
		} `json:"repos"`
	}
	if err := json.Unmarshal([]byte(first[brief.BundleFile]), &bundle); err != nil {
		t.Fatal(err)
	}
	if bundle.GitHash != heads["client"] || len(bundle.Repos) != 2 || bundle.Repos[0].Name != "client" || bundle.Repos[0].GitHash != heads["client"] ||
		bundle.Repos[1].Name != "server" || bundle.Repos[1].GitHash != heads["server"] {
		t.Errorf("bundle %+v, want git_hash the client's and repos client then server with their commits", bundle)
	}
	if _, stderr, code := runIn(t, []byte(sp), args...); code != 0 {
		t.Fatalf("again: exit %d: %s", code, stderr)
	}
	again := read()
	for k, v := range first {
		if again[k] != v {
			t.Errorf("%s differs on a second run", k)
		}
	}

	// One bare --repo writes the bundle of before.
	single := filepath.Join(t.TempDir(), "one")
	if _, stderr, code := runIn(t, []byte(sp), "brief", "--now", fixedNow, "--out", single, "--repo", server, "-"); code != 0 {
		t.Fatalf("one repository: exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(single, brief.BundleFile)); strings.Contains(string(b), `"repos"`) {
		t.Errorf("one repository's bundle should name none:\n%s", b)
	}
}

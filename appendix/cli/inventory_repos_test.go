package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/appendix-dev/appendix/internal/testrepo"
	"github.com/go-git/go-git/v5"
)

// TestReposInventory audits a spec that spans two repositories: the
// blast zone names each file's repository, every repository has its git
// stamp, a source found in both says where, and the inventory is written
// in the first repository, the same bytes on every run.
func TestReposInventory(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	args := []string{"inventory", "--now", fixedNow, "--format", "json", "--repo", "client=" + client, "--repo", "server=" + server, "-"}
	out, stderr, code := runIn(t, []byte(reposSpec), args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var inv struct {
		GitHash   string   `json:"git_hash"`
		BlastZone []string `json:"blast_zone"`
		Repos     []struct {
			Name    string `json:"name"`
			GitHash string `json:"git_hash"`
			Dir     string `json:"dir"`
		} `json:"appendix_repos"`
		Sources map[string]struct {
			Path    string `json:"path"`
			Summary string `json:"summary"`
		} `json:"sources"`
		GapsNoted []string `json:"gaps_noted"`
	}
	if err := json.Unmarshal([]byte(out), &inv); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	heads := map[string]string{"client": head(t, client), "server": head(t, server)}
	if inv.GitHash != heads["client"] {
		t.Errorf("git_hash %s, want the first repository's, %s", inv.GitHash, heads["client"])
	}
	if len(inv.Repos) != 2 || inv.Repos[0].Name != "client" || inv.Repos[1].Name != "server" {
		t.Fatalf("appendix_repos %+v, want client then server", inv.Repos)
	}
	for _, r := range inv.Repos {
		if r.GitHash != heads[r.Name] {
			t.Errorf("%s: git_hash %s, want %s", r.Name, r.GitHash, heads[r.Name])
		}
	}
	if rel, _ := filepath.Rel(client, server); inv.Repos[0].Dir != "." || inv.Repos[1].Dir != filepath.ToSlash(rel) {
		t.Errorf("dirs %q and %q, want . and %q: each from the first repository", inv.Repos[0].Dir, inv.Repos[1].Dir, filepath.ToSlash(rel))
	}
	for _, want := range []string{"client: client/client.go", "client: version.go", "server: internal/api/handler.go", "server: internal/pipeline/validate.go"} {
		if !slices.Contains(inv.BlastZone, want) {
			t.Errorf("blast_zone %q lacks %q", inv.BlastZone, want)
		}
	}
	if slices.Contains(inv.BlastZone, "server: version.go") {
		t.Errorf("blast_zone %q holds the server's version.go, which the spec names in the client only", inv.BlastZone)
	}
	if got := inv.Sources["dependency_manifests"]; got.Path != "client: go.mod; server: go.mod" {
		t.Errorf("dependency_manifests %+v, want both go.mod files, each after its repository", got)
	}
	written, err := os.ReadFile(filepath.Join(client, ".appendix", "inventory.json"))
	if err != nil || string(written) != out {
		t.Errorf("the first repository's inventory file should hold what was printed (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(server, ".appendix", "inventory.json")); err == nil {
		t.Errorf("the other repositories get no inventory of their own")
	}
	again, _, _ := runIn(t, []byte(reposSpec), args...)
	if again != out {
		t.Errorf("a second audit of the same state differs:\n%s\nthen\n%s", out, again)
	}
	text, stderr, code := runIn(t, []byte(reposSpec), slices.Replace(slices.Clone(args), 4, 5, "text")...)
	if code != 0 || !strings.Contains(text, "Context Readiness Audit (client git "+heads["client"][:7]+", server git "+heads["server"][:7]+", ") {
		t.Errorf("exit %d, stderr %q: the summary should stamp both repositories:\n%s", code, stderr, text)
	}

	// An entry written by hand after a repository's name stays, and is
	// searched in that repository.
	var file map[string]any
	if err := json.Unmarshal(written, &file); err != nil {
		t.Fatal(err)
	}
	file["blast_zone"] = append(file["blast_zone"].([]any), "server: internal/config/options.go")
	b, _ := json.Marshal(file)
	testrepo.Write(t, client, map[string]string{".appendix/inventory.json": string(b)})
	kept, stderr, code := runIn(t, []byte(reposSpec), args...)
	if code != 0 || !strings.Contains(kept, `"server: internal/config/options.go"`) {
		t.Errorf("exit %d, stderr %q: the hand-made entry should stay:\n%s", code, stderr, kept)
	}

	// One bare --repo writes the inventory of before.
	single, stderr, code := runIn(t, []byte(reposSpec), "inventory", "--now", fixedNow, "--format", "json", "--repo", server, "-")
	if code != 0 || strings.Contains(single, "appendix_repos") || strings.Contains(single, `"server: `) {
		t.Errorf("exit %d, stderr %q: one repository's inventory should name none:\n%s", code, stderr, single)
	}

	// A change in one repository is counted in that one.
	r, err := git.PlainOpen(server)
	if err != nil {
		t.Fatal(err)
	}
	testrepo.Write(t, server, map[string]string{"internal/api/handler.go": "package api\n\n// HandleValidate serves POST /validate.\nfunc HandleValidate() { _ = 1 }\n"})
	testrepo.Commit(t, r, "handler", time.Hour)
	_, stderr, code = runIn(t, []byte(reposSpec), args...)
	if want := "appendix: server: 1 file changed since the last audit at " + heads["server"][:7] + "\n"; code != 0 || stderr != want {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr, want)
	}
}

// head is the commit HEAD is at in the repository at dir.
func head(t *testing.T, dir string) string {
	t.Helper()
	r, err := git.PlainOpen(dir)
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Head()
	if err != nil {
		t.Fatal(err)
	}
	return h.Hash().String()
}

// TestReposRoundRecordsRepos: a round over several repositories that
// starts the inventory records them, names, commits and directories, so
// that a later command (the debate gate's) can span them again.
func TestReposRoundRecordsRepos(t *testing.T) {
	client, server := testrepo.New(t, clientRepo), testrepo.New(t, serverRepo)
	_, stderr, code := runIn(t, []byte(reposSpec), "--round", "2", "--now", fixedNow, "--repo", "client="+client, "--repo", "server="+server, "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(client, ".appendix", "inventory.json"))
	if err != nil {
		t.Fatal(err)
	}
	var inv struct {
		Repos []struct {
			Name    string `json:"name"`
			GitHash string `json:"git_hash"`
			Dir     string `json:"dir"`
		} `json:"appendix_repos"`
	}
	if err := json.Unmarshal(b, &inv); err != nil {
		t.Fatalf("%v:\n%s", err, b)
	}
	rel, _ := filepath.Rel(client, server)
	if len(inv.Repos) != 2 || inv.Repos[0].Name != "client" || inv.Repos[0].Dir != "." || inv.Repos[0].GitHash != head(t, client) ||
		inv.Repos[1].Name != "server" || inv.Repos[1].Dir != filepath.ToSlash(rel) || inv.Repos[1].GitHash != head(t, server) {
		t.Errorf("appendix_repos %+v, want client at . and server at %s with their commits", inv.Repos, rel)
	}
}

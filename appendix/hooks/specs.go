package hooks

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/appendix-dev/appendix/appendix/governs"
	"github.com/appendix-dev/appendix/inventory"
)

// SpecsDir holds one directory of drafts per spec, relative to the root.
const SpecsDir = governs.SpecsDir

// specPath resolves a spec path a session writes: absolute, or relative
// to the root or to .adversarial-spec. It returns "" for a file that does
// not exist.
func specPath(root, p string) string {
	for _, c := range inventory.SpecCandidates(root, p) {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			return c
		}
	}
	return ""
}

// live returns the live spec of the spec in file: the live spec of its
// directory when that is a spec's directory of drafts, else file.
func live(root, file string) string {
	if inventory.DraftDir(root, file) == "" {
		return file
	}
	if l := governs.LiveInDir(filepath.Dir(file)); l != "" {
		return l
	}
	return file
}

// liveSpecs returns the live specs of the active debate, absolute and
// each once, in the order the session names them, and how many of the
// specs it names do not exist.
func liveSpecs(root string) (specs []string, missing int, err error) {
	_, named, err := inventory.ActiveSession(root)
	if err != nil {
		return nil, 0, err
	}
	seen := map[string]bool{}
	for _, n := range named {
		p := specPath(root, n)
		if p == "" {
			missing++
			continue
		}
		p = live(root, p)
		if !seen[p] {
			seen[p] = true
			specs = append(specs, p)
		}
	}
	return specs, missing, nil
}

// Pointer returns the absolute path of the live spec of id: a session (its
// session_id, or its file's name in .adversarial-spec/sessions without
// .json) or a spec (its directory in .adversarial-spec/specs); with no id,
// of the active session. The project is the nearest directory from dir up
// that holds .adversarial-spec. It returns "" for an id it does not know.
func Pointer(dir, id string) string {
	root, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for !isDir(filepath.Join(root, ".adversarial-spec")) {
		up := filepath.Dir(root)
		if up == root {
			return ""
		}
		root = up
	}
	if id == "" {
		specs, _, err := liveSpecs(root)
		if err != nil || len(specs) == 0 {
			return ""
		}
		return specs[0]
	}
	if id == "." || id == ".." || strings.ContainsAny(id, `/\`) {
		return ""
	}
	if p := sessionSpec(root, id); p != "" {
		return p
	}
	return governs.LiveInDir(filepath.Join(root, filepath.FromSlash(SpecsDir), id))
}

// sessionSpec returns the live spec of the session id, or "".
func sessionSpec(root, id string) string {
	dir := filepath.Join(root, ".adversarial-spec", "sessions")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".json") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		var s struct {
			ID   string `json:"session_id"`
			Spec string `json:"spec_path"`
			Ext  struct {
				Draft string `json:"spec_draft_path"`
			} `json:"extended_state"`
		}
		if json.Unmarshal(b, &s) != nil || (s.ID != id && strings.TrimSuffix(name, ".json") != id) {
			continue
		}
		for _, n := range []string{s.Spec, s.Ext.Draft} {
			if n == "" {
				continue
			}
			if p := specPath(root, n); p != "" {
				return live(root, p)
			}
		}
	}
	return ""
}

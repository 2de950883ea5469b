package atomic

import (
	"os"
	"path/filepath"
	"strings"
	"time"
)

// StaleAge is how old a temporary file of WriteFile must be for
// RemoveStale to take it for a killed writer's: a live write renames its
// file moments after writing it.
const StaleAge = time.Minute

// tempPattern is the os.CreateTemp pattern of WriteFile's temporary file
// for a target named base: ".<base>.tmp-" and random digits.
func tempPattern(base string) string { return "." + base + ".tmp-*" }

// RemoveStale removes the temporary files WriteFile left in dir, when
// older than StaleAge, for targets whose names match one of patterns
// (filepath.Match): a run killed while writing leaves them. Nothing else
// is touched, and failures are ignored: they only leave a file behind.
func RemoveStale(dir string, patterns ...string) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	limit := time.Now().Add(-StaleAge)
	for _, d := range des {
		base, ok := tempTarget(d.Name())
		if !ok || !d.Type().IsRegular() || !matchAny(patterns, base) {
			continue
		}
		if info, err := d.Info(); err == nil && info.ModTime().Before(limit) {
			os.Remove(filepath.Join(dir, d.Name()))
		}
	}
}

// tempTarget returns the target name of a temporary file's name, if it is
// one WriteFile makes.
func tempTarget(name string) (string, bool) {
	i := strings.LastIndex(name, ".tmp-")
	if i < 2 || name[0] != '.' {
		return "", false
	}
	digits := name[i+len(".tmp-"):]
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", false
	}
	return name[1:i], true
}

func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, _ := filepath.Match(p, name); ok {
			return true
		}
	}
	return false
}

// IgnoreAll keeps dir, a tool's local state, out of git status: it gives
// dir a .gitignore that ignores everything in it, written whole or not at
// all, unless it has one. It makes dir if need be; it cannot fail the
// caller, whose state is written all the same.
func IgnoreAll(dir string) {
	RemoveStale(dir, ".gitignore")
	gi := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(gi); err == nil || os.MkdirAll(dir, 0o755) != nil {
		return
	}
	_ = WriteFile(gi, []byte("# Written by appendix: its inventory and cache are local state.\n*\n"), 0o644)
}

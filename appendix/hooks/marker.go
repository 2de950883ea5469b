package hooks

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// markerDir returns the user's private directory of session markers,
// made when missing: mode 0700, owned by the user, not a symbolic link.
// Another's directory, or one others can read, is not used.
func markerDir(env *Env) (string, error) {
	base := env.StateDir
	if base == "" {
		base = env.Getenv("TMPDIR")
	}
	if base == "" {
		base = os.TempDir()
	}
	dir := filepath.Join(base, fmt.Sprintf("appendix-hooks-%d", os.Getuid()))
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", errNoMarker
	}
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() || st.Mode().Perm() != 0o700 || !ownedByUser(st) {
		return "", errNoMarker
	}
	return dir, nil
}

// markerName is the file name of the marker of what (a hook, or a hook
// and a file) in a session: hashes, so that no session id or path,
// whatever it holds, names a file outside the marker directory.
func markerName(what, session string) string {
	sum := sha256.Sum256([]byte(what + "\x00" + session))
	return "m-" + hex.EncodeToString(sum[:16])
}

// marked reports whether the marker of what in session exists.
func marked(env *Env, what, session string) bool {
	dir, err := markerDir(env)
	if err != nil {
		return false
	}
	_, err = os.Lstat(filepath.Join(dir, markerName(what, session)))
	return err == nil
}

// mark creates the marker of what in session. It reports false when the
// marker already existed, and an error when it cannot be made.
func mark(env *Env, what, session string) (bool, error) {
	dir, err := markerDir(env)
	if err != nil {
		return false, err
	}
	f, err := os.OpenFile(filepath.Join(dir, markerName(what, session)), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, errNoMarker
	}
	return true, f.Close()
}

package gitinfo

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// readSafe are the repository extensions that change how git writes or
// fetches but not how HEAD, refs, the index, commits and trees are read:
// per-worktree config files (git worktree, sparse-checkout and coding
// agents' worktrees turn it on and leave it on), objects a partial clone
// fetches on demand (read here as missing objects), and objects gc must
// not prune. go-git refuses every repository that sets one of them.
var readSafe = map[string]bool{
	"worktreeconfig":  true,
	"partialclone":    true,
	"preciousobjects": true,
	"noop":            true,
}

// readSafeExtensions reports whether err is go-git refusing a repository
// only for extensions in readSafe.
func readSafeExtensions(err error) bool {
	var names string
	for _, e := range []error{git.ErrUnsupportedExtensionRepositoryFormatVersion, git.ErrUnknownExtension} {
		if errors.Is(err, e) {
			names = strings.TrimPrefix(err.Error(), e.Error()+": ")
		}
	}
	if names == "" {
		return false
	}
	for _, n := range strings.Split(names, ", ") {
		if !readSafe[strings.ToLower(strings.TrimSpace(n))] {
			return false
		}
	}
	return true
}

// withoutReadSafe is cfg without the extensions in readSafe, so that
// go-git opens the repository for reading.
func withoutReadSafe(cfg *config.Config) *config.Config {
	if cfg == nil || cfg.Raw == nil || !cfg.Raw.HasSection("extensions") {
		return cfg
	}
	sec := cfg.Raw.Section("extensions")
	kept := sec.Options[:0:0]
	for _, o := range sec.Options {
		if !readSafe[strings.ToLower(o.Key)] {
			kept = append(kept, o)
		}
	}
	sec.Options = kept
	return cfg
}

// openReadOnly opens the repository whose work tree is root through a
// storage that leaves the readSafe extensions out of its config.
func openReadOnly(root string) (*git.Repository, error) {
	dot, err := dotGitFS(root)
	if err != nil {
		return nil, err
	}
	s, _ := withAlternates(dot, nil)
	return git.Open(s, osfs.New(root))
}

// dotGitFS is the git directory of the work tree root: .git itself, or
// for a linked worktree the directory its .git file names, read together
// with the common directory it shares with the main work tree.
func dotGitFS(root string) (billy.Filesystem, error) {
	dot := filepath.Join(root, ".git")
	st, err := os.Stat(dot)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return osfs.New(dot), nil
	}
	b, err := os.ReadFile(dot)
	if err != nil {
		return nil, err
	}
	gd, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return nil, errors.New(dot + ": no gitdir: line")
	}
	gd = strings.TrimSpace(gd)
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(root, gd)
	}
	common := commonDir(root)
	if filepath.Clean(common) == filepath.Clean(gd) {
		return osfs.New(gd), nil
	}
	return dotgit.NewRepositoryFilesystem(osfs.New(gd), osfs.New(common)), nil
}

package gitinfo

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// File is one file found by Walk.
type File struct {
	Path string // slash-separated, relative to Root
	Size int64
}

// Walk lists the regular files under the scope that git would track, sorted
// by path: nested .gitignore files, .git/info/exclude and the global and
// system excludes apply, and ignored directories are never entered. Symbolic
// links are not followed. skipDir may prune more directories by their
// slash-separated path relative to Root.
func (r *Repo) Walk(ctx context.Context, skipDir func(rel string) bool) ([]File, error) {
	var base []gitignore.Pattern
	if r.ignores {
		root := osfs.New("/")
		if ps, err := gitignore.LoadSystemPatterns(root); err == nil {
			base = append(base, ps...)
		}
		if ps, err := gitignore.LoadGlobalPatterns(root); err == nil {
			base = append(base, ps...)
		}
		base = append(base, readPatterns(filepath.Join(r.gitDir, "info", "exclude"), nil)...)
	}
	// Ignore files of the directories above the scope still apply to it.
	var parts []string
	if r.Scope != "" {
		parts = strings.Split(r.Scope, "/")
	}
	ps := append([]gitignore.Pattern(nil), base...)
	if r.ignores {
		for i := 0; i < len(parts); i++ {
			ps = append(ps, readPatterns(filepath.Join(r.Root, filepath.FromSlash(path.Join(parts[:i]...)), ".gitignore"), parts[:i])...)
		}
	}
	var files []File
	err := r.walkDir(ctx, parts, ps, skipDir, &files)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, err
}

func (r *Repo) walkDir(ctx context.Context, dir []string, ps []gitignore.Pattern, skipDir func(string) bool, out *[]File) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	abs := filepath.Join(r.Root, filepath.FromSlash(path.Join(dir...)))
	entries, err := os.ReadDir(abs)
	if err != nil {
		if len(dir) == 0 {
			return err
		}
		return nil // unreadable subdirectory: skip it, as git would report and go on
	}
	if r.ignores {
		if local := readPatterns(filepath.Join(abs, ".gitignore"), dir); len(local) > 0 {
			ps = append(ps[:len(ps):len(ps)], local...)
		}
	}
	m := gitignore.NewMatcher(ps)
	for _, e := range entries {
		name := e.Name()
		if name == ".git" {
			continue
		}
		child := append(dir[:len(dir):len(dir)], name)
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 || !(isDir || e.Type().IsRegular()) {
			continue
		}
		if len(ps) > 0 && m.Match(child, isDir) {
			continue
		}
		rel := path.Join(child...)
		if isDir {
			if skipDir != nil && skipDir(rel) {
				continue
			}
			if err := r.walkDir(ctx, child, ps, skipDir, out); err != nil {
				return err
			}
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		*out = append(*out, File{Path: rel, Size: info.Size()})
	}
	return nil
}

// readPatterns parses one ignore file; a missing file has no patterns.
func readPatterns(file string, domain []string) []gitignore.Pattern {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

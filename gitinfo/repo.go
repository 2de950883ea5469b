package gitinfo

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/appendix-dev/appendix/internal/filestat"
)

// ErrBare is returned by Open for a repository without a work tree.
var ErrBare = errors.New("bare repository: no work tree to extract from")

// Repo is a directory to extract from, with its git repository if it has one.
type Repo struct {
	Root   string // absolute work tree root (or the directory itself outside git)
	Scope  string // slash-separated directory under Root that the walk covers ("" = all)
	git    *git.Repository
	gitDir string // for .git/info/exclude; the common dir in a linked worktree
	// Warning says why git information is missing although there is a .git.
	Warning string
	// IndexWarning says the index could not be read (a split index, an
	// extension go-git does not know): the walk matched ignore rules for
	// every file and Dirty hashed files against HEAD instead.
	IndexWarning string
	// ObjectWarnings say which object directories listed as alternates
	// cannot be read: the objects stored there are missing.
	ObjectWarnings []string
	// Submodules are the nested repositories the last Walk did not enter:
	// gitlinks in the index and directories holding their own .git.
	Submodules []string
	// Pruned are the directories holding tracked files that the last
	// Walk's skipDir kept it out of (vendor/, third_party/), sorted.
	Pruned []string
	// Listings, when set, keeps directory listings between walks.
	Listings Listings
	ignores  bool // apply .gitignore rules while walking

	objsOnce sync.Once
	objs     *objects // (objectsOnce)

	tracked     map[string]int64 // index sizes plus one, by path (from the last Walk)
	trackedDirs map[string]bool
	entries     map[string]*index.Entry // the index as the last Walk read it
	noIndex     bool                    // the index could not be read
	// indexWritten is the modification time of the index file entries
	// were read from.
	indexWritten time.Time
	gitlinks     map[string]bool // submodule paths recorded in the index
}

// Head is what HEAD points at.
type Head struct {
	Commit   string // 40 hex digits, "" when there are no commits yet
	Short    string
	Branch   string // "" when detached
	Detached bool
}

// Open finds the work tree that contains dir. Outside any git repository
// the directory itself is the root and Git reports false.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%s: not a directory", dir)
	}
	if isBareDir(abs) {
		return nil, fmt.Errorf("%s: %w", dir, ErrBare)
	}
	r, err := git.PlainOpenWithOptions(abs, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if errors.Is(err, git.ErrRepositoryNotExists) {
		return &Repo{Root: abs}, nil
	}
	if err != nil && readSafeExtensions(err) {
		if root := findWorkTree(abs); root != "" {
			if rr, oerr := openReadOnly(root); oerr == nil {
				r, err = rr, nil
			}
		}
	}
	if err != nil {
		// A repository go-git cannot read (an extension it does not know,
		// such as worktreeConfig from git sparse-checkout) is still a work
		// tree: extract from it, without provenance, and say so.
		if root := findWorkTree(abs); root != "" {
			return &Repo{Root: root, ignores: true, gitDir: commonDir(root),
				Warning: fmt.Sprintf("%s: go-git cannot read this repository (%v): no provenance; ignore rules still apply", root, err)}, nil
		}
		return nil, fmt.Errorf("%s: open git repository: %w", dir, err)
	}
	wt, err := r.Worktree()
	if errors.Is(err, git.ErrIsBareRepository) {
		return nil, fmt.Errorf("%s: %w", dir, ErrBare)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	root := wt.Filesystem.Root()
	if rr, err := filepath.EvalSymlinks(root); err == nil {
		root = rr
	}
	if aa, err := filepath.EvalSymlinks(abs); err == nil {
		abs = aa
	}
	scope, err := filepath.Rel(root, abs)
	if err != nil || strings.HasPrefix(scope, "..") {
		scope = "."
	}
	repo := &Repo{Root: root, Scope: strings.TrimPrefix(filepath.ToSlash(scope), "."), git: r, gitDir: commonDir(root), ignores: true}
	if err := repo.followAlternates(wt.Filesystem); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return repo, nil
}

// followAlternates reopens the repository with a storage that keeps pack
// files open (storageOptions) and reads the object directories its
// objects/info/alternates lists (a clone made with --shared or
// --reference keeps its history there), and notes those that cannot be
// read.
func (r *Repo) followAlternates(wt billy.Filesystem) error {
	var fs billy.Filesystem
	switch st := r.git.Storer.(type) {
	case *filesystem.Storage:
		fs = st.Filesystem()
	case *altStorage:
		fs = st.Storage.Filesystem()
	default:
		return nil
	}
	objects := filepath.Join(r.gitDir, "objects")
	var dirs []string
	var problems []string
	if _, err := os.Lstat(filepath.Join(objects, "info", "alternates")); err == nil {
		dirs, problems = alternateDirs(objects)
	}
	s, more := withAlternates(fs, dirs)
	r.ObjectWarnings = append(problems, more...)
	g, err := git.Open(s, wt)
	if err != nil {
		return err
	}
	r.git = g
	return nil
}

// findWorkTree returns the nearest directory at or above dir holding a
// .git entry, or "".
func findWorkTree(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// isBareDir reports whether dir itself looks like a bare repository.
func isBareDir(dir string) bool {
	for _, f := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return false
		}
	}
	_, err := os.Stat(filepath.Join(dir, ".git"))
	return err != nil
}

// commonDir is the git directory holding info/exclude: .git itself, or the
// main repository's for a linked worktree whose .git is a file.
func commonDir(root string) string {
	dot := filepath.Join(root, ".git")
	st, err := os.Stat(dot)
	if err != nil || st.IsDir() {
		return dot
	}
	b, err := os.ReadFile(dot)
	if err != nil {
		return dot
	}
	gd := strings.TrimSpace(strings.TrimPrefix(string(b), "gitdir:"))
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(root, gd)
	}
	if c, err := os.ReadFile(filepath.Join(gd, "commondir")); err == nil {
		cd := strings.TrimSpace(string(c))
		if !filepath.IsAbs(cd) {
			cd = filepath.Join(gd, cd)
		}
		return filepath.Clean(cd)
	}
	return gd
}

// Git reports whether the root is inside a git repository.
func (r *Repo) Git() bool { return r.git != nil }

// Head returns HEAD. With no commits yet it returns the unborn branch and an
// empty Commit; outside git it returns nil. HEAD at a commit that cannot be
// read, or whose root tree cannot be, is a *HeadError.
func (r *Repo) Head() (*Head, error) {
	if r.git == nil {
		return nil, nil
	}
	ref, err := r.headRef()
	if err != nil {
		return nil, err
	}
	if ref == nil {
		h := &Head{}
		if sym, err := r.git.Storer.Reference(plumbing.HEAD); err == nil && sym.Type() == plumbing.SymbolicReference {
			h.Branch = sym.Target().Short()
		}
		return h, nil
	}
	if _, err := r.objects().rootTree(ref.Hash()); err != nil {
		return nil, headError(ref, err)
	}
	h := &Head{Commit: ref.Hash().String()}
	h.Short = h.Commit[:7]
	if ref.Name().IsBranch() {
		h.Branch = ref.Name().Short()
	} else {
		h.Detached = true
	}
	return h, nil
}

// headRef resolves HEAD: nil with no commit yet (HEAD on a branch that
// does not exist), a *HeadError when HEAD itself cannot be read.
func (r *Repo) headRef() (*plumbing.Reference, error) {
	ref, err := r.git.Head()
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, &HeadError{Ref: "HEAD", Err: err}
	}
	return ref, nil
}

// HeadError is HEAD, or the commit it is at, that cannot be read: a HEAD
// or ref file garbled, an object missing from the repository (a branch
// set by hand, an alternate gone) or one in a corrupt pack.
type HeadError struct {
	Ref  string // the branch HEAD is on ("refs/heads/main"), or "HEAD" when detached
	Hash string // "" when HEAD itself cannot be read
	Err  error
}

func headError(ref *plumbing.Reference, err error) *HeadError {
	return &HeadError{Ref: ref.Name().String(), Hash: ref.Hash().String(), Err: err}
}

func (e *HeadError) Error() string {
	at := "HEAD"
	if e.Ref != "HEAD" {
		at = "HEAD's branch " + e.Ref
	}
	switch {
	case e.Hash == "":
		return fmt.Sprintf("HEAD cannot be read: %v", e.Err)
	case e.Hash == plumbing.ZeroHash.String():
		return at + " holds no object id" // (go-git reads what is none as zeros)
	case errors.Is(e.Err, plumbing.ErrObjectNotFound):
		return fmt.Sprintf("%s is at %s, an object missing from the repository", at, e.Hash)
	}
	why := e.Err.Error()
	for _, what := range []string{"object", "commit"} { // the readers' prefixes, naming it again
		why = strings.TrimPrefix(why, what+" "+e.Hash+": ")
	}
	return fmt.Sprintf("%s is at %s, which cannot be read: %s", at, e.Hash, why)
}

func (e *HeadError) Unwrap() error { return e.Err }

// Dirty returns, in the order given, the paths (slash-separated, relative to
// Root) that differ from HEAD: staged changes, unstaged changes, or files git
// does not track. It reads the index once and hashes a file only when its
// stat data no longer match the index entry (see statClean). HEAD's tree
// not read in full is an error, never a file taken for changed.
func (r *Repo) Dirty(paths []string) ([]string, error) {
	if r.git == nil || len(paths) == 0 {
		return nil, nil
	}
	entries := r.entries // read once per run, by Walk
	if entries == nil && !r.noIndex {
		all, err := r.indexEntries()
		if err != nil {
			r.noIndex = true
			r.IndexWarning = indexWarning(err)
		} else {
			entries = make(map[string]*index.Entry, len(all))
			for _, e := range all {
				entries[e.Name] = e
			}
		}
	}
	head, err := r.headFiles()
	if err != nil {
		return nil, err
	}
	var dirty []string
	for _, p := range paths {
		changed, err := r.fileChanged(p, entries[p], head)
		if err != nil {
			return nil, err
		}
		if changed {
			dirty = append(dirty, p)
		}
	}
	return dirty, nil
}

// headFiles returns the lookup of a path's blob in HEAD's tree, or nil
// when there is no commit yet.
func (r *Repo) headFiles() (func(p string) (plumbing.Hash, bool, error), error) {
	ref, err := r.headRef()
	if ref == nil {
		return nil, err
	}
	o := r.objects()
	root, err := o.rootTree(ref.Hash())
	if err != nil {
		return nil, headError(ref, err)
	}
	return func(p string) (plumbing.Hash, bool, error) {
		h, ok, err := o.blob(ref.Hash(), root, p)
		if err != nil {
			return h, false, fmt.Errorf("%s in HEAD: %w", p, err)
		}
		return h, ok, nil
	}, nil
}

func (r *Repo) fileChanged(p string, e *index.Entry, head func(string) (plumbing.Hash, bool, error)) (bool, error) {
	if r.noIndex && head != nil {
		// No index to compare stat data with: the file's content against
		// HEAD's, which is what a reader of the appendix cares about.
		hh, ok, err := head(p)
		if err != nil {
			return false, err
		}
		if !ok {
			return true, nil
		}
		h, err := BlobHash(r.Root, p)
		if err != nil {
			return true, nil
		}
		return h != hh.String(), nil
	}
	if e == nil || head == nil {
		return true, nil // untracked, or nothing committed yet
	}
	hh, ok, err := head(p)
	if err != nil {
		return false, err
	}
	if !ok || hh != e.Hash {
		return true, nil // staged change (or staged addition)
	}
	full := filepath.Join(r.Root, filepath.FromSlash(p))
	st, err := os.Lstat(full)
	if err != nil {
		return true, nil // deleted in the work tree
	}
	if r.statClean(e, filestat.Of(st)) {
		return false, nil
	}
	if e.Mode == filemode.Symlink {
		return true, nil
	}
	b, err := os.ReadFile(full)
	if err != nil {
		return false, fmt.Errorf("%s: %w", p, err)
	}
	return plumbing.ComputeHash(plumbing.BlobObject, b) != e.Hash, nil
}

// statClean says whether a file's stat data are those the index recorded
// for it, as git compares them: size, modification time, change time and
// inode (the last two where the system gives them); and whether the entry
// is not racily clean, its times older than the index file's own (a file
// changed within the clock tick the index was written in can keep them).
// Anything else is hashed.
func (r *Repo) statClean(e *index.Entry, s filestat.Stamp) bool {
	if e.ModifiedAt.IsZero() || e.Size != uint32(s.Size) || e.ModifiedAt.UnixNano() != s.Mtime {
		return false
	}
	if s.Ctime != 0 && (e.CreatedAt.IsZero() || e.CreatedAt.UnixNano() != s.Ctime) {
		return false
	}
	if s.Ino != 0 && e.Inode != uint32(s.Ino) {
		return false
	}
	return e.ModifiedAt.Before(r.indexWritten) && (s.Ctime == 0 || e.CreatedAt.Before(r.indexWritten))
}

// indexWarning is the one line said when go-git cannot read the index.
func indexWarning(err error) string {
	return fmt.Sprintf("git index unreadable by go-git (%v): ignore rules matched for every file, uncommitted changes found by hashing against HEAD", err)
}

// BlobHash is git's object id for the file's current content, the same
// for a file whether or not it is committed.
func BlobHash(root, rel string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return "", err
	}
	return plumbing.ComputeHash(plumbing.BlobObject, b).String(), nil
}

// Commit is one commit of a file's history.
type Commit struct {
	Hash    string
	When    time.Time
	Subject string
}

// RecentCommits returns up to n commits, newest first, that touch any of
// paths (all commits when paths is empty). A commit or tree on the way
// that cannot be read is an error naming it, with the commits found
// before it.
func (r *Repo) RecentCommits(paths []string, n int) ([]Commit, error) {
	if r.git == nil {
		return nil, nil
	}
	ref, err := r.headRef()
	if ref == nil {
		return nil, err // (none with no commits yet)
	}
	objs := namedObjects{r.git.Storer}
	head, err := object.GetCommit(objs, ref.Hash())
	if err != nil {
		return nil, headError(ref, r.objects().explain(err))
	}
	iter := object.NewCommitIterCTime(head, r.shallowParents(), nil)
	defer iter.Close()
	// A commit touches a path when the file there differs from the one in
	// the commit after it in the walk (go-git's path-filtered log compares
	// neighbours in the walk's order, not a commit and its parent): only
	// the trees on the paths are read, not whole trees diffed.
	var out []Commit
	cur, err := iter.Next()
	if err != nil {
		return nil, fmt.Errorf("git log: %w", err)
	}
	look := newTreeLookup(objs)
	curFiles, err := look.filesAt(cur, paths)
	for err == nil && len(out) < n {
		next, nextErr := iter.Next()
		if nextErr != nil && nextErr != io.EOF {
			return out, fmt.Errorf("git log: %w", nextErr)
		}
		var nextFiles []treeFile
		if next != nil {
			if nextFiles, err = look.filesAt(next, paths); err != nil {
				break
			}
		}
		if len(paths) == 0 || touched(curFiles, nextFiles) {
			subject, _, _ := strings.Cut(cur.Message, "\n")
			out = append(out, Commit{Hash: cur.Hash.String()[:7], When: cur.Committer.When.UTC(), Subject: subject})
		}
		if next == nil {
			break
		}
		cur, curFiles = next, nextFiles
	}
	return out, err
}

// Shallow reports a shallow clone: its history stops at commits whose
// parents it does not hold, which a later fetch may bring.
func (r *Repo) Shallow() bool {
	if r.git == nil {
		return false
	}
	boundary, _ := r.git.Storer.Shallow()
	return len(boundary) > 0
}

// shallowParents are the parents of a shallow clone's boundary commits,
// which the clone does not hold: a walk of its history stops there.
func (r *Repo) shallowParents() map[plumbing.Hash]bool {
	out := map[plumbing.Hash]bool{}
	boundary, _ := r.git.Storer.Shallow()
	for _, h := range boundary {
		if c, err := r.git.CommitObject(h); err == nil {
			for _, p := range c.ParentHashes {
				out[p] = true
			}
		}
	}
	return out
}

// treeFile is a file in a commit's tree: its hash and mode, or none.
type treeFile struct {
	hash plumbing.Hash
	mode filemode.FileMode
	ok   bool
}

// treeLookup finds files in the trees of a walk's commits. Neighbouring
// commits share most subtrees, so what a path resolves to under a tree is
// kept by the tree's hash: a subtree met again is not read again.
type treeLookup struct {
	s    storer.EncodedObjectStorer
	memo map[treePath]treeFile
}

// treePath is a slash-separated path under the tree of that hash.
type treePath struct {
	tree plumbing.Hash
	path string
}

func newTreeLookup(s storer.EncodedObjectStorer) *treeLookup {
	return &treeLookup{s: s, memo: map[treePath]treeFile{}}
}

// filesAt looks each path up in a commit's tree: a file there, or none (a
// directory is no file).
func (l *treeLookup) filesAt(c *object.Commit, paths []string) ([]treeFile, error) {
	out := make([]treeFile, len(paths))
	if len(paths) == 0 {
		return out, nil
	}
	var tree *object.Tree // read when a path is not known under it
	for i, p := range paths {
		if f, ok := l.memo[treePath{c.TreeHash, p}]; ok {
			out[i] = f
			continue
		}
		if tree == nil {
			t, err := c.Tree()
			if err != nil {
				return nil, fmt.Errorf("commit %s: %w", c.Hash, err)
			}
			tree = t
		}
		f, err := l.findFile(tree, p)
		if err != nil {
			return nil, fmt.Errorf("commit %s: %s: %w", c.Hash, p, err)
		}
		out[i] = f
	}
	return out, nil
}

// findFile returns the file at p (slash-separated) in tree, or none: a
// directory is no file, and a file where p needs a directory ends the
// lookup. Only the trees on the way that were not met before are read.
func (l *treeLookup) findFile(tree *object.Tree, p string) (treeFile, error) {
	var f treeFile
	var seen []treePath // the lookups this one answers
	for {
		key := treePath{tree.Hash, p}
		if known, ok := l.memo[key]; ok {
			f = known
			break
		}
		seen = append(seen, key)
		name, rest, sub := strings.Cut(p, "/")
		var e *object.TreeEntry
		for j := range tree.Entries {
			if tree.Entries[j].Name == name {
				e = &tree.Entries[j]
				break
			}
		}
		if e == nil || sub != (e.Mode == filemode.Dir) {
			break
		}
		if !sub {
			f = treeFile{e.Hash, e.Mode, true}
			break
		}
		if known, ok := l.memo[treePath{e.Hash, rest}]; ok {
			f = known
			break
		}
		next, err := object.GetTree(l.s, e.Hash)
		if err != nil {
			return treeFile{}, err
		}
		tree, p = next, rest
	}
	for _, k := range seen {
		l.memo[k] = f
	}
	return f, nil
}

// namedObjects names the object in go-git's read errors, which do not
// ("flate: corrupt input"): a walk that fails says where.
type namedObjects struct{ storer.EncodedObjectStorer }

func (s namedObjects) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	o, err := s.EncodedObjectStorer.EncodedObject(t, h)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", t, h, err)
	}
	return o, nil
}

// touched reports a path whose file differs between two commits: added,
// removed, or changed in content or mode.
func touched(a, b []treeFile) bool {
	for i := range a {
		var o treeFile
		if b != nil {
			o = b[i]
		}
		if a[i] != o {
			return true
		}
	}
	return false
}

// abbreviated reports whether h is an abbreviated commit hash: 4 to 39
// hexadecimal digits.
func abbreviated(h string) bool { return len(h) >= 4 && len(h) < 40 && hexDigits(h) }

// hexDigits reports a string of hexadecimal digits only.
func hexDigits(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}

// ChangedFiles returns the paths that differ between two commits, through
// a tree diff.
func (r *Repo) ChangedFiles(from, to string) ([]string, error) {
	if r.git == nil {
		return nil, nil
	}
	tree := func(h string) (*object.Tree, error) {
		hash := plumbing.NewHash(h)
		if abbreviated(h) {
			// (a unique prefix, as adversarial-spec records its audit's commit)
			rh, err := r.git.ResolveRevision(plumbing.Revision(h))
			if err != nil {
				return nil, err
			}
			hash = *rh
		}
		c, err := r.git.CommitObject(hash)
		if err != nil {
			return nil, err
		}
		return c.Tree()
	}
	a, err := tree(from)
	if err != nil {
		return nil, fmt.Errorf("commit %s: %w", from, err)
	}
	b, err := tree(to)
	if err != nil {
		return nil, fmt.Errorf("commit %s: %w", to, err)
	}
	changes, err := object.DiffTree(a, b)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, ch := range changes {
		for _, n := range []string{ch.From.Name, ch.To.Name} {
			if n != "" && (len(out) == 0 || out[len(out)-1] != n) {
				out = append(out, n)
			}
		}
	}
	return out, nil
}

// Resolve is the commit revision rev names: a commit, a tag, a branch or
// a unique prefix of a commit. ErrNoRevision when it names nothing in this
// repository. A full commit id, a tag and a branch are read without
// go-git's pack index, whose first use maps every object of the pack.
func (r *Repo) Resolve(rev string) (string, error) {
	if r.git == nil {
		return "", ErrNoRevision
	}
	h, ok := r.named(rev)
	if !ok {
		ph, err := r.git.ResolveRevision(plumbing.Revision(rev))
		if err != nil {
			return "", ErrNoRevision
		}
		h = *ph
	}
	if _, err := r.objectsOnce().rootTree(h); err != nil {
		return "", ErrNoRevision // (a commit of another repository)
	}
	return h.String(), nil
}

// named is the object a full commit id, a tag or a branch names, an
// annotated tag peeled to its commit; false when rev is none of those.
func (r *Repo) named(rev string) (plumbing.Hash, bool) {
	if len(rev) == 40 && hexDigits(rev) {
		return plumbing.NewHash(strings.ToLower(rev)), true
	}
	for _, name := range []plumbing.ReferenceName{plumbing.NewTagReferenceName(rev), plumbing.NewBranchReferenceName(rev)} {
		ref, err := r.git.Reference(name, true)
		if err != nil {
			continue
		}
		h := ref.Hash()
		if o := r.objectsOnce(); o.fast != nil {
			if typ, data, err := o.fast.read(h); err == nil && typ == plumbing.TagObject {
				if line, _, _ := bytes.Cut(data, []byte("\n")); bytes.HasPrefix(line, []byte("object ")) {
					h = plumbing.NewHash(string(line[len("object "):]))
				}
			}
		}
		return h, true
	}
	return plumbing.ZeroHash, false
}

// FileAt is the content of the file at path (slash-separated, from the
// root of the repository) in commit, a full commit id (see Resolve).
func (r *Repo) FileAt(commit, path string) ([]byte, error) {
	if r.git == nil {
		return nil, ErrNoRevision
	}
	o := r.objectsOnce()
	c := plumbing.NewHash(commit)
	root, err := o.rootTree(c)
	if err != nil {
		return nil, ErrNoRevision
	}
	b, ok, err := o.blob(c, root, path)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fs.ErrNotExist
	}
	if o.fast != nil {
		if typ, data, err := o.fast.read(b); err == nil && typ == plumbing.BlobObject {
			return data, nil
		}
	}
	blob, err := r.git.BlobObject(b)
	if err != nil {
		return nil, err
	}
	rd, err := blob.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// objectsOnce is the repository's object reader, opened once.
func (r *Repo) objectsOnce() *objects {
	r.objsOnce.Do(func() { r.objs = r.objects() })
	return r.objs
}

// ErrNoRevision is a revision this repository does not hold.
var ErrNoRevision = errors.New("no such revision in this repository")

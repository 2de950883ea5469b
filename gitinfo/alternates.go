package gitinfo

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// maxAlternateDepth is how deep git follows alternates of alternates.
const maxAlternateDepth = 5

// alternateDirs lists the object directories a repository borrows
// objects from, as git reads objects/info/alternates: a directory a
// line, a relative one taken from the object directory that lists it,
// each directory's own alternates after it, each directory once. A
// listed directory that is not there is a problem, said in one line
// naming it.
func alternateDirs(objects string) (dirs, problems []string) {
	seen := map[string]bool{filepath.Clean(objects): true}
	var follow func(objects string, depth int)
	follow = func(objects string, depth int) {
		file := filepath.Join(objects, "info", "alternates")
		b, err := os.ReadFile(file)
		if errors.Is(err, os.ErrNotExist) {
			return
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v: objects stored elsewhere are not read", file, err))
			return
		}
		if depth >= maxAlternateDepth {
			problems = append(problems, fmt.Sprintf("%s: alternates nested more than %d deep are not read", file, maxAlternateDepth))
			return
		}
		for _, l := range strings.Split(string(b), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "#") {
				continue
			}
			if strings.HasPrefix(l, `"`) {
				if u, err := strconv.Unquote(l); err == nil {
					l = u
				}
			}
			if !filepath.IsAbs(l) {
				l = filepath.Join(objects, l)
			}
			l = filepath.Clean(l)
			if seen[l] {
				continue
			}
			seen[l] = true
			if st, err := os.Stat(l); err != nil || !st.IsDir() {
				problems = append(problems, fmt.Sprintf("%s names %s, which is not a directory: the objects stored there are not read", file, l))
				continue
			}
			dirs = append(dirs, l)
			follow(l, depth+1)
		}
	}
	follow(objects, 0)
	return dirs, problems
}

// storageOptions keep a few pack files open between object reads: go-git
// otherwise opens and closes the pack for every object a history walk
// reads. The files close when the storage is collected.
var storageOptions = filesystem.Options{MaxOpenDescriptors: 16}

// altStorage is go-git's storage of a repository whose objects are
// partly in other object directories: its own objects first, then each
// alternate's, each opened once. go-git's own reading of alternates
// opens an alternate's storage anew, pack indexes and all, for every
// object it looks up there, follows no alternate's alternates, and
// takes a relative line from the wrong directory.
type altStorage struct {
	*filesystem.Storage
	alts []*filesystem.ObjectStorage
}

// withAlternates is the storage of the repository in fs (its git
// directory) reading objects from dirs as well.
func withAlternates(fs billy.Filesystem, dirs []string) (*altStorage, []string) {
	objects := cache.NewObjectLRUDefault()
	s := &altStorage{Storage: filesystem.NewStorageWithOptions(noAlternates{fs}, objects, storageOptions)}
	var problems []string
	for _, d := range dirs {
		if filepath.Base(d) != "objects" {
			// go-git reads an object directory only as a git
			// directory's "objects".
			problems = append(problems, fmt.Sprintf("alternate object directory %s is not named objects: go-git does not read the history stored there", d))
			continue
		}
		s.alts = append(s.alts, filesystem.NewObjectStorageWithOptions(dotgit.New(osfs.New(filepath.Dir(d))), objects, storageOptions))
	}
	return s, problems
}

// Config is the repository's config without the extensions that do not
// change reading (readSafe).
func (s *altStorage) Config() (*config.Config, error) {
	cfg, err := s.Storage.Config()
	return withoutReadSafe(cfg), err
}

func (s *altStorage) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	o, err := s.Storage.EncodedObject(t, h)
	for _, a := range s.alts {
		if err != plumbing.ErrObjectNotFound {
			break
		}
		o, err = a.EncodedObject(t, h)
	}
	return o, err
}

func (s *altStorage) HasEncodedObject(h plumbing.Hash) error {
	err := s.Storage.HasEncodedObject(h)
	for _, a := range s.alts {
		if err != plumbing.ErrObjectNotFound {
			break
		}
		err = a.HasEncodedObject(h)
	}
	return err
}

func (s *altStorage) EncodedObjectSize(h plumbing.Hash) (int64, error) {
	n, err := s.Storage.EncodedObjectSize(h)
	for _, a := range s.alts {
		if err != plumbing.ErrObjectNotFound {
			break
		}
		n, err = a.EncodedObjectSize(h)
	}
	return n, err
}

// noAlternates hides objects/info/alternates from go-git's storage,
// which altStorage reads in its stead.
type noAlternates struct{ billy.Filesystem }

func (f noAlternates) Open(name string) (billy.File, error) {
	if filepath.ToSlash(filepath.Clean(name)) == "objects/info/alternates" {
		return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrNotExist}
	}
	return f.Filesystem.Open(name)
}

package rank

import (
	"fmt"
	"path"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/naming"
	"github.com/appendix-dev/appendix/appendix/internal/search"
	"github.com/appendix-dev/appendix/extract"
)

// namedFirst returns the candidates whose place the spec names before the
// places of the others, with how it names it. A spec that covers several
// variants of one thing (the Postgres, MySQL and SQLite schema files, one
// plugin per engine) leads with the one it is about. A candidate's place is
// a path the spec names that holds it, or one with a directory named as
// one of its variant directories: those in which its path differs from a
// sibling candidate's (postgresql in sqlplugin/postgresql/x.go beside
// sqlplugin/mysql/x.go, named by schema/postgresql/schema.sql).
func (c *Ranker) namedFirst(cands []*extract.Definition) map[*extract.Definition]string {
	if len(c.paths) < 2 || len(cands) < 2 {
		return nil
	}
	at := make([]int, len(cands))
	how := make([]string, len(cands))
	first := -1
	for i, d := range cands {
		var variant string
		at[i], variant = c.namedAt(d, cands)
		if at[i] < 0 {
			continue
		}
		how[i] = naming.Code(c.paths[at[i]])
		if variant != "" {
			how[i] = fmt.Sprintf("`%s` (in %s)", variant, naming.Code(c.paths[at[i]]))
		}
		if first < 0 || at[i] < first {
			first = at[i]
		}
	}
	if first < 0 {
		return nil
	}
	out := map[*extract.Definition]string{}
	later := false
	for i, d := range cands {
		if at[i] == first {
			out[d] = how[i]
		} else {
			later = true
		}
	}
	if !later {
		return nil
	}
	return out
}

// namedAt is the index, in c.paths, of the first path that holds d or
// names one of its variant directories (then returned too); -1 when none
// does.
func (c *Ranker) namedAt(d *extract.Definition, cands []*extract.Definition) (int, string) {
	variants := variantDirs(d.Path, cands)
	for i, p := range c.paths {
		if search.UnderPath(d.Path, p) {
			return i, ""
		}
		named := p
		if path.Ext(p) != "" {
			named = path.Dir(p)
		}
		for _, dir := range strings.Split(named, "/") {
			if variants[dir] {
				return i, dir
			}
		}
	}
	return -1, ""
}

// variantDirs are the directories in which p differs, at the same place,
// from the path of a sibling candidate: one of the same depth, top
// directory and file extension.
func variantDirs(p string, cands []*extract.Definition) map[string]bool {
	out := map[string]bool{}
	segs := strings.Split(p, "/")
	for _, o := range cands {
		other := strings.Split(o.Path, "/")
		if len(other) != len(segs) || len(segs) < 2 || other[0] != segs[0] || path.Ext(o.Path) != path.Ext(p) || o.Path == p {
			continue
		}
		for i := range len(segs) - 1 {
			if segs[i] != other[i] {
				out[segs[i]] = true
			}
		}
	}
	return out
}

package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/search"

	"github.com/appendix-dev/appendix/appendix/internal/scan"

	"github.com/appendix-dev/appendix/appendix/internal/spec"

	"github.com/appendix-dev/appendix/gitinfo"
	"github.com/appendix-dev/appendix/internal/testrepo"
)

var (
	genMu    sync.Mutex
	genRepos = map[int]struct {
		dir  string
		spec []byte
	}{}
)

// benchRepo builds (once per process) a committed synthetic repository.
func benchRepo(b *testing.B, n int) (string, []byte) {
	genMu.Lock()
	defer genMu.Unlock()
	if r, ok := genRepos[n]; ok {
		return r.dir, r.spec
	}
	g := testrepo.Generate(n, 20)
	dir, err := os.MkdirTemp("", "appendix-bench-")
	if err != nil {
		b.Fatal(err)
	}
	testrepo.Write(b, dir, g.Files)
	testrepo.Commit(b, testrepo.Init(b, dir), "generated", 0)
	genRepos[n] = struct {
		dir  string
		spec []byte
	}{dir, []byte(g.Spec)}
	return dir, []byte(g.Spec)
}

// BenchmarkAppendix is the whole command, spec to markdown, on generated
// repositories; files/op is the number of files walked. cold runs with
// --no-cache (every file read and scanned); warm runs after a first run
// left the cache, with nothing changed since.
func BenchmarkAppendix(b *testing.B) {
	for _, n := range []int{1000, 5000, 20000} {
		b.Run("files="+itoa(n), func(b *testing.B) {
			dir, sp := benchRepo(b, n)
			benchRun(b, dir, sp, n)
		})
	}
}

// benchRun times the command cold and warm on dir.
func benchRun(b *testing.B, dir string, sp []byte, files int) {
	run := func(b *testing.B, extra ...string) {
		args := append(append([]string{"--repo", dir, "--now", fixedNow}, extra...), "-")
		if code := Run(context.Background(), args, strings.NewReader(string(sp)), io.Discard, io.Discard, func(string) string { return "" }); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.Run("cold", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			run(b, "--no-cache")
		}
		if files > 0 {
			b.ReportMetric(float64(files), "files/op")
		}
	})
	b.Run("warm", func(b *testing.B) {
		run(b) // leaves the cache; b.Loop times only what follows
		b.ReportAllocs()
		for b.Loop() {
			run(b)
		}
		if files > 0 {
			b.ReportMetric(float64(files), "files/op")
		}
	})
}

// BenchmarkBrief is "appendix brief" for every gauntlet adversary on a
// generated repository, beside one appendix of the same spec (the
// appendix sub-benchmarks), so that the two read side by side. cold
// removes the extraction cache before each run (brief has no
// --no-cache); warm runs after a first run left it, nothing changed.
func BenchmarkBrief(b *testing.B) {
	dir, sp := benchRepo(b, 5000)
	out := b.TempDir()
	for _, cmd := range []struct {
		name string
		args []string
	}{
		{"appendix", []string{"--repo", dir, "--now", fixedNow, "-"}},
		{"brief", []string{"brief", "--repo", dir, "--now", fixedNow, "--out", out, "-"}},
	} {
		run := func(b *testing.B) {
			if code := Run(context.Background(), cmd.args, strings.NewReader(string(sp)), io.Discard, io.Discard, func(string) string { return "" }); code != 0 {
				b.Fatalf("%s: exit %d", cmd.name, code)
			}
		}
		b.Run(cmd.name+"/cold", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				if err := os.RemoveAll(filepath.Join(dir, ".appendix", "cache")); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				run(b)
			}
		})
		b.Run(cmd.name+"/warm", func(b *testing.B) {
			run(b) // leaves the cache; b.Loop times only what follows
			b.ReportAllocs()
			for b.Loop() {
				run(b)
			}
		})
	}
}

// BenchmarkPhases times the walk, the search and parse, and the whole
// build separately.
func BenchmarkPhases(b *testing.B) {
	dir, specSrc := benchRepo(b, 5000)
	repo, err := gitinfo.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	sp := spec.Parse("spec.md", specSrc)
	b.Run("walk", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := repo.Walk(context.Background(), scan.SkipDir); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("search", func(b *testing.B) {
		b.ReportAllocs()
		var st search.Stats
		for b.Loop() {
			ix, err := search.Run(context.Background(), repo, sp.Refs, search.Options{})
			if err != nil {
				b.Fatal(err)
			}
			st = ix.Stats
		}
		b.ReportMetric(float64(st.FilesParsed), "parsed/op")
		b.ReportMetric(float64(st.BytesSearched)/1e6, "MB/op")
	})
	b.Run("spec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			spec.Parse("spec.md", specSrc)
		}
	})
}

// BenchmarkRealRepo runs cold and warm on the repository named by
// APPENDIX_BENCH_REPO with the spec named by APPENDIX_BENCH_SPEC. The warm
// run writes the cache into that repository's .appendix directory.
func BenchmarkRealRepo(b *testing.B) {
	dir, specPath := os.Getenv("APPENDIX_BENCH_REPO"), os.Getenv("APPENDIX_BENCH_SPEC")
	if dir == "" || specPath == "" {
		b.Skip("set APPENDIX_BENCH_REPO and APPENDIX_BENCH_SPEC")
	}
	sp, err := os.ReadFile(specPath)
	if err != nil {
		b.Fatal(err)
	}
	benchRun(b, dir, sp, 0)
}

// TestWriteGeneratedRepo writes a generated repository and its spec to
// APPENDIX_GEN_DIR (files: APPENDIX_GEN_FILES, default 5000), for timing
// the command side by side with other tools. Skipped otherwise.
func TestWriteGeneratedRepo(t *testing.T) {
	dir := os.Getenv("APPENDIX_GEN_DIR")
	if dir == "" {
		t.Skip("set APPENDIX_GEN_DIR")
	}
	n := 5000
	if s := os.Getenv("APPENDIX_GEN_FILES"); s != "" {
		n = atoiOr(s, 5000)
	}
	g := testrepo.Generate(n, 20)
	testrepo.Write(t, dir, g.Files)
	testrepo.Commit(t, testrepo.Init(t, dir), "generated", 0)
	if err := os.WriteFile(dir+".spec.md", []byte(g.Spec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+".names", []byte(strings.Join(g.Named, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

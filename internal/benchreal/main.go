// Command benchreal times the appendix command on real repositories, side
// by side with `rg -l -w` on the names each spec names, with hyperfine, and
// prints one markdown table (make bench-real). Each repository is a clone
// at $APPENDIX_BENCH_REPOS/<owner>+<name>, checked out at the commit
// pinned below; a clone missing or at another commit is reported and
// skipped. The warm runs write the cache into each clone's .appendix
// directory: give it clones of its own, not those of the evaluation.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// target is one repository and the spec run on it.
type target struct {
	repo   string // owner/name; generated-N for a generated tree
	commit string // the pinned commit; "" for a generated tree
	spec   string // relative to the module root; for a generated tree, written beside it
}

// targets are the repositories of the table: two the tool was not tuned
// on (a class-heavy TypeScript monorepo, a Go monorepo with vendor/),
// repositories of the evaluation with one of their cases' specs (at least
// one per parsed language), and the generated trees of BenchmarkAppendix.
var targets = []target{
	{"eclipse-theia/theia", "c66a38110467826d2eb718fccd88eb2692d28969", "fixtures/bench/theia.md"},
	{"moby/moby", "b985e2313a8676e18072b442911fc8f64f17d440", "fixtures/bench/moby.md"},
	{"outline/outline", "d77dcdf853868c5d5fe125c895c9b71f0eff5c68", "fixtures/eval/specs/outline-share-expiry.md"},
	{"saleor/saleor", "723cd4eba87dfc72822ade45dc08a3caa548428d", "fixtures/eval/specs/saleor-checkout-archive.md"},
	{"temporalio/temporal", "6805caea59e35d0611ed96be69641b8d86bff11c", "fixtures/eval/specs/temporal-nexus-endpoint-tombstones.md"},
	{"lobsters/lobsters", "57268d762e1c2c95b7a8e64ee8deb259cddd8cc0", "fixtures/eval/specs/lobsters-tag-flag-window.md"},
	{"spring-petclinic/spring-petclinic-rest", "698bd832eac0da48e72deb63ce7ab275d98a88fb", "fixtures/eval/specs/petclinic-rest-visit-cancellation.md"},
	{"gotson/komga", "cba53ed3750fcc7b333293e093a6bfaa6afa3a26", "fixtures/eval/specs/komga-api-key-expiry.md"},
	{"dotnet/eShop", "5624ad564d1602a927879df32a79b94522eb6101", "fixtures/eval/specs/eshop-order-cancellation-reason.md"},
	{"launchbadge/realworld-axum-sqlx", "f1b25654773228297e35c292f357d33b7121a101", "fixtures/eval/specs/realworld-axum-comment-edit.md"},
	{"dani-garcia/vaultwarden", "46d71107f5094460dd5ecbe1dbac6e6c71e5189a", "fixtures/eval/specs/vaultwarden-send-exhausted-mail.md"},
	{"BookStackApp/BookStack", "6f1c54d018f7d55301eb4c31055b04769f5924d7", "fixtures/eval/specs/bookstack-pinned-revisions.md"},
	{"redis/redis", "4f8cdc2a1ea53e42955af758aabffee67cb455dd", "fixtures/eval/specs/redis-slowlog-db.md"},
	{"google/leveldb", "78a352f47ed6c1e9d750545e9b242289185b87e1", "fixtures/eval/specs/leveldb-compaction-progress.md"},
	{"SwiftPackageIndex/SwiftPackageIndex-Server", "5402eb1fd6976b5d83d699899f7e76bbf4c86c8c", "fixtures/eval/specs/spi-stale-build-reports.md"},
	{"generated-1000", "", ""},
	{"generated-5000", "", ""},
	{"generated-20000", "", ""},
}

func main() {
	bin := flag.String("bin", "bin/appendix", "the appendix binary")
	repos := flag.String("repos", os.Getenv("APPENDIX_BENCH_REPOS"), "directory of the clones")
	runs := flag.Int("runs", 10, "hyperfine runs per command")
	only := flag.String("only", "", "comma-separated repositories (owner/name or generated-N) to run; all by default")
	flag.Parse()
	if *repos == "" {
		fail("set APPENDIX_BENCH_REPOS (or -repos) to the directory of the clones")
	}
	for _, tool := range []string{"hyperfine", "rg"} {
		if _, err := exec.LookPath(tool); err != nil {
			fail(tool + " is not installed")
		}
	}
	abs, err := filepath.Abs(*bin)
	if err != nil {
		fail(err.Error())
	}
	tmp, err := os.MkdirTemp("", "appendix-bench-real-")
	if err != nil {
		fail(err.Error())
	}
	defer os.RemoveAll(tmp)
	fmt.Printf("%d CPUs; load average before: %s\n\n", cpus(), load())
	fmt.Println("| repository | files walked | parsed cold | defining | parsed / defining | `rg -l -w` | cold (`--no-cache`) | cold / rg | warm | warm / rg | peak RSS cold | load |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, t := range targets {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), t.repo) {
			continue
		}
		row, err := bench(abs, *repos, tmp, *runs, t)
		if err != nil {
			fmt.Printf("| %s | skipped: %v |\n", t.repo, err)
			continue
		}
		fmt.Println(row)
	}
	fmt.Printf("\nload average after: %s\n", load())
}

// bench measures one target and returns its table row.
func bench(bin, repos, tmp string, runs int, t target) (string, error) {
	dir := filepath.Join(repos, strings.ReplaceAll(t.repo, "/", "+"))
	specPath := t.spec
	var names []string
	label := t.repo
	if t.commit == "" {
		n := strings.TrimPrefix(t.repo, "generated-")
		if err := generated(dir, n); err != nil {
			return "", err
		}
		specPath = dir + ".spec.md"
		b, err := os.ReadFile(dir + ".names")
		if err != nil {
			return "", err
		}
		names = strings.Fields(string(b))
		label = "generated, " + n + " files"
	} else {
		head, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
		if err != nil {
			return "", fmt.Errorf("no clone at %s", dir)
		}
		if h := strings.TrimSpace(string(head)); h != t.commit {
			return "", fmt.Errorf("%s is at %s, not %s", dir, h[:min(len(h), 12)], t.commit[:12])
		}
		src, err := os.ReadFile(specPath)
		if err != nil {
			return "", err
		}
		names = specNames(src)
		label = fmt.Sprintf("%s@%s", t.repo, t.commit[:7])
	}
	specAbs, err := filepath.Abs(specPath)
	if err != nil {
		return "", err
	}
	inv := filepath.Join(tmp, "inventory.json")
	app := []string{bin, "--repo", dir, "--now", "2026-01-01T00:00:00Z", "--inventory", inv}
	cold := append(append([]string{}, app...), "--no-cache", specAbs)
	warm := append(append([]string{}, app...), specAbs)
	rg := []string{"rg", "-l", "-w"}
	for _, n := range names {
		rg = append(rg, "-e", n)
	}
	rg = append(rg, dir)

	stats, rss, err := coldStats(cold)
	if err != nil {
		return "", err
	}
	out := filepath.Join(tmp, "hyperfine.json")
	hf := exec.Command("hyperfine", "--shell=none", "--warmup", "2", "--runs", strconv.Itoa(runs), "--ignore-failure",
		"--export-json", out, "-n", "rg", quote(rg), "-n", "cold", quote(cold), "-n", "warm", quote(warm))
	hf.Stderr = os.Stderr
	if b, err := hf.Output(); err != nil {
		return "", fmt.Errorf("hyperfine: %v\n%s", err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return "", err
	}
	var res struct {
		Results []struct {
			Command string  `json:"command"`
			Mean    float64 `json:"mean"`
			Stddev  float64 `json:"stddev"`
		} `json:"results"`
	}
	if err := json.Unmarshal(b, &res); err != nil || len(res.Results) != 3 {
		return "", fmt.Errorf("hyperfine's results: %v", err)
	}
	ms := func(i int) string {
		return fmt.Sprintf("%.0f ± %.0f ms", res.Results[i].Mean*1000, res.Results[i].Stddev*1000)
	}
	ratio := func(i int) string { return fmt.Sprintf("%.1fx", res.Results[i].Mean/res.Results[0].Mean) }
	return fmt.Sprintf("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", label, stats["walked"], stats["parsed"], stats["defining"],
		stats["per"], ms(0), ms(1), ratio(1), ms(2), ratio(2), rss, load()), nil
}

// statsRe reads the counts of a --stats line (a binary from before the
// files defining a wanted name were counted prints none), rssRe the peak
// RSS /usr/bin/time prints.
var (
	statsRe = regexp.MustCompile(`walk [^(]*\((\d+) files\).* (\d+) parsed(?:, (\d+) defining, ([\d.-]+) parsed per defining file)?`)
	rssRe   = regexp.MustCompile(`rss (\d+)`)
)

// coldStats runs the command once cold with --stats, under /usr/bin/time
// when there is one, and returns its counts and peak RSS.
func coldStats(cold []string) (map[string]string, string, error) {
	args := append(append([]string{}, cold[1:len(cold)-1]...), "--stats", cold[len(cold)-1])
	name := cold[0]
	rss := "-"
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		args = append([]string{"-f", "rss %M", name}, args...)
		name = "/usr/bin/time"
	}
	var stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, "", fmt.Errorf("%v: %s", err, stderr.String())
	}
	m := statsRe.FindStringSubmatch(stderr.String())
	if m == nil {
		return nil, "", fmt.Errorf("no stats in %q", stderr.String())
	}
	if r := rssRe.FindStringSubmatch(stderr.String()); r != nil {
		kb, _ := strconv.Atoi(r[1])
		rss = fmt.Sprintf("%d MB", kb/1024)
	}
	out := map[string]string{"walked": m[1], "parsed": m[2], "defining": m[3], "per": m[4]}
	for k, v := range out {
		if v == "" {
			out[k] = "-" // a binary from before the figure
		}
	}
	return out, rss, nil
}

// generated writes the generated repository of n files at dir, with its
// spec and names beside it, unless it is there.
func generated(dir, n string) error {
	if _, err := os.Stat(dir + ".names"); err == nil {
		return nil
	}
	cmd := exec.Command("go", "test", "./appendix/cli", "-run", "^TestWriteGeneratedRepo$", "-count=1")
	cmd.Env = append(os.Environ(), "APPENDIX_GEN_DIR="+dir, "APPENDIX_GEN_FILES="+n)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("generating %s: %v\n%s", dir, err, out)
	}
	// Files changed within two seconds of a run's start are read again by
	// the next run, not kept (the cache's racy window): a warm run on a
	// tree written a moment ago would time a cold one.
	time.Sleep(3 * time.Second)
	return nil
}

// codeSpanRe is a code span of the markdown (`name`), identRe a name.
var (
	codeSpanRe = regexp.MustCompile("`([^`\n]+)`")
	identRe    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// specNames are the identifiers the spec's code spans name, each part of
// a dotted one, once each: what rg is asked to find.
func specNames(src []byte) []string {
	var out []string
	for _, m := range codeSpanRe.FindAllSubmatch(src, -1) {
		for _, part := range strings.FieldsFunc(string(m[1]), func(r rune) bool { return r == '.' || r == ' ' || r == '(' || r == ')' }) {
			if identRe.MatchString(part) && !slices.Contains(out, part) {
				out = append(out, part)
			}
		}
	}
	return out
}

// quote joins a command line for hyperfine, quoting what needs it.
func quote(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " \t\"'\\$`") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		out[i] = a
	}
	return strings.Join(out, " ")
}

func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "-"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

func cpus() int {
	b, err := exec.Command("nproc").Output()
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return n
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "bench-real: "+msg)
	os.Exit(2)
}

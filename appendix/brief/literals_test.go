package brief

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/appendix/internal/literals"
)

// TestRequiredLiterals: what every match of the briefing's expressions
// holds, and that a text without it has no match.
func TestRequiredLiterals(t *testing.T) {
	for re, want := range map[*regexp.Regexp]string{
		retryLineRe():                        "attempts backoff circuit retries retry (fold)",
		markerRe():                           "TODO FIXME HACK XXX",
		regexp.MustCompile(`x?(a|b*)`):       "none",
		regexp.MustCompile(`[Tt]imeout\s*:`): "imeout",
		regexp.MustCompile(`\bgo \w+\(`):     "go ",
		// Alternatives with a common start are factored into it ("log"
		// then "in" or "out"): the literals are still the whole words.
		authNameRe(): "acl api_key apikey auth credential csrf forbidden jwt login logout oauth password permission privilege rbac role signin superuser (fold)",
		regexp.MustCompile(`(?i)(tombstones|token)`): "token tombstones (fold)",
		regexp.MustCompile(`(ab|cd)x+(ef|gh)`):       "ab cd",
	} {
		r := literals.Of(re)
		got := "none"
		if r != nil {
			ls, fold := r.Literals()
			if fold {
				slices.Sort(ls) // (the order of factored alternatives is the parser's)
			}
			got = strings.Join(ls, " ")
			if fold {
				got += " (fold)"
			}
		}
		if got != want {
			t.Errorf("%s: %s, want %s", re, got, want)
		}
	}
	lines := []string{"", "retry(3)", "MaxAttempts = 5", "Backoff.Exponential", "circuit_breaker", "go worker(ch)", "go  x",
		"sync.WaitGroup", "chan int", "channel", "ReadTimeout: 5", "timeout=3", "fetch(url)", "new HttpClient(", "// TODO: x",
		"TODOS", "rate_limit", "RateLimiter", "throttled", "Promise.all([", "workers = 4", "pool_size", "Queue",
		"func Login()", "logger.Info", "APIKey", "api_key := k", "client.API()", "ParseInt", "parser", "isValid"}
	for _, re := range []*regexp.Regexp{externalCallRe(), retryLineRe(), markerRe(), concurrencyRe(), authNameRe(), validationNameRe()} {
		r := literals.Of(re)
		if r == nil {
			t.Errorf("%s: no literal required", re)
			continue
		}
		for _, l := range lines {
			if re.MatchString(l) && !r.MayMatch([]byte(l)) {
				t.Errorf("%s matches %q, which holds none of %s", re, l, fmt.Sprint(r.Literals()))
			}
		}
		// In a file, the lines a match can be on are those that hold a
		// literal: every line that matches is one.
		file := strings.Join(lines, "\n")
		may := r.Lines([]byte(file))
		for i, l := range lines {
			if re.MatchString(l) && !may[i] {
				t.Errorf("%s matches line %d, %q, which lines() leaves out (%v)", re, i, l, may)
			}
		}
		if len(may) == len(lines) {
			t.Errorf("%s: every line may match: the test checks nothing", re)
		}
	}
}

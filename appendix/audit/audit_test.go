package audit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/gitinfo"
)

// TestCountMatches: counting the matches of the audit's expressions line
// by line, on the lines that hold a literal, counts what FindAll over
// the whole text does.
func TestCountMatches(t *testing.T) {
	text := strings.Join([]string{
		"package auth", "", "func Authorize(s *Session) error { // retry with backoff", "ACL acl xacl",
		"is_superuser isAdmin requireRole", "ctx, cancel := context.WithTimeout(ctx, time.Second)",
		"retries retried circuit breaker circuit_breaker max_attempts maxAttempts deadline",
		"sentry_sdk.init() Sentry.init prometheus OpenTelemetry statsd", "ſession ſtatsd", "oauthsession",
		"no match on this line", "timeout\r", "session",
	}, "\n")
	for _, re := range []*regexp.Regexp{authPatternRe(), errorPatternRe(), monitoringCodeRe(), regexp.MustCompile(`\w+`)} {
		want := len(re.FindAll([]byte(text), -1))
		if want == 0 {
			t.Fatalf("%s: no match: the test checks nothing", re)
		}
		if got := countMatches(re, []byte(text)); got != want {
			t.Errorf("%s: %d matches, want %d", re, got, want)
		}
	}
}

// TestMatchingPaths: the paths Matching keeps are those the expression
// matches, whatever literal prefilter it reads them through.
func TestMatchingPaths(t *testing.T) {
	var files []gitinfo.File
	for _, p := range []string{"go.mod", "sub/go.mod", "go.modx", "package.json", "web/Package.json", "requirements-dev.txt",
		".github/workflows/ci.yml", ".GITHUB/workflows/ci.yml", "Makefile", "src/Makefile.am", "ops/Prometheus.yaml",
		"ops/grafana/x.json", "DashBoards/a.json", "docs/adr/0001-x.md", "docs/ADR/0002-y.md", "api/OpenAPI.yaml",
		"legacy/x.go", "src/Deprecated/y.py", "ſwagger.json", "tests-pseudo.md", "a/tests-pseudo.md", "coverage.out", ".nycrc.json"} {
		files = append(files, gitinfo.File{Path: p, Size: int64(len(p))})
	}
	for _, re := range []*regexp.Regexp{coverageConfigRe(), coverageReportRe(), ManifestFiles(), BuildFiles(), MonitoringFiles(),
		ExternalAPIFiles(), ADRFiles(), TestPseudoFiles(), legacyRe()} {
		var want []string
		wantSize := 0
		for _, f := range files {
			if re.MatchString(f.Path) {
				want = append(want, f.Path)
				wantSize += int(f.Size)
			}
		}
		got, size := Matching(files, re)
		if strings.Join(got, " ") != strings.Join(want, " ") || size != wantSize {
			t.Errorf("%s: %v (%d bytes), want %v (%d bytes)", re, got, size, want, wantSize)
		}
	}
}

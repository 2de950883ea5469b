package audit

import (
	"regexp"
	"strings"
	"testing"
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
	for _, re := range []*regexp.Regexp{authPatternRe, errorPatternRe, monitoringCodeRe, regexp.MustCompile(`\w+`)} {
		want := len(re.FindAll([]byte(text), -1))
		if want == 0 {
			t.Fatalf("%s: no match: the test checks nothing", re)
		}
		if got := countMatches(re, []byte(text)); got != want {
			t.Errorf("%s: %d matches, want %d", re, got, want)
		}
	}
}

package appendix

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

func TestRedactLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// Known token formats, by gitleaks' rules.
		{`var key = "AKIAUJZDEGXDNCF32EPF"`, `var key = "<redacted>"`},
		{`token: "ghp_gLKOmxgJTeKdNnFRIBXuDL7DxtpYlSXpfKtH",`, `token: "<redacted>",`},
		{`SLACK = 'xoxb-127684268465-6321223307924-sajAIxNKu8iS2G8NPRVdD53X'`, `SLACK = '<redacted>'`},
		{`stripe.Key = "sk_live_83RZJzzzzgEOzdmenCkhvMdgaKjIg8xNbe3nNyjO"`, `stripe.Key = "<redacted>"`},
		// Our own: connection strings, secret-named literals, defaults.
		{`dsn := "postgres://app:Hk29xWq7LmZp@db:5432/app"`, `dsn := "postgres://app:<redacted>@db:5432/app"`},
		{`SECRET_KEY = "9f8e7d6c5b4a39281706"`, `SECRET_KEY = "<redacted>"`},
		{`  "PASSWORD": "1pY4OjE2jBMptU",`, `  "PASSWORD": "<redacted>",`},
		{`private readonly password: string = "uP7sKq2Zx9RmWv4N";`, `private readonly password: string = "<redacted>";`},
		{`def __init__(self, api_key: str = "Zq81nVx02LmKpR4t"):`, `def __init__(self, api_key: str = "<redacted>"):`},
		{`    client_secret TEXT NOT NULL DEFAULT 'Vb3nQ8xK2mLp7RtW',`, `    client_secret TEXT NOT NULL DEFAULT '<redacted>',`},
		{`  apiToken String @default("c8Rt2Wq9Lx4Zp7Nv")`, `  apiToken String @default("<redacted>")`},
		// Not secrets: names, placeholders, references, low entropy.
		{`const SecretKeyEnv = "SECRET_KEY"`, ``},
		{`token := r.Header.Get("Authorization")`, ``},
		{`apiKeyHeader = "X-Api-Key"`, ``},
		{`tokenizer = "bert-base-uncased-v2"`, ``},
		{`DEFAULT_TOKEN_TTL = 3600`, ``},
		{`url = "postgres://localhost:5432/db"`, ``},
		{`dsn = "postgres://app:${DB_PASSWORD}@db/app"`, ``},
		{`password = os.environ["DB_PASSWORD"]`, ``},
		{`PASSWORD = "changeme123"`, ``},
		{`secret_name = "prod/billing/stripe-7f3k"`, ``},
		{`password: z.string().min(8),`, ``},
		{`	Password string ` + "`json:\"password\"`", ``},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		got, n := redactLine("x.go", c.in)
		if got != want {
			t.Errorf("redactLine(%s)\n got %s\nwant %s", c.in, got, want)
		}
		if (n > 0) != (c.want != "") {
			t.Errorf("redactLine(%s): %d redactions", c.in, n)
		}
	}
}

func TestRedactKeyBlock(t *testing.T) {
	lines := []extract.Line{
		{Row: 1, Text: "const Key = `-----BEGIN OPENSSH PRIVATE KEY-----"},
		{Row: 2, Text: "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"},
		{Row: 3, Text: "    QyNTUxOQAAACBhY2tlZC1ieS1hLXRlc3QtZml4dHVyZS1vbmx5LW5vdC1yZWFs"},
		{Row: 4, Text: "-----END OPENSSH PRIVATE KEY-----`"},
		{Row: 5, Text: `const Inline = "-----BEGIN PRIVATE KEY-----MIIBVQIBADANBg-----END PRIVATE KEY-----"`},
		{Row: 6, Text: "const Next = 1"},
	}
	if n := redactLines("keys.go", lines); n != 2 {
		t.Errorf("%d redactions, want 2", n)
	}
	want := []string{
		"const Key = `-----BEGIN OPENSSH PRIVATE KEY-----",
		"<redacted>",
		"    <redacted>",
		"-----END OPENSSH PRIVATE KEY-----`",
		`const Inline = "-----BEGIN PRIVATE KEY-----<redacted>-----END PRIVATE KEY-----"`,
		"const Next = 1",
	}
	for i, l := range lines {
		if l.Text != want[i] || l.Row != i+1 {
			t.Errorf("line %d = %q, want %q", i+1, l.Text, want[i])
		}
	}
}

// BenchmarkRedact is the cost of redacting a 200-line appendix.
func BenchmarkRedact(b *testing.B) {
	src := []string{
		`// Settings is what the service needs to reach its providers.`,
		`type Settings struct {`,
		`	StripeKey    string ` + "`json:\"stripe_key\"`",
		`	WebhookToken string`,
		`	Timeout      time.Duration`,
		`}`,
		`func (c *Client) Authorize(ctx context.Context, token string) (*Session, error) { ... }`,
		`var DefaultDSN = "postgres://billing:Hk29xWq7LmZp@db.internal:5432/billing"`,
	}
	var lines []extract.Line
	for len(lines) < 200 {
		for _, s := range src {
			lines = append(lines, extract.Line{Text: s})
		}
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		redactLines("settings.go", append([]extract.Line(nil), lines...))
	}
}

// FuzzRedact: any snippet keeps its line count and rows, redacting twice
// changes nothing more, and a planted key never survives.
func FuzzRedact(f *testing.F) {
	for _, s := range []string{
		`password = "uP7sKq2Zx9RmWv4N"`, "-----BEGIN RSA PRIVATE KEY-----\nabc\n", `"postgres://a:b@c/d"`,
		"token: 'ghp_gLKOmxgJTeKdNnFRIBXuDL7DxtpYlSXpfKtH'", "x := `-----END PRIVATE KEY-----`", "\xff\xfe secret=\x00",
	} {
		f.Add(s)
	}
	const planted = "ghp_gLKOmxgJTeKdNnFRIBXuDL7DxtpYlSXpfKtH"
	f.Fuzz(func(t *testing.T, text string) {
		var lines []extract.Line
		for i, l := range strings.Split(text+"\nvar githubToken = \""+planted+"\"", "\n") {
			lines = append(lines, extract.Line{Row: i + 1, Text: l})
		}
		n := len(lines)
		redactLines("fuzz.go", lines)
		if len(lines) != n {
			t.Fatalf("%d lines became %d", n, len(lines))
		}
		for i, l := range lines {
			if l.Row != i+1 {
				t.Fatalf("row %d at %d", l.Row, i+1)
			}
		}
		if strings.Contains(lines[n-1].Text, planted) {
			t.Fatalf("planted token survived: %q", lines[n-1].Text)
		}
	})
}

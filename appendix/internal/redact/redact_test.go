package redact

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
		{`var DefaultAuth = "Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJVadQssw5c"`, `var DefaultAuth = "Bearer <redacted>"`},
		{`export DOPPLER_TOKEN=dp.pt.29326ml64lg2tjf8cz2ka7edcmpb3u2m7os5af3r09f`, `export DOPPLER_TOKEN=<redacted>`},
		{`dsn = "postgres://app:Zx8/Lq+2Wm@db/app"`, `dsn = "postgres://app:<redacted>@db/app"`},
		{`dsn = "postgres://app:p@ss9Wq7Lm@db/app"`, `dsn = "postgres://app:<redacted>@db/app"`},
		{`dsn := "root:Hk29xWq7LmZp@tcp(127.0.0.1:3306)/app"`, `dsn := "root:<redacted>@tcp(127.0.0.1:3306)/app"`},
		{`var jwtKey = []byte("Zq81nVx02LmKpR4tW")`, `var jwtKey = []byte("<redacted>")`},
		{`const apiSecret = Buffer.from("Zq81nVx02LmKpR4tW", "utf8")`, `const apiSecret = Buffer.from("<redacted>", "utf8")`},
		{`password = "Zq81nVx02LmK\npR4t"`, `password = "<redacted>"`},
		// Java: constants, fields, setters and builders.
		{`    private static final String API_KEY = "Zq81nVx02LmKpR4t";`, `    private static final String API_KEY = "<redacted>";`},
		{`    private String secretKey = new String("Zq81nVx02LmKpR4tW");`, `    private String secretKey = new String("<redacted>");`},
		{`        dataSource.setPassword("Hk29xWq7LmZp");`, `        dataSource.setPassword("<redacted>");`},
		{`            .clientSecret("Vb3nQ8xK2mLp7RtW")`, `            .clientSecret("<redacted>")`},
		{`    Jwts.builder().signWith(key).withApiKey('c8Rt2Wq9Lx4Zp7Nv');`, `    Jwts.builder().signWith(key).withApiKey('<redacted>');`},
		// Rust: typed constants and statics, constructors, byte and raw strings.
		{`const JWT_SECRET: &str = "Zq81nVx02LmKpR4tW";`, `const JWT_SECRET: &str = "<redacted>";`},
		{`pub static API_KEY: &'static str = "Zq81nVx02LmKpR4tW";`, `pub static API_KEY: &'static str = "<redacted>";`},
		{`let token: String = String::from("Zq81nVx02LmKpR4tW");`, `let token: String = String::from("<redacted>");`},
		{`const SIGNING_KEY: &[u8] = b"Zq81nVx02LmKpR4tW";`, `const SIGNING_KEY: &[u8] = b"<redacted>";`},
		{`static CLIENT_SECRET: &str = r#"Zq81nVx02LmKpR4tW"#;`, `static CLIENT_SECRET: &str = r#"<redacted>"#;`},
		{`    api_key: "Zq81nVx02LmKpR4tW".to_string(),`, `    api_key: "<redacted>".to_string(),`},
		// C#: constants, static readonly fields, property initializers,
		// object initializers, verbatim and interpolated strings,
		// Encoding.UTF8.GetBytes and connection strings.
		{`    private const string ApiKey = "Zq81nVx02LmKpR4tW";`, `    private const string ApiKey = "<redacted>";`},
		{`    public static readonly string JwtSecret = @"Zq81nVx02LmKpR4tW";`, `    public static readonly string JwtSecret = @"<redacted>";`},
		{`    public string ClientSecret { get; set; } = "Vb3nQ8xK2mLp7RtW";`, `    public string ClientSecret { get; set; } = "<redacted>";`},
		{`    public string Password { get; init; } = $"Hk29xWq7LmZp";`, `    public string Password { get; init; } = $"<redacted>";`},
		{`        new Credentials { UserName = "app", Password = "Hk29xWq7LmZp" };`, `        new Credentials { UserName = "app", Password = "<redacted>" };`},
		{`    var signingKey = Encoding.UTF8.GetBytes("Zq81nVx02LmKpR4tW");`, `    var signingKey = Encoding.UTF8.GetBytes("<redacted>");`},
		{`    options.UseSqlServer("Server=db;Database=shop;User Id=sa;Password=Hk29xWq7LmZp;");`, `    options.UseSqlServer("Server=db;Database=shop;User Id=sa;Password=<redacted>;");`},
		{`    "Host=db;Username=app;Pwd=Hk29xWq7LmZp"`, `    "Host=db;Username=app;Pwd=<redacted>"`},
		// C and C++: pointers and arrays, macros, std::string, braced
		// initializers, adjacent literals, raw strings.
		{`static const char *LEDGER_API_TOKEN = "lt_live_9f8e7d6c5b4a";`, `static const char *LEDGER_API_TOKEN = "<redacted>";`},
		{`static const char api_key[] = "Zq81nVx02LmKpR4tW";`, `static const char api_key[] = "<redacted>";`},
		{`#define JWT_SECRET "Zq81nVx02LmKpR4tW"`, `#define JWT_SECRET "<redacted>"`},
		{`#  define DB_PASSWORD    "Hk29xWq7LmZp" /* prod */`, `#  define DB_PASSWORD    "<redacted>" /* prod */`},
		{`const std::string kApiToken = "tok_live_9f8e7d6c5b4a";`, `const std::string kApiToken = "<redacted>";`},
		{`constexpr char kClientSecret[] = "Vb3nQ8xK2mLp7RtW";`, `constexpr char kClientSecret[] = "<redacted>";`},
		{`static const std::string kSigningKey{"Zq81nVx02LmKpR4tW"};`, `static const std::string kSigningKey{"<redacted>"};`},
		{`const char* kPassword = R"(Hk29xWq7LmZp)";`, `const char* kPassword = R"(<redacted>)";`},
		// Ruby: constants, frozen strings, instance variables, symbol-keyed
		// and hash-rocket hashes, keyword arguments, config settings.
		{`  API_KEY = "Zq81nVx02LmKpR4tW9".freeze`, `  API_KEY = "<redacted>".freeze`},
		{`    @client_secret = 'Vb3nQ8xK2mLp7RtW'`, `    @client_secret = '<redacted>'`},
		{`  Stripe.api_key = %q(Zq81nVx02LmKpR4tW9)`, `  Stripe.api_key = %q(<redacted>)`},
		{`  { password: "Hk29xWq7LmZpQ", user: "app" }`, `  { password: "<redacted>", user: "app" }`},
		{`  :auth_token => "c8Rt2Wq9Lx4Zp7Nv",`, `  :auth_token => "<redacted>",`},
		{`  "api_key" => 'c8Rt2Wq9Lx4Zp7Nv',`, `  "api_key" => '<redacted>',`},
		{`  config.secret_key_base = "9f8e7d6c5b4a39281706f5e4"`, `  config.secret_key_base = "<redacted>"`},
		{`  Client.new(access_key: "Zq81nVx02LmKpR4tW9")`, `  Client.new(access_key: "<redacted>")`},
		{`  JWT_SECRET = ENV.fetch("JWT_SECRET") { "Zq81nVx02LmKpR4tW9" }`, `  JWT_SECRET = ENV.fetch("JWT_SECRET") { "<redacted>" }`},
		{`  key = ENV.fetch("SECRET_KEY_BASE", "9f8e7d6c5b4a39281706f5e4")`, `  key = ENV.fetch("SECRET_KEY_BASE", "<redacted>")`},
		{`  token = ENV["API_TOKEN"] || 'c8Rt2Wq9Lx4Zp7Nv'`, `  token = ENV["API_TOKEN"] || '<redacted>'`},
		{`    signing = os.getenv("SIGNING_KEY", "Zq81nVx02LmKpR4tW9")`, `    signing = os.getenv("SIGNING_KEY", "<redacted>")`},
		// PHP: class constants, typed properties, config arrays, define() and env() defaults.
		{`    public const SIGNING_KEY = 'k8Zq3VnX91LmPq4R7tWs2Yb';`, `    public const SIGNING_KEY = '<redacted>';`},
		{`    private string $apiKey = "Zq81nVx02LmKpR4tW";`, `    private string $apiKey = "<redacted>";`},
		{`        'secret' => 'Zq81nVx02LmKpR4tW',`, `        'secret' => '<redacted>',`},
		{`define('STRIPE_SECRET', 'sk_Zq81nVx02LmKpR4tW');`, `define('STRIPE_SECRET', '<redacted>');`},
		{`    'client_secret' => env('GITHUB_CLIENT_SECRET', 'Zq81nVx02LmKpR4tW'),`, `    'client_secret' => env('GITHUB_CLIENT_SECRET', '<redacted>'),`},
		{`    'password' => env('DB_PASSWORD', ''),`, ``},
		{`    'token' => env('SLACK_TOKEN'),`, ``},
		// Kotlin: constants, typed properties, named arguments, pairs.
		{`const val API_KEY = "Zq81nVx02LmKpR4tW"`, `const val API_KEY = "<redacted>"`},
		{`    private val jwtSecret: String = "Zq81nVx02LmKpR4tW"`, `    private val jwtSecret: String = "<redacted>"`},
		{`    DataSource(url = url, password = "Hk29xWq7LmZp")`, `    DataSource(url = url, password = "<redacted>")`},
		{`val creds = mapOf("password" to "Hk29xWq7LmZp", "user" to "admin")`, `val creds = mapOf("password" to "<redacted>", "user" to "admin")`},
		// Swift: let and static let, typed, raw strings, an environment
		// lookup's fallback, a signer's key argument.
		{`    static let apiKey = "Zq81nVx02LmKpR4tW9"`, `    static let apiKey = "<redacted>"`},
		{`private let jwtSecret: String = "9f8e7d6c5b4a39281706f5e4"`, `private let jwtSecret: String = "<redacted>"`},
		{`    let clientSecret = #"Vb3nQ8xK2mLp7RtW"#`, `    let clientSecret = #"<redacted>"#`},
		{`    let secret = Environment.get("JWT_SECRET") ?? "Zq81nVx02LmKpR4tW9"`, `    let secret = Environment.get("JWT_SECRET") ?? "<redacted>"`},
		{`    let token = ProcessInfo.processInfo.environment["API_TOKEN"] ?? "c8Rt2Wq9Lx4Zp7Nv"`, `    let token = ProcessInfo.processInfo.environment["API_TOKEN"] ?? "<redacted>"`},
		// Not secrets: names, placeholders, references, low entropy.
		{`    const val TOKEN_HEADER = "Authorization"`, ``},
		{`    val apiKey = System.getenv("API_KEY") ?: "dev-key"`, ``},
		{`    @Value("\${jwt.secret}") private lateinit var jwtSecret: String`, ``},
		{`    val token = "Bearer $rawToken"`, ``},
		{`GRANT SELECT ON secrets TO reporting_user;`, ``},
		{`    String stored = vault.getPassword("prod/db/pw-7f3k9");`, ``},
		{`    String hash = encoder.hashPassword("Hk29xWq7LmZp");`, ``},
		{`    repo.findByToken("Zq81nVx02LmKpR4t");`, ``},
		{`    @Value("${jwt.secret}") private String jwtSecret;`, ``},
		{`    public static final String TOKEN_HEADER = "Authorization";`, ``},
		{`sp.AuthenticationProtocol = gosnmp.SHA384`, ``},
		{"passwordRegexp = regexp.MustCompile(`personal.[nusi]`)", ``},
		{`tokenLabel: "Personal access token (classic)",`, ``},
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
		{`const JWT_SECRET_ENV: &str = "APP_JWT_SECRET";`, ``},
		{`  TOKEN_HEADER = "X-Session-Token".freeze`, ``},
		{`  password = ENV.fetch("DATABASE_PASSWORD")`, ``},
		{`  password = ENV.fetch("DATABASE_PASSWORD", "changeme")`, ``},
		{`  has_secure_password validations: false`, ``},
		{`    static let tokenHeader = "X-Session-Token"`, ``},
		{`pub const TOKEN_HEADER: &str = "X-Session-Token";`, ``},
		{`let token = std::env::var("API_TOKEN")?;`, ``},
		{`    public string Password { get; set; } = string.Empty;`, ``},
		{`    var password = configuration["Db:Password"];`, ``},
		{`    "Server=db;Database=shop;User Id=sa;Password={0};"`, ``},
		{`    public const string TokenHeader = "X-Session-Token";`, ``},
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
	if n := Lines("keys.go", lines); n != 2 {
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

func TestRedactAcrossLines(t *testing.T) {
	for _, c := range []struct {
		in, want []string
		n        int
	}{
		{ // Prettier puts a long value on the line after its name.
			[]string{"const config = {", "  clientSecret:", `    "Zq81nVx02LmKpR4tW",`, "};"},
			[]string{"const config = {", "  clientSecret:", `    "<redacted>",`, "};"}, 1,
		},
		{ // rustfmt puts a long constant's value on the line after its type.
			[]string{"pub const JWT_SECRET: &str =", `    "Zq81nVx02LmKpR4tWq7Lx";`},
			[]string{"pub const JWT_SECRET: &str =", `    "<redacted>";`}, 1,
		},
		{ // A marker code compares against starts no key block.
			[]string{`if strings.HasPrefix(s, "-----BEGIN RSA PRIVATE KEY-----") {`, "\treturn parseKey(s)", "}"},
			[]string{`if strings.HasPrefix(s, "-----BEGIN RSA PRIVATE KEY-----") {`, "\treturn parseKey(s)", "}"}, 0,
		},
		{ // A key in concatenated string literals keeps its quotes.
			[]string{`const pem = "-----BEGIN EC PRIVATE KEY-----\n" +`, `	"MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oLlwAkwNC8i0oAoGCCqGSM49\n" +`, `	"-----END EC PRIVATE KEY-----\n"`, "var next = 1"},
			[]string{`const pem = "-----BEGIN EC PRIVATE KEY-----\n" +`, `	"<redacted>\n" +`, `	"-----END EC PRIVATE KEY-----\n"`, "var next = 1"}, 1,
		},
	} {
		lines := make([]extract.Line, len(c.in))
		for i, t := range c.in {
			lines[i] = extract.Line{Row: i + 1, Text: t}
		}
		n := Lines("x.ts", lines)
		for i := range lines {
			if lines[i].Text != c.want[i] {
				t.Errorf("line %d = %q, want %q", i+1, lines[i].Text, c.want[i])
			}
		}
		if n != c.n {
			t.Errorf("%q: %d redactions, want %d", c.in[0], n, c.n)
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
	for b.Loop() {
		Lines("settings.go", append([]extract.Line(nil), lines...))
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
		Lines("fuzz.go", lines)
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

// TestKeywordIndexIsContains: the keyword index finds for a line exactly
// the rules one of whose keywords the line holds, as checking each
// keyword would, on lines holding every keyword, parts of them, and
// several at once.
func TestKeywordIndexIsContains(t *testing.T) {
	rs := secretRules()
	var ix keywordIndex
	ix.build(rs.Rules)
	lines := []string{"", "x", "token = 1", "const stripeKey = 'sk_live_abc'", "no secrets here at all"}
	for _, r := range rs.Rules {
		for _, k := range r.Keywords {
			lines = append(lines, k, "a"+k+"b", k[:len(k)-1], "x "+k[1:]+" "+k)
		}
	}
	lines = append(lines, strings.Join(lines, " "))
	for _, line := range lines {
		low := strings.ToLower(line)
		got := make([]bool, len(rs.Rules))
		ix.rulesIn(low, got)
		for ri, r := range rs.Rules {
			want := false
			for _, k := range r.Keywords {
				want = want || strings.Contains(low, k)
			}
			if got[ri] != want {
				t.Fatalf("line %q, rule %s (keywords %q): index says %v", line, r.ID, r.Keywords, got[ri])
			}
		}
	}
}

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/internal/testrepo"
)

// briefRun is one run of appendix brief: the briefings by code, the
// bundle index, stderr and the exit status.
type briefRun struct {
	briefings map[string]string
	bundle    string
	stderr    string
	code      int
}

// briefIn commits files, runs appendix brief on the spec at specRel (a
// path in the repository) with args, and reads what it wrote.
func briefIn(t *testing.T, files map[string]string, specRel string, args ...string) briefRun {
	t.Helper()
	dir := testrepo.New(t, files)
	out := filepath.Join(t.TempDir(), "gauntlet")
	var stdout, stderr bytes.Buffer
	all := append([]string{"brief", "--repo", dir, "--out", out, "--now", fixedNow}, args...)
	all = append(all, filepath.Join(dir, filepath.FromSlash(specRel)))
	r := briefRun{briefings: map[string]string{}}
	r.code = Run(context.Background(), all, nil, &stdout, &stderr, func(string) string { return "" })
	r.stderr = stderr.String()
	matches, _ := filepath.Glob(filepath.Join(out, "briefing-*.md"))
	for _, m := range matches {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		code := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), "briefing-"), ".md")
		r.briefings[code] = string(b)
	}
	if b, err := os.ReadFile(filepath.Join(out, "briefings.json")); err == nil {
		r.bundle = string(b)
	}
	return r
}

// section returns the part of a briefing under a ### heading.
func section(briefing, heading string) string {
	_, rest, ok := strings.Cut(briefing, "### "+heading+"\n")
	if !ok {
		return ""
	}
	if i := strings.Index(rest, "\n### "); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, "\n---\n\n## SPECIFICATION TO REVIEW"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// background is prose that makes a spec long enough for a briefing to
// show what a test looks for within the spec's budget.
var background = "## Background\n\n" + strings.Repeat("Customers pay at the end of the checkout, and the order is kept whatever happens to the payment.\n", 16)

// The blast zone is the active session's, then the files the spec names,
// then the files defining what the spec names by its own name; a member's
// name alone (`updated_at`) puts no file there. Each file has its role.
func TestBriefBlastZone(t *testing.T) {
	files := map[string]string{
		".adversarial-spec/session-state.json": `{"active_session_file": "sessions/checkout.json"}`,
		".adversarial-spec/sessions/checkout.json": `{
  "spec_path": ".adversarial-spec/specs/checkout/spec.md",
  "extended_state": {"context_inventory": {
    "schema_version": "1.0", "audit_timestamp": "2026-01-01T00:00:00Z", "git_hash": "abc1234",
    "blast_zone": ["docs/phases/04-plan.md", "docs/phases/gone.md", "app/rate_limit.py (new)"],
    "sources": {"current_plan": {"status": "available", "path": "docs/phases/04-plan.md", "summary": "Current plan doc, the baseline being replaced"}}}}
}
`,
		".adversarial-spec/specs/checkout/spec.md": "# Checkout rewrite\n\n" +
			"The plan format changes for every phase.\n\n" +
			"### Runner\n" +
			"Phase 5 (`05-run.md`) must read the new plan format. The runner is unchanged.\n" +
			"`refund_card` is left as it is.\n" +
			"The `gateway_config` keeps its URL.\n" +
			"`charge_card` retries a declined card once before it gives up.\n" +
			"Every record keeps its `updated_at` timestamp.\n\n" +
			"- **Config:** `settings.yml` holds the gateway's URL; every `settings.yml` is read at start.\n" +
			"- **Docs:** `docs/phases/` describes the phases.\n\n" +
			"| File | Phase |\n|---|---|\n| `08-archive.md` | the archive phase |\n\n" + background,
		"docs/phases/04-plan.md":    "# Plan\n\nThe plan phase.\n",
		"docs/phases/05-run.md":     "# Run\n\nThe run phase.\n",
		"docs/phases/08-archive.md": "# Archive\n",
		"app/payments.py":           "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
		"app/session.py":            "class SessionState:\n    updated_at: str = \"\"\n    round: int = 0\n",
		"docs/old/payments.py":      "def refund_card(card):\n    pass\n",
		"app/config.py":             "class GatewayConfig:\n    url: str = \"\"\n",
		"app/settings.yml":          "url: x\n",
		"web/settings.yml":          "url: y\n",
	}
	r := briefIn(t, files, ".adversarial-spec/specs/checkout/spec.md", "--adversaries", "PEDA")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	b := r.briefings["PEDA"]
	base := section(b, "Base Context")
	want := "**Files the spec touches (blast zone)**\n" +
		"- `docs/phases/04-plan.md` — Current plan doc, the baseline being replaced\n" +
		"- `docs/phases/05-run.md` — Phase 5 (`05-run.md`) must read the new plan format.\n" +
		"- `docs/phases/` — **Docs:** `docs/phases/` describes the phases.\n" +
		"- `docs/phases/08-archive.md` — `08-archive.md`; the archive phase\n" +
		"- `app/config.py` (`GatewayConfig`) — The `gateway_config` keeps its URL.\n" +
		"- `app/payments.py` (`charge_card`) — `charge_card` retries a declined card once before it gives up.\n"
	if !strings.Contains(base, want) {
		t.Errorf("blast zone: want\n%s\nin\n%s", want, base)
	}
	if strings.Contains(base, "app/session.py") {
		t.Errorf("a member's name put its type's file in the blast zone:\n%s", base)
	}
	if strings.Contains(base, "docs/old/payments.py") {
		t.Errorf("a copy set aside (docs/) is in the blast zone:\n%s", base)
	}
	gaps := section(b, "Known Gaps")
	if !strings.Contains(gaps, "`docs/phases/gone.md`, listed by the session, is not in the repository.") {
		t.Errorf("a session blast-zone file that does not exist is not a gap:\n%s", gaps)
	}
	if !strings.Contains(gaps, "`app/rate_limit.py`, listed by the session as new, is not in the repository yet.") || strings.Contains(gaps, "(new)`") {
		t.Errorf("a file the session marks new is reported missing:\n%s", gaps)
	}
	if !strings.Contains(gaps, "the spec's `settings.yml` names several files; none of them is listed.") {
		t.Errorf("a name of several files is not a gap:\n%s", gaps)
	}
}

// The base context is packed by value: the primer's summary, the blast
// zone and the recent commits before the rest of the primer, which is
// condensed to its sections that matter (components, contracts, gotchas,
// concerns); whatever the budget leaves out is a Known Gaps line.
func TestBriefBasePacking(t *testing.T) {
	gotchas := "## Non-Obvious Gotchas\n\n"
	for i := 0; i < 40; i++ {
		gotchas += fmt.Sprintf("- **Gotcha %d**: the ledger rounds half to even, which the invoices do not expect at all.\n", i)
	}
	files := map[string]string{
		".architecture/primer.md": "# Architecture Primer: shop\n\n> Generated: 2026-03-22 | Git: c3b5f8c\n\n" +
			"## System Summary\n\nshop takes orders and charges cards through one gateway.\n\n" +
			"## Most Important Components\n\n| Component | Role |\n|---|---|\n| Payments | charges cards |\n\n" +
			gotchas + "\n## Escalation Guidance\n\n- Read overview.md for the full story.\n",
		"specs/checkout/spec.md": "# Checkout rewrite\n\n`charge_card` retries a declined card once before it gives up.\n\n" + background,
		"app/payments.py":        "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
	}
	r := briefIn(t, files, "specs/checkout/spec.md", "--adversaries", "PARA")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	b := r.briefings["PARA"]
	base := section(b, "Base Context")
	order := []string{"shop takes orders and charges cards", "**Files the spec touches (blast zone)**", "**Last commits touching the blast zone**", "| Payments | charges cards |"}
	at := -1
	for _, s := range order {
		i := strings.Index(base, s)
		if i < 0 || i < at {
			t.Fatalf("base context: %q missing or out of order (want %q):\n%s", s, order, base)
		}
		at = i
	}
	for _, not := range []string{"Generated: 2026-03-22", "Escalation Guidance", "section continues"} {
		if strings.Contains(b, not) {
			t.Errorf("briefing holds %q:\n%s", not, base)
		}
	}
	if gaps := section(b, "Known Gaps"); !strings.Contains(gaps, "Non-Obvious Gotchas") || !strings.Contains(gaps, "budget") {
		t.Errorf("the gotchas the budget leaves out are not a gap:\n%s", gaps)
	}
}

// specOfTokens is a spec of about n tokens (4 bytes each) naming `charge_card`.
func specOfTokens(n int) string {
	s := "# Checkout rewrite\n\n`charge_card` retries a declined card once before it gives up.\n\n## Background\n\n"
	for len(s) < 4*n {
		s += "Customers pay at the end of the checkout, and the order is kept whatever happens to the payment.\n"
	}
	return s
}

// testsPseudo is a tests-pseudo.md of about n tokens whose first case
// names `charge_card` and whose others name nothing of the blast zone.
func testsPseudo(mark string, n int) string {
	s := "# Test pseudocode " + mark + "\n\n## US-1: Charging\n\n### TC-1.1: a declined card is retried once\n\ngiven: a declined card\nwhen: charge_card runs\nthen: it is charged twice at most\n"
	for i := 2; len(s) < 4*n; i++ {
		s += fmt.Sprintf("\n### TC-1.%d: the receipt is mailed\n\ngiven: a paid order %d\nwhen: the order closes\nthen: one receipt is mailed to the customer who paid\n", i, i)
	}
	return s
}

// The spec's own tests-pseudo.md and target-architecture.md are read from
// its directory and never from another spec's; BURN and PEDA get the test
// pseudocode whole when twice the spec allows it, their budgets growing
// with the spec.
func TestBriefSpecOwnFiles(t *testing.T) {
	files := map[string]string{
		".adversarial-spec/specs/alpha/tests-pseudo.md":        testsPseudo("ALPHA", 100),
		".adversarial-spec/specs/alpha/target-architecture.md": "# Target ALPHA\n\nAlpha's target.\n",
		".adversarial-spec/specs/beta/spec-draft-v3.md":        specOfTokens(6000),
		".adversarial-spec/specs/beta/tests-pseudo.md":         testsPseudo("BETA", 2000),
		".adversarial-spec/specs/beta/target-architecture.md":  "# Target BETA\n\nBeta's target: one gateway.\n",
		"app/payments.py": "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
	}
	r := briefIn(t, files, ".adversarial-spec/specs/beta/spec-draft-v3.md", "--adversaries", "BURN,PEDA,ARCH")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for code, b := range r.briefings {
		if strings.Contains(b, "ALPHA") {
			t.Errorf("%s holds another spec's file:\n%s", code, b)
		}
	}
	whole := testsPseudo("BETA", 2000)
	for _, code := range []string{"BURN", "PEDA"} {
		if !strings.Contains(r.briefings[code], strings.TrimRight(whole, "\n")) {
			t.Errorf("%s does not hold the spec's test pseudocode whole:\n%s", code, section(r.briefings[code], "Your Specific Context"))
		}
	}
	if !strings.Contains(r.briefings["ARCH"], "Beta's target: one gateway.") {
		t.Errorf("ARCH lacks the spec's target architecture:\n%s", r.briefings["ARCH"][:2000])
	}
}

// When twice the spec leaves no room for the whole test pseudocode, a
// briefing gets the cases that name the blast zone, and says what it left.
func TestBriefTestsPseudoSections(t *testing.T) {
	files := map[string]string{
		"specs/checkout/spec.md":         specOfTokens(1000),
		"specs/checkout/tests-pseudo.md": testsPseudo("", 4000),
		"app/payments.py":                "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
	}
	r := briefIn(t, files, "specs/checkout/spec.md", "--adversaries", "BURN")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	b := r.briefings["BURN"]
	if !strings.Contains(b, "when: charge_card runs") || strings.Contains(b, "TC-1.2:") {
		t.Errorf("BURN does not hold just the case naming the blast zone:\n%s", section(b, "Your Specific Context"))
	}
	if gaps := section(b, "Known Gaps"); !strings.Contains(gaps, "tests-pseudo.md") {
		t.Errorf("the cases left out are not a gap:\n%s", gaps)
	}
}

// The architecture sources are the manifest's: ARCH gets the documents of
// the components that own the blast zone (their doc_path), FLOW the flows
// that concern the spec, ASSH the recorded architectural decisions.
func TestBriefArchitectureSources(t *testing.T) {
	files := map[string]string{
		".architecture/manifest.json": `{"artifacts": ["overview.md", "structured/flows.md", "structured/components/payments.md"],
  "components": [
    {"name": "Payments", "purpose": "Charges cards through the gateway", "key_files": ["app/payments.py"], "doc_path": "structured/components/payments.md"},
    {"name": "Mail", "purpose": "Mails receipts", "key_files": ["app/mail.py"], "doc_path": "structured/components/mail.md"}]}`,
		".architecture/structured/components/payments.md": "# Component: Payments\n\n## Contracts\n\nPAYMENTS-DOC: a charge is idempotent per order.\n",
		".architecture/structured/components/mail.md":     "# Component: Mail\n\nMAIL-DOC: receipts go out once.\n",
		".architecture/structured/flows.md": "# Structured Flows\n\n## Data Flows\n\n### FLOW: card_charge\n\nCHARGE-FLOW: checkout calls charge_card, which calls the payments gateway.\n\n" +
			"### FLOW: receipt_mail\n\nMAIL-FLOW: the mailer sends receipts.\n",
		".architecture/overview.md": "# Overview\n\n## What It Does\n\nshop sells things.\n\n## Key Architectural Decisions\n\n- DECISION: one gateway for every card payment.\n\n## Component Map\n\n" + strings.Repeat("Payments charges cards; charge_card is its entry.\n", 45),
		"specs/checkout/spec.md":    "# Checkout rewrite\n\n`charge_card` retries a declined card once before it gives up.\n\n" + background,
		"app/payments.py":           "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
		"app/mail.py":               "def send_receipt(order):\n    pass\n",
	}
	r := briefIn(t, files, "specs/checkout/spec.md", "--adversaries", "ARCH,FLOW,ASSH")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for code, want := range map[string]string{"ARCH": "PAYMENTS-DOC: a charge is idempotent per order.", "FLOW": "CHARGE-FLOW: checkout calls charge_card", "ASSH": "DECISION: one gateway for every card payment."} {
		if got := section(r.briefings[code], "Your Specific Context"); !strings.Contains(got, want) {
			t.Errorf("%s lacks %q:\n%s", code, want, got)
		}
	}
	if strings.Contains(r.briefings["ARCH"], "MAIL-DOC") {
		t.Errorf("ARCH holds the document of a component the spec does not touch")
	}
}

// The supplements come from real signals: auth is code that checks
// identity or permission, not every name with "session" in it; external
// packages are imports outside the standard library and the repository,
// with their manifest entry; frameworks are read from manifests whatever
// their version specifier; migrations are files in migration directories;
// prior art is definitions with the role of what the spec adds, not
// constants named like one of its words; a line of code met in several
// places is shown once, and prose inside strings is no code.
func TestBriefSignals(t *testing.T) {
	files := map[string]string{
		"specs/usage/spec.md": "# Usage tracking\n\n" +
			"A new `CostTracker` class records the spend of every call; `call_model` feeds it, and so do `callModelWeb` and `ChargeCard`.\n" +
			"Each run stores a new `phase_mode` field, and `fetch_quota` asks the quota service first.\n" +
			"Only an admin may reset the tracker: `require_permission` checks it. The `run_batch` job spreads the calls.\n\n" + background,
		"pyproject.toml":   "[project]\nname = \"usage\"\ndependencies = [\n    \"pydantic>=2.0\",\n    \"fastapi~=0.110\",\n    \"filelock==3.16.1\",\n]\n",
		"web/package.json": `{"name": "web", "dependencies": {"react": "^18.2.0"}, "devDependencies": {"@types/react": "^18.2.0"}}`,
		"go.mod":           "module example.com/shop\n\ngo 1.22\n\nrequire github.com/stripe/stripe-go/v76 v76.4.0\n",
		"app/models.py": "from __future__ import annotations\nimport os\nfrom dataclasses import dataclass\nfrom pathlib import Path\nimport requests\n" +
			"from pydantic import BaseModel\nfrom app.util import helper\nimport hooks\n\n\ndef call_model(prompt, timeout=30):\n    return requests.post(URL, json=prompt, timeout=timeout)\n",
		"app/util.py":    "def helper():\n    return 1\n",
		"app/session.py": "SESSION_STATE_PATH = \"state.json\"\n\n\nclass SessionState:\n    round: int = 0\n\n\ndef load_session(session_id):\n    return SessionState()\n",
		"app/auth.py": "AUTH_HEADER = \"X-Auth\"\n\n\ndef require_permission(user, perm):\n    if perm not in user.perms:\n        raise PermissionError(perm)\n\n\n" +
			"def authenticate(token):\n    return verify(token)\n\n\ndef get_current_active_superuser(user):\n    return user\n",
		"app/tracking.py": "class TokenTracker:\n    def add(self, n):\n        self.n += n\n",
		"app/quota.py": "def fetch_quota(client):\n    return client.get(\n        URL,\n        timeout=timeout,\n    )\n\n\n" +
			"def fetch_limits(client):\n    return client.get(\n        URL,\n        timeout=timeout,\n    )\n",
		"app/personas.py": "PERSONA = \"\"\"You think in queue depth and rate limiting.\nYou cite the rate limiter and the worker pool.\n\"\"\"\n\n\n" +
			"def run_batch(calls):\n    # a pool of workers sends the calls\n    pool = ThreadPoolExecutor(max_workers=4)\n    return pool.map(send, calls)\n",
		"hooks/__init__.py":            "",
		"hooks/a.py":                   "MODE = CONFIG.get(\"a_mode\", CONFIG.get(\"mode\", \"flexible\"))\n",
		"hooks/b.py":                   "MODE = CONFIG.get(\"b_mode\", CONFIG.get(\"mode\", \"flexible\"))\n",
		"web/app.ts":                   "import React from \"react\";\nimport fs from \"node:fs\";\nimport path from \"path\";\nimport { x } from \"./local\";\nimport { y } from \"@acme/kit/sub\";\n\nexport function callModelWeb() {\n  return x;\n}\n",
		"pay/pay.go":                   "package pay\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n\n\tstripe \"github.com/stripe/stripe-go/v76\"\n\t\"example.com/shop/internal/money\"\n)\n\nfunc ChargeCard() {}\n",
		"docs/bundle/02_engine.py":     "def engine():\n    pass\n\n\ndef spread(calls):\n    return ThreadPoolExecutor(max_workers=16).map(send, calls)\n",
		"app/checks.py":                "VALID_MODES = {\"a\", \"b\"}\n\n\ndef validate_mode(mode):\n    return mode in VALID_MODES\n",
		"db/migrations/0001_usage.sql": "CREATE TABLE usage (id BIGINT);\n",
	}
	r := briefIn(t, files, "specs/usage/spec.md", "--adversaries", "PARA,AUDT,MINI,COMP,BURN,TRAF")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	check := func(t *testing.T, code string, want, not []string) {
		t.Helper()
		got := section(r.briefings[code], "Your Specific Context")
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q:\n%s", code, w, got)
			}
		}
		for _, n := range not {
			if strings.Contains(got, n) {
				t.Errorf("%s holds %q:\n%s", code, n, got)
			}
		}
	}
	t.Run("auth", func(t *testing.T) {
		check(t, "PARA", []string{"`require_permission`", "`authenticate`", "`get_current_active_superuser`"}, []string{"SessionState", "load_session", "SESSION_STATE_PATH", "AUTH_HEADER"})
	})
	t.Run("validation", func(t *testing.T) {
		check(t, "PARA", []string{"`validate_mode`"}, []string{"VALID_MODES ="})
	})
	t.Run("external packages", func(t *testing.T) {
		check(t, "AUDT", []string{"`requests` (Python, imported by app/models.py): no manifest entry by that name", "`pydantic`", "pydantic>=2.0", "`react`", "`@acme/kit`", "`github.com/stripe/stripe-go/v76`", "v76.4.0"},
			[]string{"`os`", "`dataclasses`", "`pathlib`", "`__future__`", "`app`", "`hooks`", "`fmt`", "`net/http`", "`node:fs`", "`path`", "./local", "example.com/shop"})
	})
	t.Run("frameworks", func(t *testing.T) {
		check(t, "MINI", []string{"`pydantic>=2.0` (pyproject.toml)", "`fastapi~=0.110` (pyproject.toml)", "`filelock==3.16.1` (pyproject.toml)", "`react ^18.2.0` (web/package.json)"},
			[]string{"@types/react"})
	})
	t.Run("migrations", func(t *testing.T) {
		check(t, "COMP", []string{"db/migrations/0001_usage.sql"}, []string{"02_engine.py"})
	})
	t.Run("prior art", func(t *testing.T) {
		check(t, "MINI", []string{"`TokenTracker`"}, []string{"MODE"})
	})
	t.Run("repeated lines", func(t *testing.T) {
		got := section(r.briefings["BURN"], "Your Specific Context")
		if !strings.Contains(got, "- `app/quota.py:4` (also :11): `timeout=timeout,`") {
			t.Errorf("BURN does not show `timeout=timeout,` once with its places:\n%s", got)
		}
	})
	t.Run("prose in strings", func(t *testing.T) {
		check(t, "TRAF", []string{"ThreadPoolExecutor(max_workers=4)"}, []string{"queue depth", "rate limiter", "a pool of workers"})
	})
	t.Run("copies aside", func(t *testing.T) {
		check(t, "TRAF", nil, []string{"docs/bundle"})
	})
}

// --notes FILE puts the orchestrator's steering first in each persona's
// specific context ("*" for every persona, a code or a name for one),
// counted in its budget and redacted like the rest.
func TestBriefNotes(t *testing.T) {
	files := map[string]string{
		"specs/checkout/spec.md": "# Checkout rewrite\n\n`charge_card` retries a declined card once before it gives up.\n\n" + background,
		"app/payments.py":        "def charge_card(card, amount):\n    return gateway.charge(card, amount)\n",
	}
	notes := filepath.Join(t.TempDir(), "notes.json")
	os.WriteFile(notes, []byte(`{"*": "ALL-NOTE: a local CLI, one user.", "para": "PARA-NOTE: the retry logs the card; the key ghp_gLKOmxgJTeKdNnFRIBXuDL7DxtpYlSXpfKtH leaked once.",
		"burned_oncall": "BURN-NOTE: what if Ctrl+C lands between the two writes?"}`), 0o644)
	r := briefIn(t, files, "specs/checkout/spec.md", "--adversaries", "PARA,BURN,MINI", "--notes", notes)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for code, want := range map[string][]string{"PARA": {"ALL-NOTE", "PARA-NOTE"}, "BURN": {"ALL-NOTE", "BURN-NOTE"}, "MINI": {"ALL-NOTE"}} {
		got := strings.TrimSpace(section(r.briefings[code], "Your Specific Context"))
		at := -1
		for _, w := range want {
			i := strings.Index(got, w)
			if i < 0 || i < at {
				t.Errorf("%s: %q missing or out of order:\n%s", code, w, got)
			}
			at = i
		}
		if !strings.HasPrefix(got, "**") || strings.Index(got, want[0]) > 200 {
			t.Errorf("%s: the notes do not come first:\n%s", code, got)
		}
		if code == "MINI" && strings.Contains(got, "-NOTE") && strings.Count(got, "-NOTE") != 1 {
			t.Errorf("MINI holds another persona's note:\n%s", got)
		}
	}
	if strings.Contains(r.briefings["PARA"], "ghp_gLKOmx") || !strings.Contains(r.bundle, `"redactions": 1`) {
		t.Errorf("the secret in a note is not redacted and counted:\n%s\n%s", section(r.briefings["PARA"], "Your Specific Context"), r.bundle)
	}
	if !strings.Contains(r.stderr, "redacted 1 secret literal") {
		t.Errorf("stderr: %s", r.stderr)
	}
	for name, tc := range map[string]struct {
		content string
		code    int
		msg     string
	}{
		"missing":  {"", 1, "no such file"},
		"invalid":  {`{"PARA": `, 1, "invalid JSON"},
		"not text": {`{"PARA": 3}`, 1, "want a JSON object of persona codes to markdown"},
		"unknown":  {`{"NOPE": "x"}`, 2, `unknown adversary "NOPE"`},
	} {
		f := filepath.Join(t.TempDir(), "notes.json")
		if tc.content != "" {
			os.WriteFile(f, []byte(tc.content), 0o644)
		}
		r := briefIn(t, files, "specs/checkout/spec.md", "--adversaries", "PARA", "--notes", f)
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		if r.code != tc.code || len(lines) != 1 || !strings.Contains(r.stderr, f) || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d, one line naming the file and %q", name, r.code, r.stderr, tc.code, tc.msg)
		}
	}
}

// A secret in a file a briefing shows is redacted and counted in that
// persona's redactions, whichever way the code reached the briefing.
func TestBriefRedactionsCounted(t *testing.T) {
	files := map[string]string{
		"specs/checkout/spec.md": "# Checkout rewrite\n\nThe `GatewayConfig` type gains a retry count.\n\n" + background,
		"app/config.py":          "class GatewayConfig:\n    api_key: str = \"sk_live_83RZJzzzzgEOzdmenCkhvMdgaKjIg8xNbe3nNyjO\"\n    timeout: int = 30\n",
	}
	r := briefIn(t, files, "specs/checkout/spec.md", "--adversaries", "PEDA")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	b := r.briefings["PEDA"]
	if strings.Contains(b, "sk_live_83RZ") || !strings.Contains(b, "class GatewayConfig:") {
		t.Fatalf("PEDA does not show GatewayConfig redacted:\n%s", b)
	}
	if !strings.Contains(r.bundle, `"redactions": 1`) || !strings.Contains(r.stderr, "redacted 1 secret literal") {
		t.Errorf("the redaction is not counted:\n%s\nstderr: %s", r.bundle, r.stderr)
	}
}

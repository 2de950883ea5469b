package hooks

import (
	"strings"
	"testing"
)

func TestInstall(t *testing.T) {
	old := `{
  "permissions": {"allow": ["Bash(go test:*)"], "deny": []},
  "model": "opus",
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "notify <done> & exit"}]}],
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]
  },
  "env": {"B": "2", "A": "1", "N": 1.50}
}
`
	once, err := Install("settings.json", []byte(old))
	if err != nil {
		t.Fatal(err)
	}
	twice, err := Install("settings.json", once)
	if err != nil {
		t.Fatal(err)
	}
	if string(once) != string(twice) {
		t.Errorf("installing twice changed the settings:\n%s\nthen\n%s", once, twice)
	}
	got := string(once)
	order := []string{`"permissions"`, `"Bash(go test:*)"`, `"model": "opus"`, `"hooks"`, `"Stop"`, `"notify <done> & exit"`, `"PreToolUse"`, `"guard.sh"`,
		`"appendix hook context-gate"`, `"appendix hook spec-first"`, `"PostToolUse"`, `"appendix hook spec-of-file"`, `"env"`, `"B": "2"`, `"A": "1"`, `"N": 1.50`}
	at := 0
	for _, w := range order {
		i := strings.Index(got[at:], w)
		if i < 0 {
			t.Fatalf("%s missing or out of order in:\n%s", w, got)
		}
		at += i + len(w)
	}
	for _, h := range All {
		if strings.Count(got, `"`+Command(h.Name)+`"`) != 1 {
			t.Errorf("%s not installed once:\n%s", h.Name, got)
		}
	}
	if !strings.Contains(got, `"matcher": "Read|Edit|Write|MultiEdit|Grep|Glob"`) || !strings.Contains(got, `"timeout": 5`) {
		t.Errorf("entries:\n%s", got)
	}

	fresh, err := Install("settings.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Install("settings.json", fresh)
	if string(fresh) != string(again) || !strings.HasPrefix(string(fresh), "{\n  \"hooks\": {\n    \"PreToolUse\": [") {
		t.Errorf("from no settings:\n%s", fresh)
	}

	for in, want := range map[string]string{
		`[1]`:                          "settings.json: not a settings file: want a JSON object",
		`{"hooks": []}`:                `settings.json: "hooks" is not an object`,
		`{"hooks": {"PreToolUse": 1}}`: `settings.json: "hooks"."PreToolUse" is not a list`,
		`{"a": 1} {}`:                  "settings.json: invalid JSON: more after the settings object",
		`{"a": `:                       "settings.json: invalid JSON:",
	} {
		if _, err := Install("settings.json", []byte(in)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Install(%s): %v, want %s", in, err, want)
		}
	}
}

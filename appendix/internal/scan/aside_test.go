package scan

import "testing"

func TestAside(t *testing.T) {
	for rel, want := range map[string]bool{
		"public/plugins/pdfjs/build/pdf.js": true,
		"static/vendor/jquery.js":           true,
		"web/dist/app.bundle.js":            true,
		"web/app.min.js":                    true,
		"config/settings.example.py":        true,
		"examples/basic/main.go":            true,
		"docs/snippets/models.py":           true,
		".adversarial-spec/specs/x/code.py": true,
		"legacy/ddl/schema.sql":             true,
		"app/models.py":                     false,
		"internal/plugins/registry.go":      false,
		"lib/util.ts":                       false,
		"src/examplesvc/handler.go":         false,
		"core/src/main/kotlin/com/google/samples/apps/nia/Entity.kt":      false,
		"src/main/java/org/example/legacy/Order.java":                     false,
		"docs/src/main/java/com/acme/Order.java":                          true,
		"src/main/java/io/github/jhipster/sample/domain/BankAccount.java": false,
		"src/test/java/io/github/jhipster/sample/web/rest/UserIT.java":    false,
		"samples/src/main/java/io/acme/Demo.java":                         true,
	} {
		if got := Aside(rel); got != want {
			t.Errorf("Aside(%q) = %v, want %v", rel, got, want)
		}
	}
}

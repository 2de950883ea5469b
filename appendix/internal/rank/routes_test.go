package rank

import (
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// TestPrefixNamesFile: the segment an endpoint holds before a
// registration's one-segment path is what tells an unseen mount's
// registration from another's: a word of its file's name, or a mount's
// usual prefix.
func TestPrefixNamesFile(t *testing.T) {
	for _, c := range []struct {
		endpoint, pattern, file string
		named, short            bool
	}{
		{"/System/Info", "/info", "Api/Controllers/SystemController.cs", true, true},
		{"/System/Info", "/info", "Api/Controllers/DevicesController.cs", false, true},
		{"/auth/refresh", "/refresh", "server/src/auth_service.rs", true, true},
		{"/Keys/Create", "/create", "Api/Controllers/BackupController.cs", false, true},
		{"/v1/orders", "/orders", "cmd/api/main.go", false, false},
		{"/orders/{id}/refund", "/{id}/refund", "routes/orders.js", true, false},
		{"/orders", "/orders", "routes/orders.js", false, false},
	} {
		named, short := prefixNamesFile(c.endpoint, c.pattern, &extract.Definition{Path: c.file})
		if named != c.named || short != c.short {
			t.Errorf("%s for %s in %s: named %v short %v, want %v %v", c.endpoint, c.pattern, c.file, named, short, c.named, c.short)
		}
	}
}

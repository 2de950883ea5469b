package resolve

import (
	"reflect"
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// TestSignatureLine: a signature that wraps is joined into one line
// without its doc comment, and a trailing comma before ")" goes.
func TestSignatureLine(t *testing.T) {
	d := &extract.Definition{Lines: []extract.Line{
		{Text: "// Process handles one record."},
		{Text: "func Process("},
		{Text: "\tr *Record,"},
		{Text: "\topts Options,"},
		{Text: ") error {"},
	}}
	if got, want := SignatureLine(d), "func Process(r *Record, opts Options) error {"; got != want {
		t.Errorf("SignatureLine = %q, want %q", got, want)
	}
}

// TestHandlerParts: a handler named with its class (Rails'
// Admin::UsersController#index) is that class's method, in the
// directories its modules name; a plain name is a function's.
func TestHandlerParts(t *testing.T) {
	for h, want := range map[string][3]any{
		"Admin::ApiV2::UsersController#index": {[]string{"admin", "api_v2"}, "UsersController", "index"},
		"OrdersController#cancel":             {[]string(nil), "OrdersController", "cancel"},
		"createOrder":                         {[]string(nil), "", "createOrder"},
	} {
		dirs, class, name := handlerParts(h)
		if got := [3]any{dirs, class, name}; !reflect.DeepEqual(got, want) {
			t.Errorf("handlerParts(%q) = %v, want %v", h, got, want)
		}
	}
	if !inDirs("app/controllers/admin/users_controller.rb", []string{"admin"}) || inDirs("app/controllers/users_controller.rb", []string{"admin"}) {
		t.Error("inDirs does not place a file in its directories")
	}
}

// TestPlacesCountAsListed: definitions that share a snippet (constants of
// one block) but are declared on lines of their own are as many places as
// a gap lists, so that its count and its list agree.
func TestPlacesCountAsListed(t *testing.T) {
	var defs []*extract.Definition
	for _, line := range []int{925, 929, 1109, 1113} {
		defs = append(defs, &extract.Definition{Path: "apis/v1/gateway_types.go", StartLine: 900, DeclLine: line})
	}
	defs = append(defs, &extract.Definition{Path: "apis/v1/route.go", StartLine: 4, DeclLine: 4})
	if n := distinctPlaces(defs); n != 5 {
		t.Errorf("distinctPlaces: %d, want 5", n)
	}
	if got, want := places(defs, 3), "apis/v1/gateway_types.go:925, apis/v1/gateway_types.go:929, apis/v1/gateway_types.go:1109 and 2 more"; got != want {
		t.Errorf("places: %q, want %q", got, want)
	}
}

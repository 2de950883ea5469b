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

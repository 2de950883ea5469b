package ruby

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTestNames(t *testing.T) {
	src := `require "rails_helper"

RSpec.describe Order do
  it "cancels an open order" do
  end

  it 'refuses a "shipped" order' do
  end

  specify("keeps its total") { }
  scenario "a buyer cancels" do
  end
end

class OrderTest < ActiveSupport::TestCase
  test "totals its items" do
  end

  def test_cancel
  end

  def helper
  end
end
`
	want := []string{`"cancels an open order"`, `"refuses a "shipped" order"`, `"keeps its total"`, `"a buyer cancels"`, `"totals its items"`, "test_cancel"}
	if got := Lang.TestNames([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRubyTests(t *testing.T) {
	tests := []string{"spec/models/order_spec.rb", "test/models/order_test.rb", "spec/requests/orders_spec.rb",
		"spec/controllers/orders_controller_spec.rb", "spec/lib/shop/cart_spec.rb", "test/shop/cart_test.rb",
		"engines/billing/spec/models/invoice_spec.rb", "spec/models/line_item_spec.rb", "spec/rails_helper.rb"}
	for _, tc := range []struct {
		source string
		named  []string
	}{
		{"app/models/order.rb", []string{"spec/models/order_spec.rb", "test/models/order_test.rb"}},
		{"app/controllers/orders_controller.rb", []string{"spec/requests/orders_spec.rb", "spec/controllers/orders_controller_spec.rb"}},
		{"lib/shop/cart.rb", []string{"spec/lib/shop/cart_spec.rb", "test/shop/cart_test.rb"}},
		{"engines/billing/app/models/invoice.rb", []string{"engines/billing/spec/models/invoice_spec.rb"}},
		{"app/models/order.py", nil},
	} {
		if diff := cmp.Diff(tc.named, rubyTests(tc.source, tests).Named); diff != "" {
			t.Errorf("%s: %s", tc.source, diff)
		}
	}
}

const requires = `require "json"
require 'sidekiq/web'
require_relative "../app/models/order"
load "tasks/seed.rb"
  require("active_record")
x = require_thing "no"
`

func TestRequires(t *testing.T) {
	if got, want := requiredModules([]byte(requires)), "json\nsidekiq/web\n../app/models/order\ntasks/seed\nactive_record"; got != want {
		t.Errorf("modules %q, want %q", got, want)
	}
	if got, want := externalRequires(strings.Split(requires, "\n")), []string{"json", "sidekiq", "active_record"}; !reflect.DeepEqual(got, want) {
		t.Errorf("external %q, want %q", got, want)
	}
	if !requireLine([]byte(`require_relative "../lib/x"`)) || requireLine([]byte(`get "/orders/x"`)) {
		t.Error("requireLine does not read require lines")
	}
}

func TestDeclares(t *testing.T) {
	for line, want := range map[string]bool{"def cancel": true, "  def cancel(reason)": true, "def self.cancel": true, "def cancel!": true,
		"def cancel_all": false, "cancel": false} {
		if got := declares(line, "cancel"); got != want {
			t.Errorf("declares(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestRouteFiles: config/routes.rb and what it draws from config/routes/
// are routes files; the segments they register without a slash make a
// file worth parsing for an endpoint's routes.
func TestRouteFiles(t *testing.T) {
	for file, want := range map[string]bool{"config/routes.rb": true, "engines/blog/config/routes.rb": true, "config/routes/admin.rb": true,
		"app/models/route.rb": false, "config/routes.yml": false} {
		if got := routeFile(file); got != want {
			t.Errorf("routeFile(%q) = %v, want %v", file, got, want)
		}
	}
	src := `Rails.application.routes.draw do
  namespace :admin do
    resources :orders, path: "purchases"
  end
  resource :profile
  get "status", to: "status#show"
  post :cancel
end
`
	want := []string{"admin", "orders", "new", "edit", "purchases", "profile", "status", "cancel"}
	if got := routeWords([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := routeWords([]byte("class Order\n  def get(x); end\nend\n")); got != nil {
		t.Errorf("a model's words: %q", got)
	}
}

package appendix

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTableKey(t *testing.T) {
	for _, group := range [][]string{
		{"orders", "Order", "order", "OrderModel", "ORDERS", "Orders", "order_model", "ordersTable"},
		{"order_items", "OrderItem", "orderItems", "OrderItemEntity", "order_item"},
		{"categories", "Category", "category"},
		{"addresses", "Address"},
		{"heroes", "Hero", "hero"},
		{"status", "Status"},
	} {
		want := tableKey(group[0])
		for _, n := range group[1:] {
			if got := tableKey(n); got != want {
				t.Errorf("tableKey(%q) = %q, want %q (as %q)", n, got, want, group[0])
			}
		}
	}
	if tableKey("Order") == tableKey("OrderItem") {
		t.Error("Order and OrderItem share a key")
	}
}

func TestTableVariants(t *testing.T) {
	got := tableVariants("order_items", map[string]bool{"order": true})
	want := []string{"order_item", "OrderItem", "orderItem", "ORDER_ITEM", "order_items", "OrderItems", "orderItems", "ORDER_ITEMS",
		"OrderItemModel", "OrderItemTable", "OrderItemSchema", "OrderItemEntity", "order_item_table"}
	if diff := cmp.Diff(want, got[:len(want)]); diff != "" {
		t.Error(diff)
	}
	if !contains(got, "Item") || !contains(got, "items") {
		t.Errorf("the tail of an app-prefixed name is not searched: %v", got)
	}
	for _, v := range tableVariants("categories", nil) {
		if tableKey(v) != "category" {
			t.Errorf("variant %q has key %q", v, tableKey(v))
		}
	}
}

// TestWantedNames: what each reference makes the search look for.
func TestWantedNames(t *testing.T) {
	refs := []Ref{{Name: "config.Config"}, {Name: "Order.status"}, {Name: "Widget"}}
	got, restrict := wantedNames(refs, map[string]bool{"config": true})
	want := map[string]want{
		"config": wantTop,  // a package qualifier: only a top-level declaration of that name
		"Config": wantAny,  // restricted to the config package
		"Order":  wantAny,  // a type whose member is named
		"status": wantDecl, // the member
		"Widget": wantAny,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: want %d, got %d", name, w, got[name])
		}
	}
	if r := restrict["Config"]; len(r) != 1 || r[0] != "config" {
		t.Errorf("Config restricted to %v, want [config]", r)
	}
}

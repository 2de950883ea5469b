package naming

import (
	"slices"
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
		want := TableKey(group[0])
		for _, n := range group[1:] {
			if got := TableKey(n); got != want {
				t.Errorf("tableKey(%q) = %q, want %q (as %q)", n, got, want, group[0])
			}
		}
	}
	if TableKey("Order") == TableKey("OrderItem") {
		t.Error("Order and OrderItem share a key")
	}
}

func TestTableVariants(t *testing.T) {
	got := TableVariants("order_items", map[string]bool{"order": true})
	want := []string{"order_item", "OrderItem", "orderItem", "ORDER_ITEM", "order_items", "OrderItems", "orderItems", "ORDER_ITEMS",
		"OrderItemModel", "OrderItemTable", "OrderItemSchema", "OrderItemEntity", "order_item_table"}
	if diff := cmp.Diff(want, got[:len(want)]); diff != "" {
		t.Error(diff)
	}
	if !slices.Contains(got, "Item") || !slices.Contains(got, "items") {
		t.Errorf("the tail of an app-prefixed name is not searched: %v", got)
	}
	if got := TableVariants("user_profiles_avatar", map[string]bool{"user_profiles": true}); !slices.Contains(got, "Avatar") {
		t.Errorf("the tail of a name prefixed by an app with an underscore is not searched: %v", got)
	}
	for _, v := range TableVariants("categories", nil) {
		if TableKey(v) != "category" {
			t.Errorf("variant %q has key %q", v, TableKey(v))
		}
	}
}

func TestHasWord(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{
		{"from api.fields import EmailField", "EmailField", true},
		{"EmailFieldX and XEmailField", "EmailField", false},
		{"x_EmailField, EmailField", "EmailField", true},
		{"Order.total", "total", true},
		{"", "a", false},
	} {
		if got := HasWord(c.s, c.w); got != c.want {
			t.Errorf("HasWord(%q, %q) = %v, want %v", c.s, c.w, got, c.want)
		}
	}
}

func TestSharesWord(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"ownedJobs", "ReplicatedJobStatus", true},
		{"status", "JobSetStatus", true},
		{"spec", "JobSetStatus", false},
		{"acknowledgements", "HecAcknowledgementsConfig", true},
		{"id", "GlobalID", true},
		{"singleFetch", "DeferredData", false},
	} {
		if got := SharesWord(c.a, c.b); got != c.want {
			t.Errorf("SharesWord(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

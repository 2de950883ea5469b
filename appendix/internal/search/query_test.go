package search

import (
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// TestImportLine: the lines that import or re-export names, in each
// language's spelling.
func TestImportLine(t *testing.T) {
	for line, want := range map[string]bool{
		"import os":                            true,
		"from .models import Order":            true,
		`export { Order } from "./order"`:      true,
		"use crate::order::Order;":             true,
		"pub use order::{Order, OrderStatus};": true,
		"pub(crate) use super::db::Pool;":      true,
		"pub fn use_order() {}":                false,
		"user = lookup(id)":                    false,
		"public void run() {}":                 false,
	} {
		if got := importLine(line); got != want {
			t.Errorf("importLine(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestModuleName: a file's module is its package directory in Go, its
// directory when it is the directory's module, else its stem.
func TestModuleName(t *testing.T) {
	for file, want := range map[string]string{
		"internal/store/store.go": "store",
		"src/models/mod.rs":       "models",
		"src/models/order.rs":     "order",
		"app/api/__init__.py":     "api",
		"web/routes/index.ts":     "routes",
		"index.ts":                "index",
		"README.md":               "README",
	} {
		if got := ModuleName(file); got != want {
			t.Errorf("ModuleName(%q) = %q, want %q", file, got, want)
		}
	}
}

// TestDeclaredIn: a definition is in a module its path spells, or one its
// namespace names, whatever its path.
func TestDeclaredIn(t *testing.T) {
	d := &extract.Definition{Path: "src/Shop.Api/Orders/Order.cs", Namespace: "Shop.Api.Orders"}
	for name, want := range map[string]bool{"Shop": true, "Api": true, "Orders": true, "Order": true, "Shop.Api": true, "Billing": false, "Microsoft": false} {
		if got := DeclaredIn(d, name); got != want {
			t.Errorf("DeclaredIn(%q) = %v, want %v", name, got, want)
		}
	}
}

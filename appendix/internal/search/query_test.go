package search

import "testing"

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

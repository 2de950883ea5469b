package rust

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const useSrc = `//! Handlers.
use std::{collections::HashMap, fmt};
use axum::{
    extract::{Path, State},
    routing::get,
    Router,
};
pub use serde::Serialize as Ser;
use crate::models::{self, Order};
use super::db::*;
use shop::handlers::orders::create_order;
pub(crate) use ::tokio::sync::Mutex; // a lock
fn f() { let username = "x"; }
`

func TestImportNames(t *testing.T) {
	want := "HashMap\tstd::collections\nfmt\tstd\nPath\taxum::extract\nState\taxum::extract\nget\taxum::routing\nRouter\taxum\n" +
		"Ser\tserde\ncreate_order\tshop::handlers::orders\nMutex\ttokio::sync\n"
	if got := importNames([]byte(useSrc)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// The modules a test file's imports name, below their crate: what
// importing tests match a source file's module path against.
func TestImportedModules(t *testing.T) {
	want := []string{"extract", "routing", "routing.get", "models", "db", "handlers.orders", "handlers.orders.create_order", "sync"}
	if got := strings.Split(importedModules([]byte(useSrc)), "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestExternalImports(t *testing.T) {
	want := []string{"axum", "serde", "shop", "tokio"}
	if got := externalImports(strings.Split(useSrc, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestRustTests(t *testing.T) {
	tests := []string{"src/orders/tests.rs", "src/orders_test.rs", "tests/orders.rs", "tests/api.rs", "crates/core/tests/orders.rs",
		"src/tests.rs", "other/tests/orders.rs"}
	for _, tc := range []struct {
		source          string
		named, package_ []string
	}{
		{"src/orders.rs", []string{"src/orders/tests.rs", "src/orders_test.rs", "tests/orders.rs"}, []string{"tests/api.rs"}},
		{"src/lib.rs", []string{"src/tests.rs"}, []string{"tests/orders.rs", "tests/api.rs"}},
		{"crates/core/src/orders.rs", []string{"crates/core/tests/orders.rs"}, nil},
		{"src/orders.py", nil, nil},
	} {
		m := rustTests(tc.source, tests)
		if diff := cmp.Diff(tc.named, m.Named); diff != "" {
			t.Errorf("%s named: %s", tc.source, diff)
		}
		if diff := cmp.Diff(tc.package_, m.Package); diff != "" {
			t.Errorf("%s package: %s", tc.source, diff)
		}
	}
}

func TestTestNames(t *testing.T) {
	src := `#[cfg(test)]
mod tests {
    #[test]
    fn adds() {}

    #[tokio::test]
    #[ignore]
    async fn fetches() {}

    #[rstest]
    #[case(1)]
    pub fn cases(#[case] n: u8) {}

    #[test_case(1 ; "one")]
    fn labelled(n: u8) {}

    fn helper() {}
}
`
	want := []string{"adds", "fetches", "cases", "labelled"}
	if got := Lang.TestNames([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestDeclares(t *testing.T) {
	if !declares("pub async fn create_user(", "create_user") || !declares("fn list<T>(", "list") || declares("fn list_all(", "list") {
		t.Error("declares does not read fn name( and fn name<")
	}
}

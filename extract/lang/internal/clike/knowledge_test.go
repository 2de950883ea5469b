package clike

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const includeSrc = `#include <stdio.h>
#include <curl/curl.h>
#  include "order.h"
#include "../lib/store.h" // the store
#include <openssl/ssl.h>
#include <sys/types.h>
int f(void) { return 0; }
`

func TestIncluded(t *testing.T) {
	want := "stdio.h\ncurl/curl.h\norder.h\n../lib/store.h\nopenssl/ssl.h\nsys/types.h"
	if got := Included([]byte(includeSrc)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if !IncludeLine([]byte(`#include "order.h"`)) || IncludeLine([]byte("int include = 1;")) {
		t.Error("IncludeLine does not read #include lines")
	}
}

func TestExternalIncludes(t *testing.T) {
	want := []string{"curl", "openssl"}
	if got := ExternalIncludes(strings.Split(includeSrc, "\n")); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestTests(t *testing.T) {
	tests := []string{"tests/test_order.c", "src/order_test.c", "test/order_unittest.cc", "tests/OrderTest.cpp", "tests/test_store.c",
		"tests/order.py"}
	for _, tc := range []struct {
		source string
		named  []string
	}{
		{"src/order.c", []string{"tests/test_order.c", "src/order_test.c", "test/order_unittest.cc"}},
		{"include/order.h", []string{"tests/test_order.c", "src/order_test.c", "test/order_unittest.cc"}},
		{"src/Order.cpp", []string{"tests/OrderTest.cpp"}},
		{"src/order.py", nil},
	} {
		if diff := cmp.Diff(tc.named, Tests(tc.source, tests).Named); diff != "" {
			t.Errorf("%s: %s", tc.source, diff)
		}
	}
}

func TestTestNames(t *testing.T) {
	src := `#include "gtest/gtest.h"
TEST(OrderTest, Creates) {}
TEST_F(StoreTest, Cancels) {
}
TEST_CASE("orders cancel", "[order]") {
    SECTION("twice") {}
}
SCENARIO("refunds") {}
void test_order_create(void) {}
static void test_order_cancel(void **state) {}
START_TEST(test_check_style)
{
}
END_TEST
void helper(void) {}
`
	want := []string{"OrderTest.Creates", "StoreTest.Cancels", "orders cancel", "refunds", "test_order_create", "test_order_cancel", "test_check_style"}
	if got := TestNames([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestHead: a function counts by its head, without its parameters; a
// type, a variable or a macro whole.
func TestHead(t *testing.T) {
	for stmt, want := range map[string]string{
		"static int order_create(const char *name, int qty) {\n    return qty;\n}\n": "static int order_create() ",
		"__attribute__((unused)) int f(void);\n":                                     "__attribute__() int f()",
		"void (*signal(int sig, void (*func)(int)))(int);\n":                         "void (*signal())()",
		"struct order {\n    int qty;\n};\n":                                         "struct order {\n    int qty;\n};\n",
		"static const char *names[] = {\"a\", f(x)};\n":                              "static const char *names[] = {\"a\", f(x)};\n",
		"#define OK(x) ((x) == 0)\n":                                                 "#define OK(x) ((x) == 0)\n",
		"TEST(OrderTest, Cancels) {\n  EXPECT_TRUE(ok());\n}\n":                      "TEST(OrderTest, Cancels) ",
		"A A()A{}enum B{A}; ":                                                        "A A()A enum B{A}; ",
		"int f() { /* } */ return '}'; } int g();\n":                                 "int f()   int g()",
	} {
		if got := string(Head([]byte(stmt))); got != want {
			t.Errorf("Head(%q) = %q, want %q", stmt, got, want)
		}
	}
}

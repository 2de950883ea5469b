package cpp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{Lang}

// defLines are the definitions of src, one line each: kind, title,
// namespace, qualified name, exported, lines and language; then the
// snippet, indented.
func defLines(t *testing.T, file, src string) []string {
	var out []string
	for _, d := range langtest.Definitions(t, Lang, file, src) {
		out = append(out, fmt.Sprintf("%s %s %s::%s %v %d-%d %s", d.Kind, d.Title, d.Namespace, d.QualifiedName(), d.Exported, d.StartLine, d.EndLine, d.Lang.Name))
		out = append(out, "  "+strings.ReplaceAll(d.Text(), "\n", "\n  "))
	}
	return out
}

func TestCppDefinitions(t *testing.T) {
	src := `#pragma once
#include <stdexcept>
#include <string>

namespace shop::orders {

/// An order, from cart to delivery.
template <typename Money>
class LEVELDB_EXPORT Order : public Entity {
 public:
  explicit Order(int id);
  virtual ~Order();

  /// Cancels the order.
  void cancel(const std::string& reason) EXCLUSIVE_LOCKS_REQUIRED(mu_);
  Money total() const { return total_; }
  static constexpr int kMaxLines = 50;
  enum class Status { kOpen, kCancelled };
  bool operator==(const Order& other) const;

 private:
  Status status_;
  Money total_ GUARDED_BY(mu_);
};

class OrderNotFound : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

using OrderId = std::int64_t;
constexpr int kDefaultPageSize = 20;
const std::string kApiToken = "tok_live_9f8e7d6c5b4a";

namespace {
int internal_helper() { return 1; }
}  // namespace

}  // namespace shop::orders

namespace shop {
namespace orders {
template <typename Money>
void Order<Money>::cancel(const std::string& reason) {
  status_ = Status::kCancelled;
}
}  // namespace orders

int orders::count_open(const std::vector<int>& ids) {
  return static_cast<int>(ids.size());
}
}  // namespace shop

TEST(OrderTest, Cancels) {
  EXPECT_TRUE(true);
}
`
	want := []string{
		"type Class shop.orders::Order true 7-24 cpp",
		"  /// An order, from cart to delivery.\n  template <typename Money>\n  class LEVELDB_EXPORT Order : public Entity {\n   public:\n    explicit Order(int id);\n    virtual ~Order();\n  \n    /// Cancels the order.\n    void cancel(const std::string& reason) EXCLUSIVE_LOCKS_REQUIRED(mu_);\n    Money total() const { ... }\n    static constexpr int kMaxLines = 50;\n    enum class Status { kOpen, kCancelled };\n    bool operator==(const Order& other) const;\n  \n   private:\n    Status status_;\n    Money total_ GUARDED_BY(mu_);\n  };",
		"method Method Signature shop.orders.Order::Order.cancel true 14-15 cpp",
		"  /// Cancels the order.\n  void cancel(const std::string& reason) EXCLUSIVE_LOCKS_REQUIRED(mu_);",
		"method Method Signature shop.orders.Order::Order.total true 16-16 cpp",
		"  Money total() const",
		"constant Constant shop.orders.Order::Order.kMaxLines true 17-17 cpp",
		"  static constexpr int kMaxLines = 50;",
		"enum Enum Class shop.orders.Order::Order.Status true 18-18 cpp",
		"  enum class Status { kOpen, kCancelled };",
		"error Error shop.orders::OrderNotFound true 26-29 cpp",
		"  class OrderNotFound : public std::runtime_error {\n   public:\n    using std::runtime_error::runtime_error;\n  };",
		"type Type shop.orders::OrderId true 31-31 cpp",
		"  using OrderId = std::int64_t;",
		"constant Constant shop.orders::kDefaultPageSize true 32-32 cpp",
		"  constexpr int kDefaultPageSize = 20;",
		"constant Constant shop.orders::kApiToken true 33-33 cpp",
		"  const std::string kApiToken = \"tok_live_9f8e7d6c5b4a\";",
		"function Function Signature shop.orders::internal_helper false 36-36 cpp",
		"  int internal_helper()",
		"method Method Signature shop.orders.Order::Order.cancel true 43-44 cpp",
		"  template <typename Money>\n  void Order<Money>::cancel(const std::string& reason)",
		"function Function Signature shop.orders::count_open true 49-49 cpp",
		"  int orders::count_open(const std::vector<int>& ids)",
		"function Test ::OrderTest true 54-54 cpp",
		"  TEST(OrderTest, Cancels)",
	}
	if diff := cmp.Diff(want, defLines(t, "src/orders/order.cc", src)); diff != "" {
		t.Error(diff)
	}
}

// TestMembers: a class's fields, methods (declared or defined in it,
// templates too), nested types, aliases and static constants are its
// members; its constructors, destructor and operators not.
func TestMembers(t *testing.T) {
	src := `class Store {
 public:
  Store();
  ~Store();
  Order* find(int id);
  template <typename F> void each(F f) const {}
  Store& operator=(const Store&) = delete;
  using Map = std::map<int, Order>;
  static const int kShards = 4;
  struct Stats { int hits; };
 private:
  std::vector<Order> orders_;
  int (*hook_)(int);
};
`
	got := langtest.Summaries(t, Lang, "store.h", src)
	want := []string{
		"type Class Store 1-14 [find@5() each@6() Map@8 kShards@9 Stats@10 orders_@12:Order hook_@13]",
		"method Method Signature find 5-5 []",
		"method Method Signature each 6-6 []",
		"type Type Map 8-8 []",
		"constant Constant kShards 9-9 []",
		"type Struct Stats 10-10 [hits@10]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// TestSuites: GoogleTest's tests define their suite, each by its TEST
// line.
func TestSuites(t *testing.T) {
	src := `TEST(OrderTest, Cancels) {
  EXPECT_TRUE(true);
}

TEST(OrderTest, Refunds) {
  EXPECT_TRUE(true);
}

TEST_F(StoreTest, Finds) {
}

MATCHER(IsOk, "") { return arg.ok(); }
`
	want := []string{
		"function Test ::OrderTest true 1-1 cpp",
		"  TEST(OrderTest, Cancels)",
		"function Test ::OrderTest true 5-5 cpp",
		"  TEST(OrderTest, Refunds)",
		"function Test ::StoreTest true 9-9 cpp",
		"  TEST_F(StoreTest, Finds)",
	}
	if diff := cmp.Diff(want, defLines(t, "tests/order_test.cc", src)); diff != "" {
		t.Error(diff)
	}
}

// TestNestedOutOfLine: a class declared in another (class Set;) and
// defined out of it (class RE2::Set { ... }) is the outer class's Set, and
// its members are Set's.
func TestNestedOutOfLine(t *testing.T) {
	src := `namespace re2 {
class RE2::Set {
 public:
  enum ErrorKind { kNoError = 0 };
  struct ErrorInfo { ErrorKind kind; };
  bool Match(const char* text) const;
};
struct shop::Order { int id; };
}  // namespace re2
`
	want := []string{
		"type Class re2.RE2::RE2.Set true 2-7 cpp",
		"  class RE2::Set {\n   public:\n    enum ErrorKind { kNoError = 0 };\n    struct ErrorInfo { ErrorKind kind; };\n    bool Match(const char* text) const;\n  };",
		"enum Enum re2.RE2.Set::Set.ErrorKind true 4-4 cpp",
		"  enum ErrorKind { kNoError = 0 };",
		"type Struct re2.RE2.Set::Set.ErrorInfo true 5-5 cpp",
		"  struct ErrorInfo { ErrorKind kind; };",
		"method Method Signature re2.RE2.Set::Set.Match true 6-6 cpp",
		"  bool Match(const char* text) const;",
		"type Struct re2.shop::Order true 8-8 cpp",
		"  struct shop::Order { int id; };",
	}
	if diff := cmp.Diff(want, defLines(t, "re2/set.h", src)); diff != "" {
		t.Error(diff)
	}
}

// TestHeaders: a header's definitions that use nothing of C++'s are C's;
// those in a namespace or a class, or that use C++, are C++'s.
func TestHeaders(t *testing.T) {
	src := `#ifndef ORDER_H
#define ORDER_H
#ifdef __cplusplus
extern "C" {
#endif
typedef struct order { int id; } order_t;
int order_create(const char *name);
#define ORDER_MAX 10
#ifdef __cplusplus
}
#endif
const std::string& order_name(const order_t& o);
namespace shop { int total(); }
#endif
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "include/order.h", src) {
		got = append(got, d.Name+" "+d.Lang.Name)
	}
	want := []string{"order_t c", "order_create c", "ORDER_MAX c", "order_name cpp", "total cpp"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	for _, d := range langtest.Definitions(t, Lang, "src/order.hpp", "int order_create(const char *name);\n") {
		if d.Lang != Lang {
			t.Errorf("a .hpp header is C++'s: got %s", d.Lang.Name)
		}
	}
}

// TestBrokenDefinitions: a definition holding a parse error is never
// shown; those recovered whole around it are, a definition after a broken
// statement too. A type whose member does not parse is shown as the file
// has it when its braces and its `;` are the file's own (valid members the
// grammar misreads: a default argument `= {}`, an export macro before
// `explicit`, a `;` after an inline body); the member is not.
func TestBrokenDefinitions(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"class A {\n  void f(;\n};\n\nint after() { return 1; }\n", []string{"A:class A {\n  void f(;\n};", "f:", "after:int after()"}},
		{"class D {\n  void run(const std::vector<int> &xs = {});\n  void stop();\n};\n", []string{"D:class D {\n  void run(const std::vector<int> &xs = {});\n  void stop();\n};", "run:", "stop:void stop();"}},
		{"class E {\n  EXPORT explicit E(const std::string &);\n};\n", []string{"E:class E {\n  EXPORT explicit E(const std::string &);\n};"}},
		{"class B {\n  int ok() { if (x) { return 1; }\n};\n\nint after() { return 1; }\n", []string{"after:int after()"}},
		{"namespace n {\nint broken( {\n\nint ok() { return 1; }\n}\n", []string{"ok:int ok()"}},
	} {
		var got []string
		for _, d := range langtest.Definitions(t, Lang, "x.cc", tc.src) {
			got = append(got, d.Name+":"+d.Text())
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q: %s", tc.src, diff)
		}
	}
}

// TestMatchersAreTheQueries: on every C++ file of the fixtures and of hard
// cases, the matcher finds what cpp.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.cc", Data: []byte(strings.Join([]string{
			"namespace a::b { class C : public D { public: C(); void m(int x) const; int f_ = 1; static const int k = 2; }; }",
			"template <typename T> struct S { T get() { return T{}; } }; union U { int a; }; enum class E : int { X };",
			"void C::m(int x) const { auto l = [](int y) { return y; }; } int a::b::free(int q) { return q; }",
			"using Id = long; typedef S<int> SI; #define M 1\nstatic const char* names[] = {\"a\"}; extern int g, *h;",
			"Order& Order::operator=(const Order&) = default; C::~C() {} int (*table[2])(void);",
		}, "\n"))},
		langtest.File{Name: "broken.cc", Data: []byte("class A {\nvoid f( {\nnamespace {\ntemplate <\nint x = ;\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 80 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

func TestDeclares(t *testing.T) {
	for line, want := range map[string]bool{
		"static int orders_handler(struct mg_connection *conn, void *data)": true,
		"void OrderController::cancel(const HttpRequestPtr &req)":           true,
		"    return orders_handler(conn, data);":                            false,
		"mg_set_request_handler(ctx, \"/orders\", orders_handler, 0);":      false,
	} {
		name := "orders_handler"
		if strings.Contains(line, "cancel") {
			name = "cancel"
		}
		if got := declares(line, name); got != want {
			t.Errorf("declares(%q, %q) = %v", line, name, got)
		}
	}
}

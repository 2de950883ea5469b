package cpp

import (
	"bytes"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzCpp(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "src/order.cc", []string{
		"namespace shop::orders {\n/// An order.\ntemplate <typename T>\nclass Order : public Base<T> {\n public:\n  explicit Order(int id);\n  void cancel() const;\n  static constexpr int kMax = 1'000;\n private:\n  int id_;\n};\n}  // namespace shop::orders\n",
		"void Order::cancel() const {\n  auto f = [](int x) { return x; };\n}\nint shop::total(const std::vector<int>& v) { return 0; }\nOrder::~Order() {}\n",
		"class LEVELDB_EXPORT DB {\n public:\n  Status Get(const Slice& k) EXCLUSIVE_LOCKS_REQUIRED(mu_);\n  int n_ GUARDED_BY(mu_);\n};\n",
		"enum class Status : uint8_t { kOpen, kClosed };\nusing Id = long;\nclass OrderError : public std::runtime_error { using std::runtime_error::runtime_error; };\n",
		"#pragma once\n#include <string>\nconst std::string kToken = R\"(a \"{\" b)\";\nnamespace {\nint helper() { return 1; }\n}\n",
		"class A {\n  void f(;\n};\nnamespace n {\nint broken( {\n\nint ok() { return 1; }\n}\n",
		"TEST(OrderTest, Cancels) {\n  EXPECT_TRUE(true);\n}\nCROW_ROUTE(app, \"/x\")(h);\nsvr.Get(\"/y\", g);\n",
	}, commented)
}

// commented: text in a block comment above a class, or in a raw string
// inside it, defines nothing and ends nothing. (A NUL byte, which no C++
// source holds, ends the grammar's input wherever it stands.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.IndexByte(src, 0) >= 0 || bytes.Contains(src, []byte(")~\"")) {
		return
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	cpp := "/*\n" + text + "\n*/\nclass Fixed {\n  /*\n" + text + "\n  */\n  int id_;\n  static constexpr const char* kNote = R\"~(" + string(src) + ")~\";\n};\n"
	langtest.OnlyDefinition(t, p, Lang, "src/fixed.cc", cpp, "Fixed", "id_", "kNote")
}

package cpp

import (
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/clike"
	"github.com/appendix-dev/appendix/extract/lang/internal/route"
)

// knowing sets on l the rules code outside extraction asks of C++ (see
// extract.Language), and returns l. Most are C's.
func knowing(l *extract.Language) *extract.Language {
	l.Includes = []string{"c"}
	l.SpecWords = []string{"c++", "cpp", "cxx", "c++11", "c++14", "c++17", "c++20", "c++23", "stl", "gtest", "googletest", "catch2", "qt", "boost"}
	l.RouteFrameworks = []string{"cpp-httplib", "Crow", "Drogon", "Pistache"}
	l.NotNames = append(slices.Clone(clike.NotNames), "std", "C++", "STL", "Boost", "Qt", "GoogleTest", "gtest", "gmock", "Catch2",
		"CMake", "Bazel", "vcpkg", "Conan", "RAII", "PIMPL", "pimpl")
	l.Builtins = append(slices.Clone(clike.Builtins), "string", "string_view", "vector", "map", "unordered_map", "set",
		"unordered_set", "multimap", "deque", "list", "array", "span", "pair", "tuple", "optional", "variant", "any", "function",
		"unique_ptr", "shared_ptr", "weak_ptr", "make_unique", "make_shared", "move", "forward", "thread", "mutex",
		"shared_mutex", "recursive_mutex", "lock_guard", "unique_lock", "scoped_lock", "condition_variable", "atomic", "future",
		"promise", "async", "chrono", "duration", "time_point", "steady_clock", "system_clock", "exception", "runtime_error",
		"logic_error", "invalid_argument", "out_of_range", "bad_alloc", "system_error", "error_code", "cout", "cerr", "endl",
		"ostream", "istream", "stringstream", "ostringstream", "to_string", "stoi", "size", "empty", "begin", "end",
		"push_back", "emplace_back", "find", "erase", "insert", "emplace", "reserve", "resize", "clear", "c_str", "data",
		"what", "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast", "nullptr_t", "numeric_limits", "EXPECT_EQ",
		"ASSERT_EQ", "EXPECT_TRUE", "ASSERT_TRUE", "EXPECT_FALSE", "EXPECT_THROW", "REQUIRE", "CHECK")
	l.Frameworks = []string{"boost", "Qt", "QtCore", "gtest", "gmock", "catch2", "doctest", "fmt", "spdlog", "nlohmann", "absl",
		"grpc", "grpcpp", "google/protobuf", "folly", "httplib", "crow", "drogon", "pistache", "asio", "Poco", "oatpp", "cpprest",
		"json", "yaml-cpp", "sqlite_orm", "soci", "pqxx"}
	l.Keywords = clike.Keywords
	l.Generated = []string{".pb.h", ".pb.cc", ".grpc.pb.h", ".grpc.pb.cc", "_generated.h", ".moc.cpp", ".tab.cc", ".tab.hh", ".yy.cc"}
	l.GeneratedMarks = clike.GeneratedMarks
	l.SkipDirs = clike.SkipDirs
	l.ImportedModules = clike.Included
	l.ImportLine, l.ImportStarts = clike.IncludeLine, "#"
	l.ExternalImports = clike.ExternalIncludes
	l.TestFiles = []string{"*_test.cc", "*_test.cpp", "*_test.cxx", "*_tests.cc", "*_tests.cpp", "*_unittest.cc", "*_unittest.cpp",
		"test_*.cc", "test_*.cpp", "*Test.cpp", "*Tests.cpp", "*_test.h", "*_test.hpp"}
	l.TestDirs = []string{"tests"}
	l.Tests = clike.Tests
	l.TestNames = clike.TestNames
	l.Declares = declares
	l.DocPrefixes = []string{"//", "/*", "*", "[[", "template <", "template<"}
	l.Headers = clike.HeaderExts
	return l
}

// declares reports a line that declares the function name: its type
// before it (int name(, static void name(), or its class (void
// Orders::name().
func declares(line, name string) bool {
	if route.TypedDeclares(line, name) {
		return true
	}
	i := strings.Index(line, "::"+name)
	for i >= 0 {
		rest := strings.TrimLeft(line[i+2+len(name):], " \t")
		if strings.HasPrefix(rest, "(") && i > 0 && extract.IdentByte(line[i-1]) {
			return true
		}
		j := strings.Index(line[i+2:], "::"+name)
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return false
}

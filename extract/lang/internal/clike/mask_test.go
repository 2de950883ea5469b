package clike

import (
	"testing"
)

// TestMask: the macros the grammar cannot read are blanked, byte for
// byte; what it reads stays.
func TestMask(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"class LEVELDB_EXPORT DB {", "class                DB {"},
		{"struct PACKED hdr : base {", "struct        hdr : base {"},
		{"struct SHA1_CTX ctx;", "struct SHA1_CTX ctx;"},
		{"LEVELDB_EXPORT Status DestroyDB(const std::string& name);", "[[x         ]] Status DestroyDB(const std::string& name);"},
		{"CURL_EXTERN CURL *curl_easy_init(void);", "[[x      ]] CURL *curl_easy_init(void);"},
		{"ZEXTERN int ZEXPORT deflate(z_streamp strm, int flush);", "[[x  ]] int         deflate(z_streamp strm, int flush);"},
		{"static REDIS_INLINE int f(void);", "static              int f(void);"},
		{"static redisAtomic size_t lazyfree_objects = 0;", "static             size_t lazyfree_objects = 0;"},
		{"REDISMODULE_API void * (*RedisModule_Alloc)(size_t bytes) REDISMODULE_ATTR;", "[[x          ]] void * (*RedisModule_Alloc)(size_t bytes)                 ;"},
		{"ABSL_DEPRECATED(\"use g\") void f();", "[[x                   ]] void f();"},
		{"const UINT32 kMax = 5;", "const UINT32 kMax = 5;"},
		{"std::unique_ptr<DB> db_;", "std::unique_ptr<DB> db_;"},
		{"static const std::string kName = \"x\";", "static const std::string kName = \"x\";"},
		{"  void RemoveObsoleteFiles() EXCLUSIVE_LOCKS_REQUIRED(mutex_);", "  void RemoveObsoleteFiles()                                 ;"},
		{"  Version* const version GUARDED_BY(mu);", "  Version* const version               ;"},
		{"  int n_ GUARDED_BY(mu_) = 0;", "  int n_                 = 0;"},
		{"  Stats stats_[config::kNumLevels] GUARDED_BY(mutex_);", "  Stats stats_[config::kNumLevels]                   ;"},
		{"  void f() const OVERRIDE;", "  void f() const         ;"},
		{"static int MAX(int a, int b);", "static int MAX(int a, int b);"},
		{"    if (x) FOO(y);", "    if (x) FOO(y);"},
		{"    return FOO_BAR(x);", "    return FOO_BAR(x);"},
		{"TEST_F(DBTest, Open) {", "TEST_F(DBTest, Open) {"},
		{"template <typename T> T max(T a, T b);", "template <typename T> T max(T a, T b);"},
		{"// LEVELDB_EXPORT Status Old(int x);", "// LEVELDB_EXPORT Status Old(int x);"},
		{"#define API LEVELDB_EXPORT Status X(int x);", "#define API LEVELDB_EXPORT Status X(int x);"},
		{"class Widget : public QObject {\n    Q_OBJECT\npublic:\n", "class Widget : public QObject {\n            \npublic:\n"},
		{"class Widget {\nsignals:\n    void changed();\npublic slots:\n    void reload();\n", "class Widget {\npublic :\n    void changed();\npublic      :\n    void reload();\n"},
		{"enum {\n    A,\n    LAST_VALUE\n};\n", "enum {\n    A,\n    LAST_VALUE\n};\n"},
		{"/* x */\nREDIS_NO_SANITIZE(\"alignment\")\nvoid f(void) {\n", "/* x */\n                              \nvoid f(void) {\n"},
		{"int x;\nUINT32\nf(void)\n{\n", "int x;\nUINT32\nf(void)\n{\n"},
		{"#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}  // extern \"C\"\n#endif\n",
			"#ifdef __cplusplus\n            \n#endif\nint f(void);\n#ifdef __cplusplus\n                \n#endif\n"},
		{"extern \"C\" {\nint f(void);\n}\n", "extern \"C\" {\nint f(void);\n}\n"},
		{"  Status Recover(VersionEdit* edit)\n      EXCLUSIVE_LOCKS_REQUIRED(mutex_);\n", "  Status Recover(VersionEdit* edit)\n                                      ;\n"},
		{"  if (x)\n      FOO_BAR(y);\n", "  if (x)\n      FOO_BAR(y);\n"},
	} {
		if len(tc.in) != len(tc.want) {
			t.Fatalf("%q: the masked text has another length", tc.in)
		}
		if got := string(Mask([]byte(tc.in))); got != tc.want {
			t.Errorf("Mask(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
	src := []byte("int f(void);\n")
	if got := Mask(src); &got[0] != &src[0] {
		t.Error("a file without a macro to blank is not copied")
	}
}

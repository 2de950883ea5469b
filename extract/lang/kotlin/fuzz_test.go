package kotlin

import (
	"bytes"
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzKotlin(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "Order.kt", []string{
		"package com.x\n\nimport java.time.Instant\n\n/** An order. */\n@Entity\n@Table(name = \"orders\")\ndata class Order(\n    @Id val id: Long,\n" +
			"    // total\n    var total: Long = 0,\n) : Base(), Serializable {\n    fun cancel(at: Instant): Boolean {\n        return true\n    }\n" +
			"    companion object {\n        const val MAX = 10\n    }\n}\n",
		"interface Repo<T> : Base<T> {\n    fun find(id: Long): T?\n    val size: Int\n}\nenum class Status(val c: String) {\n    OPEN(\"o\") {\n" +
			"        override fun x() = 1\n    },\n    DONE(\"d\");\n\n    open fun x() = 0\n}\n",
		"object Users : IntIdTable(\"users\") {\n    val email = varchar(\"email\", 255)\n}\nclass NotFound(id: Long) : RuntimeException(\"$id\")\n" +
			"typealias H = (Int) -> Unit\nfun String.slug() = lowercase()\n",
		"@RestController\n@RequestMapping(\"/api\")\nclass C {\n    val q = \"\"\"\n        select * from t where a = '}'\n        \"\"\"\n" +
			"    val r = Runnable { run() }\n    @GetMapping(\"/{id}\")\n    fun get(@PathVariable id: Long): Order = TODO()\n}\n",
		"fun Application.module() {\n    routing {\n        route(\"/api\") {\n            get(\"/x\") { call.respond(\"${1}\") }\n        }\n    }\n}\n",
		"class A {\n  fun m( {\n  val x = \n}\nclass B { fun n() {} }\n}}\n{{\n/* class Fake {} /* nested */ */\nfun interface F {\n  fun f()\n}\n",
		"@RequestMapping(\n    value = [\"/a\", \"b\",],\n)\nclass C(\n    @param:Value($$\"${x:#{null}}\") val x: Int?,\n) {\n    var y: Int?\n        by lazy { 1 }\n" +
			"    val z: Array<Int> = []\n}\n",
	}, commented, prepared)
}

// prepared: the text the grammar parses has the input's length and lines,
// and the input is left as it was.
func prepared(t *testing.T, _ *extract.Parser, src []byte) {
	orig := bytes.Clone(src)
	text := prepareKotlin(src)
	if !bytes.Equal(src, orig) || len(text) != len(src) || bytes.Count(text, []byte("\n")) != bytes.Count(src, []byte("\n")) {
		t.Fatalf("prepareKotlin(%q) = %q", src, text)
	}
}

// commented: text in a block comment above a class, or in a string
// inside it, defines nothing and ends nothing. (A NUL byte ends the input
// for the grammar's scanner; a file holding one is binary, never read.)
func commented(t *testing.T, p *extract.Parser, src []byte) {
	if bytes.IndexByte(src, 0) >= 0 {
		return
	}
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "*/", "* /"), "/*", "/ *")
	// ($ is written \u0024: the grammar reads \$ before \" as no escape.)
	quoted := strings.NewReplacer("\\", `\\`, `"`, `\"`, "$", `\u0024`, "\n", `\n`, "\r", `\r`).Replace(string(src))
	kt := "/*\n" + text + "\n*/\n@Doc(\"" + quoted + "\")\ndata class Fixed(\n    val id: Long,\n    /*\n" + text + "\n    */\n" +
		"    @Default(\"" + quoted + "\")\n    val note: String,\n)\n"
	langtest.OnlyDefinition(t, p, Lang, "Order.kt", kt, "Fixed", "id", "note")
}

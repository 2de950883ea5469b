package naming

import "testing"

func TestInlineAndCode(t *testing.T) {
	for _, c := range []struct{ in, inline, code string }{
		{"orders/order.go", "orders/order.go", "`orders/order.go`"},
		{"café/naïve.go", "café/naïve.go", "`café/naïve.go`"},
		{"my dir/a b.go", "my dir/a b.go", "`my dir/a b.go`"},
		{"x\n### A9. Forged\n```go", `"x\n### A9. Forged\n` + "```go\"", "````\"x\\n### A9. Forged\\n```go\"````"},
		{"a\tb", "a\tb", "`a\tb`"},
		{"a\rb\tc\x1bd", `"a\rb\tc\x1bd"`, "`\"a\\rb\\tc\\x1bd\"`"},
		{"bad\xffname", `"bad\xffname"`, "`\"bad\\xffname\"`"},
		{"line\u2028sep\u202eltr", `"line\u2028sep\u202eltr"`, "`\"line\\u2028sep\\u202eltr\"`"},
		{"kept\uFFFD", "kept\uFFFD", "`kept\uFFFD`"},
		{"a`b", "a`b", "``a`b``"},
		{"`ab``", "`ab``", "``` `ab`` ```"},
	} {
		if got := Inline(c.in); got != c.inline {
			t.Errorf("Inline(%q) = %q, want %q", c.in, got, c.inline)
		}
		if got := Code(c.in); got != c.code {
			t.Errorf("Code(%q) = %q, want %q", c.in, got, c.code)
		}
	}
}

func TestValidUTF8(t *testing.T) {
	for in, want := range map[string]string{"plain": "plain", "caf\xe9 \xff\xfe!": "caf\uFFFD \uFFFD\uFFFD!", "ok\u00e9\xc3": "ok\u00e9\uFFFD"} {
		if got := ValidUTF8(in); got != want {
			t.Errorf("ValidUTF8(%q) = %q, want %q", in, got, want)
		}
	}
}

package protobuf

import (
	"slices"
	"testing"
)

func TestFieldNames(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"MaxSeries", []string{"maxSeries", "max_series"}},
		{"Id", []string{"id"}},
		{"QueryRangeRequest", []string{"queryRangeRequest", "query_range_request"}},
		{"Field2", []string{"field2"}},
		{"HttpPort", []string{"httpPort", "http_port"}},
		{"X", []string{"x"}},
		{"V2", []string{"v2"}},
		{"maxSeries", nil}, // a generated Go field is exported
		{"", nil},
	} {
		if got := fieldNames(c.in); !slices.Equal(got, c.want) {
			t.Errorf("fieldNames(%q) = %q, want %q", c.in, got, c.want)
		}
		for _, n := range c.want {
			if g := goCamelCase(n); g != c.in {
				t.Errorf("goCamelCase(%q) = %q, want %q", n, g, c.in)
			}
		}
	}
	for in, want := range map[string]string{"_x": "XX", "a.b": "AB", "a.B": "A_B", "foo_bar_2": "FooBar_2", "fooBAR": "FooBAR"} {
		if g := goCamelCase(in); g != want {
			t.Errorf("goCamelCase(%q) = %q, want %q", in, g, want)
		}
	}
}

package protobuf

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func TestProtobuf(t *testing.T) {
	proto := `syntax = "proto3";

// An order.
message Order {
  int64 id = 1;
  repeated OrderItem items = 2;
  message Line {
    string sku = 1;
  }
  Status status = 3;
}

service Orders {
  rpc Place(PlaceRequest) returns (Order);
}
`
	want := []string{
		"schema Message Order 3-11 [id@5:int64 items@6:OrderItem Line@7-9 status@10:Status]",
		"interface Service Orders 13-15 [Place@14()]",
	}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "orders.proto", proto)); diff != "" {
		t.Error(diff)
	}
}

// TestProtobufCommentsAndQuotes: what block comments and single-quoted
// strings hold is no structure (FuzzProtobuf found a message named in a
// comment, and a brace in quotes that made a message vanish).
func TestProtobufCommentsAndQuotes(t *testing.T) {
	proto := `/*
message Old {
  int32 x = 1;
}
*/
message A {
  /*
   * id = the id
   */
  int64 id = 1;
  /* { */
  string s = 2 [default = '}'];
  string d = 3 [default = "it's"];
}
message B {
  int32 x = 1; // don't
  string y = 2;
}
`
	want := []string{
		"schema Message A 6-14 [id@10:int64 s@12:string d@13:string]",
		"schema Message B 15-18 [x@16:int32 y@17:string]",
	}
	if diff := cmp.Diff(want, langtest.Summaries(t, Lang, "a.proto", proto)); diff != "" {
		t.Error(diff)
	}
}

// TestProtobufJSONName: a field's json_name option is the name it is
// serialized as.
func TestProtobufJSONName(t *testing.T) {
	proto := `message Endpoint {
  string display_name = 1 [json_name = "displayName"];
  string id = 2;
}
`
	defs := langtest.Definitions(t, Lang, "a.proto", proto)
	var got [][]string
	for _, m := range defs[0].Members {
		got = append(got, m.Serialized)
	}
	if diff := cmp.Diff([][]string{{"displayName"}, nil}, got); diff != "" {
		t.Error(diff)
	}
}

// A file's package is its definitions' namespace: prometheus_copy.TimeSeries
// names the message whatever directory holds the file.
func TestProtobufPackage(t *testing.T) {
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "prompb/types.proto", "syntax = \"proto3\";\npackage prometheus_copy;\n\nmessage TimeSeries {\n  string name = 1;\n}\n") {
		got = append(got, d.Namespace+" "+d.Name)
	}
	if diff := cmp.Diff([]string{"prometheus_copy TimeSeries"}, got); diff != "" {
		t.Error(diff)
	}
}

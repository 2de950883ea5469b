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

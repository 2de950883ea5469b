package protobuf

import (
	"strings"
	"testing"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

func FuzzProtobuf(f *testing.F) {
	langtest.FuzzScanner(f, Lang, "orders.proto", []string{
		"syntax = \"proto3\";\npackage shop.v1;\n\nimport \"google/protobuf/timestamp.proto\";\n\n// An order.\nmessage Order {\n  int64 id = 1;\n  repeated OrderItem items = 2;\n  google.protobuf.Timestamp created_at = 3 [json_name = \"createdAt\"];\n  map<string, string> labels = 4;\n}\n",
		"message Outer {\n  message Inner {\n    string sku = 1;\n  }\n  oneof payment {\n    Card card = 5;\n    string voucher = 6;\n  }\n  reserved 2, 15, 9 to 11;\n  reserved \"foo\", \"bar\";\n  option deprecated = true;\n}\n",
		"enum Status {\n  STATUS_UNSPECIFIED = 0;\n  STATUS_OPEN = 1;\n  STATUS_CLOSED=2;\n  option allow_alias = true;\n}\n",
		"service Orders {\n  rpc Place(PlaceRequest) returns (Order);\n  rpc Watch (WatchRequest) returns (stream Order) {\n    option (google.api.http) = { get: \"/v1/orders/{id}\" };\n  }\n}\n",
		"syntax = \"proto2\";\nmessage Legacy {\n  optional string name = 1 [default = \"a } b\"];\n  extensions 100 to 199;\n}\nmessage Fwd;\n",
		"message {\n}\n}}\n{{\nmessage X // {\n{\n/* block { */\n",
		"/*\nmessage Old {\n  int32 x = 1;\n}\n*/\nmessage New {\n  /*\n   * id = the id }\n   */\n  int32 id = 1;\n  string s = 2 [default = '}'];\n}\n",
	}, commented)
}

// commented: text in a block comment, above a message or inside it, or in
// a string of either quote, defines nothing and ends nothing.
func commented(t *testing.T, p *extract.Parser, src []byte) {
	text := strings.ReplaceAll(string(src), "*/", "* /") // cannot end the comment
	quote := func(q string) string {
		return strings.NewReplacer("\\", `\\`, q, `\`+q, "\n", " ", "\r", " ").Replace(string(src))
	}
	proto := "/*\n" + text + "\n*/\nmessage Fixed {\n  /*\n" + text + "\n  */\n  int64 id = 1;\n" +
		"  string note = 2 [default = \"" + quote(`"`) + "\"];\n  string alt = 3 [default = '" + quote(`'`) + "'];\n}\n"
	langtest.OnlyDefinition(t, p, Lang, "orders.proto", proto, "Fixed", "id:int64", "note:string", "alt:string")
}

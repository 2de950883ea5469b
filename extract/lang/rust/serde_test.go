package rust

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// TestSerdeNames: a field or a variant answers to the name serde writes
// it as: its own rename, else its type's rename_all case.
func TestSerdeNames(t *testing.T) {
	src := `#[derive(Serialize)]
/// A comment on the wire.
#[serde(rename_all = "camelCase")]
pub struct Comment {
    id: i64,
    updated_at: Timestamptz,
    #[serde(rename = "body_text")]
    body: String,
}

#[derive(Serialize)]
#[serde(untagged)]
pub enum HecResponse {
    #[serde(rename = "ackId")]
    AckId(u64),
    Text(String),
}

#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Level { InfoLevel, Warn }
`
	got := map[string][]string{}
	for _, d := range langtest.Definitions(t, Lang, "src/http.rs", src) {
		for _, m := range d.Members {
			if len(m.Serialized) > 0 {
				got[d.Name+"."+m.Name] = m.Serialized
			}
		}
	}
	want := map[string][]string{
		"Comment.updated_at": {"updatedAt"},
		"Comment.body":       {"body_text"},
		"HecResponse.AckId":  {"ackId"},
		"Level.InfoLevel":    {"INFO_LEVEL"},
		"Level.Warn":         {"WARN"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

package extract_test

import (
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// TestSpacedTagName: the column an xorm tag stores a field as, never an
// option's value, a type or an index's name.
func TestSpacedTagName(t *testing.T) {
	for tag, want := range map[string]string{
		"not null default 0 BIGINT(20) user_collection_group_id": "user_collection_group_id",
		"not null pk autoincr BIGINT(20) id":                     "id",
		"'user_id' pk":                                           "user_id",
		"default 'CURRENT_TIMESTAMP' DATETIME":                   "",
		"notnull default 'active' status":                        "status",
		"comment('notify user id') index(userid) INT(11)":        "",
		"VARCHAR(255) comment remark":                            "",
		"bit":                                                    "",
		"longblob":                                               "",
		"timestamptz created_at":                                 "created_at",
		"extends":                                                "",
		"-":                                                      "",
	} {
		if got := extract.SpacedTagName(tag); got != want {
			t.Errorf("SpacedTagName(%q) = %q, want %q", tag, got, want)
		}
	}
}

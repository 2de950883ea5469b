package resolve

import "testing"

func TestCallArgument(t *testing.T) {
	for _, c := range []struct {
		text, word string
		want       bool
	}{
		{`allow(User, "createShare", Team, (actor, team) => true);`, "createShare", true},
		{`for fn in hooks.get_hooks("register_admin_viewset"):`, "register_admin_viewset", true},
		{`TraceEvent("ReadHotRangeLog").detail("Shard", s);`, "ReadHotRangeLog", true},
		{`NAME = "createShare"`, "createShare", false},
		{`fmt.Println(f(), "createShare")`, "createShare", false},
		{`("createShare", 1)`, "createShare", false},
		{`log("see createShare")`, "createShare", false},
	} {
		if got := callArgument(c.text, c.word); got != c.want {
			t.Errorf("callArgument(%q, %q) = %v, want %v", c.text, c.word, got, c.want)
		}
	}
}

package scan

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang"
)

// TestValueWords: the literals that stand where a value is set are
// recorded once each, without their quotes; comparisons, call arguments,
// keys, messages with spaces or escapes, and short ones are not.
func TestValueWords(t *testing.T) {
	src := "const (\n\tCheckStateRetry CheckState = \"Retry\"\n\tAnnotation = \"cluster.x-k8s.io/labels-from-machine\" // tracked\n)\n" +
		"var T = corev1.Taint{\n\tKey:    \"node.cluster.x-k8s.io/uninitialized\",\n}\n" +
		"RETRY = 'Retry'\nPhase = \"pending\" | \"done\";\nexport const K = \"x-key\" as const;\n" +
		"if s == \"Equal\" {\nlog(\"Called\")\nmsg = \"two words\"\nesc = \"a\\tb\"\nid = \"ok\"\nx := \"Local\"\n" +
		"\"key\": value,\n// don't\nname: `raw`,\n"
	want := "Retry\ncluster.x-k8s.io/labels-from-machine\nnode.cluster.x-k8s.io/uninitialized\npending\ndone\nx-key\nraw"
	if diff := cmp.Diff(want, valueWords([]byte(src))); diff != "" {
		t.Error(diff)
	}
	e := &Entry{Values: want}
	if diff := cmp.Diff(map[string]bool{"Retry": true}, e.Held(map[string]bool{"Retry": true, "Ready": true})); diff != "" {
		t.Error(diff)
	}
}

func TestKeyWords(t *testing.T) {
	src := "opts := map[string]*configValue{\n\t\"CLEANUP_ARCHIVE_READ_DAYS\": {\n\t\trawValue: \"60\",\n\t},\n}\n" +
		"DEFAULTS = {'DEFAULT_PAGINATION_CLASS': None, 'PAGE_SIZE' : 10}\n" +
		"$map = ['queue_name' => 'default'];\n" +
		"x := \"Local\"\nm[\"READ_KEY\"] = 1\ncase \"cased\":\nstd::\"no\"::x\nlog(\"two words\": 1)\n" +
		"ConfigParam(name='JOB_RETENTION', label='Retention')\nopts = { key: \"maxRetries\" }\nrename=\"renamed\"\n"
	want := "CLEANUP_ARCHIVE_READ_DAYS\nDEFAULT_PAGINATION_CLASS\nPAGE_SIZE\nqueue_name\nJOB_RETENTION\nmaxRetries"
	if diff := cmp.Diff(want, keyWords([]byte(src))); diff != "" {
		t.Error(diff)
	}
	e := &Entry{Keys: want}
	if !e.HoldsKey("PAGE_SIZE") || e.HoldsKey("PAGE") || e.HoldsKey("Local") {
		t.Errorf("HoldsKey wrong on %q", want)
	}
}

// TestPythonArgumentsAreNoValues: in Python, a literal set inside
// parentheses is a keyword argument or a parameter's default, which no
// definition holds as its value; a dict's inside a call still is, and
// brackets inside strings and comments do not count.
func TestPythonArgumentsAreNoValues(t *testing.T) {
	src := "class Migration(migrations.Migration):\n    operations = [\n        migrations.AddField(\n" +
		"            model_name=\"checkout\",\n            name=\"currency\",\n            field=models.CharField(default=\"USD\"),\n        ),\n    ]\n" +
		"def f(mode=\"fast\"):\n    pass\n" +
		"# a comment (not closed\nSTATUS = \"draft\"\nNOTE = \"(open\"  # (\nDOC = \"\"\"text (\n\"\"\"\nX = build({\"kind\": \"dict\"})\n" +
		"class Kind(Enum):\n    A = 'alpha'\n"
	args := pythonArgs([]byte(src))
	v, _ := literalWords([]byte(src), args)
	if diff := cmp.Diff("draft\n(open\ndict\nalpha", v); diff != "" {
		t.Error(diff)
	}
	if diff := cmp.Diff("checkout\ncurrency\nUSD\nfast\ndraft\n(open\ndict\nalpha", valueWords([]byte(src))); diff != "" {
		t.Errorf("without the argument test: %s", diff)
	}
	// Every value the extraction records is one the scan holds.
	p := extract.NewParser()
	defer p.Close()
	defs, err := p.Definitions(context.Background(), lang.ForPath("x.py"), "x.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	held, n := strings.Split(v, "\n"), 0
	for _, d := range defs {
		for _, val := range d.Values {
			n++
			if !slices.Contains(held, val.Text) {
				t.Errorf("%s holds %q, which the scan does not", d.Name, val.Text)
			}
		}
	}
	if n < 3 {
		t.Errorf("the extraction records %d values, want the three the scan holds outside calls", n)
	}
}

// TestHoldsLine: a line of a newline-separated list, wherever it stands,
// and not a part of a longer line, even where the part comes first.
func TestHoldsLine(t *testing.T) {
	for _, tc := range []struct {
		list, line string
		want       bool
	}{
		{"PAGE_SIZE", "PAGE_SIZE", true},
		{"A\nPAGE_SIZE\nB", "PAGE_SIZE", true},
		{"PAGE_SIZE_MAX\nMAX_PAGE_SIZE\nPAGE_SIZE", "PAGE_SIZE", true},
		{"PAGE_SIZE_MAX\nMAX_PAGE_SIZE", "PAGE_SIZE", false},
		{"XPAGE_SIZE\n", "PAGE_SIZE", false},
		{"", "PAGE_SIZE", false},
	} {
		if got := holdsLine(tc.list, tc.line); got != tc.want {
			t.Errorf("holdsLine(%q, %q) = %v, want %v", tc.list, tc.line, got, tc.want)
		}
	}
}

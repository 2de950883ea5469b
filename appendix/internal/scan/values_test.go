package scan

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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

package golang

import (
	"context"
	"maps"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/langtest"
)

// langs are the languages of this package, as the tests pick them by file name.
var langs = []*extract.Language{Lang}

// def is the part of a Definition a test states.
type def langtest.Def

func defsOf(t *testing.T, file, src string) []def { return langtest.DefsIn[def](t, langs, file, src) }

func TestGoDefinitions(t *testing.T) {
	src := `package x

// Status is a state.
type Status int

const (
	Open Status = iota
	Done
)

type (
	Reader interface{ Read() error }
	pair   struct{ a, b int }
)

var ErrGone = errors.New("gone")

var handlers = map[string]func(){
	"a": func() { println("a") },
}

// Do does it.
func (s *Server[T]) Do(ctx context.Context,
	n int) (int, error) {
	return 0, nil
}

func helper() {}
`
	want := []def{
		{"Status", "", extract.KindEnum, "Enum", true, 3, 9, "// Status is a state.\ntype Status int\n\nconst (\n\tOpen Status = iota\n\tDone\n)"},
		{"Open", "", extract.KindEnum, "Enum", true, 6, 9, "const (\n\tOpen Status = iota\n\tDone\n)"},
		{"Done", "", extract.KindEnum, "Enum", true, 6, 9, "const (\n\tOpen Status = iota\n\tDone\n)"},
		{"Reader", "", extract.KindInterface, "Interface", true, 12, 12, "Reader interface{ Read() error }"},
		{"pair", "", extract.KindType, "Type", false, 13, 13, "pair   struct{ a, b int }"},
		{"ErrGone", "", extract.KindError, "Error", true, 16, 16, `var ErrGone = errors.New("gone")`},
		{"handlers", "", extract.KindConstant, "Variable", false, 18, 20, "var handlers = map[string]func(){\n\t\"a\": func() { ... },\n}"},
		{"Do", "Server", extract.KindMethod, "Method Signature", true, 22, 24, "// Do does it.\nfunc (s *Server[T]) Do(ctx context.Context,\n\tn int) (int, error)"},
		{"helper", "", extract.KindFunction, "Function Signature", false, 28, 28, "func helper()"},
	}
	if diff := cmp.Diff(want, defsOf(t, "x.go", src)); diff != "" {
		t.Error(diff)
	}
}

func TestMembers(t *testing.T) {
	p := extract.NewParser()
	defer p.Close()
	src := "type Order struct {\n\t// ID is the key.\n\tID int\n\tName string\n}\n"
	ds, err := p.Definitions(context.Background(), Lang, "a.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []extract.Member{{Name: "ID", Start: 2, End: 3, Decl: 3}, {Name: "Name", Start: 4, End: 4, Decl: 4}}
	if diff := cmp.Diff(want, ds[0].Members); diff != "" {
		t.Error(diff)
	}
}

func TestBrokenDefinitionsAreSkipped(t *testing.T) {
	// A statement that does not parse costs only itself: tree-sitter's
	// recovery on the whole file swallows the next definition, the
	// statement-by-statement parse does not; a snippet holding a parse
	// error is never shown, and its line is said not to parse.
	src := "package x\n\nfunc A( {\n\nfunc B() int { return 1 }\n\nfunc C() {}\n"
	got := defsOf(t, "x.go", src)
	names := []string{}
	for _, d := range got {
		names = append(names, d.Name+":"+d.Text)
	}
	if diff := cmp.Diff([]string{"B:func B() int", "C:func C()"}, names); diff != "" {
		t.Error(diff)
	}
	p := extract.NewParser()
	defer p.Close()
	if broken, err := p.BrokenAt(context.Background(), Lang, "x.go", []byte(src), 3); err != nil || !broken {
		t.Errorf("BrokenAt(3) = %v, %v; want true", broken, err)
	}
}

func TestErrorTypes(t *testing.T) {
	goDefs := defsOf(t, "x.go", "package x\n\ntype NotFound struct{ ID int }\n\nfunc (e *NotFound) Error() string { return \"\" }\n\ntype Plain struct{}\n")
	if goDefs[0].Kind != extract.KindError || goDefs[0].Title != "Error" || goDefs[2].Kind != extract.KindType {
		t.Errorf("go error types: %+v", goDefs)
	}
}

// TestErrorTypeReceivers: a type is an error type when a line of its file
// starts "func (recv T) Error() string", with or without a receiver
// name, a pointer or type parameters; never for another type's method or
// a mention in a comment or a string.
func TestErrorTypeReceivers(t *testing.T) {
	src := "func (e *NotFound) Error() string { return \"\" }\n" +
		"func (Plain) Error() string { return \"\" }\n" +
		"func (*Bare) Error() string { return \"\" }\n" +
		"func (e Generic[K, V]) Error() string { return \"\" }\n" +
		"func (e *Other) Errors() string { return \"\" }\n" +
		"// func (e *Commented) Error() string\n" +
		"var s = `func (e *Quoted) Error() string`\n" +
		"func (e * Spaced) Error() string { return \"\" }\n"
	got := goErrorTypes([]byte(src))
	want := map[string]bool{"NotFound": true, "Plain": true, "Bare": true, "Generic": true}
	if !maps.Equal(got, want) {
		t.Errorf("goErrorTypes = %v, want %v", got, want)
	}
}

// TestMatchersAreTheQueries: on every Go file of the fixtures, of a
// generated repository and of hard cases, the matcher finds what go.scm
// finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "multi.go", Data: []byte("package a\n\nconst a, b, c = 1, 2, 3\n\nvar (\n\tx, y int\n\tz = 1\n)\n\ntype (\n\tA = int\n\tB struct{}\n)\n\nfunc (r *B) M() {}\nfunc F[T any]() {}\n")},
		langtest.File{Name: "broken.go", Data: []byte("package a\n\nfunc (\ntype T struct {\nconst C = \n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 300 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestGoEmbeddedBases: a struct's embedded types are its bases, by the
// type's name, whatever tag the field carries.
func TestGoEmbeddedBases(t *testing.T) {
	src := "package x\n\ntype Machine struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\t*Base `json:\"base\"`\n\tSpec MachineSpec `json:\"spec\"`\n}\n"
	if diff := cmp.Diff([]string{"metav1.TypeMeta", "Base"}, onlyDefinition(t, src).Bases); diff != "" {
		t.Error(diff)
	}
}

// TestGoFieldTypesAndTags: a field records the named type it holds,
// without pointer, list, map or type arguments (none for a built-in type),
// and the names its json and yaml tags serialize it as.
func TestGoFieldTypesAndTags(t *testing.T) {
	src := "package x\n\ntype WorkloadStatus struct {\n" +
		"\tRequeueState *RequeueState `json:\"requeueState,omitempty\"`\n" +
		"\tChecks []AdmissionCheckState `json:\"admissionChecks\" yaml:\"checks\"`\n" +
		"\tAt *metav1.Time `json:\"requeueAt\" yaml:\"requeueAt\"`\n" +
		"\tByName map[string]*Flavor `json:\"-\"`\n" +
		"\tPage List[Item] `json:\",omitempty\"`\n" +
		"\tName string \"json:\\\"name\\\"\"\n" +
		"\tRun func() error\n" +
		"\tmetav1.TypeMeta `json:\",inline\"`\n" +
		"}\n"
	type field struct {
		Name, Type string
		Serialized []string
	}
	var got []field
	for _, m := range onlyDefinition(t, src).Members {
		got = append(got, field{m.Name, m.Type, m.Serialized})
	}
	want := []field{
		{"RequeueState", "RequeueState", []string{"requeueState"}},
		{"Checks", "AdmissionCheckState", []string{"admissionChecks", "checks"}},
		{"At", "metav1.Time", []string{"requeueAt"}},
		{"ByName", "Flavor", nil},
		{"Page", "List", nil},
		{"Name", "", []string{"name"}},
		{"Run", "", nil},
		{"TypeMeta", "metav1.TypeMeta", nil},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
}

// onlyDefinition is the one definition src declares.
func onlyDefinition(t *testing.T, src string) extract.Definition {
	t.Helper()
	p := extract.NewParser()
	defer p.Close()
	defs, err := p.Definitions(context.Background(), Lang, "x.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(defs) != 1 {
		t.Fatalf("want one definition, got %d", len(defs))
	}
	return defs[0]
}

// TestGoValues: a constant records the string it is set to; a variable
// the strings the keys of the composite literal it is set to are set to,
// never a key, a positional element, a call's argument or an operation's;
// a typed string with its constants, each constant's value as a member's.
func TestGoValues(t *testing.T) {
	src := "package x\n\n" +
		"type CheckState string\n\nconst (\n\tCheckStateRetry CheckState = \"Retry\"\n\tCheckStateReady CheckState = \"Ready\"\n)\n\n" +
		"const (\n\tLabelsFromMachineAnnotation = \"cluster.x-k8s.io/labels-from-machine\"\n\tprefix = `raw`\n\tjoined = \"a\" + \"b\"\n\tn = 3\n)\n\n" +
		"var NodeUninitializedTaint = corev1.Taint{\n\tKey:    \"node.cluster.x-k8s.io/uninitialized\",\n\tEffect: corev1.TaintEffectNoSchedule,\n}\n\n" +
		"var ErrGone = errors.New(\"gone\")\n\nvar p = &X{\"a\", Y{K: \"b\"}}\n\nvar keyed = map[string]string{\"k\": \"v\"}\n\nvar a, b = \"one\", \"two\"\n\nconst escaped = \"a\\tb\"\n"
	want := []string{
		"CheckState: Retry (member CheckStateRetry)",
		"CheckState: Ready (member CheckStateReady)",
		"CheckStateRetry: Retry",
		"CheckStateReady: Ready",
		"LabelsFromMachineAnnotation: cluster.x-k8s.io/labels-from-machine",
		"prefix: raw",
		"NodeUninitializedTaint: node.cluster.x-k8s.io/uninitialized (part)",
		"keyed: v (part)",
	}
	if diff := cmp.Diff(want, langtest.Values(t, Lang, "x.go", src)); diff != "" {
		t.Error(diff)
	}
}

// A package variable's named type is its base: `config.Opts.X` is a
// member of that type.
func TestGoVarType(t *testing.T) {
	for src, want := range map[string][]string{
		"package c\n\nvar Opts *configOptions\n":              {"configOptions"},
		"package c\n\nvar Client = &api.Client{Timeout: 1}\n": {"api.Client"},
		"package c\n\nvar Store = store{}\n":                  {"store"},
		"package c\n\nvar Names map[string]int\n":             nil,
		"package c\n\nvar Limit int\n":                        nil,
		"package c\n\nvar Def = New()\n":                      nil,
	} {
		if diff := cmp.Diff(want, onlyDefinition(t, src).Bases); diff != "" {
			t.Errorf("%q: %s", src, diff)
		}
	}
}

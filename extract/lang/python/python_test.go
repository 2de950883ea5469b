package python

import (
	"fmt"
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

func TestPythonDefinitions(t *testing.T) {
	src := `import enum

MAX_TAGS = 10
_cache: dict = {}


class Color(enum.Enum):
    RED = 1


@dataclass
class Item(Base):
    """An item."""

    id: int
    name: str = "x"

    @validator("name")
    def check(cls, v):
        return v

    async def _load(self) -> None:
        pass


def top(a, *, b: int = 2) -> str:
    """Doc."""
    return "x"
`
	want := []def{
		{"MAX_TAGS", "", extract.KindConstant, "Constant", true, 3, 3, "MAX_TAGS = 10"},
		{"_cache", "", extract.KindConstant, "Variable", false, 4, 4, "_cache: dict = {}"},
		{"Color", "", extract.KindEnum, "Enum", true, 7, 8, "class Color(enum.Enum):\n    RED = 1"},
		{"Item", "", extract.KindType, "Class", true, 11, 22, "@dataclass\nclass Item(Base):\n    \"\"\"An item.\"\"\"\n\n    id: int\n    name: str = \"x\"\n\n    @validator(\"name\")\n    def check(cls, v): ...\n\n    async def _load(self) -> None: ..."},
		{"check", "Item", extract.KindMethod, "Method Signature", true, 18, 19, "@validator(\"name\")\ndef check(cls, v):"},
		{"_load", "Item", extract.KindMethod, "Method Signature", false, 22, 22, "async def _load(self) -> None:"},
		{"top", "", extract.KindFunction, "Function Signature", true, 26, 26, "def top(a, *, b: int = 2) -> str:"},
	}
	if diff := cmp.Diff(want, defsOf(t, "x.py", src)); diff != "" {
		t.Error(diff)
	}
}

func TestMoreDeclarationForms(t *testing.T) {
	py := `import typing
try:
    import orjson
    def fast_dumps(x) -> bytes:
        return orjson.dumps(x)
except ImportError:
    fast_dumps = None
if typing.TYPE_CHECKING:
    from a import B

@typing.overload
def parse(x: int) -> int: ...
@typing.overload
def parse(x: str) -> str: ...
def parse(x):
    def helper():
        pass
    local = 1
    return x
`
	var got []string
	for _, d := range defsOf(t, "x.py", py) {
		got = append(got, fmt.Sprintf("%s|%d-%d|%s", d.Name, d.Start, d.End, d.Text))
	}
	want := []string{
		"fast_dumps|4-4|def fast_dumps(x) -> bytes:",
		"fast_dumps|7-7|fast_dumps = None",
		"parse|11-15|@typing.overload\ndef parse(x: int) -> int:\n@typing.overload\ndef parse(x: str) -> str:\ndef parse(x):",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("python: %s", diff)
	}
}

// TestOverloadStubsWithComments: overload stubs whose bodies are
// comments and `...` on lines of their own are one definition with the
// implementation, as stubs on one line are; two functions with bodies of
// code are two.
func TestOverloadStubsWithComments(t *testing.T) {
	py := `@overload
def run(  # type: ignore[misc]
    f: Callable[P, Awaitable[R]],
) -> "Deferred[R]":
    # The ignore above suppresses an overlap.
    ...


@overload
def run(f: Callable[P, R]) -> "Deferred[R]":
    ...


def run(f):
    """Runs f."""
    return f()


def stop(d):
    return d


def stop(d, why):
    return d
`
	var got []string
	for _, d := range defsOf(t, "x.py", py) {
		got = append(got, fmt.Sprintf("%s|%d-%d", d.Name, d.Start, d.End))
	}
	want := []string{"run|1-14", "stop|19-19", "stop|23-23"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("python: %s", diff)
	}
}

// TestMatchersAreTheQueries: on every Python file of the fixtures, of a
// generated repository and of hard cases, the matcher finds what
// python.scm finds.
func TestMatchersAreTheQueries(t *testing.T) {
	files := append(langtest.Sources(t),
		langtest.File{Name: "all.py", Data: []byte("def f(): pass\nclass A:\n    x = 1\n    def m(self): pass\na = b = 1\nif True:\n    c = 2\n(d, e) = 1, 2\nf.g = 3\n")},
	)
	n := langtest.CheckMatchers(t, langs, files)
	if n < 500 {
		t.Fatalf("only %d matches compared", n)
	}
	t.Logf("%d matches compared", n)
}

// TestPythonValues: a module-level string records its value, a dict the
// strings it maps to, a tuple nothing (its items are no values); an enum each member's value (a Django choice's first
// element); another class its SCREAMING_CASE constants only; f-strings,
// byte strings and docstrings hold no value.
func TestPythonValues(t *testing.T) {
	src := `RETRY_HEADER = "X-Retry-After"
LABELS = {"team": "platform", "tier": 'gold'}
KWARGS = ("read_only", "partial")
greeting = f"hello {name}"
raw = b"bytes"


class CheckState(str, Enum):
    """The states."""

    RETRY = "Retry"
    READY = "Ready"
    COUNT = 3


class Status(models.TextChoices):
    PENDING = "pending", _("Pending")


class Client:
    BASE_URL = "https://example.test"
    name = "client"

    def get(self):
        return "value"
`
	want := []string{
		"RETRY_HEADER: X-Retry-After",
		"LABELS: platform (part)",
		"LABELS: gold (part)",
		"CheckState: Retry (member RETRY)",
		"CheckState: Ready (member READY)",
		"Status: pending (member PENDING)",
		"Client: https://example.test (member BASE_URL)",
	}
	if diff := cmp.Diff(want, langtest.Values(t, Lang, "x.py", src)); diff != "" {
		t.Error(diff)
	}
}

// TestInstanceAttributes: the attributes a class's methods assign to self
// and its __slots__ lists are its members, marked as assigned; what a
// function nested in a method assigns is not.
func TestInstanceAttributes(t *testing.T) {
	py := `class Link:
    __slots__ = ("_url", "comes_from")

    def __init__(self, url):
        self._url = url
        if url:
            self.egg_fragment: str | None = None
        self.count += 1

        def helper():
            self.not_an_attribute = 1

    @property
    def is_wheel(self):
        return self._url.endswith(".whl")
`
	var got []string
	for _, d := range langtest.Definitions(t, Lang, "link.py", py) {
		for _, m := range d.Members {
			got = append(got, fmt.Sprintf("%s|%v", m.Name, m.Assigned))
		}
	}
	want := []string{"__slots__|false", "_url|true", "comes_from|true", "__init__|false", "_url|true", "egg_fragment|true", "count|true", "is_wheel|false"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("members: %s", diff)
	}
}

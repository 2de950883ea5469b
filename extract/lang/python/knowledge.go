package python

import (
	"path"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
	"github.com/appendix-dev/appendix/extract/lang/internal/testpath"
)

// The rules code outside extraction asks of Python (see extract.Language).
var (
	keywords = extract.Keywords{
		Decl:         []string{"def", "class", "async"},
		Type:         []string{"class"},
		Locals:       []string{"def", "async def"},
		LoneCalls:    true,
		TripleQuotes: `"'`,
		// A column's own name (SQLAlchemy's Column("encrypted_options", ...),
		// Django's db_column=) and a field's alias (pydantic's).
		Tags: []string{`Column("`, `Column('`, `mapped_column("`, `mapped_column('`, `db_column="`, `db_column='`,
			`alias="`, `alias='`},
	}
	specWords  = []string{"python", "django", "sqlalchemy", "pydantic", "fastapi", "flask"}
	frameworks = []string{"fastapi", "flask", "django", "pydantic", "sqlalchemy", "sqlmodel", "celery"}
	notNames   = []string{"True", "False", "None", "self", "str", "int", "float", "bool", "dict", "list", "object", "any",
		"FastAPI", "PyPI", "Django", "Flask", "SQLAlchemy", "Pydantic", "Celery", "Alembic", "pytest"}
	// builtins are Python's built-in functions and exceptions, the
	// keywords specs set in code spans (`async`, `await`), and the
	// argparse actions specs quote.
	builtins = []string{"async", "await", "lambda", "yield", "abs", "all", "any", "bool", "callable", "dict", "dir", "enumerate", "eval", "exec", "filter", "float",
		"format", "frozenset", "getattr", "hasattr", "hash", "id", "input", "int", "isinstance", "issubclass", "iter", "len",
		"list", "map", "max", "min", "next", "open", "ord", "print", "range", "repr", "reversed", "round", "set", "setattr",
		"sorted", "str", "sum", "super", "tuple", "type", "vars", "zip", "property", "staticmethod", "classmethod",
		"__init__", "__name__", "__main__",
		"Exception", "BaseException", "ValueError", "TypeError", "KeyError", "IndexError", "AttributeError", "RuntimeError",
		"KeyboardInterrupt", "StopIteration", "StopAsyncIteration", "NotImplementedError", "OSError", "IOError",
		"FileNotFoundError", "PermissionError", "TimeoutError", "ConnectionError", "AssertionError", "ImportError",
		"ModuleNotFoundError", "SystemExit", "ZeroDivisionError", "UnicodeDecodeError", "LookupError", "RecursionError",
		"ArithmeticError", "OverflowError", "FloatingPointError", "BufferError", "EOFError", "GeneratorExit", "MemoryError",
		"NameError", "UnboundLocalError", "ReferenceError", "SyntaxError", "IndentationError", "TabError", "SystemError",
		"UnicodeError", "UnicodeEncodeError", "UnicodeTranslateError", "BlockingIOError", "ChildProcessError",
		"BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError", "ConnectionResetError", "FileExistsError",
		"InterruptedError", "IsADirectoryError", "NotADirectoryError", "ProcessLookupError", "ExceptionGroup",
		"BaseExceptionGroup", "Warning", "UserWarning", "DeprecationWarning", "PendingDeprecationWarning", "SyntaxWarning",
		"RuntimeWarning", "FutureWarning", "ImportWarning", "UnicodeWarning", "BytesWarning", "ResourceWarning",
		"NotImplemented", "Ellipsis", "store_true", "store_false", "store_const", "append_const"}
	testNameRe = regexp.MustCompile(`(?m)^\s*(?:async\s+)?def (test_\w+)\(`)
	// valueMethods are the methods of dict, list, set and str values.
	valueMethods = []string{"get", "items", "keys", "values", "setdefault", "update", "pop", "popitem", "copy", "clear",
		"append", "extend", "insert", "remove", "index", "count", "sort", "reverse", "add", "discard", "union",
		"intersection", "difference", "format", "join", "split", "strip", "replace", "startswith", "endswith", "lower",
		"upper", "encode"}
	// keyMembers configure a model: Django's Meta, pydantic's Config and
	// model_config, SQLAlchemy's __tablename__ and __table_args__; and
	// __init__ makes its values.
	keyMembers = []string{"meta", "config", "tablename", "tableargs", "modelconfig", "init"}
)

// pyTests: test_foo.py or foo_test.py, in foo.py's top-level directory or
// a top-level tests directory.
func pyTests(source string, tests []string) extract.TestMatch {
	if path.Ext(source) != ".py" {
		return extract.TestMatch{}
	}
	stem := strings.TrimSuffix(path.Base(source), ".py")
	var m extract.TestMatch
	for _, t := range tests {
		if b := path.Base(t); (b == "test_"+stem+".py" || b == stem+"_test.py") && testpath.SameTree(t, source) {
			m.Named = append(m.Named, t)
		}
	}
	return m
}

// routeFile: a Django urls.py maps paths to views.
func routeFile(file string) bool { return path.Base(file) == "urls.py" }

// declares: def name(.
func declares(line, name string) bool { return strings.Contains(line, "def "+name+"(") }

package brief

import (
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract/lang"
)

// The packages a file imports from outside the standard library and the
// repository: what an assumption auditor checks the spec against.

// pythonStdlib is Python's standard library (sys.stdlib_module_names,
// Python 3.12, and modules of earlier versions a file may still import).
var pythonStdlib = wordSet(`__future__ _thread abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit
audioop base64 bdb binascii bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop
collections colorsys compileall concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses
dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum errno faulthandler
fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext glob graphlib grp
gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json keyword
lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt
multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os ossaudiodev pathlib pdb
pickle pickletools pipes pkgutil platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile
pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched secrets
select selectors shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile
sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable sys sysconfig syslog
tabnanny tarfile telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize tomllib trace
traceback tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave
weakref webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo`)

// nodeBuiltins are Node's built-in modules (require('module').builtinModules),
// imported bare or with the node: prefix.
var nodeBuiltins = wordSet(`assert async_hooks buffer child_process cluster console constants crypto dgram
diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process punycode
querystring readline repl stream string_decoder sys test timers tls trace_events tty url util v8 vm wasi
worker_threads zlib`)

func wordSet(words string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(words) {
		out[w] = true
	}
	return out
}

var (
	pyImportRe = regexp.MustCompile(`^\s*import\s+(.+)$`)
	pyFromRe   = regexp.MustCompile(`^\s*from\s+([\w.]+)\s+import\b`)
	goImportRe = regexp.MustCompile(`^\s*(?:import\s+)?(?:[\w.]+\s+)?"([^"]+)"`)
	jsFromRe   = regexp.MustCompile(`(?:^|[\s;])(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\brequire\(\s*['"]([^'"]+)['"]\s*\)|\bimport\(\s*['"]([^'"]+)['"]\s*\)`)
)

// pkgImport is a package a file imports and the language it is named in.
type pkgImport struct {
	name string // "pydantic", "github.com/x/y", "@scope/pkg"
	lang string // the language family: "python", "go", "javascript"
}

// externalImports lists the packages a file (its lines) imports from
// outside the standard library and the repository; local reports a
// module of the repository, by its language family and name. Languages
// other than Python, Go and JavaScript/TypeScript answer by their own
// rule (extract.Language.ExternalImports).
func externalImports(file string, lines []string, local func(family, name string) bool) []pkgImport {
	l := lang.ForPath(file)
	if l == nil {
		return nil
	}
	var out []pkgImport
	add := func(family, name string) {
		if name != "" && !local(family, name) {
			out = append(out, pkgImport{name, family})
		}
	}
	switch fam := l.Family(); fam {
	case "python":
		for _, ln := range lines {
			var mods []string
			if m := pyFromRe.FindStringSubmatch(ln); m != nil {
				mods = []string{m[1]}
			} else if m := pyImportRe.FindStringSubmatch(ln); m != nil {
				for _, part := range strings.Split(m[1], ",") {
					if f := strings.Fields(part); len(f) > 0 {
						mods = append(mods, f[0])
					}
				}
			}
			for _, mod := range mods {
				if top, _, _ := strings.Cut(mod, "."); top != "" && !pythonStdlib[top] {
					add(fam, top)
				}
			}
		}
	case "go":
		block := false
		for _, ln := range lines {
			t := strings.TrimSpace(ln)
			switch {
			case strings.HasPrefix(t, "import ("):
				block = true
				continue
			case block && t == ")":
				block = false
				continue
			case !block && !strings.HasPrefix(t, "import "):
				continue
			}
			if m := goImportRe.FindStringSubmatch(t); m != nil && strings.Contains(strings.Split(m[1], "/")[0], ".") {
				add(fam, m[1])
			}
		}
	case "typescript", "javascript":
		for _, ln := range lines {
			for _, m := range jsFromRe.FindAllStringSubmatch(ln, -1) {
				add("javascript", jsPackage(m[1]+m[2]+m[3]+m[4]))
			}
		}
	default:
		if l.ExternalImports != nil {
			for _, m := range l.ExternalImports(lines) {
				add(fam, m)
			}
		}
	}
	return out
}

// jsPackage is the package a JavaScript module specifier names: its first
// segment, or its first two for a scoped package; "" for a relative path,
// a path alias (@/, ~/, #) or a built-in module.
func jsPackage(spec string) string {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.HasPrefix(spec, "@/") ||
		strings.HasPrefix(spec, "~") || strings.HasPrefix(spec, "#") || strings.HasPrefix(spec, "node:") {
		return ""
	}
	parts := strings.Split(spec, "/")
	name := parts[0]
	if strings.HasPrefix(name, "@") && len(parts) > 1 {
		name += "/" + parts[1]
	}
	if nodeBuiltins[name] {
		return ""
	}
	return name
}

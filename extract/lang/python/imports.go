package python

import (
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// stdlib is Python's standard library (sys.stdlib_module_names of Python
// 3.12, and modules of earlier versions a file may still import).
var stdlib = extract.WordSet(`__future__ _thread abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit
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

var (
	importRe     = regexp.MustCompile(`^\s*import\s+(.+)$`)
	fromImportRe = regexp.MustCompile(`^\s*from\s+([\w.]+)\s+import\b`)
)

// externalImports lists the top-level modules a file imports (import x.y,
// from x.y import z) that are not the standard library's nor relative,
// once each.
func externalImports(lines []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range lines {
		var mods []string
		if m := fromImportRe.FindStringSubmatch(l); m != nil {
			mods = []string{m[1]}
		} else if m := importRe.FindStringSubmatch(l); m != nil {
			for _, part := range strings.Split(m[1], ",") {
				if f := strings.Fields(part); len(f) > 0 {
					mods = append(mods, f[0])
				}
			}
		}
		for _, mod := range mods {
			if top, _, _ := strings.Cut(mod, "."); top != "" && !stdlib[top] && !seen[top] {
				seen[top] = true
				out = append(out, top)
			}
		}
	}
	return out
}

// declaredBy reports a distribution named like the module, as pip
// compares names: case, "-", "_" and "." alike.
func declaredBy(imp, dep string) bool { return pipName(imp) == pipName(dep) }

func pipName(s string) string {
	return strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToLower(s))
}

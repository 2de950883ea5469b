package ruby

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// knowing sets on l the rules code outside extraction asks of Ruby (see
// extract.Language), and returns l.
func knowing(l *extract.Language) *extract.Language {
	l.SpecWords = []string{"ruby", "rails", "activerecord", "rspec", "minitest", "rake", "sinatra"}
	l.RouteFrameworks = []string{"Rails"}
	l.NotNames = []string{"self", "nil", "true", "false", "Ruby", "Rails", "RSpec", "Minitest", "ActiveRecord", "ActiveSupport",
		"ActionController", "ActiveJob", "Rake", "Bundler", "RuboCop", "Sidekiq", "Gemfile"}
	l.Builtins = builtins
	l.UndeclaredCalls = true
	l.SymbolDeclares = symbolDeclares
	l.Frameworks = []string{"rails", "activerecord", "activesupport", "actionpack", "activejob", "sinatra", "rspec", "rspec-rails",
		"minitest", "sidekiq", "devise", "pundit", "grape", "sequel", "dry-rb", "hanami"}
	l.Keywords = keywords
	l.Generated = []string{"_pb.rb"}
	l.SchemaMarks = []string{"This file is auto-generated from the current state of the database"}
	l.SkipDirs = []string{".bundle"}
	l.ImportedModules = requiredModules
	l.ImportLine, l.ImportStarts = requireLine, "rla" // require, load, autoload
	l.ExternalImports = externalRequires
	l.TestFiles = []string{"*_spec.rb", "*_test.rb", "test_*.rb", "spec_helper.rb", "rails_helper.rb", "test_helper.rb"}
	l.TestDirs = []string{"spec/support", "spec/factories"}
	l.Tests = rubyTests
	l.TestNames = testNames
	l.RouteFile = routeFile
	l.RouteWords = routeWords
	l.Declares = declares
	l.DocPrefixes = []string{"#"}
	l.ConstantDirs = true
	return l
}

var (
	keywords = extract.Keywords{
		Decl: []string{"class", "module", "def", "attr_accessor", "attr_reader", "attr_writer", "create_table", "has_many", "has_one",
			"belongs_to", "scope", "enum", "private", "protected", "public"},
		Type:      []string{"class", "module", "create_table"},
		LoneCalls: true,
		ColonKeys: true, // a hash's key or a keyword argument: members are declared by calls
		Params:    []string{"def"},
		Enums:     []string{"enum"},
		Sigil:     "@",
		Constants: true,
	}
	// builtins are Ruby's core classes, modules and exceptions, the
	// methods of Kernel and Module every class body calls, and Rails'.
	builtins = []string{"Object", "BasicObject", "Kernel", "Module", "Class", "Comparable", "Enumerable", "Enumerator", "String",
		"Symbol", "Integer", "Float", "Numeric", "Rational", "Complex", "BigDecimal", "Array", "Hash", "Range", "Regexp", "Proc",
		"Method", "Struct", "Data", "Time", "Date", "DateTime", "IO", "File", "Dir", "Set", "NilClass", "TrueClass", "FalseClass",
		"Exception", "StandardError", "RuntimeError", "ArgumentError", "TypeError", "NameError", "NoMethodError", "KeyError",
		"IndexError", "RangeError", "StopIteration", "NotImplementedError", "ZeroDivisionError", "FrozenError", "IOError",
		"EOFError", "SystemExit", "Interrupt", "SignalException", "ScriptError", "LoadError", "SecurityError", "Timeout", "Errno",
		"JSON", "YAML", "ENV", "ARGV", "STDOUT", "STDERR", "puts", "print", "require", "require_relative", "raise", "lambda",
		"proc", "attr_accessor", "attr_reader", "attr_writer", "include", "extend", "prepend", "private", "protected", "public",
		"module_function", "define_method", "respond_to", "send", "public_send", "initialize", "to_s", "to_h", "to_a", "inspect",
		"freeze", "frozen", "each", "map",
		// Rails' class macros and the methods of its records and
		// controllers, which a Rails spec spells like its own code.
		"has_many", "has_one", "belongs_to", "has_and_belongs_to_many", "validates", "validate", "validates_presence_of",
		"before_validation", "before_save", "after_save", "before_create", "after_create", "before_update", "after_update",
		"before_destroy", "after_destroy", "after_commit", "after_create_commit", "after_update_commit", "scope", "delegate",
		"has_secure_password", "has_secure_token", "accepts_nested_attributes_for", "before_action", "after_action",
		"around_action", "skip_before_action", "helper_method", "rescue_from", "respond_to", "render", "redirect_to", "head",
		"params", "permit", "find_by", "find_or_create_by", "where", "includes", "joins", "transaction", "perform_later",
		"perform_now", "deliver_later", "deliver_now", "primary_abstract_class"}
	// testNameRe reads the tests a test file defines: RSpec's it, specify,
	// scenario and example descriptions, minitest's test_ methods and
	// Rails' test "..." blocks.
	testNameRe = regexp.MustCompile(`(?m)^[ \t]*(?:(?:it|specify|scenario|example|test)[ \t(]+(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')|def[ \t]+(test_\w+))`)
	// requireRe reads a require: require "x", require_relative "../x",
	// load "x.rb".
	requireRe = regexp.MustCompile(`^\s*(require|require_relative|load|autoload)\s*\(?\s*(?::\w+\s*,\s*)?["']([^"']+)["']`)
)

// testNames lists the tests a test file defines, in file order: a
// description as written, in quotes, or a test method's name.
func testNames(src []byte) []string {
	var out []string
	for _, m := range testNameRe.FindAllSubmatch(src, -1) {
		switch {
		case m[3] != nil:
			out = append(out, string(m[3]))
		case m[1] != nil:
			out = append(out, `"`+string(m[1])+`"`)
		default:
			out = append(out, `"`+string(m[2])+`"`)
		}
	}
	return out
}

// eachRequire calls fn with the kind and path of every require line.
func eachRequire(lines [][]byte, fn func(kind, path string)) {
	for _, line := range lines {
		if m := requireRe.FindSubmatch(line); m != nil {
			fn(string(m[1]), string(m[2]))
		}
	}
}

// requireLine: require "x/y", require_relative "../x". It is asked of
// every line holding a "/" of every file searched, whatever its language:
// a line that does not start with one of the words is none, without the
// expression.
func requireLine(line []byte) bool {
	t := line // (a loop: bytes.TrimLeft builds its set of bytes on every call)
	for len(t) > 0 && (t[0] == ' ' || t[0] == '\t' || t[0] == '\n' || t[0] == '\f' || t[0] == '\r') {
		t = t[1:]
	}
	if !bytes.HasPrefix(t, []byte("require")) && !bytes.HasPrefix(t, []byte("load")) && !bytes.HasPrefix(t, []byte("autoload")) {
		return false
	}
	return requireRe.Match(line)
}

// requiredModules lists the paths a file requires, relative ones too
// ("../app/models/user"): the sources a test covers.
func requiredModules(src []byte) string {
	if !bytes.Contains(src, []byte("require")) && !bytes.Contains(src, []byte("load")) {
		return ""
	}
	var out []string
	eachRequire(bytes.Split(src, []byte("\n")), func(_, p string) {
		p = strings.TrimSuffix(p, ".rb")
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	})
	return strings.Join(out, "\n")
}

// externalRequires lists the libraries a file requires by name (gems and
// the standard library), by their first segment: require "active_record"
// is active_record, require "sidekiq/web" sidekiq.
func externalRequires(lines []string) []string {
	var bs [][]byte
	for _, l := range lines {
		bs = append(bs, []byte(l))
	}
	var out []string
	eachRequire(bs, func(kind, p string) {
		if kind != "require" || strings.HasPrefix(p, ".") || strings.HasPrefix(p, "/") {
			return
		}
		if first, _, _ := strings.Cut(p, "/"); !slices.Contains(out, first) {
			out = append(out, first)
		}
	})
	return out
}

// rubyTests: a source file's tests mirror its path under spec/ or test/
// beside the app/ or lib/ that holds it: app/models/user.rb is
// spec/models/user_spec.rb or test/models/user_test.rb, lib/shop/cart.rb
// spec/lib/shop/cart_spec.rb or spec/shop/cart_spec.rb; a controller's
// request specs are named after its resource (spec/requests/users_spec.rb
// for users_controller.rb).
func rubyTests(source string, tests []string) extract.TestMatch {
	if path.Ext(source) != ".rb" {
		return extract.TestMatch{}
	}
	root, rel := "", strings.TrimSuffix(source, ".rb")
	for _, top := range []string{"app/", "lib/"} {
		if i := strings.LastIndex("/"+rel, "/"+top); i >= 0 {
			root, rel = rel[:i], rel[i+len(top):]
			if top == "lib/" {
				rel = "{lib/}" + rel
			}
			break
		}
	}
	var want []string
	for _, r := range []string{strings.Replace(rel, "{lib/}", "lib/", 1), strings.Replace(rel, "{lib/}", "", 1)} {
		want = append(want, path.Join(root, "spec", r+"_spec.rb"), path.Join(root, "test", r+"_test.rb"))
		if ctrl, ok := strings.CutSuffix(r, "_controller"); ok && strings.HasPrefix(ctrl, "controllers/") {
			res := strings.TrimPrefix(ctrl, "controllers/")
			want = append(want, path.Join(root, "spec/requests", res+"_spec.rb"), path.Join(root, "spec/requests", res+"_request_spec.rb"),
				path.Join(root, "test/integration", res+"_test.rb"))
		}
	}
	var m extract.TestMatch
	for _, t := range tests {
		if slices.Contains(want, t) {
			m.Named = append(m.Named, t)
		}
	}
	return m
}

// routeFile: Rails' config/routes.rb, and the files config/routes/ draws
// from it.
func routeFile(file string) bool {
	return file == "config/routes.rb" || strings.HasSuffix(file, "/config/routes.rb") ||
		strings.Contains("/"+file, "/config/routes/") && path.Ext(file) == ".rb"
}

// routeWordRe reads the path segments a routes file spells without a
// slash: resources :orders, resource :profile, namespace :admin, get
// :search, get "status", path: "posts".
var routeWordRe = regexp.MustCompile(`(?m)^[ \t]*(?:(resources|resource)|namespace|scope|get|post|put|patch|delete|match)[ \t(]+(?:["':])?(\w+)|\bpath:[ \t]*["']/?(\w+)`)

// routeWords are the segments a routes file registers without a slash
// before them: a resource's name, a namespace, a verb's path, and new and
// edit, the actions resources add.
func routeWords(src []byte) []string {
	if !bytes.Contains(src, []byte("resource")) && !bytes.Contains(src, []byte("namespace")) && !bytes.Contains(src, []byte("draw")) &&
		!bytes.Contains(src, []byte("scope")) {
		return nil
	}
	var out []string
	add := func(w string) {
		if w != "" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, m := range routeWordRe.FindAllSubmatch(src, -1) {
		add(string(m[2]))
		add(string(m[3]))
		if len(m[1]) > 0 {
			add("new")
			add("edit")
		}
	}
	return out
}

// declares: def name, def self.name.
func declares(line, name string) bool {
	for _, p := range []string{"def " + name, "def self." + name} {
		if i := strings.Index(line, p); i >= 0 {
			rest := line[i+len(p):]
			if rest == "" || strings.IndexByte("( ;=?!", rest[0]) >= 0 {
				return true
			}
		}
	}
	return false
}

// symbolDeclarers are the calls of a class body that declare, as a method
// or an attribute, the symbols they are given.
var symbolDeclarers = "scope|has_many|has_one|belongs_to|has_and_belongs_to_many|attr_accessor|attr_reader|attr_writer|" +
	"delegate|alias_method|define_method|enum|attribute|store_accessor|cattr_accessor|mattr_accessor|class_attribute"

// symbolDeclares finds a line of src that declares name by such a call:
// `scope :recently_active, -> { ... }`, `delegate :total, to: :order`;
// its offset, or -1.
func symbolDeclares(src []byte, name string) int {
	if !bytes.Contains(src, []byte(":"+name)) {
		return -1
	}
	re, err := regexp.Compile(`(?m)^[ \t]*(?:` + symbolDeclarers + `)\b\(?[^\n]*:` + regexp.QuoteMeta(name) + `\b`)
	if err != nil {
		return -1
	}
	if loc := re.FindIndex(src); loc != nil {
		return loc[0]
	}
	return -1
}

package lang

import (
	"path"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// unparsed are the programming languages recognised by file extension and
// not parsed by any registered language: a name they define is found by
// text only. A registered language's extensions are its own (see
// Unparsed), so a language added to All leaves this list by itself.
var unparsed = func() map[string]*extract.Language {
	out := map[string]*extract.Language{}
	for _, l := range []struct {
		name, fence, comment string
		exts                 []string
	}{
		{"C", "c", "//", []string{".c", ".h"}},
		{"C++", "cpp", "//", []string{".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx", ".ipp"}},
		{"C#", "csharp", "//", []string{".cs"}},
		{"Clojure", "clojure", ";;", []string{".clj", ".cljs", ".cljc"}},
		{"Dart", "dart", "//", []string{".dart"}},
		{"Elixir", "elixir", "#", []string{".ex", ".exs"}},
		{"Erlang", "erlang", "%", []string{".erl", ".hrl"}},
		{"F#", "fsharp", "//", []string{".fs", ".fsi", ".fsx"}},
		{"Groovy", "groovy", "//", []string{".groovy", ".gradle"}},
		{"Haskell", "haskell", "--", []string{".hs"}},
		{"Julia", "julia", "#", []string{".jl"}},
		{"Kotlin", "kotlin", "//", []string{".kt"}},
		{"Lua", "lua", "--", []string{".lua"}},
		{"Nim", "nim", "#", []string{".nim"}},
		{"Objective-C", "objectivec", "//", []string{".m", ".mm"}},
		{"OCaml", "ocaml", "(* *)", []string{".ml", ".mli"}},
		{"Perl", "perl", "#", []string{".pl", ".pm"}},
		{"PHP", "php", "//", []string{".php"}},
		{"R", "r", "#", []string{".r"}},
		{"Ruby", "ruby", "#", []string{".rb", ".rake"}},
		{"Scala", "scala", "//", []string{".scala", ".sc"}},
		{"Shell", "sh", "#", []string{".sh", ".bash", ".zsh"}},
		{"Svelte", "svelte", "<!-- -->", []string{".svelte"}},
		{"Swift", "swift", "//", []string{".swift"}},
		{"Vue", "vue", "<!-- -->", []string{".vue"}},
		{"Zig", "zig", "//", []string{".zig"}},
	} {
		lang := &extract.Language{Name: l.fence, Display: l.name, Fence: l.fence, Comment: l.comment, Exts: l.exts}
		for _, e := range l.exts {
			out[e] = lang
		}
	}
	return out
}()

// unparsedNamed are the languages of unparsed by name.
var unparsedNamed = func() map[string]*extract.Language {
	out := map[string]*extract.Language{}
	for _, l := range unparsed {
		out[l.Name] = l
	}
	return out
}()

// Unparsed returns the language of a file written in a programming
// language no registered language parses (its Name is the language's
// name, as people write it), or nil: for a file a registered language
// reads, or one of no programming language.
func Unparsed(name string) *extract.Language {
	if ForPath(name) != nil {
		return nil
	}
	return unparsed[strings.ToLower(path.Ext(name))]
}

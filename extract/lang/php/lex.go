package php

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/extract"
)

// phpLex is how Focus reads PHP: # and // line comments, /* */ block
// comments, quoted strings that span lines, heredocs and nowdocs, #[...]
// attributes on the declaration below them, an extends or implements
// clause in the first column going on with the class above, and the
// file's opening (its <?php tag and namespace) parsed with every part.
var phpLex = &extract.LexSyntax{
	LineComment: "//", HashComments: true, BlockComments: true, SpanningQuotes: true, Heredocs: true,
	Attached: '#', AttachedGroups: true, Continuations: []string{"extends", "implements"}, OpenWords: phpOpenWords,
	Opening: opening, Head: phpHead, Aliases: docTables,
}

// docTableRe reads a Doctrine entity's table from its doc comment (the
// first name= of its @ORM\Table, not an index's), up to the class it
// documents: @ORM\Table(name="kimai2_activities") ... class Activity.
var docTableRe = regexp.MustCompile(`@ORM\\Table\([^")]*?\bname\s*=\s*"([^"]+)"(?:[^/]|/[^*\n])*?\*/\s*(?:(?:final|abstract|readonly)\s+)*class\s+(\w+)`)

// docTables: an entity whose doc comment names its table (an attribute
// does so within the class's statement) answers to the table.
func docTables(src []byte) map[string][]string {
	if !bytes.Contains(src, []byte("@ORM\\Table(")) {
		return nil
	}
	out := map[string][]string{}
	for _, m := range docTableRe.FindAllSubmatch(src, -1) {
		out[string(m[2])] = append(out[string(m[2])], string(m[1]))
	}
	return out
}

var phpOpenWords = extract.WordSet("namespace use class interface trait enum extends implements function fn abstract final " +
	"readonly public protected private static const var new return echo print throw case instanceof insteadof as and or xor")

// opening is a PHP file's head: its <?php tag (after a #! line), and the
// declare and namespace statements right after it, with the comments
// among them. A file that does not start with the tag (a template), or
// that declares a second namespace by statement, is not split: a part of
// it read alone could be read otherwise.
func opening(src []byte) (int, bool) {
	at := 0
	if bytes.HasPrefix(src, []byte("#!")) {
		if nl := bytes.IndexByte(src, '\n'); nl >= 0 {
			at = nl + 1
		}
	}
	at += len(src[at:]) - len(bytes.TrimLeft(src[at:], extract.Blanks))
	if !bytes.HasPrefix(src[at:], []byte("<?php")) {
		return 0, false
	}
	at += len("<?php")
	end := at
	for {
		rest := skipBlank(src[at:])
		at = len(src) - len(rest)
		var word []byte
		if r, ok := extract.CutWord(rest, "declare"); ok {
			word = r
		} else if r, ok := extract.CutWord(rest, "namespace"); ok {
			word = r
		} else {
			return end, true
		}
		semi := bytes.IndexByte(word, ';')
		brace := bytes.IndexByte(word, '{')
		if semi < 0 || brace >= 0 && brace < semi {
			return end, true // a braced namespace is a statement of its own
		}
		at = len(src) - len(word) + semi + 1
		end = at
		if bytes.HasPrefix(rest, []byte("namespace")) {
			if secondNamespace(src[end:]) {
				return 0, false
			}
			return end, true
		}
	}
}

// skipBlank returns what follows the blanks and comments b starts with.
func skipBlank(b []byte) []byte {
	for {
		b = bytes.TrimLeft(b, extract.Blanks)
		switch {
		case bytes.HasPrefix(b, []byte("//")) || len(b) > 0 && b[0] == '#' && !bytes.HasPrefix(b, []byte("#[")):
			nl := bytes.IndexByte(b, '\n')
			if nl < 0 {
				return nil
			}
			b = b[nl:]
		case bytes.HasPrefix(b, []byte("/*")):
			end := bytes.Index(b[2:], []byte("*/"))
			if end < 0 {
				return nil
			}
			b = b[end+4:]
		default:
			return b
		}
	}
}

// secondNamespace reports a namespace statement in the first column of
// src.
func secondNamespace(src []byte) bool {
	for rest := src; ; {
		i := bytes.Index(rest, []byte("\nnamespace"))
		if i < 0 {
			return false
		}
		rest = rest[i+len("\nnamespace"):]
		if len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
}

// phpHead: a function names only itself ("function name", "function
// &name", after its attributes); any other statement counts whole (a
// class's members, a route's path), and a migration's also names the
// columns its calls declare without spelling them (timestamps():
// created_at, updated_at).
func phpHead(stmt []byte) []byte {
	if bytes.Contains(stmt, []byte("Schema::")) {
		if cols := impliedColumns(stmt); len(cols) > 0 {
			return append(append(bytes.Clone(stmt), ' '), strings.Join(cols, " ")...)
		}
	}
	rest, ok := extract.SkipAttributes(stmt)
	if !ok {
		return stmt
	}
	if r, ok := extract.CutWord(rest, "function"); ok {
		return extract.LeadingName(bytes.TrimLeft(r, "&"+extract.Blanks), stmt)
	}
	return stmt
}

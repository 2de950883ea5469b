package inventory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// member is one member of a JSON object, by byte offsets into its text.
type member struct {
	key              string
	keyEnd           int // just after the key's closing quote
	valStart, valEnd int
}

// object is a JSON object in a text: where it opens and closes, and its
// members in order.
type object struct {
	open, close int
	members     []member
}

// last returns the last member named key (the one a decoder keeps).
func (o object) last(key string) (member, bool) {
	for i := len(o.members) - 1; i >= 0; i-- {
		if o.members[i].key == key {
			return o.members[i], true
		}
	}
	return member{}, false
}

// parseObject reads the object that b holds at offset at.
func parseObject(b []byte, at int) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(b[at:]))
	pos := func() int { return at + int(dec.InputOffset()) }
	var o object
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return o, errors.New("not an object")
	}
	o.open = pos() - 1
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return o, err
		}
		m := member{key: tok.(string), keyEnd: pos()}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return o, err
		}
		m.valEnd = pos()
		m.valStart = m.valEnd - len(raw)
		o.members = append(o.members, m)
	}
	if _, err := dec.Token(); err != nil {
		return o, err
	}
	o.close = pos() - 1
	return o, nil
}

// layout is how a session file is written: one line, or indented with a
// unit, a separator after each key, and its line ending.
type layout struct {
	oneLine       bool
	unit, sep, nl string
}

// layoutOf reads the layout of a file whose top-level object is top.
func layoutOf(b []byte, top object) layout {
	l := layout{unit: "  ", sep: ": ", nl: "\n"}
	if bytes.Contains(b, []byte("\r\n")) {
		l.nl = "\r\n"
	}
	if len(top.members) == 0 {
		return l
	}
	first := top.members[0]
	l.sep = string(b[first.keyEnd:first.valStart])
	if !bytes.ContainsRune(b[top.open:top.close], '\n') {
		l.oneLine = true
		return l
	}
	if ind, ok := indentOf(b, first.keyEnd); ok && ind != "" {
		l.unit = ind
	}
	return l
}

// indentOf returns the white space that opens the line holding offset at,
// when what follows it on that line up to the key there is a quoted key.
func indentOf(b []byte, at int) (string, bool) {
	start := bytes.LastIndexByte(b[:at], '\n') + 1
	line := b[start:at]
	rest := bytes.TrimLeft(line, " \t")
	if len(rest) == 0 || rest[0] != '"' {
		return "", false
	}
	return string(line[:len(line)-len(rest)]), true
}

// value renders compact JSON for a place indented by prefix.
func (l layout) value(compact []byte, prefix string) string {
	if l.oneLine {
		return string(compact)
	}
	var buf bytes.Buffer
	json.Indent(&buf, compact, prefix, l.unit)
	return strings.ReplaceAll(buf.String(), "\n", l.nl)
}

// memberText renders `"key": value` for a member indented by prefix.
func (l layout) memberText(key string, compact []byte, prefix string) string {
	k, _ := json.Marshal(key)
	return string(k) + l.sep + l.value(compact, prefix)
}

// objectText renders an object holding one member, for a place indented
// by prefix.
func (l layout) objectText(key string, compact []byte, prefix string) string {
	if l.oneLine {
		return "{" + l.memberText(key, compact, "") + "}"
	}
	return "{" + l.nl + prefix + l.unit + l.memberText(key, compact, prefix+l.unit) + l.nl + prefix + "}"
}

// appendMember adds `"key": value` as the last member of o.
func (l layout) appendMember(b []byte, o object, key string, compact []byte, prefix string) []byte {
	if len(o.members) == 0 {
		return splice(b, o.open, o.close+1, l.objectText(key, compact, prefix))
	}
	last := o.members[len(o.members)-1]
	text := "," + l.memberText(key, compact, "")
	if !l.oneLine {
		ind, ok := indentOf(b, last.keyEnd)
		if !ok {
			ind = prefix + l.unit
		}
		text = "," + l.nl + ind + l.memberText(key, compact, ind)
	}
	return splice(b, last.valEnd, last.valEnd, text)
}

func splice(b []byte, from, to int, text string) []byte {
	out := make([]byte, 0, len(b)-(to-from)+len(text))
	out = append(out, b[:from]...)
	out = append(out, text...)
	return append(out, b[to:]...)
}

// setSessionInventory returns the session file b with
// extended_state.context_inventory set to inv (compact JSON). Every other
// byte is kept: keys in their order, the file's indentation, escapes and
// numbers as written. The inventory is indented as the file is.
func setSessionInventory(file string, b []byte, inv []byte) ([]byte, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		b = []byte("{}\n")
	}
	top, err := parseObject(b, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: not a session file: %v", file, err)
	}
	l := layoutOf(b, top)
	ext, ok := top.last("extended_state")
	if !ok {
		wrapped := []byte(`{"context_inventory":` + string(inv) + `}`)
		return l.appendMember(b, top, "extended_state", wrapped, ""), nil
	}
	extPrefix, _ := indentOf(b, ext.keyEnd)
	if string(b[ext.valStart:ext.valEnd]) == "null" {
		return splice(b, ext.valStart, ext.valEnd, l.objectText("context_inventory", inv, extPrefix)), nil
	}
	eo, err := parseObject(b, ext.valStart)
	if err != nil {
		return nil, fmt.Errorf("%s: extended_state is not an object", file)
	}
	ci, ok := eo.last("context_inventory")
	if !ok {
		return l.appendMember(b, eo, "context_inventory", inv, extPrefix), nil
	}
	ciPrefix, ok := indentOf(b, ci.keyEnd)
	if !ok {
		ciPrefix = extPrefix + l.unit
	}
	return splice(b, ci.valStart, ci.valEnd, l.value(inv, ciPrefix)), nil
}

// sessionSpecs returns the specs a session names, as written: the session
// file's spec_path and extended_state.spec_draft_path, and the pointer
// file's spec_path (pointerSpec, as decoded). A session file not written
// yet names none; one that cannot be read is an error.
func sessionSpecs(file string, pointerSpec any) ([]string, error) {
	var named []string
	add := func(v any) {
		if s, ok := v.(string); ok && s != "" {
			named = append(named, s)
		}
	}
	b, err := os.ReadFile(file)
	switch {
	case err == nil:
		top, ext, err := sessionParts(file, b)
		if err != nil {
			return nil, err
		}
		for _, raw := range []json.RawMessage{top["spec_path"], ext["spec_draft_path"]} {
			var v any
			json.Unmarshal(raw, &v)
			add(v)
		}
	case !errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	add(pointerSpec)
	return named, nil
}

// sessionSpec reports whether the spec in specFile is a session's, which
// names the specs named: it is one of them (a relative one is relative to
// the root or to .adversarial-spec, as adversarial-spec writes them), or
// another draft in the same directory of .adversarial-spec/specs as one of
// them.
func sessionSpec(root string, named []string, specFile string) bool {
	specFile, err := filepath.Abs(specFile)
	if err != nil {
		return false
	}
	st, err := os.Stat(specFile)
	if err != nil {
		return false
	}
	drafts := DraftDir(root, specFile)
	for _, n := range named {
		for _, c := range SpecCandidates(root, n) {
			if cst, err := os.Stat(c); err == nil && os.SameFile(st, cst) {
				return true
			}
			if drafts != "" && DraftDir(root, c) == drafts {
				return true
			}
		}
	}
	return false
}

// SpecCandidates are the files a spec path a session writes may name: the
// path itself when absolute, else the path from the root and from
// .adversarial-spec, as adversarial-spec writes them.
func SpecCandidates(root, p string) []string {
	if filepath.IsAbs(p) {
		return []string{p}
	}
	p = filepath.FromSlash(p)
	return []string{filepath.Join(root, p), filepath.Join(root, ".adversarial-spec", p)}
}

// DraftDir returns the directory of .adversarial-spec/specs that holds
// file (the drafts of one spec), symbolic links resolved, or "".
func DraftDir(root, file string) string {
	dir, err := filepath.EvalSymlinks(filepath.Dir(file))
	if err != nil {
		return ""
	}
	specs, err := filepath.EvalSymlinks(filepath.Join(root, ".adversarial-spec", "specs"))
	if err != nil || filepath.Dir(dir) != specs {
		return ""
	}
	return dir
}

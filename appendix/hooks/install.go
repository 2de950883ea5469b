package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// SettingsFile is Claude Code's project settings, relative to the root.
const SettingsFile = ".claude/settings.json"

// HookTimeout is the timeout, in seconds, each hook entry gives Claude
// Code: above the hooks' own deadline.
const HookTimeout = 5

// member is one member of a JSON object, in the order it is written.
type member struct {
	key string
	val any // *object, []any, or json.RawMessage for a scalar
}

// object is a JSON object with its members in order.
type object struct{ members []member }

func (o *object) get(key string) (any, bool) {
	for _, m := range o.members {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

func (o *object) set(key string, v any) {
	for i, m := range o.members {
		if m.key == key {
			o.members[i].val = v
			return
		}
	}
	o.members = append(o.members, member{key, v})
}

// decodeValue reads one JSON value, objects keeping their members' order
// and scalars as written.
func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &object{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				o.members = append(o.members, member{k.(string), v})
			}
			_, err := dec.Token()
			return o, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", t)
	}
	switch t := tok.(type) {
	case json.Number:
		return json.RawMessage(t), nil
	case string:
		return json.RawMessage(marshal(t)), nil
	}
	b, err := json.Marshal(tok)
	return json.RawMessage(b), err
}

// encodeValue writes v indented by two spaces a level, ind being the
// current indentation.
func encodeValue(w *bytes.Buffer, v any, ind string) {
	switch t := v.(type) {
	case *object:
		if len(t.members) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteString("{\n")
		for i, m := range t.members {
			k := marshal(m.key)
			w.WriteString(ind + "  " + string(k) + ": ")
			encodeValue(w, m.val, ind+"  ")
			if i < len(t.members)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(ind + "}")
	case []any:
		if len(t) == 0 {
			w.WriteString("[]")
			return
		}
		w.WriteString("[\n")
		for i, e := range t {
			w.WriteString(ind + "  ")
			encodeValue(w, e, ind+"  ")
			if i < len(t)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(ind + "]")
	case json.RawMessage:
		w.Write(t)
	}
}

// marshal is JSON for a string, with <, > and & as written.
func marshal(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// Command is the command line of a hook in settings.
func Command(name string) string { return "appendix hook " + name }

// Install returns the settings in old (empty: none yet) with an entry for
// each hook added to its event's list, unless an entry there already runs
// its command. Every other key keeps its value and its place; installing
// twice gives the same bytes. name is the file's name, for errors.
func Install(name string, old []byte) ([]byte, error) {
	root := &object{}
	if len(bytes.TrimSpace(old)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(old))
		dec.UseNumber()
		v, err := decodeValue(dec)
		if err != nil {
			return nil, fmt.Errorf("%s: invalid JSON: %v", name, err)
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: invalid JSON: more after the settings object", name)
		}
		o, ok := v.(*object)
		if !ok {
			return nil, fmt.Errorf("%s: not a settings file: want a JSON object", name)
		}
		root = o
	}
	hv, ok := root.get("hooks")
	if !ok {
		hv = &object{}
		root.set("hooks", hv)
	}
	hooks, ok := hv.(*object)
	if !ok {
		return nil, fmt.Errorf("%s: \"hooks\" is not an object", name)
	}
	for _, h := range All {
		ev, ok := hooks.get(h.Event)
		if !ok {
			ev = []any{}
		}
		list, ok := ev.([]any)
		if !ok {
			return nil, fmt.Errorf("%s: \"hooks\".%q is not a list", name, h.Event)
		}
		if runs(list, Command(h.Name)) {
			continue
		}
		entry := &object{members: []member{
			{"matcher", json.RawMessage(marshal(h.Matcher))},
			{"hooks", []any{&object{members: []member{
				{"type", json.RawMessage(`"command"`)},
				{"command", json.RawMessage(marshal(Command(h.Name)))},
				{"timeout", json.RawMessage(fmt.Sprint(HookTimeout))},
			}}}},
		}}
		hooks.set(h.Event, append(list, entry))
	}
	var w bytes.Buffer
	encodeValue(&w, root, "")
	w.WriteByte('\n')
	return w.Bytes(), nil
}

// runs reports whether an event's list of entries has one that runs cmd.
func runs(list []any, cmd string) bool {
	for _, e := range list {
		eo, ok := e.(*object)
		if !ok {
			continue
		}
		hv, _ := eo.get("hooks")
		hs, _ := hv.([]any)
		for _, h := range hs {
			ho, ok := h.(*object)
			if !ok {
				continue
			}
			if c, ok := ho.get("command"); ok {
				var s string
				if raw, ok := c.(json.RawMessage); ok && json.Unmarshal(raw, &s) == nil && strings.TrimSpace(s) == cmd {
					return true
				}
			}
		}
	}
	return false
}

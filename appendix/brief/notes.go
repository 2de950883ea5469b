package brief

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
)

// AllAdversaries is the key of the notes for every adversary.
const AllAdversaries = "*"

// UsageError is a problem with what the command line names: a note for
// an adversary that does not exist.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// ReadNotes reads the orchestrator's notes: a JSON object whose keys are
// adversaries (a code, a name or an alias, any case) or "*" for every
// adversary, and whose values are markdown. It returns them by code. A
// file that cannot be read or is not such an object is an error naming
// it; a key that names no adversary is a UsageError.
func ReadNotes(file string, all []Profile) (map[string]string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%s: invalid JSON: %v", file, err)
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := map[string]string{}
	from := map[string]string{}
	for _, k := range keys {
		md, ok := raw[k].(string)
		if !ok {
			return nil, fmt.Errorf("%s: %q is not text: want a JSON object of persona codes to markdown", file, k)
		}
		code := AllAdversaries
		if strings.TrimSpace(k) != AllAdversaries {
			p, err := findProfile(all, k)
			if err != nil {
				return nil, UsageError{fmt.Sprintf("--notes %s: %v", file, err)}
			}
			code = p.Code
		}
		if prev, dup := from[code]; dup {
			return nil, UsageError{fmt.Sprintf("--notes %s: %q and %q name the same adversary", file, prev, k)}
		}
		from[code] = k
		out[code] = md
	}
	return out, nil
}

// noteItems are the notes for one adversary: those for every adversary,
// then its own.
func (b *briefer) noteItems(p Profile) []briefItem {
	var items []briefItem
	for _, k := range []string{AllAdversaries, p.Code} {
		md := strings.TrimSpace(b.notes[k])
		if md == "" {
			continue
		}
		title := "Orchestrator's notes for every adversary"
		if k != AllAdversaries {
			title = "Orchestrator's notes for " + p.Code
		}
		items = append(items, briefItem{kind: "notes", title: title, text: md})
	}
	b.redact(items)
	return items
}

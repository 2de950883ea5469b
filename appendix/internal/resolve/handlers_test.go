package resolve

import (
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

// TestSignatureLine: a signature that wraps is joined into one line
// without its doc comment, and a trailing comma before ")" goes.
func TestSignatureLine(t *testing.T) {
	d := &extract.Definition{Lines: []extract.Line{
		{Text: "// Process handles one record."},
		{Text: "func Process("},
		{Text: "\tr *Record,"},
		{Text: "\topts Options,"},
		{Text: ") error {"},
	}}
	if got, want := SignatureLine(d), "func Process(r *Record, opts Options) error {"; got != want {
		t.Errorf("SignatureLine = %q, want %q", got, want)
	}
}

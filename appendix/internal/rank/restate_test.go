package rank

import (
	"testing"

	"github.com/appendix-dev/appendix/extract"
)

func TestRestates(t *testing.T) {
	for text, want := range map[string]bool{
		"\tStatusResponse     pb.StatusResponse":           true,
		"type StatusResponse = pb.StatusResponse":          true,
		"export type StatusResponse = api.StatusResponse;": true,
		"StatusResponse = models.StatusResponse":           true,
		"type StatusResponse pb.Other":                     false,
		"type StatusResponse struct{ Code int }":           false,
		"StatusResponse = make_response(StatusResponse)":   false,
		"StatusResponse = StatusResponse":                  false,
	} {
		d := &extract.Definition{Name: "StatusResponse", StartLine: 3, EndLine: 3, DeclLine: 3, Lines: []extract.Line{{Row: 3, Text: text}}}
		if _, got := restates(d); got != want {
			t.Errorf("restates(%q) = %v, want %v", text, got, want)
		}
	}
}

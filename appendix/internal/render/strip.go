package render

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/appendix-dev/appendix/appendix/internal/spec"
)

// appendixHead is the start of every appendix this tool writes.
const appendixHead = "---\n\n## APPENDIX: Codebase Context (Round "

// Attach returns spec followed by an appendix, separated so that Strip can
// give the spec back byte for byte: a spec ending in a newline gets one
// blank line before "---"; one without gets a newline and a line holding a
// single space (blank to markdown, and a mark for Strip).
func Attach(sp []byte, appendix string) []byte {
	var b bytes.Buffer
	b.Write(sp)
	if fence := openFence(sp); fence != "" {
		// A spec ending inside a code block would swallow the appendix:
		// close the block with a marked line that Strip removes again.
		marker := fenceMarker
		if sp[len(sp)-1] != '\n' {
			b.WriteByte('\n')
			marker = fenceMarkerNoNL
		}
		b.WriteString(marker + "\n" + fence + "\n")
		sp = b.Bytes()
	}
	switch {
	case len(sp) == 0:
	case sp[len(sp)-1] != '\n':
		b.WriteString("\n \n")
	default:
		b.WriteString("\n")
	}
	b.WriteString(appendix)
	return b.Bytes()
}

// The lines Attach writes to close a code block the spec left open.
const (
	fenceMarker     = "<!-- appendix: closes the spec's open code block -->"
	fenceMarkerNoNL = "<!-- appendix: closes the spec's open code block; the spec has no final newline -->"
)

// openFence returns the fence a text leaves open at its end, or "".
func openFence(text []byte) string {
	fence := ""
	for _, line := range strings.SplitAfter(string(text), "\n") {
		fence, _ = trackFence(line, fence)
	}
	return fence
}

// trackFence returns the fence open after line, given the one open before
// it, and whether line is a fence line.
func trackFence(line, fence string) (string, bool) {
	m := spec.FenceRe.FindStringSubmatch(line)
	switch {
	case m == nil:
		return fence, false
	case fence == "":
		return m[1], true
	case closesFence(line, m[1], fence):
		return "", true
	}
	return fence, true
}

// closesFence reports whether a fence line closes the open fence.
func closesFence(line, run, open string) bool {
	return strings.HasPrefix(run, open[:1]) && len(run) >= len(open) &&
		strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), open[:1])) == ""
}

var roundHeadRe = regexp.MustCompile(`^\d+\)\n`)

// Strip removes the appendix this tool attached, from its "---" line to
// the end (or to a closing [/SPEC] line when a model echoed the payload
// inside [SPEC] ... [/SPEC]), and returns the spec as it was. A spec's own
// appendices, and appendix headings inside fenced code blocks, are left
// alone; text with no appendix comes back unchanged.
func Strip(text []byte) []byte {
	start := findAppendix(text)
	if start < 0 {
		return text
	}
	end := len(text)
	rest := text[start:]
	if i := bytes.Index(rest, []byte("\n[/SPEC]")); i >= 0 {
		end = start + i + 1 // keep the [/SPEC] line and what follows it
	}
	head := text[:start]
	switch {
	case bytes.HasSuffix(head, []byte("\n \n")):
		head = head[:len(head)-3]
	case bytes.HasSuffix(head, []byte("\n\n")):
		head = head[:len(head)-1]
	}
	for _, mk := range []string{fenceMarker, fenceMarkerNoNL} {
		if i := bytes.LastIndex(head, []byte(mk+"\n")); i >= 0 && (i == 0 || head[i-1] == '\n') {
			rest := string(head[i+len(mk)+1:])
			if spec.FenceRe.MatchString(rest) && strings.Count(rest, "\n") == 1 && strings.HasSuffix(rest, "\n") {
				head = head[:i]
				if mk == fenceMarkerNoNL && len(head) > 0 {
					head = head[:len(head)-1]
				}
				break
			}
		}
	}
	out := append([]byte(nil), head...)
	if end < len(text) {
		// An echoed payload: the spec's line break before [/SPEC] stays.
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, '\n')
		}
		out = append(out, text[end:]...)
	}
	return out
}

// findAppendix returns the offset of the last appendix heading that starts
// a line outside fenced code blocks, or -1.
func findAppendix(text []byte) int {
	found := -1
	fence := ""
	off := 0
	for _, line := range strings.SplitAfter(string(text), "\n") {
		var isFence bool
		if fence, isFence = trackFence(line, fence); !isFence && fence == "" && line == "---\n" && strings.HasPrefix(string(text[off:]), appendixHead) &&
			roundHeadRe.MatchString(string(text[off+len(appendixHead):])) &&
			(off == 0 || text[off-1] == '\n') {
			found = off
		}
		off += len(line)
	}
	return found
}

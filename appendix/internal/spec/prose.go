package spec

import (
	"regexp"
	"strings"
)

// ProseOnly blanks code blocks out of a spec.
func ProseOnly(src []byte) []byte {
	var out []byte
	lines := strings.SplitAfter(string(src), "\n")
	kinds := lineKinds(lines)
	for i, line := range lines {
		if kinds[i] == proseLine {
			out = append(out, line...)
		}
	}
	return out
}

// lineKind is what a line of a spec is to a reader of its references.
type lineKind uint8

const (
	proseLine lineKind = iota
	fenceLine          // a fence's opening or closing line
	codeLine           // inside a code block
)

// lineKinds classifies each line of a spec. A fenced code block opens
// with a run of three or more backticks or tildes and closes with a run of
// the same character at least as long, alone on its line. An indented code
// block is a run of lines indented four columns past the content of the
// container they belong to (a list item, an admonition's "!!! note"; the
// margin outside one); it starts where a paragraph cannot go on (after a
// blank line, a heading or a fence, or at the start) and ends at a line
// indented less. A container's own paragraphs are indented too, but less:
// they are prose, and a fence inside one is indented as far as they are.
func lineKinds(lines []string) []lineKind {
	out := make([]lineKind, len(lines))
	fence := ""
	open, indented := true, false
	var boxes []int // the content columns of the open containers, innermost last
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if fence != "" {
			out[i] = codeLine
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
				out[i] = fenceLine
				open, indented = true, false
			}
			continue
		}
		if t == "" {
			open = true
			continue
		}
		w := indentWidth(line)
		if open {
			for len(boxes) > 0 && w < boxes[len(boxes)-1] {
				boxes = boxes[:len(boxes)-1] // a line left of a container's content ends it
			}
		}
		margin := 0
		if len(boxes) > 0 {
			margin = boxes[len(boxes)-1]
		}
		if (open || indented) && w >= margin+4 {
			out[i] = codeLine
			open, indented = false, true
			continue
		}
		indented = false
		if m := FenceRe.FindStringSubmatch(t); m != nil && w < margin+4 {
			fence = m[1]
			out[i] = fenceLine
			continue
		}
		if m := boxRe.FindStringSubmatch(line); m != nil {
			for len(boxes) > 0 && w < boxes[len(boxes)-1] {
				boxes = boxes[:len(boxes)-1]
			}
			gap := len(m[3])
			switch {
			case strings.HasPrefix(m[2], "!") || strings.HasPrefix(m[2], "?"):
				gap = 4 - len(m[2]) // an admonition's content is indented four columns
			case gap == 0 || gap > 4:
				gap = 1 // an item whose text is code, or empty, starts one past its marker
			}
			boxes = append(boxes, w+len(m[2])+gap)
		}
		open = strings.HasPrefix(t, "#")
		if open {
			boxes = boxes[:0]
		}
	}
	return out
}

// boxRe matches the first line of a container whose content is indented:
// a list item's marker, or an admonition's ("!!! note", "??? tip", "???+"),
// with the indentation before and the spaces after it.
var boxRe = regexp.MustCompile(`^([ \t]*)([-*+]|\d{1,9}[.)]|!!!|\?\?\?\+?)([ \t]+|$)`)

// indentWidth is a line's indentation in columns, a tab reaching the next
// multiple of four.
func indentWidth(line string) int {
	w := 0
	for _, c := range line {
		switch c {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w
		}
	}
	return w
}

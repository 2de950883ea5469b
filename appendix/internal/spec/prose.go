package spec

import "strings"

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

// lineKinds classifies each line of a spec: a fenced code block opens
// with a run of three or more backticks or tildes and closes with a run
// of the same character at least as long, alone on its line.
func lineKinds(lines []string) []lineKind {
	out := make([]lineKind, len(lines))
	fence := ""
	for i, line := range lines {
		if m := FenceRe.FindStringSubmatch(line); m != nil {
			switch {
			case fence == "":
				fence = m[1]
				out[i] = fenceLine
				continue
			case strings.HasPrefix(m[1], fence[:1]) && len(m[1]) >= len(fence) && strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), fence[:1])) == "":
				fence = ""
				out[i] = fenceLine
				continue
			}
		}
		if fence != "" {
			out[i] = codeLine
		}
	}
	return out
}

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

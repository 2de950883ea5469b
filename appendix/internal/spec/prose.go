package spec

import "strings"

// ProseOnly blanks fenced code blocks out of a spec.
func ProseOnly(src []byte) []byte {
	var out []byte
	fence := ""
	for _, line := range strings.SplitAfter(string(src), "\n") {
		if m := FenceRe.FindStringSubmatch(line); m != nil {
			if fence == "" {
				fence = m[1]
			} else if strings.HasPrefix(m[1], fence[:1]) {
				fence = ""
			}
			continue
		}
		if fence == "" {
			out = append(out, line...)
		}
	}
	return out
}

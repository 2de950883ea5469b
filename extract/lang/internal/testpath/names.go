package testpath

import "regexp"

// Names returns the test names a file defines by the pattern of its
// language: the first group of each match of re, in file order.
func Names(re *regexp.Regexp) func(src []byte) []string {
	return func(src []byte) []string {
		var out []string
		for _, m := range re.FindAllSubmatch(src, -1) {
			out = append(out, string(m[1]))
		}
		return out
	}
}

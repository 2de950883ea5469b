package extract

import "bytes"

// StringRow is the part of one row of a file that a string spanning
// lines takes: from From to To, offsets in the row (To -1: to its end).
// A row inside the string has From 0 and To -1; the row the string opens
// on has the code before From, the row it closes on the code after To.
type StringRow struct {
	Row, From, To int
}

// StringRows returns, in order, the parts of rows of src that strings
// spanning lines take, in the strings lx knows: raw strings and template
// literals (`...`), Rust's raw strings (r#"..."#), C++'s R"(...)",
// heredocs, C#'s verbatim strings, triple-quoted strings and, where
// quotes span lines, "..." strings. Comments are skipped, so that a quote
// in one opens nothing. It returns nil when a string is left open at the
// end (what follows is not known to be code).
func StringRows(lx *LexSyntax, src []byte) []StringRow {
	var rows []StringRow
	row := 0
	rowStart := 0 // the offset of row's first byte
	// mark records the parts of rows the string from i to end takes,
	// when it spans lines.
	mark := func(i, end int) {
		if bytes.IndexByte(src[i:end], '\n') < 0 {
			return
		}
		from := i - rowStart
		for k := i; k < end; k++ {
			if src[k] == '\n' {
				rows = append(rows, StringRow{Row: row, From: from, To: -1})
				row, rowStart, from = row+1, k+1, 0
			}
		}
		if end > rowStart {
			rows = append(rows, StringRow{Row: row, From: 0, To: end - rowStart})
		}
	}
	var templates []int // for each open ${ of a template literal, the braces open inside it
	for i := 0; i < len(src); {
		c := src[i]
		if IdentByte(c) {
			j := i
			for j < len(src) && IdentByte(src[j]) {
				j++
			}
			if lx.RawHashes && rawPrefix(src[i:j]) {
				if end, ok := closeHashRaw(src, j); ok {
					mark(i, end)
					i = end
					continue
				}
			}
			if lx.RawDelimited && j < len(src) && src[j] == '"' && rawDelimitedPrefix[string(src[i:j])] {
				end, ok := closeDelimited(src, j+1)
				if !ok {
					return nil
				}
				mark(i, end)
				i = end
				continue
			}
			i = j
			continue
		}
		end := -2 // where the string or comment starting at i ends; -2: none starts
		switch {
		case c == '\n':
			row, rowStart = row+1, i+1
			i++
			continue
		case lx.lineComment(src[i:]):
			if n := bytes.IndexByte(src[i:], '\n'); n >= 0 {
				i += n
			} else {
				i = len(src)
			}
			continue
		case lx.BlockComments && c == '/' && i+1 < len(src) && src[i+1] == '*':
			end = closeComment(src, i+2, lx.NestedComments)
			if end >= 0 {
				// A comment's rows are no string's.
				if nl := bytes.LastIndexByte(src[i:end], '\n'); nl >= 0 {
					row, rowStart = row+bytes.Count(src[i:end], []byte("\n")), i+nl+1
				}
				i = end
				continue
			}
		case lx.TripleQuotes && (c == '"' || c == '\'') && i+2 < len(src) && src[i+1] == c && src[i+2] == c:
			end = CloseTriple(src, i+3, c)
		case lx.SpanningQuotes && (c == '"' || c == '\'' && !lx.Lifetimes):
			end = closeSpanning(src, i+1, c)
		case c == '@' && lx.Verbatim && verbatimAt(src, i+1) > 0:
			end = closeVerbatim(src, i+1+verbatimAt(src, i+1))
		case lx.Heredocs && c == '<' && bytes.HasPrefix(src[i:], []byte("<<<")):
			end = closeHeredoc(src, i+3)
		case c == '\'' && lx.Lifetimes:
			i = closeChar(src, i+1)
			continue
		case c == '"' || c == '\'':
			i = CloseQuote(src, i+1, c)
			continue
		case lx.Raw && c == '`':
			e, nested, ok := CloseRaw(src, i+1, lx.Template)
			if !ok {
				return nil
			}
			if nested {
				templates = append(templates, 0)
			}
			end = e
		case lx.Template && len(templates) > 0 && c == '{':
			templates[len(templates)-1]++
		case lx.Template && len(templates) > 0 && c == '}':
			if n := len(templates) - 1; templates[n] > 0 {
				templates[n]--
			} else {
				// The end of a template literal's ${...}: back inside it.
				templates = templates[:n]
				e, nested, ok := CloseRaw(src, i+1, true)
				if !ok {
					return nil
				}
				if nested {
					templates = append(templates, 0)
				}
				end = e
			}
		}
		if end == -2 {
			i++
			continue
		}
		if end < 0 {
			return nil
		}
		mark(i, end)
		i = end
	}
	return rows
}

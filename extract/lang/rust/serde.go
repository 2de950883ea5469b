package rust

import (
	"regexp"
	"strings"
	"unicode"

	sitter "github.com/smacker/go-tree-sitter"
)

// serdeRenameRe is a field's or a variant's own wire name:
// #[serde(rename = "ackId")].
var serdeRenameRe = regexp.MustCompile(`\bserde\s*\((?s:.*?)\brename\s*=\s*"([^"]+)"`)

// serdeRenameAllRe is the case a struct or an enum writes its fields or
// variants in: #[serde(rename_all = "camelCase")].
var serdeRenameAllRe = regexp.MustCompile(`\bserde\s*\((?s:.*?)\brename_all\s*=\s*"([^"]+)"`)

// fieldRust is the names a struct's field or an enum's variant is
// serialized as by serde: its own rename, else the case its type's
// rename_all writes it in, where that differs from its name.
func fieldRust(n *sitter.Node, src []byte) (typ string, serialized []string) {
	if n.Type() != "field_declaration" && n.Type() != "enum_variant" {
		return "", nil
	}
	nm := n.ChildByFieldName("name")
	if nm == nil {
		return "", nil
	}
	name := nm.Content(src)
	if m := serdeRenameRe.FindStringSubmatch(attributesBefore(n, src)); m != nil {
		return "", []string{m[1]}
	}
	list := n.Parent()
	if list == nil || list.Parent() == nil {
		return "", nil
	}
	if m := serdeRenameAllRe.FindStringSubmatch(attributesBefore(list.Parent(), src)); m != nil {
		if s := renameAll(name, m[1]); s != "" && s != name {
			return "", []string{s}
		}
	}
	return "", nil
}

// attributesBefore is the text of the attributes written right above n,
// past its doc comments.
func attributesBefore(n *sitter.Node, src []byte) string {
	var b strings.Builder
	for c := n.PrevNamedSibling(); c != nil && (c.Type() == "attribute_item" || c.Type() == "line_comment" || c.Type() == "block_comment"); c = c.PrevNamedSibling() {
		if c.Type() == "attribute_item" {
			b.WriteString(c.Content(src))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// renameAll writes a name (a snake_case field's or a PascalCase
// variant's) in one of serde's rename_all cases; "" for a case serde does
// not have.
func renameAll(name, rule string) string {
	var words []string
	if strings.Contains(name, "_") || strings.ToLower(name) == name {
		words = strings.Split(name, "_")
	} else {
		start := 0
		for i, r := range name {
			if i > 0 && unicode.IsUpper(r) {
				words = append(words, name[start:i])
				start = i
			}
		}
		words = append(words, name[start:])
	}
	for i, w := range words {
		words[i] = strings.ToLower(w)
	}
	title := func(w string) string {
		if w == "" {
			return w
		}
		return strings.ToUpper(w[:1]) + w[1:]
	}
	switch rule {
	case "lowercase":
		return strings.Join(words, "")
	case "UPPERCASE":
		return strings.ToUpper(strings.Join(words, ""))
	case "snake_case":
		return strings.Join(words, "_")
	case "SCREAMING_SNAKE_CASE":
		return strings.ToUpper(strings.Join(words, "_"))
	case "kebab-case":
		return strings.Join(words, "-")
	case "SCREAMING-KEBAB-CASE":
		return strings.ToUpper(strings.Join(words, "-"))
	case "camelCase", "PascalCase":
		var b strings.Builder
		for i, w := range words {
			if i == 0 && rule == "camelCase" {
				b.WriteString(w)
			} else {
				b.WriteString(title(w))
			}
		}
		return b.String()
	}
	return ""
}

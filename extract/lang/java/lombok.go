package java

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/appendix-dev/appendix/extract"
)

// lombokAccessors names the accessors Lombok generates for a field, each
// a further member of its class (Language.MoreNames): getters under the
// class's or the field's @Getter, @Data or @Value (isActive for a boolean
// active), setters under @Setter, or @Data for a field that is not final.
// A static field gets none.
func lombokAccessors(mem *sitter.Node, src []byte) []string {
	if mem.Type() != "field_declaration" || hasModifier(mem, "static") {
		return nil
	}
	var getters, setters bool
	mark := func(anns []string) {
		for _, a := range anns {
			switch a {
			case "Data":
				getters, setters = true, true
			case "Getter", "Value":
				getters = true
			case "Setter":
				setters = true
			}
		}
	}
	if body := mem.Parent(); body != nil && body.Type() == "class_body" {
		if class := body.Parent(); class != nil {
			mark(annotationNames(class, src))
		}
	}
	mark(annotationNames(mem, src))
	if !getters && !setters {
		return nil
	}
	setters = setters && !hasModifier(mem, "final")
	boolean := false
	if t := mem.ChildByFieldName("type"); t != nil {
		boolean = t.Content(src) == "boolean"
	}
	var out []string
	for _, d := range extract.NamedChildren(mem) {
		nm := d.ChildByFieldName("name")
		if d.Type() != "variable_declarator" || nm == nil {
			continue
		}
		name := nm.Content(src)
		base := strings.ToUpper(name[:1]) + name[1:]
		if boolean && len(name) > 2 && strings.HasPrefix(name, "is") && name[2] >= 'A' && name[2] <= 'Z' {
			base = name[2:] // isActive: isActive() and setActive()
		}
		if getters {
			if boolean {
				out = append(out, "is"+base)
			} else {
				out = append(out, "get"+base)
			}
		}
		if setters {
			out = append(out, "set"+base)
		}
	}
	return out
}

// annotationNames are the simple names of a declaration's annotations.
func annotationNames(def *sitter.Node, src []byte) []string {
	var out []string
	for _, a := range annotationsOf(def, src) {
		out = append(out, a.Name)
	}
	return out
}

// accessorField is the field a Lombok accessor's name is made of: data of
// getData and setData, active of isActive; "" for another name.
func accessorField(name string) string {
	for _, pre := range []string{"get", "set", "is"} {
		if rest, ok := strings.CutPrefix(name, pre); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
			return strings.ToLower(rest[:1]) + rest[1:]
		}
	}
	return ""
}

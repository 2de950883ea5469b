; Top-level Go definitions. The capture after "definition." is the raw kind;
; golang.go refines it (struct, interface, enum blocks, sentinel errors).
(source_file (function_declaration name: (identifier) @name) @definition.function)
(source_file (method_declaration receiver: (parameter_list) @receiver name: (field_identifier) @name) @definition.method)
(source_file (type_declaration (type_spec name: (type_identifier) @name) @definition.type))
(source_file (type_declaration (type_alias name: (type_identifier) @name) @definition.type))
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))

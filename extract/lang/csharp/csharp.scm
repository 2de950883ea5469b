; C# definitions anywhere; csharp.go keeps the types declared at the top
; of a file, in namespaces or inside other types, their methods, their
; constants and static readonly fields, and the local functions of a
; file's top-level statements.
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.record
(delegate_declaration name: (identifier) @name) @definition.delegate
(method_declaration name: (identifier) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field

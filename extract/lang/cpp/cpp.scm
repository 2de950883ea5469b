; C++ declarations anywhere, by the name their declarator declares; cpp.go
; climbs from a declarator to its declaration and keeps those at file or
; namespace scope (in #if blocks, extern "C" blocks and templates too) and
; in the bodies of classes so declared: C's (functions and their
; declarations, structs, unions and enums with a body, typedefs, macros,
; variables and constants), then methods declared in their class and
; defined out of it (Order::cancel), classes (nested ones defined out of
; their class too: class RE2::Set { ... }), using aliases and a class's
; static constants. (The entries of an X-macro table are C's.)
(function_declarator declarator: (identifier) @name) @definition.function
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (type_identifier) @name) @definition.type
(pointer_declarator declarator: (type_identifier) @name) @definition.type
(array_declarator declarator: (type_identifier) @name) @definition.type
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
(declaration declarator: (identifier) @name) @definition.variable
(init_declarator declarator: (identifier) @name) @definition.variable
(pointer_declarator declarator: (identifier) @name) @definition.variable
(array_declarator declarator: (identifier) @name) @definition.variable
(call_expression arguments: (argument_list . (identifier) @name)) @definition.entry
(function_declarator declarator: (field_identifier) @name) @definition.method
(function_declarator declarator: (qualified_identifier) @name) @definition.qualified
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(class_specifier name: (qualified_identifier) @name body: (field_declaration_list)) @definition.nested
(struct_specifier name: (qualified_identifier) @name body: (field_declaration_list)) @definition.nested
(alias_declaration name: (type_identifier) @name) @definition.alias
(field_declaration declarator: (field_identifier) @name) @definition.field

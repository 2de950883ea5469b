; C declarations anywhere, by the name their declarator declares; c.go
; climbs from a declarator to its declaration and keeps those at file
; scope (in #if blocks and extern "C" blocks too): functions and their
; prototypes, structs, unions and enums with a body, typedefs, macros and
; variables, and the entries of an X-macro table (ERROR( name, 1, "x" ) line
; after line), by their first argument.
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

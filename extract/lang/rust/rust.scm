; Rust items anywhere; rust.go keeps those at module level (in inline
; modules too, but not in #[cfg(test)] ones), and the functions, constants
; and types of impl and trait blocks as their type's. A macro invocation is
; a definition when it is Diesel's table!, whose table rust.go names.
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.union
(enum_item name: (type_identifier) @name) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.static
(macro_definition name: (identifier) @name) @definition.macro
(macro_invocation macro: (identifier) @name) @definition.invocation
(macro_invocation macro: (scoped_identifier name: (identifier) @name)) @definition.invocation

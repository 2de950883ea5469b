; TypeScript (and TSX) definitions anywhere; typescript.go keeps those
; at module level, in namespaces and declare blocks, and class methods.
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(variable_declarator name: (identifier) @name) @definition.variable
(method_definition name: (property_identifier) @name) @definition.method
(abstract_method_signature name: (property_identifier) @name) @definition.method
(expression_statement (assignment_expression left: (member_expression property: (property_identifier) @name)) @definition.export)
(pair key: (property_identifier) @name value: (call_expression)) @definition.table

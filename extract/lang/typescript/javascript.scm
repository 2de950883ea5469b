; JavaScript (and JSX) definitions anywhere; typescript.go keeps those
; at module level and class methods, and CommonJS exports.
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class
(variable_declarator name: (identifier) @name) @definition.variable
(method_definition name: (property_identifier) @name) @definition.method
(expression_statement (assignment_expression left: (member_expression property: (property_identifier) @name)) @definition.export)
(pair key: (property_identifier) @name value: (call_expression)) @definition.table

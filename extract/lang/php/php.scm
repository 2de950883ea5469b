; PHP definitions anywhere; php.go keeps the classes, interfaces, traits
; and enums declared at the top of a file (in a namespace, or in an if
; block such as a class_exists guard), their methods and constants, the
; functions and constants so declared, the constants define() declares,
; the tables Laravel's Schema::create and Schema::table declare, the
; columns a Schema::table closure adds, and the keys of the array a
; configuration file returns.
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.method
(const_declaration (const_element . (name) @name)) @definition.constant
(expression_statement (function_call_expression function: (name) @name)) @definition.call
(expression_statement (scoped_call_expression scope: (name) name: (name) @name)) @definition.static_call
(member_call_expression object: (variable_name) name: (name) @name arguments: (arguments . (argument (string)))) @definition.column
(return_statement (array_creation_expression (array_element_initializer (string (string_content) @name) "=>") @definition.setting))

; Python definitions anywhere; python.go keeps those at module level
; (including under if/try/with blocks) and the methods of such classes.
(function_definition name: (identifier) @name) @definition.function
(class_definition name: (identifier) @name) @definition.class
(expression_statement (assignment left: (identifier) @name) @definition.variable)

; Ruby definitions anywhere; ruby.go keeps the classes and modules at the
; top of a file or inside other classes and modules, their methods
; (`def self.x` and those of `class << self` too) and constants. A call
; with a do block is a definition when it is a schema's create_table,
; whose table ruby.go names.
(class name: (constant) @name) @definition.class
(class name: (scope_resolution name: (constant) @name)) @definition.class
(module name: (constant) @name) @definition.module
(module name: (scope_resolution name: (constant) @name)) @definition.module
(method name: (identifier) @name) @definition.method
(method name: (setter name: (identifier) @name)) @definition.method
(singleton_method name: (identifier) @name) @definition.method
(assignment left: (constant) @name) @definition.constant
(assignment left: (scope_resolution name: (constant) @name)) @definition.constant
(call method: (identifier) @name block: (do_block)) @definition.block

; Swift declarations anywhere; swift.go keeps those at the top of a file
; and in the bodies of types, protocols and extensions (an extension's as
; the extended type's), none in a function or a closure. A class,
; struct, enum, actor and extension are one node, told apart by their
; keyword; an extension names its type by a user_type.
(class_declaration name: (type_identifier) @name) @definition.class
(protocol_declaration name: (type_identifier) @name) @definition.protocol
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.function
(init_declaration name: "init" @name) @definition.init
(typealias_declaration name: (type_identifier) @name) @definition.typealias
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property

; Kotlin declarations anywhere; kotlin.go keeps those at the top of a file
; and in the bodies of the classes, interfaces and objects so declared (a
; companion object's as its class's), and of properties only those of
; files and objects: a class's properties are its members.
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.object
(companion_object (type_identifier) @name) @definition.companion
(function_declaration (simple_identifier) @name) @definition.function
(property_declaration (variable_declaration (simple_identifier) @name)) @definition.property
(type_alias (type_identifier) @name) @definition.alias

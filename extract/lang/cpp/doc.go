// Package cpp is C++ for extract: its tree-sitter grammar, the
// declarations of cpp.scm (found by package clike's matcher; the query is the
// reference the tests compare it with), how a match becomes a definition
// (classes, structs, unions, enums and enum classes with their members;
// methods declared in their class and defined out of it, Order::cancel;
// functions; typedefs and using aliases; macros; variables and constants,
// a class's static constants; in namespaces, named ns::Class::method,
// templates with their template line; exception classes as errors),
// headers (.h) shared with C, and the routes of cpp-httplib, Crow, Drogon
// and Pistache. The rest it reads as C does (see package clike).
package cpp

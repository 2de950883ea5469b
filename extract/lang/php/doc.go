// Package php is PHP for extract: its tree-sitter grammar, the
// definitions of php.scm (found by a matcher; the query is the reference
// the tests compare it with), how a match becomes a definition (classes,
// interfaces, traits, enums with their cases, methods, constants and
// functions, each in its namespace; Eloquent models and Doctrine entities
// as schemas, the tables Laravel's migrations create and the columns they
// add, a configuration file's settings, exception classes as errors), a
// type's members, how Focus reads PHP, and the routes of Laravel and
// Symfony.
package php

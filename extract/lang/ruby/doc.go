// Package ruby is Ruby for extract: its tree-sitter grammar, the
// definitions of ruby.scm (found by a matcher; the query is the reference
// the tests compare it with), how a match becomes a definition (classes
// and modules, nested ones in their module as Admin::UsersController;
// methods, def self.x and those of class << self, as their class's;
// constants; Active Record models as schemas named by their table, whose
// columns db/schema.rb's create_table declares; exception classes as
// errors), a class's members (methods, constants, attributes,
// associations, scopes, enums), body elision, and the routes of a Rails
// application's routes file. Ruby files are parsed whole.
package ruby

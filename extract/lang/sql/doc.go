// Package sql is SQL for extract: an exact scanner of DDL statements
// (CREATE TABLE, CREATE TYPE ... AS ENUM, CREATE VIEW, CREATE INDEX and
// ALTER TABLE), their columns and the tables they reference.
package sql

// Package python is Python for extract: its tree-sitter grammar, the
// definitions of python.scm (found by a matcher; the query is the
// reference the tests compare it with), kept at module level and in its
// classes, with enums, protocols, errors and data models (Django,
// SQLAlchemy, SQLModel, pydantic) and their table names; a class's
// members, body elision after the colon, how Focus reads Python, and the
// routes of FastAPI, Flask and Django urls.py.
package python

// Package render writes the appendix: its heading and provenance, one
// labeled section per artifact, the context gaps; it attaches the appendix
// to a spec and strips it again, exactly.
package render

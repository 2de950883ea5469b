// Package cache keeps what a run learned for the next one, under
// .appendix/cache: extractions by file content (git's blob id and the
// language), per-path scans and directory listings by stat data, and
// uncommitted-change verdicts by HEAD. A cache that is missing or of
// another version is empty, never an error; one that is damaged is empty
// too, and says so (Cache.Damages).
package cache

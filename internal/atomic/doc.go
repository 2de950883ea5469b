// Package atomic writes files so that a reader sees the old content or the
// new, never a part: the data goes to a temporary file in the same
// directory, is synced, and is renamed over the target. A writer killed
// before the rename leaves its temporary file; RemoveStale removes those
// older than any write in progress.
package atomic

// Package lock takes advisory locks on files. The lock on a file is held
// on a lock file beside it, the file's name with ".lock" added, which is
// never removed: every writer that follows the same rule takes its turn,
// this tool's runs and Python's filelock alike (adversarial-spec locks its
// own files so). Where the system has flock the lock goes with the open
// file, so a run that dies releases it; elsewhere the lock file is created
// exclusively and removed on release, and one left by a run that died is
// taken over once it is stale.
package lock

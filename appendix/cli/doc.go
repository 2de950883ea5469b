// Package cli is the appendix command line: flags, subcommands, exit
// statuses and one-line errors, over the appendix library.
package cli

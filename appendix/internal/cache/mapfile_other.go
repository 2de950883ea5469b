//go:build !unix

package cache

import "os"

// mapFile reads a cache file (the Unix version maps it).
func mapFile(file string) ([]byte, error) { return os.ReadFile(file) }

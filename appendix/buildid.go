package appendix

import (
	"fmt"
	"hash/fnv"
	"os"
	"runtime/debug"
	"sync"
)

// Version is set at build time with -ldflags "-X ...appendix.Version=v1.2.3".
var Version = "dev"

// buildID identifies the running binary for the extraction cache: a cache
// written by another binary is never trusted. A release is its version. A
// dev build is what the Go toolchain recorded (VCS revision, time and
// modified flag, every dependency's version and sum) together with the
// executable's size and modification time, because a binary rebuilt from a
// modified work tree records the same revision.
var buildID = sync.OnceValue(func() string {
	if Version != "dev" {
		return Version
	}
	h := fnv.New64a()
	if info, ok := debug.ReadBuildInfo(); ok {
		fmt.Fprintf(h, "%s\x00%s\x00", info.GoVersion, info.Main.Version)
		for _, s := range info.Settings {
			fmt.Fprintf(h, "%s=%s\x00", s.Key, s.Value)
		}
		for _, d := range info.Deps {
			fmt.Fprintf(h, "%s@%s %s\x00", d.Path, d.Version, d.Sum)
		}
	}
	if exe, err := os.Executable(); err == nil {
		if st, err := os.Stat(exe); err == nil {
			fmt.Fprintf(h, "%d\x00%d\x00", st.Size(), st.ModTime().UnixNano())
		}
	}
	return fmt.Sprintf("dev-%016x", h.Sum64())
})

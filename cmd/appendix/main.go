// Command appendix prints a spec followed by the Codebase Context appendix
// that the Context Addition Protocol describes. See the README.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"

	"github.com/appendix-dev/appendix/appendix/cli"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// A run lives a fraction of a second and peaks at tens of
		// megabytes: memory is collected only as the heap nears the limit,
		// which a warm run never does, and which keeps a huge repository
		// from growing unbounded.
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(100 << 20)
	}
	// APPENDIX_CPUPROFILE names a file to write the run's CPU profile to,
	// for go tool pprof.
	if p := os.Getenv("APPENDIX_CPUPROFILE"); p != "" {
		if f, err := os.Create(p); err == nil && pprof.StartCPUProfile(f) == nil {
			defer f.Close()
			defer pprof.StopCPUProfile()
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	if code != 0 {
		pprof.StopCPUProfile()
		os.Exit(code)
	}
}

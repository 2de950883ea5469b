// Command appendix prints a spec followed by the Codebase Context appendix
// that the Context Addition Protocol describes. See the README.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"

	"github.com/appendix-dev/appendix/appendix/cli"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// A run lives a fraction of a second and peaks at tens of
		// megabytes: collecting less often is time saved, memory it can
		// spare (the limit keeps a huge repository from growing unbounded).
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(100 << 20)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := cli.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// Command appendix prints a spec followed by the Codebase Context appendix
// that the Context Addition Protocol describes. See the README.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/appendix-dev/appendix/appendix"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := appendix.Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	os.Exit(code)
}

// Command tidings is a keyboard-driven terminal news reader and, as
// `tidings serve`, the news service it reads.
//
// With no service configured the reader starts that service in-process on
// loopback with a built-in demo catalogue, so `go run .` shows a working
// reader at once over the same HTTP code path as production.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCommand(os.Getenv, os.Stderr).ExecuteContext(ctx)
	stop()
	os.Exit(exitCode(err))
}

// usageError is a mistake in how the program was called: a bad flag or
// flag value. It exits with status 2, as command-line tools do, and is
// caught before the UI starts or anything is sent.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usageArgs makes cobra's positional-argument checks usage errors too.
func usageArgs(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageError{err}
		}
		return nil
	}
}

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// exitCode prints err, if any, and picks the process's exit status.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(os.Stderr, "tidings: %v\n", err)
	var u usageError
	if errors.As(err, &u) {
		fmt.Fprintln(os.Stderr, "Run 'tidings --help' for usage.")
		return 2
	}
	return 1
}

// newRootCommand builds the command tree. getenv and stderr are parameters
// so tests can run the command line without touching the real process.
func newRootCommand(getenv func(string) string, stderr interface{ Write([]byte) (int, error) }) *cobra.Command {
	root := newReaderCommand(getenv, stderr)
	root.AddCommand(newServeCommand(getenv), newImportCommand())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.SilenceErrors = true
	root.SilenceUsage = true
	return root
}

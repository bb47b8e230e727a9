// Package cli is tidings' command line: one file per cobra command (the
// reader at the root, serve, import, …). It parses flags and the
// environment, builds what the command needs and runs it; the work itself
// lives in the packages it starts (ui, server, feeds, …). It holds no
// state between commands and nothing imports it but main.
package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

// Main runs the command line with the process's arguments and environment
// and returns the exit status: 0, 1 for a failure, 2 for a usage error.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCommand(os.Getenv, os.Stderr).ExecuteContext(ctx)
	stop()
	return exitCode(err)
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
	root.AddCommand(newServeCommand(getenv), newImportCommand(), newFeedsCommand(getenv))
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.SilenceErrors = true
	root.SilenceUsage = true
	return root
}

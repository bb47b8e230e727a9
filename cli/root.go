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
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"tidings/config"
)

// Main runs the command line with the process's arguments and environment
// and returns the exit status: 0, 1 for a failure, 2 for a usage error.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return execute(ctx, newRootCommand(os.Getenv, os.Stderr), os.Stderr)
}

// execute runs the command line root was given and returns the exit
// status, having said on stderr what went wrong, if anything.
func execute(ctx context.Context, root *cobra.Command, stderr io.Writer) int {
	cmd, err := root.ExecuteContextC(ctx)
	return exitCode(err, cmd, stderr)
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

// statusError ends a command with a status of its own (watch check's 1
// for "nothing new") and, when err is nil, without a message.
type statusError struct {
	code int
	err  error
}

func (e statusError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}
func (e statusError) Unwrap() error { return e.err }

// exitCode prints err, if any, on stderr and picks the process's exit
// status. A usage error points at the help of the command that failed
// (cmd; nil: the root's), not always the root's.
func exitCode(err error, cmd *cobra.Command, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var x statusError
	var u usageError
	switch {
	case errors.As(err, &x):
		if x.err != nil {
			fmt.Fprintf(stderr, "tidings: %v\n", x.err)
		}
	case errors.As(err, &u):
		path := "tidings"
		if cmd != nil {
			path = cmd.CommandPath()
		}
		fmt.Fprintf(stderr, "tidings: %v\n", err)
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", path)
	default:
		fmt.Fprintf(stderr, "tidings: %v\n", err)
	}
	return statusOf(err)
}

// statusOf is the exit status for err: 0 for none, 2 for a usage error
// or a bad config file (its message says where and what is allowed), a
// statusError's own, else 1.
func statusOf(err error) int {
	var x statusError
	var u usageError
	var ce *config.Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &x):
		return x.code
	case errors.As(err, &u), errors.As(err, &ce):
		return 2
	}
	return 1
}

// globalFlags are the flags every command sees.
type globalFlags struct {
	configPath string // --config; "" for config.DefaultPath
}

// configFile is the settings file in use: --config, else the default
// path, whether or not a file is there.
func (g *globalFlags) configFile() (string, error) {
	if g.configPath != "" {
		return g.configPath, nil
	}
	return config.DefaultPath()
}

// loadConfig reads the settings file in use. A missing file at the
// default path gives the defaults; a missing --config file is an error.
// Errors are *config.Error, which exit with status 2.
func (g *globalFlags) loadConfig() (*config.Config, error) {
	return config.Load(g.configPath)
}

// newRootCommand builds the command tree. getenv and stderr are parameters
// so tests can run the command line without touching the real process.
func newRootCommand(getenv func(string) string, stderr interface{ Write([]byte) (int, error) }) *cobra.Command {
	g := &globalFlags{}
	root := newReaderCommand(g, getenv, stderr)
	defaultConfig, err := config.DefaultPath()
	if err != nil {
		defaultConfig = "$XDG_CONFIG_HOME/tidings/config.toml"
	}
	root.PersistentFlags().StringVar(&g.configPath, "config", "", "settings file (default "+defaultConfig+")")
	root.AddCommand(newServeCommand(getenv), newImportCommand(), newFeedsCommand(g, getenv),
		newConfigCommand(g), newSavedCommand(), newWatchCommand(g, getenv), newVersionCommand(),
		newHeadlinesCommand(g, getenv), newSearchCommand(g, getenv), newSourcesCommand(g, getenv), newManCommand())
	addDefaultExamples(root)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.SilenceErrors = true
	root.SilenceUsage = true
	return root
}

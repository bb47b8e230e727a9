package config

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"tidings/cmdline"
)

// APIKeyTimeout bounds how long [Service.APIKey] waits for the command
// (a password manager may ask for a passphrase first).
const APIKeyTimeout = 30 * time.Second

// ErrNoAPIKeyCommand is returned by [Service.APIKey] when the file names
// no api_key_command.
var ErrNoAPIKeyCommand = errors.New("config: no api_key_command")

// commandAllowed says how api_key_command is written.
const commandAllowed = `a program and its arguments separated by spaces, e.g. "pass show news"; ` +
	`quote an argument with '…' or "…" and escape a character with \; ` +
	`no pipes, redirections, variables or globs: no shell runs it (for those, write a script and name it)`

// Limits of what the command may print.
const (
	maxKeyOutput = 64 << 10
	maxStderr    = 4 << 10
)

// APIKey runs api_key_command and returns the first line of what it
// prints, without surrounding space (password managers print the secret
// first: `pass show` puts any other lines after it).
//
// The command runs without a shell: [APIKeyCommand] is split into words
// by the rules of cmdline.Split (spaces separate; '…' is literal; "…" is
// literal but for \" and \\; \ escapes one character outside quotes; a
// word starting with ~/ starts in the home directory). Its standard input
// is empty, its environment is tidings's, and it must finish within
// APIKeyTimeout (or ctx's deadline, if sooner).
//
// The error never contains the key nor anything else the command printed
// on its standard output; it names the program, says what happened and
// quotes the first line of its standard error (with anything that also
// appeared on standard output blotted out).
//
// [APIKeyCommand]: Service.APIKeyCommand
func (s Service) APIKey(ctx context.Context) (string, error) {
	if strings.TrimSpace(s.APIKeyCommand) == "" {
		return "", ErrNoAPIKeyCommand
	}
	args, err := cmdline.Split(s.APIKeyCommand)
	if err != nil {
		return "", fmt.Errorf("api_key_command: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, APIKeyTimeout)
	defer cancel()
	prog := filepath.Base(args[0])
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.WaitDelay = time.Second // a child that keeps the pipes open must not hang us
	stdout := &capped{max: maxKeyOutput}
	stderr := &capped{max: maxStderr}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	runErr := cmd.Run()
	key, _, _ := strings.Cut(stdout.String(), "\n")
	key = strings.TrimSpace(key)
	switch {
	case ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "", fmt.Errorf("api_key_command: %q did not finish in time", prog)
	case ctx.Err() != nil:
		return "", fmt.Errorf("api_key_command: %q: %w", prog, ctx.Err())
	case errors.Is(runErr, exec.ErrNotFound):
		return "", fmt.Errorf("api_key_command: program %q not found (searched $PATH)", args[0])
	case runErr != nil:
		var exit *exec.ExitError
		what := "could not run"
		if errors.As(runErr, &exit) {
			what = "failed (" + exit.ProcessState.String() + ")"
		} else if pe := (*os.PathError)(nil); errors.As(runErr, &pe) {
			what = "could not run: " + pe.Err.Error()
		}
		msg := fmt.Sprintf("api_key_command: %q %s", prog, what)
		if line := stderrLine(stderr.String(), stdout.String()); line != "" {
			msg += ": " + line
		}
		return "", errors.New(msg)
	case stdout.over:
		return "", fmt.Errorf("api_key_command: %q printed more than %d bytes: not a key", prog, maxKeyOutput)
	case key == "":
		return "", fmt.Errorf("api_key_command: %q printed no key (its first line is empty)", prog)
	}
	return key, nil
}

// stderrLine is the first non-empty line of stderr, shortened, with every
// line of stdout that appears in it blotted out.
func stderrLine(stderr, stdout string) string {
	var line string
	for l := range strings.SplitSeq(stderr, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			line = l
			break
		}
	}
	for s := range strings.SplitSeq(stdout, "\n") {
		if s = strings.TrimSpace(s); len(s) >= 4 {
			line = strings.ReplaceAll(line, s, "[redacted]")
		}
	}
	if r := []rune(line); len(r) > 200 {
		line = string(r[:200]) + "…"
	}
	return line
}

// capped keeps the first max bytes written to it and notes any more.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room < len(p) {
		c.over = true
		c.buf.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return c.buf.Write(p)
}

func (c *capped) String() string { return c.buf.String() }

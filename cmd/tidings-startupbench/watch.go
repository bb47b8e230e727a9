package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// paneWatcher reads a tmux pane through one control-mode client
// (`tmux -C attach`) that stays connected for the whole run.
//
// Spawning `tmux capture-pane` for every look costs a process start each
// time (about 3 ms here), so polling that way keeps most of a core busy
// with tmux clients while the program under test starts: on a 2-core
// machine the measurement would take the cores it measures. Through the
// control client a capture is one line written and a few read, served by
// the tmux server in well under a millisecond.
type paneWatcher struct {
	session string
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
}

// watchPane attaches a control client to session (on its own server,
// see tmux()). Control clients do not resize the window.
func watchPane(session string) (*paneWatcher, error) {
	cmd := tmux(session, "-C", "attach-session", "-t", session)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("tmux -C attach: %w", err)
	}
	return &paneWatcher{session: session, cmd: cmd, in: in, out: bufio.NewReader(out)}, nil
}

// capture returns the pane's text, as `capture-pane -p` prints it.
func (w *paneWatcher) capture() (string, error) {
	if _, err := fmt.Fprintf(w.in, "capture-pane -p -t %s\n", w.session); err != nil {
		return "", fmt.Errorf("tmux control client: %w", err)
	}
	return w.reply()
}

// reply reads up to the end of the next reply to a command of ours. The
// output of a command comes between %begin and %end (or %error) lines
// whose last field, the flags, is 1 for commands the client sent; the
// reply to the attach itself (flags 0) and notifications (%output,
// %session-changed, ...) are skipped.
func (w *paneWatcher) reply() (string, error) {
	var body strings.Builder
	inReply := false
	for {
		line, err := w.out.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("tmux control client: %w", err)
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case !inReply:
			inReply = strings.HasPrefix(line, "%begin ") && strings.HasSuffix(line, " 1")
		case strings.HasPrefix(line, "%end ") && strings.HasSuffix(line, " 1"):
			return body.String(), nil
		case strings.HasPrefix(line, "%error ") && strings.HasSuffix(line, " 1"):
			return "", errors.New("tmux capture-pane failed: " + body.String())
		default:
			body.WriteString(line)
			body.WriteByte('\n')
		}
	}
}

// close detaches the client (and kills it if it will not go).
func (w *paneWatcher) close() {
	_, _ = io.WriteString(w.in, "detach-client\n")
	w.in.Close()
	done := make(chan struct{})
	go func() { _ = w.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = w.cmd.Process.Kill()
		<-done
	}
}

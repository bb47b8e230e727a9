package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// frameFirst checks, runs times, that tidings started against a remote
// service has its first frame (chrome and spinner: the pane matches
// frame) on screen when its first request arrives. The service is this
// program, on loopback: at the first request it captures the pane before
// answering. It returns how many runs failed.
func frameFirst(bin string, runs int, frame *regexp.Regexp, timeout time.Duration) (failed int, err error) {
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	dir, err := os.MkdirTemp("", "startupbench")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	os.Setenv("NEWS_API_KEY", "startupbench-key") // the pane inherits it through tmux
	for i := range runs {
		ok, screen, err := frameFirstOnce(self, bin, dir, i, frame, timeout)
		if err != nil {
			return failed, fmt.Errorf("run %d: %w", i+1, err)
		}
		if !ok {
			failed++
			fmt.Fprintf(os.Stderr, "run %2d: FAIL: at the first request the pane showed:\n%s\n", i+1, screen)
		} else {
			fmt.Fprintf(os.Stderr, "run %2d: frame on screen before the first request\n", i+1)
		}
	}
	return failed, nil
}

func frameFirstOnce(self, bin, dir string, i int, frame *regexp.Regexp, timeout time.Duration) (bool, string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return false, "", err
	}
	session := fmt.Sprintf("startupbench-remote-%d-%d", os.Getpid(), i)
	seen := make(chan string, 1)
	var pane *paneWatcher // attached before any request can come (below)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		out, err := pane.capture()
		if err != nil {
			out = "capture failed: " + err.Error()
		}
		select {
		case seen <- out:
		default:
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprint(w, `{"status":"error","code":"unavailable","message":"startupbench"}`)
	})}
	defer srv.Close()
	base := "http://" + ln.Addr().String() + "/v2"
	stamp := filepath.Join(dir, session)
	if out, err := tmux(session, "new-session", "-d", "-s", session, "-x", "120", "-y", "40",
		self, "-stamp", stamp, bin, "--base-url", base).CombinedOutput(); err != nil {
		return false, "", fmt.Errorf("tmux new-session: %v: %s", err, out)
	}
	defer tmux(session, "kill-session", "-t", session).Run()
	// The requests wait in the listen backlog until the watcher is
	// attached: the capture at the first one is then a line to tmux, not a
	// process start that would give the program milliseconds more to draw.
	if pane, err = watchPane(session); err != nil {
		return false, "", err
	}
	defer pane.close()
	go srv.Serve(ln)
	select {
	case screen := <-seen:
		return frame.MatchString(screen), screen, nil
	case <-time.After(timeout):
		return false, "", fmt.Errorf("no request within %v", timeout)
	}
}

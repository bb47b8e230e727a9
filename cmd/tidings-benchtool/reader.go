package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"tidings/internal/loadtest"
	"tidings/ui"
)

// ReaderReport holds the reader measurements taken in tmux.
type ReaderReport struct {
	RSSMiB           float64 `json:"rss_mib"`            // reader with the 10,000-article result set loaded
	Loaded           string  `json:"loaded"`             // the status line that said so
	IdleMsPerSec     float64 `json:"idle_ms_per_s"`      // reader CPU while idle, loaded
	BareIdleMsPerSec float64 `json:"bare_idle_ms_per_s"` // a bare Bubble Tea program's
	// The same bare program at the reader's frame rate: what Bubble Tea's
	// renderer costs idle at that rate, with nothing of ours running.
	BareIdleAtReaderFPS float64 `json:"bare_idle_at_reader_fps_ms_per_s"`
}

func readerCmd(args []string) error {
	fs := flag.NewFlagSet("reader", flag.ContinueOnError)
	bin := fs.String("bin", "", "the tidings binary")
	self := fs.String("self", "", "this benchtool binary (runs the bare program)")
	base := fs.String("url", "", "a running `tidings serve` on loopback (for the RSS run)")
	key := fs.String("key", "", "its API key")
	query := fs.String("query", "", "a search with 10,000 results on that service")
	idle := fs.Duration("idle", 10*time.Second, "idle CPU sampling time")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var rep ReaderReport
	pid, stop, err := startPane("perfhelper-rss", map[string]string{"NEWS_API_KEY": *key},
		*bin, "--base-url", *base, "--page-size", "100", "--screen", "search", "--query", *query)
	if err != nil {
		return err
	}
	defer stop()
	if _, err := waitPane("perfhelper-rss", regexp.MustCompile(`\d+/[\d,]+\+?|End of results`), 20*time.Second); err != nil {
		return fmt.Errorf("search never loaded: %w", err)
	}
	tmux("send-keys", "-t", "perfhelper-rss", "G")
	line, err := waitPane("perfhelper-rss", regexp.MustCompile(`End of results · [\d,]+ articles`), 120*time.Second)
	if err != nil {
		return fmt.Errorf("G never reached the end: %w", err)
	}
	rep.Loaded = line
	time.Sleep(time.Second) // let the last frame and GC settle
	if rep.RSSMiB, err = rssMiB(pid); err != nil {
		return err
	}
	if rep.IdleMsPerSec, err = cpuMsPerSec(pid, *idle); err != nil {
		return err
	}
	stop()
	if rep.BareIdleMsPerSec, err = bareIdle(*self, *idle); err != nil {
		return err
	}
	if rep.BareIdleAtReaderFPS, err = bareIdle(*self, *idle, "-fps", strconv.Itoa(ui.FrameRate)); err != nil {
		return err
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// bareIdle runs the bare Bubble Tea program (with args) in a pane and
// returns its idle CPU over d.
func bareIdle(self string, d time.Duration, args ...string) (float64, error) {
	pid, stop, err := startPane("perfhelper-bare", nil, append([]string{self, "bare"}, args...)...)
	if err != nil {
		return 0, err
	}
	defer stop()
	time.Sleep(time.Second)
	return cpuMsPerSec(pid, d)
}

func tmux(args ...string) (string, error) {
	out, err := exec.Command("tmux", args...).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("tmux %s: %v: %s", args[0], err, out)
	}
	return string(out), nil
}

// startPane runs argv in a new detached 120×40 tmux session (exec'd, so
// the pane's pid is the program's) and returns that pid.
func startPane(session string, env map[string]string, argv ...string) (int, func(), error) {
	tmux("kill-session", "-t", session) // a leftover of ours from an aborted run
	args := []string{"new-session", "-d", "-s", session, "-x", "120", "-y", "40"}
	for k, v := range env {
		args = append(args, "-e", k+"="+v)
	}
	var quoted []string
	for _, a := range argv {
		quoted = append(quoted, "'"+strings.ReplaceAll(a, "'", `'\''`)+"'")
	}
	args = append(args, "exec "+strings.Join(quoted, " "))
	// A tmux server whose last session just ended may still be exiting:
	// "server exited unexpectedly". Try again shortly.
	var err error
	for try := 0; try < 5; try++ {
		if _, err = tmux(args...); err == nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		return 0, nil, err
	}
	stop := func() { tmux("kill-session", "-t", session) }
	out, err := tmux("display-message", "-p", "-t", session, "#{pane_pid}")
	if err != nil {
		stop()
		return 0, nil, err
	}
	pid, err := strconv.Atoi(strings.TrimSpace(out))
	if err != nil {
		stop()
		return 0, nil, fmt.Errorf("pane pid %q: %w", out, err)
	}
	return pid, stop, nil
}

// waitPane polls the pane until a line matches re and returns the match.
func waitPane(session string, re *regexp.Regexp, timeout time.Duration) (string, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		text, err := tmux("capture-pane", "-p", "-t", session)
		if err != nil {
			return "", err
		}
		if m := re.FindString(text); m != "" {
			return m, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	text, _ := tmux("capture-pane", "-p", "-t", session)
	return "", fmt.Errorf("no %q in %v; the pane shows:\n%s", re, timeout, text)
}

func rssMiB(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kib, err := strconv.ParseFloat(f[1], 64)
			return kib / 1024, err
		}
	}
	return 0, fmt.Errorf("no VmRSS for pid %d", pid)
}

// cpuMsPerSec samples the process's user+system CPU over d.
func cpuMsPerSec(pid int, d time.Duration) (float64, error) {
	a, err := loadtest.ProcessCPUTicks(pid)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	time.Sleep(d)
	b, err := loadtest.ProcessCPUTicks(pid)
	if err != nil {
		return 0, err
	}
	const hz = 100 // USER_HZ on Linux
	return (b - a) * 1000 / hz / time.Since(start).Seconds(), nil
}

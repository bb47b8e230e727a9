// Command tidings-startupbench measures how long tidings takes from process start
// to its first headlines on a real terminal: it starts the binary in a
// detached tmux session and polls the pane until a loaded list shows.
//
// The start instant is taken by this program itself, re-run inside the
// pane as a thin wrapper that records the time and then execs the binary
// (so tmux's own start-up is not counted); the end instant is the first
// capture of the pane whose text matches -until, taken through one tmux
// control-mode client (watch.go): a capture costs the tmux server a
// fraction of a millisecond and the poll sleeps 0.5 ms between captures,
// so the figure is an upper bound by about a millisecond. (Spawning a
// `tmux capture-pane` per look, as this program first did, kept a core
// busy with tmux clients and added about 10 ms to the median on 2 cores.)
// Each run uses a tmux server of its own (its own socket).
//
// With -drop-caches (root only) each run starts with an empty page cache:
// a cold start, the binary read from disk.
//
// Do not run it at real-time priority (chrt): its polling and the Go
// runtime then starve tmux and each other. Under load, `nice -n -10`
// approximates a quiet machine.
//
// With -frame-first REGEXP it checks instead that, against a remote
// service (itself, on loopback), the pane already matches REGEXP (the
// chrome and spinner) when the first request arrives.
//
// Usage: go run ./cmd/tidings-startupbench -bin /tmp/x-tidings [-runs 10] [-- args...]
//
//	go run ./cmd/tidings-startupbench -bin /tmp/x-tidings -frame-first 'Loading headlines'
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) > 2 && os.Args[1] == "-stamp" {
		stampAndExec(os.Args[2], os.Args[3:])
		return
	}
	bin := flag.String("bin", "", "the tidings binary to start (required)")
	runs := flag.Int("runs", 10, "how many starts to time")
	until := flag.String("until", ` \d+/[\d,]+\+? `, "regexp the pane must show to count as started")
	timeout := flag.Duration("timeout", 10*time.Second, "give up on a run after this long")
	flag.BoolVar(&dropCaches, "drop-caches", false, "empty the kernel's page cache before each run (needs root):\n"+
		"times a cold start, with the binary read from disk")
	remote := flag.String("frame-first", "", "instead of timing: check that the pane matches this regexp\n"+
		"(e.g. 'Loading headlines') when the first request reaches a service run by this program")
	flag.Parse()
	if *bin == "" {
		fmt.Fprintln(os.Stderr, "startupbench: -bin is required")
		os.Exit(2)
	}
	if *remote != "" {
		frame, err := regexp.Compile(*remote)
		if err != nil {
			fmt.Fprintf(os.Stderr, "startupbench: -frame-first: %v\n", err)
			os.Exit(2)
		}
		failed, err := frameFirst(*bin, *runs, frame, *timeout)
		if err != nil {
			fmt.Fprintf(os.Stderr, "startupbench: %v\n", err)
			os.Exit(1)
		}
		fmt.Printf("first frame before the first request: %d of %d runs\n", *runs-failed, *runs)
		if failed > 0 {
			os.Exit(1)
		}
		return
	}
	re, err := regexp.Compile(*until)
	if err != nil {
		fmt.Fprintf(os.Stderr, "startupbench: -until: %v\n", err)
		os.Exit(2)
	}
	times, err := measure(*bin, flag.Args(), *runs, re, *timeout)
	if err != nil {
		fmt.Fprintf(os.Stderr, "startupbench: %v\n", err)
		os.Exit(1)
	}
	report(times)
}

// stampAndExec runs inside the pane: it writes the current time to file
// and replaces itself with the program to measure.
func stampAndExec(file string, argv []string) {
	now := time.Now().UnixNano()
	if err := os.WriteFile(file, []byte(strconv.FormatInt(now, 10)), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	err := syscall.Exec(argv[0], argv, os.Environ())
	fmt.Fprintln(os.Stderr, "exec:", err)
	os.Exit(1)
}

func measure(bin string, args []string, runs int, until *regexp.Regexp, timeout time.Duration) ([]time.Duration, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	bin, err = filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "startupbench")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var times []time.Duration
	for i := range runs {
		d, err := once(self, bin, args, dir, i, until, timeout)
		if err != nil {
			return nil, fmt.Errorf("run %d: %w", i+1, err)
		}
		times = append(times, d)
		fmt.Fprintf(os.Stderr, "run %2d: %6.1f ms\n", i+1, ms(d))
	}
	return times, nil
}

func once(self, bin string, args []string, dir string, i int, until *regexp.Regexp, timeout time.Duration) (time.Duration, error) {
	session := fmt.Sprintf("startupbench-%d-%d", os.Getpid(), i)
	if dropCaches {
		if err := dropPageCache(); err != nil {
			return 0, err
		}
	}
	stamp := filepath.Join(dir, session)
	cmd := append([]string{"new-session", "-d", "-s", session, "-x", "120", "-y", "40",
		self, "-stamp", stamp, bin}, args...)
	if out, err := tmux(session, cmd...).CombinedOutput(); err != nil {
		return 0, fmt.Errorf("tmux new-session: %v: %s", err, out)
	}
	defer tmux(session, "kill-session", "-t", session).Run()
	w, err := watchPane(session)
	if err != nil {
		return 0, err
	}
	defer w.close()
	deadline := time.Now().Add(timeout)
	var last string
	for time.Now().Before(deadline) {
		text, err := w.capture()
		seen := time.Now()
		if err != nil {
			return 0, err
		}
		last = text
		if until.MatchString(last) {
			start, err := readStamp(stamp)
			if err != nil {
				return 0, err
			}
			return seen.Sub(start), nil
		}
		// A breath between captures, so the tmux server has time for
		// the program's output.
		time.Sleep(500 * time.Microsecond)
	}
	return 0, fmt.Errorf("no match for %q within %v; the pane showed:\n%s", until, timeout, strings.TrimRight(last, "\n "))
}

// tmux runs a tmux command on the server of one run (a socket named after
// its session), which exits with the session: other users of tmux on the
// machine are neither disturbed nor waited for, and no run can reach a
// server that is shutting down after the one before.
func tmux(session string, args ...string) *exec.Cmd {
	return exec.Command("tmux", append([]string{"-L", session}, args...)...)
}

func readStamp(file string) (time.Time, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return time.Time{}, fmt.Errorf("read the start stamp: %w", err)
	}
	ns, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return time.Time{}, errors.New("bad start stamp")
	}
	return time.Unix(0, ns), nil
}

func report(times []time.Duration) {
	s := slices.Clone(times)
	slices.Sort(s)
	median := s[len(s)/2]
	if len(s)%2 == 0 {
		median = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	fmt.Printf("startup to first headlines: median %.1f ms, min %.1f ms, max %.1f ms (%d runs)\n",
		ms(median), ms(s[0]), ms(s[len(s)-1]), len(s))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// dropCaches is -drop-caches.
var dropCaches bool

// dropPageCache writes back and then drops the kernel's clean page cache,
// so the next start reads the binary from disk, as a first start after a
// while does on a machine that reclaims idle page cache.
func dropPageCache() error {
	if err := exec.Command("sync").Run(); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	if err := os.WriteFile("/proc/sys/vm/drop_caches", []byte("3\n"), 0o200); err != nil {
		return fmt.Errorf("-drop-caches: %w", err)
	}
	return nil
}

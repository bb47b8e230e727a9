//go:build unix

package cli

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeSystemd is a NOTIFY_SOCKET as systemd listens on it: a datagram
// socket whose messages the test reads.
func fakeSystemd(t *testing.T) (path string, messages <-chan string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "sd") // a short path: socket paths are limited to 108 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	path = filepath.Join(dir, "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	ch := make(chan string, 100)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			if err != nil {
				close(ch)
				return
			}
			ch <- string(buf[:n])
		}
	}()
	return path, ch
}

func next(t *testing.T, messages <-chan string) string {
	t.Helper()
	select {
	case m := <-messages:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("systemd was told nothing")
	}
	return ""
}

func TestServeTellsSystemdItIsReadyOnceItAnswersAndFeedsTheWatchdog(t *testing.T) {
	socket, messages := fakeSystemd(t)
	env := envOf(map[string]string{"NOTIFY_SOCKET": socket, "WATCHDOG_USEC": "100000"})
	addr := make(chan net.Addr, 1)
	f := serveFlags{listen: "127.0.0.1:0", apiKeys: []string{"k"}, db: filepath.Join(t.TempDir(), "news.db"),
		polling: refreshFlags{interval: "0"}, log: serveLogFlags{out: io.Discard}, systemd: systemdFromEnv(env),
		onListen: func(_ string, a net.Addr) { addr <- a }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, f) }()

	ready := next(t, messages)
	if !strings.HasPrefix(ready, "READY=1\n") {
		t.Fatalf("first message %q, want READY=1", ready)
	}
	// Ready means answering: the address is bound and serves at once.
	resp, err := http.Get("http://" + (<-addr).String() + "/readyz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after READY=1: %v %v", resp, err)
	}
	resp.Body.Close()
	for range 2 {
		if m := next(t, messages); m != "WATCHDOG=1" {
			t.Fatalf("message %q, want WATCHDOG=1 pings", m)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for {
		select {
		case m := <-messages:
			if m == "STOPPING=1" {
				return
			}
			if m != "WATCHDOG=1" {
				t.Fatalf("message %q while stopping", m)
			}
			continue
		default:
		}
		break
	}
	t.Fatal("systemd was not told the service is stopping")
}

func TestSystemdWatchdogOnlyWhenAskedOfThisProcess(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want time.Duration
	}{
		{map[string]string{}, 0},
		{map[string]string{"WATCHDOG_USEC": "30000000"}, 0}, // no socket to ping
		{map[string]string{"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "30000000"}, 30 * time.Second},
		{map[string]string{"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": strconv.Itoa(os.Getpid())}, 30 * time.Second},
		{map[string]string{"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, 0},
		{map[string]string{"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "soon"}, 0},
	}
	for _, c := range cases {
		if got := systemdFromEnv(envOf(c.env)).watchdog; got != c.want {
			t.Errorf("%v: watchdog %v, want %v", c.env, got, c.want)
		}
	}
}

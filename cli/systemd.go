package cli

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"
)

// systemd is what a service manager asked of serve through the
// environment (sd_notify(3)): where to say it is ready, and how often to
// prove it is alive. Both are empty outside a Type=notify unit.
type systemd struct {
	socket   string        // $NOTIFY_SOCKET: a datagram socket's path, or @name for an abstract one
	watchdog time.Duration // $WATCHDOG_USEC: the longest silence allowed; 0 for no watchdog
}

// systemdFromEnv reads $NOTIFY_SOCKET and $WATCHDOG_USEC. A watchdog
// meant for another process ($WATCHDOG_PID is not ours) is ignored.
func systemdFromEnv(getenv func(string) string) systemd {
	s := systemd{socket: getenv("NOTIFY_SOCKET")}
	usec, err := strconv.ParseInt(getenv("WATCHDOG_USEC"), 10, 64)
	if err != nil || usec <= 0 || s.socket == "" {
		return s
	}
	if pid := getenv("WATCHDOG_PID"); pid != "" && pid != strconv.Itoa(os.Getpid()) {
		return s
	}
	s.watchdog = time.Duration(usec) * time.Microsecond
	return s
}

// notify sends state ("READY=1", "WATCHDOG=1", …) to the service manager;
// nothing when there is none. It is a few lines rather than a library:
// one datagram of text to a Unix socket (Go maps a leading @ to the
// abstract namespace).
func (s systemd) notify(state string) error {
	if s.socket == "" {
		return nil
	}
	conn, err := net.Dial("unixgram", s.socket)
	if err != nil {
		return fmt.Errorf("tell systemd %s: %w", state, err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(state)); err != nil {
		return fmt.Errorf("tell systemd %s: %w", state, err)
	}
	return nil
}

// ready says the service answers: called once every listener is bound,
// which is after the catalogue was opened and migrated.
func (s systemd) ready(log *slog.Logger, addr net.Addr) {
	if err := s.notify("READY=1\nSTATUS=Serving on " + addr.String()); err != nil {
		log.Warn("systemd readiness", "err", err)
	}
}

// watch pings the watchdog at half its timeout while the service answers
// its own /healthz at addr, until ctx ends. A service that stops
// answering stops pinging, and systemd restarts it (Restart=on-failure).
func (s systemd) watch(ctx context.Context, addr net.Addr, log *slog.Logger) {
	if s.watchdog <= 0 {
		return
	}
	every := s.watchdog / 2
	client := &http.Client{Timeout: every, Transport: &http.Transport{DisableKeepAlives: true}}
	url := "http://" + addr.String() + "/healthz"
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if err := healthy(ctx, client, url); err != nil {
			log.Warn("watchdog: not pinging systemd", "err", err)
		} else if err := s.notify("WATCHDOG=1"); err != nil {
			log.Warn("watchdog", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// healthy is nil when GET url answers 200.
func healthy(ctx context.Context, client *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("/healthz: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("/healthz answered %d", resp.StatusCode)
	}
	return nil
}

// boundListener is a listener of serve that is bound: "api" or "metrics".
type boundListener struct {
	name string
	addr net.Addr
}

// announce tells systemd the service is ready once all n listeners are
// bound (bound carries each one's name and address), then keeps the
// watchdog fed from the API listener's health; when ctx ends it says the
// service is stopping.
func announce(ctx context.Context, s systemd, bound <-chan boundListener, n int, log *slog.Logger) {
	var api net.Addr
	for range n {
		select {
		case <-ctx.Done():
			return
		case b := <-bound:
			if b.name == "api" {
				api = b.addr
			}
		}
	}
	s.ready(log, api)
	s.watch(ctx, api, log)
	<-ctx.Done()
	_ = s.notify("STOPPING=1")
}

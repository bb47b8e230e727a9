package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// shortTimeouts serves h with NewHTTPServer, the http.Server that Run and
// Start use, with its read timeouts cut to fit a test: the production
// values (ReadHeaderTimeout 5 s, ReadTimeout 10 s) are checked by
// TestHTTPServerLimits; this checks that they end a slow client.
func shortTimeouts(t *testing.T, h http.Handler, header, read time.Duration) string {
	t.Helper()
	srv := NewHTTPServer(h, nil)
	srv.ReadHeaderTimeout, srv.ReadTimeout = header, read
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln) //nolint:errcheck // ErrServerClosed at cleanup
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// Slowloris: header bytes trickling in, or none at all, do not hold a
// connection past ReadHeaderTimeout: the server answers or closes it
// before the client's own deadline (wireTimeout, 10× the timeout), which
// readAnswer fails on. How soon is not asserted: a wall-clock bound
// fails at random on a loaded machine.
func TestSlowHeadersAreCutOff(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		const timeout = 300 * time.Millisecond
		addr := shortTimeouts(t, newBackendHandler(t, open, Config{}), timeout, time.Second)
		for name, trickle := range map[string]string{
			"trickled header": "GET /v2/sources HTTP/1.1\r\nHost: x\r\n" + authHeader + "\r\nX-Slow: " + strings.Repeat("z", 1000),
			"silent":          "",
		} {
			c := dial(t, addr)
			start := time.Now()
			closed := false
			for i := 0; i < len(trickle) && !closed; i++ {
				_, err := c.Write([]byte{trickle[i]})
				closed = err != nil
				time.Sleep(20 * time.Millisecond)
				closed = closed || time.Since(start) > wireTimeout // stop trickling once the client gives up
			}
			wantClean(t, name, readAnswer(t, bufio.NewReader(c)))
		}
	})
}

// A body on a GET is read and ignored; one promised but never sent is
// given up on at ReadTimeout, with the answer still sent (before the
// client's own deadline, wireTimeout: exchange fails on a hang).
func TestBodyOnGet(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		const readTimeout = 400 * time.Millisecond
		addr := shortTimeouts(t, newBackendHandler(t, open, Config{}), time.Second, readTimeout)
		c := dial(t, addr)
		br := bufio.NewReader(c)
		c.Write([]byte(request("/v2/sources", authHeader, "Content-Length: 5") + "hello" + request("/v2/sources", authHeader)))
		for i := range 2 {
			if a := readAnswer(t, br); a.status != http.StatusOK {
				t.Fatalf("request %d on the connection: status %d: %.200s", i+1, a.status, a.body)
			}
		}
		for name, raw := range map[string]string{
			"short body":    request("/v2/sources", authHeader, "Content-Length: 100") + "hello",
			"huge body":     request("/v2/sources", authHeader, "Content-Length: 10000000000") + "hello",
			"bad chunking":  request("/v2/sources", authHeader, "Transfer-Encoding: chunked") + "zz\r\nhello\r\n",
			"bad length":    request("/v2/sources", authHeader, "Content-Length: -1"),
			"two lengths":   request("/v2/sources", authHeader, "Content-Length: 1", "Content-Length: 2") + "ab",
			"TE and length": request("/v2/sources", authHeader, "Content-Length: 3", "Transfer-Encoding: chunked") + "0\r\n\r\n",
		} {
			a := exchange(t, addr, raw)
			if a.status >= 500 || (a.status == 0 && !a.closed) {
				t.Errorf("%s: status %d: %.200s", name, a.status, a.body)
			}
		}
	})
}

func TestMissingHost(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		// HTTP/1.0 needs no Host: served, then closed (no keep-alive asked).
		a := exchange(t, addr, "GET /v2/sources HTTP/1.0\r\n"+authHeader+"\r\n\r\n")
		if a.status != http.StatusOK || !strings.Contains(a.body, `"status":"ok"`) || !a.closed {
			t.Fatalf("HTTP/1.0 without Host: status %d closed %v: %.200s", a.status, a.closed, a.body)
		}
		// HTTP/1.1 requires one.
		a = exchange(t, addr, "GET /v2/sources HTTP/1.1\r\n"+authHeader+"\r\n\r\n")
		if a.status != http.StatusBadRequest {
			t.Fatalf("HTTP/1.1 without Host: status %d: %.200s", a.status, a.body)
		}
		wantClean(t, "garbage request line", exchange(t, addr, "HELLO\r\n\r\n"))
		// An unknown protocol version gets net/http's 505 HTTP Version Not
		// Supported, the one 5xx that is the client's doing, then a close.
		if a := exchange(t, addr, "GET /v2/sources HTTP/9.9\r\nHost: x\r\n\r\n"); a.status != http.StatusHTTPVersionNotSupported || !a.closed {
			t.Fatalf("HTTP/9.9: status %d closed %v", a.status, a.closed)
		}
	})
}

// Pipelined requests are answered in order on the one connection.
func TestPipelinedRequests(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		c := dial(t, addr)
		c.Write([]byte(request("/v2/sources", authHeader) +
			request("/v2/latest-headlines?pageSize=0", authHeader) +
			request("/v2/articles?q=climate", authHeader) +
			request("/v2/sources?country=de", authHeader, "Connection: close")))
		br := bufio.NewReader(c)
		want := []struct {
			status int
			has    string
		}{{200, `"sources"`}, {400, "pageSize cannot be zero"}, {200, "Climate summit opens"}, {200, "Der Spiegel"}}
		for i, w := range want {
			a := readAnswer(t, br)
			if a.status != w.status || !strings.Contains(a.body, w.has) {
				t.Fatalf("answer %d: status %d, want %d with %q: %.200s", i+1, a.status, w.status, w.has, a.body)
			}
		}
		if n, err := br.ReadByte(); err == nil {
			t.Fatalf("byte %q after the last answer; Connection: close should end it", n)
		}
	})
}

// During a graceful stop: the request in flight is answered in full, an
// idle kept-alive connection is closed, new connections are refused.
func TestRequestsAfterShutdownStarts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		entered, release := make(chan struct{}), make(chan struct{})
		h := newBackendHandler(t, open, Config{})
		gated := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("gate") == "1" {
				close(entered)
				<-release
			}
			h.ServeHTTP(w, r)
		})
		base, stop, err := Start(context.Background(), "", gated)
		if err != nil {
			t.Fatal(err)
		}
		addr := strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/v2")
		idle := dial(t, addr)
		idleReader := bufio.NewReader(idle)
		idle.Write([]byte(request("/v2/sources", authHeader)))
		if a := readAnswer(t, idleReader); a.status != http.StatusOK {
			t.Fatalf("warm-up: %d", a.status)
		}
		busy := dial(t, addr)
		busy.Write([]byte(request("/v2/sources?gate=1&country=de", authHeader)))
		<-entered
		stopped := make(chan error, 1)
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), wireTimeout)
			defer cancel()
			stopped <- stop(ctx)
		}()
		waitRefused(t, addr)
		if _, err := idleReader.ReadByte(); !errors.Is(err, io.EOF) && !errors.Is(err, syscall.ECONNRESET) {
			t.Fatalf("idle connection during shutdown: %v, want it closed", err)
		}
		close(release)
		a := readAnswer(t, bufio.NewReader(busy))
		if a.status != http.StatusOK || !strings.Contains(a.body, "Der Spiegel") || !a.closed {
			t.Fatalf("request in flight at shutdown: status %d closed %v: %.200s", a.status, a.closed, a.body)
		}
		if err := <-stopped; err != nil {
			t.Fatalf("graceful stop: %v", err)
		}
	})
}

// waitRefused waits until a new connection to addr is refused.
func waitRefused(t *testing.T, addr string) {
	t.Helper()
	deadline := time.Now().Add(wireTimeout)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if errors.Is(err, syscall.ECONNREFUSED) {
			return
		}
		if err == nil {
			c.Close()
		}
		if time.Now().After(deadline) {
			t.Fatalf("new connections still accepted %v after the stop began (last: %v)", wireTimeout, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

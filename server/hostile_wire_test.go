package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// wireTimeout bounds every hostile exchange: an answer or a closed
// connection must come well within it, or the server hung.
const wireTimeout = 3 * time.Second

// liveServer runs h behind Start, the production server setup, on a
// loopback port and returns its host:port.
func liveServer(t *testing.T, h http.Handler) string {
	t.Helper()
	base, stop, err := Start(context.Background(), "", h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		stop(ctx)
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// wireAnswer is what came back on a raw connection.
type wireAnswer struct {
	status int    // 0 when the connection closed without a response
	ctype  string // Content-Type
	body   string
	closed bool // the connection was closed (after any response)
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, wireTimeout)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(wireTimeout))
	return c
}

// exchange writes raw bytes and reads one response. A write the server
// cuts short (it may answer and close before reading it all) is fine; a
// read that times out is the hang this file exists to catch.
func exchange(t *testing.T, addr, raw string) wireAnswer {
	t.Helper()
	c := dial(t, addr)
	c.Write([]byte(raw)) //nolint:errcheck // see above
	return readAnswer(t, bufio.NewReader(c))
}

func readAnswer(t *testing.T, br *bufio.Reader) wireAnswer {
	t.Helper()
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		failOnHang(t, err)
		return wireAnswer{closed: true}
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		failOnHang(t, err)
		t.Fatalf("status %d with a body cut short: %v", resp.StatusCode, err)
	}
	return wireAnswer{status: resp.StatusCode, ctype: resp.Header.Get("Content-Type"), body: string(body), closed: resp.Close}
}

func failOnHang(t *testing.T, err error) {
	t.Helper()
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("no answer and no close within %v: the server hung", wireTimeout)
	}
}

// wantClean checks the promise for hostile input: a 4xx (JSON when our
// handler wrote it) or a closed connection; never a 5xx.
func wantClean(t *testing.T, what string, a wireAnswer) {
	t.Helper()
	switch {
	case a.status == 0 && a.closed:
	case a.status >= 400 && a.status < 500:
	default:
		t.Fatalf("%s: status %d, want a 4xx or a closed connection: %.200s", what, a.status, a.body)
	}
}

func request(target string, headers ...string) string {
	var b strings.Builder
	b.WriteString("GET " + target + " HTTP/1.1\r\nHost: tidings.test\r\n")
	for _, h := range headers {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("\r\n")
	return b.String()
}

const authHeader = "Authorization: Bearer " + testKey

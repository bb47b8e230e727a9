package redislimit

import (
	"context"
	"crypto/tls"
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/internal/redistest"
)

// tlsInFront is a TLS listener on loopback that hands each connection's
// plaintext to srv's unix socket, as a TLS-terminating proxy (or Redis
// built with TLS) would. Its certificate is httptest's, for 127.0.0.1,
// signed by a CA the system does not trust.
func tlsInFront(t *testing.T, srv *redistest.Server) string {
	t.Helper()
	h := httptest.NewUnstartedServer(nil)
	h.StartTLS()
	cert := h.TLS.Certificates[0]
	h.Close()
	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{Certificates: []tls.Certificate{cert}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { pipe(c, srv.Socket()) })
		}
	})
	return ln.Addr().String()
}

func pipe(c net.Conn, socket string) {
	defer c.Close()
	r, err := net.Dial("unix", socket)
	if err != nil {
		return
	}
	defer r.Close()
	done := make(chan struct{})
	go func() { io.Copy(r, c); r.Close(); close(done) }()
	io.Copy(c, r)
	c.Close()
	<-done
}

func TestRedissSpeaksTLSAndChecksTheCertificate(t *testing.T) {
	srv := redistest.Start(t)
	addr := tlsInFront(t, srv)
	ctx := context.Background()

	l := openT(t, "rediss://"+addr+"/0?skip_verify=true", Options{PerMinute: 5, Timeout: testTimeout})
	if d, err := l.Allow(ctx, "k", time.Time{}); err != nil || !d.Allowed || d.Remaining != 4 {
		t.Fatalf("over TLS: %+v %v", d, err)
	}
	if err := l.Ping(ctx); err != nil {
		t.Fatalf("Ping over TLS: %v", err)
	}

	strict := openT(t, "rediss://"+addr+"/0", Options{PerMinute: 5, Timeout: testTimeout})
	_, err := strict.Allow(ctx, "k", time.Time{})
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("a certificate from an unknown authority was accepted: %v", err)
	}
}

func TestATLSHandshakeThatNeverEndsIsBounded(t *testing.T) {
	addr := silentRedis(t) // accepts, never answers the ClientHello
	l := openT(t, "rediss://"+addr, Options{PerMinute: 5, Timeout: 50 * time.Millisecond})
	_, err := l.Allow(context.Background(), "k", time.Time{})
	if err == nil || !strings.Contains(err.Error(), "did not answer within 50ms") {
		t.Fatalf("err = %v, want the limiter's deadline", err)
	}
}

func TestAFullPoolMakesCallsWaitNoLongerThanTheTimeout(t *testing.T) {
	srv := redistest.Start(t)
	l := openT(t, srv.URL()+"?pool_size=1", Options{PerMinute: 5, Timeout: 50 * time.Millisecond})
	held, err := l.get(context.Background()) // the pool's only connection, busy
	if err != nil {
		t.Fatal(err)
	}
	_, err = l.Allow(context.Background(), "k", time.Time{})
	if err == nil || !strings.Contains(err.Error(), "did not answer within 50ms") {
		t.Fatalf("err = %v, want the limiter's deadline while waiting for a connection", err)
	}
	held.Close()
	if d, err := l.Allow(context.Background(), "k", time.Time{}); err != nil || !d.Allowed {
		t.Fatalf("the connection is free again: %+v %v", d, err)
	}
}

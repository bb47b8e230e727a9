package redislimit

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gomodule/redigo/redis"

	"tidings/internal/redistest"
	"tidings/server"
)

// testTimeout replaces the 100 ms default where a test is about admission,
// not deadlines: under the race detector a cold burst of connections takes
// over 100 ms to set up on a 2-core machine (15 ms without it).
const testTimeout = 5 * time.Second

func TestMain(m *testing.M) {
	// Every failed dial is logged; the outage tests cause hundreds. LogTo
	// routes them to Debug, dropped here.
	LogTo(slog.New(slog.DiscardHandler))
	os.Exit(m.Run())
}

func TestLogToSendsDialFailuresToDebug(t *testing.T) {
	var buf bytes.Buffer
	LogTo(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { LogTo(slog.New(slog.DiscardHandler)) })
	dir := t.TempDir()
	l := openT(t, "unix://"+dir+"/absent.sock", Options{PerMinute: 1, Timeout: testTimeout})
	if _, err := l.Allow(context.Background(), "k", time.Time{}); err == nil {
		t.Fatal("admitted with no Redis")
	}
	if out := buf.String(); !strings.Contains(out, "level=DEBUG") || !strings.Contains(out, "absent.sock") {
		t.Fatalf("the failed dial did not reach the slog logger at Debug: %q", out)
	}
}

func openT(t testing.TB, url string, o Options) *Limiter {
	t.Helper()
	l, err := Open(url, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// inspect is a plain client on srv, to look at what the limiter stored.
func inspect(t *testing.T, srv *redistest.Server) redis.Conn {
	t.Helper()
	rdb, err := redis.Dial("unix", srv.Socket())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

func TestConcurrentBurstAdmitsExactlyN(t *testing.T) {
	const n = 4 // one request back every 15 s: the burst ends long before
	srv := redistest.Start(t)
	l := openT(t, srv.URL(), Options{PerMinute: n, Timeout: testTimeout})
	ctx := context.Background()

	decs := make([]server.Decision, 3*n)
	var wg sync.WaitGroup
	for i := range decs {
		wg.Go(func() {
			d, err := l.Allow(ctx, "key-a", time.Time{})
			if err != nil {
				t.Error(err)
			}
			decs[i] = d
		})
	}
	wg.Wait()

	var remaining []int
	for _, d := range decs {
		if d.Limit != n {
			t.Fatalf("Limit %d, want %d", d.Limit, n)
		}
		if d.Allowed {
			remaining = append(remaining, d.Remaining)
			if d.RetryAfter != 0 {
				t.Errorf("an admitted request has RetryAfter %v", d.RetryAfter)
			}
			continue
		}
		if d.Remaining != 0 || d.RetryAfter <= 0 || d.RetryAfter > 15*time.Second || d.ResetAfter <= 45*time.Second || d.ResetAfter > time.Minute {
			t.Errorf("refused decision %+v: want Remaining 0, RetryAfter in (0, 15s], ResetAfter in (45s, 60s]", d)
		}
	}
	slices.Sort(remaining)
	if !slices.Equal(remaining, []int{0, 1, 2, 3}) {
		t.Fatalf("admitted %d with Remaining %v; want exactly %d, counting 3, 2, 1, 0", len(remaining), remaining, n)
	}

	d, err := l.Allow(ctx, "key-b", time.Time{})
	if err != nil || !d.Allowed || d.Remaining != n-1 || d.ResetAfter <= 14*time.Second || d.ResetAfter > 15*time.Second {
		t.Fatalf("another key has its own quota: %+v %v", d, err)
	}
}

func TestRefillsOneRequestPerInterval(t *testing.T) {
	const n = 60 // one back every second
	srv := redistest.Start(t)
	l := openT(t, srv.URL(), Options{PerMinute: n, Timeout: testTimeout})
	ctx := context.Background()
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if d, err := l.Allow(ctx, "k", time.Time{}); err != nil || !d.Allowed {
				t.Errorf("request of the first %d: %+v %v", n, d, err)
			}
		})
	}
	wg.Wait()
	d, err := l.Allow(ctx, "k", time.Time{})
	if err != nil || d.Allowed {
		t.Fatalf("after %d the key is spent: %+v %v", n, d, err)
	}
	if d.RetryAfter <= 0 || d.RetryAfter > time.Second {
		t.Fatalf("RetryAfter %v, want at most the 1 s interval", d.RetryAfter)
	}
	time.Sleep(d.RetryAfter + 20*time.Millisecond)
	if d, err := l.Allow(ctx, "k", time.Time{}); err != nil || !d.Allowed || d.Remaining != 0 {
		t.Fatalf("after RetryAfter one request is back: %+v %v", d, err)
	}
	if d, err := l.Allow(ctx, "k", time.Time{}); err != nil || d.Allowed {
		t.Fatalf("and only one: %+v %v", d, err)
	}
}

func TestRedisHoldsOnlyPrefixedDigestsThatExpire(t *testing.T) {
	srv := redistest.Start(t)
	rdb := inspect(t, srv)
	ctx := context.Background()
	const id = "9f86d081884c7d659a2feaa0c55ad015" // what the server passes: a digest
	openT(t, srv.URL(), Options{PerMinute: 6, Timeout: testTimeout}).Allow(ctx, id, time.Time{})
	openT(t, srv.URL(), Options{PerMinute: 6, Prefix: "staging:", Timeout: testTimeout}).Allow(ctx, id, time.Time{})

	keys, err := redis.Strings(rdb.Do("KEYS", "*"))
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	want := []string{"rate:staging:" + id, "rate:tidings:ratelimit:" + id}
	if !slices.Equal(keys, want) {
		t.Fatalf("keys %q, want %q", keys, want)
	}
	ttl, err := redis.Int(rdb.Do("TTL", want[1]))
	if err != nil || ttl <= 0 || ttl > 10 {
		t.Fatalf("one request of 6/min is forgotten within 10 s, TTL %v %v", ttl, err)
	}
	if _, err := openT(t, srv.URL(), Options{PerMinute: 6, Timeout: testTimeout}).Allow(ctx, "", time.Time{}); err == nil {
		t.Fatal("an empty key id must be refused")
	}
}

func TestRedisDownThenBackWithoutReopening(t *testing.T) {
	srv := redistest.Start(t)
	l := openT(t, srv.URL(), Options{PerMinute: 2, Timeout: testTimeout})
	ctx := context.Background()
	for range 2 {
		if d, err := l.Allow(ctx, "k", time.Time{}); err != nil || !d.Allowed {
			t.Fatalf("%+v %v", d, err)
		}
	}
	if err := l.Ping(ctx); err != nil {
		t.Fatal(err)
	}

	srv.Stop()
	for i := range 3 { // pooled connections are dead, new ones refused
		_, err := l.Allow(ctx, "k", time.Time{})
		if err == nil || !strings.Contains(err.Error(), "Redis at unix://"+srv.Socket()) {
			t.Fatalf("attempt %d with Redis down: %v; want an error naming Redis", i, err)
		}
	}
	if err := l.Ping(ctx); err == nil {
		t.Fatal("Ping succeeds with Redis down")
	}

	srv.Start() // empty: the spent quota is forgotten
	d, err := l.Allow(ctx, "k", time.Time{})
	if err != nil || !d.Allowed || d.Remaining != 1 {
		t.Fatalf("Redis back, same Limiter: %+v %v", d, err)
	}
	if err := l.Ping(ctx); err != nil {
		t.Fatalf("Ping after Redis is back: %v", err)
	}
}

// silentRedis accepts connections and never answers: a hung Redis, or
// one behind a black-holed route.
func silentRedis(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String()
}

func TestSlowRedisDoesNotStallRequests(t *testing.T) {
	addr := silentRedis(t)
	const timeout = 50 * time.Millisecond
	l := openT(t, "redis://tidings:"+secret+"@"+addr+"/0", Options{PerMinute: 10, Timeout: timeout})
	for _, op := range []struct {
		name string
		call func() error
	}{
		{"Allow", func() error { _, err := l.Allow(context.Background(), "k", time.Time{}); return err }},
		{"Ping", func() error { return l.Ping(context.Background()) }},
	} {
		start := time.Now()
		err := op.call()
		took := time.Since(start)
		t.Logf("%s gave up after %v", op.name, took)
		if err == nil {
			t.Fatalf("%s: a silent Redis admitted a request", op.name)
		}
		// The message proves the limiter's own deadline ended the call
		// (wrap words only context.DeadlineExceeded so, and the caller
		// set none), not go-redis's default of seconds (3 s reads, 3
		// retries); how long it took is logged, not asserted.
		msg := err.Error()
		if !strings.Contains(msg, "did not answer within 50ms") || !strings.Contains(msg, "redis://"+addr+"/0") {
			t.Errorf("%s: %q should say Redis at %s did not answer within the timeout", op.name, msg, addr)
		}
		if strings.Contains(msg, secret) {
			t.Errorf("%s: error leaks the password: %q", op.name, msg)
		}
	}
}

func TestCallerCancellationIsHonoured(t *testing.T) {
	addr := silentRedis(t)
	// The limiter's own timeout is an hour: only the caller's 30 ms
	// deadline can end this call (one that waited would hit go test's
	// -timeout), so no wall-clock bound is asserted.
	l := openT(t, "redis://"+addr, Options{PerMinute: 10, Timeout: time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := l.Allow(ctx, "k", time.Time{})
	if err == nil {
		t.Fatal("admitted without an answer")
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the caller's deadline", err)
	}
}

func TestWrongPasswordFailsWithoutLeakingIt(t *testing.T) {
	srv := redistest.Start(t)
	l := openT(t, "unix://someone:"+secret+"@"+srv.Socket(), Options{PerMinute: 10, Timeout: testTimeout})
	_, err := l.Allow(context.Background(), "k", time.Time{})
	if err == nil {
		t.Fatal("a user Redis does not know was admitted")
	}
	if strings.Contains(err.Error(), secret) {
		t.Fatalf("error leaks the password: %q", err)
	}
}

func TestFreshKeyReportsAllButOneRemainingAtAnyRate(t *testing.T) {
	// 60/N s is not a whole number of seconds for these rates: the GCRA
	// arithmetic in floating point must not round a fresh key's
	// Remaining down to N-2 (RateLimit-Remaining would say 98 of 100
	// after the first request, where the in-process limiter says 99).
	srv := redistest.Start(t)
	ctx := context.Background()
	for _, n := range []int{7, 9, 13, 100, 117} {
		l := openT(t, srv.URL(), Options{PerMinute: n, Prefix: "fresh:" + strconv.Itoa(n) + ":", Timeout: testTimeout})
		d, err := l.Allow(ctx, "k", time.Time{})
		if err != nil || !d.Allowed || d.Remaining != n-1 {
			t.Errorf("%d per minute, first request: %+v %v; want admitted with %d remaining", n, d, err, n-1)
		}
	}
}

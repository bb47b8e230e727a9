package server

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// clock is a settable time source for the limiter.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

func TestRateLimitConcurrentBurstAdmitsExactlyN(t *testing.T) {
	const n, m = 7, 40
	clk := &clock{now: base}
	h := newTestHandler(t, Config{RateLimit: n, Now: clk.Now})
	var ok, limited atomic.Int32
	var wg sync.WaitGroup
	for range m {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := httptest.NewRequest("GET", "/v2/sources", nil)
			req.Header.Set("Authorization", "Bearer "+testKey)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			switch rec.Code {
			case 200:
				ok.Add(1)
			case 429:
				limited.Add(1)
			default:
				t.Errorf("status %d", rec.Code)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != n || limited.Load() != m-n {
		t.Fatalf("admitted %d, limited %d; want %d and %d", ok.Load(), limited.Load(), n, m-n)
	}
}

func TestRateLimitRetryAfterAndRefill(t *testing.T) {
	clk := &clock{now: base}
	h := newTestHandler(t, Config{RateLimit: 2, Now: clk.Now})
	get(t, h, "/v2/sources")
	get(t, h, "/v2/sources")
	r := get(t, h, "/v2/sources")
	wantError(t, r, 429, CodeTooManyRequests, "2 requests per minute")
	if r.header.Get("Retry-After") != "30" { // one token per 30 s
		t.Fatalf("Retry-After %q, want 30", r.header.Get("Retry-After"))
	}
	clk.Advance(29*time.Second + 500*time.Millisecond)
	r = get(t, h, "/v2/sources")
	if r.status != 429 || r.header.Get("Retry-After") != "1" {
		t.Fatalf("0.5 s left must round up to 1: %d %q", r.status, r.header.Get("Retry-After"))
	}
	clk.Advance(time.Second)
	if r := get(t, h, "/v2/sources"); r.status != 200 {
		t.Fatalf("after refill: %s", r.raw)
	}
	// Invalid requests still count: the key spent its token above.
	if r := get(t, h, "/v2/sources?pageSize=0"); r.status != 429 {
		t.Fatalf("limit applies before parameter checks: %d", r.status)
	}
}

func TestRateLimitKeysIndependentAndAuthFirst(t *testing.T) {
	clk := &clock{now: base}
	h := newTestHandler(t, Config{APIKeys: []string{testKey, "other"}, RateLimit: 1, Now: clk.Now})
	if r := get(t, h, "/v2/sources"); r.status != 200 {
		t.Fatal(r.raw)
	}
	if r := get(t, h, "/v2/sources"); r.status != 429 {
		t.Fatal(r.raw)
	}
	if r := get(t, h, "/v2/sources", "Bearer other"); r.status != 200 {
		t.Fatalf("another key has its own budget: %s", r.raw)
	}
	for range 5 {
		if r := get(t, h, "/v2/sources", "Bearer nope"); r.status != 401 {
			t.Fatalf("bad keys are refused, not limited: %s", r.raw)
		}
	}
}

func TestLimiterIdleExpiry(t *testing.T) {
	l := newKeyLimiter(3)
	l.allow("k0", base)
	l.allow("k1", base.Add(30*time.Second))
	if l.size() != 2 {
		t.Fatalf("size %d", l.size())
	}
	l.allow("k2", base.Add(70*time.Second)) // key 0 idle 70 s: dropped; key 1 idle 40 s: kept
	if l.size() != 2 {
		t.Fatalf("after sweep size %d, want 2", l.size())
	}
	l.allow("k2", base.Add(200*time.Second))
	if l.size() != 1 {
		t.Fatalf("only the active key remains: %d", l.size())
	}
}

func TestRetryAfterSeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{0: 1, time.Nanosecond: 1, time.Second: 1, 1001 * time.Millisecond: 2, 59 * time.Second: 59} {
		if got := retryAfterSeconds(d); got != want {
			t.Errorf("%v: %d want %d", d, got, want)
		}
	}
}

func TestUnlimitedByDefault(t *testing.T) {
	h := newTestHandler(t, Config{})
	for i := range 50 {
		if r := get(t, h, "/v2/sources?page="+strconv.Itoa(i+1)); r.status != http.StatusOK {
			t.Fatalf("request %d: %s", i, r.raw)
		}
	}
	if _, err := New(fixtureStore(t), Config{APIKeys: []string{"k"}, RateLimit: -1}); err == nil {
		t.Fatal("negative limit must be refused")
	}
}

// A limit of one says "1 request per minute", in both dialects.
func TestRateLimitOfOneIsSaidInTheSingular(t *testing.T) {
	clk := &clock{now: base}
	h := newTestHandler(t, Config{RateLimit: 1, Now: clk.Now})
	get(t, h, "/v2/sources")
	wantError(t, get(t, h, "/v2/sources"), 429, CodeTooManyRequests, "rate limit of 1 request per minute exceeded")
}

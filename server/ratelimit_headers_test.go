package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// rl is the RateLimit header fields of a response, "" where absent.
type rl struct{ limit, remaining, reset, policy string }

func rateLimitOf(h http.Header) rl {
	return rl{h.Get("RateLimit-Limit"), h.Get("RateLimit-Remaining"), h.Get("RateLimit-Reset"), h.Get("RateLimit-Policy")}
}

func wantRL(t *testing.T, step string, r response, status int, limit, remaining, reset int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d: %s", step, r.status, status, r.raw)
	}
	want := rl{strconv.Itoa(limit), strconv.Itoa(remaining), strconv.Itoa(reset), strconv.Itoa(limit) + ";w=60"}
	if got := rateLimitOf(r.header); got != want {
		t.Fatalf("%s: RateLimit headers %+v, want %+v", step, got, want)
	}
}

func TestRateLimitHeadersCountDownAndReset(t *testing.T) {
	clk := &clock{now: base}
	h := newTestHandler(t, Config{RateLimit: 3, Now: clk.Now}) // one request back every 20 s
	// The same query three times: the 2nd and 3rd bodies come from the
	// cache, yet each response carries its own count.
	first := get(t, h, "/v2/sources")
	wantRL(t, "1st", first, 200, 3, 2, 20)
	second := get(t, h, "/v2/sources")
	wantRL(t, "2nd (cached body)", second, 200, 3, 1, 40)
	if second.raw != first.raw {
		t.Fatal("the cached body differs from the first")
	}
	wantRL(t, "3rd", get(t, h, "/v2/sources"), 200, 3, 0, 60)

	over := get(t, h, "/v2/sources")
	wantRL(t, "refused", over, 429, 3, 0, 60)
	if over.header.Get("Retry-After") != "20" {
		t.Fatalf("429 keeps Retry-After: %q, want 20", over.header.Get("Retry-After"))
	}

	clk.Advance(10 * time.Second)
	wantRL(t, "refused 10 s later", get(t, h, "/v2/sources"), 429, 3, 0, 50)
	clk.Advance(10 * time.Second)
	wantRL(t, "one back after 20 s", get(t, h, "/v2/sources"), 200, 3, 0, 60)

	clk.Advance(time.Minute) // the whole quota is back
	wantRL(t, "after a full minute", get(t, h, "/v2/sources"), 200, 3, 2, 20)
}

func TestRateLimitHeadersOnEveryKeyedResponse(t *testing.T) {
	clk := &clock{now: base}
	h := newTestHandler(t, Config{APIKeys: []string{testKey, "other"}, RateLimit: 5, Now: clk.Now})
	wantRL(t, "spec path", get(t, h, "/v2/sources"), 200, 5, 4, 12)
	wantRL(t, "bad parameter", get(t, h, "/v2/sources?pageSize=0"), 400, 5, 3, 24)
	wantRL(t, "HEAD", do(t, h, http.MethodHead, "/v2/sources"), 200, 5, 2, 36)
	wantRL(t, "NewsAPI path, X-Api-Key", getWithHeader(t, h, "/v2/top-headlines/sources", "X-Api-Key", testKey), 200, 5, 1, 48)
	wantRL(t, "another key counts alone", get(t, h, "/v2/sources", "Bearer other"), 200, 5, 4, 12)

	for _, c := range []struct{ name, auth string }{{"no key", ""}, {"unknown key", "Bearer nope"}} {
		r := get(t, h, "/v2/sources", c.auth)
		if r.status != 401 || rateLimitOf(r.header) != (rl{}) {
			t.Errorf("%s: %d with RateLimit headers %+v; a refused key has no quota to report", c.name, r.status, rateLimitOf(r.header))
		}
	}
	r := do(t, h, http.MethodPost, "/v2/sources")
	if r.status != 405 || rateLimitOf(r.header) != (rl{}) {
		t.Errorf("405 is answered before auth, so without RateLimit headers: %d %+v", r.status, rateLimitOf(r.header))
	}
}

func TestNoRateLimitHeadersWhenUnlimited(t *testing.T) {
	h := newTestHandler(t, Config{})
	if r := get(t, h, "/v2/sources"); r.status != 200 || rateLimitOf(r.header) != (rl{}) {
		t.Fatalf("no limit, no RateLimit headers: %d %+v", r.status, rateLimitOf(r.header))
	}
}

// failingLimiter is a limiter whose store is down.
type failingLimiter struct{}

func (failingLimiter) Allow(context.Context, string, time.Time) (Decision, error) {
	return Decision{}, errors.New("dial unix /run/redis.sock: connect: no such file or directory")
}
func (failingLimiter) PerMinute() int { return 10 }

func TestLimiterDownIs503WithoutRateLimitHeaders(t *testing.T) {
	h := newTestHandler(t, Config{Limiter: failingLimiter{}})
	r := get(t, h, "/v2/sources")
	wantError(t, r, 503, CodeUnavailable, "rate limiter is unavailable")
	if r.header.Get("Retry-After") != "1" {
		t.Fatalf("Retry-After %q, want 1", r.header.Get("Retry-After"))
	}
	if got := rateLimitOf(r.header); got != (rl{}) {
		t.Fatalf("no quota is known while the limiter is down, yet headers say %+v", got)
	}
}

// limitOnlyFromPerMinute is a limiter that leaves Decision.Limit unset.
type limitOnlyFromPerMinute struct{}

func (limitOnlyFromPerMinute) Allow(context.Context, string, time.Time) (Decision, error) {
	return Decision{Allowed: false, Remaining: -3, RetryAfter: 1500 * time.Millisecond, ResetAfter: 90 * time.Second}, nil
}
func (limitOnlyFromPerMinute) PerMinute() int { return 40 }

func TestRateLimitHeadersFallBackToPerMinute(t *testing.T) {
	h := newTestHandler(t, Config{Limiter: limitOnlyFromPerMinute{}})
	r := get(t, h, "/v2/sources")
	wantError(t, r, 429, CodeTooManyRequests, "40 requests per minute")
	wantRL(t, "refused", r, 429, 40, 0, 90)
	if r.header.Get("Retry-After") != "2" {
		t.Fatalf("Retry-After %q, want 2 (1.5 s rounded up)", r.header.Get("Retry-After"))
	}
}

func TestResetSeconds(t *testing.T) {
	for d, want := range map[time.Duration]int{-time.Second: 0, 0: 0, time.Nanosecond: 1, time.Second: 1, 1001 * time.Millisecond: 2, time.Minute: 60} {
		if got := resetSeconds(d); got != want {
			t.Errorf("%v: %d want %d", d, got, want)
		}
	}
}

func getWithHeader(t *testing.T, h http.Handler, target, name, value string) response {
	t.Helper()
	return do(t, wrapHeader(h, name, value), http.MethodGet, target, "")
}

// wrapHeader sets one request header before h sees the request.
func wrapHeader(h http.Handler, name, value string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set(name, value)
		h.ServeHTTP(w, r)
	})
}

// A revalidation answered 304 from the cache still spends a request and
// says so: the RateLimit headers are this request's, not the cached body's.
func TestRateLimitHeadersOnNotModified(t *testing.T) {
	clk := &clock{now: base}
	h := newTestHandler(t, Config{RateLimit: 4, Now: clk.Now})
	first := get(t, h, "/v2/sources")
	etag := first.header.Get("ETag")
	if etag == "" {
		t.Fatal("lists carry an ETag (httpcache.go); without one this test has nothing to revalidate")
	}
	req := httptest.NewRequest(http.MethodGet, "/v2/sources", nil)
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Fatalf("revalidation: %d, want 304", rec.Code)
	}
	want := rl{"4", "2", "30", "4;w=60"}
	if got := rateLimitOf(rec.Header()); got != want {
		t.Fatalf("304 RateLimit headers %+v, want %+v", got, want)
	}
}
